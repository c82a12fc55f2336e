package diamant

import (
	"fmt"
	"math"
	"math/bits"
)

// A voter decides one seat's vote from its view; rng is the seat's own random source.
type voter struct {
	name  string
	leave func(v *View, r *rng) bool
}

// The baselines, as published simulations describe them.
var baselines = []voter{
	{"leave at 10 carried", func(v *View, _ *rng) bool { return v.Hand[v.Seat] >= 10 }},
	{"leave after 6 cards", func(v *View, _ *rng) bool { return v.Drawn >= 6 }},
	{"leave after the first hazard", func(v *View, _ *rng) bool { return v.Seen != 0 }},
	{"leave after the second hazard", func(v *View, _ *rng) bool { return bits.OnesCount32(v.Seen) >= 2 }},
	{"leave 10% of the time", func(_ *View, r *rng) bool { return r.below(10) == 0 }},
}

// explorerVoter is a level's explorer as a voter, with its seed.
func explorerVoter(l Level, seed uint64) voter {
	e := Explorer{Level: l, Seed: seed}
	return voter{string(l), func(v *View, _ *rng) bool { return e.Leaves(v) }}
}

// playGame plays one game of seats (one voter a seat) with random draws from seed, every
// voter deciding from its own view, and gives each seat's share of the win (ties split).
func playGame(seats []voter, seed uint64) []float64 {
	w, _ := playGameScores(seats, seed)
	return w
}

// playGameScores is playGame that also gives each seat's score.
func playGameScores(seats []voter, seed uint64) ([]float64, []int) {
	names := []string{"A", "B", "C", "D", "E", "F", "G", "H"}[:len(seats)]
	s, err := New(Setup{Players: names, Seed: seed})
	if err != nil {
		panic(err)
	}
	r := rng(seed * 31)
	var buf [64]Event
	for !s.Finished() {
		if _, err := s.Step(DrawRandom(), buf[:0]); err != nil {
			panic(err)
		}
		if !s.VoteDue() {
			continue
		}
		var leavers Seats
		for i := range seats {
			if s.inCave.Has(i) {
				v := s.ViewOf(i, false)
				if seats[i].leave(&v, &r) {
					leavers |= 1 << uint(i)
				}
			}
		}
		if _, err := s.Step(Exits(leavers), buf[:0]); err != nil {
			panic(err)
		}
	}
	w, _ := s.Winners()
	out := make([]float64, len(seats))
	scores := make([]int, len(seats))
	for i := range seats {
		if w.Has(i) {
			out[i] = 1 / float64(w.Count())
		}
		scores[i] = s.Score(i)
	}
	return out, scores
}

// fieldResult is how often the subject of a field won, and how often it finished ahead of
// each voter of the pool it met there (ahead, by the pool's names).
type fieldResult struct {
	games int
	wins  float64
	ahead map[string]*fieldResult
}

func (f fieldResult) rate() float64 { return f.wins / float64(f.games) }

// interval is the 95% interval of the win rate (normal approximation; fractional wins
// have at most a Bernoulli's variance, so it errs wide).
func (f fieldResult) interval() (lo, hi float64) {
	p := f.rate()
	h := 1.96 * math.Sqrt(p*(1-p)/float64(f.games))
	return p - h, p + h
}

func (f fieldResult) String() string {
	lo, hi := f.interval()
	return fmt.Sprintf("%.1f%% [%.1f, %.1f] of %d games", 100*f.rate(), 100*lo, 100*hi, f.games)
}

// tournament plays games of players seats: the subject and players-1 of the pool. In game
// g the subject sits at seat g mod players and the others follow it in turn, taken from
// the pool in order from a start that moves on by one every players games: with the five
// baselines and 6 players every game has all five, with 3 players two of them, with 8
// players all five and three of them again.
//
// Against each voter of the pool, the result counts the subject's head-to-head share in
// the same mixed games (not a field of copies, where a lone leaver wins anything): of the
// times the two met, how often the subject scored more (a tie counts half). In 8-player
// games a voter met twice counts twice.
func tournament(subject voter, pool []voter, players, games int, seed uint64) fieldResult {
	res := fieldResult{games: games, ahead: map[string]*fieldResult{}}
	for _, p := range pool {
		res.ahead[p.name] = &fieldResult{}
	}
	seats := make([]voter, players)
	for g := 0; g < games; g++ {
		at := g % players
		seats[at] = subject
		for k := 0; k < players-1; k++ {
			seats[(at+1+k)%players] = pool[(k+g/players)%len(pool)]
		}
		wins, scores := playGameScores(seats, seed+uint64(g))
		res.wins += wins[at]
		for i, v := range seats {
			if i == at {
				continue
			}
			h := res.ahead[v.name]
			h.games++
			switch {
			case scores[at] > scores[i]:
				h.wins++
			case scores[at] == scores[i]:
				h.wins += 0.5
			}
		}
	}
	return res
}

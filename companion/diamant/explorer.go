package diamant

import (
	"fmt"
	"math"
	"slices"
)

// Level is a computer explorer's style and strength.
type Level string

// The levels, each a style a player can learn to read.
const (
	// Easy is cautious: it leaves once it would take home a modest amount, sooner once a
	// hazard has shown, and at once when a second hazard of a kind has become likely.
	Easy Level = "easy"
	// Normal is bold and rule-based: it goes on while the next card's expected gain, made
	// larger for the cards after it, outweighs the chance of losing what it would take
	// home now; it leaves at once to take a rich table or the idols alone.
	Normal Level = "normal"
	// Hard reads the deck: it plays out the rest of the round many times from the cards
	// still to come (never the next card itself), with the others leaving as explorers
	// commonly do, and compares taking home now with going on and leaving at the best of
	// several moments; behind in the last rounds it takes more risk, ahead less.
	Hard Level = "hard"
)

// Levels lists the levels, weakest first.
var Levels = []Level{Easy, Normal, Hard}

// ParseLevel reads a level's name.
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if string(l) == s {
			return l, nil
		}
	}
	return "", fmt.Errorf("diamant: unknown level %q (easy, normal or hard)", s)
}

// View is what one seat may know when it votes: the table as every player sees it, its
// own chest, the others' chests unless the table hides them, and the round's deck as it
// can be counted from the cards drawn and the hazards taken out. It holds no card still
// to come in order and no vote: the explorer cannot read the next card or another's vote.
type View struct {
	Seat    int
	Players int
	Round   int
	InCave  Seats
	// Hands are what each explorer carries in the cave this round (seen by all).
	Hand [MaxPlayers]int
	// Chest is each seat's chest; with ChestsHidden only the seat's own is filled in.
	Chest        [MaxPlayers]int
	ChestsHidden bool
	// IdolPoints are the points of the idols each seat has taken (seen by all).
	IdolPoints [MaxPlayers]int
	// Stays are the diamonds lying on each treasure card of the round, in order drawn.
	Stays  [maxTreasures]uint8
	NTable int
	// TableIdols are the points of the idols lying in the cave, for a lone leaver.
	TableIdols int
	// Deck counts the cards of each kind left in the round's deck; DeckLen is their sum.
	Deck    [numCards]uint8
	DeckLen int
	// Seen has bit c set when a hazard of kind c has been drawn this round.
	Seen uint32
	// Drawn counts the cards drawn this round.
	Drawn int
}

// ViewOf is what seat may know now; hidden hides the other seats' chests.
func (s *State) ViewOf(seat int, hidden bool) View {
	v := View{Seat: seat, Players: int(s.n), Round: int(s.round), InCave: s.inCave,
		ChestsHidden: hidden, NTable: int(s.nTable), Deck: s.deck, DeckLen: int(s.deckLen), Seen: s.seen,
		Drawn: int(s.drawn)}
	for i := 0; i < int(s.n); i++ {
		v.Hand[i] = int(s.hand[i])
		if !hidden || i == seat {
			v.Chest[i] = int(s.chest[i])
		}
		for _, c := range s.idols[i][:s.nIdolsOf[i]] {
			v.IdolPoints[i] += c.Value()
		}
	}
	for i, t := range s.table[:s.nTable] {
		v.Stays[i] = t.stays
	}
	for _, c := range s.tableIdols[:s.nIdols] {
		v.TableIdols += c.Value()
	}
	return v
}

// Risk is the chance that the next card ends the round: a second hazard of a kind seen.
func (v *View) Risk() float64 {
	if v.DeckLen == 0 {
		return 0
	}
	return float64(v.ending()) / float64(v.DeckLen)
}

// ending counts the cards left that would end the round.
func (v *View) ending() int {
	n := 0
	for _, h := range Hazards {
		if v.Seen&(1<<h) != 0 {
			n += int(v.Deck[h])
		}
	}
	return n
}

// Take is what the seat takes home when it leaves with others more leavers: its hand,
// its shares of what lies on the cards, and the idols when it leaves alone.
func (v *View) Take(others int) int {
	k := others + 1
	t := v.Hand[v.Seat]
	for _, st := range v.Stays[:v.NTable] {
		t += int(st) / k
	}
	if others == 0 {
		t += v.TableIdols
	}
	return t
}

// Explorer is a computer explorer. Its vote depends only on the view, its level and its
// seed, so a replayed game (an undo) gets the same votes.
type Explorer struct {
	Level Level
	Seed  uint64
}

// Leaves tells the explorer's vote in the view: true to leave, false to go on. A view
// with the seat out of the cave gives false.
func (e Explorer) Leaves(v *View) bool {
	if !v.InCave.Has(v.Seat) {
		return false
	}
	switch e.Level {
	case Easy:
		return easyLeaves(v)
	case Normal:
		return normalLeaves(v)
	default:
		return hardLeaves(v, e.Seed)
	}
}

// Suggest gives, for every explorer in the cave while a vote is due, whether an explorer
// of the level with seed 0 in that seat would leave, each from its own view: what the
// scenario files' "suggest" gives. ok is false when no vote is due.
func Suggest(s *State, l Level, hidden bool) (leavers, voters Seats, ok bool) {
	if !s.VoteDue() {
		return 0, 0, false
	}
	e := Explorer{Level: l}
	for i := 0; i < int(s.n); i++ {
		if !s.inCave.Has(i) {
			continue
		}
		v := s.ViewOf(i, hidden)
		if e.Leaves(&v) {
			leavers |= 1 << uint(i)
		}
	}
	return leavers, s.inCave, true
}

// easyLeaves: home with 8 or more (6 once a hazard has shown), or when the next card
// ends the round one time in ten or more.
func easyLeaves(v *View) bool {
	enough := 8
	if v.Seen != 0 {
		enough = 6
	}
	return v.Take(v.InCave.Count()-1) >= enough || v.Take(0) >= 2*enough || v.Risk() >= 0.1
}

// normalLeaves weighs the next card: it goes on while its expected share, counted
// twice and a half for the cards after it, outweighs the chance of losing what it would
// take home; and takes a lone leaver's haul of 10 or more at once.
func normalLeaves(v *View) bool {
	n := v.InCave.Count()
	if v.Take(0)-v.Hand[v.Seat] >= 10 && v.Take(0) >= 15 {
		return true
	}
	risk := v.Risk()
	take := float64(v.Take(n - 1))
	gain := 0.0
	for _, c := range Treasures {
		gain += float64(v.Deck[c]) * float64(c.Value()/n)
	}
	if v.DeckLen > 0 {
		gain /= float64(v.DeckLen)
	}
	return risk*take > 2.5*(1-risk)*gain
}

// Hard's look-ahead: rollouts of the rest of the round, and a guard for their loop (a
// round cannot be longer).
const (
	hardRollouts = 200
	hardMaxCards = 64
)

// hardPolicies are the ways hard may leave later, tried on every rollout: normal's rule
// with each of these boldnesses. Few, because the best of many noisy estimates flatters
// going on: twelve ways, thresholds among them, played worse.
var hardPolicies = [...]float64{1, 2, 3, 5}

// hardLeaves compares, over the same rollouts, the worth of leaving now with the worth
// of going on and leaving by the best of hardPolicies; worth is the chance to win that
// what it takes home gives (wins).
func hardLeaves(v *View, seed uint64) bool {
	r := rng(seed ^ v.key())
	var w wins
	w.fill(v)
	var leave float64
	var stay [len(hardPolicies)]float64
	var sim rollout
	for i := 0; i < hardRollouts; i++ {
		sim.start(v)
		m := sim.othersLeaving(&r)
		leave += w.of(sim.take(m+1, m == 0))
		sim.play(&w, m, &r, &stay)
	}
	return leave >= slices.Max(stay[:])
}

// key mixes the view into 64 bits, so that hard's rollouts differ between situations and
// are the same in the same one.
func (v *View) key() uint64 {
	h := uint64(v.Seat)<<56 ^ uint64(v.Round)<<48 ^ uint64(v.DeckLen)<<40 ^ uint64(v.InCave)<<32 ^ uint64(v.Seen)
	h ^= uint64(v.Hand[v.Seat])<<20 ^ uint64(v.TableIdols)<<12
	r := rng(h)
	return r.next()
}

// wins is, for each number of diamonds taken home this round, about the chance that it
// makes the seat win: the normal distribution's CDF of the seat's score after it less the
// best other score, with a spread of winsSpread diamonds for each round still to play,
// this one included (the others' gains, and the seat's own later ones). Early in the game
// it is nearly a straight line (the more the better); in the last rounds it rises where
// the seat passes the leader: behind, it takes more risk, ahead, less. With hidden chests
// the others count by their idols alone.
type wins [256]float64

const winsSpread = 12

func (w *wins) fill(v *View) {
	me, best := v.Chest[v.Seat]+v.IdolPoints[v.Seat], 0
	for i := 0; i < v.Players; i++ {
		if i != v.Seat {
			other := v.IdolPoints[i]
			if !v.ChestsHidden {
				other += v.Chest[i]
			}
			best = max(best, other)
		}
	}
	spread := winsSpread * math.Sqrt(float64(Rounds-v.Round+1)) * math.Sqrt2
	for x := range w {
		w[x] = 0.5 * math.Erfc(-float64(me+x-best)/spread)
	}
}

// of is the worth of taking home x.
func (w *wins) of(x int) float64 { return w[min(x, len(w)-1)] }

// rollout is one play of the rest of the round: the deck, the explorers in the cave, the
// diamonds on the cards and the idols, and the seat's hand.
type rollout struct {
	deck    [numCards]uint8
	deckLen int
	seen    uint32
	n       int // explorers in the cave, the seat among them
	hand    int
	stays   [maxTreasures]uint8
	nTable  int
	idols   int
	hazards int
}

func (r *rollout) start(v *View) {
	r.deck, r.deckLen, r.seen = v.Deck, v.DeckLen, v.Seen
	r.n, r.hand = v.InCave.Count(), v.Hand[v.Seat]
	r.stays, r.nTable, r.idols = v.Stays, v.NTable, v.TableIdols
	r.hazards = 0
	for _, h := range Hazards {
		if r.seen&(1<<h) != 0 {
			r.hazards++
		}
	}
}

// take is what the seat takes home leaving with k leavers in all.
func (r *rollout) take(k int, alone bool) int {
	t := r.hand
	for _, s := range r.stays[:r.nTable] {
		t += int(s) / k
	}
	if alone {
		t += r.idols
	}
	return t
}

// othersLeaving draws how many of the other explorers leave at this vote, as explorers
// commonly do: 15% of them at each vote, 5% more for each hazard shown.
func (r *rollout) othersLeaving(g *rng) int {
	limit := uint64((0.15 + 0.05*float64(r.hazards)) * (1 << 32))
	m := 0
	for i := 1; i < r.n; i++ {
		if g.next()>>32 < limit {
			m++
		}
	}
	return m
}

// share takes the leavers' shares off the cards, and the idols when one leaves alone.
func (r *rollout) share(k int) {
	if k == 0 {
		return
	}
	for i := range r.stays[:r.nTable] {
		r.stays[i] %= uint8(k)
	}
	if k == 1 {
		r.idols = 0
	}
}

// play goes on from the first vote, where m others leave and the seat stays, and adds to
// stay[p] what policy p takes home in this rollout.
func (r *rollout) play(w *wins, m int, g *rng, stay *[len(hardPolicies)]float64) {
	var in uint16 = 1<<len(hardPolicies) - 1 // policies still in the cave
	r.share(m)
	r.n -= m
	for cards := 0; in != 0 && cards < hardMaxCards && r.deckLen > 0; cards++ {
		k := g.below(r.deckLen)
		var c Card
		for c = T1; c < numCards; c++ {
			if k -= int(r.deck[c]); k < 0 {
				break
			}
		}
		r.deck[c]--
		r.deckLen--
		switch c.Kind() {
		case KindTreasure:
			val := c.Value()
			r.hand += val / r.n
			r.stays[r.nTable] = uint8(val % r.n)
			r.nTable++
		case KindIdol:
			r.idols += c.Value()
		case KindHazard:
			if r.seen&(1<<c) != 0 {
				for p := range hardPolicies {
					if in&(1<<p) != 0 {
						stay[p] += w.of(0)
					}
				}
				return
			}
			r.seen |= 1 << c
			r.hazards++
		}
		ending := 0
		for _, h := range Hazards {
			if r.seen&(1<<h) != 0 {
				ending += int(r.deck[h])
			}
		}
		risk := float64(ending) / float64(max(r.deckLen, 1))
		gain := 0.0
		for _, c := range Treasures {
			gain += float64(r.deck[c]) * float64(c.Value()/r.n)
		}
		gain /= float64(max(r.deckLen, 1))
		others := r.othersLeaving(g)
		take := r.take(others+1, others == 0)
		lhs, rhs := risk*float64(r.take(r.n, false)), (1-risk)*gain
		for p, bold := range hardPolicies {
			if in&(1<<p) != 0 && lhs > bold*rhs {
				in &^= 1 << p
				stay[p] += w.of(take)
			}
		}
		r.share(others)
		r.n -= others
	}
	for p := range hardPolicies {
		if in&(1<<p) != 0 {
			stay[p] += w.of(r.hand)
		}
	}
}

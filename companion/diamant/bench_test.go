package diamant

import (
	"math/bits"
	"testing"
)

// playRandom plays a whole game with random draws and random votes: each explorer leaves
// with probability leaveOdds/8. It reuses s and events, so a game allocates nothing.
func playRandom(s *State, setup Setup, votes *rng, events []Event) []Event {
	events, _ = s.Reset(setup, events[:0])
	for !s.Finished() {
		events, _ = s.Step(DrawRandom(), events[:0])
		for s.VoteDue() {
			seat := bits.TrailingZeros8(uint8(s.Waiting())) // the first still to vote
			events, _ = s.Step(Vote(seat, votes.below(8) < 2), events[:0])
		}
	}
	return events
}

// BenchmarkFullGame plays whole random 5-round games for 5 players with random votes.
func BenchmarkFullGame(b *testing.B) {
	setup := Setup{Players: []string{"Ada", "Bruno", "Chiara", "Dario", "Elena"}}
	var s State
	votes := rng(42)
	events := make([]Event, 0, 64)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		setup.Seed = uint64(i)
		events = playRandom(&s, setup, &votes, events)
	}
}

// BenchmarkReplay replays a recorded whole game from its log, as an undo does.
func BenchmarkReplay(b *testing.B) {
	setup := Setup{Players: []string{"Ada", "Bruno", "Chiara", "Dario", "Elena"}, Seed: 7}
	log := recordRandomGame(setup, 9)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Replay(setup, log); err != nil {
			b.Fatal(err)
		}
	}
}

// recordRandomGame plays a random game and returns its actions with every draw named.
func recordRandomGame(setup Setup, voteSeed uint64) []Action {
	s, err := New(setup)
	if err != nil {
		panic(err)
	}
	votes := rng(voteSeed)
	var log []Action
	for !s.Finished() {
		ev, _ := s.Apply(DrawRandom())
		log = append(log, Draw(drawnCard(ev)))
		for s.VoteDue() {
			for _, i := range s.Waiting().List() {
				a := Vote(i, votes.below(8) < 2)
				log = append(log, a)
				if _, err := s.Apply(a); err != nil {
					panic(err)
				}
			}
		}
	}
	return log
}

// drawnCard finds the card a draw's events show.
func drawnCard(events []Event) Card {
	for _, e := range events {
		if e.Type == EvTreasure || e.Type == EvHazard || e.Type == EvIdol {
			return e.Card
		}
	}
	return NoCard
}

// TestRandomDealIsPinned: the cards that random draws deal, over 200 seeded games, are
// the ones they have always been; a stored table's log of random draws replays to the same
// game only while they are.
func TestRandomDealIsPinned(t *testing.T) {
	var h uint64 = 14695981039346656037 // FNV-1a over every action of the games
	for seed := uint64(0); seed < 200; seed++ {
		for _, a := range recordRandomGame(Setup{Players: []string{"A", "B", "C", "D", "E"}, Seed: seed}, seed) {
			h = (h ^ uint64(a.Card)<<8 ^ uint64(a.Seat)<<16 ^ uint64(a.Type)) * 1099511628211
		}
	}
	if h != 172856317480467300 {
		t.Fatalf("the random deal changed: hash %d", h)
	}
}

package diamant

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// model follows a game through its events only and checks the state against the rules'
// invariants after every action.
type model struct {
	drawn      int             // treasure diamonds drawn
	lost       int             // diamonds lost to second hazards
	removed    [numCards]int   // hazards taken out of the game
	idolGone   [numCards]bool  // idols drawn (taken or lost)
	roundStart [numCards]int   // deck at the start of this round
	drawnRound [numCards]int   // cards drawn this round
	scores     [MaxPlayers]int // to check that scores never decrease
	chests     [MaxPlayers]int // likewise chests
	round      int
}

// observe takes the events of one accepted action and checks s.
func (m *model) observe(s *State, events []Event) error {
	for _, e := range events {
		switch e.Type {
		case EvRoundStarted:
			if e.Round != m.round+1 {
				return fmt.Errorf("round %d started after round %d", e.Round, m.round)
			}
			m.round = e.Round
			if err := m.checkNewDeck(s, e); err != nil {
				return err
			}
		case EvTreasure:
			m.drawn += e.Card.Value()
			m.drawnRound[e.Card]++
		case EvHazard, EvIdol:
			m.drawnRound[e.Card]++
			if e.Type == EvIdol {
				m.idolGone[e.Card] = true
			}
		case EvHandLost, EvRoundEnded: // hands caught by a hazard; diamonds left on the cards
			m.lost += e.Amount
		case EvHazardRemoved:
			m.removed[e.Card]++
		}
	}
	return m.check(s)
}

// checkNewDeck checks a new round's deck: 15 treasures, the hazards not yet removed, and
// the idols of this and earlier rounds not yet drawn.
func (m *model) checkNewDeck(s *State, e Event) error {
	total := 0
	for c := T1; c < numCards; c++ {
		want := cards[c].count
		switch c.Kind() {
		case KindHazard:
			want -= uint8(m.removed[c])
		case KindIdol:
			want = 0
			if !m.idolGone[c] && c.Value() <= RoundIdol(e.Round).Value() {
				want = 1
			}
		}
		if s.InDeck(c) != int(want) {
			return fmt.Errorf("round %d: %d of %s in the deck, want %d", e.Round, s.InDeck(c), c, want)
		}
		total += int(want)
		m.roundStart[c] = int(want)
		m.drawnRound[c] = 0
	}
	if e.Deck != total || s.DeckSize() != total {
		return fmt.Errorf("round %d: deck of %d (event %d), want %d", e.Round, s.DeckSize(), e.Deck, total)
	}
	return nil
}

func (m *model) check(s *State) error {
	held := s.Table()
	for i := 0; i < s.Players(); i++ {
		held += s.Hand(i) + s.Chest(i)
		if s.Score(i) < m.scores[i] || s.Chest(i) < m.chests[i] {
			return fmt.Errorf("seat %d: score %d→%d, chest %d→%d", i, m.scores[i], s.Score(i), m.chests[i], s.Chest(i))
		}
		m.scores[i], m.chests[i] = s.Score(i), s.Chest(i)
		if !s.InCave().Has(i) && s.Hand(i) != 0 {
			return fmt.Errorf("seat %d is out of the cave with %d in hand", i, s.Hand(i))
		}
	}
	if held+m.lost != m.drawn {
		return fmt.Errorf("diamonds not conserved: %d held + %d lost, %d drawn", held, m.lost, m.drawn)
	}
	if s.Finished() {
		if s.DeckSize() != 0 || s.Table() != 0 || s.InCave() != 0 {
			return fmt.Errorf("finished with deck %d, table %d, cave %v", s.DeckSize(), s.Table(), s.InCave())
		}
		return nil
	}
	left := 0
	for c := T1; c < numCards; c++ {
		if want := m.roundStart[c] - m.drawnRound[c]; s.InDeck(c) != want {
			return fmt.Errorf("%d of %s in the deck, want %d", s.InDeck(c), c, want)
		}
		left += s.InDeck(c)
	}
	if left != s.DeckSize() {
		return fmt.Errorf("deck size %d, counts add to %d", s.DeckSize(), left)
	}
	ending, n := s.Risk()
	if ending < 0 || ending > n || n != left {
		return fmt.Errorf("risk %d in %d with %d cards", ending, n, left)
	}
	if s.InCave() == 0 {
		return fmt.Errorf("a round in play with nobody in the cave")
	}
	return nil
}

// TestRandomGames plays many random games, with single votes and whole exits, named and
// random draws, and some illegal actions, checking every invariant after every action,
// that refusals change nothing, and that replaying the log gives the same state.
func TestRandomGames(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	for g := range games {
		players := 3 + g%6
		setup := Setup{Players: []string{"A", "B", "C", "D", "E", "F", "G", "H"}[:players], Seed: uint64(g) * 7919}
		s, err := New(setup)
		require.NoError(t, err)
		var m model
		m.round = 0
		// New's opening events are not returned: check round 1 as a fresh start.
		require.NoError(t, m.observe(s, []Event{{Type: EvRoundStarted, Round: 1, Deck: s.DeckSize()}}))
		choice := rng(uint64(g) + 1)
		var log []Action
		for steps := 0; !s.Finished(); steps++ {
			require.Less(t, steps, 2000, "game %d does not end", g)
			a := randomAction(s, &choice)
			before := *s
			ev, err := s.Apply(a)
			if err != nil {
				require.Equal(t, before, *s, "game %d: refused %+v changed the state", g, a)
				continue
			}
			if a.Type == ActDraw {
				a = Draw(drawnCard(ev))
			}
			log = append(log, a)
			require.NoError(t, m.observe(s, ev), "game %d after %+v", g, a)
		}
		if w, best := s.Winners(); true {
			for i := 0; i < players; i++ {
				require.Equal(t, s.Score(i) == best, w.Has(i))
			}
		}
		again, err := Replay(setup, log)
		require.NoError(t, err)
		require.Equal(t, *s, *again, "game %d: replay differs", g)
	}
}

// randomAction picks a mostly legal action: draws when a draw is due, votes (one by one
// or all at once) when a vote is due, and now and then something illegal.
func randomAction(s *State, r *rng) Action {
	if r.below(20) == 0 {
		return Action{Type: ActionType(1 + r.below(3)), Card: Card(r.below(numCards + 1)),
			Seat: r.below(9) - 1, Leave: r.below(2) == 0, Seats: Seats(r.below(256))}
	}
	if !s.VoteDue() {
		if r.below(2) == 0 {
			return DrawRandom()
		}
		rem := s.Remaining()
		k := r.below(len(rem))
		return Draw(rem[k].Card)
	}
	if s.Voted() == 0 && r.below(2) == 0 {
		var leave Seats
		for i := 0; i < s.Players(); i++ {
			if s.InCave().Has(i) && r.below(4) == 0 {
				leave |= 1 << uint(i)
			}
		}
		return Exits(leave)
	}
	w := s.Waiting().List()
	return Vote(w[r.below(len(w))], r.below(4) == 0)
}

// FuzzActions feeds arbitrary action sequences: nothing may panic, a refused action must
// change nothing, and every accepted one must keep the invariants. The seed corpus runs
// with go test.
func FuzzActions(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{5, 9, 0, 0, 0, 0, 0, 0, 0, 0x40, 13, 0xc0, 0, 0x40, 13, 0x40, 13, 0xc0, 0})
	f.Add([]byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x08, 0x80, 0x01, 0x80, 0x02, 0x00, 0, 0xc0, 0xff})
	f.Add([]byte{7, 3, 1, 4, 1, 5, 9, 2, 6, 0x41, 0, 0x80, 0x09, 0x41, 22, 0xc0, 0x07, 0x41, 23, 0x00, 0})
	long := []byte{2, 1, 1, 1, 1, 1, 1, 1, 1}
	for i := 0; i < 400; i++ {
		long = append(long, byte(i*37), byte(i*11))
	}
	f.Add(long)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 9 {
			return
		}
		names := []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}
		var seed uint64
		for _, b := range data[1:9] {
			seed = seed<<8 | uint64(b)
		}
		s, err := New(Setup{Players: names[:2+int(data[0])%8], Seed: seed}) // 2 and 9 are refused
		if err != nil {
			return
		}
		var m model
		if err := m.observe(s, []Event{{Type: EvRoundStarted, Round: 1, Deck: s.DeckSize()}}); err != nil {
			t.Fatal(err)
		}
		for rest := data[9:]; len(rest) >= 2; rest = rest[2:] {
			a := fuzzAction(rest[0], rest[1])
			before := *s
			ev, err := s.Apply(a)
			if err != nil {
				if *s != before {
					t.Fatalf("refused %+v changed the state", a)
				}
				continue
			}
			if err := m.observe(s, ev); err != nil {
				t.Fatalf("after %+v: %v", a, err)
			}
		}
	})
}

// fuzzAction reads one action from two bytes: the top bits of op choose the type.
func fuzzAction(op, arg byte) Action {
	switch op >> 6 {
	case 0:
		return DrawRandom()
	case 1:
		return Draw(Card(arg % (numCards + 2)))
	case 2:
		return Vote(int(arg&0x0f)-1, arg&0x10 != 0)
	default:
		if op&1 != 0 {
			return Action{Type: ActionType(op & 0x3f)}
		}
		return Exits(Seats(arg))
	}
}

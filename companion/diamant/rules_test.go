package diamant

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var three = []string{"Ada", "Bruno", "Chiara"}

// play starts a game for names and applies actions, failing the test on a refusal.
func play(t *testing.T, names []string, actions ...Action) (*State, []Event) {
	t.Helper()
	s, err := New(Setup{Players: names, Seed: 1})
	require.NoError(t, err)
	var all []Event
	for i, a := range actions {
		ev, err := s.Apply(a)
		require.NoError(t, err, "action %d", i)
		all = append(all, ev...)
	}
	return s, all
}

// stay is everyone continuing.
var stay = Exits(0)

func hands(s *State) []int {
	out := make([]int, s.Players())
	for i := range out {
		out[i] = s.Hand(i)
	}
	return out
}

func chests(s *State) []int {
	out := make([]int, s.Players())
	for i := range out {
		out[i] = s.Chest(i)
	}
	return out
}

func eventsOf(events []Event, t EventType) []Event {
	var out []Event
	for _, e := range events {
		if e.Type == t {
			out = append(out, e)
		}
	}
	return out
}

func TestBox(t *testing.T) {
	var values []int
	total := 0
	for _, c := range Treasures {
		for range c.Copies() {
			values = append(values, c.Value())
			total += c.Value()
		}
	}
	assert.Equal(t, []int{1, 2, 3, 4, 5, 5, 7, 7, 9, 11, 11, 13, 14, 15, 17}, values)
	assert.Equal(t, 124, total)
	for _, h := range Hazards {
		assert.Equal(t, 3, h.Copies(), h.String())
		assert.Equal(t, KindHazard, h.Kind())
	}
	for r, want := range []int{5, 7, 8, 10, 12} {
		assert.Equal(t, want, RoundIdol(r+1).Value())
		assert.Equal(t, KindIdol, RoundIdol(r+1).Kind())
	}

	s, _ := play(t, three)
	assert.Equal(t, 1, s.Round())
	assert.Equal(t, 31, s.DeckSize(), "15 treasures + 15 hazards + idol 5")
	assert.Equal(t, 1, s.InDeck(I5))
	assert.Equal(t, 0, s.InDeck(I7))
	assert.Equal(t, SeatsOf(0, 1, 2), s.InCave())
	assert.Equal(t, PhaseDraw, s.Phase())
}

func TestTreasureDivision(t *testing.T) {
	cases := []struct {
		name    string
		players int
		leavers Seats // who left before the card
		card    Card
		share   int
		stays   int
	}{
		{"7 among 3", 3, 0, T7, 2, 1},
		{"5 among 3", 3, 0, T5, 1, 2},
		{"1 among 3", 3, 0, T1, 0, 1},
		{"17 among 8", 8, 0, T17, 2, 1},
		{"15 among 5", 5, 0, T15, 3, 0},
		{"9 among the 2 left of 4", 4, SeatsOf(0, 3), T9, 4, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			names := []string{"A", "B", "C", "D", "E", "F", "G", "H"}[:tc.players]
			acts := []Action{}
			if tc.leavers != 0 {
				acts = append(acts, Draw(Lava), Exits(tc.leavers))
			}
			s, _ := play(t, names, acts...)
			ev, err := s.Apply(Draw(tc.card))
			require.NoError(t, err)
			tr := eventsOf(ev, EvTreasure)
			require.Len(t, tr, 1)
			assert.Equal(t, tc.share, tr[0].Share)
			assert.Equal(t, tc.stays, tr[0].Stays)
			assert.Equal(t, s.InCave(), tr[0].Seats)
			assert.Equal(t, TokensFor(tc.share), tr[0].Tokens)
			assert.Equal(t, tc.stays, s.Table())
			for i := range names {
				want := 0
				if s.InCave().Has(i) {
					want = tc.share
				}
				assert.Equal(t, want, s.Hand(i), "seat %d", i)
			}
			assert.True(t, s.VoteDue())
			assert.Equal(t, s.InCave(), eventsOf(ev, EvVoteDue)[0].Seats)
		})
	}
}

func TestHazards(t *testing.T) {
	t.Run("first of a kind does nothing", func(t *testing.T) {
		s, ev := play(t, three, Draw(T9), stay, Draw(Spider), stay, Draw(Snake))
		assert.Equal(t, []int{3, 3, 3}, hands(s))
		assert.Equal(t, []Card{Spider, Snake}, s.HazardsSeen())
		for _, e := range eventsOf(ev, EvHazard) {
			assert.False(t, e.Second)
		}
		assert.Equal(t, 1, s.Round())
	})
	t.Run("second of a kind ends the round, hands lost, one card leaves the game", func(t *testing.T) {
		// Ada leaves alone after the first spider; the others are caught by the second.
		s, ev := play(t, three, Draw(T15), stay, Draw(Spider), Exits(SeatsOf(0)), Draw(T11), stay, Draw(T7), stay, Draw(Spider))
		assert.Equal(t, []int{5, 0, 0}, chests(s))
		assert.Equal(t, []int{0, 0, 0}, hands(s))
		lost := eventsOf(ev, EvHandLost)
		require.Len(t, lost, 2)
		// Bruno and Chiara: 15/3 + 11/2 + 7/2 = 5 + 5 + 3.
		assert.Equal(t, Event{Type: EvHandLost, Round: 1, Seat: 1, Amount: 13}, lost[0])
		assert.Equal(t, 13, lost[1].Amount)
		ended := eventsOf(ev, EvRoundEnded)
		require.Len(t, ended, 1)
		assert.Equal(t, EndHazard, ended[0].Reason)
		assert.Equal(t, Spider, ended[0].Card)
		assert.Equal(t, Spider, eventsOf(ev, EvHazardRemoved)[0].Card)
		assert.True(t, eventsOf(ev, EvHazard)[1].Second)
		// Round 2: 15 treasures + 14 hazards + idols 5 and 7.
		assert.Equal(t, 2, s.Round())
		assert.Equal(t, 31, s.DeckSize())
		assert.Equal(t, 2, s.InDeck(Spider))
		assert.Equal(t, 2, s.InGame(Spider))
		assert.Equal(t, SeatsOf(0, 1, 2), s.InCave())
		assert.Equal(t, 0, s.Table())
		assert.Empty(t, s.HazardsSeen())
	})
	t.Run("removed hazards stay removed", func(t *testing.T) {
		s, _ := play(t, three, Draw(Boulder), stay, Draw(Boulder), Draw(Boulder), stay, Draw(Boulder))
		assert.Equal(t, 3, s.Round())
		assert.Equal(t, 1, s.InDeck(Boulder))
		_, err := s.Apply(Draw(Boulder))
		require.NoError(t, err)
		require.NoError(t, mustErr(s.Apply(stay)))
		before := *s
		_, err = s.Apply(Draw(Boulder))
		assertCode(t, err, CodeCardNotInDeck)
		assert.Equal(t, before, *s)
	})
}

func mustErr(_ []Event, err error) error { return err }

func TestIdols(t *testing.T) {
	t.Run("an idol stays on the table", func(t *testing.T) {
		s, ev := play(t, three, Draw(I5))
		assert.Equal(t, []Card{I5}, s.TableIdols())
		assert.Equal(t, []int{0, 0, 0}, hands(s))
		assert.Len(t, eventsOf(ev, EvIdol), 1)
		assert.True(t, s.VoteDue())
	})
	t.Run("two leaving together take no idol; the last out alone takes it", func(t *testing.T) {
		s, _ := play(t, three, Draw(I5), Exits(SeatsOf(0, 1)))
		assert.Equal(t, []Card{I5}, s.TableIdols())
		assert.Empty(t, s.PlayerIdols(0))
		_, err := s.Apply(Draw(T4))
		require.NoError(t, err)
		ev, err := s.Apply(Exits(SeatsOf(2)))
		require.NoError(t, err)
		assert.Equal(t, []Card{I5}, s.PlayerIdols(2))
		assert.Equal(t, 9, s.Score(2))
		left := eventsOf(ev, EvLeft)
		require.Len(t, left, 1)
		assert.True(t, left[0].Alone)
		assert.Equal(t, idolBit(I5), left[0].Idols)
		assert.Equal(t, 4, left[0].Hand)
		assert.Equal(t, 2, s.Round())
		assert.Equal(t, 31, s.DeckSize(), "15 + 15 + idol 7")
	})
	t.Run("an idol left on the table leaves the game", func(t *testing.T) {
		s, ev := play(t, three, Draw(I5), stay, Draw(Snake), stay, Draw(Snake))
		assert.Equal(t, idolBit(I5), eventsOf(ev, EvIdolsRemoved)[0].Idols)
		assert.Equal(t, 2, s.Round())
		assert.Equal(t, 0, s.InDeck(I5))
		assert.Equal(t, 30, s.DeckSize(), "15 treasures + 14 hazards + idol 7")
	})
	t.Run("an idol never drawn stays for the next round", func(t *testing.T) {
		s, _ := play(t, three, Draw(T1), Exits(SeatsOf(0, 1, 2)))
		assert.Equal(t, 2, s.Round())
		assert.Equal(t, 1, s.InDeck(I5))
		assert.Equal(t, 1, s.InDeck(I7))
		assert.Equal(t, 32, s.DeckSize())
	})
	t.Run("idols are listed in the order taken", func(t *testing.T) {
		// Round 1 ends with I5 undrawn; Ada takes I7 in round 2, then I5 in round 3.
		s, _ := play(t, three, Draw(T1), Exits(SeatsOf(0, 1, 2)),
			Draw(I7), Exits(SeatsOf(0)), Draw(T1), Exits(SeatsOf(1, 2)),
			Draw(I5), Exits(SeatsOf(0)))
		assert.Equal(t, []Card{I7, I5}, s.PlayerIdols(0))
		assert.Equal(t, 12, s.Score(0))
	})
}

func TestLeaving(t *testing.T) {
	t.Run("card by card", func(t *testing.T) {
		// card-by-card: leftovers 2, 1, 3 split between 2 leavers: 1+0+1 each; 0, 1, 1 stay.
		names := []string{"A", "B", "C", "D", "E"}
		s, ev := play(t, names, Draw(T7), stay, Draw(T11), stay, Draw(T13), Exits(SeatsOf(0, 1)))
		assert.Equal(t, []int{0, 0, 5, 5, 5}, hands(s))
		assert.Equal(t, []int{7, 7, 0, 0, 0}, chests(s))
		assert.Equal(t, []TableCard{{T7, 0}, {T11, 1}, {T13, 1}}, s.TableCards())
		shared := eventsOf(ev, EvCardShared)
		require.Len(t, shared, 3)
		assert.Equal(t, []int{2, 1, 3}, []int{shared[0].Amount, shared[1].Amount, shared[2].Amount})
		assert.Equal(t, []int{1, 0, 1}, []int{shared[0].Share, shared[1].Share, shared[2].Share})
		left := eventsOf(ev, EvLeft)
		require.Len(t, left, 2)
		assert.Equal(t, 2, left[0].Amount)
		assert.False(t, left[0].Alone)
		assert.Equal(t, IdolSet(0), left[0].Idols)
	})
	t.Run("a lone leaver takes everything on the cards", func(t *testing.T) {
		s, ev := play(t, three, Draw(T5), stay, Draw(T7), Exits(SeatsOf(1)))
		assert.Equal(t, []int{1 + 2 + 2 + 1, 0, 0}, []int{s.Chest(1), s.Chest(0), s.Chest(2)})
		assert.Equal(t, 0, s.Table())
		left := eventsOf(ev, EvLeft)[0]
		assert.Equal(t, Event{Type: EvLeft, Round: 1, Seat: 1, Alone: true, Amount: 3, Hand: 3, Chest: 6, Tokens: Tokens{0, 3}}, left)
	})
	t.Run("everyone leaving ends the round", func(t *testing.T) {
		s, ev := play(t, three, Draw(T4), Exits(SeatsOf(0, 1, 2)))
		assert.Equal(t, []int{1, 1, 1}, chests(s))
		ended := eventsOf(ev, EvRoundEnded)[0]
		assert.Equal(t, EndEmpty, ended.Reason)
		assert.Equal(t, 1, ended.Amount, "4 among 3 leaves 1 on the card, which 3 leavers cannot split")
		assert.Equal(t, 2, s.Round())
	})
	t.Run("leavers receive nothing later", func(t *testing.T) {
		s, _ := play(t, three, Draw(T1), Exits(SeatsOf(0)), Draw(T14), stay)
		assert.Equal(t, []int{0, 7, 7}, hands(s))
		assert.Equal(t, 1, s.Chest(0))
	})
}

func TestSingleVotes(t *testing.T) {
	s, _ := play(t, three, Draw(T9))
	assert.Equal(t, SeatsOf(0, 1, 2), s.Waiting())
	ev, err := s.Apply(Vote(2, true))
	require.NoError(t, err)
	assert.Equal(t, []Event{{Type: EvVoteCast, Round: 1, Seat: 2, Seats: SeatsOf(2)}}, ev)
	assert.Equal(t, SeatsOf(2), s.Voted())
	assert.Equal(t, SeatsOf(0, 1), s.Waiting())
	assert.Equal(t, []int{3, 3, 3}, hands(s), "nothing happens before the reveal")

	before := *s
	_, err = s.Apply(Vote(2, false))
	assertCode(t, err, CodeAlreadyVoted)
	_, err = s.Apply(Exits(SeatsOf(0)))
	assertCode(t, err, CodeVotesInProgress)
	_, err = s.Apply(Draw(T1))
	assertCode(t, err, CodeDrawWhileVoteDue)
	assert.Equal(t, before, *s)

	_, err = s.Apply(Vote(0, false))
	require.NoError(t, err)
	ev, err = s.Apply(Vote(1, false))
	require.NoError(t, err)
	assert.Equal(t, SeatsOf(2), eventsOf(ev, EvVotesRevealed)[0].Seats)
	assert.Equal(t, []int{3, 3, 0}, hands(s))
	assert.Equal(t, 3, s.Chest(2))
	assert.Equal(t, Seats(0), s.Voted())
	assert.Equal(t, PhaseDraw, s.Phase())

	_, err = s.Apply(Draw(T4))
	require.NoError(t, err)
	_, err = s.Apply(Vote(2, false))
	assertCode(t, err, CodeNotInCave)
}

func TestGameEnd(t *testing.T) {
	// Each round: one treasure, then everyone leaves together.
	var acts []Action
	for _, c := range []Card{T14, T13, T11, T9, T15} {
		acts = append(acts, Draw(c), Exits(SeatsOf(0, 1, 2)))
	}
	s, ev := play(t, three, acts...)
	assert.True(t, s.Finished())
	assert.Equal(t, 5, s.Round())
	assert.Equal(t, []int{4 + 4 + 3 + 3 + 5, 19, 19}, chests(s))
	over := eventsOf(ev, EvGameOver)
	require.Len(t, over, 1)
	assert.Equal(t, SeatsOf(0, 1, 2), over[0].Seats, "equal highest scores share the win")
	assert.Equal(t, 19, over[0].Amount)
	assert.Equal(t, 0, s.DeckSize())
	assert.Equal(t, Seats(0), s.InCave())
	_, err := s.Apply(Draw(T1))
	assertCode(t, err, CodeGameOver)
	_, err = s.Apply(stay)
	assertCode(t, err, CodeGameOver)

	// Idols count in the score and can decide the winner.
	acts = acts[:8]
	acts = append(acts, Draw(I12), Exits(SeatsOf(1)), Draw(T1), Exits(SeatsOf(0, 2)))
	s, _ = play(t, three, acts...)
	require.True(t, s.Finished())
	w, best := s.Winners()
	assert.Equal(t, SeatsOf(1), w)
	assert.Equal(t, 14+12, best)
	assert.Equal(t, []string{"Bruno"}, s.Snapshot().Winners)
}

func TestTokens(t *testing.T) {
	for n, want := range map[int]Tokens{0: {}, 1: {0, 1}, 4: {0, 4}, 5: {1, 0}, 13: {2, 3}, 17: {3, 2}, -3: {}} {
		assert.Equal(t, want, TokensFor(n), "%d", n)
	}
}

func TestRiskAndRemaining(t *testing.T) {
	s, _ := play(t, three, Draw(Lava), stay, Draw(Spider), stay, Draw(T5), stay, Draw(I5))
	ending, left := s.Risk()
	assert.Equal(t, 4, ending, "2 lava + 2 spider")
	assert.Equal(t, 27, left)
	rem := s.Remaining()
	counts := map[Card]int{}
	total := 0
	for _, cc := range rem {
		counts[cc.Card] = cc.Count
		total += cc.Count
	}
	assert.Equal(t, 27, total)
	assert.Equal(t, 1, counts[T5])
	assert.Equal(t, 2, counts[T7])
	assert.Equal(t, 2, counts[Lava])
	assert.Equal(t, 3, counts[Boulder])
	assert.NotContains(t, counts, I5)
	assert.Equal(t, CardCount{Card: T1, Kind: KindTreasure, Value: 1, Count: 1}, rem[0])
	assert.Equal(t, Boulder, rem[len(rem)-1].Card, "hazards come last")

	fresh, _ := play(t, three)
	ending, left = fresh.Risk()
	assert.Equal(t, [2]int{0, 31}, [2]int{ending, left})
}

func TestSetupRefused(t *testing.T) {
	long := strings.Repeat("è", 41)
	cases := []struct {
		name  string
		names []string
		code  Code
	}{
		{"none", nil, CodeTooFewPlayers},
		{"two", []string{"A", "B"}, CodeTooFewPlayers},
		{"nine", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I"}, CodeTooManyPlayers},
		{"empty", []string{"A", "", "C"}, CodeEmptyName},
		{"spaces only", []string{"A", "   ", "C"}, CodeEmptyName},
		{"duplicate", []string{"Ada", "Bruno", "Ada"}, CodeDuplicateName},
		{"duplicate after trim and case", []string{"Ada", "Bruno", " ada "}, CodeDuplicateName},
		{"41 runes", []string{"A", long, "C"}, CodeNameTooLong},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(Setup{Players: tc.names})
			assertCode(t, err, tc.code)
			assert.NotEmpty(t, err.Error())
			_, err = Replay(Setup{Players: tc.names}, nil)
			var re *ReplayError
			require.ErrorAs(t, err, &re)
			assert.Equal(t, -1, re.At)
		})
	}
	// 40 runes (of two bytes each) with spaces around are fine; the name is trimmed.
	s, err := New(Setup{Players: []string{"  " + strings.Repeat("è", 40) + " ", "B", "C", "D", "E", "F", "G", "H"}})
	require.NoError(t, err)
	assert.Equal(t, strings.Repeat("è", 40), s.Name(0))

	// Reset keeps the old game when the new setup is refused.
	before := *s
	_, err = s.Reset(Setup{Players: []string{"A"}}, nil)
	assertCode(t, err, CodeTooFewPlayers)
	assert.Equal(t, before, *s)
}

func TestActionsRefused(t *testing.T) {
	cases := []struct {
		name  string
		setup []Action
		bad   Action
		code  Code
	}{
		{"draw while vote due", []Action{Draw(T1)}, Draw(T2), CodeDrawWhileVoteDue},
		{"random draw while vote due", []Action{Draw(T1)}, DrawRandom(), CodeDrawWhileVoteDue},
		{"card not in deck", []Action{Draw(T1), stay}, Draw(T1), CodeCardNotInDeck},
		{"idol of a later round", nil, Draw(I7), CodeCardNotInDeck},
		{"no such card", nil, Draw(Card(99)), CodeUnknownCard},
		{"vote before any card", nil, Vote(0, true), CodeVoteNotDue},
		{"exits before any card", nil, Exits(0), CodeVoteNotDue},
		{"vote after the vote", []Action{Draw(T1), stay}, Vote(0, false), CodeVoteNotDue},
		{"vote from a seat that left", []Action{Draw(T1), Exits(SeatsOf(0)), Draw(T2)}, Vote(0, true), CodeNotInCave},
		{"exit of a seat that left", []Action{Draw(T1), Exits(SeatsOf(0)), Draw(T2)}, Exits(SeatsOf(1, 0)), CodeNotInCave},
		{"vote from no seat", []Action{Draw(T1)}, Vote(3, true), CodeUnknownSeat},
		{"vote from a negative seat", []Action{Draw(T1)}, Vote(-1, true), CodeUnknownSeat},
		{"exit of no seat", []Action{Draw(T1)}, Exits(SeatsOf(5)), CodeUnknownSeat},
		{"unknown action", nil, Action{}, CodeUnknownAction},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := play(t, three, tc.setup...)
			before := *s
			events := []Event{{Type: EvIdol}}
			got, err := s.Step(tc.bad, events)
			assertCode(t, err, tc.code)
			assert.Equal(t, before, *s, "a refused action changes nothing")
			assert.Equal(t, events, got)
			assert.NotEmpty(t, err.Error())

			_, err = Replay(Setup{Players: three, Seed: 1}, append(append([]Action{}, tc.setup...), tc.bad))
			var re *ReplayError
			require.ErrorAs(t, err, &re)
			assert.Equal(t, len(tc.setup), re.At)
		})
	}
}

func assertCode(t *testing.T, err error, code Code) {
	t.Helper()
	var e *Error
	require.True(t, errors.As(err, &e), "want %s, got %v", code, err)
	assert.Equal(t, code, e.Code, e.Error())
}

func TestCardNames(t *testing.T) {
	for c := T1; c < numCards; c++ {
		got, err := ParseCard(c.String())
		require.NoError(t, err)
		assert.Equal(t, c, got)
		b, err := json.Marshal(c)
		require.NoError(t, err)
		var back Card
		require.NoError(t, json.Unmarshal(b, &back))
		assert.Equal(t, c, back)
	}
	for _, name := range []string{"T6", "I6", "T0", "", "lavas", "random"} {
		_, err := ParseCard(name)
		assert.Error(t, err, name)
	}
	c, err := ParseCard(" Tronco ")
	require.NoError(t, err)
	assert.Equal(t, Ram, c)
	assert.Equal(t, "T17", T17.String())
	assert.Equal(t, 17, T17.Value())
	assert.Equal(t, "boulder", Boulder.String())
	assert.Equal(t, 0, Boulder.Value())
}

func TestActionAndGameJSON(t *testing.T) {
	g := Game{
		Setup:   Setup{Players: three, Seed: 1<<63 + 5},
		Actions: []Action{Draw(T5), Exits(SeatsOf(0, 2)), DrawRandom(), Vote(1, true)},
	}
	b, err := json.Marshal(g)
	require.NoError(t, err)
	assert.JSONEq(t, `{"players":["Ada","Bruno","Chiara"],"seed":"9223372036854775813",
		"actions":[{"draw":"T5"},{"exits":[0,2]},{"draw":"random"},{"vote":{"seat":1,"leave":true}}]}`, string(b))
	var back Game
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, g, back)

	s1, err := g.Replay()
	require.NoError(t, err)
	s2, err := back.Replay()
	require.NoError(t, err)
	assert.Equal(t, *s1, *s2)

	for _, bad := range []string{`{}`, `{"draw":"T5","exits":[]}`, `{"draw":"T6"}`, `{"exits":[9]}`, `{"vote":3}`} {
		var a Action
		assert.Error(t, json.Unmarshal([]byte(bad), &a), bad)
	}
}

func TestEventJSON(t *testing.T) {
	_, ev := play(t, three, Draw(T7), Exits(SeatsOf(2)))
	b, err := json.Marshal(ev)
	require.NoError(t, err)
	assert.JSONEq(t, `[
		{"type":"treasure","round":1,"card":"T7","seats":[0,1,2],"share":2,"stays":1,"tokens":{"clear":0,"red":2},"deck":30},
		{"type":"vote-due","round":1,"seats":[0,1,2]},
		{"type":"votes-revealed","round":1,"seats":[2]},
		{"type":"card-shared","round":1,"card":"T7","amount":1,"seats":[2],"share":1,"stays":0,"tokens":{"clear":0,"red":1}},
		{"type":"left","round":1,"seat":2,"alone":true,"amount":1,"idols":[],"tokens":{"clear":0,"red":1},"hand":2,"chest":3}
	]`, string(b))
}

func TestStateJSON(t *testing.T) {
	s, _ := play(t, three, Draw(T7), Exits(SeatsOf(2)), Draw(Lava))
	b, err := json.Marshal(s)
	require.NoError(t, err)
	assert.JSONEq(t, `{"round":1,"finished":false,"phase":"vote",
		"players":[{"name":"Ada","hand":2,"chest":0,"idols":[],"score":0},
			{"name":"Bruno","hand":2,"chest":0,"idols":[],"score":0},
			{"name":"Chiara","hand":0,"chest":3,"idols":[],"score":3}],
		"inCave":["Ada","Bruno"],"voted":[],"table":0,"tableCards":[{"card":"T7","stays":0}],
		"tableIdols":[],"hazardsSeen":["lava"],"deck":29,"risk":[2,29]}`, string(b))
}

func TestDeterministic(t *testing.T) {
	setup := Setup{Players: []string{"A", "B", "C", "D"}, Seed: 99}
	a := recordRandomGame(setup, 3)
	b := recordRandomGame(setup, 3)
	assert.Equal(t, a, b)
	other := recordRandomGame(Setup{Players: setup.Players, Seed: 100}, 3)
	assert.NotEqual(t, a, other)

	// Random draws replay to the same cards: a log with "random" draws is enough.
	s1, _ := New(setup)
	s2, _ := New(setup)
	for range 5 {
		e1, err1 := s1.Apply(DrawRandom())
		e2, err2 := s2.Apply(DrawRandom())
		require.NoError(t, err1)
		require.NoError(t, err2)
		assert.Equal(t, e1, e2)
		if s1.VoteDue() {
			_, _ = s1.Apply(Exits(0))
			_, _ = s2.Apply(Exits(0))
		}
	}
	assert.Equal(t, *s1, *s2)
}

func TestStart(t *testing.T) {
	s, ev, err := Start(Setup{Players: three, Seed: 3})
	require.NoError(t, err)
	assert.Equal(t, []Event{{Type: EvRoundStarted, Round: 1, Card: I5, Seat: -1, Deck: 31}}, ev)
	fresh, _ := New(Setup{Players: three, Seed: 3})
	assert.Equal(t, *fresh, *s)
	_, _, err = Start(Setup{Players: three[:2]})
	assertCode(t, err, CodeTooFewPlayers)
}

func TestEveryEventEncodes(t *testing.T) {
	seen := map[EventType]bool{}
	for g := range 50 {
		setup := Setup{Players: three, Seed: uint64(g)}
		s, ev, err := Start(setup)
		require.NoError(t, err)
		r := rng(g)
		for !s.Finished() {
			more, err := s.Apply(randomAction(s, &r))
			if err == nil {
				ev = append(ev, more...)
			}
		}
		for _, e := range ev {
			seen[e.Type] = true
			b, err := json.Marshal(e)
			require.NoError(t, err)
			var back map[string]any
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, e.Type.String(), back["type"])
			assert.NotEqual(t, "unknown", back["type"])
		}
	}
	for typ := EvRoundStarted; typ <= EvGameOver; typ++ {
		assert.True(t, seen[typ], "no %s event in 50 random games", typ)
	}
	assert.Equal(t, 5+8+12, (idolBit(I5) | idolBit(I8) | idolBit(I12)).Value())
	assert.Equal(t, "hazard", EndHazard.String())
}

func TestErrorSentences(t *testing.T) {
	codes := []Code{CodeTooFewPlayers, CodeTooManyPlayers, CodeEmptyName, CodeDuplicateName, CodeNameTooLong,
		CodeGameOver, CodeDrawWhileVoteDue, CodeCardNotInDeck, CodeUnknownCard, CodeVoteNotDue, CodeUnknownSeat,
		CodeNotInCave, CodeAlreadyVoted, CodeVotesInProgress, CodeDuplicateExit, CodeUnknownAction}
	seen := map[string]Code{}
	for _, c := range codes {
		msg := (&Error{Code: c, Seat: 1, Name: "Bruno", Card: Lava, Count: 2, Limit: 3}).Error()
		assert.NotEqual(t, "This action is not allowed now.", msg, c)
		assert.NotContains(t, seen, msg, "%s says the same as %s", c, seen[msg])
		seen[msg] = c
	}
	re := &ReplayError{At: 4, Err: &Error{Code: CodeNotInCave, Seat: 0, Name: "Ada"}}
	assert.Equal(t, "action 4 refused: Ada is not in the cave.", re.Error())
	assert.True(t, errors.Is(re, re.Err))
}

// A random draw depends on the seed and the step only: the same seed deals the same card,
// a table that logs the card it drew replays alike, and after an undo the same card comes.
func TestRandomCardDependsOnSeedAndStep(t *testing.T) {
	setup := Setup{Players: []string{"Ada", "Bea", "Cy"}, Seed: 11}
	s, err := New(setup)
	require.NoError(t, err)
	first := s.RandomCard()
	require.NotEqual(t, NoCard, first)
	ev, err := s.Apply(DrawRandom())
	require.NoError(t, err)
	require.Equal(t, first, ev[0].Card, "a random draw takes RandomCard's card")

	logged, err := Replay(setup, []Action{Draw(first)})
	require.NoError(t, err)
	require.Equal(t, *s, *logged, "logging the card drawn replays the same game")
	require.Equal(t, s.RandomCard(), logged.RandomCard())

	undone, err := Replay(setup, nil)
	require.NoError(t, err)
	require.Equal(t, first, undone.RandomCard(), "after an undo the same card comes")

	// Over many seeds every card of the first deck comes up; a spider (3 of 31 cards)
	// about 3 times in 31.
	counts := map[Card]int{}
	for seed := range uint64(3000) {
		o, err := New(Setup{Players: setup.Players, Seed: seed})
		require.NoError(t, err)
		counts[o.RandomCard()]++
	}
	require.Len(t, counts, len(s.Remaining())+1, "the first deck's kinds (less the one drawn)")
	require.InDelta(t, 3000*3/31, counts[Spider], 90)
}

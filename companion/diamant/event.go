package diamant

import (
	"encoding/json"
	"fmt"
	"math/bits"
)

// Seats is a set of seats (0 to 7) as a bit mask: bit i is seat i.
type Seats uint8

// SeatsOf makes a set from seat numbers; numbers outside 0..7 are ignored.
func SeatsOf(seats ...int) Seats {
	var s Seats
	for _, i := range seats {
		if i >= 0 && i < MaxPlayers {
			s |= 1 << uint(i)
		}
	}
	return s
}

// Has reports whether seat i is in the set.
func (s Seats) Has(i int) bool { return i >= 0 && i < MaxPlayers && s&(1<<uint(i)) != 0 }

// Count gives the number of seats in the set.
func (s Seats) Count() int { return bits.OnesCount8(uint8(s)) }

// List gives the seats in ascending order.
func (s Seats) List() []int {
	out := make([]int, 0, s.Count())
	for i := 0; i < MaxPlayers; i++ {
		if s.Has(i) {
			out = append(out, i)
		}
	}
	return out
}

// MarshalJSON writes the set as a list of seat numbers.
func (s Seats) MarshalJSON() ([]byte, error) { return json.Marshal(s.List()) }

// UnmarshalJSON reads a list of seat numbers; a number outside 0..7 is an error.
func (s *Seats) UnmarshalJSON(b []byte) error {
	var list []int
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	var out Seats
	for _, i := range list {
		if i < 0 || i >= MaxPlayers {
			return fmt.Errorf("diamant: seat %d out of range 0 to %d", i, MaxPlayers-1)
		}
		out |= 1 << uint(i)
	}
	*s = out
	return nil
}

// IdolSet is a set of idols: bit i is Idols[i].
type IdolSet uint8

func idolBit(c Card) IdolSet { return 1 << (c - I5) }

// Cards lists the idols in the set in ascending value.
func (s IdolSet) Cards() []Card {
	var out []Card
	for i, c := range Idols {
		if s&(1<<uint(i)) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// Value gives the idols' total points.
func (s IdolSet) Value() int {
	v := 0
	for i, c := range Idols {
		if s&(1<<uint(i)) != 0 {
			v += c.Value()
		}
	}
	return v
}

// MarshalJSON writes the idols' values, for example [5, 8].
func (s IdolSet) MarshalJSON() ([]byte, error) {
	vals := []int{}
	for _, c := range s.Cards() {
		vals = append(vals, c.Value())
	}
	return json.Marshal(vals)
}

// EventType tells what happened. Each type uses some of Event's fields, listed below.
type EventType uint8

// The events, in the order an action can produce them.
const (
	_ EventType = iota
	// EvRoundStarted: Round; Card the idol put in; Deck the cards in the shuffled deck.
	EvRoundStarted
	// EvTreasure: a treasure drawn and divided. Card; Seats who share it; Share each;
	// Stays on the card; Tokens for one share; Deck cards left.
	EvTreasure
	// EvHazard: Card; Second true when it is the second of its kind this round; Deck.
	EvHazard
	// EvIdol: an idol drawn; it stays on the table. Card; Deck.
	EvIdol
	// EvVoteDue: Seats the explorers who must now vote.
	EvVoteDue
	// EvVoteCast: Seat has voted (how is secret until the reveal); Seats who have voted.
	EvVoteCast
	// EvVotesRevealed: Seats those who leave (may be empty: everyone continues).
	EvVotesRevealed
	// EvCardShared: leavers divide what lies on one treasure card. Card; Amount what lay on
	// it; Seats the leavers; Share each; Stays on the card; Tokens for one share.
	EvCardShared
	// EvLeft: Seat leaves the cave. Alone; Amount diamonds taken from the cards; Idols taken
	// (only when alone); Tokens for Amount; Hand what was carried; Chest the chest after.
	EvLeft
	// EvHandLost: Seat was in the cave on a second hazard and loses Amount diamonds.
	EvHandLost
	// EvHazardRemoved: one Card of that hazard leaves the game.
	EvHazardRemoved
	// EvIdolsRemoved: Idols left on the table at the round's end leave the game.
	EvIdolsRemoved
	// EvRoundEnded: Round; Reason; Card the hazard when Reason is EndHazard; Amount the
	// diamonds left on the cards, which go back to the supply.
	EvRoundEnded
	// EvGameOver: Seats the winners; Amount the winning score.
	EvGameOver
)

var eventNames = [...]string{
	"", "round-started", "treasure", "hazard", "idol", "vote-due", "vote-cast",
	"votes-revealed", "card-shared", "left", "hand-lost", "hazard-removed",
	"idols-removed", "round-ended", "game-over",
}

// String gives the event's name as written in JSON.
func (t EventType) String() string {
	if int(t) < len(eventNames) {
		return eventNames[t]
	}
	return "unknown"
}

// EndReason tells why a round ended.
type EndReason uint8

// The two ways a round ends.
const (
	EndNone   EndReason = iota
	EndEmpty            // every explorer left the cave
	EndHazard           // a second hazard of a kind
)

// String gives the reason as written in JSON.
func (r EndReason) String() string {
	switch r {
	case EndEmpty:
		return "empty"
	case EndHazard:
		return "hazard"
	}
	return ""
}

// Event is one thing that happened, as data only: the web layer makes the sentences.
// A flat struct rather than an interface so that events can be appended to a reused
// buffer without allocating.
type Event struct {
	// The one-byte fields first, together, to keep the struct small.
	Type   EventType
	Card   Card
	Seats  Seats
	Idols  IdolSet
	Reason EndReason
	Second bool
	Alone  bool

	Round  int
	Seat   int // -1 when the event concerns no single seat
	Amount int
	Share  int
	Stays  int
	Hand   int
	Chest  int
	Deck   int
	Tokens Tokens
}

// eventJSON is an Event as JSON: only the fields its type uses.
type eventJSON struct {
	Type   string   `json:"type"`
	Round  int      `json:"round"`
	Card   *Card    `json:"card,omitempty"`
	Seat   *int     `json:"seat,omitempty"`
	Seats  *Seats   `json:"seats,omitempty"`
	Amount *int     `json:"amount,omitempty"`
	Share  *int     `json:"share,omitempty"`
	Stays  *int     `json:"stays,omitempty"`
	Hand   *int     `json:"hand,omitempty"`
	Chest  *int     `json:"chest,omitempty"`
	Deck   *int     `json:"deck,omitempty"`
	Second *bool    `json:"second,omitempty"`
	Alone  *bool    `json:"alone,omitempty"`
	Idols  *IdolSet `json:"idols,omitempty"`
	Tokens *Tokens  `json:"tokens,omitempty"`
	Reason string   `json:"reason,omitempty"`
}

// MarshalJSON writes the event's type and the fields that type uses.
func (e Event) MarshalJSON() ([]byte, error) {
	j := eventJSON{Type: e.Type.String(), Round: e.Round}
	switch e.Type {
	case EvRoundStarted:
		j.Card, j.Deck = &e.Card, &e.Deck
	case EvTreasure:
		j.Card, j.Seats, j.Share, j.Stays, j.Tokens, j.Deck = &e.Card, &e.Seats, &e.Share, &e.Stays, &e.Tokens, &e.Deck
	case EvHazard:
		j.Card, j.Second, j.Deck = &e.Card, &e.Second, &e.Deck
	case EvIdol:
		j.Card, j.Deck = &e.Card, &e.Deck
	case EvVoteDue, EvVotesRevealed:
		j.Seats = &e.Seats
	case EvVoteCast:
		j.Seat, j.Seats = &e.Seat, &e.Seats
	case EvCardShared:
		j.Card, j.Amount, j.Seats, j.Share, j.Stays, j.Tokens = &e.Card, &e.Amount, &e.Seats, &e.Share, &e.Stays, &e.Tokens
	case EvLeft:
		j.Seat, j.Alone, j.Amount, j.Idols, j.Tokens, j.Hand, j.Chest = &e.Seat, &e.Alone, &e.Amount, &e.Idols, &e.Tokens, &e.Hand, &e.Chest
	case EvHandLost:
		j.Seat, j.Amount = &e.Seat, &e.Amount
	case EvHazardRemoved:
		j.Card = &e.Card
	case EvIdolsRemoved:
		j.Idols = &e.Idols
	case EvRoundEnded:
		j.Reason, j.Amount = e.Reason.String(), &e.Amount
		if e.Reason == EndHazard {
			j.Card = &e.Card
		}
	case EvGameOver:
		j.Seats, j.Amount = &e.Seats, &e.Amount
	}
	return json.Marshal(j)
}

package diamant

import (
	"fmt"
	"strconv"
	"strings"
)

// Card is a kind of card. Cards of the same kind (the two 5-diamond treasures, the three
// spiders) are interchangeable, so the deck is a count per kind. The zero Card means "no
// card"; in a draw action it asks for a random card from the seeded source.
type Card uint8

// The card kinds: 12 treasure values, 5 hazards, 5 idols.
const (
	NoCard Card = iota
	T1
	T2
	T3
	T4
	T5
	T7
	T9
	T11
	T13
	T14
	T15
	T17
	Lava
	Ram
	Spider
	Snake
	Boulder
	I5
	I7
	I8
	I10
	I12

	numCards = iota // array size for per-kind counts, index 0 unused
)

// Kind tells what a card does.
type Kind uint8

// The three kinds of card.
const (
	KindNone Kind = iota
	KindTreasure
	KindHazard
	KindIdol
)

// String gives the kind's name in the scenario format's words.
func (k Kind) String() string {
	switch k {
	case KindTreasure:
		return "treasure"
	case KindHazard:
		return "hazard"
	case KindIdol:
		return "idol"
	}
	return "none"
}

// cardInfo is what the rules need about a card kind.
type cardInfo struct {
	kind  Kind
	value uint8 // diamonds for a treasure, points for an idol
	count uint8 // copies in a new box
	name  string
}

var cards = [numCards]cardInfo{
	NoCard:  {KindNone, 0, 0, ""},
	T1:      {KindTreasure, 1, 1, "T1"},
	T2:      {KindTreasure, 2, 1, "T2"},
	T3:      {KindTreasure, 3, 1, "T3"},
	T4:      {KindTreasure, 4, 1, "T4"},
	T5:      {KindTreasure, 5, 2, "T5"},
	T7:      {KindTreasure, 7, 2, "T7"},
	T9:      {KindTreasure, 9, 1, "T9"},
	T11:     {KindTreasure, 11, 2, "T11"},
	T13:     {KindTreasure, 13, 1, "T13"},
	T14:     {KindTreasure, 14, 1, "T14"},
	T15:     {KindTreasure, 15, 1, "T15"},
	T17:     {KindTreasure, 17, 1, "T17"},
	Lava:    {KindHazard, 0, 3, "lava"},
	Ram:     {KindHazard, 0, 3, "ram"},
	Spider:  {KindHazard, 0, 3, "spider"},
	Snake:   {KindHazard, 0, 3, "snake"},
	Boulder: {KindHazard, 0, 3, "boulder"},
	I5:      {KindIdol, 5, 1, "I5"},
	I7:      {KindIdol, 7, 1, "I7"},
	I8:      {KindIdol, 8, 1, "I8"},
	I10:     {KindIdol, 10, 1, "I10"},
	I12:     {KindIdol, 12, 1, "I12"},
}

// Rounds is the number of rounds (the rulebook's "viaggi") in a game.
const Rounds = 5

// roundIdol is the idol put into the deck at the start of each round.
var roundIdol = [Rounds + 1]Card{0, I5, I7, I8, I10, I12}

// RoundIdol gives the idol that joins the deck at the start of round r (1 to 5).
func RoundIdol(r int) Card {
	if r < 1 || r > Rounds {
		return NoCard
	}
	return roundIdol[r]
}

// Valid reports whether c names a real card kind.
func (c Card) Valid() bool { return c > NoCard && c < numCards }

// Kind tells whether c is a treasure, a hazard or an idol.
func (c Card) Kind() Kind {
	if !c.Valid() {
		return KindNone
	}
	return cards[c].kind
}

// Value gives a treasure's diamonds or an idol's points; 0 for a hazard.
func (c Card) Value() int {
	if !c.Valid() {
		return 0
	}
	return int(cards[c].value)
}

// Copies gives how many cards of this kind a new box holds.
func (c Card) Copies() int {
	if !c.Valid() {
		return 0
	}
	return int(cards[c].count)
}

// String gives the card's name in the scenario format: T1..T17, I5..I12, lava, ram,
// spider, snake, boulder.
func (c Card) String() string {
	if !c.Valid() {
		return "random"
	}
	return cards[c].name
}

// ParseCard reads a card name as String writes it. Case and surrounding spaces do not
// matter; "tronco" is accepted for ram, as the Italian rulebook calls it.
func ParseCard(s string) (Card, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "tronco" {
		return Ram, nil
	}
	for c := T1; c < numCards; c++ {
		if strings.ToLower(cards[c].name) == s {
			return c, nil
		}
	}
	return NoCard, fmt.Errorf("diamant: unknown card %s", strconv.Quote(s))
}

// MarshalText writes the card's name; the zero card is "random".
func (c Card) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a card's name, or "random" for the zero card.
func (c *Card) UnmarshalText(b []byte) error {
	if strings.EqualFold(strings.TrimSpace(string(b)), "random") {
		*c = NoCard
		return nil
	}
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Treasures lists the treasure kinds in ascending value; Hazards and Idols likewise.
var (
	Treasures = []Card{T1, T2, T3, T4, T5, T7, T9, T11, T13, T14, T15, T17}
	Hazards   = []Card{Lava, Ram, Spider, Snake, Boulder}
	Idols     = []Card{I5, I7, I8, I10, I12}
)

// Tokens is a number of diamonds as the box's tokens: clear ones worth 5, red ones worth 1.
type Tokens struct {
	Clear int `json:"clear"`
	Red   int `json:"red"`
}

// TokensFor gives the fewest tokens that make n diamonds (13 = 2 clear + 3 red).
func TokensFor(n int) Tokens {
	if n <= 0 {
		return Tokens{}
	}
	return Tokens{Clear: n / 5, Red: n % 5}
}

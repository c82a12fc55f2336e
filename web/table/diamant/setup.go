package diamant

import (
	"slices"
	"strconv"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

// A new table's options, as the setup forms make them.

// MinSeats is how many seats a game has at least: the engine's players.
const MinSeats = engine.MinPlayers

// SeatCounts are the numbers of players a one-phone table may be set up for, in order.
func SeatCounts() []int {
	counts := make([]int, 0, MaxSeats-MinSeats+1)
	for n := MinSeats; n <= MaxSeats; n++ {
		counts = append(counts, n)
	}
	return counts
}

// NewOptions are the options of a new one-phone table: its players (the names cleaned,
// engine.CleanName), a way of drawing (DrawApp, DrawBox) and of voting (VotePhone,
// VoteCards), and the seed as a player typed it (a number; a random one when empty).
// Refused: a way that does not exist, a seed that is no number (table.Refusal), players
// the engine refuses (an *engine.Error says why).
func NewOptions(names []string, draw, vote, seed string) (Options, error) {
	return NewOptionsWith(names, Explorers{}, draw, vote, seed)
}

// NewOptionsWith is NewOptions with computer explorers seated after the people (ex): a
// table with explorers votes on the phone and has at least one person.
func NewOptionsWith(names []string, ex Explorers, draw, vote, seed string) (Options, error) {
	if (draw != DrawApp && draw != DrawBox) || (vote != VotePhone && vote != VoteCards) {
		return Options{}, refuseForm
	}
	n := NewSeed()
	if seed != "" {
		var err error
		if n, err = strconv.ParseUint(seed, 10, 64); err != nil {
			return Options{}, table.Refuse(table.Invalid, "diamant.error.seed")
		}
	}
	opt := Options{Setup: engine.Setup{Players: slices.Clone(names), Seed: n}, Draw: draw, Vote: vote}
	if err := opt.addExplorers(ex); err != nil {
		return Options{}, err
	}
	if _, err := engine.New(opt.Setup); err != nil {
		return Options{}, err
	}
	for i, name := range opt.Players {
		opt.Players[i] = engine.CleanName(name)
	}
	return opt, nil
}

// PhonesOptions are the options of a new table with a phone each, in its lobby: the host's
// player named name (CheckedName) on its phone, which keeps the seat, a way of drawing,
// and with hidden, chests that each phone sees only its own of until the end.
func PhonesOptions(name, draw string, hidden bool) (Options, error) {
	if draw != DrawApp && draw != DrawBox {
		return Options{}, refuseForm
	}
	name, r := CheckedName(name, nil)
	if r != nil {
		return Options{}, r
	}
	return Options{Setup: engine.Setup{Players: []string{name}, Seed: NewSeed()}, Draw: draw, Vote: VotePhone,
		Phones: true, Lobby: true, Hidden: hidden, Own: []int{0}}, nil
}

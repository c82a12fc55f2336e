package diamant

import (
	"strings"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

// Computer explorers (issue #28). An explorer holds a seat like a person, with a name the
// engine knows; the options say which seats are explorers and their level (Explorers).
// Its votes are never logged: once the people in the cave have all voted (or at once,
// when none of them is in the cave), each explorer still in the cave decides from its
// seat's view (engine.State.ViewOf) and its seed, and the table applies the votes as it
// replays (ExplorersVote). So no explorer vote exists anywhere before the people's vote
// completes and the reveal follows, undo takes the explorers' votes back with the
// person's action that brought them, and a replay gives the same votes.

// Refusals of a table with explorers.
var (
	refuseExplorersVote   = table.Refuse(table.Invalid, "diamant.error.explorers.vote")
	refuseExplorersPerson = table.Refuse(table.Invalid, "diamant.error.explorers.person")
)

// Explorers asks for computer explorers at a new table: how many, their level (as a
// form sends it: "easy", "normal", "hard") and the names they may take, in the page's
// language (the catalog's list).
type Explorers struct {
	Count int
	Level string
	Names []string
}

// IsExplorer tells whether seat is a computer explorer.
func (o *Options) IsExplorer(seat int) bool {
	return seat >= 0 && seat < len(o.Explorers) && o.Explorers[seat] != ""
}

// ExplorerSeats are the seats of the computer explorers.
func (o *Options) ExplorerSeats() engine.Seats {
	var s engine.Seats
	for seat, l := range o.Explorers {
		if l != "" {
			s |= engine.SeatsOf(seat)
		}
	}
	return s
}

// addExplorers seats ex.Count explorers after the people: their names are the first of
// ex.Names, from a place the seed chooses, that no person at the table has.
func (o *Options) addExplorers(ex Explorers) error {
	if ex.Count == 0 {
		return nil
	}
	level, err := engine.ParseLevel(ex.Level)
	if ex.Count < 0 || ex.Count >= MaxSeats || err != nil {
		return refuseForm
	}
	if o.Vote != VotePhone {
		return refuseExplorersVote
	}
	if len(o.Players) == 0 {
		return refuseExplorersPerson
	}
	if n := len(o.Players) + ex.Count; n > MaxSeats { // as the engine says it of people
		return &engine.Error{Code: engine.CodeTooManyPlayers, Seat: -1, Count: n, Limit: MaxSeats}
	}
	taken := make(map[string]bool, len(o.Players))
	for _, p := range o.Players {
		taken[strings.ToLower(engine.CleanName(p))] = true
	}
	o.Explorers = make([]engine.Level, len(o.Players), len(o.Players)+ex.Count)
	start := 0
	if len(ex.Names) > 0 {
		start = int(o.Seed % uint64(len(ex.Names)))
	}
	for i := 0; i < len(ex.Names) && ex.Count > 0; i++ {
		name := engine.CleanName(ex.Names[(start+i)%len(ex.Names)])
		if name == "" || taken[strings.ToLower(name)] {
			continue
		}
		taken[strings.ToLower(name)] = true
		o.Players = append(o.Players, name)
		o.Explorers = append(o.Explorers, level)
		ex.Count--
	}
	if ex.Count > 0 { // the list is too short for the table: a catalog's fault
		return refuseForm
	}
	return nil
}

// ExplorerSeed is the seed of the explorer at seat for the vote after the round's drawn'th
// card: from the table's seed, the round, the card and the seat, so that a replay (an undo)
// gives the same vote and each vote its own.
func ExplorerSeed(seed uint64, round, drawn, seat int) uint64 {
	z := seed ^ uint64(round)<<48 ^ uint64(drawn)<<40 ^ uint64(seat)<<32
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// ExplorersVote casts the explorers' votes in st when they are due: a vote is open and
// every seat still to vote is an explorer's. Each decides from its own seat's view (with
// the other chests hidden when the table hides them). It appends the votes' events
// (the reveal among them) to events.
func (o *Options) ExplorersVote(st *engine.State, events []engine.Event) ([]engine.Event, error) {
	bots := o.ExplorerSeats()
	if bots == 0 || !st.VoteDue() || st.Waiting()&^bots != 0 {
		return events, nil
	}
	var votes [engine.MaxPlayers]engine.Action
	n := 0
	for seat := range len(o.Players) { // every view before any vote: they decide at once
		if !st.Waiting().Has(seat) {
			continue
		}
		v := st.ViewOf(seat, o.Hidden)
		e := engine.Explorer{Level: o.Explorers[seat], Seed: ExplorerSeed(o.Seed, st.Round(), st.Drawn(), seat)}
		votes[n] = engine.Vote(seat, e.Leaves(&v))
		n++
	}
	for _, a := range votes[:n] {
		var err error
		if events, err = st.Step(a, events); err != nil {
			return events, err
		}
	}
	return events, nil
}

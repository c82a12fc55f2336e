package diamant

import (
	"slices"
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

// Explorers asks for computer explorers at a new table: their levels, one per explorer
// in seat order (as a form sends them: "easy", "normal", "hard"), or Count explorers of
// one Level; and the names they may take, in the page's language (the catalog's list).
type Explorers struct {
	Levels []string
	Count  int
	Level  string
	Names  []string
}

// levels are the explorers' levels asked for, one per explorer; refused: a level that is
// none, more explorers than a table has seats.
func (ex Explorers) levels() ([]engine.Level, error) {
	if ex.Count < 0 || ex.Count >= MaxSeats || len(ex.Levels) >= MaxSeats {
		return nil, refuseForm
	}
	asked := ex.Levels
	if len(asked) == 0 {
		for range ex.Count {
			asked = append(asked, ex.Level)
		}
	}
	out := make([]engine.Level, len(asked))
	for i, s := range asked {
		l, err := engine.ParseLevel(s)
		if err != nil {
			return nil, refuseForm
		}
		out[i] = l
	}
	return out, nil
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

// People counts the seats that are people's.
func (o *Options) People() int { return len(o.Players) - o.ExplorerSeats().Count() }

// addExplorers seats the explorers ex asks for after the people: their names are the
// first of ex.Names, from a place the seed chooses, that nobody at the table has.
func (o *Options) addExplorers(ex Explorers) error {
	levels, err := ex.levels()
	if err != nil || len(levels) == 0 {
		return err
	}
	if o.Vote != VotePhone {
		return refuseExplorersVote
	}
	if len(o.Players) == 0 {
		return refuseExplorersPerson
	}
	if n := len(o.Players) + len(levels); n > MaxSeats { // as the engine says it of people
		return &engine.Error{Code: engine.CodeTooManyPlayers, Seat: -1, Count: n, Limit: MaxSeats}
	}
	for _, level := range levels {
		if _, err := o.seatExplorer(level, ex.Names); err != nil {
			return err
		}
	}
	return nil
}

// seatExplorer seats one explorer of level after the others, named by explorerName; it
// returns the seat.
func (o *Options) seatExplorer(level engine.Level, names []string) (int, error) {
	if len(o.Players) >= MaxSeats {
		return 0, refuseFull
	}
	name := o.explorerName(names)
	if name == "" { // the list is too short for the table: a catalog's fault
		return 0, refuseForm
	}
	for len(o.Explorers) < len(o.Players) {
		o.Explorers = append(o.Explorers, "")
	}
	o.Players = append(slices.Clip(o.Players), name)
	o.Explorers = append(slices.Clip(o.Explorers), level)
	return len(o.Players) - 1, nil
}

// explorerName is a name for a new explorer: the first of names, from a place the seed
// chooses, that nobody at the table has (whatever the case); "" when none is left.
func (o *Options) explorerName(names []string) string {
	if len(names) == 0 {
		return ""
	}
	start := int(o.Seed % uint64(len(names)))
	for i := range names {
		name := engine.CleanName(names[(start+i)%len(names)])
		if name != "" && !slices.ContainsFunc(o.Players, func(p string) bool { return strings.EqualFold(engine.CleanName(p), name) }) {
			return name
		}
	}
	return ""
}

// AddExplorer seats a computer explorer of level in the lobby, on the host's phone, which
// keeps it (nobody claims it); its name is explorerName's. It returns the new devices.
func (o *Options) AddExplorer(devices []table.Device, level string, names []string) ([]table.Device, error) {
	if !o.Lobby {
		return nil, refuseFull
	}
	lv, err := engine.ParseLevel(level)
	if err != nil {
		return nil, refuseForm
	}
	seat, err := o.seatExplorer(lv, names)
	if err != nil {
		return nil, err
	}
	o.Own = append(o.Own, seat)
	return table.MoveSeat(devices, seat, devices[table.Host(devices)].ID), nil
}

// YieldName gives a person joining the lobby the name an explorer has (whatever the case):
// the explorer takes another from names, so that a person's name is never an explorer's.
// Without another name free, the person's is refused as taken.
func (o *Options) YieldName(name string, names []string) {
	name = engine.CleanName(name)
	for seat, p := range o.Players {
		if o.IsExplorer(seat) && strings.EqualFold(p, name) { // an explorer's name is clean
			players := slices.Clone(o.Players)
			players[seat] = name // taken for explorerName: the person's now
			o2 := *o
			o2.Players = players
			if other := o2.explorerName(names); other != "" {
				players[seat] = other
				o.Players = players
			}
			return
		}
	}
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

package diamant

import (
	"slices"
	"strings"
	"unicode/utf8"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

// The host's changes of a table, made on the table's page or from the game's screen:
// what each may change of the options and the devices, and why it is refused (a
// *table.Refusal, which the handler says in the request's language). The devices are
// never changed in place: a change returns new ones.

// Refusals of a change that the host's forms send.
var (
	refuseForm    = table.Refuse(table.BadForm, "diamant.error.form")
	refuseFull    = table.Refuse(table.Conflict, "diamant.error.seats.full")
	refuseRemove  = table.Refuse(table.Conflict, "diamant.error.remove")
	refuseStarted = table.Refuse(table.Conflict, "diamant.error.started")
	refuseFree    = table.Refuse(table.Conflict, "diamant.error.free")
	refuseOpen    = table.Refuse(table.Conflict, "diamant.error.open.already")
	refuseHost    = table.Refuse(table.Forbidden, "diamant.error.host")
	refuseStale   = table.Refuse(table.Conflict, "diamant.error.stale")
)

// Seat actions of the host, as the table's page names them.
const (
	SeatAdd    = "add"    // in the lobby, a new seat on the host's phone, which keeps it
	SeatTake   = "take"   // a seat taken back from another phone: free again for another to claim
	SeatKeep   = "keep"   // a free seat on the host's phone, kept by it
	SeatFree   = "free"   // a seat the host's phone kept, free for another phone to claim
	SeatRemove = "remove" // in the lobby, a seat on the host's phone that nobody plays
	// In the lobby, a computer explorer on the host's phone, which keeps it (AddExplorer).
	SeatExplorer = "explorer"
)

// MaxSeats is how many seats a table has at most: the engine's players.
const MaxSeats = engine.MaxPlayers

// CheckedName cleans a player's name (the engine's CleanName) and refuses it when it
// cannot be one: empty, longer than the engine's MaxNameRunes, or already among taken
// (whatever the case).
func CheckedName(name string, taken []string) (string, *table.Refusal) {
	name = engine.CleanName(name)
	switch {
	case name == "":
		return name, table.Refuse(table.Invalid, "diamant.join.name.empty")
	case utf8.RuneCountInString(name) > engine.MaxNameRunes:
		return name, table.Refuse(table.Invalid, "diamant.join.name.long", "Limit", engine.MaxNameRunes)
	}
	for _, n := range taken {
		if strings.EqualFold(n, name) {
			return name, table.Refuse(table.Invalid, "diamant.join.name.taken", "Name", name)
		}
	}
	return name, nil
}

// ChangeSeat is the host's seat action do: SeatAdd a seat for the player named name (in
// the lobby), the others of seat. logLen is the log's length (a seat taken back during a
// game keeps its secrets, HandOver). It changes o and returns the new devices.
func (o *Options) ChangeSeat(devices []table.Device, do string, seat int, name string, logLen int) ([]table.Device, error) {
	host := table.Host(devices)
	if do == SeatAdd {
		if !o.Lobby {
			return nil, refuseFull
		}
		seat, err := o.AddPlayer(name)
		if err != nil {
			return nil, err
		}
		o.Own = append(o.Own, seat)
		return table.MoveSeat(devices, seat, devices[host].ID), nil
	}
	if seat < 0 || seat >= len(o.Players) {
		return nil, refuseForm
	}
	h := table.Holder(devices, seat)
	switch do {
	case SeatTake:
		if h < 0 || h == host {
			return nil, refuseForm
		}
		HandOver(o, seat, devices[h].ID, devices[host].ID, devices[host].ID, logLen)
		o.Own = slices.DeleteFunc(o.Own, func(x int) bool { return x == seat })
		return table.MoveSeat(devices, seat, devices[host].ID), nil
	case SeatKeep:
		if h != host || slices.Contains(o.Own, seat) {
			return nil, refuseForm
		}
		o.Own = append(o.Own, seat)
	case SeatFree:
		o.Own = slices.DeleteFunc(o.Own, func(x int) bool { return x == seat })
	case SeatRemove:
		if !o.Lobby || h != host || seat == 0 {
			return nil, refuseRemove
		}
		o.Players = slices.Delete(slices.Clone(o.Players), seat, seat+1)
		if seat < len(o.Explorers) {
			o.Explorers = slices.Delete(slices.Clone(o.Explorers), seat, seat+1)
		}
		o.Own = table.WithoutSeat(o.Own, seat)
		return table.RemoveSeat(devices, seat), nil
	default:
		return nil, refuseForm
	}
	return devices, nil
}

// Start starts the game of a table in its lobby, whose seats the devices hold: every seat
// must be held by a phone (none free), and the players must be a game the engine
// starts (an *engine.Error says why not).
func (o *Options) Start(devices []table.Device) error {
	if !o.Lobby {
		return refuseStarted
	}
	if len(table.FreeSeats(o.Own, devices)) > 0 {
		return refuseFree
	}
	if o.People() < 1 {
		return refuseExplorersPerson
	}
	if _, err := engine.New(o.Setup); err != nil {
		return err
	}
	o.Lobby = false
	o.Keepers, o.Moved = KeepersAt(devices, len(o.Players)), nil
	return nil
}

// Open opens a running one-phone table to other phones, once: the host's phone keeps the
// seats own (a seat that does not exist is -1), the others are free for other phones to
// claim; with hidden, each phone sees only its own chests. Once open, what each phone
// may see is fixed until the end: opening again would lift hidden chests, the seats'
// protection and the host's own seats. playing tells whether the table has a game.
func (o *Options) Open(playing bool, own []int, hidden bool) error {
	if !playing || o.Ended {
		return refuseForm
	}
	if o.Phones {
		return refuseOpen
	}
	o.Own = nil
	for _, seat := range own {
		if seat < 0 || seat >= len(o.Players) {
			return refuseForm
		}
		o.Own = append(o.Own, seat)
	}
	for seat := range o.Explorers { // a computer explorer stays on the host's phone: nobody claims it
		if o.IsExplorer(seat) && !slices.Contains(o.Own, seat) {
			o.Own = append(o.Own, seat)
		}
	}
	o.Phones, o.Hidden, o.Vote = true, hidden, VotePhone
	return nil
}

// SetDraw sets how the table draws: DrawApp or DrawBox.
func (o *Options) SetDraw(draw string) error {
	if draw != DrawApp && draw != DrawBox {
		return refuseForm
	}
	o.Draw = draw
	return nil
}

// End ends the table: the game stops where it is, every chest is shown.
func (o *Options) End() { o.Ended, o.Proposal = true, nil }

// Again are the options of a new game with the same players and ways of drawing and
// voting, dealt from seed: one phone's new table (the others join it by its own code).
func (o Options) Again(seed uint64) Options {
	o.Seed = seed
	o.Phones, o.Lobby, o.Own, o.Ended, o.Proposal = false, false, nil, false, nil
	o.Keepers, o.Moved = nil, nil
	return o
}

// Propose is the host's proposal of "leave" for seat, which must be still to vote in the
// open vote, and whose phone must be away.
func (t *Table) Propose(seat int, away bool) (*Proposal, error) {
	if t.State == nil || !t.State.VoteDue() || !t.State.Waiting().Has(seat) {
		return nil, refuseForm
	}
	if !away {
		return nil, table.Refuse(table.Conflict, "diamant.error.notaway", "Name", t.State.Name(seat))
	}
	return &Proposal{Seat: seat, Step: t.VoteStep()}, nil
}

// ConfirmProposal is the action of the host's proposal confirmed: its seat votes "leave".
// Only the host confirms, and only a proposal of the vote now open, for a seat still to
// vote.
func (t *Table) ConfirmProposal() (engine.Action, error) {
	pr := t.Opt.Proposal
	if !t.Host {
		return engine.Action{}, refuseHost
	}
	if pr == nil || pr.Step != t.VoteStep() || !t.State.Waiting().Has(pr.Seat) {
		return engine.Action{}, refuseStale
	}
	return engine.Vote(pr.Seat, true), nil
}

// AddPlayer adds a seat for the player named name (CheckedName), as a phone joining the
// table in its lobby adds its own, or the host one on its phone; it returns the seat. The
// players are a copy: o's old list is never changed.
func (o *Options) AddPlayer(name string) (int, error) {
	return o.AddPlayerBeside(name, nil)
}

// AddPlayerBeside is AddPlayer at a table where a computer explorer may have the
// player's name: the explorer then takes another from explorers (the catalog's list), and
// the person keeps theirs (refused as taken only when no other is free).
func (o *Options) AddPlayerBeside(name string, explorers []string) (int, error) {
	if len(o.Players) >= MaxSeats {
		return 0, refuseFull
	}
	if len(explorers) > 0 {
		o.YieldName(name, explorers)
	}
	name, r := CheckedName(name, o.Players)
	if r != nil {
		return 0, r
	}
	o.Players = append(slices.Clip(o.Players), name)
	return len(o.Players) - 1, nil
}

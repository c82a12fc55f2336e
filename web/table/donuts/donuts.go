// Package donuts is a Donuts table apart from HTTP: its options as the store keeps them,
// its moves replayed, the computer's turn, and what an undo takes back.
//
// The options (the engine's spec plus who plays) are the table's setup, one plate per
// action is its log. Seat 0 is chocolate, seat 1 vanilla; a device holds the seats it
// plays: both for two players on one phone, the person's own against the computer.
package donuts

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	engine "tavolo/companion/donuts"
	"tavolo/web/table"
)

// Ways of playing.
const (
	ModeTwo      = "two"      // two players passing one phone
	ModeComputer = "computer" // one player against the computer
)

// Options are what the store keeps as a table's setup.
type Options struct {
	Spec  engine.Spec  `json:"spec"`
	Mode  string       `json:"mode"`
	Level engine.Level `json:"level,omitempty"` // against the computer
	Human engine.Color `json:"human,omitempty"` // against the computer: the person's colour
	AI    uint64       `json:"ai,omitempty"`    // the computer's seed, so a game replays alike
	Drawn bool         `json:"drawn,omitempty"` // the first player was drawn by lot

	// Two phones: the table is open to a second phone (it has a join code). Own is the
	// seat the host's phone keeps; the other is free for a phone to take (until then the
	// host's phone plays both colours).
	Phones bool     `json:"phones,omitempty"`
	Own    []int    `json:"own,omitempty"`
	Ask    *UndoAsk `json:"ask,omitempty"` // on two phones, a phone asks the other to take back the last move
}

// UndoAsk is a phone's request to take back the last move. It holds while the table is
// at the version the request made: any move, undo or other change makes it stale.
type UndoAsk struct {
	Seat    int   `json:"seat"`    // the seat that asks
	Version int64 `json:"version"` // the table's version once the request is stored
}

// OpenTo opens a table of two players on one phone to a second phone: the host's phone
// keeps the colour keep, the other becomes free. False when the table is not one that
// opens (against the computer, or open already).
func (o *Options) OpenTo(keep engine.Color) bool {
	if o.Mode != ModeTwo || o.Phones || (keep != engine.Chocolate && keep != engine.Vanilla) {
		return false
	}
	o.Phones, o.Own, o.Ask = true, []int{SeatOf(keep)}, nil
	return true
}

// Computer is the computer's colour, None when two people play.
func (o Options) Computer() engine.Color {
	if o.Mode != ModeComputer {
		return engine.None
	}
	return o.Human.Other()
}

// Seats are the seats the device that opens a table holds: both between two people on
// one phone, the person's own against the computer.
func (o Options) Seats() []int {
	if o.Mode == ModeComputer {
		return []int{SeatOf(o.Human)}
	}
	return []int{0, 1}
}

// SeatOf is the seat of a colour.
func SeatOf(c engine.Color) int { return int(c) - 1 }

// ColorOf is the colour of a seat.
func ColorOf(seat int) engine.Color { return engine.Color(seat + 1) }

// PlaysFor is the colour a device holding seats places now: the game's turn when it holds
// both (one phone between two people), its own colour when it holds one; None when none.
func (t *Table) PlaysFor(seats []int) engine.Color {
	switch len(seats) {
	case 0:
		return engine.None
	case 1:
		return ColorOf(seats[0])
	}
	return t.Game.Turn()
}

// OpenAsk is the phone's request to take back the last move, if one holds now.
func (t *Table) OpenAsk() *UndoAsk {
	if a := t.Opt.Ask; a != nil && a.Version == t.Rec.Version && len(t.Events) > 0 {
		return a
	}
	return nil
}

// Table is a table's record replayed: its game, and each move's event in order.
type Table struct {
	Rec    table.Record
	Opt    Options
	Game   *engine.Game
	Events []engine.Event
}

// Game is Donuts as a table plays it (table.Open reads a Donuts table with it). Its
// state is shared by every reader of a version: a request that plays takes Own.
var Game table.Game[*Table] = game{}

type game struct{}

func (game) Name() string                            { return "donuts" }
func (game) Replay(rec table.Record) (*Table, error) { return Load(rec) }
func (game) Seats(t *Table) table.SeatSet {
	var s table.SeatSet
	for _, x := range t.Opt.Seats() {
		s |= 1 << x
	}
	return s
}

// Own is a copy of t that a request may play on: its record rec (the requesting
// device's), its own game and events.
func (t *Table) Own(rec table.Record) *Table {
	return &Table{Rec: table.HandOut(rec), Opt: t.Opt, Game: t.Game.Clone(), Events: slices.Clone(t.Events)}
}

// Share is a copy of t to keep as its version's replay, which every reader then shares
// (t goes on changing).
func (t *Table) Share() *Table {
	return &Table{Opt: t.Opt, Game: t.Game.Clone(), Events: slices.Clip(slices.Clone(t.Events))}
}

// ErrNoHuman: a game against the computer whose options give the person no colour. No
// form makes one; its seats cannot be told (the person's seat would be -1), so it is
// refused as it is read, before anything asks for them.
var ErrNoHuman = fmt.Errorf("%w: against the computer, but the person plays no colour", table.ErrOption)

// Load decodes a table's options and moves and replays them.
func Load(rec table.Record) (*Table, error) {
	t := &Table{Rec: rec}
	if err := json.Unmarshal(rec.Setup, &t.Opt); err != nil {
		return nil, fmt.Errorf("donuts table %s: setup: %w", rec.ID, err)
	}
	if t.Opt.Mode == ModeComputer && t.Opt.Human != engine.Chocolate && t.Opt.Human != engine.Vanilla {
		return nil, fmt.Errorf("donuts table %s: %w", rec.ID, ErrNoHuman)
	}
	moves := make([]engine.Point, len(rec.Log))
	for i, raw := range rec.Log {
		if err := json.Unmarshal(raw, &moves[i]); err != nil {
			return nil, fmt.Errorf("donuts table %s: move %d: %w", rec.ID, i, err)
		}
	}
	if err := t.Replay(moves); err != nil {
		return nil, fmt.Errorf("donuts table %s: %w", rec.ID, err)
	}
	return t, nil
}

// Replay rebuilds the game from its moves, keeping each move's event. A whole game
// replays in microseconds.
func (t *Table) Replay(moves []engine.Point) error {
	g, err := engine.New(t.Opt.Spec)
	if err != nil {
		return err
	}
	t.Game, t.Events = g, t.Events[:0]
	for i, m := range moves {
		ev, err := g.Play(m)
		if err != nil {
			return fmt.Errorf("move %d: %w", i, err)
		}
		t.Events = append(t.Events, ev)
	}
	return nil
}

// ComputerMove is the computer's next plate, when it is its turn. Its choice depends only
// on the game and the table's seed, so replaying the log gives the same game; a hard
// choice is searched once per situation and then found in kept (which may be nil: no
// memo).
func (t *Table) ComputerMove(kept *Choices) (engine.Point, bool) {
	ai := t.Opt.Computer()
	if ai == engine.None || t.Game.Turn() != ai || t.Game.Finished() {
		return engine.Point{}, false
	}
	return kept.Choose(t.computer(), t.Game)
}

// computer is the table's computer player.
func (t *Table) computer() engine.Player {
	return engine.Player{Level: t.Opt.Level, Seed: t.Opt.AI}
}

// ReplySearches tells whether placing a donut of by at p would have the computer search
// for its reply: against the hard computer, whose turn it then is, in a situation whose
// choice kept does not hold. False for a move the rules refuse. The game is not changed.
func (t *Table) ReplySearches(kept *Choices, by engine.Color, p engine.Point) bool {
	ai := t.Opt.Computer()
	pl := t.computer()
	if ai == engine.None || !pl.Searches() {
		return false
	}
	g := t.Game.Clone()
	if _, err := g.PlayAs(by, p); err != nil || g.Finished() || g.Turn() != ai {
		return false
	}
	return !kept.Known(pl, g)
}

// Undoable is how many moves an undo takes back: against the computer, back to the
// person's last move (the computer's reply and that move); between two people, the last
// move. Zero when there is nothing of the person's to take back.
func (t *Table) Undoable() int {
	n := len(t.Events)
	ai := t.Opt.Computer()
	if ai == engine.None {
		return min(n, 1)
	}
	for i := n - 1; i >= 0; i-- {
		if t.Events[i].By != ai {
			return n - i
		}
	}
	return 0
}

// Other is the device that holds a colour at the table besides d: on two phones, the
// other phone, once it has joined.
func (t *Table) Other(d table.Device) (table.Device, bool) {
	for _, o := range t.Rec.Devices {
		if o.ID != d.ID && len(o.Seats) > 0 {
			return o, true
		}
	}
	return table.Device{}, false
}

// TwoPhones tells whether d plays one colour and another phone the other.
func (t *Table) TwoPhones(d table.Device) bool {
	_, ok := t.Other(d)
	return t.Opt.Phones && ok && len(d.Seats) == 1
}

// MayPlace tells whether d places the next donut.
func (t *Table) MayPlace(d table.Device) bool {
	by := t.PlaysFor(d.Seats)
	return by != engine.None && by == t.Game.Turn() && !t.Game.Finished()
}

// SeedText is the board's number as shown, or "" for a board given plate by plate.
func (o Options) SeedText() string {
	if o.Spec.Seed == nil {
		return ""
	}
	return strconv.FormatUint(*o.Spec.Seed, 10)
}

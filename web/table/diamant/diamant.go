// Package diamant is a Diamant table apart from HTTP: its options as the store keeps
// them, its log replayed (once per version, shared by every device), and the rules of a
// table around the engine's: who votes next on a device, which chests it may see, which
// vote is open, what a seat keeps secret when it changes phones, the card an app draws.
//
// The options (the engine's setup plus how the table draws and votes) are the table's
// setup, the actions its log, and the devices at it hold its seats: one device (the host)
// holds every seat of a one-phone table, a table with a phone per player adds devices
// with one seat each, and nothing else changes: every check asks "does this device hold
// that seat".
package diamant

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
	"strconv"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

// Ways of drawing and voting.
const (
	DrawApp   = "app"   // the app shuffles and draws
	DrawBox   = "box"   // someone draws the real card and enters it
	VotePhone = "phone" // secret votes, one by one, on the device holding the seats
	VoteCards = "cards" // the box's vote cards; someone enters who leaves
)

// Options is what the store keeps as a table's setup.
type Options struct {
	engine.Setup
	Draw string `json:"draw"`
	Vote string `json:"vote"`

	// A table with a phone each. All empty on a one-phone table.
	Phones   bool      `json:"phones,omitempty"`   // open to other phones: it has a join code
	Lobby    bool      `json:"lobby,omitempty"`    // seats are still being taken: no game yet
	Hidden   bool      `json:"hidden,omitempty"`   // a device sees only its own chests until the end
	Own      []int     `json:"own,omitempty"`      // seats the host's phone keeps: never offered to joiners
	Ended    bool      `json:"ended,omitempty"`    // the host ended the table
	Proposal *Proposal `json:"proposal,omitempty"` // the host proposes "leave" for a seat that is away

	// A seat's secrets stay with the phone that had them when the seat changes phones
	// during a game (HandOver). Both are indexed by seat.
	Keepers []string `json:"keepers,omitempty"` // the device that may see the seat's hidden chest ("": whichever holds it)
	Moved   []int    `json:"moved,omitempty"`   // the log's length when the seat last changed phones: its votes cast before are never shown

	// Explorers are the computer explorers' levels by seat, "" for a person (explorers.go).
	Explorers []engine.Level `json:"explorers,omitempty"`
}

// Clone is a copy of o that may be changed apart from it.
func (o Options) Clone() Options {
	o.Players, o.Own = slices.Clone(o.Players), slices.Clone(o.Own)
	o.Keepers, o.Moved = slices.Clone(o.Keepers), slices.Clone(o.Moved)
	o.Explorers = slices.Clone(o.Explorers)
	if o.Proposal != nil {
		p := *o.Proposal
		o.Proposal = &p
	}
	return o
}

// Proposal is the host's "leave" for a seat whose phone is away, pending confirmation.
// It holds for one vote only (Step).
type Proposal struct {
	Seat int    `json:"seat"`
	Step string `json:"step"`
}

// Table is a table's record replayed: the game (its options, actions, state), and the
// device reading it. A version's replay (Replay, Share) is the game alone, shared by every
// device at the table, so read-only: a device reads it as it finds the table (At), or
// takes its own copy to act on (Own).
type Table struct {
	Rec     table.Record
	Opt     Options
	Actions []engine.Action
	Stamps  []int64       // each action's stamp (Entry.At): the version a draw made; 0 if none
	State   *engine.State // nil in the lobby
	Last    []engine.Event
	Card    engine.Card // the last card drawn in the round being played; NoCard at its start
	Names   []string    // the players' names as the engine has them; never changed

	// The device reading the table; none in a version's replay.
	Seats  engine.Seats // the seats it holds
	Device string
	Host   bool // it is the table's host
}

// Game is Diamant as a table plays it (table.Open reads a Diamant table with it). Its
// replay is shared by every reader of a version: a device reads it with At, and a request
// that acts takes Own.
var Game table.Game[*Table] = game{}

type game struct{}

func (game) Name() string                            { return "diamant" }
func (game) Replay(rec table.Record) (*Table, error) { return Replay(rec) }
func (game) Seats(t *Table) table.SeatSet            { return table.AllSeats(len(t.Opt.Players)) }

// Replay decodes a table's options and log and replays it: the version's replay, to share
// (Share).
func Replay(rec table.Record) (*Table, error) {
	t := &Table{Rec: rec}
	if err := json.Unmarshal(rec.Setup, &t.Opt); err != nil {
		return nil, fmt.Errorf("diamant table %s: setup: %w", rec.ID, err)
	}
	t.Actions, t.Stamps = make([]engine.Action, len(rec.Log)), make([]int64, len(rec.Log))
	for i, raw := range rec.Log {
		var e Entry
		if err := json.Unmarshal(raw, &e); err != nil {
			return nil, fmt.Errorf("diamant table %s: action %d: %w", rec.ID, i, err)
		}
		t.Actions[i], t.Stamps[i] = e.Action, e.At
	}
	if !t.Opt.Lobby { // in the lobby there is no game yet: the state stays nil
		if err := t.Replay(); err != nil {
			return nil, fmt.Errorf("diamant table %s: %w", rec.ID, err)
		}
	}
	return t.Share(), nil
}

// Share is a copy of t's game to keep as its version's replay, which every reader then
// shares (t goes on changing): no record, no device.
func (t *Table) Share() *Table {
	r := &Table{Opt: t.Opt, Actions: slices.Clip(t.Actions), Stamps: slices.Clip(t.Stamps), Last: slices.Clip(t.Last), Card: t.Card, Names: t.Names}
	if t.State != nil {
		st := *t.State
		r.State = &st
	}
	return r
}

// At is the replay t as device d finds the table at rec, for reading only: it shares rec
// and the replay with every reader of that version, and must not be changed. (A live
// stream reads its table so at every version, into the same place.)
func (t *Table) At(rec table.Record, d table.Device) Table {
	at := *t
	// A computer explorer's seat is on the host's phone, which never acts for it nor sees
	// what only the seat may see (its hidden chest): the device holds the people's seats.
	at.Rec, at.Seats, at.Device, at.Host = rec, engine.SeatsOf(d.Seats...)&^t.Opt.ExplorerSeats(), d.ID, d.Host
	return at
}

// Own is a copy of the replay t that a request may act on, as device d finds the table at
// rec: its own record (table.HandOut) and state (an action applies to it).
func (t *Table) Own(rec table.Record, d table.Device) *Table {
	own := t.At(table.HandOut(rec), d)
	if own.State != nil {
		st := *own.State
		own.State = &st
	}
	return &own
}

// Replay rebuilds the state from the log, keeping the last action's events (what the
// screen explains) and the last card drawn this round. A game replays in microseconds.
func (t *Table) Replay() error {
	st, events, err := engine.Start(t.Opt.Setup)
	if err != nil {
		return err
	}
	t.State, t.Last, t.Card, t.Names = st, events, engine.NoCard, st.Names()
	for i, a := range t.Actions {
		events, err := st.Apply(a)
		if err == nil {
			events, err = t.Opt.ExplorersVote(st, events)
		}
		if err != nil {
			return fmt.Errorf("action %d: %w", i, err)
		}
		t.Note(events)
	}
	return nil
}

// Note keeps an action's events as the last ones and follows the last card drawn.
func (t *Table) Note(events []engine.Event) {
	t.Last = events
	for _, e := range events {
		switch e.Type {
		case engine.EvTreasure, engine.EvHazard, engine.EvIdol:
			t.Card = e.Card
		case engine.EvRoundStarted:
			t.Card = engine.NoCard
		}
	}
}

// Apply applies an action to the game and logs it, made at the table's version: the next
// version is the one the action makes (a draw's stamp). It returns the entry as the log
// keeps it (Entry), for the store; an *engine.Error when the rules refuse the action,
// which then changes nothing.
func (t *Table) Apply(a engine.Action) ([]byte, error) {
	events, err := t.State.Apply(a)
	if err != nil {
		return nil, err
	}
	// The explorers' votes follow the action that completes the people's vote; they are
	// not logged: a replay casts them again.
	if events, err = t.Opt.ExplorersVote(t.State, events); err != nil {
		return nil, err
	}
	e := Entry{Action: a}
	if a.Type == engine.ActDraw {
		e.At = t.Rec.Version + 1
	}
	raw, err := json.Marshal(e)
	if err != nil {
		return nil, err
	}
	t.Actions, t.Stamps = append(t.Actions, a), append(t.Stamps, e.At)
	t.Note(events)
	return raw, nil
}

// Undo takes back the last action and replays the game without it.
func (t *Table) Undo() error {
	n := len(t.Actions) - 1
	t.Actions = t.Actions[:n]
	if n < len(t.Stamps) {
		t.Stamps = t.Stamps[:n]
	}
	return t.Replay()
}

// LastAction is the last action of the log and whether there is one.
func (t *Table) LastAction() (engine.Action, bool) {
	if len(t.Actions) == 0 {
		return engine.Action{}, false
	}
	return t.Actions[len(t.Actions)-1], true
}

// NextVoter is the seat that votes next on this device in a secret vote: the first
// waiting seat it holds, in seat order, that is a person's (an explorer votes by itself);
// -1 when none.
func (t *Table) NextVoter() int {
	return FirstSeat(t.State.Waiting() & t.Seats &^ t.Opt.ExplorerSeats())
}

// FirstSeat is the lowest seat of a set, -1 if it is empty (without the list Seats.List makes).
func FirstSeat(s engine.Seats) int {
	if s == 0 {
		return -1
	}
	return bits.TrailingZeros8(uint8(s))
}

// NewSeed is a random seed for a new table.
func NewSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return binary.LittleEndian.Uint64(b[:])
}

// Seated tells whether the device may act at the table: it holds a seat, or it is the host
// (who runs the table with or without one). A device whose seats the host took back has
// none: it may look, but not act.
func (t *Table) Seated() bool { return t.Host || t.Seats != 0 }

// Shown are the seats whose chests this device may see: its own while chests are hidden,
// every seat at the end. A seat that changed phones during the game shows its chest only
// to the phone that kept it (opt.Keepers), not to whoever holds it now.
func (t *Table) Shown() engine.Seats {
	if !t.Opt.Hidden || t.Opt.Ended || t.State == nil || t.State.Finished() {
		return engine.SeatsOf(0, 1, 2, 3, 4, 5, 6, 7)
	}
	seen := t.Seats
	for seat, keeper := range t.Opt.Keepers {
		if keeper != "" && keeper != t.Device {
			seen &^= engine.SeatsOf(seat)
		}
	}
	return seen
}

// Secrets and seats that change phones. A seat handed from one phone to another during a
// game (the host takes it back, another phone claims it) keeps its secrets from the new
// phone:
//
//   - its vote, if it has voted in the open vote, stays counted (the game loses nothing)
//     but is never shown: "You chose to leave" is shown only for a vote cast after the seat
//     last changed phones (opt.Moved);
//   - its chest, while chests are hidden, is shown only to the phone that kept it
//     (opt.Keepers: the phone holding the seat when the game started, or for a one-phone
//     table opened during its game, the first other phone to hold it); whoever else holds
//     the seat reads why it is hidden, until the end. A player whose phone died and who
//     comes back on a new one sees the chest hidden too: the server cannot tell them from
//     someone else.

// KeepersAt are the devices holding each seat as a game starts: each sees its own chests.
func KeepersAt(devices []table.Device, seats int) []string {
	keepers := make([]string, seats)
	for seat := range keepers {
		if h := table.Holder(devices, seat); h >= 0 {
			keepers[seat] = devices[h].ID
		}
	}
	return keepers
}

// HandOver notes in opt that a seat goes from one device to another while a game runs,
// when the log is logLen long. The seat's keeper, if it had none, is the first phone that
// is not the host's to hold it (the one it goes from, or else the one it goes to): a seat
// still on the host's phone of a table opened during its game had no secret from it.
func HandOver(opt *Options, seat int, from, to, host string, logLen int) {
	if opt.Lobby || seat < 0 || seat >= len(opt.Players) {
		return
	}
	for len(opt.Moved) < len(opt.Players) {
		opt.Moved = append(opt.Moved, 0)
	}
	opt.Moved[seat] = logLen
	for len(opt.Keepers) < len(opt.Players) {
		opt.Keepers = append(opt.Keepers, "")
	}
	if opt.Keepers[seat] == "" {
		opt.Keepers[seat] = from
		if from == host {
			opt.Keepers[seat] = to
		}
	}
}

// VoteStep names the vote now open: its round, where its votes begin in the log, and the
// version made by the draw that opened it. A vote form carries it, so that the other
// phones' votes (which move the version on) do not make it stale; but after an undo, a
// draw opens a new vote at the same place of the log, and the draw's version tells the
// two apart.
func (t *Table) VoteStep() string {
	n := len(t.Actions)
	for n > 0 && t.Actions[n-1].Type == engine.ActVote {
		n--
	}
	step := strconv.Itoa(t.State.Round()) + "." + strconv.Itoa(n)
	if n > 0 && n <= len(t.Stamps) && t.Stamps[n-1] > 0 {
		step += "." + strconv.FormatInt(t.Stamps[n-1], 10)
	}
	return step
}

// PendingVote is how a seat has voted in the open vote, if it has, and if it did so on the
// phone holding it now: a vote cast before the seat changed phones is not the new phone's
// to read (opt.Moved).
func (t *Table) PendingVote(seat int) (leave, ok bool) {
	for i := len(t.Actions) - 1; i >= 0 && t.Actions[i].Type == engine.ActVote; i-- {
		if t.Actions[i].Seat == seat {
			if seat < len(t.Opt.Moved) && i < t.Opt.Moved[seat] {
				return false, false
			}
			return t.Actions[i].Leave, true
		}
	}
	return false, false
}

// MayUndo: on a table with a phone each, only the host undoes (it never shows a vote).
func (t *Table) MayUndo() bool { return !t.Opt.Phones || t.Host }

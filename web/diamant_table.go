package web

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/web/table"
)

// A Diamant table as the server keeps it: the options (the engine's setup plus how the
// table draws and votes) in the store's setup, the actions in its log, and the devices
// at it, each holding some seats. Here one device (the host) holds every seat; a table
// with a phone per player adds devices with one seat each, and nothing else changes:
// every check below asks "does this device hold that seat".

// Ways of drawing and voting.
const (
	drawApp   = "app"   // the app shuffles and draws
	drawBox   = "box"   // someone draws the real card and enters it
	votePhone = "phone" // secret votes, one by one, on the device holding the seats
	voteCards = "cards" // the box's vote cards; someone enters who leaves
)

// diamantOptions is what the store keeps as a table's setup.
type diamantOptions struct {
	diamant.Setup
	Draw string `json:"draw"`
	Vote string `json:"vote"`

	// A table with a phone each (see diamant_phones.go). All empty on a one-phone table.
	Phones   bool      `json:"phones,omitempty"`   // open to other phones: it has a join code
	Lobby    bool      `json:"lobby,omitempty"`    // seats are still being taken: no game yet
	Hidden   bool      `json:"hidden,omitempty"`   // a device sees only its own chests until the end
	Own      []int     `json:"own,omitempty"`      // seats the host's phone keeps: never offered to joiners
	Ended    bool      `json:"ended,omitempty"`    // the host ended the table
	Proposal *proposal `json:"proposal,omitempty"` // the host proposes "leave" for a seat that is away

	// A seat's secrets stay with the phone that had them when the seat changes phones
	// during a game (handOver, diamant_phones.go). Both are indexed by seat.
	Keepers []string `json:"keepers,omitempty"` // the device that may see the seat's hidden chest ("": whichever holds it)
	Moved   []int    `json:"moved,omitempty"`   // the log's length when the seat last changed phones: its votes cast before are never shown
}

// diamantTable is a table loaded and replayed for one request.
type diamantTable struct {
	rec     table.Record
	opt     diamantOptions
	actions []diamant.Action
	state   *diamant.State
	seats   diamant.Seats // the seats the requesting device holds
	device  string        // the requesting device
	host    bool          // the requesting device is the table's host
	last    []diamant.Event
	card    diamant.Card // the last card drawn in the round being played; NoCard at its start
	names   []string     // the players' names as the engine has them; never changed
}

// loadDiamant reads a table and replays it for the requesting device: the caller's own,
// which it may change (act applies its action to it).
func (s *Server) loadDiamant(c echo.Context, id string) (*diamantTable, error) {
	t := &diamantTable{}
	if err := s.readDiamant(c, id, t); err != nil {
		return nil, err
	}
	t.rec = handOut(t.rec)
	if t.state != nil {
		st := *t.state
		t.state = &st
	}
	return t, nil
}

// readDiamant loads a table into t for reading only: t then shares the record and the
// replay with every reader of that version, and must not be changed. A live stream reads
// its table so at every version, into the same t.
func (s *Server) readDiamant(c echo.Context, id string, t *diamantTable) error {
	// As loadTable, without copying the record: a 404 for anything that is not a Diamant
	// table, a 403 for a device that holds no seat there.
	if !table.ValidID(id) {
		return echo.ErrNotFound
	}
	rec, err := s.tables.Read(c.Request().Context(), id)
	if errors.Is(err, table.ErrNotFound) || err == nil && rec.Game != "diamant" {
		return echo.ErrNotFound
	}
	if err != nil {
		return err
	}
	device, err := s.deviceID(c)
	if err != nil {
		return err
	}
	at := slices.IndexFunc(rec.Devices, func(d table.Device) bool { return d.ID == device })
	if at < 0 {
		return errNotAtTable
	}
	// The replay is shared by every device at this version: replayed once, kept with
	// the table in memory.
	r := s.tables.diamantReplay(id, rec.Version)
	replayed := r == nil
	if replayed {
		if r, err = replayDiamant(rec); err != nil {
			// Its options or its log cannot be read or replayed: refused, said so.
			return &pageError{status: http.StatusInternalServerError, title: "diamant.error.damaged.title", body: "diamant.error.damaged", err: err}
		}
		s.tables.keepDiamantReplay(id, rec.Version, r)
	}
	// A record whose seats disagree with its players is repaired as it is read (a check of
	// a few bits when they agree, as they always do once written by store.Update).
	if devices, repaired := table.RepairSeats(rec.Devices, len(r.opt.Players)); repaired {
		if replayed {
			s.log.Warn("diamant table: seats repaired", "table", id, "version", rec.Version,
				"stored", fmt.Sprint(rec.Devices), "repaired", fmt.Sprint(devices))
		}
		rec.Devices = devices // rec is this reader's copy of the record's header: the cache's is unchanged
	}
	d := rec.Devices[at]
	t.rec, t.device, t.seats, t.host = rec, d.ID, diamant.SeatsOf(d.Seats...), d.Host
	t.opt, t.actions, t.state, t.last, t.card, t.names = r.opt, r.actions, r.state, r.last, r.card, r.names
	return nil
}

// replayDiamant decodes a table's options and log and replays it.
func replayDiamant(rec table.Record) (*diamantReplay, error) {
	t := &diamantTable{rec: rec}
	if err := json.Unmarshal(rec.Setup, &t.opt); err != nil {
		return nil, fmt.Errorf("diamant table %s: setup: %w", rec.ID, err)
	}
	t.actions = make([]diamant.Action, len(rec.Log))
	for i, raw := range rec.Log {
		if err := json.Unmarshal(raw, &t.actions[i]); err != nil {
			return nil, fmt.Errorf("diamant table %s: action %d: %w", rec.ID, i, err)
		}
	}
	if !t.opt.Lobby { // in the lobby there is no game yet: the state stays nil
		if err := t.replay(); err != nil {
			return nil, fmt.Errorf("diamant table %s: %w", rec.ID, err)
		}
	}
	return t.shared(), nil
}

// shared is the part of t that every device at the table sees alike, to keep in the cache:
// copies, so that t may go on changing.
func (t *diamantTable) shared() *diamantReplay {
	r := &diamantReplay{opt: t.opt, actions: slices.Clip(t.actions), last: slices.Clip(t.last), card: t.card, names: t.names}
	if t.state != nil {
		st := *t.state
		r.state = &st
	}
	return r
}

// replay rebuilds the state from the log, keeping the last action's events (what the
// screen explains) and the last card drawn this round. A game replays in microseconds.
func (t *diamantTable) replay() error {
	st, events, err := diamant.Start(t.opt.Setup)
	if err != nil {
		return err
	}
	t.state, t.last, t.card, t.names = st, events, diamant.NoCard, st.Names()
	for i, a := range t.actions {
		events, err := st.Apply(a)
		if err != nil {
			return fmt.Errorf("action %d: %w", i, err)
		}
		t.note(events)
	}
	return nil
}

// note keeps an action's events as the last ones and follows the last card drawn.
func (t *diamantTable) note(events []diamant.Event) {
	t.last = events
	for _, e := range events {
		switch e.Type {
		case diamant.EvTreasure, diamant.EvHazard, diamant.EvIdol:
			t.card = e.Card
		case diamant.EvRoundStarted:
			t.card = diamant.NoCard
		}
	}
}

// lastAction is the last action of the log and whether there is one.
func (t *diamantTable) lastAction() (diamant.Action, bool) {
	if len(t.actions) == 0 {
		return diamant.Action{}, false
	}
	return t.actions[len(t.actions)-1], true
}

// nextVoter is the seat that votes next on this device in a secret vote: the first
// waiting seat it holds, in seat order; -1 when none.
func (t *diamantTable) nextVoter() int {
	return firstSeat(t.state.Waiting() & t.seats)
}

// firstSeat is the lowest seat of a set, -1 if it is empty (without the list Seats.List makes).
func firstSeat(s diamant.Seats) int {
	if s == 0 {
		return -1
	}
	return bits.TrailingZeros8(uint8(s))
}

// randomCard picks the card an app-drawn table draws next. The log then stores that
// card, so a stored game never depends on how a card was picked; the pick depends only
// on the seed and the step, so the same seed always deals the same game (and undoing a
// draw does not change the card that comes).
func (t *diamantTable) randomCard() diamant.Card {
	r := splitmix(t.opt.Seed ^ splitmix(uint64(len(t.actions))+1))
	left := t.state.Remaining()
	total := 0
	for _, cc := range left {
		total += cc.Count
	}
	hi, _ := bits.Mul64(r, uint64(total))
	k := int(hi)
	for _, cc := range left {
		if k -= cc.Count; k < 0 {
			return cc.Card
		}
	}
	return diamant.NoCard // an empty deck: the engine then draws, or refuses, itself
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// newSeed is a random seed for a new table.
func newSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return binary.LittleEndian.Uint64(b[:])
}

// createDiamant stores a new table whose every seat is held by the device.
func (s *Server) createDiamant(ctx context.Context, device string, opt diamantOptions) (string, error) {
	raw, err := json.Marshal(opt)
	if err != nil {
		return "", err
	}
	seats := make([]int, len(opt.Players))
	for i := range seats {
		seats[i] = i
	}
	id := table.NewID()
	err = s.store.Create(ctx, table.Table{ID: id, Game: "diamant", Setup: raw}, table.Device{ID: device, Seats: seats, Host: true})
	return id, err
}

package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"tavolo/web/live"
)

// Tables runs a server's tables: each is read through the cache in front of the store
// (in the offline engine, from its store in memory, only the replays kept: Replays),
// changed one request at a time under its own lock, and every change is told to the
// table's live streams through the hub. A game plugs in through Game.
type Tables struct {
	cache keeper
	locks Locks
	hub   *live.Hub
	// With a store other servers write too: the store, and the cache (the same as
	// cache) whose tables it moves on (shared.go).
	shared Shared
	kept   *Cache
}

// NewTables runs the tables kept in s, with a cache of budget bytes, telling hub of every
// change. When s is Shared, the table's locks are taken in it too, and Follow hears the
// other servers' changes.
func NewTables(s Store, budget int, hub *live.Hub) *Tables {
	c := NewCache(s, budget)
	ts := &Tables{cache: c, hub: hub}
	if sh, ok := s.(Shared); ok {
		ts.shared, ts.kept = sh, c
	}
	return ts
}

// Store is the store behind the cache, for what is not a change of a running table:
// creating one, its join code, the lists, the sweep. Its reads and writes keep the cache
// right, but tell no stream.
func (ts *Tables) Store() Store { return ts.cache }

// Lock takes the lock of table id, to hold across a read and the change made from it.
// An id that has not the form of a table's is ErrNotFound, before any lock is made.
func (ts *Tables) Lock(id string) (unlock func(), err error) {
	if !ValidID(id) {
		return nil, ErrNotFound
	}
	unlock = ts.locks.Lock(id)
	if ts.shared != nil {
		return ts.lockShared(id, unlock)
	}
	return unlock, nil
}

// Create stores a new table of a game with its setup (as JSON), held by its host's
// device; it returns the table's id.
func (ts *Tables) Create(ctx context.Context, game string, setup any, host Device) (string, error) {
	raw, err := json.Marshal(setup)
	if err != nil {
		return "", err
	}
	id := NewID()
	return id, ts.cache.Create(ctx, Table{ID: id, Game: game, Setup: raw}, host)
}

// GiveCode gives a table a fresh join code (drawn again in the rare case of a clash).
func (ts *Tables) GiveCode(ctx context.Context, id string) error {
	for {
		err := ts.cache.SetCode(ctx, id, NewJoinCode())
		if !errors.Is(err, ErrCodeTaken) {
			return err
		}
	}
}

// LocksHeld is how many tables' locks are held or waited for.
func (ts *Tables) LocksHeld() int { return ts.locks.Held() }

// Append adds an action (made against version) to a table's log, and tells its streams.
// next is the game's state after it, when the caller has it: the new version's replay,
// which the streams then share rather than replay; it must never change afterwards.
func (ts *Tables) Append(ctx context.Context, id string, version int64, action json.RawMessage, finished bool, next any) (int64, error) {
	v, err := ts.cache.Append(ctx, id, version, action, finished)
	return ts.changed(ctx, id, v, err, next)
}

// Undo takes back the last action of a table's log, and tells its streams; next is as
// for Append.
func (ts *Tables) Undo(ctx context.Context, id string, version int64, finished bool, next any) (int64, error) {
	v, err := ts.cache.Undo(ctx, id, version, finished)
	return ts.changed(ctx, id, v, err, next)
}

// Update replaces a table's setup (unless nil) and devices (unless nil) in one write, and
// tells its streams.
func (ts *Tables) Update(ctx context.Context, id string, version int64, setup json.RawMessage, devices []Device) (int64, error) {
	v, err := ts.cache.Update(ctx, id, version, setup, devices)
	return ts.changed(ctx, id, v, err, nil)
}

func (ts *Tables) changed(ctx context.Context, id string, version int64, err error, next any) (int64, error) {
	if err != nil {
		return version, err
	}
	if next != nil {
		ts.cache.KeepReplay(id, version, next)
	}
	if answer, ok := ctx.Value(answerKey{}).(func(int64)); ok {
		answer(version)
	}
	ts.hub.Publish(id, version)
	return version, nil
}

type answerKey struct{}

// WithAnswer is ctx for a change whose new version goes back in the reply to the page that
// asked for it: answer is told the version before the table's streams are (web/kit's
// answered.go), so that the page's own stream need not send it again.
func WithAnswer(ctx context.Context, answer func(version int64)) context.Context {
	return context.WithValue(ctx, answerKey{}, answer)
}

// A Game is how a table's record becomes the game's state.
type Game[S any] interface {
	// Name is the game as a record names it ("diamant").
	Name() string
	// Replay reads a record's setup and log into the game's state at that version. The
	// state is shared by every reader of the version: nobody changes it.
	Replay(rec Record) (S, error)
	// Seats are the seats people hold (all, or all but the computer's).
	Seats(S) SeatSet
}

// Errors of Open.
var (
	// ErrNotAtTable: the device holds no place at the table.
	ErrNotAtTable = errors.New("table: the device is not at this table")
	// ErrDamaged: the table's setup or log cannot be read or replayed.
	ErrDamaged = errors.New("table: damaged")
)

// Opened is a table as one device finds it. Rec and State are shared with every reader of
// that version and must not be changed.
type Opened[S any] struct {
	Rec    Record
	State  S
	Device Device // this device's place, its seats checked against the game's
	// Repaired: the record's seats disagreed with the game's, and were repaired as read
	// (rec.Devices is this reader's own then; the stored record is unchanged).
	Repaired bool
}

// Open reads table id of game g as device finds it: ErrNotFound for anything that is not
// a table of that game, ErrNotAtTable for a device with no place there, ErrDamaged
// (wrapping why) for a record that cannot be replayed. The replay is made once per
// version and shared.
func Open[S any](ctx context.Context, ts *Tables, g Game[S], id, device string) (Opened[S], error) {
	var o Opened[S]
	if !ValidID(id) {
		return o, ErrNotFound
	}
	rec, err := ts.cache.read(ctx, id)
	if err != nil {
		return o, err
	}
	if rec.Game != g.Name() {
		return o, ErrNotFound
	}
	at := slices.IndexFunc(rec.Devices, func(d Device) bool { return d.ID == device })
	if at < 0 {
		return o, ErrNotAtTable
	}
	state, ok := ts.cache.Replayed(id, rec.Version).(S)
	if !ok {
		if state, err = g.Replay(rec); err != nil {
			return o, fmt.Errorf("%w: %s table %s: %w", ErrDamaged, rec.Game, id, err)
		}
		ts.cache.KeepReplay(id, rec.Version, state)
	}
	if devices, repaired := RepairSeats(rec.Devices, g.Seats(state)); repaired {
		rec.Devices, o.Repaired = devices, true
	}
	o.Rec, o.State, o.Device = rec, state, rec.Devices[at]
	return o, nil
}

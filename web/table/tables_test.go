package table_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/web/live"
	"tavolo/web/store"
	"tavolo/web/store/memory"
	"tavolo/web/table"
)

// counter is a game whose state is how many actions its log holds; its log entries must
// be numbers; it counts its replays.
type counter struct{ replays *int }

type counted struct{ actions int }

func (counter) Name() string                 { return "counter" }
func (counter) Seats(*counted) table.SeatSet { return table.AllSeats(2) }
func (g counter) Replay(rec table.Record) (*counted, error) {
	*g.replays++
	for _, raw := range rec.Log {
		var n int
		if err := json.Unmarshal(raw, &n); err != nil {
			return nil, err
		}
	}
	return &counted{actions: len(rec.Log)}, nil
}

func newTables(t *testing.T) (*table.Tables, *live.Hub) {
	t.Helper()
	db, err := store.OpenSQLite(t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	hub := live.NewHub()
	return table.NewTables(db, table.CacheBudget, hub), hub
}

// Open finds a table of its game for a device at it, and says why not otherwise.
func TestOpenRefusesWhatIsNotThisDevicesTable(t *testing.T) {
	ctx := context.Background()
	ts, _ := newTables(t)
	replays := 0
	g := counter{&replays}
	id, other := table.NewID(), table.NewID()
	require.NoError(t, ts.Store().Create(ctx, table.Table{ID: id, Game: "counter", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d1", Seats: []int{0, 1}, Host: true}))
	require.NoError(t, ts.Store().Create(ctx, table.Table{ID: other, Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d1", Host: true}))

	for _, tc := range []struct {
		id, device string
		want       error
	}{
		{"not-an-id", "d1", table.ErrNotFound},
		{strings.Repeat("a", 4096), "d1", table.ErrNotFound},
		{table.NewID(), "d1", table.ErrNotFound},
		{other, "d1", table.ErrNotFound}, // another game's
		{id, "d2", table.ErrNotAtTable},
	} {
		_, err := table.Open(ctx, ts, g, tc.id, tc.device)
		require.ErrorIs(t, err, tc.want, tc.id[:min(len(tc.id), 20)])
	}
	o, err := table.Open(ctx, ts, g, id, "d1")
	require.NoError(t, err)
	require.Equal(t, table.Device{ID: "d1", Seats: []int{0, 1}, Host: true}, o.Device)
	require.Equal(t, 0, o.State.actions)

	// A log that cannot be replayed: damaged, said so, never a panic.
	_, err = ts.Append(ctx, id, o.Rec.Version, json.RawMessage(`"x"`), false, nil)
	require.NoError(t, err)
	_, err = table.Open(ctx, ts, g, id, "d1")
	require.ErrorIs(t, err, table.ErrDamaged)
}

// A version is replayed once, whoever reads it; a change that brings its new state
// along is not replayed at all; every change wakes the table's streams. So on a server
// (the cache in front of SQLite) and in the offline engine (its store in memory, the
// replays kept alone).
func TestOpenSharesOneReplayPerVersion(t *testing.T) {
	t.Run("cache", func(t *testing.T) { ts, hub := newTables(t); testOneReplayPerVersion(t, ts, hub) })
	t.Run("in memory", func(t *testing.T) {
		hub := live.NewHub()
		testOneReplayPerVersion(t, table.NewTablesInMemory(memory.New(nil), hub), hub)
	})
}

func testOneReplayPerVersion(t *testing.T, ts *table.Tables, hub *live.Hub) {
	ctx := context.Background()
	replays := 0
	g := counter{&replays}
	id := table.NewID()
	require.NoError(t, ts.Store().Create(ctx, table.Table{ID: id, Game: "counter", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d1", Seats: []int{0}, Host: true}))
	_, err := ts.Update(ctx, id, 0, nil, []table.Device{{ID: "d1", Seats: []int{0}, Host: true}, {ID: "d2", Seats: []int{1}}})
	require.NoError(t, err)
	sub := hub.Subscribe(id)
	defer sub.Close()

	a, err := table.Open(ctx, ts, g, id, "d1")
	require.NoError(t, err)
	b, err := table.Open(ctx, ts, g, id, "d2")
	require.NoError(t, err)
	require.Same(t, a.State, b.State)
	require.Equal(t, 1, replays)

	v, err := ts.Append(ctx, id, a.Rec.Version, json.RawMessage(`1`), false, &counted{actions: 1})
	require.NoError(t, err)
	<-sub.Wake()
	require.Equal(t, v, sub.Latest())
	c, err := table.Open(ctx, ts, g, id, "d2")
	require.NoError(t, err)
	require.Equal(t, 1, c.State.actions)
	require.Equal(t, 1, replays, "the new state came with the change")

	v, err = ts.Undo(ctx, id, v, false, nil)
	require.NoError(t, err)
	<-sub.Wake()
	require.Equal(t, v, sub.Latest())
	c, err = table.Open(ctx, ts, g, id, "d1")
	require.NoError(t, err)
	require.Equal(t, 0, c.State.actions)
	require.Equal(t, 2, replays)

	_, err = ts.Append(ctx, id, v-1, json.RawMessage(`2`), false, nil)
	require.ErrorIs(t, err, table.ErrConflict, "a change against an old version")
}

// Seats the record and the game disagree on are repaired as read, and said so; the
// stored record is not changed by reading it.
func TestOpenRepairsSeats(t *testing.T) {
	ctx := context.Background()
	ts, _ := newTables(t)
	replays := 0
	id := table.NewID()
	require.NoError(t, ts.Store().Create(ctx, table.Table{ID: id, Game: "counter", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d1", Seats: []int{0}, Host: true}))
	// Seat 1 held by nobody, seat 5 out of the game's range.
	_, err := ts.Update(ctx, id, 0, nil, []table.Device{{ID: "d1", Seats: []int{0}, Host: true}, {ID: "d2", Seats: []int{5}}})
	require.NoError(t, err)
	o, err := table.Open(ctx, ts, counter{&replays}, id, "d2")
	require.NoError(t, err)
	require.True(t, o.Repaired)
	require.Empty(t, o.Device.Seats)
	stored, err := ts.Store().Load(ctx, id)
	require.NoError(t, err)
	require.Equal(t, []int{5}, stored.Devices[1].Seats)
}

// A malformed id takes no lock.
func TestLockRefusesMalformedIDs(t *testing.T) {
	ts, _ := newTables(t)
	_, err := ts.Lock("../x")
	require.True(t, errors.Is(err, table.ErrNotFound))
	unlock, err := ts.Lock(table.NewID())
	require.NoError(t, err)
	require.Equal(t, 1, ts.LocksHeld())
	unlock()
	require.Zero(t, ts.LocksHeld())
}

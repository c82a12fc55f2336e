// Package storetest is the contract every table.Store keeps, run by each store's tests.
package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/web/table"
)

// Opener opens a store for a test; Reopen gives the same tables in a new store, as after
// the process stopped and started again. Clocked opens a new store whose clock is now: a
// server's store, which sweeps (archives and deletes the tables kept long enough); nil for
// a store that keeps its tables until they are deleted (memory: a phone's own), whose
// sweep does nothing.
type Opener struct {
	Open    func(t *testing.T) table.Store
	Reopen  func(t *testing.T, old table.Store) table.Store
	Clocked func(t *testing.T, now func() time.Time) table.Store
}

// Run runs the contract against a store.
func Run(t *testing.T, o Opener) {
	t.Run("Lifecycle", func(t *testing.T) { tableLifecycle(t, o) })
	t.Run("UndoOnEmptyLogIsAConflict", func(t *testing.T) { undoOnEmptyLogIsAConflict(t, o) })
	t.Run("ConcurrentAppendsOneWins", func(t *testing.T) { concurrentAppendsOneWins(t, o) })
	t.Run("DevicesAndCodes", func(t *testing.T) { devicesAndCodes(t, o) })
	t.Run("UpdateChangesSetupAndDevicesInOneVersion", func(t *testing.T) { updateInOneVersion(t, o) })
	t.Run("ImportIsWholeOrNothing", func(t *testing.T) { importWholeOrNothing(t, o) })
	t.Run("ImportKeyFindsTheTable", func(t *testing.T) { importKeyFindsTheTable(t, o) })
	if o.Clocked != nil {
		t.Run("SweepArchivesIdleTablesAndDeletesOldOnes", func(t *testing.T) { sweepArchivesAndDeletes(t, o) })
		t.Run("SweepForgetsTheImportKeyOfArchivedTables", func(t *testing.T) { sweepForgetsImportKey(t, o) })
	}
}

// SweepTimes are a server's sweep at now (web/sweep.go): never played after two hours,
// idle archived after a day, old deleted after a week.
func SweepTimes(now time.Time) table.SweepTimes {
	return table.SweepTimes{EmptyBefore: now.Add(-2 * time.Hour), IdleBefore: now.Add(-24 * time.Hour), DeleteBefore: now.Add(-7 * 24 * time.Hour)}
}

// A sweep archives the tables idle for a day (their code forgotten, out of the lists),
// deletes those never played after two hours and the rest after a week, and keeps a table
// just made.
func sweepArchivesAndDeletes(t *testing.T, o Opener) {
	ctx := context.Background()
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	s := o.Clocked(t, func() time.Time { return clock })
	mk := func(id string, finished bool) {
		require.NoError(t, s.Create(ctx, table.Table{ID: id, Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
		_, err := s.Append(ctx, id, 0, json.RawMessage(`{}`), finished)
		require.NoError(t, err)
	}
	mk("idle", false)
	mk("done", true)
	require.NoError(t, s.Create(ctx, table.Table{ID: "never-played", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	require.NoError(t, s.SetCode(ctx, "idle", "ABCDEF"))
	clock = clock.Add(25 * time.Hour)
	mk("fresh", false)
	// A table nobody has played yet, made an hour ago: kept (its players may be joining).
	clock = clock.Add(-time.Hour)
	require.NoError(t, s.Create(ctx, table.Table{ID: "just-made", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	clock = clock.Add(time.Hour)

	archived, deleted, err := s.Sweep(ctx, SweepTimes(clock))
	require.NoError(t, err)
	require.Equal(t, 1, archived)
	require.Equal(t, 1, deleted, "a table never played, unchanged for two hours, goes")
	_, err = s.Load(ctx, "never-played")
	require.ErrorIs(t, err, table.ErrNotFound)
	_, err = s.Load(ctx, "just-made")
	require.NoError(t, err)
	r, err := s.Load(ctx, "idle")
	require.NoError(t, err)
	require.True(t, r.Archived)
	_, err = s.FindByCode(ctx, "ABCDEF")
	require.ErrorIs(t, err, table.ErrNotFound, "an archived table can no longer be joined")
	list, _ := s.ListForDevice(ctx, "d", "diamant")
	require.Len(t, list, 3, "the archived table leaves the list")

	clock = clock.Add(8 * 24 * time.Hour)
	_, deleted, err = s.Sweep(ctx, SweepTimes(clock))
	require.NoError(t, err)
	require.Equal(t, 4, deleted, "after a week unchanged, finished and idle tables all go")
	_, err = s.Load(ctx, "done")
	require.ErrorIs(t, err, table.ErrNotFound)
}

// Archiving a table forgets its import key, as it does its code: the record moved again
// makes a new table, not the archived one (read-only, out of the lists).
func sweepForgetsImportKey(t *testing.T, o Opener) {
	ctx := context.Background()
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	s := o.Clocked(t, func() time.Time { return clock })
	moved := func(id string) table.Record {
		return table.Record{Table: table.Table{ID: id, Game: "diamant", Setup: json.RawMessage(`{}`), ImportKey: "k"},
			Log: []json.RawMessage{json.RawMessage(`{"draw":"T5"}`)}, Devices: []table.Device{{ID: "d", Host: true}}}
	}
	require.NoError(t, s.Import(ctx, moved("first")))
	clock = clock.Add(25 * time.Hour)
	archived, _, err := s.Sweep(ctx, SweepTimes(clock))
	require.NoError(t, err)
	require.Equal(t, 1, archived)
	_, err = s.FindImport(ctx, "k")
	require.ErrorIs(t, err, table.ErrNotFound)
	require.NoError(t, s.Import(ctx, moved("again")))
	id, err := s.FindImport(ctx, "k")
	require.NoError(t, err)
	require.Equal(t, "again", id)
}

// A table imported with a key is found by it, after a restart too; a second import with
// the same key stores nothing and says so; tables without a key are never found by one.
func importKeyFindsTheTable(t *testing.T, o Opener) {
	ctx := context.Background()
	s := o.Open(t)
	moved := func(id, key string) table.Record {
		return table.Record{Table: table.Table{ID: id, Game: "donuts", Setup: json.RawMessage(`{"mode":"two"}`), ImportKey: key},
			Log:     []json.RawMessage{json.RawMessage(`[0,0]`)},
			Devices: []table.Device{{ID: "phone", Seats: []int{0, 1}, Host: true}}}
	}
	_, err := s.FindImport(ctx, "k1")
	require.ErrorIs(t, err, table.ErrNotFound)
	require.NoError(t, s.Import(ctx, moved("first", "k1")))
	require.NoError(t, s.Import(ctx, moved("other", "k2")))
	require.NoError(t, s.Import(ctx, moved("plain", "")))
	require.NoError(t, s.Import(ctx, moved("plain-too", "")), "tables without a key never clash")
	require.NoError(t, s.Create(ctx, table.Table{ID: "made", Game: "donuts", Setup: json.RawMessage(`{}`)}, table.Device{ID: "phone"}))

	for _, tc := range []struct {
		key, id string
	}{{"k1", "first"}, {"k2", "other"}, {"", ""}, {"k3", ""}} {
		id, err := s.FindImport(ctx, tc.key)
		if tc.id == "" {
			require.ErrorIs(t, err, table.ErrNotFound, "key %q", tc.key)
			continue
		}
		require.NoError(t, err, "key %q", tc.key)
		require.Equal(t, tc.id, id)
	}

	// The same key again: refused as such, nothing stored.
	require.ErrorIs(t, s.Import(ctx, moved("second", "k1")), table.ErrImported)
	_, err = s.Load(ctx, "second")
	require.ErrorIs(t, err, table.ErrNotFound)

	// The key is part of the table as read, and survives a restart; a table goes on as
	// any other.
	r, err := s.Load(ctx, "first")
	require.NoError(t, err)
	require.Equal(t, "k1", r.ImportKey)
	_, err = s.Append(ctx, "first", r.Version, json.RawMessage(`[0,1]`), false)
	require.NoError(t, err)
	s = o.Reopen(t, s)
	id, err := s.FindImport(ctx, "k1")
	require.NoError(t, err)
	require.Equal(t, "first", id)
	r, err = s.Load(ctx, "made")
	require.NoError(t, err)
	require.Empty(t, r.ImportKey, "a table made here has none")
	require.ErrorIs(t, s.Import(ctx, moved("third", "k1")), table.ErrImported)
}

func importWholeOrNothing(t *testing.T, o Opener) {
	ctx := context.Background()
	s := o.Open(t)
	r := table.Record{Table: table.Table{ID: "moved", Game: "diamant", Setup: json.RawMessage(`{"players":["A","B","C"]}`), Finished: true},
		Log:     []json.RawMessage{json.RawMessage(`{"draw":"T5"}`), json.RawMessage(`{"exits":[0]}`)},
		Devices: []table.Device{{ID: "phone", Seats: []int{0, 1, 2}, Host: true}}}
	require.NoError(t, s.Import(ctx, r))
	got, err := s.Load(ctx, "moved")
	require.NoError(t, err)
	require.Equal(t, int64(2), got.Version, "the version is the log's length")
	require.Equal(t, 2, got.Actions)
	require.True(t, got.Finished)
	require.Equal(t, r.Log, got.Log)
	require.Equal(t, r.Devices, got.Devices)
	require.JSONEq(t, string(r.Setup), string(got.Setup))
	v, err := s.Append(ctx, "moved", 2, json.RawMessage(`{"draw":"T7"}`), false)
	require.NoError(t, err)
	require.Equal(t, int64(3), v, "it goes on like any table")
	list, err := s.ListForDevice(ctx, "phone", "diamant")
	require.NoError(t, err)
	require.Len(t, list, 1)

	// An id taken, or devices that cannot be kept, store nothing at all.
	require.Error(t, s.Import(ctx, r))
	bad := r
	bad.ID = "half"
	bad.Devices = []table.Device{{ID: "phone", Host: true}, {ID: "phone"}}
	require.Error(t, s.Import(ctx, bad))
	_, err = s.Load(ctx, "half")
	require.ErrorIs(t, err, table.ErrNotFound)
}

func tableLifecycle(t *testing.T, o Opener) {
	ctx := context.Background()
	s := o.Open(t)
	host := table.Device{ID: "dev-1", Seats: []int{0, 1, 2}, Host: true}
	require.NoError(t, s.Create(ctx, table.Table{ID: "t1", Game: "diamant", Setup: json.RawMessage(`{"players":["A","B","C"]}`)}, host))

	v, err := s.Append(ctx, "t1", 0, json.RawMessage(`{"draw":"T5"}`), false)
	require.NoError(t, err)
	require.Equal(t, int64(1), v)
	v, err = s.Append(ctx, "t1", v, json.RawMessage(`{"exits":[]}`), false)
	require.NoError(t, err)

	// A stale version is refused and writes nothing.
	_, err = s.Append(ctx, "t1", 1, json.RawMessage(`{"draw":"T7"}`), false)
	require.ErrorIs(t, err, table.ErrConflict)

	v, err = s.Undo(ctx, "t1", v, false)
	require.NoError(t, err)
	require.Equal(t, int64(3), v)
	v, err = s.Append(ctx, "t1", v, json.RawMessage(`{"exits":[0]}`), true)
	require.NoError(t, err)

	v, err = s.Update(ctx, "t1", v, json.RawMessage(`{"players":["A","B","C"],"risk":true}`), nil)
	require.NoError(t, err)
	require.Equal(t, int64(5), v)

	// What was acknowledged is there after the store is closed and opened again.
	s = o.Reopen(t, s)
	r, err := s.Load(ctx, "t1")
	require.NoError(t, err)
	require.Equal(t, int64(5), r.Version)
	require.Equal(t, 2, r.Actions)
	require.True(t, r.Finished)
	require.Equal(t, []json.RawMessage{json.RawMessage(`{"draw":"T5"}`), json.RawMessage(`{"exits":[0]}`)}, r.Log)
	require.JSONEq(t, `{"players":["A","B","C"],"risk":true}`, string(r.Setup))
	require.Equal(t, []table.Device{host}, r.Devices)

	list, err := s.ListForDevice(ctx, "dev-1", "diamant")
	require.NoError(t, err)
	require.Len(t, list, 1)
	list, err = s.ListForDevice(ctx, "dev-2", "diamant")
	require.NoError(t, err)
	require.Empty(t, list)

	_, err = s.Load(ctx, "nope")
	require.ErrorIs(t, err, table.ErrNotFound)
	_, err = s.Append(ctx, "nope", 0, json.RawMessage(`{}`), false)
	require.ErrorIs(t, err, table.ErrNotFound)
}

func undoOnEmptyLogIsAConflict(t *testing.T, o Opener) {
	ctx := context.Background()
	s := o.Open(t)
	require.NoError(t, s.Create(ctx, table.Table{ID: "t", Game: "donuts", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	_, err := s.Undo(ctx, "t", 0, false)
	require.ErrorIs(t, err, table.ErrConflict)
}

// Many writers at the same version: exactly one wins, the others get table.ErrConflict.
func concurrentAppendsOneWins(t *testing.T, o Opener) {
	ctx := context.Background()
	s := o.Open(t)
	require.NoError(t, s.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins := 0
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, err := s.Append(ctx, "t", 0, json.RawMessage(fmt.Sprintf(`{"n":%d}`, i)), false)
			if err == nil {
				mu.Lock()
				wins++
				mu.Unlock()
				return
			}
			require.ErrorIs(t, err, table.ErrConflict)
		}(i)
	}
	wg.Wait()
	require.Equal(t, 1, wins)
	r, err := s.Load(ctx, "t")
	require.NoError(t, err)
	require.Len(t, r.Log, 1)
}

func devicesAndCodes(t *testing.T, o Opener) {
	ctx := context.Background()
	s := o.Open(t)
	require.NoError(t, s.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "host", Seats: []int{0, 1, 2}, Host: true}))
	require.NoError(t, s.Create(ctx, table.Table{ID: "u", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "other"}))

	require.NoError(t, s.SetCode(ctx, "t", "K7M3P9"))
	require.ErrorIs(t, s.SetCode(ctx, "u", "K7M3P9"), table.ErrCodeTaken)
	require.ErrorIs(t, s.SetCode(ctx, "nope", "AAAAAA"), table.ErrNotFound)
	id, err := s.FindByCode(ctx, "K7M3P9")
	require.NoError(t, err)
	require.Equal(t, "t", id)
	_, err = s.FindByCode(ctx, "ZZZZZZ")
	require.ErrorIs(t, err, table.ErrNotFound)

	devices := []table.Device{{ID: "host", Seats: []int{0}, Host: true}, {ID: "phone-b", Seats: []int{1}}, {ID: "phone-c", Seats: []int{2}}}
	v, err := s.Update(ctx, "t", 0, nil, devices)
	require.NoError(t, err)
	require.Equal(t, int64(1), v)
	_, err = s.Update(ctx, "t", 0, nil, devices)
	require.ErrorIs(t, err, table.ErrConflict)
	r, err := s.Load(ctx, "t")
	require.NoError(t, err)
	require.Equal(t, devices, r.Devices)
	require.Equal(t, "K7M3P9", r.Code)

	list, err := s.ListForDevice(ctx, "phone-b", "diamant")
	require.NoError(t, err)
	require.Len(t, list, 1)
}

func updateInOneVersion(t *testing.T, o Opener) {
	ctx := context.Background()
	s := o.Open(t)
	require.NoError(t, s.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{"players":["A"]}`)}, table.Device{ID: "host", Seats: []int{0}, Host: true}))

	devices := []table.Device{{ID: "host", Seats: []int{0}, Host: true}, {ID: "b", Seats: []int{1}}}
	v, err := s.Update(ctx, "t", 0, json.RawMessage(`{"players":["A","B"]}`), devices)
	require.NoError(t, err)
	require.Equal(t, int64(1), v, "one change, one version")
	r, err := s.Load(ctx, "t")
	require.NoError(t, err)
	require.JSONEq(t, `{"players":["A","B"]}`, string(r.Setup))
	require.Equal(t, devices, r.Devices)
	require.Equal(t, int64(1), r.Version)

	// Against an old version nothing is written, neither half.
	_, err = s.Update(ctx, "t", 0, json.RawMessage(`{"players":["A","B","C"]}`), []table.Device{{ID: "host", Seats: []int{0, 1, 2}, Host: true}})
	require.ErrorIs(t, err, table.ErrConflict)
	// A failure in the middle (a device twice breaks the devices' key) leaves the setup as
	// it was: the setup's change is rolled back with the devices'.
	_, err = s.Update(ctx, "t", 1, json.RawMessage(`{"players":["A","B","C"]}`), []table.Device{{ID: "host", Seats: []int{0}, Host: true}, {ID: "host", Seats: []int{1}}})
	require.Error(t, err)
	after, err := s.Load(ctx, "t")
	require.NoError(t, err)
	require.Equal(t, r.Table.Setup, after.Setup)
	require.Equal(t, r.Devices, after.Devices)
	require.Equal(t, int64(1), after.Version)

	// nil leaves a part as it is.
	v, err = s.Update(ctx, "t", 1, nil, []table.Device{{ID: "host", Seats: []int{0, 1}, Host: true}})
	require.NoError(t, err)
	v, err = s.Update(ctx, "t", v, json.RawMessage(`{"players":["A","Bea"]}`), nil)
	require.NoError(t, err)
	r, err = s.Load(ctx, "t")
	require.NoError(t, err)
	require.Equal(t, int64(3), v)
	require.JSONEq(t, `{"players":["A","Bea"]}`, string(r.Setup))
	require.Equal(t, []table.Device{{ID: "host", Seats: []int{0, 1}, Host: true}}, r.Devices)
}

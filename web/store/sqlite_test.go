package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/web/store/storetest"
	"tavolo/web/table"
)

func TestContract(t *testing.T) {
	dirs := map[table.Store]string{}
	storetest.Run(t, storetest.Opener{
		Open: func(t *testing.T) table.Store {
			dir := t.TempDir()
			s := openTest(t, dir)
			dirs[s] = dir
			return s
		},
		Reopen: func(t *testing.T, old table.Store) table.Store {
			require.NoError(t, old.Close())
			return openTest(t, dirs[old])
		},
	})
}

func openTest(t *testing.T, dir string) *SQLite {
	t.Helper()
	s, err := OpenSQLite(dir)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// BenchmarkAppend is an action's write, with a context that ends, as a request's does.
func BenchmarkAppend(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := OpenSQLite(b.TempDir())
	require.NoError(b, err)
	defer s.Close()
	require.NoError(b, s.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Append(ctx, "t", int64(i), json.RawMessage(`{"draw":"T5"}`), false); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSweepArchivesIdleTablesAndDeletesOldOnes(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, t.TempDir())
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return clock }
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

	archived, deleted, err := s.Sweep(ctx, table.SweepTimes{EmptyBefore: clock.Add(-2 * time.Hour), IdleBefore: clock.Add(-24 * time.Hour), DeleteBefore: clock.Add(-7 * 24 * time.Hour)})
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
	_, deleted, err = s.Sweep(ctx, table.SweepTimes{EmptyBefore: clock.Add(-2 * time.Hour), IdleBefore: clock.Add(-24 * time.Hour), DeleteBefore: clock.Add(-7 * 24 * time.Hour)})
	require.NoError(t, err)
	require.Equal(t, 4, deleted, "after a week unchanged, finished and idle tables all go")
	_, err = s.Load(ctx, "done")
	require.ErrorIs(t, err, table.ErrNotFound)
}

func TestMigrationsRunOnce(t *testing.T) {
	dir := t.TempDir()
	s := openTest(t, dir)
	require.NoError(t, s.Close())
	s = openTest(t, dir)
	var v int
	require.NoError(t, s.db.QueryRow(`PRAGMA user_version`).Scan(&v))
	require.Equal(t, len(migrations), v)
}

// A database of the first schema (before import keys) opens at the newest: its tables are
// all there, with no key, and imports find theirs.
func TestMigrationFromTheFirstSchema(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	q := url.Values{}
	q.Add("_pragma", "foreign_keys(1)")
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "tavolo.db")+"?"+q.Encode())
	require.NoError(t, err)
	_, err = db.Exec(schemaV1 + `PRAGMA user_version = 1;
		INSERT INTO tables (id, game, setup, version, actions, finished, code, created, updated) VALUES ('old', 'diamant', '{}', 1, 1, 0, 'ABCDEF', 1, 1);
		INSERT INTO log (table_id, seq, action) VALUES ('old', 0, '{"draw":"T5"}');
		INSERT INTO devices (table_id, device, seats, host, joined) VALUES ('old', 'd', '[0]', 1, 1);`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	s := openTest(t, dir)
	var v int
	require.NoError(t, s.db.QueryRow(`PRAGMA user_version`).Scan(&v))
	require.Equal(t, len(migrations), v)
	r, err := s.Load(ctx, "old")
	require.NoError(t, err)
	require.Equal(t, "ABCDEF", r.Code)
	require.Empty(t, r.ImportKey)
	require.Equal(t, []json.RawMessage{json.RawMessage(`{"draw":"T5"}`)}, r.Log)
	require.NoError(t, s.Import(ctx, table.Record{Table: table.Table{ID: "new", Game: "diamant", Setup: json.RawMessage(`{}`), ImportKey: "k"}}))
	id, err := s.FindImport(ctx, "k")
	require.NoError(t, err)
	require.Equal(t, "new", id)
}

// Archiving a table forgets its import key, as it does its code: the record moved again
// makes a new table, not the archived one (read-only, out of the lists).
func TestSweepForgetsTheImportKeyOfArchivedTables(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, t.TempDir())
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return clock }
	moved := func(id string) table.Record {
		return table.Record{Table: table.Table{ID: id, Game: "diamant", Setup: json.RawMessage(`{}`), ImportKey: "k"},
			Log: []json.RawMessage{json.RawMessage(`{"draw":"T5"}`)}, Devices: []table.Device{{ID: "d", Host: true}}}
	}
	require.NoError(t, s.Import(ctx, moved("first")))
	clock = clock.Add(25 * time.Hour)
	archived, _, err := s.Sweep(ctx, table.SweepTimes{EmptyBefore: clock.Add(-2 * time.Hour), IdleBefore: clock.Add(-24 * time.Hour), DeleteBefore: clock.Add(-7 * 24 * time.Hour)})
	require.NoError(t, err)
	require.Equal(t, 1, archived)
	_, err = s.FindImport(ctx, "k")
	require.ErrorIs(t, err, table.ErrNotFound)
	require.NoError(t, s.Import(ctx, moved("again")))
	id, err := s.FindImport(ctx, "k")
	require.NoError(t, err)
	require.Equal(t, "again", id)
}

// The writes leave the WAL to the checkpointer: within a second of them the database file
// holds what they wrote, and Close leaves no WAL behind; what was written is there when
// the file is opened again.
func TestCheckpointsBesideTheWrites(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := OpenSQLite(dir)
	require.NoError(t, err)
	size := func(name string) int64 {
		fi, err := os.Stat(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			return 0
		}
		require.NoError(t, err)
		return fi.Size()
	}
	before := size("tavolo.db")
	require.NoError(t, s.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	for i := range 300 {
		_, err := s.Append(ctx, "t", int64(i), json.RawMessage(`{"draw":"T5","pad":"`+strings.Repeat("x", 200)+`"}`), false)
		require.NoError(t, err)
	}
	require.Greater(t, size("tavolo.db-wal"), int64(0))
	require.Eventually(t, func() bool { return size("tavolo.db") > before+40_000 }, 5*time.Second, 50*time.Millisecond,
		"the database file holds the writes within a second or so")
	require.NoError(t, s.Close())
	require.Zero(t, size("tavolo.db-wal"), "Close copies the whole WAL into the database")

	s = openTest(t, dir)
	got, err := s.Load(ctx, "t")
	require.NoError(t, err)
	require.Equal(t, 300, got.Actions)
}

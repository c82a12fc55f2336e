package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
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
		Clocked: func(t *testing.T, now func() time.Time) table.Store {
			s := openTest(t, t.TempDir())
			s.now = now
			return s
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

// A data folder is one server's: a store opened on it while another holds it waits for it
// (busy_timeout: a restart's overlap), then stops with ErrInUse, and changes nothing; once
// the first is closed, the folder opens again with what the first wrote.
func TestDataFolderHeldByOneStore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	first, err := OpenSQLite(dir)
	require.NoError(t, err)
	require.NoError(t, first.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	_, err = OpenSQLite(dir)
	require.ErrorIs(t, err, ErrInUse)
	v, err := first.Append(ctx, "t", 0, json.RawMessage(`{"draw":"T5"}`), false)
	require.NoError(t, err)
	require.NoError(t, first.Close())
	rec, err := openTest(t, dir).Load(ctx, "t")
	require.NoError(t, err)
	require.Equal(t, v, rec.Version)
	require.Len(t, rec.Log, 1)
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

// BenchmarkAppendAtScale is BenchmarkAppend over 500 tables in turn, as make bench-load
// writes: each action's pages are not the last one's.
func BenchmarkAppendAtScale(b *testing.B) {
	ctx := context.Background()
	s, err := OpenSQLite(b.TempDir())
	require.NoError(b, err)
	defer s.Close()
	const tables = 500
	ids := make([]string, tables)
	for i := range ids {
		ids[i] = fmt.Sprintf("table%03d", i)
		require.NoError(b, s.Create(ctx, table.Table{ID: ids[i], Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d" + ids[i]}))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Append(ctx, ids[i%tables], int64(i/tables), json.RawMessage(`{"type":"vote","seat":3,"leave":true}`), false); err != nil {
			b.Fatal(err)
		}
	}
}

package store

import (
	"context"
	"encoding/json"
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

func BenchmarkAppend(b *testing.B) {
	ctx := context.Background()
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

package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/internal/pgtest"
	"tavolo/web/store/storetest"
	"tavolo/web/table"
)

// srv is the PostgreSQL server of this package's tests, started by TestMain in a
// temporary folder: every test fails if it cannot start (see internal/pgtest).
var srv *pgtest.Server

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m, &srv)) }

func TestContract(t *testing.T) {
	urls := map[table.Store]string{}
	storetest.Run(t, storetest.Opener{
		Open: func(t *testing.T) table.Store {
			url := srv.Database(t)
			s := openTest(t, url)
			urls[s] = url
			return s
		},
		Reopen: func(t *testing.T, old table.Store) table.Store {
			require.NoError(t, old.Close())
			return openTest(t, urls[old])
		},
	})
}

func openTest(t testing.TB, url string) *Store {
	t.Helper()
	s, err := Open(context.Background(), url)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// Two servers on one database: of the same action sent to both at once, exactly one is
// stored; the other is told the table moved on.
func TestTwoServersOneTableOneWins(t *testing.T) {
	ctx := context.Background()
	url := srv.Database(t)
	a, b := openTest(t, url), openTest(t, url)
	require.NoError(t, a.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	for v := int64(0); v < 50; v++ {
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, s := range []*Store{a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = s.Append(ctx, "t", v, json.RawMessage(fmt.Sprintf(`{"v":%d,"by":%d}`, v, i)), false)
			}()
		}
		wg.Wait()
		wins := 0
		for _, err := range errs {
			if err == nil {
				wins++
			} else {
				require.ErrorIs(t, err, table.ErrConflict)
			}
		}
		require.Equal(t, 1, wins, "version %d", v)
	}
	r, err := b.Load(ctx, "t")
	require.NoError(t, err)
	require.Equal(t, int64(50), r.Version)
	require.Len(t, r.Log, 50)
}

// Servers starting at once on a new database make its schema once.
func TestMigrationsOnceWhenServersStartTogether(t *testing.T) {
	url := srv.Database(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(context.Background(), url)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	s := openTest(t, url)
	var v int
	require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT version FROM tavolo_schema`).Scan(&v))
	require.Equal(t, len(migrations), v)
}

// A database whose schema is newer than this server's is refused, not written to.
func TestNewerSchemaIsRefused(t *testing.T) {
	url := srv.Database(t)
	s := openTest(t, url)
	_, err := s.pool.Exec(context.Background(), `UPDATE tavolo_schema SET version = 99`)
	require.NoError(t, err)
	_, err = Open(context.Background(), url)
	require.ErrorContains(t, err, "newer")
}

func sweepTimes(now time.Time) table.SweepTimes {
	return table.SweepTimes{EmptyBefore: now.Add(-2 * time.Hour), IdleBefore: now.Add(-24 * time.Hour), DeleteBefore: now.Add(-7 * 24 * time.Hour)}
}

// As the SQLite store's test of the same name.
func TestSweepArchivesIdleTablesAndDeletesOldOnes(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, srv.Database(t))
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
	clock = clock.Add(-time.Hour)
	require.NoError(t, s.Create(ctx, table.Table{ID: "just-made", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	clock = clock.Add(time.Hour)

	archived, deleted, err := s.Sweep(ctx, sweepTimes(clock))
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
	_, deleted, err = s.Sweep(ctx, sweepTimes(clock))
	require.NoError(t, err)
	require.Equal(t, 4, deleted, "after a week unchanged, finished and idle tables all go")
	_, err = s.Load(ctx, "done")
	require.ErrorIs(t, err, table.ErrNotFound)
}

// Archiving a table forgets its import key, as it does its code.
func TestSweepForgetsTheImportKeyOfArchivedTables(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, srv.Database(t))
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return clock }
	moved := func(id string) table.Record {
		return table.Record{Table: table.Table{ID: id, Game: "diamant", Setup: json.RawMessage(`{}`), ImportKey: "k"},
			Log: []json.RawMessage{json.RawMessage(`{"draw":"T5"}`)}, Devices: []table.Device{{ID: "d", Host: true}}}
	}
	require.NoError(t, s.Import(ctx, moved("first")))
	clock = clock.Add(25 * time.Hour)
	archived, _, err := s.Sweep(ctx, sweepTimes(clock))
	require.NoError(t, err)
	require.Equal(t, 1, archived)
	_, err = s.FindImport(ctx, "k")
	require.ErrorIs(t, err, table.ErrNotFound)
	require.NoError(t, s.Import(ctx, moved("again")))
	id, err := s.FindImport(ctx, "k")
	require.NoError(t, err)
	require.Equal(t, "again", id)
}

// While one server sweeps (its advisory lock held), another's sweep does nothing.
func TestSweepOnOneServerAtATime(t *testing.T) {
	ctx := context.Background()
	url := srv.Database(t)
	a, b := openTest(t, url), openTest(t, url)
	clock := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	a.now, b.now = func() time.Time { return clock }, func() time.Time { return clock }
	require.NoError(t, a.Create(ctx, table.Table{ID: "never-played", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	clock = clock.Add(3 * time.Hour)

	tx, err := a.pool.Begin(ctx)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, sweepLock)
	require.NoError(t, err)
	_, deleted, err := b.Sweep(ctx, sweepTimes(clock))
	require.NoError(t, err)
	require.Zero(t, deleted, "the other server is sweeping")
	require.NoError(t, tx.Rollback(ctx))

	_, deleted, err = b.Sweep(ctx, sweepTimes(clock))
	require.NoError(t, err)
	require.Equal(t, 1, deleted)
}

// BenchmarkAppend is an action's write, with a context that ends, as a request's does.
func BenchmarkAppend(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := openTest(b, srv.Database(b))
	require.NoError(b, s.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Append(ctx, "t", int64(i), json.RawMessage(`{"draw":"T5"}`), false); err != nil {
			b.Fatal(err)
		}
	}
}

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
		Clocked: func(t *testing.T, now func() time.Time) table.Store {
			s := openTest(t, srv.Database(t))
			s.now = now
			return s
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
	_, deleted, err := b.Sweep(ctx, storetest.SweepTimes(clock))
	require.NoError(t, err)
	require.Zero(t, deleted, "the other server is sweeping")
	require.NoError(t, tx.Rollback(ctx))

	_, deleted, err = b.Sweep(ctx, storetest.SweepTimes(clock))
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

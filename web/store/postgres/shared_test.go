package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/web/store/storetest"
	"tavolo/web/table"
)

var _ table.Shared = (*Store)(nil)

// heard is what Follow told: the versions by table, and how many times it listened.
type heard struct {
	mu        sync.Mutex
	versions  map[string][]int64
	listening atomic.Int32
	lost      atomic.Int32
}

func follow(t *testing.T, s *Store) *heard {
	h := &heard{versions: map[string][]int64{}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.Follow(ctx, func(id string, v int64) {
			h.mu.Lock()
			h.versions[id] = append(h.versions[id], v)
			h.mu.Unlock()
		}, func(context.Context) { h.listening.Add(1) }, func(error) { h.lost.Add(1) })
	}()
	t.Cleanup(func() { cancel(); <-done })
	require.Eventually(t, func() bool { return h.listening.Load() == 1 }, 10*time.Second, 5*time.Millisecond)
	return h
}

func (h *heard) of(id string) []int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]int64(nil), h.versions[id]...)
}

// Every version committed by one server is heard by another, in order; a change refused
// is not heard; a join code given is heard as version 0; a sweep is heard as any table.
func TestFollowHearsEveryCommittedVersion(t *testing.T) {
	ctx := context.Background()
	url := srv.Database(t)
	a, b := openTest(t, url), openTest(t, url)
	h := follow(t, b)
	require.NoError(t, a.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	v, err := a.Append(ctx, "t", 0, json.RawMessage(`{}`), false)
	require.NoError(t, err)
	_, err = a.Append(ctx, "t", 0, json.RawMessage(`{}`), false)
	require.ErrorIs(t, err, table.ErrConflict)
	v, err = a.Undo(ctx, "t", v, false)
	require.NoError(t, err)
	_, err = a.Update(ctx, "t", v, json.RawMessage(`{"x":1}`), nil)
	require.NoError(t, err)
	require.NoError(t, a.SetCode(ctx, "t", "ABCDEF"), "a code keeps the version: heard as version 0")
	require.Eventually(t, func() bool { return len(h.of("t")) == 4 }, 5*time.Second, 5*time.Millisecond, "%v", h.versions)
	require.Equal(t, []int64{1, 2, 3, 0}, h.of("t"))

	a.now = func() time.Time { return time.Now().Add(8 * 24 * time.Hour) }
	_, deleted, err := a.Sweep(ctx, storetest.SweepTimes(a.now()))
	require.NoError(t, err)
	require.Equal(t, 1, deleted)
	require.Eventually(t, func() bool { return len(h.of("")) == 1 }, 5*time.Second, 5*time.Millisecond)
}

// The URL's settings of the pool (pgxpool's pool_max_conns) are not the listening
// connection's: it listens all the same.
func TestFollowWithPoolSettings(t *testing.T) {
	ctx := context.Background()
	url := srv.Database(t) + "&pool_max_conns=3"
	a, b := openTest(t, url), openTest(t, url)
	h := follow(t, b)
	require.NoError(t, a.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	_, err := a.Append(ctx, "t", 0, json.RawMessage(`{}`), false)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return len(h.of("t")) == 1 }, 5*time.Second, 5*time.Millisecond)
	require.Equal(t, int32(3), a.pool.Config().MaxConns)
}

// A listening connection cut (the database restarted, a network gone) is opened again,
// and listening is told again, for what was missed to be read.
func TestFollowListensAgainAfterItsConnectionIsCut(t *testing.T) {
	ctx := context.Background()
	url := srv.Database(t)
	a, b := openTest(t, url), openTest(t, url)
	h := follow(t, b)
	var pid uint32
	require.Eventually(t, func() bool {
		if c := b.listening.Load(); c != nil {
			pid = c.PgConn().PID()
		}
		return pid != 0
	}, 5*time.Second, 5*time.Millisecond)
	_, err := a.pool.Exec(ctx, `SELECT pg_terminate_backend($1)`, pid)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return h.listening.Load() == 2 }, 10*time.Second, 10*time.Millisecond)
	require.Equal(t, int32(1), h.lost.Load())

	require.NoError(t, a.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	_, err = a.Append(ctx, "t", 0, json.RawMessage(`{}`), false)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return len(h.of("t")) == 1 }, 5*time.Second, 5*time.Millisecond)

	versions, err := b.Versions(ctx, []string{"t", "gone"})
	require.NoError(t, err)
	require.Equal(t, map[string]int64{"t": 1}, versions)
}

// A table's lock is one across servers: while one holds it, another waits, and reads the
// version the first committed once it has it.
func TestLockTableAcrossServers(t *testing.T) {
	ctx := context.Background()
	url := srv.Database(t)
	a, b := openTest(t, url), openTest(t, url)
	require.NoError(t, a.Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))

	v, found, unlock, err := a.LockTable(ctx, "t")
	require.NoError(t, err)
	require.True(t, found)
	require.Zero(t, v)
	got := make(chan int64)
	go func() {
		v, _, unlock, err := b.LockTable(ctx, "t")
		if err == nil {
			unlock()
		}
		got <- v
	}()
	select {
	case <-got:
		t.Fatal("two servers held one table's lock")
	case <-time.After(200 * time.Millisecond):
	}
	_, err = a.Append(ctx, "t", 0, json.RawMessage(`{}`), false)
	require.NoError(t, err)
	unlock()
	require.Equal(t, int64(1), <-got, "the version committed under the lock")

	// Other tables are not held up; a table not there is said so.
	_, found, unlock, err = b.LockTable(ctx, "nope")
	require.NoError(t, err)
	require.False(t, found)
	unlock()
}

// Many servers' requests on one table, each under the lock: every one applied, none lost.
func TestLockedChangesFromManyServersAllApply(t *testing.T) {
	ctx := context.Background()
	url := srv.Database(t)
	stores := []*Store{openTest(t, url), openTest(t, url), openTest(t, url)}
	require.NoError(t, stores[0].Create(ctx, table.Table{ID: "t", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
	var wg sync.WaitGroup
	for _, s := range stores {
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 10 {
					v, _, unlock, err := s.LockTable(ctx, "t")
					require.NoError(t, err)
					_, err = s.Append(ctx, "t", v, json.RawMessage(`{}`), false)
					unlock()
					require.NoError(t, err)
				}
			}()
		}
	}
	wg.Wait()
	r, err := stores[1].Load(ctx, "t")
	require.NoError(t, err)
	require.Equal(t, int64(120), r.Version)
	require.Len(t, r.Log, 120)
}

// BenchmarkLockedAppend is an action's write as a server sharing the database makes it:
// the table's lock and version, the write, the lock let go (against BenchmarkAppend); on
// 8 tables in turn, as a server's requests come (the lock is let go beside the request),
// and on one table, whose actions wait for each other's lock: a second's worth of them is
// how many actions a second one table can take.
func BenchmarkLockedAppend(b *testing.B) {
	for _, n := range []int{8, 1} {
		b.Run(fmt.Sprintf("tables=%d", n), func(b *testing.B) {
			ctx := context.Background()
			s := openTest(b, srv.Database(b))
			ids := make([]string, n)
			for i := range ids {
				ids[i] = fmt.Sprintf("t%d", i)
				require.NoError(b, s.Create(ctx, table.Table{ID: ids[i], Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d"}))
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				id := ids[i%len(ids)]
				v, _, unlock, err := s.LockTable(ctx, id)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.Append(ctx, id, v, json.RawMessage(`{"draw":"T5"}`), false); err != nil {
					b.Fatal(err)
				}
				unlock()
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
		})
	}
}

// The connections holding tables' locks have the database ask a silent client early.
func TestLockConnectionsKeepAlive(t *testing.T) {
	ctx := context.Background()
	s := openTest(t, srv.Database(t))
	conn, err := s.locks.Acquire(ctx)
	require.NoError(t, err)
	defer conn.Release()
	var idle string
	require.NoError(t, conn.QueryRow(ctx, `SHOW tcp_keepalives_idle`).Scan(&idle))
	require.Equal(t, "10", idle)
}

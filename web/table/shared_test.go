package table_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/web/live"
	"tavolo/web/store/memory"
	"tavolo/web/table"
)

// sharedStore is a store another server writes too (other), as web/store/postgres is:
// its lock reads the version, and what Follow is given is kept for the test to call.
type sharedStore struct {
	*memory.Store
	locked    int
	following chan struct{} // closed once Follow has set changed and listening
	changed   func(id string, version int64)
	listening func(context.Context)
}

func (s *sharedStore) LockTable(ctx context.Context, id string) (int64, bool, func(), error) {
	s.locked++
	r, err := s.Store.Load(ctx, id)
	return r.Version, err == nil, func() {}, nil
}

func (s *sharedStore) Follow(ctx context.Context, changed func(string, int64), listening func(context.Context), _ func(error)) {
	s.changed, s.listening = changed, listening
	close(s.following)
	<-ctx.Done()
}

func (s *sharedStore) Versions(ctx context.Context, ids []string) (map[string]int64, error) {
	out := map[string]int64{}
	for _, id := range ids {
		if r, err := s.Store.Load(ctx, id); err == nil {
			out[id] = r.Version
		}
	}
	return out, nil
}

// A cached table is used only at the store's version when another server writes: a
// version heard moves it on and wakes the streams; under the table's lock it is checked;
// after the hearing was cut, what the streams follow and the cache keeps is read again.
func TestSharedStoreKeepsTheCacheAtTheStoresVersion(t *testing.T) {
	ctx := context.Background()
	s := &sharedStore{Store: memory.New(nil), following: make(chan struct{})}
	hub := live.NewHub()
	ts := table.NewTables(s, table.CacheBudget, hub)
	require.True(t, ts.Shared())
	followCtx, stop := context.WithCancel(ctx)
	defer stop()
	go ts.Follow(followCtx, func(error) {})
	<-s.following

	id, err := ts.Create(ctx, "diamant", map[string]int{}, table.Device{ID: "d"})
	require.NoError(t, err)
	version := func() int64 {
		r, err := ts.Store().Load(ctx, id)
		require.NoError(t, err)
		return r.Version
	}
	require.Zero(t, version())
	sub := hub.Subscribe(id)
	defer sub.Close()
	other := func(v int64) { // another server's action, which this one's cache did not see
		_, err := s.Store.Append(ctx, id, v, json.RawMessage(`{}`), false)
		require.NoError(t, err)
	}

	other(0)
	require.Zero(t, version(), "not heard yet: the cached version")
	s.changed(id, 1)
	require.Equal(t, int64(1), version())
	select {
	case <-sub.Wake():
		require.Equal(t, int64(1), sub.Latest())
	default:
		t.Fatal("the stream was not woken")
	}

	// Under the lock, the store's version, heard or not.
	other(1)
	unlock, err := ts.Lock(id)
	require.NoError(t, err)
	require.Equal(t, int64(2), version())
	_, err = ts.Append(ctx, id, 2, json.RawMessage(`{}`), false, nil)
	require.NoError(t, err)
	unlock()
	require.Equal(t, 1, s.locked)

	// Missed while the hearing was cut: read again once it listens again.
	<-sub.Wake()
	other(3)
	require.Equal(t, int64(3), version())
	s.listening(ctx)
	require.Equal(t, int64(4), version())
	select {
	case <-sub.Wake():
		require.Equal(t, int64(4), sub.Latest())
	default:
		t.Fatal("the stream was not woken")
	}

	// A sweep on another server: every cached table is dropped.
	_, err = s.Store.Update(ctx, id, 4, json.RawMessage(`{"x":1}`), nil)
	require.NoError(t, err)
	s.changed("", 0)
	require.Equal(t, int64(5), version())
}

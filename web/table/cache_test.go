package table_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tavolo/web/store"
	"tavolo/web/table"
)

func newTestCache(t *testing.T, budget int) (*table.Cache, table.Store) {
	t.Helper()
	db, err := store.OpenSQLite(t.TempDir())
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return table.NewCache(db, budget), db
}

// sameRecord compares what the cache hands out with what the store reads.
func sameRecord(t *testing.T, want, got table.Record) {
	t.Helper()
	assert.Equal(t, want.ID, got.ID)
	assert.Equal(t, want.Version, got.Version)
	assert.Equal(t, want.Actions, got.Actions)
	assert.Equal(t, want.Finished, got.Finished)
	assert.Equal(t, want.Code, got.Code)
	assert.JSONEq(t, string(want.Setup), string(got.Setup))
	assert.Equal(t, want.Log, got.Log)
	assert.Equal(t, want.Devices, got.Devices)
}

// Every write leaves the cache showing what the store holds.
func TestTableCacheFollowsWrites(t *testing.T) {
	ctx := context.Background()
	c, db := newTestCache(t, table.CacheBudget)
	require.NoError(t, c.Create(ctx, table.Table{ID: "t1", Game: "diamant", Setup: json.RawMessage(`{"a":1}`)}, table.Device{ID: "d1", Seats: []int{0, 1}, Host: true}))
	_, err := c.Load(ctx, "t1") // now in memory
	require.NoError(t, err)

	steps := []struct {
		name  string
		write func(v int64) (int64, error)
	}{
		{"append", func(v int64) (int64, error) { return c.Append(ctx, "t1", v, json.RawMessage(`{"x":1}`), false) }},
		{"append again", func(v int64) (int64, error) { return c.Append(ctx, "t1", v, json.RawMessage(`{"x":2}`), true) }},
		{"undo", func(v int64) (int64, error) { return c.Undo(ctx, "t1", v, false) }},
		{"append after undo", func(v int64) (int64, error) { return c.Append(ctx, "t1", v, json.RawMessage(`{"x":3}`), false) }},
		{"setup", func(v int64) (int64, error) { return c.Update(ctx, "t1", v, json.RawMessage(`{"a":2}`), nil) }},
		{"devices", func(v int64) (int64, error) {
			return c.Update(ctx, "t1", v, nil, []table.Device{{ID: "d1", Seats: []int{0}, Host: true}, {ID: "d2", Seats: nil}, {ID: "d3", Seats: []int{1}}})
		}},
		{"setup and devices", func(v int64) (int64, error) {
			return c.Update(ctx, "t1", v, json.RawMessage(`{"a":3}`), []table.Device{{ID: "d1", Seats: []int{0, 1}, Host: true}, {ID: "d2", Seats: []int{}}})
		}},
		{"devices only", func(v int64) (int64, error) {
			return c.Update(ctx, "t1", v, nil, []table.Device{{ID: "d1", Seats: []int{0}, Host: true}, {ID: "d3", Seats: []int{1}}})
		}},
		{"code", func(v int64) (int64, error) { return v, c.SetCode(ctx, "t1", "ABCD") }},
		{"conflict", func(v int64) (int64, error) {
			_, err := c.Append(ctx, "t1", v-1, json.RawMessage(`{"x":4}`), false)
			assert.ErrorIs(t, err, table.ErrConflict)
			return v, nil
		}},
	}
	v := int64(0)
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			before, err := c.Load(ctx, "t1")
			require.NoError(t, err)
			beforeLog := slices.Clone(before.Log)
			v, err = st.write(before.Version)
			require.NoError(t, err)
			want, err := db.Load(ctx, "t1")
			require.NoError(t, err)
			got, err := c.Load(ctx, "t1")
			require.NoError(t, err)
			sameRecord(t, want, got)
			assert.Equal(t, v, got.Version)
			// The record read before the write is unchanged: published records never change.
			assert.Equal(t, beforeLog, before.Log)
		})
	}
}

// A record handed out is the caller's: changing it changes nothing in the cache.
func TestTableCacheHandsOutCopies(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestCache(t, table.CacheBudget)
	require.NoError(t, c.Create(ctx, table.Table{ID: "t1", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d1", Seats: []int{0, 1}, Host: true}))
	_, err := c.Append(ctx, "t1", 0, json.RawMessage(`{"x":1}`), false)
	require.NoError(t, err)
	for range 2 { // from the store, then from memory
		r, err := c.Load(ctx, "t1")
		require.NoError(t, err)
		r.Devices[0].Seats[0] = 7
		r.Devices[0].Host = false
		r.Log = append(r.Log, json.RawMessage(`{"y":1}`))
	}
	r, err := c.Load(ctx, "t1")
	require.NoError(t, err)
	assert.Equal(t, []table.Device{{ID: "d1", Seats: []int{0, 1}, Host: true}}, r.Devices)
	assert.Len(t, r.Log, 1)
}

// A load that read the store before a write is not kept over the write.
func TestTableCacheStaleLoadNotKept(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestCache(t, table.CacheBudget)
	require.NoError(t, c.Create(ctx, table.Table{ID: "t1", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d1", Host: true}))
	// A load begun (generation read) before a write the cache could not follow...
	gen := table.CacheGen(c)
	old, err := c.Store.Load(ctx, "t1")
	require.NoError(t, err)
	_, err = c.Append(ctx, "t1", 0, json.RawMessage(`{}`), false)
	require.NoError(t, err)
	assert.NotEqual(t, gen, table.CacheGen(c))
	ids, _ := table.CacheHolds(c)
	assert.NotContains(t, ids, "t1")
	assert.Equal(t, int64(0), old.Version)
	got, err := c.Load(ctx, "t1")
	require.NoError(t, err)
	assert.Equal(t, int64(1), got.Version)
}

// The cache stays within its budget, the most recently used tables kept.
func TestTableCacheBudget(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestCache(t, 4000)
	for i := range 20 {
		id := fmt.Sprintf("t%02d", i)
		require.NoError(t, c.Create(ctx, table.Table{ID: id, Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d", Host: true}))
		_, err := c.Load(ctx, id)
		require.NoError(t, err)
	}
	ids, size := table.CacheHolds(c)
	assert.LessOrEqual(t, size, 4000)
	assert.Less(t, len(ids), 20)
	assert.Equal(t, "t19", ids[0])
	assert.NotContains(t, ids, "t00")
}

// Streams read while actions are written: run under -race, every load sees a whole
// version, and the last one is the store's.
func TestTableCacheConcurrent(t *testing.T) {
	ctx := context.Background()
	c, db := newTestCache(t, table.CacheBudget)
	require.NoError(t, c.Create(ctx, table.Table{ID: "t1", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d1", Host: true}))
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				r, err := c.Load(ctx, "t1")
				if assert.NoError(t, err) {
					assert.Len(t, r.Log, r.Actions)
				}
			}
		})
	}
	v := int64(0)
	for i := range 50 {
		var err error
		if i%5 == 4 {
			v, err = c.Undo(ctx, "t1", v, false)
		} else {
			v, err = c.Append(ctx, "t1", v, json.RawMessage(fmt.Sprintf(`{"i":%d}`, i)), false)
		}
		require.NoError(t, err)
	}
	close(stop)
	wg.Wait()
	want, err := db.Load(ctx, "t1")
	require.NoError(t, err)
	got, err := c.Load(ctx, "t1")
	require.NoError(t, err)
	sameRecord(t, want, got)
}

// A replay is kept only for the version it was made from.
func TestTableCacheReplay(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestCache(t, table.CacheBudget)
	require.NoError(t, c.Create(ctx, table.Table{ID: "t1", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d1", Host: true}))
	r := &struct{ state int }{}
	c.KeepReplay("t1", 0, r) // not in memory yet: not kept
	assert.Nil(t, c.Replayed("t1", 0))
	_, err := c.Load(ctx, "t1")
	require.NoError(t, err)
	c.KeepReplay("t1", 1, r) // another version: not kept
	assert.Nil(t, c.Replayed("t1", 0))
	c.KeepReplay("t1", 0, r)
	assert.Same(t, r, c.Replayed("t1", 0).(*struct{ state int }))
	_, err = c.Append(ctx, "t1", 0, json.RawMessage(`{}`), false)
	require.NoError(t, err)
	assert.Nil(t, c.Replayed("t1", 1), "a write drops the replay of the old version")
}

// A record handed out has seats of its own: one device's seats grown in place never
// reach another's, nor the cache's.
func TestTableCacheHandsOutSeatsApart(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestCache(t, table.CacheBudget)
	require.NoError(t, c.Create(ctx, table.Table{ID: "t1", Game: "diamant", Setup: json.RawMessage(`{}`)}, table.Device{ID: "d1", Seats: []int{0, 1}, Host: true}))
	_, err := c.Update(ctx, "t1", 0, nil, []table.Device{{ID: "d1", Seats: []int{0, 1}, Host: true}, {ID: "d2", Seats: []int{2}}, {ID: "d3", Seats: []int{}}})
	require.NoError(t, err)
	r, err := c.Load(ctx, "t1")
	require.NoError(t, err)
	r.Devices[0].Seats = append(r.Devices[0].Seats, 5)
	r.Devices[1].Seats[0] = 7
	require.Equal(t, []int{0, 1, 5}, r.Devices[0].Seats)
	require.Equal(t, []int{7}, r.Devices[1].Seats)
	require.NotNil(t, r.Devices[2].Seats)
	shared, err := table.CacheRead(ctx, c, "t1")
	require.NoError(t, err)
	require.Equal(t, []table.Device{{ID: "d1", Seats: []int{0, 1}, Host: true}, {ID: "d2", Seats: []int{2}}, {ID: "d3", Seats: []int{}}}, shared.Devices)
}

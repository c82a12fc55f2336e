package table

import (
	"container/list"
	"context"
	"encoding/json"
	"maps"
	"slices"
	"sync"
	"time"
)

// Cache keeps the newest version of recently used tables in memory, in front of the
// store, so that the live streams (six or more per action) and the handlers read a table
// without going through SQLite's one connection. Every write still goes to the store first
// (durability is the store's); only once it has succeeded does the cache take the new
// version, built from the old one and the write. A table's replay (its game's state at that
// version) rides along, so it is replayed once per version, not once per device.
//
// What the cache holds is never changed once published (streams read it concurrently):
// a write replaces the entry whole. The least recently used tables leave first, once the
// entries' estimated size passes the budget.
//
// With a store several servers write (Shared), what another server wrote reaches it
// through Tables: a table's entry is dropped when a newer version is heard of (moved), and
// checked against the store's version under the table's lock before every change (check),
// so a change is always made from the version the store has.
type Cache struct {
	Store
	budget int // bytes, estimated

	mu   sync.Mutex
	gen  uint64 // moved on by every write the cache did not follow: loads begun before it are not kept
	byID map[string]*list.Element
	lru  list.List // of *cachedTable, the most recently used first
	size int
}

// cachedTable is one table as stored at its newest version, and its replay.
type cachedTable struct {
	Rec    Record
	size   int
	replay any // the game's state at Rec.Version, or nil until a load makes it
}

// CacheBudget is a cache's usual bound: a finished game of 6 takes about 20 KB.
const CacheBudget = 64 << 20

// NewCache puts a cache of budget bytes (estimated) in front of s.
func NewCache(s Store, budget int) *Cache {
	return &Cache{Store: s, budget: budget, byID: map[string]*list.Element{}}
}

// Load reads a table from memory, or from the store (keeping it unless a write came
// meanwhile). The record returned is the caller's: its devices are copied, its log cannot
// be appended to in place.
func (c *Cache) Load(ctx context.Context, id string) (Record, error) {
	rec, err := c.read(ctx, id)
	if err != nil {
		return rec, err
	}
	return HandOut(rec), nil
}

// read is Load for a caller that never changes what it gets (a live stream, at every
// version): the record is the cache's own, shared with every reader, not a copy.
func (c *Cache) read(ctx context.Context, id string) (Record, error) {
	c.mu.Lock()
	if e, ok := c.byID[id]; ok {
		c.lru.MoveToFront(e)
		rec := e.Value.(*cachedTable).Rec
		c.mu.Unlock()
		return rec, nil
	}
	gen := c.gen
	c.mu.Unlock()

	rec, err := c.Store.Load(ctx, id)
	if err != nil {
		return rec, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return rec, nil // a write came meanwhile: rec may be older than what is stored
	}
	if e, ok := c.byID[id]; ok && e.Value.(*cachedTable).Rec.Version >= rec.Version {
		return rec, nil
	}
	c.put(&cachedTable{Rec: rec})
	return rec, nil
}

// HandOut copies what a caller might change: the devices and their seats (all the seats
// in one array). The log's entries are shared but clipped, so an append makes a new array.
func HandOut(rec Record) Record {
	rec.Log = slices.Clip(rec.Log)
	rec.Setup = slices.Clip(rec.Setup)
	n := 0
	for _, d := range rec.Devices {
		n += len(d.Seats)
	}
	devices := make([]Device, len(rec.Devices))
	seats := make([]int, 0, n)
	for i, d := range rec.Devices {
		if d.Seats != nil {
			seats = append(seats, d.Seats...)
			d.Seats = seats[len(seats)-len(d.Seats) : len(seats) : len(seats)]
		}
		devices[i] = d
	}
	rec.Devices = devices
	return rec
}

// put adds or replaces an entry (c.mu held), then evicts down to the budget.
func (c *Cache) put(t *cachedTable) {
	t.size = 512 + len(t.Rec.Setup) + 64*len(t.Rec.Devices)
	for _, a := range t.Rec.Log {
		t.size += 48 + len(a)
	}
	if t.replay != nil {
		t.size += 64 * len(t.Rec.Log) // about an action's worth of state per entry
	}
	if e, ok := c.byID[t.Rec.ID]; ok {
		c.size -= e.Value.(*cachedTable).size
		e.Value = t
		c.lru.MoveToFront(e)
	} else {
		c.byID[t.Rec.ID] = c.lru.PushFront(t)
	}
	c.size += t.size
	for c.size > c.budget && c.lru.Len() > 1 {
		c.drop(c.lru.Back())
	}
}

func (c *Cache) drop(e *list.Element) {
	t := e.Value.(*cachedTable)
	c.lru.Remove(e)
	delete(c.byID, t.Rec.ID)
	c.size -= t.size
}

// forget drops a table (c.mu held) and tells the loads under way not to keep what they read.
func (c *Cache) forget(id string) {
	if e, ok := c.byID[id]; ok {
		c.drop(e)
	}
	c.gen++
}

// follow applies a successful write made against version to the cached table: change
// edits a copy of the record (already at version+1). Without the table at that version in
// memory, the table is forgotten, and read from the store next time.
func (c *Cache) follow(id string, version int64, err error, change func(*Record)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byID[id]
	if err != nil || !ok || e.Value.(*cachedTable).Rec.Version != version {
		c.forget(id)
		return
	}
	rec := e.Value.(*cachedTable).Rec
	rec.Version = version + 1
	rec.Updated = time.UnixMilli(time.Now().UnixMilli())
	change(&rec)
	c.put(&cachedTable{Rec: rec})
}

func (c *Cache) Append(ctx context.Context, id string, version int64, action json.RawMessage, finished bool) (int64, error) {
	v, err := c.Store.Append(ctx, id, version, action, finished)
	c.follow(id, version, err, func(r *Record) {
		// A new array: the old record's readers keep theirs.
		r.Log = append(slices.Clip(r.Log), slices.Clone(action))
		r.Actions, r.Finished = len(r.Log), finished
	})
	return v, err
}

func (c *Cache) Undo(ctx context.Context, id string, version int64, finished bool) (int64, error) {
	v, err := c.Store.Undo(ctx, id, version, finished)
	c.follow(id, version, err, func(r *Record) {
		r.Log = slices.Clip(r.Log[:len(r.Log)-1])
		r.Actions, r.Finished = len(r.Log), finished
	})
	return v, err
}

func (c *Cache) Update(ctx context.Context, id string, version int64, setup json.RawMessage, devices []Device) (int64, error) {
	v, err := c.Store.Update(ctx, id, version, setup, devices)
	c.follow(id, version, err, func(r *Record) {
		if setup != nil {
			r.Setup = slices.Clone(setup)
		}
		if devices != nil {
			// As the store reads them back: in the given order, seats never nil.
			r.Devices = make([]Device, len(devices))
			for i, d := range devices {
				d.Seats = append([]int{}, d.Seats...)
				r.Devices[i] = d
			}
		}
	})
	return v, err
}

// The writes that keep the version: the table is read again from the store next time.

func (c *Cache) SetCode(ctx context.Context, id, code string) error {
	err := c.Store.SetCode(ctx, id, code)
	c.mu.Lock()
	c.forget(id)
	c.mu.Unlock()
	return err
}

func (c *Cache) Sweep(ctx context.Context, by SweepTimes) (int, int, error) {
	archived, deleted, err := c.Store.Sweep(ctx, by)
	if archived+deleted > 0 || err != nil {
		c.clear()
	}
	return archived, deleted, err
}

// clear drops every table, and tells the loads under way not to keep what they read.
func (c *Cache) clear() {
	c.mu.Lock()
	c.byID, c.size = map[string]*list.Element{}, 0
	c.lru.Init()
	c.gen++
	c.mu.Unlock()
}

// moved drops a table kept at a version older than version (another server's change),
// and tells the loads under way not to keep what they read.
func (c *Cache) moved(id string, version int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byID[id]; ok && e.Value.(*cachedTable).Rec.Version >= version {
		return
	}
	c.forget(id)
}

// check drops a table kept at another version than the store's (found: false when the
// store has no such table).
func (c *Cache) check(id string, version int64, found bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byID[id]; ok && (!found || e.Value.(*cachedTable).Rec.Version != version) {
		c.forget(id)
	}
}

// ids are the tables kept.
func (c *Cache) ids() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Collect(maps.Keys(c.byID))
}

// Replayed returns the kept replay of a table at version, or nil.
func (c *Cache) Replayed(id string, version int64) any {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byID[id]; ok && e.Value.(*cachedTable).Rec.Version == version {
		return e.Value.(*cachedTable).replay
	}
	return nil
}

// KeepReplay keeps a replay of a table at version, if the table is in memory at that
// version. r must never change afterwards: every reader of that version shares it.
func (c *Cache) KeepReplay(id string, version int64, r any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byID[id]; ok && e.Value.(*cachedTable).Rec.Version == version {
		t := *e.Value.(*cachedTable)
		t.replay = r
		c.put(&t)
	}
}

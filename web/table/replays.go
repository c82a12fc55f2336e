package table

import (
	"context"
	"sync"

	"tavolo/web/live"
)

// keeper is what Tables reads and writes tables through: the Cache on a server, Replays
// in the offline engine.
type keeper interface {
	Store
	// read is Load for a caller that never changes what it gets.
	read(ctx context.Context, id string) (Record, error)
	// Replayed is the kept replay of a table at version, or nil.
	Replayed(id string, version int64) any
	// KeepReplay keeps a replay of a table at version; r never changes afterwards.
	KeepReplay(id string, version int64, r any)
}

// Replays keeps each table's newest replay beside a store whose records are in memory
// already (the offline engine's, web/store/memory): no copy of the records in front of it,
// only what a read of the store cannot give, the game's state at a version, so that a
// request after an action (the page drawn again, the next action) does not replay the
// whole log. Like the Cache, it assumes it sees every write.
type Replays struct {
	Store
	mu   sync.Mutex
	byID map[string]keptReplay
}

type keptReplay struct {
	version int64
	replay  any
}

// replaysKept bounds the tables whose replay is kept: a phone plays one or two at a time.
const replaysKept = 16

// NewReplays keeps the replays of the tables of s.
func NewReplays(s Store) *Replays {
	return &Replays{Store: s, byID: map[string]keptReplay{}}
}

// read is the store's own read: the memory store hands out a copy.
func (r *Replays) read(ctx context.Context, id string) (Record, error) {
	return r.Store.Load(ctx, id)
}

// Replayed returns the kept replay of a table at version, or nil.
func (r *Replays) Replayed(id string, version int64) any {
	r.mu.Lock()
	defer r.mu.Unlock()
	if k, ok := r.byID[id]; ok && k.version == version {
		return k.replay
	}
	return nil
}

// KeepReplay keeps the replay of a table at version, unless one of a newer version is
// kept. When full, the replays kept are dropped: simpler than an LRU, and rare.
func (r *Replays) KeepReplay(id string, version int64, replay any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	k, ok := r.byID[id]
	if ok && k.version > version {
		return
	}
	if !ok && len(r.byID) >= replaysKept {
		clear(r.byID)
	}
	r.byID[id] = keptReplay{version, replay}
}

// NewTablesInMemory runs the tables kept in s, a store in memory, with their newest
// replays kept (Replays) and no cache of records, telling hub of every change.
func NewTablesInMemory(s Store, hub *live.Hub) *Tables {
	return &Tables{cache: NewReplays(s), hub: hub}
}

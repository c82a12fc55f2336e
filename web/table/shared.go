package table

import "context"

// Several servers on one store (Shared): each keeps its cache, its locks and its live
// streams, and the store joins them.
//
//   - A change is made under the table's lock in the store as well as this server's own
//     (lockShared): the servers' requests on one table take turns, as one server's do, so
//     two votes at once on two servers are both counted, one after the other, never one
//     refused for the other (a version check alone would refuse the second: its vote was
//     read from the version before). Under the lock the table's version is read from the
//     store, and a cached table at another version is dropped: a change is always made
//     from the version the store has.
//   - Every version any server commits is heard (Follow): a cached table older than it is
//     dropped, and the table's streams here are woken (live.Hub.Advance), so a phone on
//     one server sees a change made on another. After the hearing was cut, the versions of
//     the tables followed here and kept in the cache are read again (catchUp).
//
// A page read (not a change) may be drawn from the cached version in the moment between
// another server's commit and its notification (a millisecond or so on one network); the
// page's stream then brings the new version.

// lockShared takes a table's lock in the shared store, the server's own lock (unlock)
// held, and drops the cached table unless it is at the store's version.
func (ts *Tables) lockShared(id string, unlock func()) (func(), error) {
	version, found, release, err := ts.shared.LockTable(context.Background(), id)
	if err != nil {
		unlock()
		return nil, err
	}
	ts.kept.check(id, version, found)
	return func() {
		release()
		unlock()
	}, nil
}

// Follow hears the changes the other servers make to the tables, until ctx ends (nothing
// to do unless the store is Shared); lost is told why each time the hearing stops, before
// it is tried again.
func (ts *Tables) Follow(ctx context.Context, lost func(error)) {
	if ts.shared == nil {
		return
	}
	ts.shared.Follow(ctx, ts.moved, ts.catchUp, lost)
}

// Shared tells whether the tables are in a store several servers share.
func (ts *Tables) Shared() bool { return ts.shared != nil }

// moved is a table's new version, heard from the store; an empty id is any table (a
// sweep archived or deleted some): every cached table is dropped, as after this server's
// own sweep; a version 0 is a change that kept the version (a join code given): the
// cached table is dropped, as after this server's own (Cache.SetCode), and no stream
// woken.
func (ts *Tables) moved(id string, version int64) {
	if id == "" {
		ts.kept.clear()
		return
	}
	if version == 0 {
		ts.kept.check(id, 0, false)
		return
	}
	ts.kept.moved(id, version)
	ts.hub.Advance(id, version)
}

// catchUp reads again the versions of the tables this server follows or keeps, once it
// hears the store again: what it missed meanwhile is dropped from the cache, and told to
// the streams.
func (ts *Tables) catchUp(ctx context.Context) {
	ids := ts.kept.ids()
	seen := make(map[string]bool, len(ids))
	for _, id := range ids {
		seen[id] = true
	}
	for _, id := range ts.hub.Followed() {
		if !seen[id] {
			ids = append(ids, id)
		}
	}
	versions, err := ts.shared.Versions(ctx, ids)
	if err != nil {
		// Nothing read: nothing kept is trusted.
		ts.kept.clear()
		return
	}
	for _, id := range ids {
		if v, ok := versions[id]; ok {
			ts.moved(id, v)
		} else {
			ts.kept.check(id, 0, false)
		}
	}
}

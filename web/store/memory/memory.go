// Package memory keeps tables in memory: the store of the offline build, which runs in the
// browser (where there is no SQLite) and keeps its tables on the device by writing each
// changed table out through a callback (to IndexedDB), and reading them all back at start.
package memory

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"time"

	"tavolo/web/table"
)

// Store is a table.Store in memory. The zero value is not usable: use New.
type Store struct {
	mu      sync.Mutex
	tables  map[string]*table.Record
	now     func() time.Time
	changed func(r table.Record, deleted bool) // after every change, with the table as it now is
}

// New makes an empty store. changed, if not nil, is called after every change with a copy
// of the table as it now is (or deleted), under the store's lock, in the order of the
// changes: the caller keeps it, and gives every kept table back to Restore at the next start.
func New(changed func(r table.Record, deleted bool)) *Store {
	return &Store{tables: map[string]*table.Record{}, now: time.Now, changed: changed}
}

// Restore puts tables kept before back in the store, replacing any of the same id.
func (s *Store) Restore(records ...table.Record) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range records {
		c := clone(r)
		s.tables[r.ID] = &c
	}
}

// Remove takes a table out of the store (when it moved to the server).
func (s *Store) Remove(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.tables[id]; ok {
		delete(s.tables, id)
		s.tell(r, true)
	}
}

func (s *Store) tell(r *table.Record, deleted bool) {
	if s.changed != nil {
		s.changed(clone(*r), deleted)
	}
}

func clone(r table.Record) table.Record {
	r.Setup = slices.Clone(r.Setup)
	r.Log = slices.Clone(r.Log)
	devices := make([]table.Device, len(r.Devices))
	for i, d := range r.Devices {
		d.Seats = slices.Clone(d.Seats)
		devices[i] = d
	}
	r.Devices = devices
	return r
}

func (s *Store) Close() error { return nil }

func (s *Store) Create(_ context.Context, t table.Table, host table.Device) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	t.Version, t.Actions, t.Finished, t.Archived, t.Code, t.ImportKey, t.Created, t.Updated = 0, 0, false, false, "", "", now, now
	host.Host = true
	r := clone(table.Record{Table: t, Log: []json.RawMessage{}, Devices: []table.Device{host}})
	s.tables[t.ID] = &r
	s.tell(&r, false)
	return nil
}

func (s *Store) Import(_ context.Context, r table.Record) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.tables[r.ID]; ok {
		return fmt.Errorf("memory: table %s exists", r.ID)
	}
	if r.ImportKey != "" && s.findImport(r.ImportKey) != "" {
		return table.ErrImported
	}
	for i, d := range r.Devices {
		if slices.ContainsFunc(r.Devices[:i], func(o table.Device) bool { return o.ID == d.ID }) {
			return fmt.Errorf("memory: device %s twice at table %s", d.ID, r.ID)
		}
	}
	now := s.now()
	c := clone(r)
	c.Version, c.Actions, c.Archived, c.Code, c.Created, c.Updated = int64(len(c.Log)), len(c.Log), false, "", now, now
	s.tables[r.ID] = &c
	s.tell(&c, false)
	return nil
}

func (s *Store) FindImport(_ context.Context, key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id := s.findImport(key); id != "" {
		return id, nil
	}
	return "", table.ErrNotFound
}

// findImport is the id of the table imported with key, "" if none; under the lock.
func (s *Store) findImport(key string) string {
	if key == "" {
		return ""
	}
	for id, r := range s.tables {
		if r.ImportKey == key && !r.Archived {
			return id
		}
	}
	return ""
}

func (s *Store) Load(_ context.Context, id string) (table.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.tables[id]
	if !ok {
		return table.Record{}, table.ErrNotFound
	}
	return clone(*r), nil
}

// change applies f to the table at version and moves it to the next version.
func (s *Store) change(id string, version int64, f func(r *table.Record) error) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.tables[id]
	if !ok {
		return 0, table.ErrNotFound
	}
	if r.Version != version {
		return 0, table.ErrConflict
	}
	next := clone(*r)
	if err := f(&next); err != nil {
		return 0, err
	}
	next.Version++
	next.Actions = len(next.Log)
	next.Updated = s.now()
	s.tables[id] = &next
	s.tell(&next, false)
	return next.Version, nil
}

func (s *Store) Append(_ context.Context, id string, version int64, action json.RawMessage, finished bool) (int64, error) {
	return s.change(id, version, func(r *table.Record) error {
		r.Log = append(r.Log, slices.Clone(action))
		r.Finished = finished
		return nil
	})
}

func (s *Store) Undo(_ context.Context, id string, version int64, finished bool) (int64, error) {
	return s.change(id, version, func(r *table.Record) error {
		if len(r.Log) == 0 {
			return table.ErrConflict
		}
		r.Log = r.Log[:len(r.Log)-1]
		r.Finished = finished
		return nil
	})
}

func (s *Store) Update(_ context.Context, id string, version int64, setup json.RawMessage, devices []table.Device) (int64, error) {
	return s.change(id, version, func(r *table.Record) error {
		if setup != nil {
			r.Setup = slices.Clone(setup)
		}
		if devices != nil {
			for i, d := range devices {
				if slices.ContainsFunc(devices[:i], func(o table.Device) bool { return o.ID == d.ID }) {
					return fmt.Errorf("memory: device %s twice at table %s", d.ID, id)
				}
			}
			r.Devices = clone(table.Record{Devices: devices}).Devices
		}
		return nil
	})
}

func (s *Store) SetCode(_ context.Context, id, code string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.tables[id]
	if !ok {
		return table.ErrNotFound
	}
	for other, o := range s.tables {
		if other != id && o.Code == code && !o.Archived {
			return table.ErrCodeTaken
		}
	}
	r.Code = code
	s.tell(r, false)
	return nil
}

func (s *Store) FindByCode(_ context.Context, code string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, r := range s.tables {
		if r.Code == code && !r.Archived {
			return id, nil
		}
	}
	return "", table.ErrNotFound
}

func (s *Store) ListForDevice(_ context.Context, device, game string) ([]table.Table, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []table.Table
	for _, r := range s.tables {
		if r.Game != game || r.Archived || !slices.ContainsFunc(r.Devices, func(d table.Device) bool { return d.ID == device }) {
			continue
		}
		out = append(out, r.Table)
	}
	slices.SortFunc(out, func(a, b table.Table) int {
		if c := b.Updated.Compare(a.Updated); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	if len(out) > 100 {
		out = out[:100]
	}
	return out, nil
}

// Sweep does nothing: a device's own tables stay until the player deletes them or moves
// them to the server.
func (s *Store) Sweep(context.Context, table.SweepTimes) (archived, deleted int, err error) {
	return 0, 0, nil
}

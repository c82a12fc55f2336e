package table

import "sync"

// Locks serializes the actions on each table. A table's lock exists only while a
// request holds or waits for it, so the map never keeps a lock for a table nobody acts on
// (nor for an id that names no table).
type Locks struct {
	mu    sync.Mutex
	locks map[string]*lock
}

type lock struct {
	sync.Mutex
	users int // requests holding or waiting for it; guarded by Locks.mu
}

// Lock takes a table's lock and returns its unlock, to call once.
func (l *Locks) Lock(id string) func() {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[string]*lock{}
	}
	m, ok := l.locks[id]
	if !ok {
		m = &lock{}
		l.locks[id] = m
	}
	m.users++
	l.mu.Unlock()
	m.Lock()
	return func() {
		m.Unlock()
		l.mu.Lock()
		if m.users--; m.users == 0 {
			delete(l.locks, id)
		}
		l.mu.Unlock()
	}
}

// Held counts the tables whose lock exists now.
func (l *Locks) Held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.locks)
}

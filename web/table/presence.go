package table

import (
	"sync"
	"time"
)

// Presence counts each device's open streams at each table, in memory only: after a
// restart every device reconnects within seconds. A device counts as away once it has had
// no stream open for a while (after); when it goes away, and when it comes back, presence
// calls changed with the table, outside its lock, so the table's pages show it at once.
// With several servers on one store (Share), a device's streams on the other servers
// count too (presence_shared.go).
type Presence struct {
	mu      sync.Mutex
	after   time.Duration
	changed func(table string)
	seen    map[seenKey]*seen
	shared  *sharedPresence // nil on a server alone
}

type seenKey struct{ table, device string }

type seen struct {
	streams int
	last    time.Time // when the last stream closed, or the device was first heard of
	gen     uint64    // counts enters and leaves: a timer set at a leave is void after either
	// The other servers on which the device has a stream, each with when it last said so
	// (Share only).
	remote map[string]time.Time
}

// here: the device has a stream open on this server or, as last heard, on another.
func (e *seen) here() bool { return e.streams > 0 || len(e.remote) > 0 }

func NewPresence(after time.Duration, changed func(table string)) *Presence {
	return &Presence{after: after, changed: changed, seen: map[seenKey]*seen{}}
}

// Enter notes a device's stream opened at a table.
func (p *Presence) Enter(table, device string) {
	p.mu.Lock()
	e := p.seen[seenKey{table, device}]
	back := e != nil && !e.here() && time.Since(e.last) >= p.after
	if e == nil {
		e = &seen{}
		p.seen[seenKey{table, device}] = e
	}
	e.streams++
	e.gen++
	if e.streams == 1 && p.shared != nil {
		p.shared.send(beat{'+', table, device})
	}
	p.mu.Unlock()
	if back {
		p.changed(table)
	}
}

// Leave notes a device's stream closed.
func (p *Presence) Leave(table, device string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if e := p.seen[seenKey{table, device}]; e != nil {
		e.streams--
		e.last = time.Now()
		if e.streams == 0 && p.shared != nil {
			p.shared.send(beat{'-', table, device})
		}
		if !e.here() {
			p.idle(seenKey{table, device}, e)
		}
	}
}

// idle starts a device's wait for being away: if nothing happens meanwhile, the table is
// told when the wait ends. Called under the lock.
func (p *Presence) idle(k seenKey, e *seen) {
	e.gen++
	gen := e.gen
	time.AfterFunc(p.after, func() {
		p.mu.Lock()
		e := p.seen[k]
		gone := e != nil && e.gen == gen && !e.here()
		p.mu.Unlock()
		if gone {
			p.changed(k.table)
		}
	})
}

// Away: the device has had no open stream for a while. A device first heard of (it has
// just joined, or the server has just started) gets that while to open one.
func (p *Presence) Away(table, device string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.away(seenKey{table, device})
}

// AwayOf sets away[i] to whether devices[i] is away from the table (Away), under one lock:
// a table's view asks for all its phones at every change.
func (p *Presence) AwayOf(table string, devices []string, away []bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, d := range devices {
		away[i] = p.away(seenKey{table, d})
	}
}

// away is Away under the lock.
func (p *Presence) away(k seenKey) bool {
	e := p.seen[k]
	if e == nil {
		e = &seen{last: time.Now()}
		p.seen[k] = e
		p.idle(k, e)
		return false
	}
	return !e.here() && time.Since(e.last) >= p.after
}

// Prune forgets the devices without a stream since before: their tables are idle.
func (p *Presence) Prune(before time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for k, e := range p.seen {
		if !e.here() && e.last.Before(before) {
			delete(p.seen, k)
		}
	}
}

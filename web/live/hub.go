// Package live tells the devices at a table that the table has changed, for Server-Sent
// Events. It carries only versions: each device's stream renders that device's own view
// of the new version, so nothing one seat may not see ever passes through here.
//
// A subscriber is woken through a channel of one slot and then reads the newest version:
// publishing never blocks, and a slow device never loses a change, it gets several at once.
// Touch wakes the subscribers with no new version, for what changes beside the table's
// versions (a phone going away); it carries nothing either.
package live

import (
	"maps"
	"slices"
	"sync"
	"sync/atomic"
)

// Hub holds the subscribers of every table.
type Hub struct {
	mu     sync.Mutex
	tables map[string]map[*Sub]struct{}
}

// Sub is one device's subscription to one table.
type Sub struct {
	hub     *Hub
	table   string
	wake    chan struct{}
	latest  atomic.Int64
	touched atomic.Bool
}

// NewHub makes an empty hub.
func NewHub() *Hub { return &Hub{tables: map[string]map[*Sub]struct{}{}} }

// Subscribe starts listening to a table's changes.
func (h *Hub) Subscribe(table string) *Sub {
	s := &Sub{hub: h, table: table, wake: make(chan struct{}, 1)}
	h.mu.Lock()
	subs, ok := h.tables[table]
	if !ok {
		subs = map[*Sub]struct{}{}
		h.tables[table] = subs
	}
	subs[s] = struct{}{}
	h.mu.Unlock()
	return s
}

// Publish tells a table's subscribers that it is now at version.
func (h *Hub) Publish(table string, version int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.tables[table] {
		for {
			old := s.latest.Load()
			if version <= old || s.latest.CompareAndSwap(old, version) {
				break
			}
		}
		select {
		case s.wake <- struct{}{}:
		default: // already woken: it will read the newest version
		}
	}
}

// Touch wakes a table's subscribers without a new version: something every device may
// know of changed beside the table itself (a phone went away, or came back).
func (h *Hub) Touch(table string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.tables[table] {
		s.touched.Store(true)
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
}

// Subscribers counts a table's subscribers.
func (h *Hub) Subscribers(table string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.tables[table])
}

// Tables is how many tables at least one stream follows.
func (h *Hub) Tables() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.tables)
}

// Wake is signalled when the table has changed since the last Latest, or the subscriber
// was nudged.
func (s *Sub) Wake() <-chan struct{} { return s.wake }

// Nudge wakes the subscriber with no change of its table: its follower has something else
// to look at (a heartbeat due, its place taken, the server stopping), and waits on one
// channel rather than selecting among several at every change.
func (s *Sub) Nudge() {
	select {
	case s.wake <- struct{}{}:
	default: // already woken
	}
}

// NudgeAll nudges every subscriber of every table.
func (h *Hub) NudgeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, subs := range h.tables {
		for s := range subs {
			s.Nudge()
		}
	}
}

// Latest is the newest version published since the subscription began (0 if none).
func (s *Sub) Latest() int64 { return s.latest.Load() }

// Touched tells whether the table was touched since the last call.
func (s *Sub) Touched() bool { return s.touched.Swap(false) }

// Close ends the subscription.
func (s *Sub) Close() {
	s.hub.mu.Lock()
	defer s.hub.mu.Unlock()
	if subs, ok := s.hub.tables[s.table]; ok {
		delete(subs, s)
		if len(subs) == 0 {
			delete(s.hub.tables, s.table)
		}
	}
}

// Advance tells a table's subscribers that it is now at version, waking only those that
// had not heard of it yet: a change another server made, heard from the database, which
// this server may have published already (its own).
func (h *Hub) Advance(table string, version int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.tables[table] {
		if version <= s.latest.Load() {
			continue // it knew (a version is published under h.mu)
		}
		s.latest.Store(version)
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
}

// Followed are the tables at least one subscriber follows.
func (h *Hub) Followed() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Collect(maps.Keys(h.tables))
}

package table

import (
	"context"
	"strings"
	"sync"
	"time"
)

// Presence across servers sharing one store: a device's stream may be on one server and
// its host's page on another, and both must say the same about who is away.
//
// Each server tells the others, on the store's bus (PostgreSQL's NOTIFY), when a device's
// first stream at a table opens on it ("+") and when its last one closes ("-"); every
// PresenceEvery it tells again every device with a stream on it, so that a server that
// missed a beat (its listening connection was cut) learns it, and a server that dies
// (killed: it says nothing more) has its devices counted away once its word is
// PresenceKept beats old, while one that stops says so ("!"). A server that starts
// listening (again) asks the others to tell all at once ("?"). What is heard goes into the same counts as this server's own
// streams: a device is away once it has had no stream on any server for the while, and
// the same calls of changed wake the pages. Nothing of this runs on a server alone.
//
// Why beats rather than a table of streams in the database: Away is asked by every view
// of every phone, and must stay a map lookup; a stream's open and close are rare, and one
// beat of a few dozen bytes each, sent beside the stream, not in its way (a queue, sent
// by one goroutine, packed up to beatPayload bytes a notification).

// PresenceBus carries presence between the servers sharing one store.
type PresenceBus interface {
	// Announce sends msg to every server listening, this one too.
	Announce(ctx context.Context, msg string) error
	// HearPresence has heard told of every message any server announces, in order, and
	// listening each time the store listens again (and the first time): messages may have
	// been missed before. Set before the store listens (Tables.Follow).
	HearPresence(heard func(msg string), listening func())
}

// PresenceEvery is how often a server tells the others again every device with a stream
// on it; PresenceKept how many of these a server's word on a device lasts unheard.
const (
	PresenceEvery = 10 * time.Second
	PresenceKept  = 3
)

// beatPayload bounds a message (PostgreSQL's NOTIFY takes less than 8,000 bytes).
const beatPayload = 7000

type sharedPresence struct {
	bus    PresenceBus
	server string // this server's name in the messages: random, made at its start
	every  time.Duration

	mu    sync.Mutex
	queue []beat
	all   bool // tell every device with a stream here at the next send
	wake  chan struct{}
}

type beat struct {
	sign          byte // '+': a stream here; '-': none any more
	table, device string
}

// Share joins p to the other servers' presence on bus; Beat then sends and refreshes
// what this server says. Called before any stream opens, and before the store listens.
func (p *Presence) Share(bus PresenceBus, every time.Duration) {
	p.shared = &sharedPresence{bus: bus, server: NewID()[:10], every: every, wake: make(chan struct{}, 1)}
	bus.HearPresence(p.heard, p.shared.ask)
}

// send queues a beat (p's lock held: the beats of one device leave in order).
func (s *sharedPresence) send(b beat) {
	s.mu.Lock()
	s.queue = append(s.queue, b)
	s.mu.Unlock()
	s.poke()
}

func (s *sharedPresence) poke() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// ask: this server listens (again), and may have missed the others' beats: every server
// tells all, at once.
func (s *sharedPresence) ask() {
	s.mu.Lock()
	s.queue = append(s.queue, beat{sign: '?'})
	s.mu.Unlock()
	s.poke()
}

// Beat sends this server's beats as they come, and all of them every PresenceEvery, and
// counts away the devices whose other server fell silent, until ctx ends (Share first).
func (p *Presence) Beat(ctx context.Context) {
	s := p.shared
	tick := time.NewTicker(s.every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			// Stopping: the others forget what this server said at once ("!"), rather
			// than after PresenceKept beats; its phones are told to reconnect, to another.
			bye, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
			_ = s.bus.Announce(bye, "! "+s.server)
			cancel()
			return
		case <-s.wake:
		case now := <-tick.C:
			p.expire(now.Add(-PresenceKept * s.every))
			s.mu.Lock()
			s.all = true
			s.mu.Unlock()
		}
		s.mu.Lock()
		queue, all := s.queue, s.all
		s.queue, s.all = nil, false
		s.mu.Unlock()
		if all {
			queue = append(queue, p.streaming()...)
		}
		for _, msg := range pack(s.server, queue) {
			// A beat lost (the database away) is sent again within PresenceEvery.
			_ = s.bus.Announce(ctx, msg)
		}
	}
}

// streaming: a "+" for every device with a stream on this server.
func (p *Presence) streaming() []beat {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]beat, 0, len(p.seen))
	for k, e := range p.seen {
		if e.streams > 0 {
			out = append(out, beat{'+', k.table, k.device})
		}
	}
	return out
}

// pack writes beats as messages: "SIGN SERVER TABLE DEVICE TABLE DEVICE…", the beats of
// one sign in a row together, up to beatPayload bytes; "? SERVER" asks the others for all.
func pack(server string, beats []beat) []string {
	var out []string
	var b strings.Builder
	var sign byte
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for _, x := range beats {
		if x.sign != sign || x.sign == '?' || b.Len()+len(x.table)+len(x.device)+2 > beatPayload {
			flush()
			sign = x.sign
			b.WriteByte(x.sign)
			b.WriteByte(' ')
			b.WriteString(server)
		}
		if x.sign != '?' {
			b.WriteByte(' ')
			b.WriteString(x.table)
			b.WriteByte(' ')
			b.WriteString(x.device)
		}
	}
	flush()
	return out
}

// heard takes in a message of another server (its own are skipped).
func (p *Presence) heard(msg string) {
	s := p.shared
	f := strings.Fields(msg)
	if len(f) < 2 || f[1] == s.server {
		return
	}
	switch f[0] {
	case "?":
		s.mu.Lock()
		s.all = true
		s.mu.Unlock()
		s.poke()
	case "!":
		p.forgetServer(f[1])
	case "+", "-":
		var tell []string
		now := time.Now()
		p.mu.Lock()
		for i := 2; i+1 < len(f); i += 2 {
			if p.remote(f[1], seenKey{f[i], f[i+1]}, f[0] == "+", now) {
				tell = append(tell, f[i])
			}
		}
		p.mu.Unlock()
		for _, table := range tell {
			p.changed(table)
		}
	}
}

// remote notes what server says of a device (p's lock held); it reports whether the
// device is back from away, for the table to be told.
func (p *Presence) remote(server string, k seenKey, here bool, now time.Time) (back bool) {
	e := p.seen[k]
	if !here {
		if e != nil && !e.remote[server].IsZero() {
			delete(e.remote, server)
			if !e.here() {
				e.last = now
				p.idle(k, e)
			}
		}
		return false
	}
	if e == nil {
		e = &seen{}
		p.seen[k] = e
	} else {
		back = !e.here() && now.Sub(e.last) >= p.after
	}
	if e.remote == nil {
		e.remote = map[string]time.Time{}
	}
	if e.remote[server].IsZero() {
		e.gen++
	}
	e.remote[server] = now
	return back
}

// forgetServer forgets all a server said: it stopped.
func (p *Presence) forgetServer(server string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	for k, e := range p.seen {
		if e.remote[server].IsZero() {
			continue
		}
		delete(e.remote, server)
		if !e.here() {
			e.last = now
			p.idle(k, e)
		}
	}
}

// expire forgets what the other servers said last before: a server that said nothing
// since is gone (killed), and its devices' streams with it.
func (p *Presence) expire(before time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	for k, e := range p.seen {
		if len(e.remote) == 0 {
			continue
		}
		for server, at := range e.remote {
			if at.Before(before) {
				delete(e.remote, server)
			}
		}
		if !e.here() {
			e.last = now
			p.idle(k, e)
		}
	}
}

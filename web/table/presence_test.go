package table

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/stretchr/testify/require"
)

func TestPresenceTellsWhenADeviceGoesAwayAndComesBack(t *testing.T) {
	synctest.Test(t, presenceTells)
}

// presenceTells runs in a bubble of synctest: its clock moves only when every goroutine
// waits, so the waits below take no time and the timers fire exactly.
func presenceTells(t *testing.T) {
	const after = 80 * time.Millisecond
	var mu sync.Mutex
	changes := map[string]int{}
	p := NewPresence(after, func(table string) {
		mu.Lock()
		defer mu.Unlock()
		changes[table]++
	})
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		return changes["t"]
	}
	settle := func() { time.Sleep(3 * after); synctest.Wait() }

	require.False(t, p.Away("t", "new"), "a device first heard of has a while to open its stream")
	settle()
	require.True(t, p.Away("t", "new"))
	require.Equal(t, 1, count(), "it never did: away")

	p.Enter("t", "a")
	p.Enter("t", "a") // two tabs
	p.Leave("t", "a")
	settle()
	require.False(t, p.Away("t", "a"), "one tab still open")
	require.Equal(t, 1, count())

	p.Leave("t", "a")
	p.Enter("t", "a") // a reload: back before it counts as away
	settle()
	require.False(t, p.Away("t", "a"))
	require.Equal(t, 1, count(), "nothing changed: nothing told")

	p.Leave("t", "a")
	settle()
	require.True(t, p.Away("t", "a"))
	require.Equal(t, 2, count(), "gone away")
	p.Enter("t", "a")
	require.False(t, p.Away("t", "a"))
	require.Equal(t, 3, count(), "back")
	require.Zero(t, changes["u"])

	p.Leave("t", "a")
	p.Prune(time.Now().Add(time.Hour))
	require.False(t, p.Away("t", "a"), "forgotten: heard of afresh")
}

// A bus in memory joining presences, as PostgreSQL's notifications join servers.
type memoryBus struct {
	mu    sync.Mutex
	heard []func(string)
}

func (b *memoryBus) Announce(_ context.Context, msg string) error {
	b.mu.Lock()
	heard := append([]func(string){}, b.heard...)
	b.mu.Unlock()
	for _, h := range heard {
		h(msg)
	}
	return nil
}

// memoryPort is a server's way onto a memoryBus; a dead one (killed) says nothing.
type memoryPort struct {
	*memoryBus
	dead atomic.Bool
}

func (p *memoryPort) Announce(ctx context.Context, msg string) error {
	if p.dead.Load() {
		return nil
	}
	return p.memoryBus.Announce(ctx, msg)
}

func (b *memoryBus) HearPresence(heard func(string), listening func()) {
	b.mu.Lock()
	b.heard = append(b.heard, heard)
	b.mu.Unlock()
	listening()
}

func TestPresenceSharedBetweenServers(t *testing.T) {
	synctest.Test(t, presenceShared)
}

// Two servers' presences on one bus: a device's stream on A keeps it present on B; its
// close makes it away on B after the while; back on B, A hears it back; A killed (it says
// nothing more), B counts its devices away once its word is PresenceKept beats old; C
// stopped (it says so), at once.
func presenceShared(t *testing.T) {
	const after, every = 80 * time.Millisecond, time.Second
	var mu sync.Mutex
	changes := map[string]int{}
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		return changes["b"]
	}
	bus := &memoryBus{}
	a := NewPresence(after, func(string) {})
	b := NewPresence(after, func(table string) {
		mu.Lock()
		defer mu.Unlock()
		changes[table[:1]]++
	})
	ctx, stopA := context.WithCancel(context.Background())
	ctxB, stopB := context.WithCancel(context.Background())
	defer stopB()
	portA := &memoryPort{memoryBus: bus}
	a.Share(portA, every)
	b.Share(bus, every)
	go a.Beat(ctx)
	go b.Beat(ctxB)
	settle := func() { time.Sleep(3 * after); synctest.Wait() }

	require.False(t, b.Away("b1", "d"), "heard of first: a while to open a stream")
	a.Enter("b1", "d")
	settle()
	require.False(t, b.Away("b1", "d"), "its stream is on A")
	require.Zero(t, count())
	a.Leave("b1", "d")
	settle()
	require.True(t, b.Away("b1", "d"), "no stream on any server")
	require.Equal(t, 1, count(), "gone away")
	a.Enter("b1", "d")
	synctest.Wait()
	require.False(t, b.Away("b1", "d"))
	require.Equal(t, 2, count(), "back")

	// Leave A, and open on B within the while: nothing to tell.
	a.Leave("b1", "d")
	b.Enter("b1", "d")
	settle()
	require.False(t, a.Away("b1", "d"), "A hears its stream on B")
	require.Equal(t, 2, count())
	b.Leave("b1", "d")
	settle()
	require.True(t, a.Away("b1", "d"))

	// A new server hears who is on A at once (it asks when it starts listening).
	a.Enter("b2", "e")
	synctest.Wait()
	c := NewPresence(after, func(string) {})
	c.Share(bus, every)
	ctxC, stopC := context.WithCancel(context.Background())
	defer stopC()
	go c.Beat(ctxC)
	settle()
	require.False(t, c.Away("b2", "e"), "told by A when C asked")

	// A killed: it says nothing more. B and C keep its word for PresenceKept beats, then
	// count e away.
	portA.dead.Store(true)
	stopA()
	time.Sleep(PresenceKept * every)
	synctest.Wait()
	require.False(t, b.Away("b2", "e"))
	before := count()
	time.Sleep(every + 3*after)
	synctest.Wait()
	require.True(t, b.Away("b2", "e"), "A said nothing for too long")
	require.True(t, c.Away("b2", "e"))
	require.Equal(t, before+1, count(), "told once")

	// C stops, its device's stream with it: B forgets what C said at once, and counts the
	// device away after the while.
	c.Enter("b3", "f")
	synctest.Wait()
	require.False(t, b.Away("b3", "f"))
	stopC()
	synctest.Wait()
	settle()
	require.True(t, b.Away("b3", "f"), "C said it stopped")
}

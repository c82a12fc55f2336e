package table

import (
	"sync"
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

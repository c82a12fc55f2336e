package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A table's lock is one lock whoever waits for it, and is gone once the last has let go.
func TestTableLocksGoWhenUnused(t *testing.T) {
	var l Locks
	unlock := l.Lock("a")
	got := make(chan struct{})
	go func() {
		defer close(got)
		l.Lock("a")()
	}()
	require.Equal(t, 1, l.Held())
	unlock()
	<-got
	require.Zero(t, l.Held())
}

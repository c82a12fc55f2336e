package live

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A device at its cap gets its new stream, its oldest told to end; an address at its cap,
// or the server at its, is refused; a released stream gives its place back.
func TestLimits(t *testing.T) {
	l := NewLimits(2, 3, 4)
	a, why := l.Acquire("d1", "192.0.2.1")
	require.Equal(t, Accepted, why)
	b, _ := l.Acquire("d1", "192.0.2.1")
	c, why := l.Acquire("d1", "192.0.2.1")
	require.Equal(t, Accepted, why)
	select {
	case <-a.Replaced():
	default:
		t.Fatal("the oldest stream was not told to end")
	}
	a.Release()
	open, mine, addr := l.Counts("d1", "192.0.2.1")
	require.Equal(t, [3]int{2, 2, 2}, [3]int{open, mine, addr})

	d, _ := l.Acquire("d2", "192.0.2.1")
	_, why = l.Acquire("d3", "192.0.2.1")
	require.Equal(t, RefusedAddress, why)
	require.Equal(t, RefusedAddress, l.Check("d3", "192.0.2.1"))
	require.Equal(t, Accepted, l.Check("d1", "192.0.2.1"), "a device at its cap replaces")
	e, _ := l.Acquire("d4", "198.51.100.1")
	_, why = l.Acquire("d5", "198.51.100.2")
	require.Equal(t, RefusedServer, why)
	for _, s := range []*Lease{b, c, d, e} {
		s.Release()
	}
	open, _, _ = l.Counts("", "")
	require.Zero(t, open)
}

// Streams told to end keep their places until their handlers return; a device with as
// many of those as its cap gets no more (issue #11: a client that reads nothing kept its
// replaced streams open, so one device held thousands).
func TestLimitsEndingStreamsCount(t *testing.T) {
	l := NewLimits(2, 100, 100)
	var leases []*Lease
	for range 4 { // 2 open, then 2 more that tell the first 2 to end
		s, why := l.Acquire("d1", "192.0.2.1")
		require.Equal(t, Accepted, why)
		leases = append(leases, s)
	}
	_, why := l.Acquire("d1", "192.0.2.1")
	require.Equal(t, RefusedDevice, why, "2 still ending: the device is at twice its cap")
	require.Equal(t, RefusedDevice, l.Check("d1", "192.0.2.1"))
	open, mine, _ := l.Counts("d1", "192.0.2.1")
	require.Equal(t, [2]int{4, 4}, [2]int{open, mine})
	leases[0].Release() // one ended stream's handler returns
	s, why := l.Acquire("d1", "192.0.2.1")
	require.Equal(t, Accepted, why)
	select {
	case <-leases[2].Replaced():
	default:
		t.Fatal("the oldest open stream was not told to end")
	}
	for _, o := range append(leases[1:], s) {
		o.Release()
	}
	open, _, _ = l.Counts("", "")
	require.Zero(t, open)
}

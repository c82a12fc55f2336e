package live

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestPublishWakesEverySubscriberOfTheTable(t *testing.T) {
	h := NewHub()
	a, b, other := h.Subscribe("t1"), h.Subscribe("t1"), h.Subscribe("t2")
	defer a.Close()
	defer b.Close()
	defer other.Close()
	h.Publish("t1", 3)
	for _, s := range []*Sub{a, b} {
		select {
		case <-s.Wake():
		case <-time.After(time.Second):
			t.Fatal("not woken")
		}
		require.Equal(t, int64(3), s.Latest())
	}
	select {
	case <-other.Wake():
		t.Fatal("another table's subscriber was woken")
	default:
	}
}

func TestASlowSubscriberGetsTheNewestVersion(t *testing.T) {
	h := NewHub()
	s := h.Subscribe("t")
	defer s.Close()
	for v := int64(1); v <= 100; v++ {
		h.Publish("t", v) // never blocks, though nobody reads
	}
	h.Publish("t", 50) // an older version never goes back
	<-s.Wake()
	require.Equal(t, int64(100), s.Latest())
}

func TestCloseForgetsTheTable(t *testing.T) {
	h := NewHub()
	s := h.Subscribe("t")
	require.Equal(t, 1, h.Subscribers("t"))
	s.Close()
	require.Equal(t, 0, h.Subscribers("t"))
	h.Publish("t", 1)
}

func TestConcurrentPublishAndSubscribe(t *testing.T) {
	h := NewHub()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				s := h.Subscribe("t")
				s.Close()
			}
		}()
		go func(i int) {
			defer wg.Done()
			for j := 0; j < 200; j++ {
				h.Publish("t", int64(i*1000+j))
			}
		}(i)
	}
	wg.Wait()
	require.Equal(t, 0, h.Subscribers("t"))
}

func BenchmarkPublishSixDevices(b *testing.B) {
	h := NewHub()
	subs := make([]*Sub, 6)
	for i := range subs {
		subs[i] = h.Subscribe("t")
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.Publish("t", int64(i+1))
		for _, s := range subs {
			<-s.Wake()
		}
	}
}

func TestTouchWakesWithoutAVersion(t *testing.T) {
	h := NewHub()
	a, other := h.Subscribe("t"), h.Subscribe("u")
	defer a.Close()
	defer other.Close()
	h.Publish("t", 4)
	<-a.Wake()
	require.False(t, a.Touched(), "a publish is no touch")
	h.Touch("t")
	h.Touch("t") // never blocks
	<-a.Wake()
	require.True(t, a.Touched())
	require.False(t, a.Touched(), "read once")
	require.Equal(t, int64(4), a.Latest(), "the version stays")
	require.False(t, other.Touched())
	select {
	case <-other.Wake():
		t.Fatal("another table's subscriber was woken")
	default:
	}
}

// A version heard from another server wakes only the subscribers that had not heard of
// it: this server's own change, published already, wakes nobody again.
func TestAdvanceWakesOnlyThoseBehind(t *testing.T) {
	h := NewHub()
	s := h.Subscribe("t")
	defer s.Close()
	h.Publish("t", 4)
	<-s.Wake()
	h.Advance("t", 4)
	h.Advance("t", 3)
	select {
	case <-s.Wake():
		t.Fatal("woken for a version it had")
	default:
	}
	h.Advance("t", 5)
	select {
	case <-s.Wake():
	case <-time.After(time.Second):
		t.Fatal("not woken")
	}
	require.Equal(t, int64(5), s.Latest())
	require.Equal(t, []string{"t"}, h.Followed())
	s.Close()
	require.Empty(t, h.Followed())
}

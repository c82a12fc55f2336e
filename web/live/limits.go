package live

import (
	"sync"
	"sync/atomic"

	"tavolo/web/clientaddr"
)

// Caps on live streams. A live stream holds a connection, so a file, for as long as it is
// open: without caps one device could open streams until the process ran out of files.
// A device at its cap always gets a new stream, its oldest told to end (a reload never
// fails); an address or the server at its cap is refused. A stream told to end keeps its
// place until its handler returns (a write to a client that reads nothing blocks until its
// deadline): a device with as many of those as its cap is refused too, so that one device
// never holds more than twice its cap.

// Limits counts the open live streams by device and by address, against their caps.
type Limits struct {
	perDevice, perAddress, total int // caps; 0: none

	mu        sync.Mutex
	devices   map[string][]*Lease // each device's streams, oldest first
	addresses map[string]int
	open      int
	refused   atomic.Uint64 // streams refused since the start
}

// Lease is one open stream's place. Replaced is closed when a newer stream of the
// same device takes its place: the stream then ends.
type Lease struct {
	l            *Limits
	device, addr string
	replaced     chan struct{}
	ended        bool   // replaced: told to end, its handler not yet returned
	onReplaced   func() // called once replaced (OnReplaced)
}

// Refusal says why a stream was refused.
type Refusal int

// The refusals.
const (
	Accepted       Refusal = iota
	RefusedAddress         // the client's address is at its cap
	RefusedServer          // the server is at its cap
	RefusedDevice          // the device's streams told to end have not ended yet
)

// NewLimits makes caps of so many streams per device, per address and in all; 0: none.
func NewLimits(perDevice, perAddress, total int) *Limits {
	return &Limits{perDevice: perDevice, perAddress: perAddress, total: total,
		devices: map[string][]*Lease{}, addresses: map[string]int{}}
}

// Acquire takes a place for a new stream of device from addr, or says why not. A device at
// its cap gets one by telling its oldest stream to end, unless as many as its cap are
// still ending.
func (l *Limits) Acquire(device, addr string) (*Lease, Refusal) {
	addr = clientaddr.Key(addr)
	l.mu.Lock()
	defer l.mu.Unlock()
	own := l.devices[device]
	oldest, why := l.admitLocked(own, addr)
	if why != Accepted {
		l.refused.Add(1)
		return nil, why
	}
	if oldest != nil {
		oldest.ended = true
		close(oldest.replaced)
		if oldest.onReplaced != nil {
			oldest.onReplaced()
		}
	}
	lease := &Lease{l: l, device: device, addr: addr, replaced: make(chan struct{})}
	l.devices[device] = append(own, lease)
	l.addresses[addr]++
	l.open++
	return lease, Accepted
}

// admitLocked says whether a new stream of a device whose streams are own may open from
// addr, and which of own it replaces (nil: none).
func (l *Limits) admitLocked(own []*Lease, addr string) (*Lease, Refusal) {
	if l.perDevice > 0 {
		var oldest *Lease // the oldest stream not yet told to end
		open := 0
		for _, o := range own {
			if !o.ended {
				open++
				if oldest == nil {
					oldest = o
				}
			}
		}
		if open >= l.perDevice {
			if len(own)-open >= l.perDevice {
				return nil, RefusedDevice
			}
			return oldest, Accepted
		}
	}
	return nil, l.refusalLocked(addr)
}

// Check says whether a new stream would be refused, without taking a place.
func (l *Limits) Check(device, addr string) Refusal {
	addr = clientaddr.Key(addr)
	l.mu.Lock()
	defer l.mu.Unlock()
	_, why := l.admitLocked(l.devices[device], addr)
	return why
}

func (l *Limits) refusalLocked(addr string) Refusal {
	switch {
	case l.perAddress > 0 && l.addresses[addr] >= l.perAddress:
		return RefusedAddress
	case l.total > 0 && l.open >= l.total:
		return RefusedServer
	}
	return Accepted
}

// Open is how many streams are open.
func (l *Limits) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// Refused is how many streams were refused since the start.
func (l *Limits) Refused() uint64 { return l.refused.Load() }

// Replaced is closed when a newer stream of the same device takes this one's place: the
// stream then ends.
func (s *Lease) Replaced() <-chan struct{} { return s.replaced }

// OnReplaced has f called once a newer stream takes this one's place (at once if one
// already has); f must not block.
func (s *Lease) OnReplaced(f func()) {
	s.l.mu.Lock()
	defer s.l.mu.Unlock()
	s.onReplaced = f
	if s.ended {
		f()
	}
}

// Caps are the caps: per device, per address, in all; 0: none.
func (l *Limits) Caps() (perDevice, perAddress, total int) { return l.perDevice, l.perAddress, l.total }

// Release gives the stream's place back, when its handler ends.
func (s *Lease) Release() {
	l := s.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if own := l.devices[s.device]; len(own) > 0 {
		for i, o := range own {
			if o == s {
				own = append(own[:i:i], own[i+1:]...)
				break
			}
		}
		if len(own) == 0 {
			delete(l.devices, s.device)
		} else {
			l.devices[s.device] = own
		}
	}
	if l.addresses[s.addr]--; l.addresses[s.addr] <= 0 {
		delete(l.addresses, s.addr)
	}
	l.open--
}

// Counts are the open streams: in all, of a device, and from an address.
func (l *Limits) Counts(device, addr string) (open, ofDevice, fromAddress int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open, len(l.devices[device]), l.addresses[clientaddr.Key(addr)]
}

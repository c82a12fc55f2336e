package web

import (
	"net"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/net/netutil"
)

// Limits on live streams and connections (issue #11). A live stream holds a connection,
// so a file, for as long as it is open; without limits one device could open streams until
// the process ran out of files, and then nobody else could connect.
//
//   - Streams per device (default 4): a phone needs one, a few tabs are allowed. When a
//     device opens one more, its oldest stream is closed (with a "replaced" event, so that
//     the old page stops reconnecting and says why): a reload never fails.
//   - Streams per client address (default 128; IPv6 counts a /64 as one address): beyond
//     it a stream is refused with 429 and Retry-After. 128 leaves room for a games club on
//     one network (20 tables of 6 phones); one attacker's address gets no more.
//   - Connections (default: the open-files limit, read at start, less 64 for the database,
//     the session key, the logs and the listener): the listener accepts no more, and once
//     the connections near it, keep-alive is turned off and idle connections are closed, so
//     that there is always room for a new request. Streams together may take half the
//     connections: each phone also needs one for its actions, and /healthz must answer.

const (
	defaultStreamsPerDevice  = 4
	defaultStreamsPerAddress = 128
	// fileHeadroom: the files the process keeps besides its connections.
	fileHeadroom = 64
	// streamRetryAfter: when a refused stream should try again.
	streamRetryAfter = 15 * time.Second
)

// streamLimits counts the open live streams by device and by address, against their caps.
type streamLimits struct {
	perDevice, perAddress, total int // caps; 0: none

	mu        sync.Mutex
	devices   map[string][]*streamLease // each device's streams, oldest first
	addresses map[string]int
	open      int
}

// streamLease is one open stream's place. replaced is closed when a newer stream of the
// same device takes its place: the stream then ends.
type streamLease struct {
	l            *streamLimits
	device, addr string
	replaced     chan struct{}
}

// refusal says why a stream was refused: the catalog's sentence for it, "" if not refused.
type refusal string

const (
	refusedNone    refusal = ""
	refusedAddress refusal = "app.streams.toomany" // the client's address is at its cap
	refusedServer  refusal = "app.streams.busy"    // the server is at its cap
)

func newStreamLimits(perDevice, perAddress, total int) *streamLimits {
	return &streamLimits{perDevice: perDevice, perAddress: perAddress, total: total,
		devices: map[string][]*streamLease{}, addresses: map[string]int{}}
}

// acquire takes a place for a new stream of device from addr, or says why not. A device at
// its cap always gets one: its oldest stream is told to end, which frees a place.
func (l *streamLimits) acquire(device, addr string) (*streamLease, refusal) {
	addr = addressKey(addr)
	l.mu.Lock()
	defer l.mu.Unlock()
	own := l.devices[device]
	replacing := l.perDevice > 0 && len(own) >= l.perDevice
	if !replacing {
		if why := l.refusalLocked(addr); why != refusedNone {
			return nil, why
		}
	}
	lease := &streamLease{l: l, device: device, addr: addr, replaced: make(chan struct{})}
	if replacing {
		close(own[0].replaced)
		own = own[1:]
	}
	l.devices[device] = append(own, lease)
	l.addresses[addr]++
	l.open++
	return lease, refusedNone
}

// check says whether a new stream from addr would be refused, without taking a place.
func (l *streamLimits) check(device, addr string) refusal {
	addr = addressKey(addr)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.perDevice > 0 && len(l.devices[device]) >= l.perDevice {
		return refusedNone
	}
	return l.refusalLocked(addr)
}

func (l *streamLimits) refusalLocked(addr string) refusal {
	switch {
	case l.perAddress > 0 && l.addresses[addr] >= l.perAddress:
		return refusedAddress
	case l.total > 0 && l.open >= l.total:
		return refusedServer
	}
	return refusedNone
}

// release gives the stream's place back, when its handler ends.
func (s *streamLease) release() {
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

// counts are the open streams: in all, of a device, and from an address (for tests).
func (l *streamLimits) counts(device, addr string) (open, ofDevice, fromAddress int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open, len(l.devices[device]), l.addresses[addressKey(addr)]
}

// addressKey is what a client's address counts as: an IPv6 address's /64 (one home, one
// phone's network), an IPv4 address as it is.
func addressKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, _ := ip.Prefix(64)
	return p.String()
}

// fileLimit is the process's limit of open files (Go raises the soft limit to the hard
// one at start on Linux); 0 if unknown.
func fileLimit() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur > 1<<30 {
		return 0
	}
	return int(lim.Cur)
}

// connLimits works out the caps on connections and streams: maxConns if set, otherwise
// the open-files limit less the headroom; streams may take half of them. 0: no cap.
func connLimits(maxConns int) (conns, streams int) {
	conns = maxConns
	if conns == 0 {
		if n := fileLimit(); n > 0 {
			conns = max(n-fileHeadroom, 16)
		}
	}
	if conns <= 0 {
		return 0, 0
	}
	return conns, max(conns/2, 1)
}

// limitConns caps ln at the server's connections, and watches srv's connections: near the
// cap (15/16 of it), keep-alive is turned off, which also closes the idle connections, so
// that a new request always finds a place; it is turned back on below 7/8 of the cap.
func (s *Server) limitConns(srv *http.Server, ln net.Listener) net.Listener {
	limit := s.maxConns
	if limit <= 0 {
		return ln
	}
	high, low := limit-max(limit/16, 1), limit-max(limit/8, 2)
	var open atomic.Int64
	var saving atomic.Bool
	hook := srv.ConnState
	srv.ConnState = func(c net.Conn, state http.ConnState) {
		if hook != nil {
			hook(c, state)
		}
		var n int64
		switch state {
		case http.StateNew:
			n = open.Add(1)
		case http.StateClosed, http.StateHijacked:
			n = open.Add(-1)
		default:
			return
		}
		if n >= int64(high) && saving.CompareAndSwap(false, true) {
			// Off the hook's goroutine: closing the idle connections takes the server's lock.
			go srv.SetKeepAlivesEnabled(false)
		} else if n < int64(low) && saving.CompareAndSwap(true, false) {
			srv.SetKeepAlivesEnabled(true)
		}
	}
	return netutil.LimitListener(ln, limit)
}

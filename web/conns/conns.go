// Package conns caps a server's connections: in all, below the process's open-files limit,
// so that streams held open can never take the files an ordinary request, the database or
// the logs need; and per client address, so that one address cannot take them all.
package conns

import (
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/net/netutil"

	"tavolo/web/clientaddr"
)

// Headroom: the files the process keeps besides its connections (the database, the
// session key, the logs, the listener).
const Headroom = 64

// DefaultPerAddress is the cap on one client address's connections: a games club on one
// network (one address behind its router) of 20 tables of 6 phones, each phone with its
// live stream and up to 3 more connections for its actions and pages (480).
const DefaultPerAddress = 512

// Caps works out the caps on connections and streams: maxConns if set, otherwise the
// open-files limit less the headroom; streams may take half of them. 0: no cap.
func Caps(maxConns int) (conns, streams int) {
	conns = maxConns
	if conns == 0 {
		if n := FileLimit(); n > 0 {
			conns = max(n-Headroom, 16)
		}
	}
	if conns <= 0 {
		return 0, 0
	}
	return conns, max(conns/2, 1)
}

// PerAddress works out the cap on one client address's connections, given the cap on all
// of them (total, 0: none): perAddress if more than 0; none (0) if less than 0; otherwise
// DefaultPerAddress, but at most half the total, so that one address never holds more
// than half a small server's connections.
func PerAddress(perAddress, total int) int {
	switch {
	case perAddress > 0:
		return perAddress
	case perAddress < 0:
		return 0
	case total > 0:
		return min(DefaultPerAddress, max(total/2, 1))
	}
	return DefaultPerAddress
}

// Limits are the caps Limit puts on a listener's connections.
type Limits struct {
	// Total: connections at once (0: no cap). Beyond it a new connection waits to be
	// accepted.
	Total int
	// PerAddress: connections at once from one client address (as clientaddr.Key counts
	// it; 0: no cap). Beyond it a new connection is answered RefusalRetryAfter's 429 and
	// closed at once, and never takes one of the Total.
	PerAddress int
	// Uncapped (if not nil) tells the addresses whose connections are not capped per
	// address: a trusted proxy's, from which every client's connection comes.
	Uncapped func(netip.Addr) bool
}

// Limit caps ln's connections as lim says, and watches srv's connections: near the total
// cap (15/16 of it), keep-alive is turned off, which also closes the idle connections, so
// that a new request always finds a place; it is turned back on below 7/8 of the cap.
func Limit(srv *http.Server, ln net.Listener, lim Limits) net.Listener {
	if lim.PerAddress > 0 {
		ln = &perAddress{Listener: ln, limit: lim.PerAddress, uncapped: lim.Uncapped, open: map[string]int{}}
	}
	limit := lim.Total
	if limit <= 0 {
		return ln
	}
	high, low := limit-max(limit/16, 1), limit-max(limit/8, 2)
	var open atomic.Int64
	var saving atomic.Bool
	count := func(delta int64) {
		n := open.Add(delta)
		if n >= int64(high) && saving.CompareAndSwap(false, true) {
			// Off the hook's goroutine: closing the idle connections takes the server's lock.
			go srv.SetKeepAlivesEnabled(false)
		} else if n < int64(low) && saving.CompareAndSwap(true, false) {
			srv.SetKeepAlivesEnabled(true)
		}
	}
	hook := srv.ConnState
	srv.ConnState = func(c net.Conn, state http.ConnState) {
		if hook != nil {
			hook(c, state)
		}
		switch state {
		case http.StateNew:
			count(1)
		case http.StateClosed:
			count(-1)
		case http.StateHijacked:
			// A live stream takes its connection from net/http: it stays counted until
			// the stream closes it.
			if tc, ok := c.(interface{ NetConn() net.Conn }); ok {
				c = tc.NetConn() // over TLS
			}
			if hc, ok := c.(*countedConn); ok {
				hc.closed = func() { count(-1) }
				hc.hijacked.Store(true)
			} else {
				count(-1)
			}
		}
	}
	// The total's listener takes a place before it asks the one per address for a
	// connection: the connections refused per address are answered and closed inside
	// that one Accept, and take no place of their own.
	return countingListener{netutil.LimitListener(ln, limit)}
}

// countingListener gives connections that tell their close once net/http has handed them
// over (hijacked).
type countingListener struct{ net.Listener }

func (l countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countedConn{Conn: c}, nil
}

// countedConn is a connection that, once hijacked, calls closed when it closes.
type countedConn struct {
	net.Conn
	hijacked atomic.Bool
	closed   func() // set before hijacked
	once     sync.Once
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	if c.hijacked.Load() {
		c.once.Do(c.closed)
	}
	return err
}

// RefusalRetryAfter is the Retry-After of a connection refused beyond its address's cap:
// connections come free as replies end (within the write timeout) and idle ones close.
const RefusalRetryAfter = 10 * time.Second

// refusal is the whole answer to a connection beyond its address's cap, written before the
// request is read, so in English: the request's language is not known yet.
var refusal = func() []byte {
	body := "Too many connections from this network. Try again in a few seconds.\n"
	return []byte("HTTP/1.1 429 Too Many Requests\r\n" +
		"Content-Type: text/plain; charset=utf-8\r\n" +
		"Content-Length: " + strconv.Itoa(len(body)) + "\r\n" +
		"Retry-After: " + strconv.Itoa(int(RefusalRetryAfter/time.Second)) + "\r\n" +
		"Cache-Control: no-store\r\n" +
		"X-Content-Type-Options: nosniff\r\n" +
		"Connection: close\r\n\r\n" + body)
}()

// perAddress is a listener that counts its open connections by client address, and
// refuses those beyond the cap as they are accepted.
type perAddress struct {
	net.Listener
	limit    int
	uncapped func(netip.Addr) bool

	mu   sync.Mutex
	open map[string]int // by clientaddr.Key
}

// Accept returns the next connection within its address's cap; those beyond it are
// answered and closed meanwhile.
func (l *perAddress) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
		if err != nil || l.uncapped != nil && l.uncapped(ap.Addr().Unmap()) {
			return c, nil // not an IP address (not a TCP listener), or a trusted proxy's
		}
		key := clientaddr.Key(ap.Addr().String())
		if l.take(key) {
			return &addressConn{Conn: c, release: func() { l.release(key) }}, nil
		}
		refuse(c)
	}
}

func (l *perAddress) take(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[key] >= l.limit {
		return false
	}
	l.open[key]++
	return true
}

func (l *perAddress) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[key]--; l.open[key] <= 0 {
		delete(l.open, key)
	}
}

// refuse answers a connection with the refusal and closes it, on the accepting goroutine:
// a new connection's send buffer is empty, so the write does not wait (its deadline is
// there in case). What the client has already sent is read first, when it can be without
// waiting, so that the close does not reset the connection (a reset can lose the answer).
func refuse(c net.Conn) {
	refusedConns.Add(1)
	c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	c.Write(refusal)
	drain(c)
	c.Close()
}

// refusedConns counts the connections refused beyond their address's cap, on every listener.
var refusedConns atomic.Uint64

// Refused is how many connections were refused beyond their address's cap since the start.
func Refused() uint64 { return refusedConns.Load() }

// addressConn is a connection counted against its address's cap until it closes.
type addressConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *addressConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

package conns

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The cap per address: 512 for a games club, at most half of a small server's
// connections; a given cap as it is; less than 0, none.
func TestPerAddress(t *testing.T) {
	for _, tc := range []struct{ perAddress, total, want int }{
		{0, 0, 512},
		{0, 19936, 512},
		{0, 1024, 512},
		{0, 1000, 500},
		{0, 16, 8},
		{0, 1, 1},
		{600, 1000, 600},
		{3, 16, 3},
		{-1, 1000, 0},
		{-1, 0, 0},
	} {
		require.Equal(t, tc.want, PerAddress(tc.perAddress, tc.total), "%+v", tc)
	}
}

// holdServer serves, through Limit with lim, requests for /hold that are held until
// release, and for /wait until endWait; entered receives each request's client address
// as its handler starts.
type holdServer struct {
	addr           string
	entered        chan string
	hold, wait     chan struct{}
	holdOK, waitOK sync.Once
}

// release ends the requests held, and holds no more.
func (h *holdServer) release() { h.holdOK.Do(func() { close(h.hold) }) }

// endWait ends the requests waiting, and makes none wait any more.
func (h *holdServer) endWait() { h.waitOK.Do(func() { close(h.wait) }) }

func newHoldServer(t *testing.T, lim Limits) *holdServer {
	t.Helper()
	h := &holdServer{entered: make(chan string, 100), hold: make(chan struct{}), wait: make(chan struct{})}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	h.addr = ln.Addr().String()
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ap := netip.MustParseAddrPort(r.RemoteAddr)
		h.entered <- ap.Addr().String()
		switch r.URL.Path {
		case "/hold":
			<-h.hold
		case "/wait":
			<-h.wait
		}
		io.WriteString(w, "ok")
	})}
	go srv.Serve(Limit(srv, ln, lim))
	t.Cleanup(func() {
		h.release()
		h.endWait()
		srv.Close()
	})
	return h
}

// dial connects from the loopback address from and sends a request for path.
func (h *holdServer) dial(t *testing.T, from, path string) net.Conn {
	t.Helper()
	d := net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c, err := d.Dial("tcp", h.addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	_, err = fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: tavolo\r\n\r\n", path)
	require.NoError(t, err)
	return c
}

// enters waits for the handler to start for a request from from.
func (h *holdServer) enters(t *testing.T, from string) {
	t.Helper()
	select {
	case got := <-h.entered:
		require.Equal(t, from, got)
	case <-time.After(5 * time.Second):
		t.Fatalf("the request from %s was not served", from)
	}
}

// waits: no request starts within a short while.
func (h *holdServer) waits(t *testing.T) {
	t.Helper()
	select {
	case got := <-h.entered:
		t.Fatalf("a request from %s was served", got)
	case <-time.After(200 * time.Millisecond):
	}
}

// refused reads a refusal on c: 429, Retry-After, then the connection closes.
func refused(t *testing.T, c net.Conn) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	r := bufio.NewReader(c)
	res, err := http.ReadResponse(r, nil)
	require.NoError(t, err, "no answer")
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	require.Equal(t, "10", res.Header.Get("Retry-After"))
	require.True(t, res.Close, "Connection: close")
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.Contains(t, string(body), "Too many connections")
	// Closed: an end, or a reset when the request came in after the refusal's drain.
	_, err = r.ReadByte()
	if !errors.Is(err, syscall.ECONNRESET) {
		require.ErrorIs(t, err, io.EOF, "the connection was not closed")
	}
}

// One address holds at most its cap; beyond it a connection is refused at once with a
// 429, and takes none of the server's places: other addresses fill the total, then wait.
func TestPerAddressCap(t *testing.T) {
	h := newHoldServer(t, Limits{Total: 6, PerAddress: 2})
	var first []net.Conn
	for range 2 {
		first = append(first, h.dial(t, "127.0.0.1", "/hold"))
		h.enters(t, "127.0.0.1")
	}
	for range 10 {
		refused(t, h.dial(t, "127.0.0.1", "/healthz"))
	}
	for _, from := range []string{"127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3"} {
		h.dial(t, from, "/hold")
		h.enters(t, from)
	}
	// Six held: the total's cap. The 10 refused took no place; a seventh waits.
	h.dial(t, "127.0.0.4", "/healthz")
	h.waits(t)
	h.release()
	h.enters(t, "127.0.0.4")
	// Once its connections close, the first address gets in again.
	for _, c := range first {
		c.Close()
	}
	for deadline := time.Now().Add(5 * time.Second); ; {
		c := h.dial(t, "127.0.0.1", "/healthz")
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		require.NoError(t, err)
		if res.StatusCode == http.StatusOK {
			break
		}
		require.True(t, time.Now().Before(deadline), "the first address's closed connections still count")
		time.Sleep(10 * time.Millisecond)
	}
	h.enters(t, "127.0.0.1")
}

// A client whose request has arrived before its connection is accepted (it waited for a
// place) still reads the whole refusal: what it sent is read before the close, which
// would otherwise reset the connection.
func TestRefusalAfterTheRequestArrived(t *testing.T) {
	h := newHoldServer(t, Limits{Total: 2, PerAddress: 1})
	h.dial(t, "127.0.0.1", "/hold")
	h.enters(t, "127.0.0.1")
	h.dial(t, "127.0.0.2", "/wait")
	h.enters(t, "127.0.0.2")
	// The total is reached: these wait to be accepted, their requests sent.
	var waiting []net.Conn
	for range 5 {
		waiting = append(waiting, h.dial(t, "127.0.0.1", "/"+strings.Repeat("x", 2000)))
	}
	h.waits(t)
	// A place comes free (near the total's cap, a connection closes after its answer):
	// the waiting ones, beyond their address's cap, are refused.
	h.endWait()
	for _, c := range waiting {
		refused(t, c)
	}
}

// A trusted proxy's own address has no cap: every client's connection comes from it.
func TestPerAddressUncapped(t *testing.T) {
	h := newHoldServer(t, Limits{PerAddress: 2, Uncapped: netip.Addr.IsLoopback})
	for range 5 {
		h.dial(t, "127.0.0.1", "/hold")
		h.enters(t, "127.0.0.1")
	}
}

// fakeConn is a connection from a given address; what is written to it is kept.
type fakeConn struct {
	net.Conn // nil: the methods not defined here are not called
	from     net.Addr
	wrote    bytes.Buffer
	closed   bool
}

func (c *fakeConn) Write(p []byte) (int, error)      { return c.wrote.Write(p) }
func (c *fakeConn) Close() error                     { c.closed = true; return nil }
func (c *fakeConn) RemoteAddr() net.Addr             { return c.from }
func (c *fakeConn) SetWriteDeadline(time.Time) error { return nil }

// fakeListener accepts the connections it is given.
type fakeListener struct {
	net.Listener
	conns chan net.Conn
}

func (l *fakeListener) Accept() (net.Conn, error) { return <-l.conns, nil }

// An IPv6 address counts by its /64, an IPv4-mapped address as its IPv4 address.
func TestPerAddressCountsIPv6ByNetwork(t *testing.T) {
	fl := &fakeListener{conns: make(chan net.Conn, 10)}
	ln := Limit(&http.Server{}, fl, Limits{PerAddress: 2})
	from := func(addr string) *fakeConn {
		return &fakeConn{from: net.TCPAddrFromAddrPort(netip.MustParseAddrPort(addr))}
	}
	accept := func(c *fakeConn) net.Conn {
		fl.conns <- c
		got, err := ln.Accept()
		require.NoError(t, err)
		return got
	}
	first := accept(from("[2001:db8:1:2::1]:4000"))
	accept(from("[2001:db8:1:2:aaaa::9]:4000"))
	over := from("[2001:db8:1:2:ffff::1]:4000")
	fl.conns <- over
	accept(from("[2001:db8:1:3::1]:4000")) // another /64
	require.True(t, over.closed)
	require.Contains(t, over.wrote.String(), "HTTP/1.1 429 Too Many Requests\r\n")

	accept(from("192.0.2.7:4000"))
	accept(from("[::ffff:192.0.2.7]:4001"))
	mapped := from("192.0.2.7:4002")
	fl.conns <- mapped
	accept(from("192.0.2.8:4000"))
	require.True(t, mapped.closed, "an IPv4-mapped address is its IPv4 address")

	// One closes (twice: it counts once): its /64 has room for one more.
	first.Close()
	first.Close()
	accept(from("[2001:db8:1:2::7]:4000"))
	again := from("[2001:db8:1:2::8]:4000")
	fl.conns <- again
	accept(from("192.0.2.9:4000"))
	require.True(t, again.closed)
}

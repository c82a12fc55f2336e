package web

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	diamanttable "tavolo/web/table/diamant"
)

// Issue #21: clients slow on purpose. A reply never read held its connection for ever; a
// body or headers sent a byte at a time held theirs for the whole read timeout; and one
// address could hold every connection the server had. These tests run the server as Serve
// does (newRealServer), with short timeouts.

// openConns counts a server's open connections, through its http.Server's ConnState.
type openConns struct{ n atomic.Int64 }

func (o *openConns) hook(srv *http.Server) {
	next := srv.ConnState
	srv.ConnState = func(c net.Conn, st http.ConnState) {
		if next != nil {
			next(c, st)
		}
		switch st {
		case http.StateNew:
			o.n.Add(1)
		case http.StateClosed, http.StateHijacked:
			o.n.Add(-1)
		}
	}
}

func (o *openConns) count() int { return int(o.n.Load()) }

// smallReceiver dials with the kernel's least receive buffer (a few KB), from the loopback
// address from (127.0.0.1 when empty): a client that reads nothing then holds the server's
// writes after a few KB.
func smallReceiver(from string) *net.Dialer {
	d := &net.Dialer{Timeout: 5 * time.Second, Control: func(_, _ string, rc syscall.RawConn) error {
		return rc.Control(func(fd uintptr) { syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 1) })
	}}
	if from != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(from)}
	}
	return d
}

// healthy asks /healthz on a connection of its own, from 127.0.0.1: it must answer 200
// within a second.
func healthy(t *testing.T, base string) {
	t.Helper()
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: time.Second}
	res, err := c.Get(base + "/healthz")
	require.NoError(t, err, "/healthz did not answer")
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
}

// H1: clients ask for a catalog (80 KB) through a small receive buffer and read nothing,
// so the server's writes block after a few KB. Their connections used to be held for as
// long as the clients liked; now they are closed at the write deadline, and /healthz
// answers meanwhile.
func TestUnreadRepliesEndAtTheWriteDeadline(t *testing.T) {
	const n, deadline = 20, 2 * time.Second
	var open openConns
	s, ts := newRealServerOn(t, Config{DataDir: t.TempDir(), WriteTimeout: deadline},
		func(ln net.Listener) net.Listener { return smallBuffers{ln} }, open.hook)
	addr := ts.Listener.Addr().String()
	start := time.Now()
	for range n {
		c, err := smallReceiver("").Dial("tcp", addr)
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", s.CatalogURLs["fr"], addr)
	}
	eventually(t, func() bool { return open.count() == n }, "the connections did not open")
	healthy(t, ts.URL)
	// Once /healthz's own connection has closed, the unread replies are all still held.
	eventually(t, func() bool { return open.count() == n }, "a reply not read ended before its deadline")
	held := open.count()
	require.Less(t, time.Since(start), deadline, "too slow to tell: the deadline came first")
	eventually(t, func() bool { return open.count() == 0 }, "replies never read still hold their connections")
	took := time.Since(start)
	require.GreaterOrEqual(t, took, deadline)
	t.Logf("%d replies never read: %d connections held, none after %v (write deadline %v)", n, held, took.Round(time.Millisecond), deadline)
}

// A live stream lives on past the server's read and write timeouts: its request is read
// (net/http clears the read deadline once it is), and each of its writes sets its own
// deadline, which replaces the reply's.
func TestStreamOutlivesTheServerTimeouts(t *testing.T) {
	// Long enough for a loaded machine to answer the host's requests within it.
	const timeout = time.Second
	_, ts := newRealServer(t, Config{DataDir: t.TempDir(), ReadHeaderTimeout: timeout, ReadTimeout: timeout, WriteTimeout: timeout}, nil)
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	ch, stop := openStream(t, pt.phones[1], "/diamant/"+pt.id+"/events")
	defer stop()
	next(t, ch)
	for i := range 2 {
		time.Sleep(2 * timeout)
		// The host changes who draws the cards: a new version, which the stream carries.
		res, body := pt.phones[0].post("/diamant/"+pt.id+"/drawmode", url.Values{"draw": {[]string{diamanttable.DrawBox, diamanttable.DrawApp}[i%2]},
			"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
		require.NotEmpty(t, next(t, ch).ID, "the stream ended")
	}
}

// The server's timeouts as Serve sets them, when Config leaves them at 0.
func TestServerTimeoutsDefaults(t *testing.T) {
	s, err := New(Config{DataDir: t.TempDir()}, discardLog())
	require.NoError(t, err)
	defer s.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	srv, _ := s.httpServer(ln)
	require.Equal(t, 5*time.Second, srv.ReadHeaderTimeout)
	require.Equal(t, 10*time.Second, srv.ReadTimeout, "headers and body")
	require.Equal(t, time.Minute, srv.WriteTimeout, "every reply has a write deadline")
	require.Equal(t, 2*time.Minute, srv.IdleTimeout)
}

// slowRequest sends head on a new connection from the loopback address from, then body a
// byte every 100 ms (at most 100 bytes: 10 s); it reports how long the server kept the
// connection open and the first line it answered ("" if none). The client gives up after
// 5 s.
func slowRequest(t *testing.T, addr, from, head, body string) (time.Duration, string) {
	t.Helper()
	c, err := smallReceiver(from).Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	start := time.Now()
	_, err = io.WriteString(c, head)
	require.NoError(t, err)
	done := make(chan struct{})
	defer close(done)
	go func() {
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for i := range min(len(body), 100) {
			select {
			case <-done:
				return
			case <-tick.C:
			}
			if _, err := c.Write([]byte{body[i]}); err != nil {
				return
			}
		}
	}()
	c.SetReadDeadline(start.Add(5 * time.Second))
	got, err := io.ReadAll(c)
	held := time.Since(start)
	var ne net.Error
	require.False(t, errors.As(err, &ne) && ne.Timeout(), "the connection was still open after 5 s")
	line, _, _ := strings.Cut(string(got), "\r\n")
	return held, line
}

// M1: a body sent a byte every 100 ms, of a declared 60,000, is cut at the read timeout
// (headers and body), with a 408 (the page for the handler's error could not be drawn
// once the read failed: it was a 500, logged as the server's error); headers sent so are
// cut at the header timeout.
func TestSlowBodyAndSlowHeadersAreCut(t *testing.T) {
	const headers, whole = 300 * time.Millisecond, 800 * time.Millisecond
	_, ts := newRealServer(t, Config{DataDir: t.TempDir(), ReadHeaderTimeout: headers, ReadTimeout: whole}, nil)
	addr := ts.Listener.Addr().String()

	held, line := slowRequest(t, addr, "", "POST /settings HTTP/1.1\r\nHost: "+addr+
		"\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\n", strings.Repeat("x", 100))
	// The server's clock starts as it reads the request, a little before this client's.
	require.GreaterOrEqual(t, held, whole-200*time.Millisecond)
	require.Less(t, held, whole+time.Second, "a slow body held its connection")
	require.Equal(t, "HTTP/1.1 408 Request Timeout", line, "a client too slow is no server error")
	t.Logf("slow body: cut after %v, answered %q", held.Round(time.Millisecond), line)

	held, line = slowRequest(t, addr, "", "GET / HTTP/1.1\r\n", "Host: "+addr+"\r\nAccept-Language: "+strings.Repeat("en,", 40))
	require.GreaterOrEqual(t, held, headers-200*time.Millisecond)
	require.Less(t, held, headers+time.Second, "slow headers held their connection")
	t.Logf("slow headers: cut after %v, answered %q", held.Round(time.Millisecond), line)
}

// getFrom asks path on a connection of its own from the loopback address from: the status,
// or 0 when no answer came within a second.
func getFrom(t *testing.T, base, from, path string) int {
	t.Helper()
	d := &net.Dialer{Timeout: time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}}
	c := &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableKeepAlives: true}, Timeout: time.Second}
	res, err := c.Get(base + path)
	if err != nil {
		return 0
	}
	res.Body.Close()
	return res.StatusCode
}

// refusedFrom asks /healthz from the loopback address from on a connection of its own,
// written at once: true once the answer is a 429. The server answers a connection past its
// address's cap without waiting for the request, so a request that reaches it after the
// close is reset: it tries again, a few times.
func refusedFrom(t *testing.T, addr, from string) bool {
	t.Helper()
	for range 5 {
		c, err := smallReceiver(from).Dial("tcp", addr)
		require.NoError(t, err)
		fmt.Fprintf(c, "GET /healthz HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		c.Close()
		if err == nil {
			return res.StatusCode == http.StatusTooManyRequests
		}
	}
	return false
}

// H1 and M1: one address holds connections (bodies sent a byte at a time) up to its cap;
// beyond it each new connection is answered 429 at once and closed, and takes none of the
// server's places: other addresses fill them to the total, then wait.
func TestConnectionsCappedPerAddress(t *testing.T) {
	const perAddress, total = 4, 10
	var open openConns
	_, ts := newRealServer(t, Config{DataDir: t.TempDir(), MaxConnections: total, MaxConnectionsPerAddress: perAddress}, open.hook)
	addr := ts.Listener.Addr().String()
	slowBody := func(from string) net.Conn {
		c, err := smallReceiver(from).Dial("tcp", addr)
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		fmt.Fprintf(c, "POST /settings HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\nlang=", addr)
		return c
	}
	for range perAddress {
		slowBody("127.0.0.1")
	}
	eventually(t, func() bool { return open.count() == perAddress }, "the slow bodies were not taken in")
	for range 10 {
		c := slowBody("127.0.0.1")
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		require.NoError(t, err, "a connection beyond the address's cap was not refused")
		require.Equal(t, http.StatusTooManyRequests, res.StatusCode)
		require.Equal(t, "10", res.Header.Get("Retry-After"))
		require.True(t, res.Close)
	}
	require.True(t, refusedFrom(t, addr, "127.0.0.1"), "/healthz from the address past its cap was not refused")
	require.Equal(t, perAddress, open.count(), "a refused connection reached the server")

	// Other addresses: four more slow bodies, one more, and /healthz: the total's 10.
	for range perAddress {
		slowBody("127.0.0.2")
	}
	slowBody("127.0.0.3")
	eventually(t, func() bool { return open.count() == 2*perAddress+1 }, "other addresses' connections were not taken in")
	require.Equal(t, http.StatusOK, getFrom(t, ts.URL, "127.0.0.4", "/healthz"), "the refused connections took places")
	// Held open, the tenth place is taken: a new connection waits.
	c, err := smallReceiver("127.0.0.6").Dial("tcp", addr)
	require.NoError(t, err)
	defer c.Close()
	eventually(t, func() bool { return open.count() == total }, "the tenth connection was not taken in")
	require.Zero(t, getFrom(t, ts.URL, "127.0.0.5", "/healthz"), "more connections than the total")
}

// A stream is pinged only when it is quiet: a heartbeat on which an event was written
// writes no ping (the load's 3,000 streams each wrote one every 20 s besides their
// events), and one on which nothing was written since the last does.
func TestStreamPingsOnlyWhenQuiet(t *testing.T) {
	const beat = 300 * time.Millisecond
	cfg := Config{DataDir: t.TempDir(), StreamHeartbeat: beat, ActionsPerMinutePerDevice: -1, ActionsPerMinutePerAddress: -1}
	_, ts := newRealServer(t, cfg, nil)
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	req, err := http.NewRequest(http.MethodGet, ts.URL+"/diamant/"+pt.id+"/events", nil)
	require.NoError(t, err)
	req.Header.Set("Accept", "text/event-stream")
	res, err := pt.phones[1].http.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	// When each event and each ping arrived.
	var mu sync.Mutex
	var events, pings []time.Time
	go func() {
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			mu.Lock()
			switch line := sc.Text(); {
			case line == ": ping":
				pings = append(pings, time.Now())
			case strings.HasPrefix(line, "data: "):
				events = append(events, time.Now())
			}
			mu.Unlock()
		}
	}()
	// Busy: a change about every tenth of a heartbeat, for about four heartbeats.
	for i := range 40 {
		res, body := pt.phones[0].post("/diamant/"+pt.id+"/drawmode", url.Values{"draw": {[]string{diamanttable.DrawBox, diamanttable.DrawApp}[i%2]},
			"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
		time.Sleep(beat / 10)
	}
	// Quiet: pinged within two heartbeats.
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(pings) > 0 && pings[len(pings)-1].After(events[len(events)-1])
	}, 5*beat, beat/10, "a quiet stream was not pinged")
	mu.Lock()
	defer mu.Unlock()
	require.Greater(t, len(events), 40, "the stream missed events")
	// Each ping came a whole heartbeat after the event before it (less what the delivery of
	// either may have been late by).
	for _, p := range pings {
		last := time.Time{}
		for _, e := range events {
			if e.Before(p) {
				last = e
			}
		}
		require.Greater(t, p.Sub(last), beat-beat/3, "a stream busy with events was pinged")
	}
}

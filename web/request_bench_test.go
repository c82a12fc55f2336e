package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// What a request costs around its handler: the middleware, the session, the reply's
// writing. Run with:
//
//	go test ./web/ -run '^$' -bench 'Request|DiamantAction|StreamOpen' -benchmem

const rbCSRF = "benchcsrftoken0123456789abcdef0123"

// rbTable is a table with a phone each, as the load benchmark makes them: six phones,
// each with its own session cookie (its device) and CSRF cookie.
type rbTable struct {
	id      string
	cookies []string
}

func newRBTable(tb testing.TB, s *Server, seed uint64) rbTable {
	tb.Helper()
	ctx := context.Background()
	names := []string{"A", "B", "C", "D", "E", "F"}
	opt := diamanttable.Options{Setup: diamant.Setup{Players: names, Seed: seed}, Draw: diamanttable.DrawApp, Vote: diamanttable.VotePhone, Phones: true, Hidden: true, Own: []int{0}}
	raw, err := json.Marshal(opt)
	require.NoError(tb, err)
	bt := rbTable{id: table.NewID()}
	var devices []table.Device
	for p := range names {
		dev := table.NewID()
		devices = append(devices, table.Device{ID: dev, Seats: []int{p}, Host: p == 0})
		bt.cookies = append(bt.cookies, rbSessionCookie(tb, s, map[any]any{"device": dev})+"; tavolo_csrf="+rbCSRF)
	}
	require.NoError(tb, s.Tables.Store().Create(ctx, table.Table{ID: bt.id, Game: "diamant", Setup: raw}, devices[0]))
	_, err = s.Tables.Update(ctx, bt.id, 0, nil, devices)
	require.NoError(tb, err)
	return bt
}

// rbSessionCookie is the "name=value" of a session cookie holding values.
func rbSessionCookie(tb testing.TB, s *Server, values map[any]any) string {
	tb.Helper()
	req := httptest.NewRequest(http.MethodGet, "/", nil)
	rec := httptest.NewRecorder()
	sess, _ := s.Sessions.New(req, "tavolo")
	for k, v := range values {
		sess.Values[k] = v
	}
	require.NoError(tb, sess.Save(req, rec))
	return strings.SplitN(rec.Header().Get("Set-Cookie"), ";", 2)[0]
}

// rbRequest is a request as a phone's script sends it. It is made as net/http would
// hand it over, without httptest.NewRequest's parsing of it (a 4 KB reader a request).
func rbRequest(method, path, cookie string, form url.Values) *http.Request {
	var body io.Reader
	if form != nil {
		form.Set("_csrf", rbCSRF)
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, "http://tavolo.test"+path, body)
	if err != nil {
		panic(err)
	}
	req.RemoteAddr = "192.0.2.1:1234"
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Accept-Encoding", "gzip, deflate, br")
	req.Header.Set("Accept-Language", "it-IT,it;q=0.9,en;q=0.8")
	req.Header.Set("Cookie", cookie)
	return req
}

// rbWriter is a response writer that keeps the status and counts the body, as net/http's
// own writes into buffers it already has: what the server allocates is then its own.
type rbWriter struct {
	header http.Header
	code   int
	size   int
	body   []byte // the start of the body, for a failure's message
}

func newRBWriter() *rbWriter { return &rbWriter{header: http.Header{}} }

func (w *rbWriter) Header() http.Header { return w.header }

func (w *rbWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

func (w *rbWriter) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	if len(w.body) < 512 {
		w.body = append(w.body, b[:min(len(b), 512)]...)
	}
	w.size += len(b)
	return len(b), nil
}

func (w *rbWriter) Flush() {}

// BenchmarkRequestOverhead is the middleware and the session alone: a route whose handler
// reads the device and answers a draw's reply of 3.8 KB.
func BenchmarkRequestOverhead(b *testing.B) {
	s, err := New(Config{DataDir: b.TempDir()}, discardLog())
	require.NoError(b, err)
	defer s.Close()
	body := json.RawMessage(`{"html":"` + strings.Repeat("<p>La grotta. Un tesoro da 7 rubini.</p>", 95) + `"}`)
	s.echo.POST("/bench", func(c echo.Context) error {
		if _, err := s.DeviceID(c); err != nil {
			return err
		}
		_ = s.Localizer(c)
		return c.JSON(http.StatusOK, body)
	})
	cookie := rbSessionCookie(b, s, map[any]any{"device": table.NewID()}) + "; tavolo_csrf=" + rbCSRF
	h := s.Handler()
	b.ReportAllocs()
	for b.Loop() {
		w := newRBWriter()
		h.ServeHTTP(w, rbRequest(http.MethodPost, "/bench", cookie, url.Values{"version": {"3"}}))
		if w.code != http.StatusOK {
			b.Fatal(w.code, string(w.body))
		}
	}
}

// BenchmarkDiamantAction is a whole action as a phone sends it: a draw by the host's
// phone, or the vote of a phone whose seat is waiting, through s.Handler().
func BenchmarkDiamantAction(b *testing.B) {
	// No budget of actions: the benchmark is one phone acting as fast as it can.
	s, err := New(Config{DataDir: b.TempDir(), ActionsPerMinutePerDevice: -1, ActionsPerMinutePerAddress: -1}, discardLog())
	require.NoError(b, err)
	defer s.Close()
	seed := uint64(1)
	bt := newRBTable(b, s, seed)
	h := s.Handler()
	size := 0
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		t := rbState(b, s, bt)
		if t.State.Finished() {
			seed++
			bt = newRBTable(b, s, seed)
			t = rbState(b, s, bt)
		}
		ver := strconv.FormatInt(t.Rec.Version, 10)
		var req *http.Request
		if w := t.State.Waiting().List(); t.State.VoteDue() && len(w) > 0 {
			form := url.Values{"seat": {strconv.Itoa(w[0])}, "choice": {"continue"}, "step": {t.VoteStep()}, "version": {ver}}
			if t.Rec.Version%3 == 0 {
				form.Set("choice", "leave")
			}
			req = rbRequest(http.MethodPost, "/diamant/"+bt.id+"/vote", bt.cookies[w[0]], form)
		} else {
			req = rbRequest(http.MethodPost, "/diamant/"+bt.id+"/draw", bt.cookies[0], url.Values{"version": {ver}})
		}
		w := newRBWriter()
		b.StartTimer()
		h.ServeHTTP(w, req)
		if w.code != http.StatusOK {
			b.Fatal(w.code, string(w.body))
		}
		size = w.size
	}
	b.ReportMetric(float64(size), "bytes/reply")
}

// rbState is the table as its store keeps it, replayed.
func rbState(tb testing.TB, s *Server, bt rbTable) *diamanttable.Table {
	rec, err := s.Store.Load(context.Background(), bt.id)
	require.NoError(tb, err)
	r, err := diamanttable.Replay(rec)
	require.NoError(tb, err)
	return &diamanttable.Table{Rec: rec, Opt: r.Opt, Actions: r.Actions, State: r.State, Last: r.Last, Card: r.Card, Names: r.Names}
}

// rbFirstEventWriter ends its request once the stream's first event is out.
type rbFirstEventWriter struct {
	*rbWriter
	cancel func()
}

func (w rbFirstEventWriter) Flush() {
	if strings.Contains(string(w.body), "data: ") {
		w.cancel()
	}
}

// BenchmarkStreamOpen opens a phone's live stream, takes its first event and closes it.
func BenchmarkStreamOpen(b *testing.B) {
	s, err := New(Config{DataDir: b.TempDir()}, discardLog())
	require.NoError(b, err)
	defer s.Close()
	bt := newRBTable(b, s, 1)
	h := s.Handler()
	b.ReportAllocs()
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		req := rbRequest(http.MethodGet, "/diamant/"+bt.id+"/events", bt.cookies[2], nil).WithContext(ctx)
		req.Header.Set("Accept", "text/event-stream")
		w := rbFirstEventWriter{newRBWriter(), cancel}
		h.ServeHTTP(w, req)
		cancel()
		if !strings.Contains(string(w.body), "data: ") {
			b.Fatal(w.code, string(w.body))
		}
	}
}

// TestStreamMemory measures what open live streams hold: it opens many streams from raw
// connections that send their request and never read (so the client side holds next to
// nothing), then reads the heap and the stacks. Set TAVOLO_STREAM_MEM=N to run it with N
// streams; TAVOLO_STREAM_PROFILE=DIR also writes the heap profile there.
func TestStreamMemory(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("TAVOLO_STREAM_MEM"))
	if n <= 0 {
		t.Skip("set TAVOLO_STREAM_MEM=500 to measure")
	}
	s, err := New(Config{DataDir: t.TempDir(), MaxStreamsPerAddress: -1}, discardLog()) // all from 127.0.0.1
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	defer func() { ts.Close(); s.Close() }()
	var tables []rbTable
	for i := range (n + 5) / 6 {
		tables = append(tables, newRBTable(t, s, uint64(i+1)))
	}
	addr := strings.TrimPrefix(ts.URL, "http://")
	open := func(i int) net.Conn {
		bt := tables[i/6]
		conn, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		fmt.Fprintf(conn, "GET /diamant/%s/events HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip\r\n"+
			"Accept-Language: it-IT,it;q=0.9\r\nCookie: %s\r\n\r\n", bt.id, addr, bt.cookies[i%6])
		return conn
	}
	// firstEvent reads a stream up to its first event; the reader is dropped after, so
	// the client side keeps only its connection.
	firstEvent := func(conn net.Conn) {
		r := bufio.NewReader(conn)
		for {
			line, err := r.ReadString('\n')
			require.NoError(t, err)
			if strings.HasPrefix(line, "data: ") {
				return
			}
		}
	}
	// Warm up: one stream, so that the pools and caches exist.
	warm := open(0)
	firstEvent(warm)
	warm.Close()
	time.Sleep(100 * time.Millisecond)

	measure := func() (heap, stack uint64, goroutines int) {
		for range 3 {
			runtime.GC()
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc, m.StackInuse, runtime.NumGoroutine()
	}
	profile := os.Getenv("TAVOLO_STREAM_PROFILE")
	if profile != "" {
		// Every allocation sampled: the profile then tells exactly what the streams hold.
		defer func(rate int) { runtime.MemProfileRate = rate }(runtime.MemProfileRate)
		runtime.MemProfileRate = 1
	}
	heap0, stack0, g0 := measure()
	conns := make([]net.Conn, n)
	for i := range conns {
		conns[i] = open(i)
		firstEvent(conns[i])
	}
	time.Sleep(200 * time.Millisecond)
	heap1, stack1, g1 := measure()
	if profile != "" {
		f, err := os.Create(filepath.Join(profile, "streams-heap.prof"))
		require.NoError(t, err)
		require.NoError(t, pprof.WriteHeapProfile(f))
		f.Close()
		f, err = os.Create(filepath.Join(profile, "streams-goroutines.txt"))
		require.NoError(t, err)
		require.NoError(t, pprof.Lookup("goroutine").WriteTo(f, 2))
		f.Close()
	}
	t.Logf("%d streams: heap %d B a stream, stack %d B a stream, %.2f goroutines a stream",
		n, (int64(heap1)-int64(heap0))/int64(n), (int64(stack1)-int64(stack0))/int64(n), float64(g1-g0)/float64(n))
	for _, c := range conns {
		c.Close()
	}
}

// TestStreamHeaders: a live stream is not compressed, and carries the security headers.
func TestStreamHeaders(t *testing.T) {
	s, err := New(Config{DataDir: t.TempDir()}, discardLog())
	require.NoError(t, err)
	defer s.Close()
	bt := newRBTable(t, s, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req := rbRequest(http.MethodGet, "/diamant/"+bt.id+"/events", bt.cookies[2], nil).WithContext(ctx)
	req.Header.Set("Accept", "text/event-stream")
	w := rbFirstEventWriter{newRBWriter(), cancel}
	s.Handler().ServeHTTP(w, req)
	require.Equal(t, http.StatusOK, w.code)
	require.Contains(t, string(w.body), "data: ")
	h := w.header
	require.Equal(t, "text/event-stream", h.Get("Content-Type"))
	require.Equal(t, "nosniff", h.Get("X-Content-Type-Options"))
	require.Empty(t, h.Get("Content-Encoding"))
	require.Contains(t, h.Get("Content-Security-Policy"), "frame-ancestors 'none'")
}

// BenchmarkPageAfterGC is a phone loading its table's page (HTML, gzipped) with a GC
// between two loads, as under load, where the GC runs every few seconds.
func BenchmarkPageAfterGC(b *testing.B) {
	s, err := New(Config{DataDir: b.TempDir()}, discardLog())
	require.NoError(b, err)
	defer s.Close()
	bt := newRBTable(b, s, 1)
	h := s.Handler()
	size := 0
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		runtime.GC()
		runtime.GC()
		req := rbRequest(http.MethodGet, "/diamant/"+bt.id, bt.cookies[1], nil)
		req.Header.Set("Accept", "text/html,application/xhtml+xml")
		w := newRBWriter()
		b.StartTimer()
		h.ServeHTTP(w, req)
		if w.code != http.StatusOK {
			b.Fatal(w.code, string(w.body))
		}
		size = w.size
	}
	b.ReportMetric(float64(size), "bytes/page")
}

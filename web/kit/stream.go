package kit

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"tavolo/web/live"
	"tavolo/web/table"
)

// Live updates of a table, by Server-Sent Events, for every game. The hub (web/live)
// carries only versions; on each wake, a device's stream reads the table again and writes
// that device's own view of it, the same JSON as an action's reply, with the version as
// the event's id. A reconnecting page sends Last-Event-ID (or ?since=) and gets one
// catch-up event at once if the table moved on meanwhile. When a phone goes away or comes
// back (presence), the hub is touched: each stream works out whether its own view shows
// it, and sends that view as a "presence" event with no id (Last-Event-ID stays the
// version).

// How often a quiet stream is pinged (Kit.StreamHeartbeat, 0: this).
const defaultHeartbeat = 20 * time.Second

// RestartEvent is a stream's last event when the server stops (a restart): the page then
// reconnects after a second (the retry), and says nothing of a lost connection unless it
// stays lost (diamant-live.js).
const RestartEvent = "retry: 1000\nevent: restart\ndata: {}\n\n"

// The caps on streams (web/live's Limits, docs/OPERATING.md "Limits"): a few tabs a device, the newest
// replacing the oldest; a games club's phones an address, the backstop behind the device's
// own cap; half the connections in all (web/conns), since each phone also needs one for
// its actions and /healthz must answer.
const (
	DefaultStreamsPerDevice  = 4
	DefaultStreamsPerAddress = 256
	streamRetryAfter         = 15 * time.Second // when a refused stream should try again
	// How long one write may block (a client that reads nothing) before the stream ends.
	defaultStreamWriteTimeout = 10 * time.Second
)

// LiveView is a game's side of one device's stream.
type LiveView interface {
	// Read reads the table again, at its newest version; an error: the table is gone, or
	// the device no longer at it.
	Read(c echo.Context) error
	Version() int64
	Device() string
	// AppendView appends the device's view at the version read, the data of an event
	// whose id is the version (the game's reply JSON; the stream writes the event around
	// it); the view shows who is away, and notes it.
	AppendView(b []byte, c echo.Context) ([]byte, error)
	// Shown notes what the page shows at the version read, as AppendView would, when the
	// page has it from an action's reply instead (answered.go).
	Shown(c echo.Context)
	// AppendPresence notes who is away now; when that changed since last noted and the
	// view shows it, it appends the view, the data of a "presence" event, and reports true.
	AppendPresence(b []byte, c echo.Context) ([]byte, bool, error)
}

// WriteEvent writes one event of a live stream, in one write: "id: 7\ndata: {…}\n\n" for
// a view at a version (id at least 0), "event: presence\ndata: {…}\n\n" for a named event
// without an id (id below 0). data appends the event's data; when it reports false,
// nothing is written. The stream writes every event's frame so; a game gives only data.
func WriteEvent(w io.Writer, name string, id int64, data func(b []byte) ([]byte, bool, error)) (bool, error) {
	buf := GetBuffer(&ReplyBuffers)
	b := *buf
	if name != "" {
		b = append(append(append(b, "event: "...), name...), '\n')
	}
	if id >= 0 {
		b = append(strconv.AppendInt(append(b, "id: "...), id, 10), '\n')
	}
	b, ok, err := data(append(b, "data: "...))
	if err == nil && ok {
		_, err = w.Write(append(b, "\n\n"...))
	}
	PutBuffer(&ReplyBuffers, buf, b)
	return err == nil && ok, err
}

// ViewEvent writes view's view as an event whose id is its version.
func ViewEvent(w io.Writer, c echo.Context, view LiveView) error {
	_, err := WriteEvent(w, "", view.Version(), func(b []byte) ([]byte, bool, error) {
		b, err := view.AppendView(b, c)
		return b, true, err
	})
	return err
}

// presenceEvent writes view's view as a "presence" event, if who is away changed and
// the view shows it; it reports whether it wrote one.
func presenceEvent(w io.Writer, c echo.Context, view LiveView) (bool, error) {
	return WriteEvent(w, "presence", -1, func(b []byte) ([]byte, bool, error) { return view.AppendPresence(b, c) })
}

// Stream serves a table's live Stream with view; a script asking with Accept:
// application/json gets a probe instead (streamProbe).
func (s *Kit) Stream(c echo.Context, view LiveView) error {
	id := c.Param("id")
	if !table.ValidID(id) {
		return echo.ErrNotFound
	}
	if WantsJSON(c) {
		return s.streamProbe(c, view)
	}
	// Subscribe before reading: a change between the two is then never missed.
	sub := s.Hub.Subscribe(id)
	followed := false // the stream, once followed, gives its places back itself (done)
	defer func() {
		if !followed {
			sub.Close()
		}
	}()
	if err := view.Read(c); err != nil {
		return err
	}
	device := view.Device()
	if IsHead(c.Request()) {
		// A HEAD gets a stream's status and type, not a stream to hold open, nor a place
		// among the streams (taking one could close the device's oldest).
		h := c.Response().Header()
		h.Set("Cache-Control", "no-store")
		h.Set("X-Accel-Buffering", "no")
		return c.Blob(http.StatusOK, "text/event-stream", nil)
	}
	// A place among the streams, once the device is known to be at the table (a refused
	// request never closes one of its streams).
	lease, why := s.Streams.Acquire(device, c.RealIP())
	if why != live.Accepted {
		return s.refuseStream(c, why)
	}
	followed = true
	s.Presence.Enter(id, device)
	answer, forget := s.followPage(c, device)
	st := &stream{kit: s, c: c, view: view, sub: sub, lease: lease, answer: answer, sent: -1,
		done: func() {
			forget()
			s.Presence.Leave(id, device)
			lease.Release()
			sub.Close()
		}}
	for _, v := range []string{c.Request().Header.Get("Last-Event-ID"), c.QueryParam("since")} {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && v != "" {
			st.sent = n
			break
		}
	}
	res := c.Response()
	h := res.Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	// Not chunked: the stream ends with its connection, as the SSE specification suggests
	// (net/http then closes it), so that a last event is never cut off by a close in the
	// middle of a chunked body, and an ended stream leaves no idle connection behind.
	h.Set("Transfer-Encoding", "identity")
	timeout := cmp.Or(s.StreamWriteTimeout, defaultStreamWriteTimeout)
	if conn, taken := st.detach(timeout); taken {
		if conn != nil { // nil: the head could not be written, and the stream has ended
			// Counted until it ends: net/http no longer knows it, and a shutdown waits for
			// it to tell its page to reconnect (RestartEvent).
			s.Detached.Add(1)
			go func() {
				defer s.Detached.Done()
				st.follow(conn)
			}()
		}
		return nil
	}
	// HTTP/2 (or a test's recorder): the stream is followed in the request's handler.
	defer st.done()
	res.WriteHeader(http.StatusOK)
	st.w = &streamWriter{res: res, rc: http.NewResponseController(res.Writer), timeout: timeout}
	st.ctx = c.Request().Context()
	if st.start() {
		st.loop()
	}
	return nil
}

// A stream follows its table for as long as its page is open, hours at a table: over
// HTTP/1.1 its connection is taken from net/http once the headers are known (detach), and
// followed by a goroutine of its own, shallow, whose stack shrinks back while it waits; the
// request's goroutine, its middleware's frames and net/http's reader of the connection
// end. A waiting stream holds a third of the memory (BenchmarkStreamMemory). Its views are
// drawn on its own goroutine: handing them to shared workers saved more memory but cost
// the p99 of a delivery two scheduler hops (27–81 ms against 13–15 ms in make bench-load).
type stream struct {
	kit    *Kit
	c      echo.Context // the request's, or a copy that outlives it (detachedContext)
	ctx    context.Context
	view   LiveView
	sub    *live.Sub
	lease  *live.Lease
	answer *pageAnswer
	sent   int64 // the version last sent; -1: none
	wrote  bool  // an event was written since the heartbeat last ticked
	w      eventWriter
	done   func() // gives the stream's places back
}

// eventWriter is where a stream's events go: an HTTP response, or a taken connection.
type eventWriter interface {
	io.Writer
	Flush() error
}

// detach takes the connection from net/http, writes the response's head on it, and gives
// the stream a context of its own; false when the connection cannot be taken (HTTP/2); a
// nil connection when it was taken but the head could not be written (the stream has
// given its places back).
func (st *stream) detach(timeout time.Duration) (net.Conn, bool) {
	res := st.c.Response()
	conn, rw, err := http.NewResponseController(res.Writer).Hijack()
	if err != nil {
		return nil, false
	}
	h := res.Header()
	h.Del("Transfer-Encoding")
	h.Set("Connection", "close") // the body ends with the connection
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	h.Write(&head)
	head.WriteString("\r\n")
	w := &connWriter{conn: conn, timeout: timeout}
	if rw.Writer.Buffered() > 0 { // nothing is, after the handler wrote no body
		rw.Writer.Flush()
	}
	if _, err := w.Write(head.Bytes()); err != nil {
		conn.Close()
		st.done()
		return nil, true // taken, and ended
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(st.c.Request().Context()))
	st.c, st.ctx, st.w = detachedContext(st.c, ctx), ctx, w
	// The connection's reader: the page sends nothing more; a read ends when it goes. Read
	// from the connection itself, so that net/http's buffers for it (8 KB) are let go.
	rw.Reader.Discard(rw.Reader.Buffered())
	go func() {
		var b [64]byte
		for {
			if _, err := conn.Read(b[:]); err != nil {
				cancel()
				return
			}
		}
	}()
	return conn, true
}

// follow is a detached stream's goroutine.
func (st *stream) follow(conn net.Conn) {
	defer st.done()
	defer conn.Close()
	if st.start() {
		st.loop()
	}
}

// contextKeys are what the middleware leaves in a request's context for the handlers
// (kit's language, localizer, session and form token): a detached stream's copy keeps them.
var contextKeys = []string{"lang", "localizer", "csrf", "session", "session.shared", "session.read"}

// detachedContext is a copy of c that outlives its request (echo reuses c once the
// handler returns), its request's context ctx, its response written nowhere.
func detachedContext(c echo.Context, ctx context.Context) echo.Context {
	d := c.Echo().NewContext(c.Request().WithContext(ctx), echo.NewResponse(discardResponse{}, c.Echo()))
	d.SetPath(c.Path())
	d.SetParamNames(c.ParamNames()...)
	d.SetParamValues(c.ParamValues()...)
	for _, k := range contextKeys {
		if v := c.Get(k); v != nil {
			d.Set(k, v)
		}
	}
	return d
}

// discardResponse is a detached context's response: what the views set there (a cookie
// renewed) goes nowhere, as it would once a stream's headers are sent.
type discardResponse struct{}

func (discardResponse) Header() http.Header         { return http.Header{} }
func (discardResponse) Write(b []byte) (int, error) { return len(b), nil }
func (discardResponse) WriteHeader(int)             {}

// start writes the stream's opening: the retry delay, then the table as it is if the page
// has not seen this version; false when the stream ended.
func (st *stream) start() bool {
	if _, err := io.WriteString(st.w, "retry: 2000\n\n"); err != nil {
		return false
	}
	// Who is away as this device's page last showed them.
	if _, err := presenceEvent(io.Discard, st.c, st.view); err != nil {
		return false
	}
	return st.send() == nil && st.w.Flush() == nil
}

func (st *stream) send() error {
	if st.view.Version() == st.sent {
		return nil
	}
	if err := ViewEvent(st.w, st.c, st.view); err != nil {
		return err
	}
	if err := st.w.Flush(); err != nil {
		return err
	}
	st.sent, st.wrote = st.view.Version(), true
	return nil
}

// loop waits for the table's changes and sends each, until the page goes. It waits on the
// page's end and on its subscription's wake alone: what else may end or ping the stream
// nudges the subscription (a select among five channels at every change was 3 % of the
// server's CPU under make bench-load).
func (st *stream) loop() {
	s, w := st.kit, st.w
	beat := cmp.Or(s.StreamHeartbeat, defaultHeartbeat)
	var due atomic.Bool
	heartbeat := time.AfterFunc(beat, func() { due.Store(true); st.sub.Nudge() })
	defer heartbeat.Stop()
	st.lease.OnReplaced(st.sub.Nudge)
	for {
		select {
		case <-st.ctx.Done():
			return
		case <-st.sub.Wake():
		}
		switch {
		case isClosed(s.Stopping):
			// The server stops (a restart): the page reconnects within a second, quietly.
			io.WriteString(w, RestartEvent)
			w.Flush()
			return
		case isClosed(st.lease.Replaced()):
			// The device opened a newer stream (another tab): this page stops following.
			io.WriteString(w, "event: replaced\ndata: {}\n\n")
			w.Flush()
			return
		}
		if !st.woken() {
			return
		}
		if due.Swap(false) {
			heartbeat.Reset(beat)
			// A ping only when nothing else was written since the last beat: a connection
			// quiet for 20 to 40 seconds (proxies close one after 60), the failed write
			// ending the stream of a page that has gone without a word.
			if st.wrote {
				st.wrote = false
				continue
			}
			if _, err := io.WriteString(w, ": ping\n\n"); err != nil || w.Flush() != nil {
				return
			}
		}
	}
}

// isClosed tells whether ch is closed (it is never sent on).
func isClosed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// StopStreams ends the live streams (a shutdown): each tells its page to reconnect.
func (s *Kit) StopStreams() {
	close(s.Stopping)
	s.Hub.NudgeAll()
}

// woken sends what a wake of the hub brings: the table's new version, or who is away;
// false when the stream ends.
func (st *stream) woken() bool {
	w, c, view := st.w, st.c, st.view
	touched := st.sub.Touched()
	if st.sub.Latest() > st.sent {
		if err := view.Read(c); err != nil {
			// Gone (deleted) or no longer at the table: the page reloads and explains.
			io.WriteString(w, "event: gone\ndata: {}\n\n")
			w.Flush()
			return false
		}
		if st.answer == nil || st.answer.version.Load() != view.Version() {
			return st.send() == nil
		}
		// The page's own action made this version, and its reply carries it.
		view.Shown(c)
		st.sent = view.Version()
	}
	if !touched || view.Version() != st.sent {
		return true
	}
	wrote, err := presenceEvent(w, c, view)
	if err != nil {
		return false
	}
	st.wrote = st.wrote || wrote
	return !wrote || w.Flush() == nil
}

// connWriter writes a detached stream on its connection, each write with a deadline (as
// streamWriter).
type connWriter struct {
	conn    net.Conn
	timeout time.Duration
	until   time.Time
}

func (w *connWriter) Write(p []byte) (int, error) {
	if now := time.Now(); !now.Add(w.timeout / 2).Before(w.until) {
		w.until = now.Add(w.timeout)
		if err := w.conn.SetWriteDeadline(w.until); err != nil {
			return 0, err
		}
	}
	return w.conn.Write(p)
}

func (w *connWriter) Flush() error { return nil } // each write is the connection's

// streamWriter writes a live stream, each write and flush with a deadline: a client that
// reads nothing ends its stream (and gives its place back) rather than holding it forever.
// The deadline is moved on only once half of it has passed (moving a connection's deadline
// costs a timer's change, and every phone's stream writes at every change of its table): a
// write may block between timeout/2 and timeout.
type streamWriter struct {
	res     *echo.Response
	rc      *http.ResponseController
	timeout time.Duration
	until   time.Time // the deadline set
}

func (w *streamWriter) Write(p []byte) (int, error) {
	if err := w.deadline(); err != nil {
		return 0, err
	}
	return w.res.Write(p)
}

func (w *streamWriter) Flush() error {
	if err := w.deadline(); err != nil {
		return err
	}
	return w.rc.Flush()
}

// deadline makes sure the next write has at least half the timeout before its deadline; a
// writer that has none (a test's) writes without.
func (w *streamWriter) deadline() error {
	now := time.Now()
	if now.Add(w.timeout / 2).Before(w.until) {
		return nil
	}
	w.until = now.Add(w.timeout)
	if err := w.rc.SetWriteDeadline(w.until); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil
}

// streamProbe answers a page's script that asks (Accept: application/json) whether it may
// open the table's stream, since EventSource cannot read why a stream was refused: 204 if
// it may, 429 as a refused stream otherwise, or the table's own 403 or 404.
func (s *Kit) streamProbe(c echo.Context, view LiveView) error {
	if err := view.Read(c); err != nil {
		return err
	}
	if why := s.Streams.Check(view.Device(), c.RealIP()); why != live.Accepted {
		return s.refuseStream(c, why)
	}
	return c.NoContent(http.StatusNoContent)
}

// refuseStream answers a refused stream: 429, Retry-After, and a localized sentence that
// says why and when the page tries again; as JSON for a script ({"error", "id",
// "retryAfter"}), as text otherwise. The connection is closed after it.
func (s *Kit) refuseStream(c echo.Context, why live.Refusal) error {
	id := "app.streams.busy" // the server is at its cap
	if why == live.RefusedAddress || why == live.RefusedDevice {
		id = "app.streams.toomany"
	}
	secs := int(streamRetryAfter / time.Second)
	h := c.Response().Header()
	h.Set("Retry-After", strconv.Itoa(secs))
	h.Set("Connection", "close")
	text := s.Localizer(c).N(id, secs)
	if WantsJSON(c) {
		return WriteReply(c, http.StatusTooManyRequests, func(b []byte) ([]byte, error) {
			return AppendJSON(b, struct {
				Error      string `json:"error"`
				ID         string `json:"id"`
				RetryAfter int    `json:"retryAfter"`
			}{text, id, secs})
		})
	}
	return c.String(http.StatusTooManyRequests, text)
}

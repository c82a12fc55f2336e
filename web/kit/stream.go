package kit

import (
	"cmp"
	"errors"
	"io"
	"net/http"
	"strconv"
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

const heartbeat = 20 * time.Second

// The caps on streams (web/live's Limits, README "Limits"): a few tabs a device, the newest
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
	defer sub.Close()
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
	defer lease.Release()
	s.Presence.Enter(id, device)
	defer s.Presence.Leave(id, device)
	answer, forget := s.followPage(c, device)
	defer forget()

	sent := int64(-1)
	for _, v := range []string{c.Request().Header.Get("Last-Event-ID"), c.QueryParam("since")} {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && v != "" {
			sent = n
			break
		}
	}
	res := c.Response()
	w := &streamWriter{res: res, rc: http.NewResponseController(res.Writer), timeout: cmp.Or(s.StreamWriteTimeout, defaultStreamWriteTimeout)}
	h := res.Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	// Not chunked: the stream ends with its connection, as the SSE specification suggests
	// (net/http then closes it), so that a last event is never cut off by a close in the
	// middle of a chunked body, and an ended stream leaves no idle connection behind.
	h.Set("Transfer-Encoding", "identity")
	res.WriteHeader(http.StatusOK)
	if _, err := io.WriteString(w, "retry: 2000\n\n"); err != nil {
		return nil
	}
	// Who is away as this device's page last showed them.
	if _, err := presenceEvent(io.Discard, c, view); err != nil {
		return err
	}
	send := func() error {
		if view.Version() == sent {
			return nil
		}
		if err := ViewEvent(w, c, view); err != nil {
			return err
		}
		if err := w.Flush(); err != nil {
			return err
		}
		sent = view.Version()
		return nil
	}
	if err := send(); err != nil {
		return nil
	}
	if w.Flush() != nil {
		return nil
	}

	ctx := c.Request().Context()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.Stopping:
			return nil
		case <-lease.Replaced():
			// The device opened a newer stream (another tab): this page stops following.
			io.WriteString(w, "event: replaced\ndata: {}\n\n")
			w.Flush()
			return nil
		case <-tick.C:
			if _, err := io.WriteString(w, ": ping\n\n"); err != nil || w.Flush() != nil {
				return nil
			}
		case <-sub.Wake():
			touched := sub.Touched()
			if sub.Latest() > sent {
				if err := view.Read(c); err != nil {
					// Gone (deleted) or no longer at the table: the page reloads and explains.
					io.WriteString(w, "event: gone\ndata: {}\n\n")
					w.Flush()
					return nil
				}
				if answer == nil || answer.version.Load() != view.Version() {
					if err := send(); err != nil {
						return nil
					}
					continue
				}
				// The page's own action made this version, and its reply carries it.
				view.Shown(c)
				sent = view.Version()
			}
			if !touched || view.Version() != sent {
				continue
			}
			wrote, err := presenceEvent(w, c, view)
			if err != nil {
				return nil
			}
			if wrote && w.Flush() != nil {
				return nil
			}
		}
	}
}

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

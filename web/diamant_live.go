package web

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/web/live"
	"tavolo/web/page"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// Live updates for a table with a phone each, by Server-Sent Events. The hub (web/live)
// carries only versions; on each wake, a device's stream loads the table and renders that
// device's own view of it (built from the seats it holds), the same JSON as an action's
// reply, with the version as the event's id. A reconnecting page sends Last-Event-ID (or
// ?since=) and gets one catch-up event at once if the table moved on meanwhile. When a
// phone goes away or comes back (presence), the hub is touched: each stream works out
// whether its own view shows it, and sends that view as a "presence" event with no id.

const heartbeat = 20 * time.Second

func (s *Server) diamantEvents(c echo.Context) error {
	id := c.Param("id")
	if !table.ValidID(id) {
		return echo.ErrNotFound
	}
	if wantsJSON(c) {
		return s.streamProbe(c, id)
	}
	// Subscribe before loading: a change between the two is then never missed.
	sub := s.hub.Subscribe(id)
	defer sub.Close()
	// The stream's table, read again into the same place at each version; shared with
	// the other readers: never changed here.
	t := &diamanttable.Table{}
	if err := s.readDiamant(c, id, t); err != nil {
		return err
	}
	device := t.Device
	// A place among the streams, once the device is known to be at the table (a refused
	// request never closes one of its streams).
	lease, why := s.streams.Acquire(device, c.RealIP())
	if why != live.Accepted {
		return s.refuseStream(c, why)
	}
	defer lease.Release()
	s.presence.Enter(id, device)
	defer s.presence.Leave(id, device)

	since := int64(-1)
	for _, v := range []string{c.Request().Header.Get("Last-Event-ID"), c.QueryParam("since")} {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && v != "" {
			since = n
			break
		}
	}
	table := c.QueryParam("view") == "table"

	w := c.Response()
	h := w.Header()
	h.Set(echo.HeaderContentType, "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	// Not chunked: the stream ends with its connection, as the SSE specification suggests
	// (net/http then closes it), so that a last event is never cut off by a close in the
	// middle of a chunked body, and an ended stream leaves no idle connection behind.
	h.Set("Transfer-Encoding", "identity")
	w.WriteHeader(http.StatusOK)
	if _, err := io.WriteString(w, "retry: 2000\n\n"); err != nil {
		return nil
	}
	sent := since
	// The phones away as this device's page last showed them.
	away := s.awaySeats(t)
	send := func() error {
		if t.Rec.Version == sent {
			return nil
		}
		away = s.awaySeats(t)
		if err := s.writeEvent(w, c, t, table); err != nil {
			return err
		}
		w.Flush()
		sent = t.Rec.Version
		return nil
	}
	// sendPresence shows a phone gone away or come back, at the same version: a named
	// event with no id, so that Last-Event-ID stays the version (an event without an id
	// keeps the last one). Only a screen that shows who is away gets it.
	sendPresence := func() error {
		now := s.awaySeats(t)
		if now == away || t.Rec.Version != sent {
			return nil
		}
		before := away
		away = now
		written, err := s.writePresence(w, c, t, table, func() []say.Sentence { return s.awayNews(c, t, before, now) })
		if err != nil || !written {
			return err
		}
		w.Flush()
		return nil
	}
	if err := send(); err != nil {
		return nil
	}
	w.Flush()

	ctx := c.Request().Context()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-s.stopping:
			return nil
		case <-lease.Replaced():
			// The device opened a newer stream (another tab): this page stops following.
			io.WriteString(w, "event: replaced\ndata: {}\n\n")
			w.Flush()
			return nil
		case <-tick.C:
			if _, err := io.WriteString(w, ": ping\n\n"); err != nil {
				return nil
			}
			w.Flush()
		case <-sub.Wake():
			touched := sub.Touched()
			if sub.Latest() <= sent {
				if touched && sendPresence() != nil {
					return nil
				}
				continue
			}
			// A new version: its view shows who is away as well.
			if err := s.readDiamant(c, id, t); err != nil {
				// Gone (deleted) or no longer at the table: the page reloads and explains.
				io.WriteString(w, "event: gone\ndata: {}\n\n")
				w.Flush()
				return nil
			}
			if err := send(); err != nil {
				return nil
			}
		}
	}
}

// streamProbe answers a page's script that asks (Accept: application/json) whether it may
// open the table's stream, since EventSource cannot read why a stream was refused: 204 if
// it may, 429 as a refused stream otherwise, or the table's own 403 or 404.
func (s *Server) streamProbe(c echo.Context, id string) error {
	t := &diamanttable.Table{}
	if err := s.readDiamant(c, id, t); err != nil {
		return err
	}
	if why := s.streams.Check(t.Device, c.RealIP()); why != live.Accepted {
		return s.refuseStream(c, why)
	}
	return c.NoContent(http.StatusNoContent)
}

// refuseStream answers a refused stream: 429, Retry-After, and a localized sentence that
// says why and when the page tries again; as JSON for a script ({"error", "id",
// "retryAfter"}), as text otherwise. The connection is closed after it.
func (s *Server) refuseStream(c echo.Context, why live.Refusal) error {
	id := "app.streams.busy" // the server is at its cap
	if why == live.RefusedAddress {
		id = "app.streams.toomany"
	}
	secs := int(streamRetryAfter / time.Second)
	h := c.Response().Header()
	h.Set("Retry-After", strconv.Itoa(secs))
	h.Set("Cache-Control", "no-store")
	h.Set("Connection", "close")
	text := s.loc(c).N(id, secs)
	if wantsJSON(c) {
		return c.JSON(http.StatusTooManyRequests, struct {
			Error      string `json:"error"`
			ID         string `json:"id"`
			RetryAfter int    `json:"retryAfter"`
		}{text, id, secs})
	}
	return c.String(http.StatusTooManyRequests, text)
}

// writeEvent writes a device's view of the table at t's version as one event, the version
// as its id: "id: 7\ndata: {…}\n\n", in one write.
func (s *Server) writeEvent(w io.Writer, c echo.Context, t *diamanttable.Table, table bool) error {
	buf := getBuffer(&replyBuffers)
	b := strconv.AppendInt(append(*buf, "id: "...), t.Rec.Version, 10)
	b = append(b, "\ndata: "...)
	b, _, err := s.appendLiveView(b, c, t, table, nil)
	if err == nil {
		_, err = w.Write(append(b, "\n\n"...))
	}
	putBuffer(&replyBuffers, buf, b)
	return err
}

// writePresence writes a device's view as a "presence" event announcing news (the phones
// gone away and come back), if the view shows who is away; it reports whether it wrote one.
func (s *Server) writePresence(w io.Writer, c echo.Context, t *diamanttable.Table, table bool, news func() []say.Sentence) (bool, error) {
	buf := getBuffer(&replyBuffers)
	b := append(*buf, "event: presence\ndata: "...)
	b, shows, err := s.appendLiveView(b, c, t, table, news)
	if err == nil && shows {
		_, err = w.Write(append(b, "\n\n"...))
	}
	putBuffer(&replyBuffers, buf, b)
	return err == nil && shows, err
}

// appendLiveView appends a device's view of a table, the table's page or its current
// screen, as an action's reply has it; and whether the view shows which phones are away
// (the seats' list or the players' table). With news, the view announces what news says
// instead, and only a view that shows who is away is written.
func (s *Server) appendLiveView(b []byte, c echo.Context, t *diamanttable.Table, table bool, news func() []say.Sentence) ([]byte, bool, error) {
	if table || t.State == nil {
		b, err := s.appendLiveLobby(b, c, t, news)
		return b, err == nil, err
	}
	b, shows := s.appendLivePlay(b, c, t, news)
	return b, shows, nil
}

// appendLivePlay appends a device's view of the table's current screen.
func (s *Server) appendLivePlay(b []byte, c echo.Context, t *diamanttable.Table, news func() []say.Sentence) ([]byte, bool) {
	var p page.DiamantPlay
	s.fillScreen(c, t, "", &p)
	shows := p.Players != nil
	if news != nil {
		if !shows {
			return b, false
		}
		p.Say = news()
	}
	token, _ := c.Get("csrf").(string)
	return appendPlayReply(b, s.loc(c), token, &p), shows
}

// appendLiveLobby appends a device's view of the table's page.
func (s *Server) appendLiveLobby(b []byte, c echo.Context, t *diamanttable.Table, news func() []say.Sentence) ([]byte, error) {
	p, err := s.lobbyOf(c, t, "")
	if err != nil {
		return b, err
	}
	if news != nil {
		p.Say = news()
	}
	return s.appendLobbyReply(b, c, &p)
}

// awaySeats are the seats whose phone is away.
func (s *Server) awaySeats(t *diamanttable.Table) diamant.Seats {
	var away diamant.Seats
	for seat := range t.Opt.Players {
		if s.seatAway(t, seat) {
			away |= diamant.SeatsOf(seat)
		}
	}
	return away
}

// awayNews says which phones went away and which came back, between two sets of seats away.
func (s *Server) awayNews(c echo.Context, t *diamanttable.Table, before, now diamant.Seats) []say.Sentence {
	l := s.loc(c)
	news := []say.Sentence{}
	for _, seat := range (now &^ before).List() {
		news = append(news, say.Sentence{Text: l.T("diamant.presence.away", "Name", t.Opt.Players[seat])})
	}
	for _, seat := range (before &^ now).List() {
		news = append(news, say.Sentence{Text: l.T("diamant.presence.back", "Name", t.Opt.Players[seat])})
	}
	return news
}

// How long tables are kept: one never played (no action: a lobby nobody started, a game
// opened and left) goes after two hours unchanged; an unfinished one is archived after a
// day unchanged; a finished or archived one goes after a week. Sweeps run every ten
// minutes.
const (
	keepEmpty     = 2 * time.Hour
	keepIdle      = 24 * time.Hour
	keepOld       = 7 * 24 * time.Hour
	sweepInterval = 10 * time.Minute
)

// sweep archives and deletes the tables kept long enough, until ctx is done.
func (s *Server) sweep(ctx context.Context) {
	tick := time.NewTicker(sweepInterval)
	defer tick.Stop()
	for {
		now := time.Now()
		s.presence.Prune(now.Add(-keepIdle))
		archived, deleted, err := s.store.Sweep(ctx, table.SweepTimes{EmptyBefore: now.Add(-keepEmpty),
			IdleBefore: now.Add(-keepIdle), DeleteBefore: now.Add(-keepOld)})
		if err != nil && ctx.Err() == nil {
			s.log.Error("sweep failed", "err", err)
		} else if archived+deleted > 0 {
			s.log.Info("swept tables", "archived", archived, "deleted", deleted)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

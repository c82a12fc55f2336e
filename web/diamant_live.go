package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// Live updates for a table with a phone each, by Server-Sent Events. The hub (web/live)
// carries only versions; on each wake, a device's stream loads the table and renders that
// device's own view of it (built from the seats it holds), the same JSON as an action's
// reply, with the version as the event's id. A reconnecting page sends Last-Event-ID (or
// ?since=) and gets one catch-up event at once if the table moved on meanwhile.

const heartbeat = 20 * time.Second

func (s *Server) diamantEvents(c echo.Context) error {
	id := c.Param("id")
	if !validID(id) {
		return echo.ErrNotFound
	}
	// Subscribe before loading: a change between the two is then never missed.
	sub := s.hub.Subscribe(id)
	defer sub.Close()
	t, err := s.loadDiamant(c, id)
	if err != nil {
		return err
	}
	s.presence.enter(id, t.device)
	defer s.presence.leave(id, t.device)

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
	w.WriteHeader(http.StatusOK)
	if _, err := fmt.Fprint(w, "retry: 2000\n\n"); err != nil {
		return nil
	}
	sent := since
	send := func() error {
		if t.rec.Version == sent {
			return nil
		}
		var b []byte
		var err error
		renders().run(func() {
			var r diamantReply
			if r, err = s.liveView(c, t, table); err == nil {
				b, err = json.Marshal(r)
			}
		})
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "id: %d\ndata: %s\n\n", t.rec.Version, b); err != nil {
			return err
		}
		w.Flush()
		sent = t.rec.Version
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
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return nil
			}
			w.Flush()
		case <-sub.Wake():
			if sub.Latest() <= sent {
				continue
			}
			if t, err = s.loadDiamant(c, id); err != nil {
				// Gone (deleted) or no longer at the table: the page reloads and explains.
				fmt.Fprint(w, "event: gone\ndata: {}\n\n")
				w.Flush()
				return nil
			}
			if err := send(); err != nil {
				return nil
			}
		}
	}
}

// renderPool runs the streams' renders on a few goroutines of their own. Rendering a page
// recurses deeply through the templates and grows a goroutine's stack to tens of KB: on
// each of thousands of mostly idle streams that stack would stay (and be copied again,
// and scanned by every GC), where a few workers keep theirs.
type renderPool chan func()

// renders is the process's pool: twice as many workers as processors, so that a render
// waiting on a lock never holds the others up.
var renders = sync.OnceValue(func() renderPool {
	p := make(renderPool)
	for range 2 * runtime.GOMAXPROCS(0) {
		go func() {
			for f := range p {
				f()
			}
		}()
	}
	return p
})

// run runs f on a worker and waits for it. A panic comes back to the caller's goroutine,
// where the server's recovery catches it.
func (p renderPool) run(f func()) {
	done := make(chan struct{})
	var panicked any
	p <- func() {
		defer close(done)
		defer func() { panicked = recover() }()
		f()
	}
	<-done
	if panicked != nil {
		panic(panicked)
	}
}

// liveView renders a device's view of a table: the table's page, or its current screen.
func (s *Server) liveView(c echo.Context, t *diamantTable, table bool) (diamantReply, error) {
	if table || t.state == nil {
		p, err := s.lobbyOf(c, t, "")
		if err != nil {
			return diamantReply{}, err
		}
		return s.replyOf(c, "diamant-table", p.Heading, "/diamant/"+t.rec.ID+"/table", p.Version, p.Say, p)
	}
	p := s.screen(c, t, "")
	return s.replyOf(c, "diamant-play", p.Heading, screenURL(p), p.Version, p.Say, p)
}

// presence counts each device's open streams at each table, in memory only: after a
// restart every device reconnects within seconds.
type presence struct {
	mu      sync.Mutex
	started time.Time
	seen    map[string]*seen
}

type seen struct {
	streams int
	last    time.Time
}

func newPresence() *presence { return &presence{started: time.Now(), seen: map[string]*seen{}} }

func (p *presence) enter(table, device string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	k := table + "/" + device
	if p.seen[k] == nil {
		p.seen[k] = &seen{}
	}
	p.seen[k].streams++
}

func (p *presence) leave(table, device string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if e := p.seen[table+"/"+device]; e != nil {
		e.streams--
		e.last = time.Now()
	}
}

// away: the device has had no open stream for awayAfter.
func (p *presence) away(table, device string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	e := p.seen[table+"/"+device]
	switch {
	case e == nil:
		return time.Since(p.started) > awayAfter
	case e.streams > 0:
		return false
	}
	return time.Since(e.last) > awayAfter
}

// sweep archives the tables idle for a day and deletes those finished or archived for a
// week, every hour until ctx is done.
func (s *Server) sweep(ctx context.Context) {
	tick := time.NewTicker(time.Hour)
	defer tick.Stop()
	for {
		now := time.Now()
		archived, deleted, err := s.store.Sweep(ctx, now.Add(-24*time.Hour), now.Add(-7*24*time.Hour))
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

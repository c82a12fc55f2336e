package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// benchPhones makes a table of six phones, each holding its own seat, after the first card
// and the votes of seats 0 and 1; it returns the server, the table's id and a context for
// each phone as its requests have it (session cookie, language, CSRF token).
func benchPhones(b testing.TB) (*Server, string, []echo.Context) {
	// No caps on streams: the benchmarks open a hundred streams on each phone, all from
	// one address.
	s, err := New(Config{DataDir: b.TempDir(), MaxStreamsPerDevice: -1, MaxStreamsPerAddress: -1}, discardLog())
	require.NoError(b, err)
	b.Cleanup(func() { s.Close() })
	ctx := context.Background()
	names := []string{"A", "B", "C", "D", "E", "F"}
	opt := diamanttable.Options{Setup: diamant.Setup{Players: names, Seed: 7}, Draw: diamanttable.DrawApp, Vote: diamanttable.VotePhone, Phones: true, Hidden: true, Own: []int{0}}
	raw, _ := json.Marshal(opt)
	id := table.NewID()
	var devices []table.Device
	for p := range names {
		devices = append(devices, table.Device{ID: table.NewID(), Seats: []int{p}, Host: p == 0})
	}
	require.NoError(b, s.store.Create(ctx, table.Table{ID: id, Game: "diamant", Setup: raw}, devices[0]))
	_, err = s.store.SetDevices(ctx, id, 0, devices)
	require.NoError(b, err)

	var phones []echo.Context
	for _, d := range devices {
		phones = append(phones, benchContext(b, s, "/diamant/"+id+"/events", d.ID))
	}
	t, err := diamantHandlers{s.Kit}.load(phones[0], id)
	require.NoError(b, err)
	for _, a := range []diamant.Action{diamant.Draw(t.State.RandomCard()), diamant.Vote(0, false), diamant.Vote(1, false)} {
		_, err := t.State.Apply(a)
		require.NoError(b, err)
		raw, _ := json.Marshal(a)
		_, err = s.store.Append(ctx, id, t.Rec.Version, raw, false)
		require.NoError(b, err)
		t, err = diamantHandlers{s.Kit}.load(phones[0], id)
		require.NoError(b, err)
	}
	return s, id, phones
}

// benchContext is a request of device to path, as the middleware leaves it (its session
// cookie, English, a CSRF token).
func benchContext(b testing.TB, s *Server, path, device string) echo.Context {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	rec := httptest.NewRecorder()
	sess, _ := s.sessions.New(req, sessionCookie)
	sess.Values["device"] = device
	require.NoError(b, sess.Save(req, rec))
	req.Header.Set("Cookie", strings.SplitN(rec.Header().Get("Set-Cookie"), ";", 2)[0])
	c := s.echo.NewContext(req, httptest.NewRecorder())
	c.Set("lang", "en")
	c.Set("csrf", "benchcsrftoken0123456789abcdef")
	return c
}

// countingWriter counts what is written to it.
type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

// BenchmarkDiamantStreamEvent is what one live stream does for one change of its table:
// read the table (from memory), render the device's view, encode it and write the event,
// through the stream's own functions. vote: phone 2, at its vote form; cave: phone 1, which
// has voted and sees the cave and the players; table: phone 0's table page (a template).
func BenchmarkDiamantStreamEvent(b *testing.B) {
	s, id, phones := benchPhones(b)
	for _, bc := range []struct {
		name  string
		phone int
		table bool
	}{{"vote", 2, false}, {"cave", 1, false}, {"table", 0, true}} {
		b.Run(bc.name, func(b *testing.B) {
			c := phones[bc.phone]
			var w countingWriter
			t := &diamanttable.Table{}
			b.ReportAllocs()
			for b.Loop() {
				w.n = 0
				if err := (diamantHandlers{s.Kit}).read(c, id, t); err != nil {
					b.Fatal(err)
				}
				diamantHandlers{s.Kit}.awaySeats(t)
				if _, err := writeEvent(&w, "", t.Rec.Version, func(b []byte) ([]byte, bool, error) {
					b, err := (diamantHandlers{s.Kit}).appendEvent(b, c, t, bc.table, nil)
					return b, true, err
				}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(w.n), "bytes/event")
		})
	}
}

// BenchmarkDiamantActionReply is an action's JSON reply once the action is applied and
// stored: the screen built for the acting phone (phone 1, just voted) and written as the
// reply, through showPlay, in a context reset as echo resets its pooled ones. Not
// included: the middleware (session, CSRF, compression), loading the table, applying the
// action and the store's write.
func BenchmarkDiamantActionReply(b *testing.B) {
	s, id, phones := benchPhones(b)
	c := phones[1]
	t, err := diamantHandlers{s.Kit}.load(c, id)
	require.NoError(b, err)
	req := httptest.NewRequest(http.MethodPost, "/diamant/"+id+"/vote", nil)
	req.Header = c.Request().Header.Clone()
	req.Header.Set(echo.HeaderAccept, echo.MIMEApplicationJSON)
	var w countingWriter
	hw := &headerWriter{w: &w, h: http.Header{}}
	rc := s.echo.NewContext(req, hw)
	b.ReportAllocs()
	for b.Loop() {
		w.n = 0
		clear(hw.h)
		rc.Reset(req, hw) // as echo does with its pooled contexts
		rc.Set("lang", "en")
		rc.Set("csrf", "benchcsrftoken0123456789abcdef")
		rc.Set("session", s.session(c))
		if err := (diamantHandlers{s.Kit}).showPlay(rc, http.StatusOK, diamantHandlers{s.Kit}.screen(rc, t, "")); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(w.n), "bytes/reply")
}

// headerWriter is a ResponseWriter that counts the body.
type headerWriter struct {
	w *countingWriter
	h http.Header
}

func (h *headerWriter) Header() http.Header         { return h.h }
func (h *headerWriter) Write(p []byte) (int, error) { return h.w.Write(p) }
func (h *headerWriter) WriteHeader(int)             {}

// BenchmarkDiamantPlayHTML draws the play screen alone (its templ component), over the screens of a few random
// games (every screen, four languages, one phone and a phone each).
func BenchmarkDiamantPlayHTML(b *testing.B) {
	s, err := New(Config{DataDir: b.TempDir()}, discardLog())
	require.NoError(b, err)
	defer s.Close()
	var views []playView
	eachDiamantScreen(b, s, 4, func(v playView) { views = append(views, v) })
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		playHTML(views[i%len(views)])
		i++
	}
}

// sseCounter is a stream's response: it keeps the last event id written.
type sseCounter struct {
	h    http.Header
	last atomic.Int64
}

func (w *sseCounter) Header() http.Header { return w.h }
func (w *sseCounter) WriteHeader(int)     {}
func (w *sseCounter) Flush()              {}
func (w *sseCounter) Write(p []byte) (int, error) {
	if rest, ok := bytes.CutPrefix(p, []byte("id: ")); ok {
		if n, err := strconv.ParseInt(string(rest[:bytes.IndexByte(rest, '\n')]), 10, 64); err == nil {
			w.last.Store(n)
		}
	}
	return len(p), nil
}

// BenchmarkDiamantStreamFanout: one change of a table (the host's draw mode, written to
// the store) reaching 600 open streams (100 on each of its six phones) through the whole
// handler, middleware included; B/op and allocs/op are for all 600 events.
func BenchmarkDiamantStreamFanout(b *testing.B) {
	s, id, phones := benchPhones(b)
	const streams = 600
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	var ws []*sseCounter
	for i := range streams {
		req := httptest.NewRequest(http.MethodGet, "/diamant/"+id+"/events", nil).WithContext(ctx)
		req.Header.Set("Cookie", phones[i%len(phones)].Request().Header.Get("Cookie"))
		w := &sseCounter{h: http.Header{}}
		ws = append(ws, w)
		wg.Go(func() { s.Handler().ServeHTTP(w, req) })
	}
	rec, err := s.store.Load(ctx, id)
	require.NoError(b, err)
	version := rec.Version
	wait := func() {
		for deadline := time.Now().Add(time.Minute); ; time.Sleep(50 * time.Microsecond) {
			if !slices.ContainsFunc(ws, func(w *sseCounter) bool { return w.last.Load() < version }) {
				return
			}
			if time.Now().After(deadline) {
				b.Fatal("the streams did not all get the event")
			}
		}
	}
	wait()
	var opt diamanttable.Options
	require.NoError(b, json.Unmarshal(rec.Setup, &opt))
	b.ReportAllocs()
	for b.Loop() {
		opt.Draw = map[string]string{diamanttable.DrawApp: diamanttable.DrawBox, diamanttable.DrawBox: diamanttable.DrawApp}[opt.Draw]
		raw, _ := json.Marshal(opt)
		if version, err = s.store.SetSetup(ctx, id, version, raw); err != nil {
			b.Fatal(err)
		}
		s.hub.Publish(id, version)
		wait()
	}
}

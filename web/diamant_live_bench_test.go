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
	require.NoError(b, s.Tables.Store().Create(ctx, table.Table{ID: id, Game: "diamant", Setup: raw}, devices[0]))
	_, err = s.Tables.Update(ctx, id, 0, nil, devices)
	require.NoError(b, err)

	var phones []echo.Context
	for _, d := range devices {
		phones = append(phones, benchContext(b, s, "/diamant/"+id+"/events", d.ID))
	}
	next := []func(st *diamant.State) diamant.Action{
		func(st *diamant.State) diamant.Action { return diamant.Draw(st.RandomCard()) },
		func(*diamant.State) diamant.Action { return diamant.Vote(0, false) },
		func(*diamant.State) diamant.Action { return diamant.Vote(1, false) },
	}
	for _, action := range next {
		o, err := table.Open(ctx, s.Tables, diamanttable.Game, id, devices[0].ID)
		require.NoError(b, err)
		st := *o.State.State // the replay is shared: the action is applied to a copy
		a := action(&st)
		_, err = st.Apply(a)
		require.NoError(b, err)
		raw, _ := json.Marshal(a)
		_, err = s.Tables.Store().Append(ctx, id, o.Rec.Version, raw, false)
		require.NoError(b, err)
	}
	return s, id, phones
}

// benchContext is a request of device to path, as the middleware leaves it (its session
// cookie, English, a CSRF token).
func benchContext(b testing.TB, s *Server, path, device string) echo.Context {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	rec := httptest.NewRecorder()
	sess, _ := s.Sessions.New(req, "tavolo")
	sess.Values["device"] = device
	require.NoError(b, sess.Save(req, rec))
	req.Header.Set("Cookie", strings.SplitN(rec.Header().Get("Set-Cookie"), ";", 2)[0])
	c := s.echo.NewContext(req, httptest.NewRecorder())
	c.Set("lang", "en")
	c.Set("csrf", "benchcsrftoken0123456789abcdef")
	return c
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
	rec, err := s.Store.Load(ctx, id)
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
		if version, err = s.Tables.Update(ctx, id, version, raw, nil); err != nil {
			b.Fatal(err)
		}
		s.Hub.Publish(id, version)
		wait()
	}
}

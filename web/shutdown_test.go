package web

import (
	"context"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A server that stops (a restart) tells each live stream to reconnect within a second
// (the restart event, with its retry) before it closes it, and the store closes after; the
// snapshot of its metrics counted the table followed, the stream and the actions.
func TestShutdownTellsStreamsToReconnect(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ready := make(chan *Server, 1)
	var at net.Addr
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, Config{Addr: "127.0.0.1:0", DataDir: t.TempDir(),
			Ready: func(s *Server, a net.Addr, _ []string) { at = a; ready <- s }}, discardLog())
	}()
	var s *Server
	select {
	case s = <-ready:
	case err := <-done:
		t.Fatal(err)
	case <-time.After(10 * time.Second):
		t.Fatal("not listening")
	}
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	c := &client{t: t, base: "http://" + at.String(), http: &http.Client{Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	tb := newTable(t, c, "app", "phone", 7, "Anna", "Bruno", "Carla")
	events, stop := openStream(t, c, "/diamant/"+tb.id+"/events")
	defer stop()
	next(t, events) // the table as it is
	_, v, _ := tb.screen("")
	res, body := tb.act("/draw", v, url.Values{})
	require.Less(t, res.StatusCode, 400, body)
	require.Empty(t, next(t, events).Event, "the draw, as a message")

	snap := s.Snapshot()
	require.Equal(t, 1, snap.TablesFollowed)
	require.Equal(t, 1, snap.Streams)
	require.EqualValues(t, 1, snap.Actions)
	require.EqualValues(t, 1, snap.ActionBuckets[len(snap.ActionBuckets)-1])
	require.Positive(t, snap.ActionSeconds)

	cancel()
	e := next(t, events)
	require.Equal(t, "restart", e.Event)
	select {
	case _, open := <-events:
		require.False(t, open, "the stream ends after it")
	case <-time.After(5 * time.Second):
		t.Fatal("the stream did not end")
	}
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
}

// /healthz says whether the store answers.
func TestHealthzChecksTheStore(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	res, err := http.Get(ts.URL + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.NoError(t, s.store.Close())
	res, err = http.Get(ts.URL + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
}

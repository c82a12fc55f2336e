package web

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// A live stream over HTTP/1.1 leaves net/http's handler (kit's stream.detach) and draws its
// views with a copy of the request's context; over HTTP/2 it stays in the handler. Both
// send the same first event, byte for byte: the copy keeps all the middleware put in the
// context for the views (the language, the session, the form token).
func TestDetachedStreamSendsWhatTheHandlerSends(t *testing.T) {
	s, err := New(Config{DataDir: t.TempDir()}, discardLog())
	require.NoError(t, err)
	defer s.Close()
	bt := newRBTable(t, s, 1)
	for _, phone := range []int{0, 2} { // the host's phone and a voter's
		path := "/diamant/" + bt.id + "/events"

		// In the handler: a writer that cannot be taken from net/http.
		ctx, cancel := context.WithCancel(context.Background())
		req := rbRequest(http.MethodGet, path, bt.cookies[phone], nil).WithContext(ctx)
		req.Header.Set("Accept", "text/event-stream")
		w := &firstEventWriter{header: http.Header{}, done: cancel}
		s.Handler().ServeHTTP(w, req)
		cancel()
		inHandler := w.event()
		require.Contains(t, inHandler, "data: {", "the handler's first event")

		// Detached: a real HTTP/1.1 connection.
		ts := httptest.NewServer(s.Handler())
		conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
		require.NoError(t, err)
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: tavolo.test\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip, deflate, br\r\n"+
			"Accept-Language: %s\r\nCookie: %s\r\n\r\n", path, req.Header.Get("Accept-Language"), bt.cookies[phone])
		r := bufio.NewReader(conn)
		res, err := http.ReadResponse(r, nil)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode)
		var detached strings.Builder
		for !strings.Contains(detached.String(), "data: ") || !strings.HasSuffix(detached.String(), "\n\n") {
			line, err := r.ReadString('\n')
			require.NoError(t, err)
			detached.WriteString(line)
		}
		conn.Close()
		ts.Close()
		require.Equal(t, inHandler, detached.String(), "phone %d", phone)
	}
}

// firstEventWriter keeps a stream's body and ends its request once the first event is out.
type firstEventWriter struct {
	mu     sync.Mutex
	header http.Header
	body   strings.Builder
	done   func()
}

func (w *firstEventWriter) Header() http.Header { return w.header }
func (w *firstEventWriter) WriteHeader(int)     {}
func (w *firstEventWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.body.Write(b)
}
func (w *firstEventWriter) Flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if b := w.body.String(); strings.Contains(b, "data: ") && strings.HasSuffix(b, "\n\n") {
		w.done()
	}
}

// event is what was written up to the first event's end.
func (w *firstEventWriter) event() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.body.String()
}

package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"runtime"
	"strings"

	"github.com/labstack/echo/v4"
)

// Gzip for pages and files: writers kept in a fixed channel, not a sync.Pool that every
// GC empties.

// compress applies gzip to pages and files, not to live streams (each event must leave at
// once) nor to a script's JSON (an action's reply, or a screen it fetches). That reply is
// ~4 KB (a draw's: 3.8 KB raw, ~1 KB gzipped): either way it fits the first round trip
// of a connection, and on a phone's Wi-Fi or 4G the 3 KB more take well under a
// millisecond to a few; the same views reach the other phones uncompressed on their
// streams anyway. Compressing each reply took a gzip writer (see gzipWriters) and CPU at
// 500 actions a second, for little.
func (s *Server) compress(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if isScriptRequest(req) {
			return next(c)
		}
		c.Response().Header().Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
		if !strings.Contains(req.Header.Get(echo.HeaderAcceptEncoding), "gzip") {
			return next(c)
		}
		return s.gzipped(c, next)
	}
}

// gzipMinLength: a shorter body is sent as it is: compressing it saves too little.
const gzipMinLength = 1024

// gzipped runs next with its response compressed, once its body proves long enough.
//
//go:noinline
func (s *Server) gzipped(c echo.Context, next echo.HandlerFunc) error {
	res := c.Response()
	w := &gzipResponse{ResponseWriter: res.Writer, pool: s.gzips}
	res.Writer = w
	defer func() {
		res.Writer = w.ResponseWriter
		w.finish()
	}()
	return next(c)
}

// gzipWriters keeps gzip writers for reuse. Not a sync.Pool (as echo's gzip middleware
// has): the GC empties those, and a writer made anew is 1.2 MB (its compressor's
// tables), so under load nearly every page after a GC cost that much. One per processor
// is kept for good (compressing is CPU work, and takes a fraction of a millisecond);
// when they are all in use another is made, and dropped after.
type gzipWriters chan *gzip.Writer

func newGzipWriters() gzipWriters { return make(gzipWriters, runtime.GOMAXPROCS(0)) }

func (p gzipWriters) get(w io.Writer) *gzip.Writer {
	select {
	case z := <-p:
		z.Reset(w)
		return z
	default:
		// The fastest level: a page is a few KB of HTML, and the default level costs
		// several times the CPU for a few percent less.
		z, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
		return z
	}
}

func (p gzipWriters) put(z *gzip.Writer) {
	z.Reset(io.Discard) // let go of the response
	select {
	case p <- z:
	default:
	}
}

// gzipResponse compresses a response whose body reaches gzipMinLength; a shorter one
// is sent as it is. The status waits for that decision.
type gzipResponse struct {
	http.ResponseWriter
	pool  gzipWriters
	z     *gzip.Writer // once compressing
	plain bool         // once decided to send the body as it is
	code  int          // the status, held until decided
	buf   []byte       // the start of a body still too short to decide on
}

func (w *gzipResponse) WriteHeader(code int) { w.code = code }

func (w *gzipResponse) Write(b []byte) (int, error) {
	switch {
	case w.z != nil:
		return w.z.Write(b)
	case w.plain:
		return w.ResponseWriter.Write(b)
	}
	h := w.Header()
	if h.Get(echo.HeaderContentType) == "" && len(w.buf) == 0 {
		h.Set(echo.HeaderContentType, http.DetectContentType(b))
	}
	if len(w.buf)+len(b) < gzipMinLength {
		w.buf = append(w.buf, b...)
		return len(b), nil
	}
	h.Del(echo.HeaderContentLength)
	h.Set(echo.HeaderContentEncoding, "gzip")
	w.sendStatus()
	w.z = w.pool.get(w.ResponseWriter)
	if len(w.buf) > 0 {
		if _, err := w.z.Write(w.buf); err != nil {
			return 0, err
		}
		w.buf = nil
	}
	return w.z.Write(b)
}

func (w *gzipResponse) sendStatus() {
	if w.code != 0 {
		w.ResponseWriter.WriteHeader(w.code)
	}
}

// sendPlain decides for the body as it is, and sends what was held.
func (w *gzipResponse) sendPlain() {
	w.plain = true
	w.sendStatus()
	if len(w.buf) > 0 {
		w.ResponseWriter.Write(w.buf)
		w.buf = nil
	}
}

func (w *gzipResponse) Flush() {
	if w.z != nil {
		w.z.Flush()
	} else if !w.plain {
		w.sendPlain()
	}
	http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *gzipResponse) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish ends the response: the gzip stream, or what was held. A handler that wrote
// nothing (an error, answered after by the error handler) leaves nothing written.
func (w *gzipResponse) finish() {
	switch {
	case w.z != nil:
		w.z.Close()
		w.pool.put(w.z)
		w.z = nil
	case !w.plain && (w.code != 0 || len(w.buf) > 0):
		w.sendPlain()
	}
}

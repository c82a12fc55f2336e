package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"tavolo/web/kit"
)

// compress gzips pages (the fastest level: a page is a few KB of HTML, made afresh for
// each request), not a live stream (each event must leave at once) nor a script's JSON:
// an action's reply is a few KB that fits a connection's first round trip, and reaches
// the other phones as it is on their streams anyway. Static files are skipped: each is
// compressed once, and served in the coding the browser takes (static.go). A reply that
// already has a Content-Encoding, or is partial or empty (206, 204, 304), leaves as it is.
func compress() echo.MiddlewareFunc {
	pool := sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
		return w
	}}
	gzipOnly := []string{codingGzip}
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			if isScriptRequest(req) || kit.IsStaticPath(req.URL.Path) {
				return next(c)
			}
			res := c.Response()
			addVary(res.Header(), echo.HeaderAcceptEncoding)
			if negotiate(req.Header.Get(echo.HeaderAcceptEncoding), gzipOnly) != codingGzip {
				return next(c)
			}
			w := &gzipWriter{ResponseWriter: res.Writer, pool: &pool}
			res.Writer = w
			defer func() {
				w.finish()
				// An error's page, written after, goes as it is.
				res.Writer = w.ResponseWriter
			}()
			return next(c)
		}
	}
}

// gzipWriter holds a reply's status and the start of its body until it knows whether to
// compress it: once the body reaches minCompress bytes, or is flushed; a shorter one
// leaves as it is when the handler is done.
type gzipWriter struct {
	http.ResponseWriter
	pool    *sync.Pool
	code    int          // the status, held until decided
	held    []byte       // the body's start, held until decided
	decided bool         // the status is written, and gz set when compressing
	gz      *gzip.Writer // compressing
}

func (w *gzipWriter) WriteHeader(code int) {
	if w.decided {
		w.ResponseWriter.WriteHeader(code)
		return
	}
	if w.code == 0 {
		w.code = code
	}
}

func (w *gzipWriter) Write(b []byte) (int, error) {
	if w.decided {
		if w.gz != nil {
			return w.gz.Write(b)
		}
		return w.ResponseWriter.Write(b)
	}
	if len(w.held)+len(b) < minCompress {
		w.held = append(w.held, b...)
		return len(b), nil
	}
	if err := w.decide(true, b); err != nil {
		return 0, err
	}
	return len(b), nil
}

// decide writes the status and what is held, then more, compressed when it may be.
func (w *gzipWriter) decide(compress bool, more []byte) error {
	w.decided = true
	h := w.Header()
	if len(w.held)+len(more) > 0 && h.Get(echo.HeaderContentType) == "" {
		start := w.held
		if len(start) == 0 {
			start = more
		}
		h.Set(echo.HeaderContentType, http.DetectContentType(start))
	}
	code := w.code
	if code == 0 && len(w.held)+len(more) > 0 {
		code = http.StatusOK
	}
	// A live stream goes as it is: a compressor kept for each of thousands of phones for
	// hours would cost more memory than the bytes it saves.
	if compress && h.Get(echo.HeaderContentEncoding) == "" && code != http.StatusPartialContent &&
		!strings.HasPrefix(h.Get(echo.HeaderContentType), "text/event-stream") &&
		code != http.StatusNoContent && code != http.StatusNotModified && code >= http.StatusOK {
		h.Del(echo.HeaderContentLength)
		h.Set(echo.HeaderContentEncoding, codingGzip)
		w.gz = w.pool.Get().(*gzip.Writer)
		w.gz.Reset(w.ResponseWriter)
	}
	if code != 0 {
		w.ResponseWriter.WriteHeader(code)
	}
	out := io.Writer(w.ResponseWriter)
	if w.gz != nil {
		out = w.gz
	}
	for _, b := range [][]byte{w.held, more} {
		if len(b) > 0 {
			if _, err := out.Write(b); err != nil {
				return err
			}
		}
	}
	w.held = nil
	return nil
}

// Flush sends what is held, compressed: more is to come.
func (w *gzipWriter) Flush() {
	if !w.decided {
		_ = w.decide(true, nil)
	}
	if w.gz != nil {
		_ = w.gz.Flush()
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *gzipWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes what is still held, as it is, and ends the compressed stream.
func (w *gzipWriter) finish() {
	if !w.decided && (w.code != 0 || len(w.held) > 0) {
		_ = w.decide(false, nil)
	}
	if w.gz != nil {
		_ = w.gz.Close()
		w.gz.Reset(io.Discard)
		w.pool.Put(w.gz)
		w.gz = nil
	}
}

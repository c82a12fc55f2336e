package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"

	"tavolo/pwa"
	"tavolo/web/kit"
)

// Static files: what is served as it is at a fixed URL (the hashed assets and the offline
// engine under /static/, the catalogs under /catalog/, the service worker, the favicon).

// staticFile is a file served as it is. A compressible one (text or WebAssembly, of
// minCompress bytes or more) is served in the content coding the browser prefers among
// brotli, gzip and none, with Vary: Accept-Encoding. Each form of a file in memory is made
// once, at the first request that takes it; the engine's
// were made by `make engine`. Each form has its own ETag, and ranges and conditional
// requests are answered by http.ServeContent on the form chosen.
type staticFile struct {
	contentType  string
	cacheControl string
	identity     func() *representation
	codings      []string                          // the compressed forms', best first
	forms        map[string]func() *representation // by coding; nil: none smaller than the file
}

// representation is a static file in one content coding.
type representation struct {
	coding string // "": as it is
	etag   string
	size   int64
	body   []byte                  // in memory, or
	open   func() (fs.File, error) // read from an embedded file
}

// memoryFile is a file held in memory, made by load at its first request.
func memoryFile(contentType, cacheControl string, load func() []byte) *staticFile {
	f := &staticFile{contentType: contentType, cacheControl: cacheControl,
		identity: sync.OnceValue(func() *representation { return inMemory("", load()) })}
	if !compressible(contentType) {
		return f
	}
	f.forms = map[string]func() *representation{}
	for _, coding := range staticCodings {
		f.codings = append(f.codings, coding)
		f.forms[coding] = sync.OnceValue(func() *representation {
			body := f.identity().body
			if len(body) < minCompress {
				return nil
			}
			enc, err := encodeStatic(coding, body)
			if err != nil || len(enc) >= len(body) {
				return nil
			}
			return inMemory(coding, enc)
		})
	}
	return f
}

func inMemory(coding string, body []byte) *representation {
	sum := sha256.Sum256(body)
	return &representation{coding: coding, etag: `"` + hex.EncodeToString(sum[:8]) + `"`, size: int64(len(body)), body: body}
}

// engineFile is the offline engine, read from the embedded files make engine wrote: the
// module and its compressed forms.
func engineFile(e *pwa.Engine) *staticFile {
	f := &staticFile{contentType: "application/wasm", cacheControl: immutable, forms: map[string]func() *representation{}}
	for _, file := range e.Files {
		r := &representation{coding: file.Coding, etag: `"` + file.SHA256[:min(16, len(file.SHA256))] + `"`, size: file.Size,
			open: func() (fs.File, error) { return e.Open(file) }}
		if file.Coding == "" {
			f.identity = func() *representation { return r }
			continue
		}
		f.codings = append(f.codings, file.Coding)
		f.forms[file.Coding] = func() *representation { return r }
	}
	return f
}

// compressible tells the content types worth compressing: text, and WebAssembly.
func compressible(contentType string) bool {
	t, _, _ := strings.Cut(contentType, ";")
	switch t {
	case "application/json", "application/manifest+json", "image/svg+xml", "application/wasm":
		return true
	}
	return strings.HasPrefix(t, "text/")
}

// choose gives the form of the file to send for an Accept-Encoding, and whether the
// reply varies with it.
func (f *staticFile) choose(acceptEncoding string) (*representation, bool) {
	r := f.identity()
	if len(f.codings) == 0 || r.size < minCompress {
		return r, false
	}
	offered := f.codings
	for {
		coding := negotiate(acceptEncoding, offered)
		if coding == "" {
			return r, true
		}
		if form := f.forms[coding](); form != nil {
			return form, true
		}
		var rest []string
		for _, c := range offered {
			if c != coding {
				rest = append(rest, c)
			}
		}
		offered = rest
	}
}

// serveStatic answers with a static file in the form the browser takes best.
func (s *Server) serveStatic(c echo.Context, f *staticFile) error {
	req := c.Request()
	r, vary := f.choose(req.Header.Get(echo.HeaderAcceptEncoding))
	h := c.Response().Header()
	if vary {
		addVary(h, echo.HeaderAcceptEncoding)
	}
	h.Set(echo.HeaderContentType, f.contentType)
	h.Set("Cache-Control", f.cacheControl)
	h.Set("ETag", r.etag)
	if r.coding != "" {
		h.Set(echo.HeaderContentEncoding, r.coding)
	}
	var content io.ReadSeeker
	if r.open == nil {
		content = bytes.NewReader(r.body)
	} else {
		file, err := r.open()
		if err != nil {
			return err
		}
		defer file.Close()
		content = file.(io.ReadSeeker)
	}
	if kit.IsHead(req) {
		// Answered as a GET, but ServeContent need not read a body that would not be sent.
		req = req.WithContext(req.Context())
		req.Method = http.MethodHead
	}
	var w http.ResponseWriter = c.Response()
	if r.coding != "" {
		w = lengthWriter{w, r.size}
	}
	http.ServeContent(w, req, "", s.built, content)
	return nil
}

// lengthWriter says the length of a whole compressed file, which http.ServeContent leaves
// out when the reply has a Content-Encoding (in case the writer compresses what it is
// given, which compress never does to a static file): without it, the reply would be
// chunked, and the browser would not know how much of the engine is still to come.
type lengthWriter struct {
	http.ResponseWriter
	size int64
}

func (w lengthWriter) WriteHeader(code int) {
	if code == http.StatusOK && w.Header().Get(echo.HeaderContentLength) == "" {
		w.Header().Set(echo.HeaderContentLength, strconv.FormatInt(w.size, 10))
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w lengthWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// serveStaticPath serves the static file at the request's path.
func (s *Server) serveStaticPath(c echo.Context) error {
	f, ok := s.static[c.Request().URL.Path]
	if !ok {
		return echo.ErrNotFound
	}
	return s.serveStatic(c, f)
}

// staticFiles are the files served as they are, by path.
func (s *Server) staticFiles() map[string]*staticFile {
	files := map[string]*staticFile{}
	for _, u := range s.Assets.URLs() {
		a, _ := s.Assets.ByURL(u)
		files[u] = memoryFile(a.ContentType, immutable, func() []byte { return a.Body })
	}
	if s.engine != nil {
		files[s.engine.URL] = engineFile(s.engine)
	}
	for lang, u := range s.CatalogURLs {
		files[u] = memoryFile("application/json; charset=utf-8", immutable, func() []byte { return s.Catalog.JSON(lang) })
	}
	icon, _ := s.Assets.Get("icons/icon.svg")
	files["/favicon.ico"] = memoryFile(icon.ContentType, "public, max-age=86400", func() []byte { return icon.Body })
	files["/sw.js"] = memoryFile("text/javascript; charset=utf-8", "no-cache", s.serviceWorkerScript)
	return files
}

// builtAt is when this program was built, as its file says: what it serves as it is
// cannot have changed after (its Last-Modified); zero when unknown (the offline build).
func builtAt() time.Time {
	exe, err := os.Executable()
	if err != nil {
		return time.Time{}
	}
	info, err := os.Stat(exe)
	if err != nil {
		return time.Time{}
	}
	return info.ModTime().UTC().Truncate(time.Second)
}

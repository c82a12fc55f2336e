package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/require"

	"tavolo/pwa"
	"tavolo/web/precompress"
)

// testEngine adds to s a module of its own, as make engine writes one (the module, its
// compressed forms and their list), whether or not the real engine was built, and gives
// its URL.
func testEngine(t *testing.T, s *Server, module []byte) string {
	t.Helper()
	fsys := fstest.MapFS{"tavolo.wasm": {Data: module}, "wasm_exec.js": {Data: []byte("// Go's loader\n")}}
	var list strings.Builder
	add := func(name string, data []byte) {
		sum := sha256.Sum256(data)
		fmt.Fprintf(&list, "%s  %s\n", hex.EncodeToString(sum[:]), name)
	}
	add("tavolo.wasm", module)
	for _, coding := range precompress.Codings {
		b, err := precompress.Encode(coding, module)
		require.NoError(t, err)
		fsys["tavolo.wasm"+precompress.Suffix(coding)] = &fstest.MapFile{Data: b}
		add("tavolo.wasm"+precompress.Suffix(coding), b)
	}
	fsys["tavolo.wasm.sha256"] = &fstest.MapFile{Data: []byte(list.String())}
	assets, err := pwa.LoadFS(fstest.MapFS{})
	require.NoError(t, err)
	e, err := assets.LoadEngineFS(fsys)
	require.NoError(t, err)
	s.static[e.URL] = engineFile(e)
	return e.URL
}

// testModule is n bytes that compress about as a WebAssembly module does (a third).
func testModule(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"\x00asm", "\x01\x00\x00\x00", "i32.load", "local.get", "\x20\x00", "call", "\x41\x7f", "end"}
	var b bytes.Buffer
	for b.Len() < n {
		if r.IntN(3) == 0 {
			b.WriteByte(byte(r.IntN(256)))
		} else {
			b.WriteString(words[r.IntN(len(words))])
		}
	}
	return b.Bytes()[:n]
}

func decode(t *testing.T, coding string, body []byte) []byte {
	t.Helper()
	var r io.Reader = bytes.NewReader(body)
	switch coding {
	case "br":
		r = brotli.NewReader(r)
	case "gzip":
		zr, err := gzip.NewReader(r)
		require.NoError(t, err)
		r = zr
	}
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	return out
}

// A script, a catalog and the engine are served compressed once, in the coding the
// browser takes best, each form with its own ETag; ranges and conditional requests work
// on each form (security review 3, L1).
func TestStaticFilesInEveryCoding(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	module := testModule(96 << 10)
	script, _ := s.Assets.Get("js/clock.js")
	files := []struct {
		name, url, contentType string
		body                   []byte
	}{
		{"a script", script.URL, "text/javascript; charset=utf-8", script.Body},
		{"a catalog", s.CatalogURLs["fr"], "application/json; charset=utf-8", s.Catalog.JSON("fr")},
		{"the service worker", "/sw.js", "text/javascript; charset=utf-8", s.serviceWorkerScript()},
		{"the engine", testEngine(t, s, module), "application/wasm", module},
	}
	if s.engine != nil {
		built, err := os.ReadFile("../pwa/engine/tavolo.wasm")
		require.NoError(t, err)
		files = append(files, struct {
			name, url, contentType string
			body                   []byte
		}{"the engine as built", s.engine.URL, "application/wasm", built})
	}
	tr := &http.Transport{DisableCompression: true} // the bytes as sent
	t.Cleanup(tr.CloseIdleConnections)
	get := func(t *testing.T, path string, header map[string]string) (*http.Response, []byte) {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, ts.URL+path, nil)
		require.NoError(t, err)
		for k, v := range header {
			req.Header.Set(k, v)
		}
		res, err := tr.RoundTrip(req)
		require.NoError(t, err)
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res, body
	}
	for _, f := range files {
		etags := map[string]string{}
		for _, tc := range []struct{ name, acceptEncoding, coding string }{
			{"br", "gzip, deflate, br, zstd", "br"},
			{"gzip", "gzip, deflate", "gzip"},
			{"identity", "identity", ""},
			{"no Accept-Encoding", "", ""},
			{"br refused", "br;q=0, gzip", "gzip"},
			{"gzip preferred", "br;q=0.5, gzip", "gzip"},
			{"identity refused", "identity;q=0, *", "br"},
		} {
			t.Run(f.name+"/"+tc.name, func(t *testing.T) {
				ae := map[string]string{}
				if tc.acceptEncoding != "" {
					ae["Accept-Encoding"] = tc.acceptEncoding
				}
				res, body := get(t, f.url, ae)
				require.Equal(t, http.StatusOK, res.StatusCode)
				require.Equal(t, tc.coding, res.Header.Get("Content-Encoding"))
				require.Equal(t, []string{"Accept-Encoding"}, res.Header.Values("Vary"))
				require.Equal(t, f.contentType, res.Header.Get("Content-Type"))
				require.Equal(t, fmt.Sprint(len(body)), res.Header.Get("Content-Length"))
				require.True(t, bytes.Equal(f.body, decode(t, tc.coding, body)), "decodes to the file")
				if tc.coding != "" {
					require.Less(t, len(body), len(f.body)*3/4)
				}
				etag := res.Header.Get("ETag")
				require.Regexp(t, `^"[0-9a-f]{16}"$`, etag)
				if prev, ok := etags[tc.coding]; ok {
					require.Equal(t, prev, etag)
				}
				etags[tc.coding] = etag
				lastModified := res.Header.Get("Last-Modified")
				require.NotEmpty(t, lastModified)

				with := func(k, v string) map[string]string {
					h := map[string]string{k: v}
					for k, v := range ae {
						h[k] = v
					}
					return h
				}
				part, partBody := get(t, f.url, with("Range", "bytes=10-109"))
				require.Equal(t, http.StatusPartialContent, part.StatusCode)
				require.Equal(t, tc.coding, part.Header.Get("Content-Encoding"))
				require.Equal(t, fmt.Sprintf("bytes 10-109/%d", len(body)), part.Header.Get("Content-Range"))
				require.Equal(t, body[10:110], partBody)

				same, sameBody := get(t, f.url, with("If-None-Match", etag))
				require.Equal(t, http.StatusNotModified, same.StatusCode)
				require.Empty(t, sameBody)
				require.Equal(t, etag, same.Header.Get("ETag"))
				same, _ = get(t, f.url, with("If-Modified-Since", lastModified))
				require.Equal(t, http.StatusNotModified, same.StatusCode)
				// An old copy in another coding is no copy of this one.
				other, _ := get(t, f.url, with("If-None-Match", `"0123456789abcdef"`))
				require.Equal(t, http.StatusOK, other.StatusCode)
			})
		}
		require.Len(t, etags, 3, "one ETag for each form")
		require.Len(t, slices.Compact(slices.Sorted(func(yield func(string) bool) {
			for _, e := range etags {
				yield(e)
			}
		})), 3, "each form has its own ETag: %v", etags)
	}

	// A file too small to gain, or already compressed, is served as it is, with no Vary.
	icon, _ := s.Assets.Get("icons/icon-192.png")
	for _, path := range []string{"/favicon.ico", icon.URL} {
		res, _ := get(t, path, map[string]string{"Accept-Encoding": "br, gzip"})
		require.Equal(t, http.StatusOK, res.StatusCode)
		require.Empty(t, res.Header.Get("Content-Encoding"), path)
		require.Empty(t, res.Header.Values("Vary"), path)
		require.NotEmpty(t, res.Header.Get("ETag"), path)
	}
}

// exchange sends one request on a connection of its own and reads the answer as sent:
// the status and headers, then every byte that follows them (for a HEAD, none).
func exchange(t *testing.T, ts *httptest.Server, method, path string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", ts.Listener.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetDeadline(time.Now().Add(20*time.Second)))
	var req strings.Builder
	fmt.Fprintf(&req, "%s %s HTTP/1.1\r\nHost: tavolo.test\r\nConnection: close\r\n", method, path)
	for k, v := range header {
		fmt.Fprintf(&req, "%s: %s\r\n", k, v)
	}
	req.WriteString("\r\n")
	_, err = io.WriteString(conn, req.String())
	require.NoError(t, err)
	br := bufio.NewReader(conn)
	res, err := http.ReadResponse(br, &http.Request{Method: method})
	require.NoError(t, err)
	rest := io.Reader(br) // a HEAD's answer has no body: whatever follows is read as sent
	if method != http.MethodHead {
		rest = res.Body
	}
	body, err := io.ReadAll(rest)
	require.NoError(t, err)
	return res, body
}

// HEAD is answered as GET without the body (security review 3, Info): the status and
// headers a GET gets, Content-Length included; a path that has no GET answers 405.
func TestHeadAnswersAsGet(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	module := testModule(32 << 10)
	engine := testEngine(t, s, module)
	script, _ := s.Assets.Get("js/clock.js")
	pt := newPhoneTable(t, ts, "Ada", "Bruno", "Carla")
	var cookies []string
	u, _ := url.Parse(ts.URL)
	for _, c := range pt.phones[0].http.Jar.Cookies(u) {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	for _, tc := range []struct {
		name, path string
		header     map[string]string
		status     int
	}{
		{"the health check", "/healthz", nil, http.StatusOK},
		{"a page", "/rules/diamant", map[string]string{"Accept-Encoding": "gzip"}, http.StatusOK},
		{"a page as it is", "/about", nil, http.StatusOK},
		{"a table's page", "/diamant/" + pt.id + "/table", map[string]string{"Cookie": strings.Join(cookies, "; "), "Accept-Encoding": "gzip"}, http.StatusOK},
		{"a static file", script.URL, map[string]string{"Accept-Encoding": "br, gzip"}, http.StatusOK},
		{"a static file as it is", script.URL, nil, http.StatusOK},
		{"a catalog", s.CatalogURLs["it"], map[string]string{"Accept-Encoding": "gzip"}, http.StatusOK},
		{"the service worker", "/sw.js", map[string]string{"Accept-Encoding": "br"}, http.StatusOK},
		{"the manifest", "/manifest.webmanifest", nil, http.StatusOK},
		{"the engine", engine, map[string]string{"Accept-Encoding": "br, gzip"}, http.StatusOK},
		{"the engine, a range", engine, map[string]string{"Range": "bytes=0-99"}, http.StatusPartialContent},
		{"a missing page", "/nowhere", nil, http.StatusNotFound},
		{"a form's POST", "/diamant/" + pt.id + "/draw", nil, http.StatusMethodNotAllowed},
		{"a form's POST, no table", "/donuts/t/0123456789/place", nil, http.StatusMethodNotAllowed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			get, getBody := exchange(t, ts, http.MethodGet, tc.path, tc.header)
			head, headBody := exchange(t, ts, http.MethodHead, tc.path, tc.header)
			require.Equal(t, tc.status, get.StatusCode)
			require.Equal(t, tc.status, head.StatusCode)
			require.Empty(t, headBody, "no body")
			if tc.status != http.StatusMethodNotAllowed {
				require.NotEmpty(t, getBody)
			}
			require.Equal(t, headersOf(get), headersOf(head))
			if cl := get.Header.Get("Content-Length"); cl != "" {
				require.Equal(t, fmt.Sprint(len(getBody)), cl)
			}
		})
	}

	// A live stream's HEAD is its status and type, not a stream held open.
	path := "/diamant/" + pt.id + "/events"
	header := map[string]string{"Cookie": strings.Join(cookies, "; "), "Accept": "text/event-stream"}
	head, body := exchange(t, ts, http.MethodHead, path, header)
	require.Equal(t, http.StatusOK, head.StatusCode)
	require.Equal(t, "text/event-stream", head.Header.Get("Content-Type"))
	require.Empty(t, body)
	head, _ = exchange(t, ts, http.MethodHead, path, nil)
	require.Equal(t, http.StatusForbidden, head.StatusCode, "a device not at the table, as a GET")
}

// headersOf is a reply's headers but its date and the values of its cookies (a CSRF
// token is new for each request).
func headersOf(res *http.Response) http.Header {
	h := res.Header.Clone()
	h.Del("Date")
	var cookies []string
	for _, c := range res.Cookies() {
		cookies = append(cookies, c.Name)
	}
	h.Del("Set-Cookie")
	if cookies != nil {
		h["Set-Cookie"] = cookies
	}
	return h
}

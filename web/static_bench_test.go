package web

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// BenchmarkEngineDownload is one download of the offline engine (security review 3, L1),
// as a browser asks for it (br and gzip), as an older one does (gzip) and as one that
// takes it as it is (identity): the server's CPU per download (ns/op) and the bytes on
// the wire (wire-B/op). Without the engine built (make engine) it serves the largest
// static file instead, and says so. Run with:
//
//	make engine && go test ./web/ -run '^$' -bench EngineDownload -benchmem
func BenchmarkEngineDownload(b *testing.B) {
	s, err := New(Config{DataDir: b.TempDir()}, discardLog())
	require.NoError(b, err)
	defer s.Close()
	url := ""
	if s.engine != nil {
		url = s.engine.URL
	} else {
		largest := 0
		for _, u := range s.Assets.URLs() {
			if a, _ := s.Assets.ByURL(u); len(a.Body) > largest {
				url, largest = u, len(a.Body)
			}
		}
		b.Logf("no engine built (make engine): serving %s, %d bytes", url, largest)
	}
	h := s.Handler()
	for _, enc := range []struct{ name, header string }{
		{"br", "gzip, deflate, br, zstd"},
		{"gzip", "gzip, deflate"},
		{"identity", "identity"},
	} {
		b.Run(enc.name, func(b *testing.B) {
			var size int
			for b.Loop() {
				req, err := http.NewRequest(http.MethodGet, "http://tavolo.test"+url, nil)
				require.NoError(b, err)
				req.RemoteAddr = "192.0.2.1:1234"
				req.Header.Set("Accept-Encoding", enc.header)
				w := newRBWriter()
				h.ServeHTTP(w, req)
				if w.code != http.StatusOK {
					b.Fatalf("%s: %d %s", url, w.code, w.body)
				}
				size = w.size
			}
			b.ReportMetric(float64(size), "wire-B/op")
		})
	}
}

package web

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// BenchmarkDonutsGameAgainstHard plays whole games against the hard computer through
// HTTP, as the script does (the person takes the first playable plate), and reports the
// slowest request (the person's move and the computer's reply, stored) and the size of
// an answer.
//
//	go test ./web/ -run '^$' -bench DonutsGameAgainstHard -benchtime 3x
func BenchmarkDonutsGameAgainstHard(b *testing.B) {
	t := &testing.T{} // the HTTP helpers take a *testing.T; a failure stops the benchmark
	s, err := New(Config{DataDir: b.TempDir()}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.NoError(b, err)
	ts := httptest.NewServer(s.Handler())
	defer func() { ts.Close(); s.Close() }()
	c := newClient(t, ts)
	var slowest, total time.Duration
	var requests, bytes int
	for i := 0; i < b.N; i++ {
		id := donutsNew(t, c, url.Values{"mode": {"computer"}, "level": {"hard"}, "color": {"chocolate"}, "first": {"chocolate"},
			"board": {"number"}, "seed": {strconv.Itoa(1000 + i)}})
		version, plate := donutsVersionOf(t, c, id), "1,1"
		for {
			start := time.Now()
			res, body := donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {version}, "plate": {plate}}, asJSON)
			took := time.Since(start)
			require.Equal(b, http.StatusOK, res.StatusCode, body)
			slowest, total, requests, bytes = max(slowest, took), total+took, requests+1, bytes+len(body)
			var r donutsReply
			require.NoError(b, json.Unmarshal([]byte(body), &r))
			if r.Finished {
				break
			}
			version = strconv.FormatInt(r.Version, 10)
			for k, cell := range r.Cells {
				if cell.Playable {
					plate = strconv.Itoa(k/6+1) + "," + strconv.Itoa(k%6+1)
					break
				}
			}
		}
	}
	b.ReportMetric(float64(slowest.Milliseconds()), "slowest-ms")
	b.ReportMetric(float64(total.Milliseconds())/float64(requests), "mean-ms/move")
	b.ReportMetric(float64(bytes)/float64(requests), "bytes/move")
}

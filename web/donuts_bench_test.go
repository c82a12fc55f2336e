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

	"tavolo/web/table"

	"github.com/labstack/echo/v4"
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

// BenchmarkDonutsStreamEvent is what one phone's live stream does for one move at a table
// of two phones: read the table at its new version (its state kept by the move) and write
// this phone's board as one event. A few moves into the game; bytes/event is its size.
func BenchmarkDonutsStreamEvent(b *testing.B) {
	s, err := New(Config{DataDir: b.TempDir()}, discardLog())
	require.NoError(b, err)
	b.Cleanup(func() { s.Close() })
	ctx := b.Context()
	id, devices := table.NewID(), []string{table.NewID(), table.NewID()}
	_, err = donutsLoad{}.prepare(ctx, s, id, 0, devices)
	require.NoError(b, err)
	var phones []echo.Context
	for _, d := range devices {
		c := benchContext(b, s, "/donuts/t/"+id+"/events", d)
		c.SetParamNames("id")
		c.SetParamValues(id)
		phones = append(phones, c)
	}
	// Six moves, each by the phone whose turn it is, as the table's requests make them.
	for range 6 {
		for _, c := range phones {
			t, err := donutsHandlers{s.Kit}.load(c, id)
			require.NoError(b, err)
			if t.MayPlace(t.device) {
				_, err = donutsHandlers{s.Kit}.play(ctx, t, t.PlaysFor(t.device.Seats), t.Game.Legal()[0])
				require.NoError(b, err)
				break
			}
		}
	}
	w := &countingWriter{}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := phones[i%2]
		v := &donutsLive{h: donutsHandlers{s.Kit}}
		require.NoError(b, v.read(c))
		v.reads, v.moves = 2, v.moves-1 // one move the page has not seen
		require.NoError(b, viewEvent(w, c, v))
	}
	b.ReportMetric(float64(w.n)/float64(b.N), "bytes/event")
}

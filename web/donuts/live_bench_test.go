package donuts

import (
	"encoding/json"
	"net/http"
	"testing"

	donutstable "tavolo/web/table/donuts"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"tavolo/companion/donuts"
	"tavolo/web/kit"
	"tavolo/web/kit/kittest"
	"tavolo/web/table"
)

// BenchmarkDonutsStreamEvent is what one phone's live stream does for one move at a table
// of two phones: read the table at its new version (its state kept by the move) and write
// this phone's board as one event. A few moves into the game; bytes/event is its size.
func BenchmarkDonutsStreamEvent(b *testing.B) {
	k := kittest.New(b)
	ctx := b.Context()
	id, devices := table.NewID(), []string{table.NewID(), table.NewID()}
	opt := donutstable.Options{Spec: donuts.Numbered(1, donuts.Chocolate), Mode: donutstable.ModeTwo}
	opt.OpenTo(donuts.Chocolate)
	raw, err := json.Marshal(opt)
	require.NoError(b, err)
	host := table.Device{ID: devices[0], Seats: []int{donutstable.SeatOf(donuts.Chocolate)}, Host: true}
	guest := table.Device{ID: devices[1], Seats: []int{donutstable.SeatOf(donuts.Vanilla)}}
	require.NoError(b, k.Tables.Store().Create(ctx, table.Table{ID: id, Game: donutstable.Game.Name(), Setup: raw}, host))
	_, err = k.Tables.Update(ctx, id, 0, nil, []table.Device{host, guest})
	require.NoError(b, err)
	var phones []echo.Context
	for _, d := range devices {
		c := kittest.Context(b, k, http.MethodGet, "/donuts/t/"+id+"/events", d)
		c.SetParamNames("id")
		c.SetParamValues(id)
		phones = append(phones, c)
	}
	// Six moves, each by the phone whose turn it is, as the table's requests make them.
	for range 6 {
		for _, c := range phones {
			t, err := handlers{k}.load(c, id)
			require.NoError(b, err)
			if t.MayPlace(t.device) {
				_, err = handlers{k}.play(ctx, t, t.PlaysFor(t.device.Seats), t.Game.Legal()[0])
				require.NoError(b, err)
				break
			}
		}
	}
	w := &countingWriter{}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := phones[i%2]
		v := &donutsLive{h: handlers{k}, id: c.Param("id")}
		require.NoError(b, v.Read(c))
		v.reads, v.moves = 2, v.moves-1 // one move the page has not seen
		require.NoError(b, kit.ViewEvent(w, c, v))
	}
	b.ReportMetric(float64(w.n)/float64(b.N), "bytes/event")
}

// countingWriter counts what is written to it.
type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

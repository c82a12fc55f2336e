package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/web/store"
)

// BenchmarkDiamantStreamEvent is what one live stream does for one change of its table:
// load the table (from memory), render the device's view, encode it.
func BenchmarkDiamantStreamEvent(b *testing.B) {
	s, err := New(Config{DataDir: b.TempDir()}, discardLog())
	require.NoError(b, err)
	defer s.Close()
	ctx := context.Background()
	names := []string{"A", "B", "C", "D", "E", "F"}
	opt := diamantOptions{Setup: diamant.Setup{Players: names, Seed: 7}, Draw: drawApp, Vote: votePhone, Phones: true, Hidden: true, Own: []int{0}}
	raw, _ := json.Marshal(opt)
	id := newID()
	var devices []store.Device
	for p := range names {
		devices = append(devices, store.Device{ID: newID(), Seats: []int{p}, Host: p == 0})
	}
	require.NoError(b, s.store.Create(ctx, store.Table{ID: id, Game: "diamant", Setup: raw}, devices[0]))
	_, err = s.store.SetDevices(ctx, id, 0, devices)
	require.NoError(b, err)

	// A context as the stream of phone 2 has it.
	req := httptest.NewRequest(http.MethodGet, "/diamant/"+id+"/events", nil)
	rec := httptest.NewRecorder()
	sess, _ := s.sessions.New(req, sessionCookie)
	sess.Values["device"] = devices[2].ID
	require.NoError(b, sess.Save(req, rec))
	req.Header.Set("Cookie", strings.SplitN(rec.Header().Get("Set-Cookie"), ";", 2)[0])
	c := s.echo.NewContext(req, httptest.NewRecorder())
	c.Set("lang", "en")
	c.Set("csrf", "benchcsrftoken0123456789abcdef")

	t, err := s.loadDiamant(c, id)
	require.NoError(b, err)
	// The first card, and two votes: phone 2 is at its vote form.
	for _, a := range []diamant.Action{diamant.Draw(t.randomCard()), diamant.Vote(0, false), diamant.Vote(1, false)} {
		_, err := t.state.Apply(a)
		require.NoError(b, err)
		raw, _ := json.Marshal(a)
		_, err = s.store.Append(ctx, id, t.rec.Version, raw, false)
		require.NoError(b, err)
		t, err = s.loadDiamant(c, id)
		require.NoError(b, err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	size := 0
	for b.Loop() {
		t, err := s.loadDiamant(c, id)
		if err != nil {
			b.Fatal(err)
		}
		r, err := s.liveView(c, t, false)
		if err != nil {
			b.Fatal(err)
		}
		out, err := json.Marshal(r)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "bytes/event")
}

// BenchmarkDiamantPlayHTML writes the play screen alone, over the screens of a few random
// games (every screen, four languages, one phone and a phone each).
func BenchmarkDiamantPlayHTML(b *testing.B) {
	s, err := New(Config{DataDir: b.TempDir()}, discardLog())
	require.NoError(b, err)
	defer s.Close()
	var views []view
	eachDiamantScreen(b, s, 4, func(v view) { views = append(views, v) })
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		diamantPlayHTML(views[i%len(views)])
		i++
	}
}

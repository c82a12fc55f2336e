package diamant

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/web/kit"
	"tavolo/web/kit/kittest"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// benchPhones makes a table of six phones, each holding its own seat, after the first card
// and the votes of seats 0 and 1; it returns the server, the table's id and a context for
// each phone as its requests have it (session cookie, language, CSRF token).
func benchPhones(b testing.TB) (*kit.Kit, string, []echo.Context) {
	return benchPhonesNamed(b, []string{"A", "B", "C", "D", "E", "F"})
}

// benchPhonesNamed is benchPhones with six players of these names.
func benchPhonesNamed(b testing.TB, names []string) (*kit.Kit, string, []echo.Context) {
	return benchPhonesIn(b, kittest.New(b), names)
}

// benchPhonesIn is benchPhonesNamed with a table of the server k.
func benchPhonesIn(b testing.TB, k *kit.Kit, names []string) (*kit.Kit, string, []echo.Context) {
	ctx := context.Background()
	opt := diamanttable.Options{Setup: diamant.Setup{Players: names, Seed: 7}, Draw: diamanttable.DrawApp, Vote: diamanttable.VotePhone, Phones: true, Hidden: true, Own: []int{0}}
	raw, _ := json.Marshal(opt)
	id := table.NewID()
	var devices []table.Device
	for p := range names {
		devices = append(devices, table.Device{ID: table.NewID(), Seats: []int{p}, Host: p == 0})
	}
	require.NoError(b, k.Tables.Store().Create(ctx, table.Table{ID: id, Game: "diamant", Setup: raw}, devices[0]))
	_, err := k.Tables.Update(ctx, id, 0, nil, devices)
	require.NoError(b, err)

	var phones []echo.Context
	for _, d := range devices {
		phones = append(phones, kittest.Context(b, k, http.MethodGet, "/diamant/"+id+"/events", d.ID))
	}
	t, err := handlers{k}.load(phones[0], id)
	require.NoError(b, err)
	for _, a := range []diamant.Action{diamant.Draw(t.State.RandomCard()), diamant.Vote(0, false), diamant.Vote(1, false)} {
		_, err := t.State.Apply(a)
		require.NoError(b, err)
		raw, _ := json.Marshal(a)
		_, err = k.Tables.Store().Append(ctx, id, t.Rec.Version, raw, false)
		require.NoError(b, err)
		t, err = handlers{k}.load(phones[0], id)
		require.NoError(b, err)
	}
	return k, id, phones
}

// countingWriter counts what is written to it.
type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

// BenchmarkDiamantStreamEvent is what one live stream does for one change of its table:
// read the table (from memory), render the device's view, encode it and write the event,
// through the stream's own functions. vote: phone 2, at its vote form; cave: phone 1, which
// has voted and sees the cave and the players; table: phone 0's table page (a template);
// patch: the same screen as the one the stream sent before, at the version before (a
// vote's, patch.go).
func BenchmarkDiamantStreamEvent(b *testing.B) {
	k, id, phones := benchPhones(b)
	for _, bc := range []struct {
		name  string
		phone int
		table bool
		patch bool
	}{{"vote", 2, false, false}, {"vote-patch", 2, false, true}, {"cave", 1, false, false}, {"cave-patch", 1, false, true}, {"table", 0, true, false}} {
		b.Run(bc.name, func(b *testing.B) {
			c := phones[bc.phone]
			var w countingWriter
			t := &diamanttable.Table{}
			var sent *livePatch
			if bc.patch {
				sent = &livePatch{}
			}
			b.ReportAllocs()
			for b.Loop() {
				w.n = 0
				if err := (handlers{k}).read(c, id, t); err != nil {
					b.Fatal(err)
				}
				if sent != nil && sent.screen != nil {
					sent.version = t.Rec.Version - 1 // as if the event before were a version older
				}
				if _, err := kit.WriteEvent(&w, "", t.Rec.Version, func(b []byte) ([]byte, bool, error) {
					b, err := (handlers{k}).appendEvent(b, c, t, (handlers{k}).awaySeats(t), bc.table, nil, sent)
					return b, true, err
				}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(w.n), "bytes/event")
		})
	}
}

// BenchmarkDiamantActionReply is an action's JSON reply once the action is applied and
// stored: the screen built for the acting phone (phone 1, just voted) and written as the
// reply, through showPlay, in a context reset as echo resets its pooled ones. Not
// included: the middleware (session, CSRF, compression), loading the table, applying the
// action and the store's write.
func BenchmarkDiamantActionReply(b *testing.B) {
	k, id, phones := benchPhones(b)
	c := phones[1]
	t, err := handlers{k}.load(c, id)
	require.NoError(b, err)
	req := httptest.NewRequest(http.MethodPost, "/diamant/"+id+"/vote", nil)
	req.Header = c.Request().Header.Clone()
	req.Header.Set(echo.HeaderAccept, echo.MIMEApplicationJSON)
	var w countingWriter
	hw := &headerWriter{w: &w, h: http.Header{}}
	rc := echo.New().NewContext(req, hw)
	b.ReportAllocs()
	for b.Loop() {
		w.n = 0
		clear(hw.h)
		rc.Reset(req, hw) // as echo does with its pooled contexts
		rc.Set("lang", "en")
		rc.Set("csrf", kittest.CSRF)
		rc.Set("session", k.Session(c))
		if err := (handlers{k}).showPlay(rc, http.StatusOK, handlers{k}.screen(rc, t, "")); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(w.n), "bytes/reply")
}

// headerWriter is a ResponseWriter that counts the body.
type headerWriter struct {
	w *countingWriter
	h http.Header
}

func (h *headerWriter) Header() http.Header         { return h.h }
func (h *headerWriter) Write(p []byte) (int, error) { return h.w.Write(p) }
func (h *headerWriter) WriteHeader(int)             {}

// BenchmarkDiamantPlayHTML draws the play screen alone (its templ component), over the screens of a few random
// games (every screen, four languages, one phone and a phone each).
func BenchmarkDiamantPlayHTML(b *testing.B) {
	k := kittest.New(b)
	var views []playView
	eachDiamantScreen(b, k, 4, func(v playView) { views = append(views, v) })
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		playHTML(views[i%len(views)])
		i++
	}
}

// BenchmarkAwaySeats: what a live event adds to tell which phones are away (six seats,
// five phones besides the host's, each with a stream open).
func BenchmarkAwaySeats(b *testing.B) {
	k := &kit.Kit{Presence: table.NewPresence(time.Minute, func(string) {})}
	t := &diamanttable.Table{Rec: table.Record{Table: table.Table{ID: table.NewID()}}, Opt: diamanttable.Options{Setup: diamant.Setup{Players: []string{"A", "B", "C", "D", "E", "F"}}}}
	for p := range 6 {
		t.Rec.Devices = append(t.Rec.Devices, table.Device{ID: table.NewID(), Seats: []int{p}, Host: p == 0})
		k.Presence.Enter(t.Rec.ID, t.Rec.Devices[p].ID)
	}
	b.ReportAllocs()
	for b.Loop() {
		if (handlers{k}).awaySeats(t) != 0 {
			b.Fatal("nobody is away")
		}
	}
}

// BenchmarkDiamantTableEvent is one change of a table reaching its six phones, one stream
// each, as under make bench-load: each phone reads the table and writes its own event. vote:
// through the memo of views, at a new version whose screens the memo holds (as after a vote:
// every screen the same but for its holes); draw: through the memo, emptied before each
// change (every screen new, as after a draw); alone: each phone drawing its own.
func BenchmarkDiamantTableEvent(b *testing.B) {
	k, id, phones := benchPhones(b)
	for i, c := range phones {
		c.Set("csrf", strings.Repeat(string(rune('a'+i)), 32))
	}
	memo := playViews
	for _, name := range []string{"vote", "draw", "alone"} {
		b.Run(name, func(b *testing.B) {
			playViews = map[string]*viewMemo{"vote": memo, "draw": memo}[name]
			var w countingWriter
			t := &diamanttable.Table{}
			version := int64(0)
			b.ReportAllocs()
			for b.Loop() {
				version++
				if name == "draw" {
					playViews.empty()
				}
				for _, c := range phones {
					phoneEvent(b, k, c, id, t, 1000+version, &w)
				}
			}
		})
	}
	playViews = memo
}

// BenchmarkDiamantTableEventAtScale is BenchmarkDiamantTableEvent's vote on 500 tables of
// six phones in one server, one table after the other, as under make bench-load: what a
// change costs once the other tables have pushed its table out of the processor's caches
// (about twice what it costs on one table).
func BenchmarkDiamantTableEventAtScale(b *testing.B) {
	const tables = 500
	type benchTable struct {
		id     string
		phones []echo.Context
		read   []*diamanttable.Table // each phone's, read again into the same place
	}
	k := kittest.New(b)
	all := make([]benchTable, tables)
	for i := range all {
		_, id, phones := benchPhonesIn(b, k, []string{"A", "B", "C", "D", "E", "F"})
		all[i] = benchTable{id: id, phones: phones}
		for p, c := range phones {
			c.Set("csrf", strings.Repeat(string(rune('a'+p)), 32))
			all[i].read = append(all[i].read, &diamanttable.Table{})
		}
	}
	var w countingWriter
	version := int64(0)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		x := all[version%tables]
		version++
		for p, c := range x.phones {
			phoneEvent(b, k, c, x.id, x.read[p], 1000+version, &w)
		}
	}
}

// phoneEvent is what a phone's stream does when its table changes: it reads the table
// into t, as if at version (a new one each change), and writes its event to w.
func phoneEvent(b *testing.B, k *kit.Kit, c echo.Context, id string, t *diamanttable.Table, version int64, w *countingWriter) {
	if err := (handlers{k}).read(c, id, t); err != nil {
		b.Fatal(err)
	}
	t.Rec.Version = version
	if _, err := kit.WriteEvent(w, "", t.Rec.Version, func(b []byte) ([]byte, bool, error) {
		b, err := (handlers{k}).appendEvent(b, c, t, (handlers{k}).awaySeats(t), false, nil, nil)
		return b, true, err
	}); err != nil {
		b.Fatal(err)
	}
}

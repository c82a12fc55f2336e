package diamant

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/web/kit"
	"tavolo/web/kit/kittest"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// A play screen's reply is what encoding/json makes of Reply (HTML unescaped), on every screen of
// random games (names to escape, sentences with sounds and alarms, four languages).
func TestDiamantPlayReplyAsJSONMarshal(t *testing.T) {
	k := kittest.New(t)
	n := 0
	eachDiamantScreen(t, k, 4, func(v playView) {
		p := v.Data
		if n%3 == 0 {
			p.Say = append(p.Say, say.Sentence{Text: "<alarm> & \u2028", Assertive: true, Sound: "lost"})
		}
		n++
		v.Data = p
		want, err := marshalUnescaped(Reply{Envelope: kit.Envelope{Table: p.ID, Title: p.Heading + " · Tavolo", URL: string(appendScreenURL(nil, &p)),
			Version: p.Version, Announce: orEmpty(p.Say)}, HTML: playHTML(v)})
		require.NoError(t, err)
		got := string(appendPlayReply([]byte{}, v.L, v.CSRF, &p))
		require.Equal(t, string(want), got, firstDiff(string(want), got))
	})
}

// The table's page and a stream's events: the same JSON as encoding/json makes, in the
// event's frame.
func TestDiamantLiveEventsAsJSONMarshal(t *testing.T) {
	k := kittest.New(t)
	names := []string{"<b>Ada</b>", "Bruno & Co", "Chiara\u2028"}
	opt := diamanttable.Options{Setup: diamant.Setup{Players: names, Seed: 3}, Draw: diamanttable.DrawApp, Vote: diamanttable.VotePhone, Phones: true, Hidden: true}
	devices := []table.Device{{ID: "host", Seats: []int{0}, Host: true}, {ID: "p1", Seats: []int{1}}, {ID: "p2", Seats: []int{2}}}
	tb := &diamanttable.Table{Rec: table.Record{Table: table.Table{ID: table.NewID(), Code: "ABCDEF", Version: 4}, Devices: devices}, Opt: opt,
		Device: "p1", Seats: diamant.SeatsOf(1)}
	require.NoError(t, tb.Replay())
	for _, a := range []diamant.Action{diamant.Draw(tb.State.RandomCard()), diamant.Vote(0, false)} {
		events, err := tb.State.Apply(a)
		require.NoError(t, err)
		tb.Actions = append(tb.Actions, a)
		tb.Note(events)
	}
	c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
	c.Set("lang", "it")
	c.Set("csrf", "tok+<en>")
	l := k.Localizer(c)

	lobby, err := handlers{k}.lobbyOf(c, tb, "")
	require.NoError(t, err)
	var html strings.Builder
	require.NoError(t, TableContent(k.Frame(c, "diamant-table", lobby.Heading), lobby).Render(t.Context(), &html))
	play := handlers{k}.screen(c, tb, "")
	news := []say.Sentence{{Text: "x"}}
	host := *tb
	host.Device, host.Seats, host.Host = "host", diamant.SeatsOf(0), true
	cave := handlers{k}.screen(c, &host, "")
	require.Equal(t, ScreenCave, cave.Screen)
	for _, tc := range []struct {
		t     *diamanttable.Table
		table bool
		want  Reply
	}{
		{tb, false, Reply{HTML: playHTML(playView{L: l, CSRF: "tok+<en>", Data: play}), Envelope: kit.Envelope{Table: tb.Rec.ID,
			Title: play.Heading + " · Tavolo", URL: string(appendScreenURL(nil, &play)), Version: 4, Announce: orEmpty(play.Say)}}},
		{&host, false, Reply{HTML: playHTML(playView{L: l, CSRF: "tok+<en>", Data: cave}), Envelope: kit.Envelope{Table: tb.Rec.ID,
			Title: cave.Heading + " · Tavolo", URL: string(appendScreenURL(nil, &cave)), Version: 4, Announce: orEmpty(cave.Say)}}},
		{tb, true, Reply{HTML: html.String(), Envelope: kit.Envelope{Table: tb.Rec.ID, Title: lobby.Heading + " · Tavolo",
			URL: "/diamant/" + tb.Rec.ID + "/table", Version: 4, Announce: orEmpty(lobby.Say)}}},
	} {
		want, err := marshalUnescaped(tc.want)
		require.NoError(t, err)
		var w strings.Builder
		require.NoError(t, kit.ViewEvent(&w, c, &diamantLive{h: handlers{k}, table: tc.table, t: tc.t}))
		require.Equal(t, fmt.Sprintf("id: 4\ndata: %s\n\n", want), w.String(), firstDiff(fmt.Sprintf("id: 4\ndata: %s\n\n", want), w.String()))

		tc.want.Announce = news
		want, err = marshalUnescaped(tc.want)
		require.NoError(t, err)
		w.Reset()
		wrote, err := kit.WriteEvent(&w, "presence", -1, func(b []byte) ([]byte, bool, error) {
			return handlers{k}.appendPresence(b, c, tc.t, handlers{k}.awaySeats(tc.t), tc.table, func() []say.Sentence { return news })
		})
		require.NoError(t, err)
		if tc.t == tb && !tc.table {
			// The vote form does not show who is away: no presence event for it.
			require.Nil(t, play.Players)
			require.False(t, wrote)
			require.Empty(t, w.String())
			continue
		}
		require.True(t, wrote)
		require.Equal(t, fmt.Sprintf("event: presence\ndata: %s\n\n", want), w.String())
	}
}

// firstDiff shows where two texts part.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-80)
	return fmt.Sprintf("at %d:\n%q\n%q", i, a[from:min(len(a), i+80)], b[from:min(len(b), i+80)])
}

// orEmpty: a reply announces an empty list rather than null.
func orEmpty(announce []say.Sentence) []say.Sentence {
	if announce == nil {
		return []say.Sentence{}
	}
	return announce
}

// marshalUnescaped is json.Marshal without HTML's escapes (\u003c for <), as replies are.
func marshalUnescaped(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
}

// appendReply writes by hand what encoding/json writes of a Reply.
func TestAppendReplyIsJSONs(t *testing.T) {
	texts := []string{"", "plain", `quote " backslash \ slash /`, "<p class=\"x\">a & b</p>", "\x00\x01\b\f\n\r\t\x1f\x7f",
		"é ü 日本 🃏", "\u2028\u2029", "bad \xff\xfe utf-8 \xe2\x82", "ends in half a rune \xe2\x82", "«\u00a0»\u202f!"}
	for _, html := range texts {
		for _, text := range texts {
			announce := []say.Sentence{{Text: text}, {Text: html, Assertive: true, Sound: text}, {Text: "x", Sound: html}}
			for _, a := range [][]say.Sentence{nil, {}, announce} {
				all := a
				if all == nil {
					all = []say.Sentence{}
				}
				want, err := kit.AppendJSON(nil, Reply{Envelope: kit.NewEnvelope(text, 42, text, html, all), HTML: html})
				require.NoError(t, err)
				require.Equal(t, string(want), string(appendReply(nil, text, []byte(html), text, []byte(html), 42, a)))
			}
		}
	}
}

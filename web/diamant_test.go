package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/internal/markup"
	"tavolo/web/say"
	diamanttable "tavolo/web/table/diamant"
)

// testTable is a Diamant table driven through HTTP by a test client.
type testTable struct {
	c  *client
	id string
}

func (c *client) post(path string, form url.Values, header map[string]string) (*http.Response, string) {
	c.t.Helper()
	if form.Get("_csrf") == "" {
		form.Set("_csrf", c.csrf())
	}
	return c.do(http.MethodPost, path, strings.NewReader(form.Encode()), header)
}

// newTable creates a table with the given players and options and follows to it.
func newTable(t *testing.T, c *client, draw, vote string, seed uint64, players ...string) *testTable {
	t.Helper()
	res, body := c.post("/diamant", url.Values{"name": players, "draw": {draw}, "vote": {vote}, "seed": {strconv.FormatUint(seed, 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	loc := res.Header.Get("Location")
	require.Regexp(t, `^/diamant/[a-z2-7]{26}$`, loc)
	return &testTable{c: c, id: strings.TrimPrefix(loc, "/diamant/")}
}

// screen gets the table's screen: its name, version and body.
func (tb *testTable) screen(query string) (string, int64, string) {
	tb.c.t.Helper()
	res, body := tb.c.get("/diamant/"+tb.id+query, nil)
	require.Equal(tb.c.t, http.StatusOK, res.StatusCode, body)
	name, v := screenAndVersion(tb.c.t, body)
	return name, v, body
}

// screenAndVersion are the name of a Diamant screen (a page, or a reply's HTML) and the
// version of the table it shows.
func screenAndVersion(t *testing.T, page string) (string, int64) {
	t.Helper()
	screen := markup.Parse(page).Get(t, markup.Has("data-screen"))
	require.NotEmpty(t, screen.Attr("data-screen"), page)
	v, err := strconv.ParseInt(screen.Attr("data-version"), 10, 64)
	require.NoError(t, err, page)
	return screen.Attr("data-screen"), v
}

func (tb *testTable) act(path string, version int64, form url.Values) (*http.Response, string) {
	tb.c.t.Helper()
	form.Set("version", strconv.FormatInt(version, 10))
	return tb.c.post("/diamant/"+tb.id+path, form, nil)
}

// heading is the text of a screen's h1, where focus goes; "" when it has none.
func heading(page string) string {
	if h := markup.Parse(page).Find(markup.Heading(1)); h != nil {
		return h.Text()
	}
	return ""
}

// problem is what a screen says was wrong with the last request; "" when nothing was.
func problem(page string) string {
	if p := markup.Parse(page).Find(markup.ID("problem")); p != nil {
		return p.Text()
	}
	return ""
}

// voteSeat is the seat the pass screen hands the phone to: its vote form's seat.
func voteSeat(t *testing.T, page string) string {
	t.Helper()
	for _, in := range markup.Parse(page).All(markup.Field("seat")) {
		seat := in.Attr("value")
		_, err := strconv.Atoi(seat)
		require.NoError(t, err, in.String())
		return seat
	}
	t.Fatalf("no vote form in:\n%s", page)
	return ""
}

// playToEnd plays a phone-vote game: the first voter of each vote leaves, the others
// continue. It returns the final screen's body and the number of actions.
func playToEnd(t *testing.T, tb *testTable) (string, int) {
	actions := 0
	for step := 0; step < 1000; step++ {
		name, v, body := tb.screen("")
		switch name {
		case "final":
			return body, actions
		case "cave", "reveal", "roundend":
			if strings.Contains(body, "?show=pass") {
				name, _, body = tb.screen("?show=pass")
				require.Contains(t, []string{"pass", "vote"}, name, "the voter's cards, or one person's own vote screen")
				break
			}
			res, b := tb.act("/draw", v, url.Values{})
			require.Equal(t, http.StatusSeeOther, res.StatusCode, b)
			actions++
			continue
		}
		if name == "pass" || name == "vote" {
			// The phone is handed over on the voter's cards (or is one person's): one post votes.
			seat := voteSeat(t, body)
			choice := "continue"
			if !strings.Contains(body, "Vote recorded.") {
				choice = "leave"
			}
			res, b := tb.act("/vote", v, url.Values{"seat": {seat}, "choice": {choice}})
			require.Equal(t, http.StatusSeeOther, res.StatusCode, b)
			actions++
		}
	}
	t.Fatal("the game did not end")
	return "", 0
}

func TestDiamantWholeGameOnOnePhone(t *testing.T) {
	_, ts := newServerPairWith(t, withoutBudgets(Config{DataDir: t.TempDir()}))
	c := newClient(t, ts)
	tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 7, "Ada", "Bruno", "Chiara")
	name, v, body := tb.screen("")
	require.Equal(t, "cave", name)
	require.Equal(t, int64(0), v)
	require.Equal(t, "Round 1 of 5", heading(body))
	final, actions := playToEnd(t, tb)
	require.Equal(t, "Final scores", heading(final))
	require.Contains(t, final, "Game over: ")
	require.Contains(t, final, "Play again with the same players")

	// The same seed and the same votes give the same game again.
	tb2 := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 7, "Ada", "Bruno", "Chiara")
	final2, actions2 := playToEnd(t, tb2)
	require.Equal(t, actions, actions2)
	require.Equal(t, strings.ReplaceAll(final, tb.id, ""), strings.ReplaceAll(final2, tb2.id, ""))

	// An action on a finished game is refused and changes nothing.
	_, v, _ = tb.screen("")
	res, b := tb.act("/draw", v, url.Values{})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	require.Equal(t, "The game is over: all five rounds have been played. Nothing was changed.", problem(b))
	_, v2, _ := tb.screen("")
	require.Equal(t, v, v2)

	// Play again: a new table with the same players.
	res, _ = c.post("/diamant/"+tb.id+"/again", url.Values{}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	again := &testTable{c: c, id: strings.TrimPrefix(res.Header.Get("Location"), "/diamant/")}
	_, _, body = again.screen("")
	require.Contains(t, body, "Ada")
	require.Equal(t, "Round 1 of 5", heading(body))
}

func TestDiamantRefusals(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	phone := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 1, "Ada", "Bruno", "Chiara")
	box := newTable(t, c, diamanttable.DrawBox, diamanttable.VoteCards, 1, "Ada", "Bruno", "Chiara")

	// Draw one card at each table.
	_, v, _ := phone.screen("")
	res, _ := phone.act("/draw", v, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, bv, _ := box.screen("")
	res, _ = box.act("/draw", bv, url.Values{"card": {"T11"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	bv++
	v++

	cases := []struct {
		name    string
		tb      *testTable
		path    string
		version int64
		form    url.Values
		status  int
		problem string
	}{
		{"stale version", phone, "/vote", v - 1, url.Values{"seat": {"0"}, "choice": {"leave"}}, http.StatusConflict,
			"This screen was out of date: the game had moved on, perhaps in another tab. Here is the current one. Nothing was changed."},
		{"vote out of turn", phone, "/vote", v, url.Values{"seat": {"2"}, "choice": {"leave"}}, http.StatusConflict,
			"It is not Chiara's turn to vote: Ada votes now. Nothing was changed."},
		{"vote with no choice", phone, "/vote", v, url.Values{"seat": {"0"}, "choice": {"maybe"}}, http.StatusBadRequest,
			"This form was not understood. Nothing was changed."},
		{"vote for no seat", phone, "/vote", v, url.Values{"seat": {"9"}, "choice": {"leave"}}, http.StatusForbidden,
			"This device does not hold that seat. Nothing was changed."},
		{"draw while the vote is due", phone, "/draw", v, url.Values{}, http.StatusUnprocessableEntity,
			"Everyone still in the cave must vote before the next card is drawn. Nothing was changed."},
		{"exits at a phone-vote table", phone, "/exits", v, url.Values{"leave": {"0"}}, http.StatusBadRequest,
			"This form was not understood. Nothing was changed."},
		{"a vote at a vote-cards table", box, "/vote", bv, url.Values{"seat": {"0"}, "choice": {"leave"}}, http.StatusBadRequest,
			"This form was not understood. Nothing was changed."},
		{"draw before the vote cards", box, "/draw", bv, url.Values{"card": {"T5"}}, http.StatusUnprocessableEntity,
			"Everyone still in the cave must vote before the next card is drawn. Nothing was changed."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, before, _ := tc.tb.screen("")
			res, body := tc.tb.act(tc.path, tc.version, tc.form)
			require.Equal(t, tc.status, res.StatusCode, body)
			require.Equal(t, tc.problem, problem(body))
			_, after, _ := tc.tb.screen("")
			require.Equal(t, before, after, "nothing changed")
		})
	}

	// A second vote for the same player.
	res, _ = phone.act("/vote", v, url.Values{"seat": {"0"}, "choice": {"continue"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, body := phone.act("/vote", v+1, url.Values{"seat": {"0"}, "choice": {"leave"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	require.Equal(t, "Ada has already voted. Nothing was changed.", problem(body))

	// Box: the vote cards, then cards that cannot come now.
	res, _ = box.act("/exits", bv, url.Values{"leave": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	bv++
	for _, tc := range []struct {
		form    url.Values
		problem string
	}{
		{url.Values{"card": {"I12"}}, "Idol worth 12 cannot be drawn now: no such card is left in the deck. Nothing was changed."},
		{url.Values{"text": {"11"}}, ""}, // the second treasure of 11 is still in the deck: accepted below
	} {
		if tc.problem == "" {
			continue
		}
		res, body := box.act("/draw", bv, tc.form)
		require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
		require.Equal(t, tc.problem, problem(body))
	}
	res, _ = box.act("/draw", bv, url.Values{"text": {"11"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	bv++
	res, _ = box.act("/exits", bv, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	bv++
	res, body = box.act("/draw", bv, url.Values{"text": {"eleven"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	require.Equal(t, "No card called “eleven” can be drawn now. Nothing was changed.", problem(body))
	res, body = box.act("/draw", bv, url.Values{"text": {"11"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	require.Equal(t, "Treasure of 11 cannot be drawn now: no such card is left in the deck. Nothing was changed.", problem(body))
	res, body = box.act("/exits", bv, url.Values{"leave": {"1"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	require.Equal(t, "No vote is due now: draw the next card first. Nothing was changed.", problem(body))

	// In Italian.
	res, body = box.c.do(http.MethodPost, "/diamant/"+box.id+"/draw?lang=it", strings.NewReader(url.Values{
		"_csrf": {c.csrf()}, "version": {strconv.FormatInt(bv, 10)}, "card": {"I12"}}.Encode()), nil)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	require.Equal(t, "La carta Idolo da 12 non può uscire adesso: nel mazzo non ne restano. Non è cambiato nulla.", problem(body))
}

func TestDiamantSetupRefusalsAndMarkup(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	for _, tc := range []struct {
		names   []string
		seed    string
		problem string
	}{
		{[]string{"Ada", "Bruno"}, "", "Diamant needs at least 3 players; 2 given."},
		{[]string{"Ada", "Bruno", " "}, "", "Player 3 has no name."},
		{[]string{"Ada", "Bruno", "ada"}, "", "Two players are called ada; each player needs a different name."},
		{[]string{"Ada", "Bruno", "Chiara"}, "x", "The game number must be a whole number, such as 42."},
	} {
		res, body := c.post("/diamant", url.Values{"name": tc.names, "draw": {"app"}, "vote": {"phone"}, "seed": {tc.seed}}, nil)
		require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
		require.Equal(t, tc.problem, problem(body))
	}
	res, body := c.post("/diamant", url.Values{"name": {"A", "B", "C"}, "draw": {"hat"}, "vote": {"phone"}}, nil)
	require.Equal(t, http.StatusBadRequest, res.StatusCode)
	require.Equal(t, "This form was not understood. Nothing was changed.", problem(body))

	evil := `<img src=x onerror=alert(1)>`
	tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 3, evil, "Bruno", "Chiara")
	_, _, body = tb.screen("")
	require.NotContains(t, body, evil)
	require.Contains(t, body, "&lt;img src=x onerror=alert(1)&gt;")
	_, body = c.get("/diamant", nil)
	require.NotContains(t, body, evil)
	require.Contains(t, body, "Resume the game of &lt;img src=x onerror=alert(1)&gt;, Bruno and Chiara")

	// Another device does not sit at this table.
	other := newClient(t, ts)
	res, _ = other.get("/diamant/"+tb.id, nil)
	require.Equal(t, http.StatusForbidden, res.StatusCode)
	res, _ = other.get("/diamant/notanid", nil)
	require.Equal(t, http.StatusNotFound, res.StatusCode)
}

// jsonAct posts an action as the page's script does and decodes the reply.
func (tb *testTable) jsonAct(path string, version int64, form url.Values) (int, []byte, diamantReply) {
	tb.c.t.Helper()
	form.Set("version", strconv.FormatInt(version, 10))
	form.Set("_csrf", tb.c.csrf())
	res, body := tb.c.do(http.MethodPost, "/diamant/"+tb.id+path, strings.NewReader(form.Encode()), map[string]string{"Accept": "application/json"})
	var r diamantReply
	require.NoError(tb.c.t, json.Unmarshal([]byte(body), &r), body)
	return res.StatusCode, []byte(body), r
}

func gzipSize(t *testing.T, b []byte) int {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.DefaultCompression)
	require.NoError(t, err)
	_, err = w.Write(b)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return buf.Len()
}

func TestDiamantScriptRepliesAndSecretVotes(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	// Two identical tables: one where Ada continues, one where she leaves.
	var replies [2][]byte
	for i, choice := range []string{"continue", "leave"} {
		tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 11, "Ada", "Bruno", "Chiara")
		status, raw, r := tb.jsonAct("/draw", 0, url.Values{})
		require.Equal(t, http.StatusOK, status)
		require.NotEmpty(t, r.Announce)
		require.Equal(t, int64(1), r.Version)
		require.Contains(t, r.HTML, "<h1")
		if i == 0 {
			t.Logf("reply after a draw: %d bytes, %d gzip", len(raw), gzipSize(t, raw))
			require.Less(t, gzipSize(t, raw), 3000)
		}
		status, raw, r = tb.jsonAct("/vote", 1, url.Values{"seat": {"0"}, "choice": {choice}})
		require.Equal(t, http.StatusOK, status)
		require.Equal(t, []say.Sentence{{Text: "Vote recorded. Pass the phone to Bruno."}}, r.Announce)
		replies[i] = bytes.ReplaceAll(raw, []byte(tb.id), nil)
	}
	require.Equal(t, string(replies[0]), string(replies[1]), "the reply to a vote never tells how")

	// A stale reply by script: 409 with the current screen and the reason, as an alarm.
	tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 11, "Ada", "Bruno", "Chiara")
	status, _, r := tb.jsonAct("/draw", 5, url.Values{})
	require.Equal(t, http.StatusConflict, status)
	require.True(t, r.Announce[0].Assertive)
	require.Equal(t, int64(0), r.Version)
}

func TestDiamantResumesAfterRestartAndUndo(t *testing.T) {
	dir := t.TempDir()
	s, err := New(Config{DataDir: dir}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	c := newClient(t, ts)
	tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 5, "Ada", "Bruno", "Chiara")
	_, v, _ := tb.screen("")
	res, _ := tb.act("/draw", v, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, _ = tb.act("/vote", v+1, url.Values{"seat": {"0"}, "choice": {"leave"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	name, v, before := tb.screen("")
	require.Equal(t, "pass", name)
	ts.Close()
	require.NoError(t, s.Close())

	// A new server on the same folder, the same browser: the same screen.
	s, err = New(Config{DataDir: dir}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	require.NoError(t, err)
	ts = httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })
	c.base = ts.URL
	name2, v2, after := tb.screen("")
	require.Equal(t, name, name2)
	require.Equal(t, v, v2)
	require.Equal(t, before, after)

	// Undo, with its confirmation: Ada votes again; the vote is not told.
	res, body := c.get("/diamant/"+tb.id+"/undo", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, body, "The last step was Ada&#39;s vote.")
	res, _ = tb.act("/undo", v, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	name, v3, body := tb.screen("")
	require.Equal(t, "cave", name)
	require.Contains(t, body, "Undone: Ada votes again.")
	_, _, body2 := tb.screen("")
	require.NotContains(t, body2, "Undone.", "said once")
	require.Equal(t, v+1, v3)
	require.Contains(t, body, "Vote: pass the phone to Ada")
	// An undo against an old version is refused.
	res, _ = tb.act("/undo", v, url.Values{})
	require.Equal(t, http.StatusConflict, res.StatusCode)
}

// knownGame plays seed 2026 with Ada, Bruno and Chiara as the browser test does: the app
// draws, and each player leaves once carrying at least 5, 10 and 15 diamonds.
func knownGame(t *testing.T) *diamanttable.Table {
	opt := diamanttable.Options{Setup: diamant.Setup{Players: []string{"Ada", "Bruno", "Chiara"}, Seed: 2026}, Draw: diamanttable.DrawApp, Vote: diamanttable.VotePhone}
	tb := &diamanttable.Table{Opt: opt, Seats: diamant.SeatsOf(0, 1, 2)}
	require.NoError(t, tb.Replay())
	for !tb.State.Finished() {
		var a diamant.Action
		if tb.State.VoteDue() {
			seat := tb.NextVoter()
			a = diamant.Vote(seat, tb.State.Hand(seat) >= 5+5*seat)
		} else {
			a = diamant.Draw(tb.State.RandomCard())
		}
		events, err := tb.State.Apply(a)
		require.NoError(t, err)
		tb.Actions = append(tb.Actions, a)
		tb.Note(events)
	}
	return tb
}

func TestDiamantKnownGame(t *testing.T) {
	tb := knownGame(t)
	ls := localizers(t)
	var last []string
	for _, lang := range []string{"en", "it", "fr", "sk"} {
		says := say.DiamantEvents(ls[lang], say.Full, tb.Opt.Players, tb.Last)
		last = append(last, says[len(says)-1].Text)
	}
	// The browser test (pwa/browser/diamant.spec.mjs) expects these very sentences.
	require.Equal(t, []string{"Game over: Chiara wins with 60 points.", "Partita finita: vince Chiara con 60 punti.",
		"Partie terminée : Chiara gagne avec 60 points.", "Koniec hry: Chiara má 60 bodov a vyhráva."}, last)
	t.Logf("%d actions", len(tb.Actions))
	for i := range tb.Opt.Players {
		t.Logf("%s: chest %d, score %d", tb.Opt.Players[i], tb.State.Chest(i), tb.State.Score(i))
	}
}

// localizers are the four languages' localizers, by code.
func localizers(t *testing.T) map[string]*i18n.Localizer {
	cat, err := i18n.Load()
	require.NoError(t, err)
	out := map[string]*i18n.Localizer{}
	for _, l := range i18n.Languages {
		out[l.Code] = cat.Localizer(l.Code)
	}
	return out
}

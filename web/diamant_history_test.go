package web

import (
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// whereOf is a screen's "Where are we?" sentence, and whether it waits hidden to be asked for.
func whereOf(t *testing.T, body string) (string, bool) {
	t.Helper()
	where := markup.Parse(body).Get(t, markup.ID("where"))
	return where.Text(), where.HasAttr("hidden")
}

// items are the texts of the list items in a page's main landmark (the history's lines).
func items(t *testing.T, body string) []string {
	t.Helper()
	var out []string
	for _, li := range markup.Parse(body).Get(t, markup.Role("main")).All(markup.Role("listitem")) {
		out = append(out, li.Text())
	}
	return out
}

// boxAct plays one step of a table that draws from the box and votes with the cards.
func (tb *testTable) boxAct(path string, form url.Values) {
	tb.c.t.Helper()
	_, v, _ := tb.screen("")
	res, body := tb.act(path, v, form)
	require.Equal(tb.c.t, http.StatusSeeOther, res.StatusCode, body)
}

func TestDiamantWhereAndHistoryPages(t *testing.T) {
	ts := newTestServer(t, t.TempDir())
	c := newClient(t, ts)
	tb := newTable(t, c, diamanttable.DrawBox, diamanttable.VoteCards, 7, "Ada", "Bruno", "Chiara")
	_, _, body := tb.screen("")
	where, hidden := whereOf(t, body)
	require.True(t, hidden, "said when asked for")
	require.Equal(t, "Round 1 of 5, 31 cards left in the deck, no hazard yet. In the cave: Ada, Bruno and Chiara, carrying nothing yet; on the cards: nothing.", where)
	require.Contains(t, body, `<button type="button" class="where" aria-keyshortcuts="S" aria-controls="where" hidden>Where are we?</button>`)
	require.Contains(t, body, `<a href="/diamant/`+tb.id+`/history">History of the game</a>`)

	tb.boxAct("/draw", url.Values{"card": {"T11"}})
	tb.boxAct("/exits", url.Values{"leave": {"0"}})
	tb.boxAct("/draw", url.Values{"card": {"spider"}})
	_, _, body = tb.screen("")
	where, _ = whereOf(t, body)
	require.Equal(t, "Round 1 of 5, 29 cards left in the deck, hazard seen: spider. In the cave: Bruno and Chiara, carrying 3 diamonds each; on the cards: nothing. Still to vote: Bruno and Chiara.", where)

	res, body := c.get("/diamant/"+tb.id+"/history", nil)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	require.Equal(t, "History of the game", heading(body))
	require.Contains(t, body, `<p class="lead" id="summary">Round 1 of 5. So far: 2 cards drawn, 1 of them a hazard. Ada leads with 5 points.</p>`)
	where, hidden = whereOf(t, body)
	require.False(t, hidden)
	require.True(t, strings.HasPrefix(where, "Round 1 of 5, 29 cards left in the deck"), where)
	require.Contains(t, body, `<h2 id="round-1">Round 1</h2>`)
	require.Equal(t, []string{
		"Round 1 begins: the idol worth 5 joins the deck, which now holds 31 cards.",
		"Card 1, Treasure of 11: 3 diamonds each for the 3 players in the cave, and 2 stay on the card.",
		"Vote: Ada leaves; Bruno and Chiara continue.",
		"Treasure of 11, with 2 diamonds on it: Ada takes it all.",
		"Ada leaves with 5 diamonds, and the chest now holds 5 diamonds.",
		"Card 2: a spider, the first this round.",
	}, items(t, body))
	require.NotContains(t, body, "data-share", "only a finished game's summary is shared")
	require.Contains(t, body, `<a href="/diamant/`+tb.id+`">Back to the game</a>`)

	// Four rounds more, each two of a hazard: the game ends, its summary can be shared.
	tb.boxAct("/exits", url.Values{})
	tb.boxAct("/draw", url.Values{"card": {"spider"}})
	for _, h := range []string{"snake", "lava", "ram", "boulder"} {
		tb.boxAct("/draw", url.Values{"card": {h}})
		tb.boxAct("/exits", url.Values{})
		tb.boxAct("/draw", url.Values{"card": {h}})
	}
	name, _, body := tb.screen("")
	require.Equal(t, "final", name)
	final := "Game over: Ada wins with 5 points. Scores: Ada with 5 points, Bruno with 0 points and Chiara with 0 points."
	where, hidden = whereOf(t, body)
	require.Equal(t, final, where)
	require.False(t, hidden, "the final summary is on the screen, beside its share button")
	require.Contains(t, body, `<button type="button" class="secondary" data-share="where" data-share-lead="Diamant, a game for 3." hidden>Share the summary</button>`)
	_, body = c.get("/diamant/"+tb.id+"/history", nil)
	require.Contains(t, body, `<p class="lead" id="where">`+html.EscapeString(final)+`</p>`)
	require.Contains(t, body, `<button type="button" data-share="where" data-share-lead="Diamant, a game for 3." hidden>Share the summary</button>`)
	require.Contains(t, body, `<h2 id="round-5">Round 5</h2>`)
	require.Contains(t, body, "<li>Game over: Ada wins with 5 points.</li>")

	// Who may read it: a device at the table; a table that does not exist is not found.
	other := newClient(t, ts)
	res, _ = other.get("/diamant/"+tb.id+"/history", nil)
	require.Equal(t, http.StatusForbidden, res.StatusCode)
	for _, id := range []string{table.NewID(), "notanid"} {
		res, _ = c.get("/diamant/"+id+"/history", nil)
		require.Equal(t, http.StatusNotFound, res.StatusCode, id)
	}
	// A table still in its lobby has no game, so no history: its page instead.
	res, body = c.post("/diamant/phones", url.Values{"name": {"Ada"}, "draw": {"app"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	lobby := strings.TrimSuffix(res.Header.Get("Location"), "/table")
	res, _ = c.get(lobby+"/history", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	require.Equal(t, lobby, res.Header.Get("Location"))
}

// On one phone the vote screens' "Where are we?" tells no vote; the last vote reveals them
// all at once, and the state goes on.
func TestDiamantWhereKeepsTheVotesUntilRevealed(t *testing.T) {
	ts := newTestServer(t, t.TempDir())
	c := newClient(t, ts)
	tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 7, "Ada", "Bruno", "Chiara")
	_, v, _ := tb.screen("")
	res, body := tb.act("/draw", v, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	for seat := range 3 {
		_, v, _ = tb.screen("")
		res, body = tb.act("/vote", v, url.Values{"seat": {strconv.Itoa(seat)}, "choice": {"leave"}})
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
		if seat < 2 {
			// On the vote screens the state is there too: nothing in it tells a vote.
			res, body = c.get("/diamant/"+tb.id+"/vote/"+strconv.Itoa(seat+1), nil)
			require.Equal(t, http.StatusOK, res.StatusCode)
			where, _ := whereOf(t, body)
			require.Contains(t, where, "Round 1 of 5")
			require.NotContains(t, where, "leave")
		}
	}
	// The last vote reveals them all at once: the state says the new round.
	name, _, body := tb.screen("")
	require.NotEqual(t, "pass", name)
	require.Contains(t, body, "/history")
	where, _ := whereOf(t, body)
	require.True(t, strings.HasPrefix(where, "Round 2 of 5"), where)
}

// With a phone each and hidden chests, a phone's "Where are we?" and history tell its own
// chest and nobody else's; another phone's vote, while open, adds nothing to the history
// ("Where are we?" says who is still to vote, never how anyone voted).
func TestDiamantHistoryPhonesHiddenChests(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Ada", "Bruno", "Chiara")
	ada, bruno := pt.phones[0], pt.phones[1]
	changeOptions(t, s, pt.id, func(opt *diamanttable.Options) { opt.Seed = transcriptSeed }) // a treasure, then a snake
	pt.drawUntilVote()
	step := pt.step(s)
	for seat, leave := range []bool{true, false, false} {
		res, body := pt.vote(seat, seat, leave, step)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	}
	history := func(c *client) string {
		res, body := c.get("/diamant/"+pt.id+"/history", nil)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
		return body
	}
	adas, brunos := strings.Join(items(t, history(ada)), "\n"), strings.Join(items(t, history(bruno)), "\n")
	require.Contains(t, adas, "Vote: Ada leaves; Bruno and Chiara continue.")
	require.Contains(t, brunos, "Vote: Ada leaves; Bruno and Chiara continue.")
	require.Regexp(t, `Ada leaves (with \d+ diamonds?, and the chest now holds|empty-handed|with nothing)`, adas, "Ada's phone hears her chest")
	require.NotRegexp(t, `Ada leaves (with|empty)`, brunos, "Bruno's phone does not hear what Ada banked")
	require.NotContains(t, brunos, "chest")
	_, _, body := pt.screen(1)
	where, _ := whereOf(t, body)
	require.Regexp(t, `Your chest (is empty|holds \d+ diamonds?)\.$`, where)
	_, _, body = pt.screen(0)
	where, _ = whereOf(t, body)
	require.Regexp(t, `Your chest (is empty|holds \d+ diamonds?)\.$`, where)

	// The next vote: Bruno votes to leave; until Chiara votes, Ada's phone reads the same history.
	_, v, _ := pt.screen(0)
	res, body := (&testTable{c: ada, id: pt.id}).act("/draw", v, url.Values{}) // Ada is out: her phone draws, Bruno and Chiara vote
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	screen, _, _ := pt.screen(1)
	require.Equal(t, "vote", screen)
	before := items(t, history(ada))
	res, body = pt.vote(1, 1, true, pt.step(s))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Equal(t, before, items(t, history(ada)))
	_, _, body = pt.screen(0)
	where, _ = whereOf(t, body)
	require.Contains(t, where, "Still to vote: Chiara.")
	require.NotContains(t, where, "Bruno leaves")
}

package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
	"tavolo/web/store/memory"
)

// unversioned is a page without its table's id and version, to compare two pages.
func unversioned(page, id string) string {
	_, rest, _ := strings.Cut(page, `data-version="`)
	v, _, _ := strings.Cut(rest, `"`)
	return strings.NewReplacer(id, "", `data-version="`+v+`"`, "", `name="version" value="`+v+`"`, "").Replace(page)
}

// newExplorersTable creates a one-phone table of one person, Ada, and computer explorers.
func newExplorersTable(t *testing.T, c *client, seed uint64, explorers int, level string) *testTable {
	t.Helper()
	res, body := c.post("/diamant", url.Values{"name": {"Ada"}, "explorers": {strconv.Itoa(explorers)}, "level": {level},
		"draw": {"app"}, "vote": {"phone"}, "seed": {strconv.FormatUint(seed, 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	return &testTable{c: c, id: strings.TrimPrefix(res.Header.Get("Location"), "/diamant/")}
}

func TestDiamantSetupWithExplorers(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	res, body := c.get("/diamant?players=1", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, body, "Hard explorers")
	require.Equal(t, 1, strings.Count(body, `name="name"`), "one person's name field")

	// Too few seats, explorers counted; explorers with the box's vote cards; no such level.
	for _, tc := range []struct{ explorers, level, vote, problem string }{
		{"1", "easy", "phone", "Diamant needs at least 3 players; 2 given."},
		{"2", "easy", "cards", "Computer explorers vote in secret on the phone: choose that way of voting to play with them."},
		{"2", "expert", "phone", ""},
	} {
		res, body = c.post("/diamant", url.Values{"name": {"Ada"}, "explorers": {tc.explorers}, "level": {tc.level},
			"draw": {"app"}, "vote": {tc.vote}}, nil)
		require.NotEqual(t, http.StatusSeeOther, res.StatusCode, body)
		if tc.problem != "" {
			require.Equal(t, tc.problem, problem(body))
		}
	}

	// An explorer never takes a person's name: with Amelia at the table, another name.
	res, body = c.post("/diamant", url.Values{"name": {"Amelia", "Howard"}, "explorers": {"7"}, "level": {"easy"},
		"draw": {"app"}, "vote": {"phone"}}, nil)
	require.NotEqual(t, http.StatusSeeOther, res.StatusCode, "nine seats are too many")
	require.Equal(t, "Diamant takes at most 8 players; 9 given.", problem(body))
	res, body = c.post("/diamant", url.Values{"name": {"Amelia", "Howard"}, "explorers": {"6"}, "level": {"easy"},
		"draw": {"app"}, "vote": {"phone"}, "seed": {"0"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, body = c.get(res.Header.Get("Location"), nil)
	require.Equal(t, 1, strings.Count(body, "<li>Amelia carries"))
	require.NotContains(t, body, "Amelia the", "Amelia is the person's name only")
	require.Equal(t, 6, strings.Count(body, " the easy computer carries"))
	require.Contains(t, body, "In the cave: Amelia, Howard, Gertrude the easy computer, Hiram the easy computer,", "where are we")
	_, body = c.get("/diamant", nil)
	require.Contains(t, body, "Resume the game of Amelia, Howard, Gertrude the easy computer, ", "the list of games names them as one")
}

// The explorers vote once Ada has: her vote screen holds no explorer's choice, her vote reveals
// them all at once and the reveal tells them as people's,
// undo takes them back with her vote, and replay gives the same game.
func TestDiamantExplorersKeepTheVoteSecret(t *testing.T) {
	_, ts := newServerPairWith(t, withoutBudgets(Config{DataDir: t.TempDir()}))
	c := newClient(t, ts)
	var reveals []string
	for _, level := range []string{"easy", "hard"} {
		for seed := uint64(1); seed <= 6; seed++ {
			tb := newExplorersTable(t, c, seed, 2, level)
			// Ada goes on until an explorer leaves, or the round ends, or five cards.
			v := int64(0)
			var name, page, reveal string
			for turn := 0; turn < 5; turn++ {
				status, _, r := tb.jsonAct("/draw", v, url.Values{})
				require.Equal(t, http.StatusOK, status)
				v = r.Version
				if !strings.Contains(r.HTML, "Vote: continue or leave?") {
					reveal = "" // the round ended on a hazard: no vote to undo
					break
				}
				require.NotContains(t, r.HTML, "/vote/1")
				require.NotContains(t, r.HTML, "/vote/2")
				// Ada's own vote screen (she is the only person): no explorer has voted
				// yet, none is asked.
				name, _, page = tb.screen("?show=pass")
				require.Equal(t, "vote", name)
				require.NotContains(t, page, "computer leave", "no explorer's vote before Ada's")
				status, _, r = tb.jsonAct("/vote", v, url.Values{"seat": {"0"}, "choice": {"continue"}})
				require.Equal(t, http.StatusOK, status)
				require.NotContains(t, r.HTML, `data-screen="pass"`, "no pass screen for an explorer")
				// The last person's vote reveals them all at once, the explorers' too.
				name, v, reveal = tb.screen("")
				require.Contains(t, []string{"reveal", "roundend"}, name)
				require.Contains(t, reveal, " the "+level+" computer")
				if name != "reveal" || strings.Contains(reveal, "leave") {
					break
				}
			}
			if reveal == "" {
				continue
			}
			reveals = append(reveals, unversioned(reveal, tb.id))

			// Undo takes back Ada's vote and the explorers' with it; the same vote again
			// gives the same reveal.
			res, _ := tb.act("/undo", v, url.Values{})
			require.Equal(t, http.StatusSeeOther, res.StatusCode)
			name, v, page = tb.screen("")
			require.Equal(t, "cave", name)
			require.Contains(t, page, "Vote: continue or leave?")
			res, _ = tb.act("/vote", v, url.Values{"seat": {"0"}, "choice": {"continue"}})
			require.Equal(t, http.StatusSeeOther, res.StatusCode)
			_, _, again := tb.screen("")
			require.Equal(t, reveals[len(reveals)-1], unversioned(again, tb.id))
		}
	}
	differ := false
	for _, r := range reveals[1:] {
		differ = differ || strings.Contains(r, "easy computer leave") || strings.Contains(r, "hard computer leave")
	}
	require.True(t, differ, "an explorer left at some table: the equal replies above mean something")

	// A whole game with two hard explorers, played twice from the same seed: the same game.
	tb := newExplorersTable(t, c, 2026, 2, "hard")
	final, actions := playToEnd(t, tb)
	require.Equal(t, "Final scores", heading(final))
	tb2 := newExplorersTable(t, c, 2026, 2, "hard")
	final2, actions2 := playToEnd(t, tb2)
	require.Equal(t, actions, actions2)
	require.Equal(t, strings.ReplaceAll(final, tb.id, ""), strings.ReplaceAll(final2, tb2.id, ""))
}

// Explorers at a table that draws from the box: a person enters each card, Ada votes on
// the phone, the explorers by themselves after her; the game runs to its end.
func TestDiamantExplorersWithTheBox(t *testing.T) {
	_, ts := newServerPairWith(t, withoutBudgets(Config{DataDir: t.TempDir()}))
	c := newClient(t, ts)
	res, body := c.post("/diamant", url.Values{"name": {"Ada"}, "explorers-easy": {"1"}, "explorers-hard": {"1"},
		"draw": {"box"}, "vote": {"phone"}, "seed": {"3"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	tb := &testTable{c: c, id: strings.TrimPrefix(res.Header.Get("Location"), "/diamant/")}
	for step := 0; ; step++ {
		require.Less(t, step, 400, "the game ends")
		name, v, page := tb.screen("")
		if name == "final" {
			require.Contains(t, page, "Hiram the easy computer")
			require.Contains(t, page, "Isabella the hard computer")
			break
		}
		cards := markup.Parse(page).All(markup.Tag("button"), markup.Attr("name", "card"))
		if len(cards) > 0 {
			res, body = tb.act("/draw", v, url.Values{"card": {cards[(step*7)%len(cards)].Attr("value")}})
		} else {
			res, body = tb.act("/vote", v, url.Values{"seat": {"0"}, "choice": {"continue"}})
		}
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	}
	_, body = c.get("/diamant/"+tb.id+"/history", nil)
	require.Regexp(t, `(Hiram the easy|Isabella the hard) computer (leaves|continues)`, body, "the explorers voted")
}

// Offline, the engine (the same server over the store in memory, Config.Offline) seats
// and plays computer explorers as the server does: a whole game of Ada and two hard
// explorers from the same seed ends as on the server.
func TestDiamantExplorersOffline(t *testing.T) {
	var finals []string
	for _, cfg := range []Config{
		{Store: memory.New(nil), SessionKey: strings.Repeat("k", 32), Offline: true},
		{DataDir: t.TempDir()},
	} {
		_, ts := newServerPairWith(t, withoutBudgets(cfg))
		c := newClient(t, ts)
		tb := newExplorersTable(t, c, 2026, 2, "hard")
		final, _ := playToEnd(t, tb)
		require.Equal(t, "Final scores", heading(final))
		require.Contains(t, final, "the hard computer")
		finals = append(finals, markup.Parse(final).Get(t, markup.Role("table")).Text())
	}
	require.Equal(t, finals[0], finals[1], "the same game offline and on the server")
}

// Practice: the expert's advice only on the vote screen of the seat this device is to vote
// for, asked for (?expert=1), said in the reply; never for an explorer's seat, another
// device, nor once the seat has voted; and the vote screen holds none unasked.
func TestDiamantPracticeOnOwnVoteScreenOnly(t *testing.T) {
	ts := newTestServer(t, "")
	c := newClient(t, ts)
	tb := newExplorersTable(t, c, 2026, 2, "hard")
	status, _, r := tb.jsonAct("/draw", 0, url.Values{})
	require.Equal(t, http.StatusOK, status)
	const advice = "The expert would continue. Snake: 2 cards in 30 would end the round; you carry 0 diamonds."

	vote := "/diamant/" + tb.id + "/vote/0"
	res, body := c.get(vote, nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, body, "What would the expert do?")
	require.NotContains(t, body, "The expert would", "never shown unasked")
	res, body = c.get(vote+"?expert=1", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, body, `<p id="expert" class="expert">`+advice+`</p>`)
	res, body = c.get(vote+"?expert=1", map[string]string{"Accept": "application/json"})
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, body, `"text":"`+advice+`"`, "said when asked")

	for _, tc := range []struct {
		who  *client
		path string
	}{
		{c, "/diamant/" + tb.id + "/vote/1?expert=1"}, // an explorer's seat
		{newClient(t, ts), vote + "?expert=1"},        // a device holding no seat
	} {
		res, body = tc.who.get(tc.path, nil)
		require.NotEqual(t, http.StatusOK, res.StatusCode, tc.path)
		require.NotContains(t, body, "The expert would", tc.path)
	}
	status, _, _ = tb.jsonAct("/vote", r.Version, url.Values{"seat": {"0"}, "choice": {"continue"}})
	require.Equal(t, http.StatusOK, status)
	res, body = c.get(vote+"?expert=1", nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, "voted: no vote screen, no advice")
	require.NotContains(t, body, "The expert would")
}

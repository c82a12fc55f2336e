package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
)

// Issue #14: "where are we?" and the history of the moves travel with the board, in the
// page and in every reply (a move's, a live update's), on one phone and on two.

// donutsWhereOf is the "where are we?" sentence in a page or a reply's HTML, which waits
// hidden to be asked for.
func donutsWhereOf(t *testing.T, h string) string {
	t.Helper()
	where := markup.Parse(h).Get(t, markup.ID("donuts-where"))
	require.True(t, where.HasAttr("hidden"), "said when asked for: %s", where)
	return where.Text()
}

// donutsHistoryOf is the summary and the moves of a history's HTML.
func donutsHistoryOf(t *testing.T, h string) (string, []string) {
	t.Helper()
	history := markup.Parse(h).Get(t, markup.ID("donuts-history"))
	var moves []string
	for _, li := range history.All(markup.Role("listitem")) {
		moves = append(moves, li.Text())
	}
	return history.Get(t, markup.ID("donuts-summary")).Text(), moves
}

func TestDonutsWhereAndHistoryOnOnePhone(t *testing.T) {
	_, c := donutsServer(t)
	id := donutsNew(t, c, twoPlayers("7"))
	_, body := c.get("/donuts/t/"+id, nil)
	require.Contains(t, body, `<button type="button" id="donuts-where-button" class="secondary" aria-keyshortcuts="S" hidden>Where are we?</button>`)
	require.Contains(t, body, `<a href="#donuts-history-h">History of the moves</a>`)
	require.Contains(t, body, `<h2 id="donuts-history-h" tabindex="-1">History of the moves</h2>`)
	require.Equal(t, "Chocolate to play: 36 playable plates. No donut has been placed yet.", donutsWhereOf(t, body))
	summary, moves := donutsHistoryOf(t, body)
	require.Equal(t, "No donut has been placed yet.", summary)
	require.Empty(t, moves)
	require.NotContains(t, body, "data-share", "nothing to share before the end")

	// A move's reply carries both, fresh.
	r := donutsPlace(t, c, id, "3,4")
	require.Regexp(t, `^Vanilla to play: \d+ playable plates?\. On the board: chocolate 1, vanilla 0; largest groups: chocolate 1, vanilla 0\. `+
		`Chocolate placed the last donut, at row 3, column 4\.$`, donutsWhereOf(t, r.Info))
	summary, moves = donutsHistoryOf(t, r.History)
	require.Equal(t, "1 move played. On the board: chocolate 1, vanilla 0; largest groups: chocolate 1, vanilla 0.", summary)
	require.Equal(t, []string{"Move 1, Chocolate: row 3, column 4."}, moves)

	// Without a script, the page after the move shows the same history.
	_, body = c.get("/donuts/t/"+id, nil)
	_, pageMoves := donutsHistoryOf(t, body)
	require.Equal(t, moves, pageMoves)

	// An undo takes the move out of the history.
	res, b := donutsPost(c, "/donuts/t/"+id+"/undo", url.Values{"version": {strconv.FormatInt(r.Version, 10)}}, asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, b)
	_, body = c.get("/donuts/t/"+id, nil)
	_, moves = donutsHistoryOf(t, body)
	require.Empty(t, moves)
}

func TestDonutsFinishedGameSummaryIsShared(t *testing.T) {
	_, c := donutsServer(t)
	id := donutsNew(t, c, url.Values{"mode": {"computer"}, "level": {"easy"}, "color": {"vanilla"}, "first": {"vanilla"},
		"board": {"number"}, "seed": {"31"}})
	var r donutsReply
	for plate := ""; !r.Finished; {
		version := donutsVersionOf(t, c, id)
		if plate == "" {
			plate = "1,1"
		}
		res, body := donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {version}, "plate": {plate}}, asJSON)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
		r = donutsReply{}
		require.NoError(t, json.Unmarshal([]byte(body), &r))
		for k, cell := range r.Cells {
			if cell.Playable {
				plate = strconv.Itoa(k/6+1) + "," + strconv.Itoa(k%6+1)
				break
			}
		}
	}
	summary, moves := donutsHistoryOf(t, r.History)
	n := 0
	for _, cell := range r.Cells {
		if cell.Donut != "" {
			n++
		}
	}
	require.Len(t, moves, n, "a move a donut")
	require.True(t, strings.HasPrefix(moves[0], "Move 1, you: row 1, column 1."), moves[0])
	require.True(t, strings.HasPrefix(moves[1], "Move 2, the computer: row "), moves[1])
	require.True(t, strings.HasPrefix(summary, "Donuts, vanilla against the computer at easy level: "+strconv.Itoa(n)+" moves. "), summary)
	require.True(t, strings.HasSuffix(summary, " Board number 31."), summary)
	require.Contains(t, r.History, `<button type="button" data-share="donuts-summary" hidden>Share the summary</button>`)
	// "Where are we?" begins with how it ended, said to the person.
	where := donutsWhereOf(t, r.Info)
	require.Regexp(t, `^(You win|The computer wins|All the donuts are placed)`, where)
}

func TestDonutsTwoPhonesShareTheHistory(t *testing.T) {
	_, host, guest, id := donutsOnTwoPhones(t)
	events, stop := openStream(t, guest, "/donuts/t/"+id+"/events?since="+donutsVersionOf(t, guest, id))
	defer stop()

	r := donutsPlace(t, host, id, "1,1")
	live := readDonutsEvent(t, events)
	require.Equal(t, r.Version, live.Version)
	_, hostMoves := donutsHistoryOf(t, r.History)
	_, guestMoves := donutsHistoryOf(t, live.History)
	require.Equal(t, []string{"Move 1, Chocolate: row 1, column 1."}, hostMoves)
	require.Equal(t, hostMoves, guestMoves, "both phones read the same history")
	// Each phone hears its own turn and its own move as its own.
	require.Regexp(t, `^Vanilla to play: \d+ playable plates?\. .* You placed the last donut, at row 1, column 1\.$`, donutsWhereOf(t, r.Info))
	require.Regexp(t, `^Your turn: \d+ playable plates?\. .* Chocolate placed the last donut, at row 1, column 1\.$`, donutsWhereOf(t, live.Info))
}

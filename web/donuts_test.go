package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tavolo/companion/donuts"
	"tavolo/i18n"
	"tavolo/internal/markup"
	"tavolo/web/say"
	"tavolo/web/table"
	donutstable "tavolo/web/table/donuts"
)

// donutsServer is a test server whose Server the test can reach (to set up states no
// form can, such as a computer's turn left pending).
func donutsServer(t *testing.T) (*Server, *client) {
	t.Helper()
	return donutsServerWith(t, Config{DataDir: t.TempDir()})
}

func donutsServerWith(t *testing.T, cfg Config) (*Server, *client) {
	t.Helper()
	s, err := New(cfg, slog.New(slog.NewTextHandler(donutsLog, nil)))
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })
	return s, newClient(t, ts)
}

func donutsPost(c *client, path string, form url.Values, header map[string]string) (*http.Response, string) {
	c.t.Helper()
	if form.Get("_csrf") == "" {
		form.Set("_csrf", c.csrf())
	}
	return c.do(http.MethodPost, path, strings.NewReader(form.Encode()), header)
}

var asJSON = map[string]string{"Accept": "application/json"}

// donutsNew creates a table through the setup form and returns its id.
func donutsNew(t *testing.T, c *client, form url.Values) string {
	t.Helper()
	res, body := donutsPost(c, "/donuts", form, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	loc := res.Header.Get("Location")
	require.Regexp(t, `^/donuts/t/[a-z2-7]{26}$`, loc)
	return strings.TrimPrefix(loc, "/donuts/t/")
}

func twoPlayers(seed string) url.Values {
	return url.Values{"mode": {"two"}, "first": {"chocolate"}, "board": {"number"}, "seed": {seed}}
}

// donutsVersionOf reads the table's version from its page.
func donutsVersionOf(t *testing.T, c *client, id string) string {
	t.Helper()
	res, body := c.get("/donuts/t/"+id, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	return versionField(t, body)
}

func donutsPlace(t *testing.T, c *client, id, plate string) donutsReply {
	t.Helper()
	res, body := donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {donutsVersionOf(t, c, id)}, "plate": {plate}}, asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	var r donutsReply
	require.NoError(t, json.Unmarshal([]byte(body), &r))
	return r
}

func TestDonutsSetupAndBoardPages(t *testing.T) {
	_, c := donutsServer(t)
	res, body := c.get("/donuts", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, body, "Donuts: a new game")
	require.Contains(t, body, `name="mode" value="computer"`)

	id := donutsNew(t, c, twoPlayers("4021"))
	res, body = c.get("/donuts/t/"+id, nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, body, "Board number 4021")
	require.Equal(t, 36, strings.Count(body, `<td class="plate"`))
	// The first donut may go anywhere: every plate is a button.
	require.Equal(t, 36, strings.Count(body, `name="plate"`))
	require.Contains(t, body, "Playable, row 1, column 1, ")
	require.Contains(t, body, "Chocolate to play: the first donut may go on any plate.")
	require.NotContains(t, body, "style=")
	require.Equal(t, 1, strings.Count(body, "<h1"))

	// The game is listed for this device.
	_, body = c.get("/donuts", nil)
	require.Contains(t, body, "/donuts/t/"+id)
	require.Contains(t, body, "Two players, board 4021, 0 donuts placed")
}

func TestDonutsPlayWithoutScript(t *testing.T) {
	_, c := donutsServer(t)
	id := donutsNew(t, c, twoPlayers("7"))
	res, body := donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {donutsVersionOf(t, c, id)}, "plate": {"3,4"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Equal(t, "/donuts/t/"+id, res.Header.Get("Location"))
	_, body = c.get("/donuts/t/"+id, nil)
	require.Contains(t, body, "Chocolate places a donut at row 3, column 4.")
	require.Contains(t, body, "Chocolate donut, last move, row 3, column 4, ")
	require.Contains(t, markup.Parse(body).Get(t, markup.ID("donuts-status")).Text(), "Vanilla to play")

	// A typed plate works the same: "d3" is column d, row 3.
	g, _ := donuts.New(donuts.Numbered(7, donuts.Chocolate))
	_, _ = g.Play(donuts.P(2, 3))
	next := g.Legal()[0]
	typed := string(rune('a'+next.Col)) + string(rune('1'+next.Row))
	res, body = donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {donutsVersionOf(t, c, id)}, "typed": {typed}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, body = c.get("/donuts/t/"+id, nil)
	require.Contains(t, body, "Vanilla places a donut at "+say.DonutsPlate(donutsLocalizer(t, "en"), next))
}

func TestDonutsComputerRepliesInTheSameRequest(t *testing.T) {
	_, c := donutsServer(t)
	id := donutsNew(t, c, url.Values{"mode": {"computer"}, "level": {"hard"}, "color": {"chocolate"}, "first": {"chocolate"},
		"board": {"number"}, "seed": {"31"}})
	version := donutsVersionOf(t, c, id)
	start := time.Now()
	res, body := donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {version}, "plate": {"3,3"}}, asJSON)
	took := time.Since(start)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	var r donutsReply
	require.NoError(t, json.Unmarshal([]byte(body), &r))
	require.Len(t, r.Cells, 36)
	require.Len(t, r.Announce, 3, "the person's move, the computer's, and who plays next")
	require.Equal(t, "You place a donut at row 3, column 3.", r.Announce[0].Text)
	require.Equal(t, "place", r.Announce[0].Sound)
	require.True(t, strings.HasPrefix(r.Announce[1].Text, "The computer places a donut at "), r.Announce[1].Text)
	require.True(t, strings.HasPrefix(r.Announce[2].Text, "Your turn"), r.Announce[2].Text)
	donutsOnBoard := 0
	for _, cell := range r.Cells {
		if cell.Donut != "" {
			donutsOnBoard++
		}
	}
	require.Equal(t, 2, donutsOnBoard)
	// The time is logged, not checked: under -race the search is ten times slower.
	// BenchmarkDonutsGameAgainstHard measures it.
	t.Logf("a move against hard: %d bytes of JSON, answered in %v", len(body), took)
}

func TestDonutsComputerStartsAndUndoStopsAtItsFirstDonut(t *testing.T) {
	_, c := donutsServer(t)
	id := donutsNew(t, c, url.Values{"mode": {"computer"}, "level": {"easy"}, "color": {"vanilla"}, "first": {"chocolate"},
		"board": {"new"}})
	_, body := c.get("/donuts/t/"+id, nil)
	require.Contains(t, body, "The computer places a donut at ")
	require.NotContains(t, body, `id="donuts-undo"`, "nothing of the person's to take back")

	// Play whatever is playable first, then take it back: the computer's opening stays.
	res, page := c.get("/donuts/t/"+id, nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	plate := markup.Parse(page).Get(t, markup.Role("button"), markup.Field("plate")).Attr("value")
	r := donutsPlace(t, c, id, plate)
	require.Len(t, r.Announce, 3)
	res, body = donutsPost(c, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, c, id)}}, asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	r = donutsReply{}
	require.NoError(t, json.Unmarshal([]byte(body), &r))
	require.True(t, strings.HasPrefix(r.Announce[0].Text, "2 donuts taken back. Your turn"), r.Announce[0].Text)
	n := 0
	for _, cell := range r.Cells {
		if cell.Donut != "" {
			n++
		}
	}
	require.Equal(t, 1, n, "the computer's first donut stays")
}

// TestDonutsRefusals checks every refusal: the status, the sentence that says why and
// where the donut may go, and that nothing changed.
func TestDonutsRefusals(t *testing.T) {
	s, c := donutsServerWith(t, withoutBudgets(Config{DataDir: t.TempDir()}))
	ctx := context.Background()
	// Board 7, chocolate at row 3, column 4: vanilla must play on that plate's line.
	id := donutsNew(t, c, twoPlayers("7"))
	donutsPlace(t, c, id, "3,4")
	g, _ := donuts.New(donuts.Numbered(7, donuts.Chocolate))
	_, _ = g.Play(donuts.P(2, 3))
	var offLine donuts.Point
	for r := range donuts.Size {
		for col := range donuts.Size {
			p := donuts.P(r, col)
			if g.At(p) == donuts.None && !containsPoint(g.Legal(), p) {
				offLine = p
			}
		}
	}
	l := donutsLocalizer(t, "en")
	where := say.DonutsWhere(l, g)
	offLineText := string(rune('1'+offLine.Row)) + " " + string(rune('1'+offLine.Col))

	// A game one donut from five in a row, then finished.
	device := deviceOf(t, s, c, id)
	overOpt := donutstable.Options{Mode: donutstable.ModeTwo,
		Spec: donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate, Setup: []string{"CCCC..", "VVVV..", "......", "......", "......", "......"}}}
	over, err := s.Tables.Create(ctx, "donuts", overOpt, table.Device{ID: device, Seats: overOpt.Seats(), Host: true})
	require.NoError(t, err)
	donutsPlace(t, c, over, "1,5")

	// Against the computer, with the computer's reply left pending.
	pendingOpt := donutstable.Options{Mode: donutstable.ModeComputer, Level: donuts.Easy, Human: donuts.Chocolate,
		Spec: donuts.Numbered(3, donuts.Chocolate)}
	pending, err := s.Tables.Create(ctx, "donuts", pendingOpt, table.Device{ID: device, Seats: pendingOpt.Seats(), Host: true})
	require.NoError(t, err)
	rec, err := s.Store.Load(ctx, pending)
	require.NoError(t, err)
	_, err = s.Tables.Store().Append(ctx, pending, rec.Version, json.RawMessage(`[0,0]`), false)
	require.NoError(t, err)

	gp, _, err := donuts.Replay(donuts.Numbered(3, donuts.Chocolate), []donuts.Point{donuts.P(0, 0)})
	require.NoError(t, err)
	pendingWhere := say.DonutsWhere(l, gp)

	fresh := donutsNew(t, c, twoPlayers("9"))

	cases := []struct {
		name, table, path string
		form              url.Values
		status            int
		problem           string
	}{
		{"stale version", id, "place", url.Values{"version": {"99"}, "plate": {"1,1"}}, http.StatusConflict,
			"The board changed in the meantime, perhaps in another tab; here it is as it stands now."},
		{"no version", id, "place", url.Values{"plate": {"1,1"}}, http.StatusConflict,
			"The board changed in the meantime, perhaps in another tab; here it is as it stands now."},
		{"no plate", id, "place", url.Values{}, http.StatusBadRequest,
			"The move named no plate: give the row and the column, such as 3 4 or d3. " + where},
		{"malformed plate", id, "place", url.Values{"plate": {"x;y;z"}}, http.StatusBadRequest,
			"The move named no plate: give the row and the column, such as 3 4 or d3. " + where},
		{"off the board", id, "place", url.Values{"plate": {"7,2"}}, http.StatusUnprocessableEntity,
			"There is no plate at row 7, column 2: rows and columns go from 1 to 6. " + where},
		{"off the board by letter", id, "place", url.Values{"typed": {"g1"}}, http.StatusUnprocessableEntity,
			"There is no plate at row 1, column 7: rows and columns go from 1 to 6. " + where},
		{"taken", id, "place", url.Values{"plate": {"3,4"}}, http.StatusUnprocessableEntity,
			"The plate at row 3, column 4 already holds a donut. " + where},
		{"off the line", id, "place", url.Values{"typed": {offLineText}}, http.StatusUnprocessableEntity,
			"The plate at " + say.DonutsPlate(l, offLine) + " is not on the line: the plate at row 3, column 4 shows a " +
				say.DonutsLine(l, say.DonutsLineAt(g, donuts.P(2, 3))) + " line. " + where},
		{"after the end", over, "place", url.Values{"plate": {"6,6"}}, http.StatusConflict,
			"The game is over: no more donuts can be placed."},
		{"out of turn", pending, "place", url.Values{"plate": {"6,6"}}, http.StatusConflict,
			"It is not your turn: vanilla places the next donut. " + pendingWhere},
		{"nothing to undo", fresh, "undo", url.Values{}, http.StatusUnprocessableEntity,
			"There is no move of yours to take back."},
		{"undo, stale", id, "undo", url.Values{"version": {"0"}}, http.StatusConflict,
			"The board changed in the meantime, perhaps in another tab; here it is as it stands now."},
		{"again, neither board", id, "again", url.Values{"board": {"other"}}, http.StatusBadRequest,
			"Choose the same board or a new one."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before, err := s.Store.Load(ctx, tc.table)
			require.NoError(t, err)
			form := url.Values{}
			for k, v := range tc.form {
				form[k] = v
			}
			if _, ok := form["version"]; !ok && tc.name != "no version" {
				form.Set("version", strconv.FormatInt(before.Version, 10))
			}
			for _, header := range []map[string]string{nil, asJSON} {
				res, body := donutsPost(c, "/donuts/t/"+tc.table+"/"+tc.path, form, header)
				require.Equal(t, tc.status, res.StatusCode, body)
				if header == nil {
					require.Equal(t, tc.problem, markup.Parse(body).Get(t, markup.ID("donuts-problem")).Text())
					continue
				}
				var r donutsReply
				require.NoError(t, json.Unmarshal([]byte(body), &r))
				require.Equal(t, []say.Sentence{{Text: tc.problem, Assertive: true}}, r.Announce)
				require.Equal(t, before.Version, r.Version)
			}
			after, err := s.Store.Load(ctx, tc.table)
			require.NoError(t, err)
			require.Equal(t, before.Version, after.Version, "nothing changed")
			require.Equal(t, before.Log, after.Log)
		})
	}
}

func TestDonutsRefusesOtherDevicesAndUnknownTables(t *testing.T) {
	s, c := donutsServer(t)
	id := donutsNew(t, c, twoPlayers("5"))
	other := newClient(t, httptest.NewServer(s.Handler()))
	res, _ := other.get("/donuts/t/"+id, nil)
	require.Equal(t, http.StatusForbidden, res.StatusCode)
	res, _ = donutsPost(other, "/donuts/t/"+id+"/place", url.Values{"version": {"1"}, "plate": {"1,1"}}, nil)
	require.Equal(t, http.StatusForbidden, res.StatusCode)
	for _, path := range []string{"/donuts/t/nope", "/donuts/t/" + strings.Repeat("a", 26)} {
		res, _ = c.get(path, nil)
		require.Equal(t, http.StatusNotFound, res.StatusCode, path)
	}
}

func TestDonutsSetupRefusals(t *testing.T) {
	_, c := donutsServer(t)
	for _, tc := range []struct {
		name    string
		form    url.Values
		status  int
		problem string
	}{
		{"no mode", url.Values{"first": {"chocolate"}, "board": {"new"}}, http.StatusBadRequest,
			"The form was not understood: choose who plays, the colour, who starts and the board, then start again."},
		{"no level", url.Values{"mode": {"computer"}, "color": {"vanilla"}, "first": {"draw"}, "board": {"new"}}, http.StatusBadRequest,
			"The form was not understood: choose who plays, the colour, who starts and the board, then start again."},
		{"no first player", url.Values{"mode": {"two"}, "board": {"new"}}, http.StatusBadRequest,
			"The form was not understood: choose who plays, the colour, who starts and the board, then start again."},
		{"board number not a number", twoPlayers("forty"), http.StatusUnprocessableEntity,
			"“forty” is not a board number: a board number is a whole number such as 40213."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := donutsPost(c, "/donuts", tc.form, nil)
			require.Equal(t, tc.status, res.StatusCode)
			require.Equal(t, tc.problem, markup.Parse(body).Get(t, markup.ID("problem"), markup.Role("alert")).Text())
		})
	}
}

func TestDonutsAgain(t *testing.T) {
	s, c := donutsServer(t)
	id := donutsNew(t, c, twoPlayers("123"))
	for board, want := range map[string]bool{"same": true, "new": false} {
		res, body := donutsPost(c, "/donuts/t/"+id+"/again", url.Values{"board": {board}}, nil)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
		next := strings.TrimPrefix(res.Header.Get("Location"), "/donuts/t/")
		require.NotEqual(t, id, next)
		rec, err := s.Store.Load(context.Background(), next)
		require.NoError(t, err)
		var opt donutstable.Options
		require.NoError(t, json.Unmarshal(rec.Setup, &opt))
		require.Equal(t, want, *opt.Spec.Seed == 123, board)
		require.Equal(t, donuts.NewBoard(*opt.Spec.Seed), opt.Spec.Board)
	}
}

func containsPoint(ps []donuts.Point, p donuts.Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}

// deviceOf is the device that holds a table (the test client's).
func deviceOf(t *testing.T, s *Server, c *client, id string) string {
	t.Helper()
	rec, err := s.Store.Load(context.Background(), id)
	require.NoError(t, err)
	require.Len(t, rec.Devices, 1)
	return rec.Devices[0].ID
}

// donutsCatalog is the app's catalogs, read once for every test.
var donutsCatalog = sync.OnceValues(i18n.Load)

// donutsLocalizer is the app's localizer for a language.
func donutsLocalizer(t *testing.T, lang string) *i18n.Localizer {
	t.Helper()
	cat, err := donutsCatalog()
	require.NoError(t, err)
	return cat.Localizer(lang)
}

// donutsLog receives the test server's log; os.Stderr shows it when a test fails oddly.
var donutsLog io.Writer = io.Discard

// hardGame opens a game against the hard computer, the person starting, and returns its id.
func hardGame(t *testing.T, c *client) string {
	t.Helper()
	return donutsNew(t, c, url.Values{"mode": {"computer"}, "level": {"hard"}, "color": {"chocolate"}, "first": {"chocolate"},
		"board": {"number"}, "seed": {"31"}})
}

// The computer's move for a position is searched once: a place, undo and place again,
// and a reload, search nothing more and get the same reply.
func TestComputerMoveSearchedOnce(t *testing.T) {
	s, c := donutsServer(t)
	id := hardGame(t, c)
	first := donutsPlace(t, c, id, "3,3")
	require.EqualValues(t, 1, s.Choices.Searches())
	res, body := donutsPost(c, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, c, id)}}, asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	again := donutsPlace(t, c, id, "3,3")
	assert.Equal(t, first.Announce[1].Text, again.Announce[1].Text, "the same reply")
	assert.Equal(t, first.Cells, again.Cells)
	_, _ = c.get("/donuts/t/"+id, nil)
	assert.EqualValues(t, 1, s.Choices.Searches(), "the second identical request searched nothing")
	assert.EqualValues(t, 1, s.Choices.Hits())
}

package donuts

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"tavolo/companion/donuts"
	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/page"
	"tavolo/web/say"
	"tavolo/web/table"
	donutstable "tavolo/web/table/donuts"
)

// Donuts on one phone, between two people or against the computer. Like Diamant, the
// board page is server-rendered and works as plain forms: each playable plate is a submit
// button; a move is POSTed and answered with 303 to the board. donuts.js turns the table
// of plates into a WAI-ARIA grid and posts with fetch asking for JSON: the answer is the
// board's new state (a few bytes a plate), the panel's HTML and the sentences to
// announce. The computer's reply is computed in the same request. Every form carries the
// table's version: a move made against an older version is refused.

func (h handlers) routes(e *echo.Echo) {
	e.GET("/donuts", h.setup)
	e.POST("/donuts", h.create, h.Limits.NewTables)
	e.GET("/donuts/t/:id", h.showTable)
	e.POST("/donuts/t/:id/place", h.handlePlace, h.Limits.Actions)
	e.POST("/donuts/t/:id/undo", h.handleUndo, h.Limits.Actions)
	e.POST("/donuts/t/:id/again", h.again, h.Limits.Actions)
	e.POST("/donuts/t/:id/open", h.open, h.Limits.Actions)
	e.GET("/donuts/t/:id/events", h.events)
}

// ---- setup ----

func (h handlers) setup(c echo.Context) error {
	return h.renderSetup(c, http.StatusOK, Setup{Mode: donutstable.ModeComputer, Level: string(donuts.Normal),
		Color: "chocolate", First: "chocolate", Board: "new"})
}

func (h handlers) renderSetup(c echo.Context, status int, p Setup) error {
	l := h.Localizer(c)
	for _, lv := range donuts.Levels {
		p.Levels = append(p.Levels, string(lv))
	}
	var err error
	if p.Resume, err = h.resume(c, l); err != nil {
		return err
	}
	return kit.RenderPage(c, status, SetupPage(h.Frame(c, "donuts", l.T("donuts.setup.title")), p))
}

// resume lists this device's unfinished games.
func (h handlers) resume(c echo.Context, l *i18n.Localizer) ([]Resume, error) {
	tables, err := h.DeviceTables(c, "donuts")
	if err != nil {
		return nil, err
	}
	var out []Resume
	for _, t := range tables {
		var opt donutstable.Options
		if json.Unmarshal(t.Setup, &opt) != nil {
			continue
		}
		out = append(out, Resume{ID: t.ID, Text: l.N("donuts.n.resume", t.Actions, "Mode", modeText(l, opt), "Seed", opt.SeedText()),
			Home: homeText(l, opt, t.Actions), Updated: t.Updated})
	}
	return out, nil
}

// modeText says who plays a table: "Two players", "Against the computer (normal), you play chocolate".
func modeText(l *i18n.Localizer, opt donutstable.Options) string {
	if opt.Mode == donutstable.ModeComputer {
		return l.T("donuts.mode.computer", "Level", l.T("donuts.level."+string(opt.Level)), "Color", say.DonutsColor(l, opt.Human))
	}
	return l.T("donuts.mode.two")
}

// homeText names a table as the home page's link to it does: the game, who plays, and
// the donuts placed.
func homeText(l *i18n.Localizer, opt donutstable.Options, placed int) string {
	game := l.T("game.donuts")
	if opt.Mode == donutstable.ModeComputer {
		return l.N("donuts.n.home.computer", placed, "Game", game, "Level", l.T("donuts.level."+string(opt.Level)))
	}
	return l.N("donuts.n.home.two", placed, "Game", game)
}

// newBoardNumber draws a board number short enough to read out and type again: the
// 98 304 layouts of the four tiles need no more than six digits.
func newBoardNumber() uint64 { return uint64(rand.IntN(1_000_000)) }

func (h handlers) create(c echo.Context) error {
	l := h.Localizer(c)
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest).SetInternal(err)
	}
	p := Setup{Mode: form.Get("mode"), Level: form.Get("level"), Color: form.Get("color"), First: form.Get("first"),
		Board: form.Get("board"), Seed: strings.TrimSpace(form.Get("seed"))}
	// A phone each: a game of two players, opened to a second phone at once, this phone
	// keeping the colour chosen (as "Open to another phone" does during a game).
	mode, phones := p.Mode, p.Mode == modePhones
	if phones {
		mode = donutstable.ModeTwo
	}
	opt, err := donutstable.NewOptions(mode, p.Level, p.Color, p.First, p.Board, p.Seed, rand.Uint64(), rand.Uint64(), newBoardNumber())
	if err == nil && phones {
		if keep, cerr := donuts.ParseColor(p.Color); cerr != nil || !opt.OpenTo(keep) {
			err = table.Refuse(table.BadForm, "donuts.phones.error.open")
		}
	}
	if problem, status, ok := sayRefusal(l, err); ok {
		// A form no page sends, or a board's number that is none.
		p.Problem, p.SeedInvalid = problem, status == http.StatusUnprocessableEntity
		return h.renderSetup(c, status, p)
	} else if err != nil {
		return err
	}
	if !phones {
		return h.startTable(c, opt)
	}
	device, err := h.DeviceID(c)
	if err != nil {
		return err
	}
	id, err := h.createTable(c.Request().Context(), device, opt)
	if err != nil {
		return err
	}
	if err := h.Tables.GiveCode(c.Request().Context(), id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/donuts/t/"+id)
}

// modePhones is the setup's choice of a phone each (a table of two players, open).
const modePhones = "phones"

// ---- the board ----

// board is the board as this device sees it (View): with, for the host
// while a second phone may join, the code, the link and its QR code.
func (h handlers) board(c echo.Context, l *i18n.Localizer, t *donutsTable) Play {
	v := View{L: l, Verbosity: h.Verbosity(c), T: t.Table, Device: t.device, Fresh: t.fresh}
	if t.Opt.Phones && t.device.Host && t.Rec.Code != "" && !t.TwoPhones(t.device) {
		spaced := table.SpacedCode(t.Rec.Code)
		reach := h.JoinLink(c, "/join/"+t.Rec.Code)
		qr, err := kit.QRSVG(reach.Link, l.T("donuts.join.qr", "Code", spaced))
		if err != nil {
			h.Log.Error("donuts: the join code's QR", "err", err)
		}
		v.Join = &page.JoinCode{Code: t.Rec.Code, Spaced: spaced, Link: reach.Link, QR: qr, Local: reach.Local, Network: reach.Network}
	}
	return v.Board()
}

// Reply is the JSON answer to a script and a live event: the envelope every game's
// replies share (kit.Envelope: table, version, title, address, what to announce) and, as
// Donuts' payload, the board's new state, the panel and the history.
type Reply struct {
	kit.Envelope
	Heading  string `json:"heading"` // the page's heading: it changes once a second phone joins
	Cells    []Cell `json:"cells"`   // row by row
	Rule     string `json:"rule"`    // the direction of the line that rules the next move; empty when free
	Panel    string `json:"panel"`   // the HTML above the board: news, whose turn, a request to answer
	Tools    string `json:"tools"`   // the HTML right below it: where are we, undo, the second phone
	Info     string `json:"info"`    // the HTML below it: score, last move, playable plates, where we are
	History  string `json:"history"` // the HTML of the history: every move, the summary
	Finished bool   `json:"finished"`
}

// show answers with the board: a whole page, or for a script the JSON reply.
func (h handlers) show(c echo.Context, status int, p Play) error {
	if p.Problem != "" {
		p.Say = []say.Sentence{{Text: p.Problem, Assertive: true}}
	}
	if !kit.WantsJSON(c) {
		return kit.RenderPage(c, status, PlayPage(h.PlayFrame(c, "donuts-play", p.Heading), p))
	}
	r, err := h.replyOf(c, p)
	if err != nil {
		return err
	}
	return kit.WriteReply(c, status, func(b []byte) ([]byte, error) { return kit.AppendJSON(b, r) })
}

// replyOf is the board as a script's reply (and a live update) carries it.
func (h handlers) replyOf(c echo.Context, p Play) (Reply, error) {
	token, _ := c.Get("csrf").(string)
	f := page.Frame{L: h.Localizer(c), CSRF: token}
	ctx := c.Request().Context()
	// Drawn in a pooled buffer, then copied once at its size.
	buf := kit.GetBuffer(&kit.HTMLBuffers)
	w := kit.Appender{B: *buf}
	defer func() { kit.PutBuffer(&kit.HTMLBuffers, buf, w.B) }()
	if err := Panel(f, p).Render(ctx, &w); err != nil {
		return Reply{}, err
	}
	panel := string(w.B)
	w.B = w.B[:0]
	if err := Tools(f, p).Render(ctx, &w); err != nil {
		return Reply{}, err
	}
	tools := string(w.B)
	w.B = w.B[:0]
	if err := Info(f, p).Render(ctx, &w); err != nil {
		return Reply{}, err
	}
	info := string(w.B)
	w.B = w.B[:0]
	if err := History(f, p).Render(ctx, &w); err != nil {
		return Reply{}, err
	}
	r := Reply{Envelope: kit.NewEnvelope(p.ID, p.Version, p.Heading, "/donuts/t/"+p.ID, p.Say),
		Heading: p.Heading, Rule: p.Rule, Panel: panel, Tools: tools, Info: info, History: string(w.B), Finished: p.Finished}
	r.Cells = make([]Cell, 0, donuts.Size*donuts.Size)
	for _, row := range p.Rows {
		r.Cells = append(r.Cells, row...)
	}
	return r, nil
}

// refuse answers a refused request: the board as it stands, with the reason.
func (h handlers) refuse(c echo.Context, t *donutsTable, status int, problem string) error {
	t.fresh = 0
	p := h.board(c, h.Localizer(c), t)
	p.Problem, p.News = problem, nil
	return h.show(c, status, p)
}

func (h handlers) showTable(c echo.Context) error {
	id := c.Param("id")
	unlock, err := h.LockTable(id)
	if err != nil {
		return err
	}
	defer unlock()
	t, err := h.load(c, id)
	if err != nil {
		return err
	}
	// The computer's turn left pending (a server stopped between the two moves): it
	// plays now.
	if err := h.computerMoves(c.Request().Context(), t); err != nil && !errors.Is(err, table.ErrConflict) {
		return err
	}
	t.fresh = 0
	return h.show(c, http.StatusOK, h.board(c, h.Localizer(c), t))
}

// action runs an action on a table under its lock, once the form's version is the
// table's: a form from before a change (another tab, a double tap) is refused.
func (h handlers) action(c echo.Context, act func(echo.Context, *donutsTable, *i18n.Localizer) error) error {
	id := c.Param("id")
	unlock, err := h.LockTable(id)
	if err != nil {
		return err
	}
	defer unlock()
	t, err := h.load(c, id)
	if err != nil {
		return err
	}
	l := h.Localizer(c)
	if v, err := strconv.ParseInt(c.FormValue("version"), 10, 64); err != nil || v != t.Rec.Version {
		return h.refuse(c, t, http.StatusConflict, staleDonuts(l))
	}
	return act(c, t, l)
}

func staleDonuts(l *i18n.Localizer) string { return l.T("donuts.error.stale") }

// handlePlace places the person's donut, then the computer's reply when it plays.
func (h handlers) handlePlace(c echo.Context) error {
	return h.action(c, h.place)
}

func (h handlers) place(c echo.Context, t *donutsTable, l *i18n.Localizer) error {
	id := t.Rec.ID
	text := c.FormValue("plate")
	if text == "" {
		text = c.FormValue("typed")
	}
	at, ok := donuts.ParsePlate(text)
	if !ok {
		return h.refuse(c, t, http.StatusBadRequest, strings.TrimSpace(l.T("donuts.error.form")+" "+say.DonutsWhere(l, t.Game)))
	}
	by, err := t.Placer(t.device)
	if problem, status, ok := sayRefusal(l, err); ok {
		return h.refuse(c, t, status, problem)
	}
	// A reply the hard computer must search for costs a core's tens of milliseconds: it
	// takes from a budget of its own, before anything changes.
	if t.ReplySearches(h.Choices, by, at) {
		if ok, err := h.Limits.HardMove(c); !ok {
			return err
		}
	}
	ctx := h.Answering(c) // the reply carries the person's move and the computer's after it
	if _, err := h.play(ctx, t, by, at); err != nil {
		var me *donuts.MoveError
		switch {
		case errors.As(err, &me):
			status := http.StatusUnprocessableEntity
			if me.Code == donuts.CodeNotYourTurn || me.Code == donuts.CodeGameOver {
				status = http.StatusConflict
			}
			return h.refuse(c, t, status, say.DonutsRefusal(l, t.Game, me))
		case errors.Is(err, table.ErrConflict):
			return h.refuse(c, t, http.StatusConflict, staleDonuts(l))
		}
		return err
	}
	if err := h.computerMoves(ctx, t); err != nil {
		return err
	}
	if !kit.WantsJSON(c) {
		return c.Redirect(http.StatusSeeOther, "/donuts/t/"+id)
	}
	return h.show(c, http.StatusOK, h.board(c, l, t))
}

// handleUndo takes back the person's last move, and against the computer its reply too.
func (h handlers) handleUndo(c echo.Context) error {
	return h.action(c, h.undo)
}

func (h handlers) undo(c echo.Context, t *donutsTable, l *i18n.Localizer) error {
	id := t.Rec.ID
	n := t.Undoable()
	if n == 0 {
		return h.refuse(c, t, http.StatusUnprocessableEntity, l.T("donuts.undo.none"))
	}
	if t.TwoPhones(t.device) {
		// The other phone is asked first: the move is taken back once it accepts.
		if done, err := h.askUndo(c, t, l); done || err != nil {
			return err
		}
	}
	moves := t.Game.Moves()
	for range n {
		// Each step is one stored change; the lock keeps other requests out between them.
		version, err := h.Tables.Undo(h.Answering(c), id, t.Rec.Version, false, nil)
		if errors.Is(err, table.ErrConflict) {
			return h.refuse(c, t, http.StatusConflict, staleDonuts(l))
		}
		if err != nil {
			return err
		}
		t.Rec.Version = version
	}
	if err := t.Replay(moves[:len(moves)-n]); err != nil {
		return err
	}
	if !kit.WantsJSON(c) {
		return c.Redirect(http.StatusSeeOther, "/donuts/t/"+id)
	}
	p := h.board(c, l, t)
	done := l.N("donuts.n.undone", n)
	p.News = []say.Sentence{{Text: done}}
	p.Say = []say.Sentence{{Text: done + " " + p.Status}}
	return h.show(c, http.StatusOK, p)
}

// again starts a new table with the same players: on the same board, or on a new one.
func (h handlers) again(c echo.Context) error {
	t, err := h.load(c, c.Param("id"))
	if err != nil {
		return err
	}
	opt, err := t.Opt.Again(c.FormValue("board"), rand.Uint64(), rand.Uint64(), newBoardNumber())
	if problem, status, ok := sayRefusal(h.Localizer(c), err); ok {
		return h.refuse(c, t, status, problem)
	} else if err != nil {
		return err
	}
	if ok, err := h.Limits.TakeNewTable(c); !ok {
		return err
	}
	return h.startTable(c, opt)
}

// startTable makes a new table for this device and sends the phone to it.
func (h handlers) startTable(c echo.Context, opt donutstable.Options) error {
	device, err := h.DeviceID(c)
	if err != nil {
		return err
	}
	id, err := h.createTable(c.Request().Context(), device, opt)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/donuts/t/"+id)
}

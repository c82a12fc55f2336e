package diamant

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// Diamant on one phone. Pages are server-rendered and work as plain forms (POST, then
// 303 to the screen); diamant.js enhances them: it posts with fetch asking for JSON and
// gets back the new screen's <main> content and the sentences to announce. Every form
// carries the table's version: an action made against an older version is refused.

func (h handlers) routes(e *echo.Echo) {
	e.GET("/diamant", h.setup)
	e.POST("/diamant", h.create, h.Limits.NewTables)
	e.GET("/diamant/:id", h.show)
	e.GET("/diamant/:id/vote/:seat", h.handleVoteScreen)
	e.POST("/diamant/:id/draw", h.draw, h.Limits.Actions)
	e.POST("/diamant/:id/vote", h.vote, h.Limits.Actions)
	e.POST("/diamant/:id/exits", h.exits, h.Limits.Actions)
	e.GET("/diamant/:id/undo", h.undoScreen)
	e.GET("/diamant/:id/history", h.history)
	e.POST("/diamant/:id/undo", h.handleUndo, h.Limits.Actions)
	e.POST("/diamant/:id/risk", h.handleRisk, h.Limits.Actions)
	e.POST("/diamant/:id/again", h.handleAgain, h.Limits.Actions)
	h.phoneRoutes(e)
}

// ---- setup ----

// diamantSetupForm is the setup form as it is shown: first, or again with a problem.
type diamantSetupForm struct {
	Count    int
	Names    []string
	Draw     string
	Vote     string
	Seed     string
	Problem  string
	Problems map[int]bool // seats whose name was refused
	Counted  bool         // the number of players was just changed: focus goes back to it

	Explorers [3]int // computer explorers seated after the people, by level (diamant.Levels' order)
}

// explorerLevels are the levels of the explorers the setup form asks for, one per explorer
// in the form's order: the number of each level (explorers-easy, …); a page of before
// (explorers, level) asks for a number of one level. A number that is none is -1 (refused).
func explorerLevels(form url.Values) (levels []string, counts [3]int) {
	number := func(s string) int {
		if s == "" {
			return 0
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n >= diamanttable.MaxSeats {
			return -1
		}
		return n
	}
	old, oldLevel := number(form.Get("explorers")), form.Get("level")
	for i, lv := range diamant.Levels {
		counts[i] = number(form.Get("explorers-" + string(lv)))
		if old != 0 && string(lv) == oldLevel {
			counts[i], old = old, 0
		}
		for range counts[i] {
			levels = append(levels, string(lv))
		}
		if counts[i] < 0 {
			levels = append(levels, "") // refused as a level that is none
		}
	}
	if old != 0 {
		levels = append(levels, oldLevel) // a level that is none, or a number that is none: refused
	}
	return levels, counts
}

func (h handlers) setup(c echo.Context) error {
	l := h.Localizer(c)
	n, err := strconv.Atoi(c.QueryParam("players"))
	if err != nil || n < 1 || n > diamanttable.MaxSeats { // one person may play with explorers
		n = 4
	}
	// "Change the number" sends the names typed so far (diamant.js): they are kept, the
	// new fields get their default names.
	typed := c.QueryParams()["name"]
	names := make([]string, n)
	for i := range names {
		if i < len(typed) {
			names[i] = typed[i]
		} else {
			names[i] = l.T("diamant.setup.player.default", "N", i+1)
		}
	}
	return h.renderSetup(c, http.StatusOK, diamantSetupForm{Count: n, Names: names, Draw: diamanttable.DrawApp, Vote: diamanttable.VotePhone,
		Counted: c.QueryParam("players") != ""})
}

func (h handlers) renderSetup(c echo.Context, status int, form diamantSetupForm) error {
	l := h.Localizer(c)
	p := Setup{Count: form.Count, Draw: form.Draw, Vote: form.Vote, Seed: form.Seed,
		Problem: form.Problem, MaxName: diamant.MaxNameRunes, Counted: form.Counted}
	for n := 1; n <= diamanttable.MaxSeats; n++ {
		p.Counts = append(p.Counts, n)
	}
	for n := 0; n < diamanttable.MaxSeats; n++ {
		p.ExplorerCounts = append(p.ExplorerCounts, n)
	}
	for i, lv := range diamant.Levels {
		p.Explorers = append(p.Explorers, ExplorerCount{Level: string(lv), N: max(form.Explorers[i], 0)})
	}
	for i, n := range form.Names {
		p.Fields = append(p.Fields, NameField{N: i + 1, Value: n, Invalid: form.Problems[i]})
	}
	var err error
	if p.Resume, err = h.resume(c, l); err != nil {
		return err
	}
	return kit.RenderPage(c, status, SetupPage(h.Frame(c, "diamant", l.T("diamant.setup.title")), p))
}

// resume lists this device's unfinished tables.
func (h handlers) resume(c echo.Context, l *i18n.Localizer) ([]Resume, error) {
	tables, err := h.DeviceTables(c, "diamant")
	if err != nil {
		return nil, err
	}
	var out []Resume
	for _, t := range tables {
		var opt diamanttable.Options
		if json.Unmarshal(t.Setup, &opt) != nil {
			continue
		}
		out = append(out, Resume{ID: t.ID, Names: say.And(l, say.DiamantNames(l, opt.Players, opt.Explorers)), Updated: t.Updated, Lobby: opt.Lobby})
	}
	return out, nil
}

func (h handlers) create(c echo.Context) error {
	l := h.Localizer(c)
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest).SetInternal(err)
	}
	p := diamantSetupForm{Names: form["name"], Draw: form.Get("draw"), Vote: form.Get("vote"), Seed: strings.TrimSpace(form.Get("seed"))}
	p.Count = len(p.Names)
	levels, counts := explorerLevels(form)
	p.Explorers = counts
	if n, err := strconv.Atoi(form.Get("players")); err == nil && form.Has("players") {
		// A chip of the number of players: the same form again with that many names, the
		// names typed kept, every other choice too; no table yet.
		if n < 1 || n > diamanttable.MaxSeats {
			n = 4
		}
		names := make([]string, n)
		for i := range names {
			if i < len(p.Names) {
				names[i] = p.Names[i]
			} else {
				names[i] = l.T("diamant.setup.player.default", "N", i+1)
			}
		}
		p.Names, p.Count, p.Counted = names, n, true
		return h.renderSetup(c, http.StatusOK, p)
	}
	ex := diamanttable.Explorers{Levels: levels, Names: say.DiamantExplorerNames(l)}
	opt, err := diamanttable.NewOptionsWith(p.Names, ex, p.Draw, p.Vote, p.Seed)
	if problem, status, ok := kit.SayRefusal(l, err); ok {
		p.Problem = problem
		return h.renderSetup(c, status, p)
	}
	if err != nil {
		var de *diamant.Error
		if !errors.As(err, &de) {
			return err
		}
		p.Problem = say.DiamantProblem(l, de)
		if de.Seat >= 0 {
			p.Problems = map[int]bool{de.Seat: true}
		}
		if p.Count < 1 || p.Count > diamanttable.MaxSeats {
			p.Count = 0
		}
		return h.renderSetup(c, http.StatusUnprocessableEntity, p)
	}
	device, err := h.DeviceID(c)
	if err != nil {
		return err
	}
	id, err := h.createTable(c.Request().Context(), device, opt)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/diamant/"+id)
}

// ---- screens ----

// ---- replies ----

// Reply is the JSON answer to a script and a live event: the envelope every game's
// replies share (kit.Envelope) and, as Diamant's payload, the new screen's HTML. It is
// written by appendReply.
type Reply struct {
	kit.Envelope
	HTML string `json:"html"`
}

// appendScreenURL appends the address of a screen: where a form's 303 leads, and a reply's url.
func appendScreenURL(b []byte, p *Play) []byte {
	b = append(append(b, "/diamant/"...), p.ID...)
	switch p.Screen {
	case ScreenReveal:
		b = append(b, "?show=reveal"...)
	case ScreenPass:
		b = append(b, "?show=pass"...) // a reload keeps the voter's cards, the first voter's too
	case ScreenVote:
		b = strconv.AppendInt(append(b, "/vote/"...), int64(p.Voter.Seat), 10)
	case ScreenUndo:
		b = append(b, "/undo"...)
	}
	return b
}

// showPlay answers with a screen: a whole page, or for a script the JSON reply.
func (h handlers) showPlay(c echo.Context, status int, p Play) error {
	if p.Problem != "" {
		p.Say = []say.Sentence{{Text: p.Problem, Assertive: true}}
	}
	if !kit.WantsJSON(c) {
		return kit.RenderPage(c, status, PlayPage(h.PlayFrame(c, "diamant-play", p.Heading), p))
	}
	token, _ := c.Get("csrf").(string)
	return kit.WriteReply(c, status, func(b []byte) ([]byte, error) { return playViews.appendPlayReply(b, h.Localizer(c), token, &p), nil })
}

// refuse answers a refused action: the current screen with the reason, nothing changed.
func (h handlers) refuse(c echo.Context, t *diamanttable.Table, status int, problem string) error {
	// "reveal": a refused form never hides the table behind the neutral "everyone has voted".
	p := h.screen(c, t, "reveal")
	p.Problem = problem
	return h.showPlay(c, status, p)
}

func (h handlers) show(c echo.Context) error {
	t, err := h.load(c, c.Param("id"))
	if err != nil {
		return err
	}
	if t.State == nil {
		return h.showLobby(c, http.StatusOK, t, "")
	}
	p := h.screen(c, t, c.QueryParam("show"))
	if flash := h.ReadSession(c).Flash; flash != "" {
		if err := h.ChangeSession(c, func(d *kit.SessionData) { d.Flash = "" }); err != nil {
			return err
		}
		p.Lead = flash
	}
	return h.showPlay(c, http.StatusOK, p)
}

// playing runs f on the request's table once loaded, if it has a game: one still in its
// lobby has nothing to show or act on, and the request goes to the table's page. A
// change (write) runs under the table's lock, and a table the host ended refuses it too.
func (h handlers) playing(c echo.Context, write bool, f func(t *diamanttable.Table) error) error {
	id := c.Param("id")
	if write {
		unlock, err := h.LockTable(id)
		if err != nil {
			return err
		}
		defer unlock()
	}
	t, err := h.load(c, id)
	if err != nil {
		return err
	}
	if t.State == nil || write && t.Opt.Ended {
		return h.notPlaying(c, t)
	}
	if write && !t.Seated() {
		return h.refuse(c, t, http.StatusForbidden, h.Localizer(c).T("diamant.error.noseat"))
	}
	return f(t)
}

func (h handlers) handleVoteScreen(c echo.Context) error {
	return h.playing(c, false, func(t *diamanttable.Table) error { return h.voteScreen(c, t) })
}

func (h handlers) voteScreen(c echo.Context, t *diamanttable.Table) error {
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || t.Opt.Vote != diamanttable.VotePhone || !t.State.VoteDue() || seat != t.NextVoter() {
		// Not this seat's turn (a stale bookmark, a reload after the vote): the table's
		// current screen instead.
		p := h.screen(c, t, "")
		return c.Redirect(http.StatusSeeOther, string(appendScreenURL(nil, &p)))
	}
	v := h.view(c, t)
	p := Play{ID: t.Rec.ID, Version: t.Rec.Version, Round: t.State.Round()}
	if own := h.screen(c, t, ""); own.Screen == ScreenVote && own.Voter.Seat == seat {
		// A phone of one's own, on its vote (a reload, the expert asked): the screen its
		// stream sends, live, with the host's tools.
		p = own
	} else {
		v.FillVote(seat, &p)
		p.Where = v.Where()
	}
	p.Say = nil // asked for on this device: its heading is what it says, not the others' votes
	if c.QueryParam("expert") != "" {
		// Practice, on this seat's own vote screen: the expert's choice from the seat's
		// view, said at once (DESIGN.md: Practice).
		view := t.State.ViewOf(seat, t.Opt.Hidden)
		p.Expert = say.DiamantAdvice(v.L, diamant.Advise(&view))
		p.Say = []say.Sentence{{Text: p.Expert}}
	}
	return h.showPlay(c, http.StatusOK, p)
}

// formCheck says how an action's form is checked against the table's version.
type formCheck int

const (
	checkVersion formCheck = iota // the form's version must be the table's
	// checkVoteStep: a vote stays good while its vote is open, though the other phones'
	// votes move the version on. Its step names the vote, so a vote made before an undo
	// is refused, though a new draw opens a vote at the same place.
	checkVoteStep
)

// act runs one action on a table: under the table's lock, it checks the form against the
// table's version, lets build refuse what the table's options forbid, applies the action,
// stores it and answers with the next screen.
func (h handlers) act(c echo.Context, check formCheck, build func(*diamanttable.Table) (diamant.Action, error)) error {
	return h.playing(c, true, func(t *diamanttable.Table) error { return h.actOn(c, t, check, build) })
}

// actOn is act's work on the loaded table, under its lock.
func (h handlers) actOn(c echo.Context, t *diamanttable.Table, check formCheck, build func(*diamanttable.Table) (diamant.Action, error)) error {
	id := t.Rec.ID
	l := h.Localizer(c)
	if v, err := strconv.ParseInt(c.FormValue("version"), 10, 64); err != nil || v != t.Rec.Version {
		step := c.FormValue("step")
		if check != checkVoteStep || !t.State.VoteDue() || step != t.VoteStep() {
			problem := l.T("diamant.error.stale")
			if check == checkVoteStep && step != "" {
				problem = l.T("diamant.error.vote.stale")
			}
			return h.refuse(c, t, http.StatusConflict, problem)
		}
	}
	a, err := build(t)
	if err != nil {
		if problem, status, ok := kit.SayRefusal(l, err); ok {
			return h.refuse(c, t, status, problem)
		}
		return err
	}
	raw, err := t.Apply(a)
	if err != nil {
		var de *diamant.Error
		if !errors.As(err, &de) {
			return err
		}
		return h.refuse(c, t, http.StatusUnprocessableEntity, say.DiamantProblem(l, de))
	}
	// The new version's replay is this one: the table's streams need not replay it again.
	version, err := h.Tables.Append(h.Answering(c), id, t.Rec.Version, raw, t.State.Finished(), t.Share())
	if errors.Is(err, table.ErrConflict) {
		return h.refuse(c, t, http.StatusConflict, l.T("diamant.error.stale"))
	}
	if err != nil {
		return err
	}
	t.Rec.Version = version
	t.Rec.Log = append(slices.Clip(t.Rec.Log), raw)
	p := h.screen(c, t, "")
	if !kit.WantsJSON(c) {
		return c.Redirect(http.StatusSeeOther, string(appendScreenURL(nil, &p)))
	}
	return h.showPlay(c, http.StatusOK, p)
}

func (h handlers) draw(c echo.Context) error {
	return h.act(c, checkVersion, func(t *diamanttable.Table) (diamant.Action, error) {
		l := h.Localizer(c)
		return t.Draw(c.FormValue("card"), c.FormValue("text"), func(card diamant.Card) string { return say.DiamantCard(l, card) })
	})
}

func (h handlers) vote(c echo.Context) error {
	return h.act(c, checkVoteStep, func(t *diamanttable.Table) (diamant.Action, error) {
		seat, err := strconv.Atoi(c.FormValue("seat"))
		choice := c.FormValue("choice")
		if err != nil || (choice != "continue" && choice != "leave") {
			return diamant.Action{}, diamanttable.ErrForm
		}
		return t.Vote(seat, choice == "leave")
	})
}

func (h handlers) exits(c echo.Context) error {
	return h.act(c, checkVersion, func(t *diamanttable.Table) (diamant.Action, error) {
		form, _ := c.FormParams()
		leave := make([]int, len(form["leave"]))
		for i, v := range form["leave"] {
			var err error
			if leave[i], err = strconv.Atoi(v); err != nil {
				leave[i] = -1 // no seat: refused as one that does not exist
			}
		}
		return t.Exits(leave)
	})
}

// ---- undo, risk, play again ----

func (h handlers) undoScreen(c echo.Context) error {
	t, err := h.load(c, c.Param("id"))
	if err != nil {
		return err
	}
	l := h.Localizer(c)
	if len(t.Actions) == 0 || !t.MayUndo() {
		return c.Redirect(http.StatusSeeOther, "/diamant/"+t.Rec.ID)
	}
	p := Play{ID: t.Rec.ID, Version: t.Rec.Version, Screen: ScreenUndo, Round: t.State.Round(),
		Heading: l.T("diamant.undo.heading"), UndoWhat: undoWhat(l, t), Where: h.view(c, t).Where()}
	p.Say = []say.Sentence{{Text: p.UndoWhat}}
	return h.showPlay(c, http.StatusOK, p)
}

func (h handlers) handleUndo(c echo.Context) error {
	return h.playing(c, true, func(t *diamanttable.Table) error { return h.undo(c, t) })
}

func (h handlers) undo(c echo.Context, t *diamanttable.Table) error {
	id := t.Rec.ID
	l := h.Localizer(c)
	if !t.MayUndo() {
		return h.refuse(c, t, http.StatusForbidden, l.T("diamant.error.host"))
	}
	if v, err := strconv.ParseInt(c.FormValue("version"), 10, 64); err != nil || v != t.Rec.Version {
		return h.refuse(c, t, http.StatusConflict, l.T("diamant.error.stale"))
	}
	if len(t.Actions) == 0 {
		return h.refuse(c, t, http.StatusUnprocessableEntity, l.T("diamant.undo.none"))
	}
	last, _ := t.LastAction()
	if err := t.Undo(); err != nil {
		return err
	}
	version, err := h.Tables.Undo(h.Answering(c), id, t.Rec.Version, t.State.Finished(), t.Share())
	if errors.Is(err, table.ErrConflict) {
		return h.refuse(c, t, http.StatusConflict, l.T("diamant.error.stale"))
	}
	if err != nil {
		return err
	}
	t.Rec.Version = version
	t.Rec.Log = slices.Clip(t.Rec.Log[:len(t.Rec.Log)-1])
	done := say.DiamantUndone(l, t.Opt.Players, last)
	if !kit.WantsJSON(c) {
		// Without a script the next page says it: the sentence waits in the session.
		if err := h.ChangeSession(c, func(d *kit.SessionData) { d.Flash = done }); err != nil {
			return err
		}
		return c.Redirect(http.StatusSeeOther, "/diamant/"+id)
	}
	p := h.screen(c, t, "")
	p.Lead = done
	p.Say = []say.Sentence{{Text: p.Lead}}
	return h.showPlay(c, http.StatusOK, p)
}

func (h handlers) handleRisk(c echo.Context) error {
	return h.playing(c, false, func(t *diamanttable.Table) error { return h.risk(c, t) })
}

func (h handlers) risk(c echo.Context, t *diamanttable.Table) error {
	if !t.Seated() {
		return h.refuse(c, t, http.StatusForbidden, h.Localizer(c).T("diamant.error.noseat"))
	}
	if err := h.ChangeSession(c, func(d *kit.SessionData) { d.Risk = !d.Risk }); err != nil {
		return err
	}
	p := h.screen(c, t, "reveal")
	if !kit.WantsJSON(c) {
		return c.Redirect(http.StatusSeeOther, string(appendScreenURL(nil, &p)))
	}
	if p.ShowRisk {
		p.Say = []say.Sentence{{Text: p.Risk}}
	} else {
		p.Say = nil
	}
	return h.showPlay(c, http.StatusOK, p)
}

// handleAgain starts a new game with the same players and options, and a new seed.
func (h handlers) handleAgain(c echo.Context) error {
	return h.playing(c, false, func(t *diamanttable.Table) error { return h.again(c, t) })
}

func (h handlers) again(c echo.Context, t *diamanttable.Table) error {
	if !t.Seated() {
		return h.refuse(c, t, http.StatusForbidden, h.Localizer(c).T("diamant.error.noseat"))
	}
	opt := t.Opt.Again(diamanttable.NewSeed())
	if ok, err := h.Limits.TakeNewTable(c); !ok {
		return err
	}
	device, err := h.DeviceID(c)
	if err != nil {
		return err
	}
	id, err := h.createTable(c.Request().Context(), device, opt)
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/diamant/"+id)
}

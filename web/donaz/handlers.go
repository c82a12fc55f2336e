package donaz

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"tavolo/companion/donaz"
	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/page"
	"tavolo/web/say"
)

// routes registers Donaz's pages: the clock's setup, a plain GET form, and the clock,
// which runs in the browser from the validated setup it is handed.
func (h handlers) routes(e *echo.Echo) {
	e.GET("/donaz", h.setup)
	e.GET("/donaz/clock", h.clock)
}

// Config is what the clock's script is handed, as JSON: the validated setup, the
// key that tells one game from another (so a reload resumes and a new setup starts
// afresh), and the sentences of the page's language.
type Config struct {
	Key         string         `json:"key"`
	Names       [2]string      `json:"names"`
	Said        [2]string      `json:"said"` // the names as said inside a sentence: a default's with its article
	BudgetMs    int            `json:"budgetMs"`
	BudgetsMs   [2]int         `json:"budgetsMs"` // each team's own time (a handicap when they differ)
	Control     string         `json:"control"`   // increment, delay or bronstein (clock.js's CONTROLS)
	IncrementMs int            `json:"incrementMs"`
	DelayMs     int            `json:"delayMs"`
	Alerts      []int          `json:"alerts"` // the warnings, in seconds left
	Count       bool           `json:"count"`  // count the last 5 seconds
	PauseHidden bool           `json:"pauseHidden"`
	Untimed     bool           `json:"untimed"`
	Start       string         `json:"start"`
	Messages    map[string]any `json:"messages"`
}

func (h handlers) setup(c echo.Context) error {
	// Values in the query (the clock's "change the setup" link) fill the form; a fresh
	// game id makes whatever is submitted from here a new game.
	q := c.QueryParams()
	setup, _ := donaz.Parse(q)
	form := h.formFrom(c, setup, q)
	form.Game = newGameID()
	return h.renderSetup(c, http.StatusOK, form, nil, h.quick(c, setup, form.Game))
}

// presets are the setup's ready-made times: minutes per team and seconds added after
// each turn.
var presets = [][2]int{{3, 2}, {10, 0}, {10, 5}}

// quick is the top of the setup: the clock opened at once with the setup as it stands
// (the rulebook's, unless the page was opened to change a clock's), and ready-made times
// for the same teams. Each is a new game, as the form's is.
func (h handlers) quick(c echo.Context, setup donaz.Setup, game string) Setup {
	l := h.Localizer(c)
	q := setupQuery(setup)
	q.Set("game", game)
	names := [2]string{h.name(l, setup, 0), h.name(l, setup, 1)}
	_, _, summary := say.DonazSummary(l, setup, names)
	p := Setup{Now: "/donaz/clock?" + q.Encode(), NowSummary: summary}
	for _, pr := range presets {
		s := setup
		s.Minutes, s.Untimed, s.Control, s.Increment = pr[0], false, donaz.ControlIncrement, pr[1]
		for i := range s.Teams {
			s.Teams[i].Minutes = 0
		}
		q := setupQuery(s)
		q.Set("game", game)
		label := l.T("donaz.quick.preset", "Time", l.N("time.minutes", pr[0]))
		if pr[1] > 0 {
			label = l.T("donaz.quick.presetPlus", "Time", l.N("time.minutes", pr[0]), "Added", l.N("time.seconds", pr[1]))
		}
		p.Presets = append(p.Presets, Preset{URL: "/donaz/clock?" + q.Encode(), Label: label})
	}
	return p
}

func (h handlers) clock(c echo.Context) error {
	q := c.QueryParams()
	setup, problems := donaz.Parse(q)
	for i := range setup.Teams {
		setup.Teams[i].Name = h.defaultName(i, setup.Teams[i].Name)
	}
	l := h.Localizer(c)
	names := [2]string{h.name(l, setup, 0), h.name(l, setup, 1)}
	if donaz.SameName(names[0], names[1]) {
		problems = append(problems, donaz.Problem{Field: "name2", Reason: donaz.ReasonSameName})
	}
	if len(problems) > 0 {
		form := h.formFrom(c, setup, q)
		if !validGame(form.Game) {
			form.Game = newGameID()
		}
		return h.renderSetup(c, http.StatusBadRequest, form, problems, Setup{})
	}

	p := Clock{SetupURL: "/donaz?" + setupQuery(setup).Encode()}
	p.Digits = strconv.Itoa(setup.Minutes) + ":00"
	if setup.Untimed {
		p.Digits = l.T("donaz.time.untimed")
	}
	for i, t := range setup.Teams {
		p.Teams[i] = Team{Index: i, Name: names[i], Color: t.Color, ColorName: l.T("donaz.color." + t.Color), Digits: p.Digits}
		if !setup.Untimed {
			p.Teams[i].Digits = strconv.Itoa(setup.TeamMinutes(i)) + ":00"
		}
	}
	p.Budget, p.Increment, p.Summary = say.DonazSummary(l, setup, names)
	p.Delay = setup.Control == donaz.ControlDelay && !setup.Untimed
	if setup.Start != donaz.StartRandom {
		first, _ := strconv.Atoi(setup.Start)
		p.Ready = say.UpperFirst(l.T("donaz.clock.ready", "Team", h.said(l, setup, first-1)))
	}
	cfg := Config{
		Key:         setup.Query().Encode(),
		Names:       names,
		Said:        [2]string{h.said(l, setup, 0), h.said(l, setup, 1)},
		BudgetMs:    setup.Minutes * 60_000,
		BudgetsMs:   [2]int{setup.TeamMinutes(0) * 60_000, setup.TeamMinutes(1) * 60_000},
		Control:     setup.Control,
		Alerts:      setup.Alerts,
		Count:       setup.Count,
		PauseHidden: setup.PauseHidden,
		Untimed:     setup.Untimed,
		Start:       setup.Start,
		Messages:    h.messages(l.Lang),
	}
	// Only the chosen control's seconds: clock.js refuses the other'h.
	if setup.Control == donaz.ControlIncrement {
		cfg.IncrementMs = setup.Increment * 1000
	} else {
		cfg.DelayMs = setup.Delay * 1000
	}
	p.Config = cfg
	f := h.PlayFrame(c, "donaz-clock", l.T("donaz.clock.title"))
	f.Leave = page.NavLink{URL: p.SetupURL, Label: l.T("donaz.clock.leave")}
	return kit.RenderPage(c, http.StatusOK, ClockPage(f, p))
}

// defaultName empties a name that is a team's default in any language, so that the
// page names it in its own language (and switching language does not start a new game).
func (h handlers) defaultName(team int, name string) string {
	for _, lang := range i18n.Languages {
		if donaz.SameName(name, h.Catalog.Localizer(lang.Code).T("donaz.team.default", "Number", team+1)) {
			return ""
		}
	}
	return name
}

func (h handlers) name(l *i18n.Localizer, setup donaz.Setup, team int) string {
	if n := setup.Teams[team].Name; n != "" {
		return n
	}
	return l.T("donaz.team.default", "Number", team+1)
}

// said is a team's name as a sentence says it: the name typed, or the default with its
// article where the language needs one ("la squadra 1", "l'équipe 1": donaz.team.said).
func (h handlers) said(l *i18n.Localizer, setup donaz.Setup, team int) string {
	if n := setup.Teams[team].Name; n != "" {
		return n
	}
	return l.T("donaz.team.said", "Number", team+1)
}

// formFrom gives the form's values: what the query says, as typed, else the setup's.
func (h handlers) formFrom(c echo.Context, setup donaz.Setup, q url.Values) Form {
	l := h.Localizer(c)
	raw := func(key, fallback string) string {
		if _, ok := q[key]; ok {
			return q.Get(key)
		}
		return fallback
	}
	f := Form{
		Game:        q.Get("game"),
		Minutes:     raw("minutes", strconv.Itoa(setup.Minutes)),
		Untimed:     setup.Untimed,
		Control:     setup.Control,
		Increment:   raw("increment", strconv.Itoa(setup.Increment)),
		Delay:       raw("delay", strconv.Itoa(setup.Delay)),
		Alerts:      setup.Alerts,
		Count:       setup.Count,
		PauseHidden: setup.PauseHidden,
		Start:       setup.Start,
	}
	for i := range f.Teams {
		n := strconv.Itoa(i + 1)
		name := strings.TrimSpace(raw("name"+n, ""))
		if h.defaultName(i, name) == "" {
			name = l.T("donaz.team.default", "Number", i+1)
		}
		own := ""
		if m := setup.Teams[i].Minutes; m > 0 {
			own = strconv.Itoa(m)
		}
		f.Teams[i] = FormTeam{Number: i + 1, Name: name, Color: setup.Teams[i].Color, Minutes: raw("minutes"+n, own)}
	}
	return f
}

// renderSetup answers with the setup form, showing what was refused.
// quick, the top of a new setup's page, is empty on a refused one.
func (h handlers) renderSetup(c echo.Context, status int, form Form, problems []donaz.Problem, quick Setup) error {
	p := quick
	p.Form, p.Colors, p.Controls, p.AlertChoices = form, donaz.Colors, donaz.Controls, donaz.AlertChoices
	p.Invalid, p.MaxName = map[string]bool{}, donaz.MaxName
	for _, pr := range problems {
		p.Invalid[pr.Field] = true
		p.Problems = append(p.Problems, Problem{Field: pr.Field, Anchor: donazAnchor(pr.Field), Reason: pr.Reason})
	}
	return kit.RenderPage(c, status, SetupPage(h.Frame(c, "donaz", h.Localizer(c).T("donaz.setup.title")), p))
}

// donazAnchor is the id of the control a field's problem leads to.
func donazAnchor(field string) string {
	switch field {
	case "color1", "color2":
		return field + "-" + donaz.Colors[0]
	case "start":
		return "start-1"
	case "control":
		return "control-" + donaz.Controls[0]
	case "alert":
		return "alert-" + strconv.Itoa(donaz.AlertChoices[0])
	case "game":
		return "donaz-submit"
	}
	return field
}

// setupQuery is the setup as the form's query, without its game id: the setup page
// makes a new one.
func setupQuery(setup donaz.Setup) url.Values {
	q := setup.Query()
	q.Del("game")
	return q
}

// messages are the sentences the clock's script needs, in one language.
func (h handlers) messages(lang string) map[string]any {
	out := map[string]any{}
	for id, m := range h.Catalog.Messages(lang) {
		if !strings.HasPrefix(id, "donaz.") && !strings.HasPrefix(id, "time.") {
			continue
		}
		if m.Plural {
			out[id] = m.Forms
		} else {
			out[id] = m.Text
		}
	}
	return out
}

func newGameID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func validGame(g string) bool {
	_, problems := donaz.Parse(url.Values{"game": {g}})
	return len(problems) == 0
}

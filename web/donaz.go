package web

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
	"tavolo/web/page"
)

// donazRoutes registers Donaz's pages: the clock's setup, a plain GET form, and the clock,
// which runs in the browser from the validated setup it is handed.
func (s *Server) donazRoutes(e *echo.Echo) {
	e.GET("/donaz", s.donazSetup)
	e.GET("/donaz/clock", s.donazClock)
}

// donazConfig is what the clock's script is handed, as JSON: the validated setup, the
// key that tells one game from another (so a reload resumes and a new setup starts
// afresh), and the sentences of the page's language.
type donazConfig struct {
	Key         string         `json:"key"`
	Names       [2]string      `json:"names"`
	BudgetMs    int            `json:"budgetMs"`
	IncrementMs int            `json:"incrementMs"`
	Untimed     bool           `json:"untimed"`
	Start       string         `json:"start"`
	Messages    map[string]any `json:"messages"`
}

func (s *Server) donazSetup(c echo.Context) error {
	// Values in the query (the clock's "change the setup" link) fill the form; a fresh
	// game id makes whatever is submitted from here a new game.
	q := c.QueryParams()
	setup, _ := donaz.Parse(q)
	form := s.donazFormFrom(c, setup, q)
	form.Game = newGameID()
	return s.renderDonazSetup(c, http.StatusOK, form, nil)
}

func (s *Server) donazClock(c echo.Context) error {
	q := c.QueryParams()
	setup, problems := donaz.Parse(q)
	for i := range setup.Teams {
		setup.Teams[i].Name = s.donazDefaultName(i, setup.Teams[i].Name)
	}
	l := s.localizer(c)
	names := [2]string{s.donazName(l, setup, 0), s.donazName(l, setup, 1)}
	if donaz.SameName(names[0], names[1]) {
		problems = append(problems, donaz.Problem{Field: "name2", Reason: donaz.ReasonSameName})
	}
	if len(problems) > 0 {
		form := s.donazFormFrom(c, setup, q)
		if !validGame(form.Game) {
			form.Game = newGameID()
		}
		return s.renderDonazSetup(c, http.StatusBadRequest, form, problems)
	}

	p := page.DonazClock{SetupURL: "/donaz?" + setupQuery(setup).Encode()}
	for i, t := range setup.Teams {
		p.Teams[i] = page.DonazTeam{Index: i, Name: names[i], Color: t.Color, ColorName: l.T("donaz.color." + t.Color)}
	}
	p.Digits = strconv.Itoa(setup.Minutes) + ":00"
	if setup.Untimed {
		p.Budget = l.T("donaz.time.untimed")
		p.Digits = p.Budget
	} else {
		p.Budget = l.T("donaz.clock.budget", "Time", l.N("time.minutes", setup.Minutes))
	}
	if setup.Increment > 0 && !setup.Untimed {
		p.Increment = l.N("donaz.clock.increment", setup.Increment)
	}
	if setup.Start != donaz.StartRandom {
		first, _ := strconv.Atoi(setup.Start)
		p.Ready = l.T("donaz.clock.ready", "Team", names[first-1])
	}
	p.Config = donazConfig{
		Key:         setup.Query().Encode(),
		Names:       names,
		BudgetMs:    setup.Minutes * 60_000,
		IncrementMs: setup.Increment * 1000,
		Untimed:     setup.Untimed,
		Start:       setup.Start,
		Messages:    s.donazMessages(l.Lang),
	}
	f := s.playFrame(c, "donaz-clock", l.T("donaz.clock.title"))
	f.Leave = page.NavLink{URL: p.SetupURL, Label: l.T("donaz.clock.leave")}
	return renderPage(c, http.StatusOK, page.DonazClockPage(f, p))
}

// donazDefaultName empties a name that is a team's default in any language, so that the
// page names it in its own language (and switching language does not start a new game).
func (s *Server) donazDefaultName(team int, name string) string {
	for _, lang := range i18n.Languages {
		if donaz.SameName(name, s.catalog.Localizer(lang.Code).T("donaz.team.default", "Number", team+1)) {
			return ""
		}
	}
	return name
}

func (s *Server) donazName(l *i18n.Localizer, setup donaz.Setup, team int) string {
	if n := setup.Teams[team].Name; n != "" {
		return n
	}
	return l.T("donaz.team.default", "Number", team+1)
}

// donazFormFrom gives the form's values: what the query says, as typed, else the setup's.
func (s *Server) donazFormFrom(c echo.Context, setup donaz.Setup, q url.Values) page.DonazForm {
	l := s.localizer(c)
	raw := func(key, fallback string) string {
		if _, ok := q[key]; ok {
			return q.Get(key)
		}
		return fallback
	}
	f := page.DonazForm{
		Game:      q.Get("game"),
		Minutes:   raw("minutes", strconv.Itoa(setup.Minutes)),
		Untimed:   setup.Untimed,
		Increment: raw("increment", strconv.Itoa(setup.Increment)),
		Start:     setup.Start,
	}
	for i := range f.Teams {
		n := strconv.Itoa(i + 1)
		name := strings.TrimSpace(raw("name"+n, ""))
		if s.donazDefaultName(i, name) == "" {
			name = l.T("donaz.team.default", "Number", i+1)
		}
		f.Teams[i] = page.DonazFormTeam{Number: i + 1, Name: name, Color: setup.Teams[i].Color}
	}
	return f
}

// renderDonazSetup answers with the setup form, showing what was refused.
func (s *Server) renderDonazSetup(c echo.Context, status int, form page.DonazForm, problems []donaz.Problem) error {
	p := page.DonazSetup{Form: form, Colors: donaz.Colors, Invalid: map[string]bool{}, MaxName: donaz.MaxName}
	for _, pr := range problems {
		p.Invalid[pr.Field] = true
		p.Problems = append(p.Problems, page.DonazProblem{Field: pr.Field, Anchor: donazAnchor(pr.Field), Reason: pr.Reason})
	}
	return renderPage(c, status, page.DonazSetupPage(s.frame(c, "donaz", s.localizer(c).T("donaz.setup.title")), p))
}

// donazAnchor is the id of the control a field's problem leads to.
func donazAnchor(field string) string {
	switch field {
	case "color1", "color2":
		return field + "-" + donaz.Colors[0]
	case "start":
		return "start-1"
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

// donazMessages are the sentences the clock's script needs, in one language.
func (s *Server) donazMessages(lang string) map[string]any {
	out := map[string]any{}
	for id, m := range s.catalog.Messages(lang) {
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

package web

import (
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/page"
)

// cards are the registered games as the home page introduces them.
func (s *Server) cards() []page.Game {
	var cards []page.Game
	for _, g := range s.games {
		cards = append(cards, page.Game{ID: g.Name, Name: g.Title, Desc: g.Desc, Players: g.Players})
	}
	return cards
}

// homeContinues is how many of this device's unfinished tables the home page offers.
const homeContinues = 3

func (s *Server) home(c echo.Context) error {
	l := s.Localizer(c)
	continues, err := s.continues(c, l)
	if err != nil {
		return err
	}
	return kit.RenderPage(c, http.StatusOK, page.Home(s.Frame(c, "home", l.T("home.title")), s.cards(), continues))
}

// continues are this device's unfinished tables of every game, the most recently changed
// first, a few at most, as the home page links to them. A browser without a device yet
// (no session) has none, and is given none by asking.
func (s *Server) continues(c echo.Context, l *i18n.Localizer) ([]page.Continue, error) {
	if s.SessionDevice(c) == "" {
		return nil, nil
	}
	type found struct {
		game string
		kit.Resume
	}
	var all []found
	for _, g := range s.games {
		if g.Resume == nil {
			continue
		}
		tables, err := g.Resume(c, l)
		if err != nil {
			return nil, err
		}
		for _, t := range tables {
			if t.Home != nil {
				all = append(all, found{g.Name, t})
			}
		}
	}
	slices.SortStableFunc(all, func(a, b found) int { return b.Updated.Compare(a.Updated) })
	var out []page.Continue
	for _, t := range all {
		if len(out) == homeContinues {
			break
		}
		if text := t.Home(); text != "" {
			out = append(out, page.Continue{Game: t.game, URL: t.URL, Text: text})
		}
	}
	return out, nil
}

func (s *Server) about(c echo.Context) error {
	insecure := !s.cfg.Offline && c.Scheme() == "http" && !kit.LoopbackHost(c.Request().Host)
	return kit.RenderPage(c, http.StatusOK, page.About(s.Frame(c, "about", s.Localizer(c).T("about.title")), insecure))
}

func (s *Server) rules(c echo.Context) error {
	src, ok := i18n.Rules[c.Param("game")]
	if !ok {
		return echo.ErrNotFound
	}
	r := page.Rules{Title: src.Title, Intro: src.Intro}
	for _, sec := range src.Sections {
		out := page.RulesSection{Heading: sec.Heading}
		for _, b := range sec.Blocks {
			if n := len(out.Groups); n > 0 && out.Groups[n-1].List == b.Item {
				out.Groups[n-1].IDs = append(out.Groups[n-1].IDs, b.ID)
				continue
			}
			out.Groups = append(out.Groups, page.RulesGroup{List: b.Item, IDs: []string{b.ID}})
		}
		r.Sections = append(r.Sections, out)
	}
	for _, g := range s.cards() {
		if g.ID != c.Param("game") {
			r.Others = append(r.Others, g)
		}
	}
	return kit.RenderPage(c, http.StatusOK, page.RulesPage(s.Frame(c, "rules", s.Localizer(c).T(src.Title)), r))
}

package web

import (
	"net/http"

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

func (s *Server) home(c echo.Context) error {
	return kit.RenderPage(c, http.StatusOK, page.Home(s.Frame(c, "home", s.Localizer(c).T("home.title")), s.cards()))
}

func (s *Server) about(c echo.Context) error {
	return kit.RenderPage(c, http.StatusOK, page.About(s.Frame(c, "about", s.Localizer(c).T("about.title"))))
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

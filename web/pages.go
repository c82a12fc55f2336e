package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/page"
)

// games are Tavolo's games as the home page introduces them.
var games = []page.Game{
	{ID: "diamant", Name: "game.diamant", Desc: "home.diamant.desc", Players: "home.diamant.players"},
	{ID: "donaz", Name: "game.donaz", Desc: "home.donaz.desc", Players: "home.donaz.players"},
	{ID: "donuts", Name: "game.donuts", Desc: "home.donuts.desc", Players: "home.donuts.players"},
}

func (s *Server) home(c echo.Context) error {
	return kit.RenderPage(c, http.StatusOK, page.Home(s.Frame(c, "home", s.Localizer(c).T("home.title")), games))
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
	for _, g := range games {
		if g.ID != c.Param("game") {
			r.Others = append(r.Others, g)
		}
	}
	return kit.RenderPage(c, http.StatusOK, page.RulesPage(s.Frame(c, "rules", s.Localizer(c).T(src.Title)), r))
}

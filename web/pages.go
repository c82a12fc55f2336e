package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
)

// game is one of Tavolo's games as the home page introduces it.
type game struct {
	ID      string
	Name    string
	Desc    string // message id
	Players string // message id
	Ready   bool   // its companion is playable; until then its page says so
}

var games = []game{
	{ID: "diamant", Name: "Diamant", Desc: "home.diamant.desc", Players: "home.diamant.players", Ready: true},
	{ID: "donaz", Name: "Donaz", Desc: "home.donaz.desc", Players: "home.donaz.players", Ready: true},
	{ID: "donuts", Name: "Donuts", Desc: "home.donuts.desc", Players: "home.donuts.players", Ready: true},
}

func findGame(id string) (game, bool) {
	for _, g := range games {
		if g.ID == id {
			return g, true
		}
	}
	return game{}, false
}

func (s *Server) home(c echo.Context) error {
	return s.render(c, http.StatusOK, "home", "home.title", struct{ Games []game }{games})
}

func (s *Server) about(c echo.Context) error {
	return s.render(c, http.StatusOK, "about", "about.title", nil)
}

// gameComing is a game's page until its companion is built: it says so honestly.
func (s *Server) gameComing(id string) echo.HandlerFunc {
	return func(c echo.Context) error {
		g, _ := findGame(id)
		l := s.localizer(c)
		return s.renderTitled(c, http.StatusOK, "coming", l.T("game.coming.title", "Game", g.Name), g)
	}
}

// rulesGroup is a run of paragraphs, or of list items that form one list.
type rulesGroup struct {
	List bool
	IDs  []string
}

type rulesSection struct {
	Heading string
	Groups  []rulesGroup
}

type rulesPage struct {
	Title, Intro string
	Sections     []rulesSection
}

func (s *Server) rules(c echo.Context) error {
	g, ok := findGame(c.Param("game"))
	if !ok {
		return echo.ErrNotFound
	}
	src, ok := i18n.Rules[g.ID]
	if !ok {
		return echo.ErrNotFound
	}
	page := rulesPage{Title: src.Title, Intro: src.Intro}
	for _, sec := range src.Sections {
		out := rulesSection{Heading: sec.Heading}
		for _, b := range sec.Blocks {
			if n := len(out.Groups); n > 0 && out.Groups[n-1].List == b.Item {
				out.Groups[n-1].IDs = append(out.Groups[n-1].IDs, b.ID)
				continue
			}
			out.Groups = append(out.Groups, rulesGroup{List: b.Item, IDs: []string{b.ID}})
		}
		page.Sections = append(page.Sections, out)
	}
	var others []game
	for _, o := range games {
		if o.ID != g.ID {
			others = append(others, o)
		}
	}
	return s.render(c, http.StatusOK, "rules", src.Title, struct {
		Page   rulesPage
		Others []game
	}{page, others})
}

// renderTitled is render with a title already localized (one with parameters).
func (s *Server) renderTitled(c echo.Context, status int, name, title string, data any) error {
	c.Set("title", title)
	return s.render(c, status, name, "", data)
}

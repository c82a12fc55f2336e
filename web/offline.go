package web

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tavolo/web/page"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
	donutstable "tavolo/web/table/donuts"
)

// Tables kept on a phone (issue #15). The offline engine (cmd/tavolo-offline) is this server
// built for the browser, with Config.Offline: its tables are the phone's own, until the
// player moves one here (POST /tables/import, sent by the service worker).

// offlineRoutes: on the server, the move of a table here; in the engine, what the service
// worker and the pages ask of it.
func (s *Server) offlineRoutes(e *echo.Echo) {
	if !s.cfg.Offline {
		e.GET("/tables/import", s.importToken)
		e.POST("/tables/import", s.importTable, s.limitNewTables)
		return
	}
	e.GET("/offline/tables/:game", s.offlineTables)
	e.GET("/offline/refused", s.offlineRefused)
}

// needsServer: in the engine, what only a server can do (other phones join a table
// there) is answered with a page that says so.
func (s *Server) needsServer(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if !s.cfg.Offline {
			return next(c)
		}
		switch c.Path() {
		case "/diamant/phones", "/diamant/:id/table", "/diamant/:id/open", "/donuts/t/:id/open", "/join", "/join/:code":
			l := s.localizer(c)
			return renderPage(c, http.StatusConflict, page.Error(s.frame(c, "error", l.T("app.offline.server.title")), l.T("app.offline.server.body")))
		}
		return next(c)
	}
}

// importToken gives the service worker the form token a move needs (it cannot read the
// cookie that holds it).
func (s *Server) importToken(c echo.Context) error {
	token, _ := c.Get("csrf").(string)
	return c.JSON(http.StatusOK, map[string]string{"csrf": token})
}

// importTable makes a table kept on a phone one of the server's, for this device: the
// record is replayed first, and refused with a sentence if it does not replay.
func (s *Server) importTable(c echo.Context) error {
	l := s.localizer(c)
	refuse := func(status int, id string) error {
		return c.JSON(status, map[string]string{"error": l.T(id)})
	}
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return refuse(http.StatusBadRequest, "app.offline.move.bad")
	}
	var r table.Record
	if err := json.Unmarshal(body, &r); err != nil {
		return refuse(http.StatusBadRequest, "app.offline.move.bad")
	}
	device, err := s.deviceID(c)
	if err != nil {
		return err
	}
	moved := table.Record{Table: table.Table{ID: table.NewID(), Game: r.Game, Setup: r.Setup}, Log: r.Log}
	var seats table.SeatSet
	switch r.Game {
	case diamanttable.Game.Name():
		t, err := diamanttable.Game.Replay(moved)
		if err != nil || t.Opt.Lobby || t.State == nil {
			return refuse(http.StatusUnprocessableEntity, "app.offline.move.damaged")
		}
		seats, moved.Finished = diamanttable.Game.Seats(t), t.State.Finished()
	case donutstable.Game.Name():
		t, err := donutstable.Game.Replay(moved)
		if err != nil {
			return refuse(http.StatusUnprocessableEntity, "app.offline.move.damaged")
		}
		seats, moved.Finished = donutstable.Game.Seats(t), t.Game.Finished()
	default:
		return refuse(http.StatusUnprocessableEntity, "app.offline.move.bad")
	}
	var held []int
	for x := range 64 {
		if seats.Has(x) {
			held = append(held, x)
		}
	}
	moved.Devices = []table.Device{{ID: device, Seats: held, Host: true}}
	if err := s.store.Import(c.Request().Context(), moved); err != nil {
		return err
	}
	path := "/diamant/"
	if r.Game == donutstable.Game.Name() {
		path = "/donuts/t/"
	}
	return c.JSON(http.StatusCreated, map[string]string{"url": path + moved.ID})
}

// offlineTables lists a game's tables kept on this phone, as its setup page lists them, for
// a page from the server to show them too.
func (s *Server) offlineTables(c echo.Context) error {
	type link struct {
		URL  string `json:"url"`
		Text string `json:"text"`
	}
	items := []link{}
	l := s.loc(c)
	switch c.Param("game") {
	case "diamant":
		tables, err := s.diamantResume(c, l)
		if err != nil {
			return err
		}
		for _, t := range tables {
			items = append(items, link{"/diamant/" + t.ID, l.T("diamant.setup.resume.item", "Names", t.Names)})
		}
	case "donuts":
		tables, err := s.donutsResume(c, l)
		if err != nil {
			return err
		}
		for _, t := range tables {
			items = append(items, link{"/donuts/t/" + t.ID, t.Text})
		}
	default:
		return echo.ErrNotFound
	}
	return c.JSON(http.StatusOK, items)
}

// offlineRefused says why a move to the server did not happen: the server's sentence, or
// that it could not be reached; the table stays on the phone.
func (s *Server) offlineRefused(c echo.Context) error {
	l := s.localizer(c)
	why := strings.TrimSpace(c.QueryParam("error"))
	if why == "" || len(why) > 500 {
		why = l.T("app.offline.move.network")
	}
	return renderPage(c, http.StatusOK, page.Error(s.frame(c, "error", l.T("app.offline.move.refused")), why))
}

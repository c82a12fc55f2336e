package web

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/i18n"
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
		e.POST("/tables/import", s.importTable) // takes from the allowance once the record is new
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

// importTable makes a table kept on a phone one of the server's, for this device. The
// record goes through the checks a new table's form goes through, and is stored as the
// server encodes it, never as it was sent (each game's Import); a record that does not
// pass is refused with a sentence (422), and nothing is stored. The same record sent again
// by the same device (a retry after a lost reply) makes no second table: it is answered
// with the table the first made (200 rather than 201), and takes nothing from the
// allowance of new tables, which only a new table does.
func (s *Server) importTable(c echo.Context) error {
	l := s.localizer(c)
	refuse := func(status int, text string) error {
		return c.JSON(status, map[string]string{"error": text})
	}
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return refuse(http.StatusBadRequest, l.T("app.offline.move.bad"))
	}
	var r table.Record
	if err := json.Unmarshal(body, &r); err != nil {
		return refuse(http.StatusBadRequest, l.T("app.offline.move.bad"))
	}
	device, err := s.deviceID(c)
	if err != nil {
		return err
	}
	var moved table.Record
	var seats table.SeatSet
	path := "/diamant/"
	switch r.Game {
	case diamanttable.Game.Name():
		var t *diamanttable.Shared
		if moved, t, err = diamanttable.Import(r); err == nil {
			seats = diamanttable.Game.Seats(t)
		}
	case donutstable.Game.Name():
		var t *donutstable.Table
		if moved, t, err = donutstable.Import(r); err == nil {
			seats = donutstable.Game.Seats(t)
		}
		path = "/donuts/t/"
	default:
		return refuse(http.StatusUnprocessableEntity, l.T("app.offline.move.bad"))
	}
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, importProblem(l, err))
	}

	ctx := c.Request().Context()
	moved.ImportKey = table.ImportKeyOf(device, r.ID, moved)
	movedBefore := func(id string) error {
		return c.JSON(http.StatusOK, map[string]string{"url": path + id})
	}
	if id, err := s.store.FindImport(ctx, moved.ImportKey); err == nil {
		return movedBefore(id)
	} else if !errors.Is(err, table.ErrNotFound) {
		return err
	}
	if ok, err := s.takeNewTable(c); !ok {
		return err
	}
	var held []int
	for x := range 64 {
		if seats.Has(x) {
			held = append(held, x)
		}
	}
	moved.ID = table.NewID()
	moved.Devices = []table.Device{{ID: device, Seats: held, Host: true}}
	switch err := s.store.Import(ctx, moved); {
	case errors.Is(err, table.ErrImported):
		// The same record, moved meanwhile by another request of this device.
		id, err := s.store.FindImport(ctx, moved.ImportKey)
		if err != nil {
			return err
		}
		return movedBefore(id)
	case err != nil:
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"url": path + moved.ID})
}

// importProblem says why a record cannot be moved to the server.
func importProblem(l *i18n.Localizer, err error) string {
	var de *diamant.Error
	switch {
	case errors.Is(err, table.ErrDamaged):
		return l.T("app.offline.move.damaged")
	case errors.Is(err, donutstable.ErrLevel):
		return l.T("app.offline.move.level")
	case errors.Is(err, donutstable.ErrNoHuman):
		return l.T("app.offline.move.human")
	case errors.Is(err, table.ErrOption):
		return l.T("app.offline.move.option")
	case errors.As(err, &de):
		return l.T("app.offline.move.players", "Problem", diamantProblem(l, de))
	}
	return l.T("app.offline.move.damaged")
}

// offlineTables lists a game's tables kept on this phone, as its setup page lists them, for
// a page from the server to show them too.
func (s *Server) offlineTables(c echo.Context) error {
	type link struct {
		URL  string `json:"url"`
		Text string `json:"text"`
	}
	items := []link{}
	l := s.localizer(c)
	switch c.Param("game") {
	case "diamant":
		tables, err := diamantHandlers{s.Kit}.resume(c, l)
		if err != nil {
			return err
		}
		for _, t := range tables {
			items = append(items, link{"/diamant/" + t.ID, l.T("diamant.setup.resume.item", "Names", t.Names)})
		}
	case "donuts":
		tables, err := donutsHandlers{s.Kit}.resume(c, l)
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

package web

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/page"
	"tavolo/web/say"
	"tavolo/web/table"
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
		path := c.Path()
		if path == "/join" || path == "/join/:code" || slices.ContainsFunc(s.games, func(g kit.Game) bool { return slices.Contains(g.NeedsServer, path) }) {
			l := s.Localizer(c)
			return kit.RenderPage(c, http.StatusConflict, page.Error(s.Frame(c, "error", l.T("app.offline.server.title")), l.T("app.offline.server.body")))
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
	l := s.Localizer(c)
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
	device, err := s.DeviceID(c)
	if err != nil {
		return err
	}
	g, ok := s.game(r.Game)
	if !ok || g.Import == nil {
		return refuse(http.StatusUnprocessableEntity, l.T("app.offline.move.bad"))
	}
	moved, seats, err := g.Import(r)
	path := g.TablePath
	if err != nil {
		return refuse(http.StatusUnprocessableEntity, importProblem(l, g, err))
	}

	ctx := c.Request().Context()
	moved.ImportKey = table.ImportKeyOf(device, r.ID, moved)
	movedBefore := func(id string) error {
		return c.JSON(http.StatusOK, map[string]string{"url": path + id})
	}
	if id, err := s.Store.FindImport(ctx, moved.ImportKey); err == nil {
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
	switch err := s.Store.Import(ctx, moved); {
	case errors.Is(err, table.ErrImported):
		// The same record, moved meanwhile by another request of this device.
		id, err := s.Store.FindImport(ctx, moved.ImportKey)
		if err != nil {
			return err
		}
		return movedBefore(id)
	case err != nil:
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"url": path + moved.ID})
}

// importProblem says why a record cannot be moved to the server: the game's own sentence
// for its own checks, or what every table's checks say.
func importProblem(l *i18n.Localizer, g kit.Game, err error) string {
	if errors.Is(err, table.ErrDamaged) {
		return l.T("app.offline.move.damaged")
	}
	if g.ImportProblem != nil {
		if text := g.ImportProblem(l, err); text != "" {
			return text
		}
	}
	if errors.Is(err, table.ErrOption) {
		return l.T("app.offline.move.option")
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
	g, ok := s.game(c.Param("game"))
	if !ok || g.Resume == nil {
		return echo.ErrNotFound
	}
	tables, err := g.Resume(c, s.Localizer(c))
	if err != nil {
		return err
	}
	items := []link{}
	for _, t := range tables {
		items = append(items, link{t.URL, t.Text})
	}
	return c.JSON(http.StatusOK, items)
}

// offlineRefused says why a move to the server did not happen: the server's sentence, or
// that it could not be reached; the table stays on the phone.
func (s *Server) offlineRefused(c echo.Context) error {
	l := s.Localizer(c)
	why := strings.TrimSpace(c.QueryParam("error"))
	if why == "" || len(why) > 500 {
		why = l.T("app.offline.move.network")
	}
	return kit.RenderPage(c, http.StatusOK, page.Error(s.Frame(c, "error", l.T("app.offline.move.refused")), why))
}

// deviceSettings are the settings as the service worker hands them to the engine: what
// pwa/static/js/settings.js reads from a page (the rate a number, the switches booleans).
type deviceSettings struct {
	Lang, Text, Contrast, Motion, Verbosity string
	Rate                                    json.Number
	Speak, Sound, Vibrate                   bool
}

// HandSettings sets the engine's settings, the device's, from the JSON its service worker
// hands it (tavoloSettings): each checked as the settings form checks it. A value not
// allowed changes nothing, and says which.
func (s *Server) HandSettings(raw []byte) error {
	var in deviceSettings
	if err := json.Unmarshal(raw, &in); err != nil {
		return err
	}
	form := url.Values{"lang": {in.Lang}, "text": {in.Text}, "contrast": {in.Contrast}, "motion": {in.Motion},
		"rate": {in.Rate.String()}, "verbosity": {cmp.Or(in.Verbosity, say.VerbosityFull)}}
	for k, on := range map[string]bool{"speak": in.Speak, "sound": in.Sound, "vibrate": in.Vibrate} {
		if on {
			form.Set(k, "on")
		}
	}
	st, invalid := parseSettingsForm(form)
	if invalid != "" {
		return fmt.Errorf("web: a setting is not allowed: %s", invalid)
	}
	s.Kit.HandSettings(st)
	return nil
}

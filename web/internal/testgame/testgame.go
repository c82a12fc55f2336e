// Package testgame is a small game that only tests register: two seats, one phone each,
// and a count of taps. It shows what a game needs to plug in (its own folder, one
// registration): a table plug-in, routes, a descriptor.
package testgame

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/table"
)

// Name is the game's name, and Path its home.
const (
	Name = "taps"
	Path = "/taps"
)

// Options are a table's setup: the seats' names.
type Options struct {
	Players []string `json:"players"`
}

// State is a table as every device sees it: its options and the taps so far.
type State struct {
	Opt  Options
	Taps int
}

// Game is the table plug-in: how a record replays.
var Game table.Game[*State] = game{}

type game struct{}

func (game) Name() string { return Name }
func (game) Replay(rec table.Record) (*State, error) {
	st := &State{Taps: len(rec.Log)}
	return st, json.Unmarshal(rec.Setup, &st.Opt)
}
func (game) Seats(st *State) table.SeatSet { return table.AllSeats(len(st.Opt.Players)) }

type handlers struct{ *kit.Kit }

// New is the game as a server registers it.
func New(k *kit.Kit) kit.Game {
	h := handlers{k}
	return kit.Game{Name: Name, Title: "game.diamant", Desc: "home.diamant.desc", Players: "home.diamant.players",
		Path: Path, TablePath: Path + "/t/", Routes: h.routes, Resume: h.resume, Join: join,
		NeedsServer: []string{Path + "/t/:id/code"}, OfflinePages: []string{Path}, OfflineForms: []string{Path}}
}

func (h handlers) routes(e *echo.Echo) {
	e.POST(Path, h.create, h.Limits.NewTables)
	e.GET(Path+"/t/:id", h.show)
	e.POST(Path+"/t/:id/tap", h.tap, h.Limits.Actions)
	e.POST(Path+"/t/:id/code", h.code, h.Limits.Actions)
}

// create opens a table whose host holds the first seat; the second waits for a phone.
func (h handlers) create(c echo.Context) error {
	device, err := h.DeviceID(c)
	if err != nil {
		return err
	}
	id, err := h.Tables.Create(c.Request().Context(), Name, Options{Players: []string{"Ada", "Bruno"}},
		table.Device{ID: device, Seats: []int{0}, Host: true})
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, Path+"/t/"+id)
}

// show answers with the taps so far, as text.
func (h handlers) show(c echo.Context) error {
	o, err := kit.OpenTable(h.Kit, c, Game, c.Param("id"))
	if err != nil {
		return err
	}
	return c.String(http.StatusOK, "taps: "+strconv.Itoa(o.State.Taps)+" code: "+o.Rec.Code)
}

// tap adds a tap to the table's log.
func (h handlers) tap(c echo.Context) error {
	unlock, err := h.LockTable(c.Param("id"))
	if err != nil {
		return err
	}
	defer unlock()
	o, err := kit.OpenTable(h.Kit, c, Game, c.Param("id"))
	if err != nil {
		return err
	}
	if _, err := h.Tables.Append(c.Request().Context(), o.Rec.ID, o.Rec.Version, json.RawMessage(`"tap"`), false, nil); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, Path+"/t/"+o.Rec.ID)
}

// code gives the table a join code: other phones may join it.
func (h handlers) code(c echo.Context) error {
	if _, err := kit.OpenTable(h.Kit, c, Game, c.Param("id")); err != nil {
		return err
	}
	if err := h.Tables.GiveCode(c.Request().Context(), c.Param("id")); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, Path+"/t/"+c.Param("id"))
}

func (h handlers) resume(c echo.Context, l *i18n.Localizer) ([]kit.Resume, error) {
	recs, err := h.DeviceTables(c, Name)
	var out []kit.Resume
	for _, r := range recs {
		out = append(out, kit.Resume{URL: Path + "/t/" + r.ID, Text: r.ID})
	}
	return out, err
}

// join: a table with a code has its second seat free for a phone.
func join(l *i18n.Localizer, rec table.Record) (kit.Joining, bool) {
	var opt Options
	if json.Unmarshal(rec.Setup, &opt) != nil {
		return kit.Joining{}, false
	}
	return kit.Joining{Heading: "join.table.heading", Names: opt.Players, Own: []int{0},
		SeatLabel: func(seat int) string { return l.T("join.take", "Name", opt.Players[seat]) },
		Take:      func(table.Record, int, string) (json.RawMessage, error) { return nil, nil }}, true
}

package web

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"

	"tavolo/companion/diamant"
	"tavolo/web/page"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
	donutstable "tavolo/web/table/donuts"
)

// Joining a table by its code. Every look-up of a code is rate-limited per client
// address, and a wrong code costs a second more: codes cannot be tried in bulk.

const (
	joinRate    = rate.Limit(0.5) // look-ups a second, after the burst
	joinBurst   = 20
	wrongCodeIn = time.Second
)

func (s *Server) joinRoutes(e *echo.Echo) {
	limit := middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		IdentifierExtractor: clientKey,
		Store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate: joinRate, Burst: joinBurst, ExpiresIn: 10 * time.Minute}),
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			return s.renderJoin(c, http.StatusTooManyRequests, page.Join{Problem: s.localizer(c).T("join.error.toomany")})
		},
		ErrorHandler: func(c echo.Context, err error) error { return echo.ErrBadRequest.SetInternal(err) },
	})
	e.GET("/join", s.joinForm)
	e.POST("/join", s.joinCode, limit)
	e.GET("/join/:code", s.joinTable, limit)
	e.POST("/join/:code", s.joinSeat, limit)
}

func (s *Server) renderJoin(c echo.Context, status int, p page.Join) error {
	l := s.localizer(c)
	if p.Heading == "" {
		p.Heading = l.T("join.title")
	}
	p.MaxName = diamant.MaxNameRunes
	return renderPage(c, status, page.JoinPage(s.frame(c, "join", p.Heading), p))
}

func (s *Server) joinForm(c echo.Context) error {
	code, _ := table.NormalizeJoinCode(c.QueryParam("code"))
	return s.renderJoin(c, http.StatusOK, page.Join{Code: code})
}

// wrongCode answers a code that names no open table, after a pause.
func (s *Server) wrongCode(c echo.Context, typed string) error {
	select {
	case <-time.After(wrongCodeIn):
	case <-c.Request().Context().Done():
	}
	if len(typed) > 12 {
		typed = typed[:12]
	}
	return s.renderJoin(c, http.StatusNotFound, page.Join{Code: typed, Problem: s.localizer(c).T("join.error.code")})
}

// joinable is a table as joining it offers it: Diamant's or Donuts'.
type joinable struct {
	rec     table.Record
	names   []string // the seats' names: the players', or the colours
	own     []int    // the seats the host's phone keeps
	lobby   bool     // seats are still being added (Diamant)
	diamant diamanttable.Options
}

// findJoin reads a typed code and loads the table it opens to other phones.
func (s *Server) findJoin(c echo.Context, typed string) (joinable, bool, error) {
	var j joinable
	code, ok := table.NormalizeJoinCode(typed)
	if !ok {
		return j, false, nil
	}
	ctx := c.Request().Context()
	id, err := s.store.FindByCode(ctx, code)
	if err == nil {
		j.rec, err = s.store.Load(ctx, id)
	}
	if errors.Is(err, table.ErrNotFound) || err != nil {
		return j, false, ignore(err, table.ErrNotFound)
	}
	if j.rec.Finished {
		return j, false, nil
	}
	switch j.rec.Game {
	case "diamant":
		opt := &j.diamant
		if json.Unmarshal(j.rec.Setup, opt) != nil || !opt.Phones || opt.Ended {
			return j, false, nil
		}
		j.names, j.own, j.lobby = opt.Players, opt.Own, opt.Lobby
	case "donuts":
		var opt donutstable.Options
		if json.Unmarshal(j.rec.Setup, &opt) != nil || !opt.Phones {
			return j, false, nil
		}
		l := s.localizer(c)
		j.names, j.own = []string{l.T("donuts.who.chocolate"), l.T("donuts.who.vanilla")}, opt.Own
	default:
		return j, false, nil
	}
	j.rec.Devices, _ = table.RepairSeats(j.rec.Devices, table.AllSeats(len(j.names)))
	return j, true, nil
}

// ignore is err, unless it is target.
func ignore(err, target error) error {
	if errors.Is(err, target) {
		return nil
	}
	return err
}

func (s *Server) joinCode(c echo.Context) error {
	typed := c.FormValue("code")
	_, ok, err := s.findJoin(c, typed)
	if err != nil {
		return err
	}
	if !ok {
		return s.wrongCode(c, typed)
	}
	code, _ := table.NormalizeJoinCode(typed)
	return c.Redirect(http.StatusSeeOther, "/join/"+code)
}

func (s *Server) joinTable(c echo.Context) error {
	j, ok, err := s.findJoin(c, c.Param("code"))
	if err != nil {
		return err
	}
	if !ok {
		return s.wrongCode(c, c.Param("code"))
	}
	p, err := s.joinPageOf(c, j)
	if err != nil {
		return err
	}
	return s.renderJoin(c, http.StatusOK, p)
}

// tableURL is where a table's game is played.
func tableURL(rec table.Record) string {
	if rec.Game == "donuts" {
		return "/donuts/t/" + rec.ID
	}
	return "/diamant/" + rec.ID
}

func (s *Server) joinPageOf(c echo.Context, j joinable) (page.Join, error) {
	l := s.localizer(c)
	device, err := s.deviceID(c)
	if err != nil {
		return page.Join{}, err
	}
	rec := j.rec
	p := page.Join{Code: rec.Code, Found: true, Spaced: table.SpacedCode(rec.Code), Names: say.Names(l, j.names),
		Lobby: j.lobby, TableURL: tableURL(rec), Heading: l.T("join.table.heading")}
	if rec.Game == "donuts" {
		p.Heading = l.T("join.table.heading.donuts")
	}
	p.AtTable = slices.ContainsFunc(rec.Devices, func(d table.Device) bool { return d.ID == device })
	p.Seated = slices.ContainsFunc(rec.Devices, func(d table.Device) bool { return d.ID == device && len(d.Seats) > 0 })
	for _, seat := range table.FreeSeats(j.own, rec.Devices) {
		label := l.T("join.take", "Name", j.names[seat])
		if rec.Game == "donuts" {
			label = l.T("join.take.donuts", "Color", say.DonutsColor(l, donutstable.ColorOf(seat)))
		}
		p.Free = append(p.Free, page.JoinSeat{Seat: seat, Label: label})
	}
	return p, nil
}

// joinSeat gives the device a free seat, or in the lobby a new seat with its name.
func (s *Server) joinSeat(c echo.Context) error {
	j, ok, err := s.findJoin(c, c.Param("code"))
	if err != nil {
		return err
	}
	if !ok {
		return s.wrongCode(c, c.Param("code"))
	}
	unlock, err := s.lockTable(j.rec.ID)
	if err != nil {
		return err
	}
	defer unlock()
	// Read again under the lock: the seat may have been taken meanwhile.
	if j, ok, err = s.findJoin(c, c.Param("code")); err != nil {
		return err
	}
	if !ok {
		return s.wrongCode(c, c.Param("code"))
	}
	rec, opt := j.rec, j.diamant
	l := s.localizer(c)
	device, err := s.deviceID(c)
	if err != nil {
		return err
	}
	again := func(status int, problem string) error {
		p, err := s.joinPageOf(c, j)
		if err != nil {
			return err
		}
		p.Problem, p.Name = problem, c.FormValue("name")
		return s.renderJoin(c, status, p)
	}
	ctx := c.Request().Context()
	var setup json.RawMessage // nil: the options are unchanged
	if c.FormValue("seat") == "new" {
		devices, err := opt.JoinNew(rec.Devices, device, c.FormValue("name"))
		if problem, status, ok := tableRefusal(l, err); ok {
			return again(status, problem)
		} else if err != nil {
			return err
		}
		if setup, err = json.Marshal(opt); err != nil {
			return err
		}
		rec.Devices = devices
	} else {
		seat, err := strconv.Atoi(c.FormValue("seat"))
		if err != nil {
			seat = -1 // no seat: refused as one taken
		}
		var devices []table.Device
		if rec.Game == "diamant" {
			devices, err = opt.Claim(rec.Devices, seat, device, len(rec.Log))
		} else {
			devices, err = table.Claim(rec.Devices, j.own, seat, device)
		}
		if problem, status, ok := tableRefusal(l, err); ok {
			return again(status, problem)
		} else if err != nil {
			return err
		}
		if rec.Game == "diamant" && !opt.Lobby {
			// During a game the seat's secrets stay with the phone that had them: the
			// options that say so change with the devices, in the same write.
			if setup, err = json.Marshal(opt); err != nil {
				return err
			}
		}
		rec.Devices = devices
	}
	// The new seat's name and the device holding it in one write: never one without the other.
	if _, err := s.tables.Update(ctx, rec.ID, rec.Version, setup, rec.Devices); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, tableURL(rec))
}

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

	"tavolo/web/kit"
	"tavolo/web/page"
	"tavolo/web/say"
	"tavolo/web/table"
)

// Joining a table by its code. Every look-up of a code is rate-limited per client
// address, and a wrong code costs a second more: codes cannot be tried in bulk.

const (
	defaultJoinLookupsPerMinute = 30 // look-ups a minute per client address, after the burst
	joinBurst                   = 20
	wrongCodeIn                 = time.Second
)

func (s *Server) joinRoutes(e *echo.Echo) {
	limit := func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	if perMinute := capOr(s.cfg.JoinLookupsPerMinutePerAddress, defaultJoinLookupsPerMinute); perMinute > 0 {
		limit = middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
			IdentifierExtractor: clientKey,
			Store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
				Rate: rate.Limit(float64(perMinute) / 60), Burst: joinBurst, ExpiresIn: 10 * time.Minute}),
			DenyHandler: func(c echo.Context, _ string, _ error) error {
				s.metrics.refused[limitJoinLookups].Add(1)
				return s.renderJoin(c, http.StatusTooManyRequests, page.Join{Problem: s.Localizer(c).T("join.error.toomany")})
			},
			ErrorHandler: func(c echo.Context, err error) error { return echo.ErrBadRequest.SetInternal(err) },
		})
	}
	e.GET("/join", s.joinForm)
	e.POST("/join", s.joinCode, limit)
	e.GET("/join/:code", s.joinTable, limit)
	e.POST("/join/:code", s.joinSeat, limit)
}

func (s *Server) renderJoin(c echo.Context, status int, p page.Join) error {
	l := s.Localizer(c)
	if p.Heading == "" {
		p.Heading = l.T("join.title")
	}
	return kit.RenderPage(c, status, page.JoinPage(s.Frame(c, "join", p.Heading), p))
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
	return s.renderJoin(c, http.StatusNotFound, page.Join{Code: typed, Problem: s.Localizer(c).T("join.error.code")})
}

// joinable is a table as joining it offers it: its record, its game and what joining finds.
type joinable struct {
	rec  table.Record
	game kit.Game
	kit.Joining
}

// findJoin reads a typed code and loads the table it opens to other phones.
func (s *Server) findJoin(c echo.Context, typed string) (joinable, bool, error) {
	var j joinable
	code, ok := table.NormalizeJoinCode(typed)
	if !ok {
		return j, false, nil
	}
	ctx := c.Request().Context()
	id, err := s.Store.FindByCode(ctx, code)
	if err == nil {
		j.rec, err = s.Store.Load(ctx, id)
	}
	if errors.Is(err, table.ErrNotFound) || err != nil {
		return j, false, ignore(err, table.ErrNotFound)
	}
	if j.rec.Finished {
		return j, false, nil
	}
	if j.game, ok = s.game(j.rec.Game); !ok || j.game.Join == nil {
		return j, false, nil
	}
	if j.Joining, ok = j.game.Join(s.Localizer(c), j.rec); !ok {
		return j, false, nil
	}
	j.rec.Devices, _ = table.RepairSeats(j.rec.Devices, table.AllSeats(len(j.Names)))
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

func (s *Server) joinPageOf(c echo.Context, j joinable) (page.Join, error) {
	l := s.Localizer(c)
	device, err := s.DeviceID(c)
	if err != nil {
		return page.Join{}, err
	}
	rec := j.rec
	p := page.Join{Code: rec.Code, Found: true, Spaced: table.SpacedCode(rec.Code), Names: say.And(l, j.Names),
		Lobby: j.Lobby, MaxName: j.MaxName, TableURL: j.game.TablePath + rec.ID, Heading: l.T(j.Heading)}
	p.AtTable = slices.ContainsFunc(rec.Devices, func(d table.Device) bool { return d.ID == device })
	p.Seated = slices.ContainsFunc(rec.Devices, func(d table.Device) bool { return d.ID == device && len(d.Seats) > 0 })
	for _, seat := range table.FreeSeats(j.Own, rec.Devices) {
		p.Free = append(p.Free, page.JoinSeat{Seat: seat, Label: j.SeatLabel(seat)})
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
	unlock, err := s.LockTable(j.rec.ID)
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
	rec := j.rec
	l := s.Localizer(c)
	device, err := s.DeviceID(c)
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
		if !j.Lobby || j.Add == nil {
			return again(http.StatusConflict, l.T("join.error.started"))
		}
		// One new seat per phone: a device that holds a seat already (the host's phone
		// too) adds no other by joining, or one phone could fill every seat of the lobby.
		// The host adds seats on its own phone, and may leave them free for that phone.
		if at := slices.IndexFunc(rec.Devices, func(d table.Device) bool { return d.ID == device }); at >= 0 && len(rec.Devices[at].Seats) > 0 {
			return again(http.StatusConflict, l.T("join.error.onenew"))
		}
		var seat, status int
		var problem string
		if setup, seat, status, problem, err = j.Add(c.FormValue("name")); err != nil {
			return err
		}
		if problem != "" {
			return again(status, problem)
		}
		rec.Devices = table.MoveSeat(rec.Devices, seat, device)
	} else {
		seat, err := strconv.Atoi(c.FormValue("seat"))
		if err != nil {
			seat = -1 // no seat: refused as one taken
		}
		devices, err := table.Claim(rec.Devices, j.Own, seat, device)
		if problem, status, ok := kit.SayRefusal(l, err); ok {
			return again(status, problem)
		}
		if setup, err = j.Take(rec, seat, device); err != nil {
			return err
		}
		rec.Devices = devices
	}
	// The new seat's name and the device holding it in one write: never one without the other.
	if _, err := s.Tables.Update(ctx, rec.ID, rec.Version, setup, rec.Devices); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, j.game.TablePath+rec.ID)
}

package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"tavolo/web/table"
)

// A table as a request meets it: the device a browser is, the table it names, and that
// table's lock (the rules of tables themselves are web/table's).

// errNotAtTable: the device holds no seat at the table.
var errNotAtTable = echo.NewHTTPError(http.StatusForbidden)

// loadTable reads a table of a game and the requesting device's place at it: a 404 for
// anything that is not a table of that game, a 403 for a device that holds no seat there.
func (s *Server) loadTable(c echo.Context, id, game string) (table.Record, table.Device, error) {
	if !table.ValidID(id) {
		return table.Record{}, table.Device{}, echo.ErrNotFound
	}
	rec, err := s.store.Load(c.Request().Context(), id)
	if errors.Is(err, table.ErrNotFound) || err == nil && rec.Game != game {
		return rec, table.Device{}, echo.ErrNotFound
	}
	if err != nil {
		return rec, table.Device{}, err
	}
	device, err := s.deviceID(c)
	if err != nil {
		return rec, table.Device{}, err
	}
	for _, d := range rec.Devices {
		if d.ID == device {
			return rec, d, nil
		}
	}
	return rec, table.Device{ID: device}, errNotAtTable
}

// deviceID returns the browser's device id, kept in its session; a new browser gets one.
func (s *Server) deviceID(c echo.Context) (string, error) {
	if id := s.readSession(c).Device; id != "" {
		return id, nil
	}
	id := table.NewID()
	return id, s.changeSession(c, func(d *sessionData) { d.Device = id })
}

// lockTable takes the lock of the table a request names, once the id has the form of one:
// anything else is a 404 before any lock or store is touched.
func (s *Server) lockTable(id string) (func(), error) {
	if !table.ValidID(id) {
		return nil, echo.ErrNotFound
	}
	return s.locks.Lock(id), nil
}

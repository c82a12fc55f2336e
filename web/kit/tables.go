package kit

import (
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"tavolo/web/table"
)

// A table as a request meets it: the device a browser is, and the table it names, read
// by web/table (whose rules tables follow) with its errors said as HTTP's.

// ErrNotAtTable: the device holds no seat at the table.
var ErrNotAtTable = echo.NewHTTPError(http.StatusForbidden)

// OpenTable reads the table a request names, of game g, as this device finds it: a 404
// for anything that is not a table of that game, a 403 for a device that holds no seat
// there. Rec and State are shared with every reader: not to be changed.
func OpenTable[S any](s *Kit, c echo.Context, g table.Game[S], id string) (table.Opened[S], error) {
	return OpenTableAs(s, c, g, id, "")
}

// OpenTableAs is OpenTable as device, or as the request's device if "". A live stream
// reads as the device its first read found, the same at every read of its table (not
// looked up again at every change of the table, on every phone: even from the request's
// context, 1.3 % of the server's CPU under make bench-load).
func OpenTableAs[S any](s *Kit, c echo.Context, g table.Game[S], id, device string) (table.Opened[S], error) {
	if device == "" {
		if !table.ValidID(id) { // a 404 before the session is touched (table.Open checks it too)
			return table.Opened[S]{}, echo.ErrNotFound
		}
		var err error
		if device, err = s.DeviceID(c); err != nil {
			return table.Opened[S]{}, err
		}
	}
	o, err := table.Open(c.Request().Context(), s.Tables, g, id, device)
	if err != nil {
		return o, TableError(err)
	}
	if o.Repaired {
		s.Log.Warn("table: seats repaired as read", "table", id, "version", o.Rec.Version, "devices", fmt.Sprint(o.Rec.Devices))
	}
	return o, nil
}

// TableError is web/table's error as the reply says it.
func TableError(err error) error {
	switch {
	case errors.Is(err, table.ErrNotFound):
		return echo.ErrNotFound
	case errors.Is(err, table.ErrNotAtTable):
		return ErrNotAtTable
	case errors.Is(err, table.ErrDamaged):
		// Its options or its log cannot be read or replayed: refused, said so.
		return &PageError{Status: http.StatusInternalServerError, Title: "diamant.error.damaged.title", Body: "diamant.error.damaged", Err: err}
	}
	return err
}

// DeviceID returns the browser's device id, kept in its session; a new browser gets one.
func (s *Kit) DeviceID(c echo.Context) (string, error) {
	if id := s.SessionDevice(c); id != "" {
		return id, nil
	}
	id := table.NewID()
	return id, s.ChangeSession(c, func(d *SessionData) { d.Device = id })
}

// LockTable takes the lock of the table a request names, once the id has the form of one:
// anything else is a 404 before any lock or store is touched.
func (s *Kit) LockTable(id string) (func(), error) {
	unlock, err := s.Tables.Lock(id)
	return unlock, TableError(err)
}

// DeviceTables lists this device's unfinished tables of game, the most recently changed
// first: what a game's setup page offers to resume.
func (s *Kit) DeviceTables(c echo.Context, game string) ([]table.Table, error) {
	device, err := s.DeviceID(c)
	if err != nil {
		return nil, err
	}
	tables, err := s.Store.ListForDevice(c.Request().Context(), device, game)
	return slices.DeleteFunc(tables, func(t table.Table) bool { return t.Finished }), err
}

package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// A Diamant table as a request meets it: read through the cache (its replay shared by
// every device at that version) and seen by the requesting device. The table's own rules
// are web/table/diamant's.

// loadDiamant reads a table and replays it for the requesting device: the caller's own,
// which it may change (act applies its action to it).
func (s *Server) loadDiamant(c echo.Context, id string) (*diamanttable.Table, error) {
	t := &diamanttable.Table{}
	if err := s.readDiamant(c, id, t); err != nil {
		return nil, err
	}
	t.Rec = handOut(t.Rec)
	if t.State != nil {
		st := *t.State
		t.State = &st
	}
	return t, nil
}

// readDiamant loads a table into t for reading only: t then shares the record and the
// replay with every reader of that version, and must not be changed. A live stream reads
// its table so at every version, into the same t.
func (s *Server) readDiamant(c echo.Context, id string, t *diamanttable.Table) error {
	// As loadTable, without copying the record: a 404 for anything that is not a Diamant
	// table, a 403 for a device that holds no seat there.
	if !table.ValidID(id) {
		return echo.ErrNotFound
	}
	rec, err := s.tables.Read(c.Request().Context(), id)
	if errors.Is(err, table.ErrNotFound) || err == nil && rec.Game != "diamant" {
		return echo.ErrNotFound
	}
	if err != nil {
		return err
	}
	device, err := s.deviceID(c)
	if err != nil {
		return err
	}
	at := slices.IndexFunc(rec.Devices, func(d table.Device) bool { return d.ID == device })
	if at < 0 {
		return errNotAtTable
	}
	// The replay is shared by every device at this version: replayed once, kept with
	// the table in memory.
	r := s.tables.diamantShared(id, rec.Version)
	replayed := r == nil
	if replayed {
		if r, err = diamanttable.Replay(rec); err != nil {
			// Its options or its log cannot be read or replayed: refused, said so.
			return &pageError{status: http.StatusInternalServerError, title: "diamant.error.damaged.title", body: "diamant.error.damaged", err: err}
		}
		s.tables.keepDiamantReplay(id, rec.Version, r)
	}
	// A record whose seats disagree with its players is repaired as it is read (a check of
	// a few bits when they agree, as they always do once written by store.Update).
	if devices, repaired := table.RepairSeats(rec.Devices, len(r.Opt.Players)); repaired {
		if replayed {
			s.log.Warn("diamant table: seats repaired", "table", id, "version", rec.Version,
				"stored", fmt.Sprint(rec.Devices), "repaired", fmt.Sprint(devices))
		}
		rec.Devices = devices // rec is this reader's copy of the record's header: the cache's is unchanged
	}
	d := rec.Devices[at]
	t.Rec, t.Device, t.Seats, t.Host = rec, d.ID, diamant.SeatsOf(d.Seats...), d.Host
	t.Opt, t.Actions, t.State, t.Last, t.Card, t.Names = r.Opt, r.Actions, r.State, r.Last, r.Card, r.Names
	return nil
}

// createDiamant stores a new table whose every seat is held by the device.
func (s *Server) createDiamant(ctx context.Context, device string, opt diamanttable.Options) (string, error) {
	raw, err := json.Marshal(opt)
	if err != nil {
		return "", err
	}
	seats := make([]int, len(opt.Players))
	for i := range seats {
		seats[i] = i
	}
	id := table.NewID()
	err = s.store.Create(ctx, table.Table{ID: id, Game: "diamant", Setup: raw}, table.Device{ID: device, Seats: seats, Host: true})
	return id, err
}

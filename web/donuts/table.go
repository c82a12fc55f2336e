package donuts

import (
	"context"
	"encoding/json"

	"github.com/labstack/echo/v4"

	"tavolo/companion/donuts"
	"tavolo/web/kit"
	"tavolo/web/table"
	donutstable "tavolo/web/table/donuts"
)

// A Donuts table as a request meets it: the table replayed (web/table/donuts), the
// requesting device's place, and how many of its last moves this request made (what to
// announce).
type donutsTable struct {
	*donutstable.Table
	device table.Device
	fresh  int
}

// load reads a table and replays it for the requesting device, which may play on it.
func (h handlers) load(c echo.Context, id string) (*donutsTable, error) {
	o, err := kit.OpenTable(h.Kit, c, donutstable.Game, id)
	if err != nil {
		return nil, err
	}
	return &donutsTable{Table: o.State.Own(o.Rec), device: o.Device}, nil
}

// play places a donut and stores the move in the same step; it returns the move's
// event. The move must be legal.
func (h handlers) play(ctx context.Context, t *donutsTable, by donuts.Color, p donuts.Point) (donuts.Event, error) {
	ev, err := t.Game.PlayAs(by, p)
	if err != nil {
		return ev, err
	}
	raw, err := json.Marshal(p)
	if err != nil {
		return ev, err
	}
	t.Events = append(t.Events, ev)
	// The new version's state goes with the write: the phones' streams need not replay it.
	version, err := h.Tables.Append(ctx, t.Rec.ID, t.Rec.Version, raw, t.Game.Finished(), t.Share())
	if err != nil {
		t.Game.Undo() // keep the game as stored
		t.Events = t.Events[:len(t.Events)-1]
		return ev, err
	}
	t.Rec.Version = version
	t.fresh++
	return ev, nil
}

// computerMoves lets the computer place while it is its turn (its reply to the person,
// or its first donut when it starts).
func (h handlers) computerMoves(ctx context.Context, t *donutsTable) error {
	for {
		p, ok := t.ComputerMove(h.Choices)
		if !ok {
			return nil
		}
		if _, err := h.play(ctx, t, t.Opt.Computer(), p); err != nil {
			return err
		}
	}
}

// createTable stores a new table held by the device, and lets the computer place its
// first donut when it starts.
func (h handlers) createTable(ctx context.Context, device string, opt donutstable.Options) (string, error) {
	id, err := h.Tables.Create(ctx, donutstable.Game.Name(), opt, table.Device{ID: device, Seats: opt.Seats(), Host: true})
	if err != nil {
		return "", err
	}
	rec, err := h.Store.Load(ctx, id)
	if err != nil {
		return "", err
	}
	t, err := donutstable.Load(rec)
	if err != nil {
		return "", err
	}
	return id, h.computerMoves(ctx, &donutsTable{Table: t})
}

package diamant

import (
	"context"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/web/kit"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// A Diamant table as a request meets it: read through the cache (its replay shared by
// every device at that version) and seen by the requesting device. The table's own rules
// are web/table/diamant's.

// load reads a table and replays it for the requesting device: the caller's own,
// which it may change (act applies its action to it).
func (h handlers) load(c echo.Context, id string) (*diamanttable.Table, error) {
	o, err := kit.OpenTable(h.Kit, c, diamanttable.Game, id)
	if err != nil {
		return nil, err
	}
	return o.State.Own(o.Rec, o.Device), nil
}

// read loads a table into t for reading only: t then shares the record and the
// replay with every reader of that version, and must not be changed. A live stream reads
// its table so at every version, into the same t.
func (h handlers) read(c echo.Context, id string, t *diamanttable.Table) error {
	return h.readAs(c, id, "", t)
}

// readAs is read as device, or as the request's device if "": a live stream reads as the
// device its first read found.
func (h handlers) readAs(c echo.Context, id, device string, t *diamanttable.Table) error {
	o, err := kit.OpenTableAs(h.Kit, c, diamanttable.Game, id, device)
	if err != nil {
		return err
	}
	*t = o.State.At(o.Rec, o.Device)
	return nil
}

// createTable stores a new table whose every seat is held by the device.
func (h handlers) createTable(ctx context.Context, device string, opt diamanttable.Options) (string, error) {
	seats := make([]int, len(opt.Players))
	for i := range seats {
		seats[i] = i
	}
	return h.Tables.Create(ctx, diamanttable.Game.Name(), opt, table.Device{ID: device, Seats: seats, Host: true})
}

// view is what this device's screens of t are made from.
func (h handlers) view(c echo.Context, t *diamanttable.Table) View {
	var away diamant.Seats
	if t.Opt.Phones {
		away = h.awaySeats(t)
	}
	return h.viewAway(c, t, away)
}

// viewAway is view when the seats whose phone is away are known (awaySeats).
func (h handlers) viewAway(c echo.Context, t *diamanttable.Table, away diamant.Seats) View {
	d := h.ReadSession(c)
	v := View{L: h.Localizer(c), Verbosity: say.ParseVerbosity(d.Settings.Verbosity), T: t, Risk: d.Risk,
		Pics: h.Assets.URL("icons/diamant/cards.svg")}
	if t.Opt.Phones {
		v.Away = away
	}
	return v
}

// screen is the screen t is at for this device (View.Screen).
func (h handlers) screen(c echo.Context, t *diamanttable.Table, show string) Play {
	var p Play
	h.view(c, t).Screen(show, &p)
	return p
}

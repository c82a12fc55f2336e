package diamant

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/web/kit"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// Diamant with a phone each. It is the same table as on one phone (diamant.go): devices
// holding seats. What is added here:
//
//   - a join code: a table with a code is "open to other phones". A seat held by the host's
//     phone and not kept by it (options.Own) is free: another phone may claim it.
//   - a lobby (options.Lobby): a table made for a phone each starts with the host's seat
//     only; players join and add their own seat with a name; the host starts the game, and
//     only then is the engine's setup fixed. A running one-phone table can be opened too:
//     then every seat exists already and joiners claim them.
//   - host controls: start, add a seat on the host's phone, remove a seat nobody holds,
//     take a seat back (it is free again for another phone to claim, which is how a seat
//     is handed from one phone to another), choose who draws, end the table, propose
//     "leave" for a seat whose phone is away.
//
// Every table option lives in the store's setup (diamanttable.Options); seats in its devices.

func (h handlers) phoneRoutes(e *echo.Echo) {
	e.GET("/diamant/phones", h.phonesSetup)
	e.POST("/diamant/phones", h.phonesCreate, h.Limits.NewTables)
	e.GET("/diamant/:id/table", h.tablePage)
	e.POST("/diamant/:id/open", h.open, h.Limits.Actions)
	e.POST("/diamant/:id/start", h.start, h.Limits.Actions)
	e.POST("/diamant/:id/seat", h.seatAction, h.Limits.Actions)
	e.POST("/diamant/:id/drawmode", h.drawMode, h.Limits.Actions)
	e.POST("/diamant/:id/end", h.end, h.Limits.Actions)
	e.POST("/diamant/:id/propose", h.propose, h.Limits.Actions)
	e.POST("/diamant/:id/proposal", h.proposal, h.Limits.Actions)
	e.GET("/diamant/:id/events", h.events)
}

// notPlaying sends a request for the game of a table that has none to the table's page.
func (h handlers) notPlaying(c echo.Context, t *diamanttable.Table) error {
	return c.Redirect(http.StatusSeeOther, "/diamant/"+t.Rec.ID)
}

// ---- the lobby and the table's page ----

func (h handlers) lobbyOf(c echo.Context, t *diamanttable.Table, problem string) (Table, error) {
	l := h.Localizer(c)
	var away []string
	for _, d := range t.Rec.Devices {
		if h.Presence.Away(t.Rec.ID, d.ID) {
			away = append(away, d.ID)
		}
	}
	p := Lobby(l, t, problem, away)
	if t.Rec.Code != "" && t.Opt.Phones && !t.Opt.Ended {
		p.Code, p.Spaced = t.Rec.Code, table.SpacedCode(t.Rec.Code)
		reach := h.JoinLink(c, "/join/"+t.Rec.Code)
		p.Link, p.Local, p.Network = reach.Link, reach.Local, reach.Network
		qr, err := kit.QRSVG(p.Link, l.T("diamant.join.qr", "Code", p.Spaced))
		if err != nil {
			return p, err
		}
		p.QR = qr
	}
	return p, nil
}

// showLobby answers with the table's page.
func (h handlers) showLobby(c echo.Context, status int, t *diamanttable.Table, problem string) error {
	p, err := h.lobbyOf(c, t, problem)
	if err != nil {
		return err
	}
	if problem != "" {
		p.Say = []say.Sentence{{Text: problem, Assertive: true}}
	}
	if !kit.WantsJSON(c) {
		return kit.RenderPage(c, status, TablePage(h.Frame(c, "diamant-table", p.Heading), p))
	}
	return kit.WriteReply(c, status, func(b []byte) ([]byte, error) { return h.appendLobbyReply(b, c, &p) })
}

func (h handlers) tablePage(c echo.Context) error {
	t, err := h.load(c, c.Param("id"))
	if err != nil {
		return err
	}
	return h.showLobby(c, http.StatusOK, t, "")
}

// ---- a new table with a phone each ----

func (h handlers) phonesSetup(c echo.Context) error {
	return h.renderPhonesSetup(c, http.StatusOK, Phones{Draw: diamanttable.DrawApp, Hidden: true, MaxName: diamant.MaxNameRunes})
}

// renderPhonesSetup answers with the form of a new table with a phone each.
func (h handlers) renderPhonesSetup(c echo.Context, status int, p Phones) error {
	return kit.RenderPage(c, status, PhonesPage(h.Frame(c, "diamant-phones", h.Localizer(c).T("diamant.phones.title")), p))
}

func (h handlers) phonesCreate(c echo.Context) error {
	l := h.Localizer(c)
	p := Phones{Name: c.FormValue("name"), Draw: c.FormValue("draw"), Hidden: c.FormValue("hidden") != "", MaxName: diamant.MaxNameRunes}
	opt, err := diamanttable.PhonesOptions(p.Name, p.Draw, p.Hidden)
	if problem, status, ok := kit.SayRefusal(l, err); ok {
		p.Problem = problem
		return h.renderPhonesSetup(c, status, p)
	} else if err != nil {
		return err
	}
	device, err := h.DeviceID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	id, err := h.createTable(ctx, device, opt)
	if err != nil {
		return err
	}
	if err := h.Tables.GiveCode(ctx, id); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/diamant/"+id+"/table")
}

// ---- host actions ----

// afterHostAct is where the host's phone goes once a change is made, when the game runs.
type afterHostAct int

const (
	backToGame      afterHostAct = iota // the game's screen (start, draw mode, end, proposals)
	stayOnTablePage                     // the table's page (seats, opening to other phones)
)

// hostAct runs a host's change of a table under its lock: change edits the options and
// devices (the table's rules, web/table/diamant), or refuses. The version of the form must
// be the table's.
func (h handlers) hostAct(c echo.Context, after afterHostAct, change func(t *diamanttable.Table, opt *diamanttable.Options, devices *[]table.Device) error) error {
	id := c.Param("id")
	unlock, err := h.LockTable(id)
	if err != nil {
		return err
	}
	defer unlock()
	t, err := h.load(c, id)
	if err != nil {
		return err
	}
	l := h.Localizer(c)
	if !t.Host {
		return h.showLobby(c, http.StatusForbidden, t, l.T("diamant.error.host"))
	}
	if v, err := strconv.ParseInt(c.FormValue("version"), 10, 64); err != nil || v != t.Rec.Version {
		return h.showLobby(c, http.StatusConflict, t, l.T("diamant.error.stale"))
	}
	opt, devices := t.Opt.Clone(), table.HandOut(t.Rec).Devices
	if err := change(t, &opt, &devices); err != nil {
		if problem, status, ok := kit.SayRefusal(l, err); ok {
			return h.showLobby(c, status, t, problem)
		}
		if de := (*diamant.Error)(nil); errors.As(err, &de) {
			return h.showLobby(c, http.StatusUnprocessableEntity, t, say.DiamantProblem(l, de))
		}
		return err
	}
	if err := h.save(c.Request().Context(), t, opt, devices); err != nil {
		if errors.Is(err, table.ErrConflict) {
			return h.showLobby(c, http.StatusConflict, t, l.T("diamant.error.stale"))
		}
		return err
	}
	// Out of the lobby (the game just started, or runs), back to the game unless the
	// change belongs to the table's page.
	if !opt.Lobby && after == backToGame {
		return c.Redirect(http.StatusSeeOther, "/diamant/"+id)
	}
	return c.Redirect(http.StatusSeeOther, "/diamant/"+id+"/table")
}

// save writes what changed of a table's options and devices, in one store write (one
// transaction, one version: a crash never leaves half of a change), and tells its phones.
func (h handlers) save(ctx context.Context, t *diamanttable.Table, opt diamanttable.Options, devices []table.Device) error {
	raw, err := json.Marshal(opt)
	if err != nil {
		return err
	}
	old, _ := json.Marshal(t.Opt)
	if string(raw) == string(old) {
		raw = nil
	}
	if slices.EqualFunc(devices, t.Rec.Devices, func(a, b table.Device) bool {
		return a.ID == b.ID && a.Host == b.Host && slices.Equal(a.Seats, b.Seats)
	}) {
		devices = nil
	} else if devices == nil {
		devices = []table.Device{}
	}
	if raw == nil && devices == nil {
		return nil
	}
	_, err = h.Tables.Update(ctx, t.Rec.ID, t.Rec.Version, raw, devices)
	return err
}

// open opens a one-phone table to other phones, once: it gets a code; the seats
// the host keeps stay on its phone, the others are free for other phones to claim.
func (h handlers) open(c echo.Context) error {
	return h.hostAct(c, stayOnTablePage, func(t *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) error {
		form, _ := c.FormParams()
		own := make([]int, len(form["own"]))
		for i, v := range form["own"] {
			var err error
			if own[i], err = strconv.Atoi(v); err != nil {
				own[i] = -1 // no seat: refused as one that does not exist
			}
		}
		if err := opt.Open(t.State != nil, own, c.FormValue("hidden") != ""); err != nil {
			return err
		}
		if t.Rec.Code == "" {
			// Under the table's lock, before the options say the table is open.
			return h.Tables.GiveCode(c.Request().Context(), t.Rec.ID)
		}
		return nil
	})
}

func (h handlers) start(c echo.Context) error {
	return h.hostAct(c, backToGame, func(_ *diamanttable.Table, opt *diamanttable.Options, devices *[]table.Device) error {
		return opt.Start(*devices)
	})
}

// seatAction: the host adds a seat on its phone (lobby), removes one nobody holds
// (lobby), takes one back from another phone, or keeps or frees one of its own.
func (h handlers) seatAction(c echo.Context) error {
	return h.hostAct(c, stayOnTablePage, func(t *diamanttable.Table, opt *diamanttable.Options, devices *[]table.Device) error {
		seat, err := strconv.Atoi(c.FormValue("seat"))
		if err != nil {
			seat = -1
		}
		names := say.DiamantExplorerNames(h.Localizer(c))
		if c.FormValue("do") == diamanttable.SeatExplorer {
			d, err := opt.AddExplorer(*devices, c.FormValue("level"), names)
			if err == nil {
				*devices = d
			}
			return err
		}
		if c.FormValue("do") == diamanttable.SeatAdd { // a person keeps their name: an explorer with it takes another
			opt.YieldName(c.FormValue("name"), names)
		}
		d, err := opt.ChangeSeat(*devices, c.FormValue("do"), seat, c.FormValue("name"), len(t.Actions))
		if err == nil {
			*devices = d
		}
		return err
	})
}

func (h handlers) drawMode(c echo.Context) error {
	return h.hostAct(c, backToGame, func(_ *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) error {
		return opt.SetDraw(c.FormValue("draw"))
	})
}

func (h handlers) end(c echo.Context) error {
	return h.hostAct(c, backToGame, func(_ *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) error {
		opt.End()
		return nil
	})
}

// propose: the host proposes "leave" for a seat whose phone is away. Every phone
// shows the proposal; the host confirms it in a second step (proposal, below).
func (h handlers) propose(c echo.Context) error {
	return h.hostAct(c, backToGame, func(t *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) error {
		seat, err := strconv.Atoi(c.FormValue("seat"))
		if err != nil {
			seat = -1
		}
		pr, err := t.Propose(seat, h.awaySeats(t).Has(seat))
		if err == nil {
			opt.Proposal = pr
		}
		return err
	})
}

// proposal confirms (the seat votes "leave") or withdraws the host's proposal.
func (h handlers) proposal(c echo.Context) error {
	if c.FormValue("do") != "confirm" {
		return h.hostAct(c, backToGame, func(_ *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) error {
			opt.Proposal = nil
			return nil
		})
	}
	return h.act(c, checkVersion, func(t *diamanttable.Table) (diamant.Action, error) { return t.ConfirmProposal() })
}

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

// seatAway tells whether the phone holding a seat has been away (its live stream closed)
// for a while. The host's own phone is never away.
func (h handlers) seatAway(t *diamanttable.Table, seat int) bool {
	i := table.Holder(t.Rec.Devices, seat)
	if i < 0 || t.Rec.Devices[i].Host {
		return false
	}
	return h.Presence.Away(t.Rec.ID, t.Rec.Devices[i].ID)
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
		p.Link = c.Scheme() + "://" + c.Request().Host + "/join/" + t.Rec.Code
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
	if p.Draw != diamanttable.DrawApp && p.Draw != diamanttable.DrawBox {
		p.Problem = l.T("diamant.error.form")
		return h.renderPhonesSetup(c, http.StatusBadRequest, p)
	}
	name, problem := diamanttable.CheckName(l, p.Name, nil)
	if problem != "" {
		p.Problem = problem
		return h.renderPhonesSetup(c, http.StatusUnprocessableEntity, p)
	}
	opt := diamanttable.Options{Setup: diamant.Setup{Players: []string{name}, Seed: diamanttable.NewSeed()}, Draw: p.Draw, Vote: diamanttable.VotePhone,
		Phones: true, Lobby: true, Hidden: p.Hidden, Own: []int{0}}
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
// devices, or returns a problem to show. The version of the form must be the table's.
func (h handlers) hostAct(c echo.Context, after afterHostAct, change func(t *diamanttable.Table, opt *diamanttable.Options, devices *[]table.Device) (problem string, status int)) error {
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
	if problem, status := change(t, &opt, &devices); problem != "" {
		return h.showLobby(c, status, t, problem)
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
	return h.hostAct(c, stayOnTablePage, func(t *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) (string, int) {
		l := h.Localizer(c)
		if t.State == nil || opt.Ended {
			return l.T("diamant.error.form"), http.StatusBadRequest
		}
		// Once open, what each phone may see is fixed until the end: opening again would
		// lift hidden chests, the seats' protection and the host's own seats.
		if opt.Phones {
			return l.T("diamant.error.open.already"), http.StatusConflict
		}
		form, _ := c.FormParams()
		opt.Own = nil
		for _, v := range form["own"] {
			seat, err := strconv.Atoi(v)
			if err != nil || seat < 0 || seat >= len(opt.Players) {
				return l.T("diamant.error.form"), http.StatusBadRequest
			}
			opt.Own = append(opt.Own, seat)
		}
		opt.Phones, opt.Hidden, opt.Vote = true, c.FormValue("hidden") != "", diamanttable.VotePhone
		if t.Rec.Code == "" {
			// Under the table's lock, before the options say the table is open.
			if err := h.Tables.GiveCode(c.Request().Context(), t.Rec.ID); err != nil {
				return l.T("diamant.error.form"), http.StatusInternalServerError
			}
		}
		return "", 0
	})
}

func (h handlers) start(c echo.Context) error {
	return h.hostAct(c, backToGame, func(t *diamanttable.Table, opt *diamanttable.Options, devices *[]table.Device) (string, int) {
		l := h.Localizer(c)
		if !opt.Lobby {
			return l.T("diamant.error.started"), http.StatusConflict
		}
		if len(table.FreeSeats(opt.Own, *devices)) > 0 {
			return l.T("diamant.error.free"), http.StatusConflict
		}
		if _, err := diamant.New(opt.Setup); err != nil {
			var de *diamant.Error
			if errors.As(err, &de) {
				return diamantProblem(l, de), http.StatusUnprocessableEntity
			}
			return err.Error(), http.StatusInternalServerError
		}
		opt.Lobby = false
		opt.Keepers, opt.Moved = diamanttable.KeepersAt(*devices, len(opt.Players)), nil
		return "", 0
	})
}

// seatAction: the host adds a seat on its phone (lobby), removes one nobody holds
// (lobby), takes one back from another phone, or keeps or frees one of its own.
func (h handlers) seatAction(c echo.Context) error {
	return h.hostAct(c, stayOnTablePage, func(t *diamanttable.Table, opt *diamanttable.Options, devices *[]table.Device) (string, int) {
		l := h.Localizer(c)
		host := table.Host(*devices)
		if c.FormValue("do") == "add" {
			if !opt.Lobby || len(opt.Players) >= diamant.MaxPlayers {
				return l.T("diamant.error.seats.full"), http.StatusConflict
			}
			name, problem := diamanttable.CheckName(l, c.FormValue("name"), opt.Players)
			if problem != "" {
				return problem, http.StatusUnprocessableEntity
			}
			opt.Players = append(opt.Players, name)
			opt.Own = append(opt.Own, len(opt.Players)-1)
			(*devices)[host].Seats = append((*devices)[host].Seats, len(opt.Players)-1)
			return "", 0
		}
		seat, err := strconv.Atoi(c.FormValue("seat"))
		if err != nil || seat < 0 || seat >= len(opt.Players) {
			return l.T("diamant.error.form"), http.StatusBadRequest
		}
		h := table.Holder(*devices, seat)
		switch c.FormValue("do") {
		case "take":
			if h < 0 || h == host {
				return l.T("diamant.error.form"), http.StatusBadRequest
			}
			diamanttable.HandOver(opt, seat, (*devices)[h].ID, (*devices)[host].ID, (*devices)[host].ID, len(t.Actions))
			*devices = table.MoveSeat(*devices, seat, (*devices)[host].ID)
			opt.Own = slices.DeleteFunc(opt.Own, func(x int) bool { return x == seat })
		case "keep":
			if h != host || slices.Contains(opt.Own, seat) {
				return l.T("diamant.error.form"), http.StatusBadRequest
			}
			opt.Own = append(opt.Own, seat)
		case "free":
			opt.Own = slices.DeleteFunc(opt.Own, func(x int) bool { return x == seat })
		case "remove":
			if !opt.Lobby || h != host || seat == 0 {
				return l.T("diamant.error.remove"), http.StatusConflict
			}
			opt.Players = slices.Delete(opt.Players, seat, seat+1)
			shift := func(seats []int) []int {
				out := []int{}
				for _, x := range seats {
					if x > seat {
						out = append(out, x-1)
					} else if x < seat {
						out = append(out, x)
					}
				}
				return out
			}
			opt.Own = shift(opt.Own)
			for i := range *devices {
				(*devices)[i].Seats = shift((*devices)[i].Seats)
			}
		default:
			return l.T("diamant.error.form"), http.StatusBadRequest
		}
		return "", 0
	})
}

func (h handlers) drawMode(c echo.Context) error {
	return h.hostAct(c, backToGame, func(t *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) (string, int) {
		d := c.FormValue("draw")
		if d != diamanttable.DrawApp && d != diamanttable.DrawBox {
			return h.Localizer(c).T("diamant.error.form"), http.StatusBadRequest
		}
		opt.Draw = d
		return "", 0
	})
}

func (h handlers) end(c echo.Context) error {
	return h.hostAct(c, backToGame, func(t *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) (string, int) {
		opt.Ended, opt.Proposal = true, nil
		return "", 0
	})
}

// propose: the host proposes "leave" for a seat whose phone is away. Every phone
// shows the proposal; the host confirms it in a second step (proposal, below).
func (h handlers) propose(c echo.Context) error {
	return h.hostAct(c, backToGame, func(t *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) (string, int) {
		l := h.Localizer(c)
		seat, err := strconv.Atoi(c.FormValue("seat"))
		if err != nil || t.State == nil || !t.State.VoteDue() || !t.State.Waiting().Has(seat) {
			return l.T("diamant.error.form"), http.StatusBadRequest
		}
		if !h.seatAway(t, seat) {
			return l.T("diamant.error.notaway", "Name", t.State.Name(seat)), http.StatusConflict
		}
		opt.Proposal = &diamanttable.Proposal{Seat: seat, Step: t.VoteStep()}
		return "", 0
	})
}

// proposal confirms (the seat votes "leave") or withdraws the host's proposal.
func (h handlers) proposal(c echo.Context) error {
	if c.FormValue("do") != "confirm" {
		return h.hostAct(c, backToGame, func(t *diamanttable.Table, opt *diamanttable.Options, _ *[]table.Device) (string, int) {
			opt.Proposal = nil
			return "", 0
		})
	}
	return h.act(c, checkVersion, func(t *diamanttable.Table) (diamant.Action, string, int) {
		l := h.Localizer(c)
		pr := t.Opt.Proposal
		if !t.Host {
			return diamant.Action{}, l.T("diamant.error.host"), http.StatusForbidden
		}
		if pr == nil || pr.Step != t.VoteStep() || !t.State.Waiting().Has(pr.Seat) {
			return diamant.Action{}, l.T("diamant.error.stale"), http.StatusConflict
		}
		return diamant.Vote(pr.Seat, true), "", 0
	})
}

package diamant

import (
	"encoding/json"
	"errors"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// handlers answer the game's requests with what the games share (the kit).
type handlers struct{ *kit.Kit }

// New is Diamant as the server registers it.
func New(k *kit.Kit) kit.Game {
	h := handlers{k}
	return kit.Game{Name: diamanttable.Game.Name(), Title: "game.diamant", Desc: "home.diamant.desc", Players: "home.diamant.players",
		Path: "/diamant", TablePath: "/diamant/", Routes: h.routes, Resume: h.resumeList, Join: join,
		Import: kit.ImportWith(diamanttable.Game, diamanttable.Import),
		ImportProblem: func(l *i18n.Localizer, err error) string {
			var de *diamant.Error
			if errors.As(err, &de) {
				return l.T("app.offline.move.players", "Problem", say.DiamantProblem(l, de))
			}
			return ""
		},
		NeedsServer:  []string{"/diamant/phones", "/diamant/:id/table", "/diamant/:id/open"},
		OfflinePages: []string{"/diamant"}, OfflineForms: []string{"/diamant"}}
}

// resumeList is the device's unfinished tables, as the list of tables on this device says them.
func (h handlers) resumeList(c echo.Context, l *i18n.Localizer) ([]kit.Resume, error) {
	tables, err := h.resume(c, l)
	var out []kit.Resume
	for _, t := range tables {
		out = append(out, kit.Resume{URL: "/diamant/" + t.ID, Text: l.T("diamant.setup.resume.item", "Names", t.Names),
			Updated: t.Updated, Home: func() string { return h.homeLink(c, l, t) }})
	}
	return out, err
}

// homeLink names a table as the home page's link to it does: the game, the players, and
// the round it is at (or that players are still joining); "" if it cannot be read.
func (h handlers) homeLink(c echo.Context, l *i18n.Localizer, r Resume) string {
	game := l.T("game.diamant")
	if r.Lobby {
		return l.T("diamant.home.lobby", "Game", game, "Names", r.Names)
	}
	o, err := kit.OpenTable(h.Kit, c, diamanttable.Game, r.ID)
	if err != nil {
		return ""
	}
	t := o.State.At(o.Rec, o.Device)
	if t.State == nil {
		return l.T("diamant.home.lobby", "Game", game, "Names", r.Names)
	}
	return l.T("diamant.home.round", "Game", game, "Names", r.Names, "Round", max(t.State.Round(), 1))
}

// join reads a table as a phone joining it by its code finds it: open while it is played
// on phones and not ended; in the lobby a phone may add a seat of its own, and during a
// game the secrets of a seat taken over go with it.
func join(l *i18n.Localizer, rec table.Record) (kit.Joining, bool) {
	var opt diamanttable.Options
	if json.Unmarshal(rec.Setup, &opt) != nil || !opt.Phones || opt.Ended {
		return kit.Joining{}, false
	}
	j := kit.Joining{Heading: "join.table.heading", Names: say.DiamantNames(l, opt.Players, opt.Explorers), Own: opt.Own, Lobby: opt.Lobby, MaxName: diamant.MaxNameRunes,
		SeatLabel: func(seat int) string { return l.T("join.take", "Name", opt.Players[seat]) }}
	j.Take = func(rec table.Record, seat int, device string) (json.RawMessage, error) {
		if opt.Lobby {
			return nil, nil
		}
		// During a game the seat's secrets stay with the phone that had them: the options
		// that say so change with the devices, in the same write.
		host := rec.Devices[table.Host(rec.Devices)].ID
		diamanttable.HandOver(&opt, seat, host, device, host, len(rec.Log))
		return json.Marshal(opt)
	}
	j.Add = func(name string) (json.RawMessage, int, int, string, error) {
		seat, err := opt.AddPlayerBeside(name, say.DiamantExplorerNames(l))
		if problem, status, ok := kit.SayRefusal(l, err); ok {
			return nil, 0, status, problem, nil
		}
		setup, err := json.Marshal(opt)
		return setup, seat, 0, "", err
	}
	return j, true
}

package donuts

import (
	"encoding/json"
	"errors"

	"github.com/labstack/echo/v4"

	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/say"
	"tavolo/web/table"
	donutstable "tavolo/web/table/donuts"
)

// handlers answer the game's requests with what the games share (the kit).
type handlers struct{ *kit.Kit }

// New is Donuts as the server registers it.
func New(k *kit.Kit) kit.Game {
	h := handlers{k}
	return kit.Game{Name: donutstable.Game.Name(), Title: "game.donuts", Desc: "home.donuts.desc", Players: "home.donuts.players",
		Path: "/donuts", TablePath: "/donuts/t/", Routes: h.routes, Resume: h.resumeList, Join: join,
		Import: kit.ImportWith(donutstable.Game, donutstable.Import),
		ImportProblem: func(l *i18n.Localizer, err error) string {
			switch {
			case errors.Is(err, donutstable.ErrLevel):
				return l.T("donuts.offline.move.level")
			case errors.Is(err, donutstable.ErrNoHuman):
				return l.T("donuts.offline.move.human")
			}
			return ""
		},
		NeedsServer:  []string{"/donuts/t/:id/open"},
		OfflinePages: []string{"/donuts"}, OfflineForms: []string{"/donuts"}}
}

// resumeList is the device's unfinished tables, as the list of tables on this device says them.
func (h handlers) resumeList(c echo.Context, l *i18n.Localizer) ([]kit.Resume, error) {
	tables, err := h.resume(c, l)
	var out []kit.Resume
	for _, t := range tables {
		out = append(out, kit.Resume{URL: "/donuts/t/" + t.ID, Text: t.Text, Updated: t.Updated, Home: func() string { return t.Home }})
	}
	return out, err
}

// join reads a table as a phone joining it by its code finds it: open when played on two
// phones; the seat free is the other colour.
func join(l *i18n.Localizer, rec table.Record) (kit.Joining, bool) {
	var opt donutstable.Options
	if json.Unmarshal(rec.Setup, &opt) != nil || !opt.Phones {
		return kit.Joining{}, false
	}
	return kit.Joining{Heading: "donuts.join.heading",
		Names: []string{l.T("donuts.who.chocolate"), l.T("donuts.who.vanilla")}, Own: opt.Own,
		SeatLabel: func(seat int) string {
			return l.T("donuts.join.take", "Color", say.DonutsColor(l, donutstable.ColorOf(seat)))
		},
		Take: func(table.Record, int, string) (json.RawMessage, error) { return nil, nil }}, true
}

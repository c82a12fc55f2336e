package donuts

import (
	"tavolo/companion/donuts"
	"tavolo/i18n"
	"tavolo/web/page"
	"tavolo/web/say"
	"tavolo/web/table"
	donutstable "tavolo/web/table/donuts"
)

// View is what a device's Donuts board is made from: the page's language and the
// device's verbosity, the table, the device, how many of the last moves to tell (what a
// request did; 0: the last turn, as on a plain load), and how a second phone joins while
// it may (nil: it may not, or not from here).
type View struct {
	L         *i18n.Localizer
	Verbosity say.Verbosity
	T         *donutstable.Table
	Device    table.Device
	Fresh     int
	Join      *page.JoinCode
}

// Board is the board as this device sees it, and what is said of it.
func (v View) Board() Play {
	l, t := v.L, v.T
	g, ai := t.Game, t.Opt.Computer()
	p := Play{ID: t.Rec.ID, Version: t.Rec.Version, Seed: t.Opt.SeedText(), Status: say.DonutsNext(l, v.Verbosity, ai, g),
		Score: say.DonutsScore(l, g), Playable: say.DonutsPlayable(l, g), Last: say.DonutsLast(l, ai, t.Events),
		Finished: g.Finished(), CanUndo: t.Undoable() > 0, Computer: ai != donuts.None}
	p.Heading = l.T("donuts.play.title.two")
	if p.Computer {
		p.Heading = l.T("donuts.play.title.computer", "Color", say.DonutsColor(l, t.Opt.Human), "Level", l.T("donuts.level."+string(t.Opt.Level)))
	}
	legal := map[donuts.Point]bool{}
	if t.MayPlace(v.Device) {
		for _, q := range g.Legal() {
			legal[q] = true
		}
	}
	last, played := g.Last()
	// What the eye needs beside the plates' names: the line that rules the next move,
	// the donuts the last turn flipped, what decided the game.
	line, decisive, flipped := map[donuts.Point]bool{}, map[donuts.Point]bool{}, map[donuts.Point]bool{}
	if ps := g.Line(); len(ps) > 0 {
		p.Rule = say.DonutsLineAt(g, last).Name()
		for _, q := range ps {
			line[q] = true
		}
	}
	for _, q := range g.Decisive() {
		decisive[q] = true
	}
	fresh := v.Fresh
	if fresh == 0 && len(t.Events) > 0 {
		// A plain load tells the last turn: the last move, and against the computer the
		// person's move before its reply.
		fresh = max(1, t.Undoable())
	}
	for _, ev := range t.Events[len(t.Events)-fresh:] {
		for _, q := range ev.Flipped {
			flipped[q] = true
		}
	}
	for r := range donuts.Size {
		row := make([]Cell, donuts.Size)
		for c := range donuts.Size {
			q := donuts.P(r, c)
			cell := Cell{Row: r + 1, Col: c + 1, Line: say.DonutsLineAt(g, q).Name(), Playable: legal[q], Last: played && q == last,
				OnLine: line[q], Decisive: decisive[q]}
			if d := g.At(q); d != donuts.None {
				cell.Donut, cell.Flipped = d.String(), flipped[q]
			}
			cell.Label = say.DonutsCell(l, g, q, cell.Playable, cell.Last)
			row[c] = cell
		}
		p.Rows = append(p.Rows, row)
	}
	for _, ev := range t.Events[len(t.Events)-fresh:] {
		snd := "place"
		if len(ev.Flipped) > 0 {
			snd = "flip"
		}
		p.News = append(p.News, say.Sentence{Text: say.DonutsMove(l, v.Verbosity, ai, ev), Sound: snd})
	}
	// "Where are we?" says "you" to a person who plays one colour: against the computer,
	// or on a phone each.
	me := donuts.None
	switch {
	case ai != donuts.None:
		me = t.Opt.Human
	case t.TwoPhones(v.Device):
		me = donutstable.ColorOf(v.Device.Seats[0])
	}
	p.Where = say.DonutsWhereAreWe(l, ai, me, g, t.Events)
	p.History = say.DonutsHistory(l, ai, t.Events)
	p.Summary = say.DonutsSummary(l, ai, t.Opt.Level, p.Seed, g)
	p.CanOpen = t.Opt.Mode == donutstable.ModeTwo && !t.Opt.Phones && v.Device.Host && !g.Finished()
	if t.Opt.Phones {
		v.phones(&p)
	}
	end := say.Sentence{Text: p.Status}
	if p.Finished {
		end.Sound = "win"
	}
	p.Say = append(append([]say.Sentence(nil), p.News...), end)
	return p
}

// phones adds what differs on a table open to a second phone.
func (v View) phones(p *Play) {
	l, t, d := v.L, v.T, v.Device
	g := t.Game
	p.Live = "/donuts/t/" + t.Rec.ID + "/events"
	if other, joined := t.Other(d); joined && len(other.Seats) == 1 {
		p.PhonesNote = l.T("donuts.phones.other", "Color", say.DonutsColor(l, donutstable.ColorOf(other.Seats[0])))
	}
	if !t.TwoPhones(d) {
		if d.Host && !g.Finished() {
			p.Join = v.Join
		}
		return
	}
	mine := donutstable.ColorOf(d.Seats[0])
	p.Heading = l.T("donuts.play.title.phones", "Color", say.DonutsColor(l, mine))
	if !g.Finished() && g.Turn() != mine {
		p.Status = l.T("donuts.phones.wait", "Color", say.DonutsColor(l, g.Turn()))
	}
	p.AskUndo = true
	if ask := t.OpenAsk(); ask != nil {
		if ask.Seat == d.Seats[0] {
			p.Asked = l.T("donuts.phones.undo.asked")
		} else {
			p.AskedBy = l.T("donuts.phones.undo.request", "Color", say.DonutsColor(l, donutstable.ColorOf(ask.Seat)))
		}
	}
}

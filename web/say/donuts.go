package say

import (
	"strconv"
	"strings"

	"tavolo/companion/donuts"
	"tavolo/i18n"
)

// The sentences Donuts says: pure functions from the game, its events and a localizer to
// whole sentences, as for Diamant. Plates are said as words, "row 3, column 4", rows 1 to
// 6 from the top and columns 1 to 6 from the left. The same sentences are shown on the
// page, put in the live regions and spoken.

// DonutsPlate says a plate: "row 3, column 4".
func DonutsPlate(l *i18n.Localizer, p donuts.Point) string {
	return l.T("donuts.plate", "Row", p.Row+1, "Col", p.Col+1)
}

// donutsPlateList says plates: "row 1, column 5; row 3, column 2 or row 4, column 5". last is
// the id of the word before the last plate (donuts.or, donuts.and). Plates on one row (or
// one column), as on a horizontal (vertical) line, name it once: "row 4, columns 1, 2, 3
// or 6", not "row 4" five times a turn.
func donutsPlateList(l *i18n.Localizer, ps []donuts.Point, last string) string {
	if len(ps) > 1 {
		sameRow, sameCol := true, true
		for _, p := range ps[1:] {
			sameRow = sameRow && p.Row == ps[0].Row
			sameCol = sameCol && p.Col == ps[0].Col
		}
		if sameRow || sameCol {
			nums := make([]string, len(ps))
			for i, p := range ps {
				nums[i] = strconv.Itoa(p.Col + 1)
				if sameCol {
					nums[i] = strconv.Itoa(p.Row + 1)
				}
			}
			list := List(l, nums, "app.list.sep", last)
			if sameRow {
				return l.N("donuts.n.plates.row", len(ps), "Row", ps[0].Row+1, "Cols", list)
			}
			return l.N("donuts.n.plates.col", len(ps), "Col", ps[0].Col+1, "Rows", list)
		}
	}
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = DonutsPlate(l, p)
	}
	return List(l, names, "donuts.list.sep", last)
}

// DonutsLineAt is the line of a plate of the game's board.
func DonutsLineAt(g *donuts.Game, p donuts.Point) donuts.Dir {
	b := g.Board()
	return b.At(p)
}

// DonutsColor is a colour inside a sentence: "chocolate".
func DonutsColor(l *i18n.Localizer, c donuts.Color) string { return l.T("donuts.color." + c.String()) }

// DonutsLine is a plate's line: "horizontal", "diagonal rising".
func DonutsLine(l *i18n.Localizer, d donuts.Dir) string { return l.T("donuts.line." + d.Name()) }

// DonutsWho names a player at the start of a sentence: "Chocolate" between two people,
// "The computer" for the computer. ai is the computer's colour, None when two people play.
func DonutsWho(l *i18n.Localizer, ai, c donuts.Color) string {
	if ai != donuts.None && c == ai {
		return l.T("donuts.who.computer")
	}
	return l.T("donuts.who." + c.String())
}

// donutsSays says sentence id of player c, with its parameters kv: against the computer,
// the person's own sentence (id + ".you", "You place…") rather than a name with "(you)",
// which a screen reader would read into the sentence; count picks a plural form when ≥ 0.
func donutsSays(l *i18n.Localizer, ai, c donuts.Color, id string, count int, kv ...any) string {
	return donutsSaysTo(l, ai, person(ai), c, id, count, kv...)
}

// person is the colour of the one person playing against the computer's colour ai; None
// when two people play.
func person(ai donuts.Color) donuts.Color {
	if ai == donuts.None {
		return donuts.None
	}
	return ai.Other()
}

// computerSays are the sentences said in a past tense in some language, which then agrees
// with who made the move: the computer has its own ("Počítač položil", where a colour,
// "Čokoláda", a feminine noun, "položila").
var computerSays = map[string]bool{"donuts.say.place": true, "donuts.n.flip": true}

// donutsSaysTo is donutsSays for a person who plays one colour, me: their own sentence
// (id + ".you") when c is theirs, else c's name (the computer's, against it). me is None
// when one phone plays both colours, or for a summary read outside the app: every
// sentence names its colour.
func donutsSaysTo(l *i18n.Localizer, ai, me, c donuts.Color, id string, count int, kv ...any) string {
	switch {
	case me != donuts.None && c == me:
		id += ".you"
	case ai != donuts.None && c == ai && computerSays[id]:
		id += ".computer"
	default:
		kv = append(kv, "Who", DonutsWho(l, ai, c))
	}
	if count >= 0 {
		return l.N(id, count, kv...)
	}
	return l.T(id, kv...)
}

// DonutsMove says what a move did: "Vanilla places a donut at row 2, column 5 and
// flips 1 donut: row 2, column 4."; briefly "Vanilla: row 2, column 5. 1 flipped: row 2,
// column 4."
func DonutsMove(l *i18n.Localizer, v Verbosity, ai donuts.Color, ev donuts.Event) string {
	at := DonutsPlate(l, ev.At)
	if len(ev.Flipped) == 0 {
		return donutsSays(l, ai, ev.By, v.Pick("donuts.say.place", "donuts.brief.place"), -1, "Plate", at)
	}
	return donutsSays(l, ai, ev.By, v.Pick("donuts.n.flip", "donuts.brief.n.flip"), len(ev.Flipped), "Plate", at,
		"Plates", donutsPlateList(l, ev.Flipped, "donuts.and"))
}

// DonutsNext says who places next and where, or how the game ended. Briefly, the plates
// alone: "Your turn: row 4, column 3 or row 4, column 4."
func DonutsNext(l *i18n.Localizer, v Verbosity, ai donuts.Color, g *donuts.Game) string {
	if g.Finished() {
		return donutsEnd(l, v, ai, person(ai), g)
	}
	turn := g.Turn()
	last, played := g.Last()
	id := v.Pick("donuts.say.next.", "donuts.brief.next.")
	switch {
	case !played:
		return donutsSays(l, ai, turn, id+"first", -1)
	case g.Free():
		return donutsSays(l, ai, turn, id+"full", -1, "Line", DonutsLine(l, DonutsLineAt(g, last)), "From", DonutsPlate(l, last))
	}
	return donutsSays(l, ai, turn, id+"line", -1, "Line", DonutsLine(l, DonutsLineAt(g, last)), "From", DonutsPlate(l, last),
		"Plates", donutsPlateList(l, g.Legal(), "donuts.or"))
}

// donutsEnd says how a finished game ended, to me as donutsSaysTo does.
func donutsEnd(l *i18n.Localizer, v Verbosity, ai, me donuts.Color, g *donuts.Game) string {
	if g.Reason() == donuts.ReasonFive {
		return donutsSaysTo(l, ai, me, g.Winner(), v.Pick("donuts.say.win.five", "donuts.brief.win.five"), -1)
	}
	gr := g.Groups()
	if g.Winner() == donuts.None {
		return l.T(v.Pick("donuts.say.draw", "donuts.brief.draw"), "Chocolate", gr.Chocolate, "Vanilla", gr.Vanilla)
	}
	return donutsSaysTo(l, ai, me, g.Winner(), v.Pick("donuts.say.win.group", "donuts.brief.win.group"), -1, "Chocolate", gr.Chocolate, "Vanilla", gr.Vanilla)
}

// donutsOnBoard counts each colour's donuts on the board.
func donutsOnBoard(g *donuts.Game) donuts.Counts {
	var n donuts.Counts
	for _, row := range g.Rows() {
		n.Chocolate += strings.Count(row, "C")
		n.Vanilla += strings.Count(row, "V")
	}
	return n
}

// DonutsScore says the donuts of each colour on the board, the largest groups and
// the donuts still to place.
func DonutsScore(l *i18n.Localizer, g *donuts.Game) string {
	n, gr := donutsOnBoard(g), g.Groups()
	return l.T("donuts.say.score", "Chocolate", n.Chocolate, "Vanilla", n.Vanilla,
		"GroupChocolate", gr.Chocolate, "GroupVanilla", gr.Vanilla,
		"LeftChocolate", g.Left(donuts.Chocolate), "LeftVanilla", g.Left(donuts.Vanilla))
}

// DonutsPlayable lists every plate the next donut may go on; when any plate or any empty
// plate will do, it says so rather than reading up to 36 of them.
func DonutsPlayable(l *i18n.Localizer, g *donuts.Game) string {
	if g.Finished() {
		return l.T("donuts.error.game-over")
	}
	if _, played := g.Last(); !played {
		return l.T("donuts.playable.any")
	}
	if g.Free() {
		return l.T("donuts.playable.free")
	}
	legal := g.Legal()
	return l.N("donuts.n.playable", len(legal), "Plates", donutsPlateList(l, legal, "donuts.and"))
}

// DonutsLast says the last move, or that none was made.
func DonutsLast(l *i18n.Localizer, ai donuts.Color, events []donuts.Event) string {
	if len(events) == 0 {
		return l.T("donuts.say.last.none")
	}
	return l.T("donuts.say.last", "Move", DonutsMove(l, Full, ai, events[len(events)-1]))
}

// DonutsCell is a plate's accessible name, what it holds or whether it is playable first,
// then where it is: "Playable, row 3, column 4, diagonal rising", "Chocolate donut, last
// move, row 3, column 4, vertical". A plate that is the last move is not playable.
func DonutsCell(l *i18n.Localizer, g *donuts.Game, p donuts.Point, playable, last bool) string {
	k := cellKey{p: p, donut: g.At(p), line: DonutsLineAt(g, p), playable: playable, last: last}
	return l.Remember(k, func() string {
		id := "donuts.cell.label"
		switch {
		case last:
			id += ".last"
		case playable:
			id += ".playable"
		}
		return l.T(id, "Row", p.Row+1, "Col", p.Col+1, "Donut", l.T("donuts.cell."+k.donut.String()), "Line", DonutsLine(l, k.line))
	})
}

// cellKey names a plate's name: at most 36 × 3 × 4 × 3 a language.
type cellKey struct {
	p              donuts.Point
	donut          donuts.Color
	line           donuts.Dir
	playable, last bool
}

// DonutsWhere says where the next donut may go, after a refusal.
func DonutsWhere(l *i18n.Localizer, g *donuts.Game) string {
	if g.Finished() {
		return ""
	}
	if _, played := g.Last(); !played || g.Free() {
		return l.T("donuts.error.where.free")
	}
	return l.T("donuts.error.where", "Plates", donutsPlateList(l, g.Legal(), "donuts.or"))
}

// DonutsRefusal says why a move was refused and where the donut may go.
func DonutsRefusal(l *i18n.Localizer, g *donuts.Game, e *donuts.MoveError) string {
	var why string
	switch e.Code {
	case donuts.CodeOffLine:
		why = l.T("donuts.error.off-line", "Plate", DonutsPlate(l, e.At), "From", DonutsPlate(l, *e.From), "Line", DonutsLine(l, e.Line))
	case donuts.CodeNotYourTurn:
		why = l.T("donuts.error.not-your-turn", "Color", DonutsColor(l, e.Turn))
	default:
		why = l.T("donuts.error."+e.Code, "Plate", DonutsPlate(l, e.At))
	}
	return strings.TrimSpace(why + " " + DonutsWhere(l, g))
}

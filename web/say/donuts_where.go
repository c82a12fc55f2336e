package say

import (
	"strings"

	"tavolo/companion/donuts"
	"tavolo/i18n"
)

// "Where are we?" and the history of a Donuts game (issue #14): the whole state in a few
// short sentences, each move as a line of a list, and a summary that can be shared.

// donutsTally says the donuts of each colour on the board and the largest groups: "On
// the board: chocolate 7, vanilla 5; largest groups: chocolate 4, vanilla 3." The groups
// are left out once the game has ended by them (its end says them), and it is all left
// out while the board is empty.
func donutsTally(l *i18n.Localizer, g *donuts.Game) string {
	n, gr := donutsOnBoard(g), g.Groups()
	switch {
	case n.Chocolate+n.Vanilla == 0:
		return ""
	case g.Finished() && g.Reason() != donuts.ReasonFive:
		return l.T("donuts.where.board", "Chocolate", n.Chocolate, "Vanilla", n.Vanilla)
	}
	return l.T("donuts.where.score", "Chocolate", n.Chocolate, "Vanilla", n.Vanilla,
		"GroupChocolate", gr.Chocolate, "GroupVanilla", gr.Vanilla)
}

// joinSentences joins whole sentences with a space, leaving out empty ones.
func joinSentences(s ...string) string {
	out := s[:0:0]
	for _, x := range s {
		if x != "" {
			out = append(out, x)
		}
	}
	return strings.Join(out, " ")
}

// DonutsWhereAreWe says where a game stands, for the "where are we?" button and key:
// whose turn it is and how many plates are playable (or how the game ended), the donuts
// and the largest groups on the board, and the last move, briefly (the L key says it
// whole). me is the colour of the person asking when they play one (against the
// computer, or on a phone each): "Your turn", "You placed"; None when one phone plays
// both.
//
//	Your turn: 5 playable plates. On the board: chocolate 7, vanilla 5; largest groups:
//	chocolate 4, vanilla 3. The computer placed the last donut, at row 3, column 4, and
//	flipped 2 donuts.
func DonutsWhereAreWe(l *i18n.Localizer, ai, me donuts.Color, g *donuts.Game, events []donuts.Event) string {
	var now string
	if g.Finished() {
		now = donutsEnd(l, Full, ai, me, g)
	} else {
		now = donutsSaysTo(l, ai, me, g.Turn(), "donuts.where.turn", len(g.Legal()))
	}
	last := l.T("donuts.say.last.none")
	if len(events) > 0 {
		ev := events[len(events)-1]
		at := DonutsPlate(l, ev.At)
		if len(ev.Flipped) == 0 {
			last = donutsSaysTo(l, ai, me, ev.By, "donuts.where.last", -1, "Plate", at)
		} else {
			last = donutsSaysTo(l, ai, me, ev.By, "donuts.n.where.last.flip", len(ev.Flipped), "Plate", at)
		}
	}
	return joinSentences(now, donutsTally(l, g), last)
}

// DonutsHistoryMove says move n (from 1) for the history: "Move 7, Chocolate: row 3,
// column 4, flipping 2 donuts: row 2, column 4 and row 3, column 5." Against the
// computer, "the computer" and "you"; between two people, their colours, the same on
// both phones.
func DonutsHistoryMove(l *i18n.Localizer, ai donuts.Color, n int, ev donuts.Event) string {
	who := DonutsWho(l, ai, ev.By)
	switch {
	case ai != donuts.None && ev.By == ai:
		who = l.T("donuts.history.who.computer")
	case ai != donuts.None:
		who = l.T("donuts.history.who.you")
	}
	at := DonutsPlate(l, ev.At)
	if len(ev.Flipped) == 0 {
		return l.T("donuts.history.move", "Move", n, "Who", who, "Plate", at)
	}
	return l.N("donuts.n.history.flip", len(ev.Flipped), "Move", n, "Who", who, "Plate", at,
		"Plates", donutsPlateList(l, ev.Flipped, "donuts.and"))
}

// DonutsHistory says every move of a game in order, a sentence each (DonutsHistoryMove).
func DonutsHistory(l *i18n.Localizer, ai donuts.Color, events []donuts.Event) []string {
	out := make([]string, len(events))
	for i, ev := range events {
		out[i] = DonutsHistoryMove(l, ai, i+1, ev)
	}
	return out
}

// DonutsSummary sums a game up above its history. While it goes on: "12 moves played. On
// the board: chocolate 9, vanilla 7; largest groups: chocolate 5, vanilla 4." Once it is
// over, in words that still make sense away from the app, where it can be shared: the
// game and who played it, the moves, how it ended with every colour named, the board, and
// the board's number (seed; "" for a board given plate by plate) to play it again.
// ai is the computer's colour (None between two people), level its level.
func DonutsSummary(l *i18n.Localizer, ai donuts.Color, level donuts.Level, seed string, g *donuts.Game) string {
	moves := len(g.Moves())
	if !g.Finished() {
		if moves == 0 {
			return l.T("donuts.say.last.none")
		}
		return joinSentences(l.N("donuts.n.history.moves", moves), donutsTally(l, g))
	}
	game := l.T("game.donuts")
	lead := l.N("donuts.n.history.final.two", moves, "Game", game)
	if ai != donuts.None {
		lead = l.N("donuts.n.history.final.computer", moves, "Game", game, "Color", DonutsColor(l, ai.Other()),
			"Level", l.T("donuts.level."+string(level)))
	}
	board := ""
	if seed != "" {
		board = l.T("donuts.history.board", "Seed", seed)
	}
	return joinSentences(lead, donutsEnd(l, Full, ai, donuts.None, g), donutsTally(l, g), board)
}

package donuts

import (
	"strconv"

	engine "tavolo/companion/donuts"
	"tavolo/web/table"
)

// The rules of a table around the game's: playing again, and an undo on two phones, which
// asks the other phone first. Each returns the options to store, or why not (a
// *table.Refusal, which the handler says in the request's language).

// Boards of a game played again.
const (
	BoardSame = "same" // the same board
	BoardNew  = "new"  // a new board, numbered
)

// Again are the options of a new game with the same players and level, on the board
// board (BoardSame or BoardNew): one phone's new table, as Diamant's (a second phone joins
// it by its own code, once the host opens it). The random numbers are the caller's: the
// computer's seed ai, draw for the first player when it was drawn by lot, and number for
// a new board.
func (o Options) Again(board string, ai, draw, number uint64) (Options, error) {
	o.AI = ai
	o.Phones, o.Own, o.Ask = false, nil, nil
	first := o.Spec.First
	if o.Drawn {
		first = engine.DrawFirst(draw)
	}
	switch board {
	case BoardSame:
		o.Spec.First = first
	case BoardNew:
		o.Spec = engine.Numbered(number, first)
	default:
		return Options{}, table.Refuse(table.BadForm, "donuts.error.again")
	}
	return o, nil
}

// Answers to the other phone's request to take back the last move.
const (
	AnswerYes = "yes"
	AnswerNo  = "no"
)

// UndoStep is what an undo on two phones comes to.
type UndoStep int

const (
	UndoAsked    UndoStep = iota + 1 // this phone asks the other: the request is in the options
	UndoAccepted                     // this phone accepts the other's request: the move is taken back now
	UndoRefused                      // this phone refuses the other's request: it is spent
)

// AskUndo is an undo on two phones by the phone playing seat mine: with no answer, it asks
// the other phone to take back the last move; with one (AnswerYes, AnswerNo), it answers
// the other phone's request. It returns the step and the options to store (unchanged when
// the move is taken back now: taking it back spends the request).
func (t *Table) AskUndo(mine int, answer string) (UndoStep, Options, error) {
	ask, opt := t.OpenAsk(), t.Opt
	if answer == "" {
		if ask != nil {
			// Asked already, by either phone: the board says who answers.
			return 0, opt, table.Refuse(table.Conflict, "donuts.phones.undo.pending")
		}
		// Every write moves the version on by one: the request holds at the next.
		opt.Ask = &UndoAsk{Seat: mine, Version: t.Rec.Version + 1}
		return UndoAsked, opt, nil
	}
	if ask == nil || ask.Seat == mine || (answer != AnswerYes && answer != AnswerNo) {
		return 0, opt, table.Refuse(table.Conflict, "donuts.phones.undo.gone")
	}
	if answer == AnswerYes {
		return UndoAccepted, opt, nil
	}
	opt.Ask = nil
	return UndoRefused, opt, nil
}

// Boards of a new game, as the setup form names them.
const (
	SetupBoardNew    = "new"    // a new board, numbered at random
	SetupBoardNumber = "number" // the board of a number the player typed
)

// NewOptions are the options of a new table as the setup form gives them: the mode
// (ModeTwo, ModeComputer), against the computer the computer's level and the person's
// colour, the first player's colour or "draw" (drawn by lot), and the board (a new one,
// or the one numbered seed). The random numbers are the caller's: the computer's seed ai,
// draw for the first player drawn by lot, and number for a new board. Refused: what no
// form sends (table.BadForm), a board's number that is no number (table.Invalid).
func NewOptions(mode, level, color, first, board, seed string, ai, draw, number uint64) (Options, error) {
	opt := Options{Mode: mode, AI: ai}
	human, errColor := engine.ParseColor(color)
	lvl, errLevel := engine.ParseLevel(level)
	if mode == ModeComputer {
		opt.Human, opt.Level = human, lvl
	}
	firstColor, errFirst := engine.ParseColor(first)
	if first == "draw" {
		firstColor, errFirst, opt.Drawn = engine.DrawFirst(draw), nil, true
	}
	if (mode != ModeTwo && mode != ModeComputer) || (mode == ModeComputer && (errColor != nil || errLevel != nil)) ||
		errFirst != nil || (board != SetupBoardNew && board != SetupBoardNumber) {
		return Options{}, table.Refuse(table.BadForm, "donuts.error.setup")
	}
	if board == SetupBoardNumber {
		var err error
		if number, err = strconv.ParseUint(seed, 10, 64); err != nil {
			return Options{}, table.Refuse(table.Invalid, "donuts.error.seed", "Text", seed)
		}
	}
	opt.Spec = engine.Numbered(number, firstColor)
	return opt, nil
}

// Placer is the colour device d places now (PlaysFor), or why it may place none: it holds
// no seat (table.Forbidden), or on two phones it is the other phone's turn (table.Conflict,
// the colour whose turn it is as the argument "Color"). Whether the game takes the donut
// is the engine's to say.
func (t *Table) Placer(d table.Device) (engine.Color, error) {
	by := t.PlaysFor(d.Seats)
	switch {
	case len(d.Seats) == 0:
		return engine.None, table.Refuse(table.Forbidden, "donuts.phones.error.noseat")
	case t.TwoPhones(d) && by != t.Game.Turn() && !t.Game.Finished():
		return engine.None, table.Refuse(table.Conflict, "donuts.phones.error.wait", "Color", t.Game.Turn())
	}
	return by, nil
}

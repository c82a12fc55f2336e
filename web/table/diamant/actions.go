package diamant

import (
	"strconv"
	"strings"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

// The actions of a game that a device's forms ask for, as the table's options and the
// device's seats allow them: the action to apply, or why not (a *table.Refusal). The
// engine then says whether the game takes it.

// ErrForm refuses a request that is no form a page sends.
var ErrForm error = refuseForm

// Refusals of a game's actions.
var (
	refuseSeat     = table.Refuse(table.Forbidden, "diamant.error.seat")
	refuseCardNone = table.Refuse(table.Invalid, "diamant.error.card.none")
)

// Draw is the draw a device asks for. A table where the app draws (or a game not waiting
// for a card: the engine says why) draws the engine's random card; one drawing from the
// box names the card drawn, by its code (a button: "T5") or as a player typed it (text,
// ParseTypedCard, with the cards' names as name gives them in the page's language).
func (t *Table) Draw(code, text string, name func(engine.Card) string) (engine.Action, error) {
	if t.Opt.Draw == DrawApp || t.State.Phase() != engine.PhaseDraw {
		return engine.Draw(t.State.RandomCard()), nil
	}
	text = strings.TrimSpace(text)
	if code == "" && text == "" {
		return engine.Action{}, refuseCardNone
	}
	if code == "" {
		card, ok := ParseTypedCard(name, t.State, text)
		if !ok {
			return engine.Action{}, table.Refuse(table.Invalid, "diamant.error.card.typed", "Text", text)
		}
		return engine.Draw(card), nil
	}
	card, err := engine.ParseCard(code)
	if err != nil {
		return engine.Action{}, table.Refuse(table.Invalid, "diamant.error.card.typed", "Text", code)
	}
	return engine.Draw(card), nil
}

// ParseTypedCard reads what a player typed to name a card: a treasure's value ("11"), the
// card's name as name gives it in the page's language ("idol worth 7", "spider"), or its
// code ("T11"). Among the cards that can still come in st, an exact name wins, then a lone
// value.
func ParseTypedCard(name func(engine.Card) string, st *engine.State, text string) (engine.Card, bool) {
	text = strings.ToLower(strings.TrimSpace(text))
	if c, err := engine.ParseCard(text); err == nil {
		return c, true
	}
	if v, err := strconv.Atoi(text); err == nil {
		for _, c := range engine.Treasures {
			if c.Value() == v {
				return c, true
			}
		}
		return engine.NoCard, false
	}
	var found []engine.Card
	for _, group := range [][]engine.Card{engine.Treasures, engine.Idols, engine.Hazards} {
		for _, c := range group {
			n := strings.ToLower(name(c))
			if n == text {
				return c, true
			}
			if c.Kind() == engine.KindHazard && strings.Contains(n, text) && st.InDeck(c) > 0 {
				found = append(found, c)
			}
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return engine.NoCard, false
}

// Vote is a seat's secret vote, cast on the device: leave or continue. The table must vote
// on phones, the device must hold the seat, and a device holding several votes for them
// in seat order.
func (t *Table) Vote(seat int, leave bool) (engine.Action, error) {
	if t.Opt.Vote != VotePhone {
		return engine.Action{}, refuseForm
	}
	if !t.Seats.Has(seat) || t.Opt.IsExplorer(seat) {
		return engine.Action{}, refuseSeat
	}
	st := t.State
	if next := t.NextVoter(); st.VoteDue() && st.InCave().Has(seat) && !st.Voted().Has(seat) && seat != next {
		return engine.Action{}, table.Refuse(table.Conflict, "diamant.error.turn", "Name", st.Name(seat), "Next", st.Name(next))
	}
	return engine.Vote(seat, leave), nil
}

// Exits are the seats that leave, as someone enters them on a table that votes with the
// box's cards: seats of the game that the device holds.
func (t *Table) Exits(leave []int) (engine.Action, error) {
	if t.Opt.Vote != VoteCards {
		return engine.Action{}, refuseForm
	}
	var leavers engine.Seats
	for _, seat := range leave {
		if seat < 0 || seat >= engine.MaxPlayers {
			return engine.Action{}, refuseForm
		}
		if !t.Seats.Has(seat) {
			return engine.Action{}, refuseSeat
		}
		leavers |= engine.SeatsOf(seat)
	}
	return engine.Exits(leavers), nil
}

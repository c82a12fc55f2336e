package say

import (
	"strings"

	"tavolo/companion/diamant"
	"tavolo/i18n"
)

// The history of a game of Diamant, to read back: every card, share and vote of every
// round so far, each a whole sentence, from the game's events (the table replays its log
// for them). A vote is said once revealed, never while it is open: the events of a vote
// being cast are not told. What a seat banks is said as the news says it to a device
// that may not see that seat's chest while chests are hidden.

// DiamantRound is one round of a game's history: its heading and what happened in it, in
// order.
type DiamantRound struct {
	Round   int
	Heading string
	Items   []string
}

// DiamantHistory tells a game's events round by round, for a device that may see the
// chests of the seats shown (as DiamantEventsSeen takes it).
func DiamantHistory(l *i18n.Localizer, names []string, events []diamant.Event, shown diamant.Seats) []DiamantRound {
	var out []DiamantRound
	card := 0                // the card's number in its round
	var voters diamant.Seats // who had to vote in the vote being revealed
	add := func(text string) {
		r := &out[len(out)-1]
		r.Items = append(r.Items, upperFirst(text))
	}
	lostThisRound := false // whether anyone fled and lost diamonds this round (each is named)
	for _, e := range events {
		if e.Type == diamant.EvRoundStarted {
			lostThisRound = false
			out = append(out, DiamantRound{Round: e.Round, Heading: l.T("diamant.history.round", "Round", e.Round)})
			card = 0
			add(l.T("diamant.say.round", "Round", e.Round, "Idol", l.T("diamant.idol.the", "Value", e.Card.Value()),
				"Cards", l.N("diamant.n.cards", e.Deck)))
			continue
		}
		if len(out) == 0 {
			continue // every game opens with a round: nothing comes before it
		}
		switch e.Type {
		case diamant.EvTreasure:
			card++
			id := "diamant.n.history.treasure"
			if e.Share == 0 {
				id = "diamant.n.history.treasure.none"
			}
			add(l.N(id, e.Seats.Count(), "N", card, "Card", DiamantCard(l, e.Card), "Each", diamantEach(l, e.Share),
				"Stays", diamantStays(l, e.Stays)))
		case diamant.EvHazard:
			card++
			which := ".first"
			if e.Second {
				which = ".second"
			}
			add(l.T("diamant.history."+e.Card.String()+which, "N", card))
		case diamant.EvIdol:
			card++
			add(l.T("diamant.history.idol", "N", card, "Idol", l.T("diamant.idol.the", "Value", e.Card.Value())))
		case diamant.EvVoteDue:
			voters = e.Seats
		case diamant.EvVotesRevealed:
			add(diamantVote(l, names, e.Seats, voters&^e.Seats))
		case diamant.EvLeft:
			add(diamantLeft(l, names[e.Seat], e, shown.Has(e.Seat)))
			if e.Idols != 0 {
				add(l.T("diamant.say.idols.taken", "Name", names[e.Seat], "Idols", diamantIdols(l, e.Idols)))
			}
		case diamant.EvRoundEnded:
			// Said once: not "whoever was still in the cave fled" after each one fled by name.
			for _, text := range diamantRoundEnded(l, Full, e, lostThisRound) {
				add(upperFirst(text))
			}
		case diamant.EvCardShared, diamant.EvHandLost, diamant.EvHazardRemoved, diamant.EvIdolsRemoved,
			diamant.EvGameOver:
			lostThisRound = lostThisRound || e.Type == diamant.EvHandLost
			// Said as the news said them, whole.
			for _, said := range DiamantEventsSeen(l, Full, names, []diamant.Event{e}, shown) {
				add(said.Text)
			}
		}
	}
	return out
}

// diamantVote says a revealed vote: who leaves and who continues.
func diamantVote(l *i18n.Localizer, names []string, leave, stay diamant.Seats) string {
	leaving := l.N("diamant.n.history.leave", leave.Count(), "Names", And(l, DiamantSeatNames(names, leave)))
	staying := l.N("diamant.n.history.continue", stay.Count(), "Names", And(l, DiamantSeatNames(names, stay)))
	switch {
	case stay == 0:
		return l.T("diamant.history.vote.one", "Part", leaving)
	case leave == 0:
		return l.T("diamant.history.vote.one", "Part", staying)
	}
	return l.T("diamant.history.vote", "Leave", leaving, "Continue", staying)
}

// diamantLeft says what a seat leaves the cave with. A chest the device may not see is
// said as the news says it then: what was taken from the cards, not what the chest holds.
func diamantLeft(l *i18n.Localizer, name string, e diamant.Event, shown bool) string {
	total := e.Hand + e.Amount
	switch {
	case !shown && e.Amount > 0:
		return l.T("diamant.say.left.hidden", "Name", name, "Taken", Diamonds(l, e.Amount), "Tokens", diamantTokens(l, Full, e.Tokens))
	case !shown:
		return l.T("diamant.say.left.nothing.hidden", "Name", name)
	case total > 0:
		return l.T("diamant.history.left", "Name", name, "Total", Diamonds(l, total), "Chest", Diamonds(l, e.Chest))
	case e.Chest > 0:
		return l.T("diamant.history.left.nothing", "Name", name, "Chest", Diamonds(l, e.Chest))
	}
	return l.T("diamant.say.left.empty", "Name", name)
}

// DiamantSummary is the history's opening: the round, the cards drawn so far and how many
// were hazards, and who leads when chests are open, or the device's own chests while they
// are hidden; a finished game's final summary.
func DiamantSummary(l *i18n.Localizer, st *diamant.State, events []diamant.Event, held, shown diamant.Seats) string {
	return DiamantSummaryNamed(l, st, st.Names(), events, held, shown)
}

// DiamantSummaryNamed is DiamantSummary with the players named as the screens name them
// (a computer explorer as one, DiamantNames).
func DiamantSummaryNamed(l *i18n.Localizer, st *diamant.State, names []string, events []diamant.Event, held, shown diamant.Seats) string {
	if st.Finished() {
		return DiamantFinalNamed(l, st, names)
	}
	cards, hazards := 0, 0
	for _, e := range events {
		switch e.Type {
		case diamant.EvTreasure, diamant.EvIdol:
			cards++
		case diamant.EvHazard:
			cards++
			hazards++
		}
	}
	var out []string
	if cards == 0 {
		out = append(out, l.T("diamant.history.summary.start", "Round", st.Round()))
	} else {
		hz := l.T("diamant.history.hazards.none")
		if hazards > 0 {
			hz = l.N("diamant.n.history.hazards", hazards)
		}
		out = append(out, l.T("diamant.history.summary", "Round", st.Round(), "Cards", l.N("diamant.n.history.cards", cards), "Hazards", hz))
	}
	if all := everyone(st); shown&all == all {
		if w, best := st.Winners(); best > 0 {
			out = append(out, l.N("diamant.n.history.leads", w.Count(), "Names", And(l, DiamantSeatNames(names, w)),
				"Points", diamantPoints(l, best)))
		}
	} else {
		out = append(out, diamantOwnChests(l, st, names, held, shown)...)
	}
	return strings.Join(out, " ")
}

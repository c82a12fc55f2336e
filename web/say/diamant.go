package say

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tavolo/companion/diamant"
	"tavolo/i18n"
)

// The sentences Diamant says: pure functions from the engine's events, the players'
// names and a localizer to whole sentences. The same sentences are shown on the page
// (for everyone, and for a browser without scripts), put in the live regions and spoken.

// cardName names a card: "Treasure of 11", "Idol worth 7", "Hazard: spider".
func DiamantCard(l *i18n.Localizer, c diamant.Card) string {
	switch c.Kind() {
	case diamant.KindTreasure:
		return l.T("diamant.card.treasure", "Value", c.Value())
	case diamant.KindIdol:
		return l.T("diamant.card.idol", "Value", c.Value())
	case diamant.KindHazard:
		return l.T("diamant.card." + c.String())
	}
	return ""
}

// DiamantNewsSeats are the seats whose chest the news of events may tell
// (DiamantEventsSeen): those who left. The chests a device may see change its news only
// through these: DiamantEventsSeen says the same with shown or with shown & these.
func DiamantNewsSeats(events []diamant.Event) diamant.Seats {
	var seats diamant.Seats
	for _, e := range events {
		if e.Type == diamant.EvLeft {
			seats |= diamant.SeatsOf(e.Seat)
		}
	}
	return seats
}

// seatNames gives the names of a set of seats, in seat order.
func DiamantSeatNames(names []string, seats diamant.Seats) []string {
	var out []string
	for _, i := range seats.List() {
		if i < len(names) {
			out = append(out, names[i])
		}
	}
	return out
}

// diamonds is "1 diamond", "5 diamonds", with the language's plural forms.
func Diamonds(l *i18n.Localizer, n int) string { return l.N("diamant.n.diamonds", n) }

// diamantTokens says a number of diamonds as the box's tokens, each kind with its value,
// so that the parts add up when heard: "2 clear tokens worth 5 each and 3 red tokens worth
// 1 each"; briefly, "2 clear and 3 red" (after the diamonds they make up).
func diamantTokens(l *i18n.Localizer, v Verbosity, t diamant.Tokens) string {
	clear, red := v.Pick("diamant.n.clear", "diamant.brief.n.clear"), v.Pick("diamant.n.red", "diamant.brief.n.red")
	switch {
	case t.Clear > 0 && t.Red > 0:
		return And(l, []string{l.N(clear, t.Clear), l.N(red, t.Red)})
	case t.Clear > 0:
		return l.N(clear, t.Clear)
	case t.Red > 0:
		return l.N(red, t.Red)
	}
	return ""
}

// diamantEach is each player's share: "3 diamonds each", or that nobody gets any.
func diamantEach(l *i18n.Localizer, share int) string {
	if share == 0 {
		return l.T("diamant.say.each.none")
	}
	return l.N("diamant.n.each", share)
}

// staysText is what stays on a card: "2 stay on the card", "none stays on the card".
func diamantStays(l *i18n.Localizer, n int) string {
	if n == 0 {
		return l.T("diamant.say.stays.none")
	}
	return l.N("diamant.n.stays", n)
}

// idolsText names a set of idols: "the idol worth 5 and the idol worth 8".
func diamantIdols(l *i18n.Localizer, idols diamant.IdolSet) string {
	var parts []string
	for _, c := range idols.Cards() {
		parts = append(parts, l.T("diamant.idol.the", "Value", c.Value()))
	}
	return And(l, parts)
}

// pointsText is "34 points".
func diamantPoints(l *i18n.Localizer, n int) string { return l.N("diamant.n.points", n) }

// DiamantEvents turns an action's events into sentences, in a verbosity. Secret votes
// say nothing here: the vote screens say "vote recorded" the same way whatever the vote.
func DiamantEvents(l *i18n.Localizer, v Verbosity, names []string, events []diamant.Event) []Sentence {
	return DiamantEventsSeen(l, v, names, events, diamant.SeatsOf(0, 1, 2, 3, 4, 5, 6, 7))
}

// DiamantEventsSeen is DiamantEvents for a device that may see the chests of the seats
// shown only: for the others, what they take from the cards is said, their chest is not.
func DiamantEventsSeen(l *i18n.Localizer, v Verbosity, names []string, events []diamant.Event, shown diamant.Seats) []Sentence {
	var out []Sentence
	add := func(text string, assertive bool, sound string) {
		out = append(out, Sentence{Text: upperFirst(text), Assertive: assertive, Sound: sound})
	}
	brief := v == Brief
	// Whether anyone in the cave lost diamonds to a second hazard (each is named).
	lost := false
	for _, e := range events {
		lost = lost || e.Type == diamant.EvHandLost
	}
	for _, e := range events {
		switch e.Type {
		case diamant.EvRoundStarted:
			add(l.T(v.Pick("diamant.say.round", "diamant.brief.round"), "Round", e.Round, "Idol", l.T("diamant.idol.the", "Value", e.Card.Value()),
				"Cards", l.N("diamant.n.cards", e.Deck)), false, "")
		case diamant.EvTreasure:
			// One player in the cave takes the whole card: said with their name, never
			// "7 diamonds each" to one.
			if alone := DiamantSeatNames(names, e.Seats); len(alone) == 1 {
				add(l.T(v.Pick("diamant.say.treasure.alone", "diamant.brief.treasure.alone"), "Card", DiamantCard(l, e.Card),
					"Had", Diamonds(l, e.Card.Value()), "Name", alone[0]), false, "treasure")
				break
			}
			if brief {
				add(diamantBriefTreasure(l, e), false, "treasure")
				break
			}
			add(l.T("diamant.say.treasure", "Card", DiamantCard(l, e.Card),
				"Each", diamantEach(l, e.Share), "Stays", diamantStays(l, e.Stays)), false, "treasure")
		case diamant.EvIdol:
			add(l.T(v.Pick("diamant.say.idol", "diamant.brief.idol"), "Card", DiamantCard(l, e.Card)), false, "idol")
		case diamant.EvHazard:
			id := v.Pick("diamant.hazard.", "diamant.brief.hazard.") + e.Card.String()
			// The sound names the hazard (screen.js plays each its own): "hazard:snake",
			// and for the second, which ends the round, "lost:snake".
			if e.Second {
				add(l.T(id+".second"), true, "lost:"+e.Card.String())
			} else {
				add(l.T(id+".first"), false, "hazard:"+e.Card.String())
			}
		case diamant.EvVotesRevealed:
			// Already the fact alone: who goes on, who leaves.
			if e.Seats == 0 {
				add(l.T("diamant.say.continue.all"), false, "reveal")
			} else {
				add(l.N("diamant.n.leave", e.Seats.Count(), "Names", And(l, DiamantSeatNames(names, e.Seats))), false, "reveal")
			}
		case diamant.EvCardShared:
			if leavers := DiamantSeatNames(names, e.Seats); len(leavers) == 1 {
				add(l.T(v.Pick("diamant.say.shared.alone", "diamant.brief.shared.alone"), "Card", DiamantCard(l, e.Card), "Had", Diamonds(l, e.Amount),
					"Name", leavers[0]), false, "")
				break
			}
			if brief {
				add(diamantBriefShared(l, e), false, "")
				break
			}
			add(l.T("diamant.say.shared", "Card", DiamantCard(l, e.Card), "Had", Diamonds(l, e.Amount),
				"Each", diamantEach(l, e.Share), "Stays", diamantStays(l, e.Stays)), false, "")
		case diamant.EvLeft:
			name := names[e.Seat]
			tokens := func() string { return diamantTokens(l, v, e.Tokens) }
			switch {
			case !shown.Has(e.Seat) && e.Amount > 0:
				add(l.T(v.Pick("diamant.say.left.hidden", "diamant.brief.left.hidden"), "Name", name, "Taken", Diamonds(l, e.Amount), "Tokens", tokens()), false, "")
			case !shown.Has(e.Seat):
				add(l.T(v.Pick("diamant.say.left.nothing.hidden", "diamant.brief.left.nothing.hidden"), "Name", name), false, "")
			case e.Amount > 0:
				add(l.T(v.Pick("diamant.say.left", "diamant.brief.left"), "Name", name, "Taken", Diamonds(l, e.Amount),
					"Tokens", tokens(), "Chest", Diamonds(l, e.Chest)), false, "")
			case e.Chest > 0:
				add(l.T(v.Pick("diamant.say.left.nothing", "diamant.brief.left.nothing"), "Name", name, "Chest", Diamonds(l, e.Chest)), false, "")
			default:
				add(l.T(v.Pick("diamant.say.left.empty", "diamant.brief.left.empty"), "Name", name), false, "")
			}
			if e.Idols != 0 {
				add(l.T(v.Pick("diamant.say.idols.taken", "diamant.brief.idols.taken"), "Name", name, "Idols", diamantIdols(l, e.Idols)), false, "idol")
			}
		case diamant.EvHandLost:
			add(l.T(v.Pick("diamant.say.lost", "diamant.brief.lost"), "Name", names[e.Seat], "Lost", Diamonds(l, e.Amount)), false, "")
		case diamant.EvHazardRemoved:
			add(l.T(v.Pick("diamant.say.hazard.removed", "diamant.brief.hazard.removed")), false, "")
		case diamant.EvIdolsRemoved:
			add(l.N(v.Pick("diamant.n.idols.lost", "diamant.brief.n.idols.lost"), len(e.Idols.Cards()), "Idols", diamantIdols(l, e.Idols)), false, "")
		case diamant.EvRoundEnded:
			for _, text := range diamantRoundEnded(l, v, e, lost) {
				add(text, false, "")
			}
		case diamant.EvGameOver:
			// Said after the last reveal it follows, as news, not as an alarm said first.
			add(DiamantGameOver(l, v, names, e.Seats, e.Amount), false, "")
		}
	}
	return out
}

// diamantRoundEnded says a round's end, once (issues #23, #25): the screen's heading says
// "Round 1 is over", a second hazard's alarm says it too, and each one who flees with
// diamonds is named (lost); what is left is why it ended, when nobody lost any, and the
// diamonds that go back to the box.
func diamantRoundEnded(l *i18n.Localizer, v Verbosity, e diamant.Event, lost bool) []string {
	var out []string
	switch {
	case e.Reason != diamant.EndHazard:
		out = append(out, l.T(v.Pick("diamant.say.end.empty", "diamant.brief.end.empty")))
	case !lost && v != Brief:
		out = append(out, l.T("diamant.say.end.hazard"))
	}
	if e.Amount > 0 {
		out = append(out, l.N(v.Pick("diamant.n.back", "diamant.brief.n.back"), e.Amount))
	}
	return out
}

// DiamantGameOver says who won a game, with how many points: "Game over: Ada wins with 22
// points."; the winners share the win when several have the best score.
func DiamantGameOver(l *i18n.Localizer, v Verbosity, names []string, winners diamant.Seats, points int) string {
	return l.N(v.Pick("diamant.n.over", "diamant.brief.n.over"), winners.Count(), "Names", And(l, DiamantSeatNames(names, winners)),
		"Points", diamantPoints(l, points))
}

// diamantBriefTreasure says a treasure drawn briefly: "7 diamonds: 2 each, 1 stays.",
// "6 diamonds: 2 each.", or when nobody gets any, "2 diamonds: they stay on the card."
func diamantBriefTreasure(l *i18n.Localizer, e diamant.Event) string {
	n := e.Card.Value()
	switch {
	case e.Share == 0:
		return l.N("diamant.brief.n.treasure.kept", n)
	case e.Stays == 0:
		return l.N("diamant.brief.n.treasure.split", n, "Each", l.N("diamant.brief.n.each", e.Share))
	}
	return l.N("diamant.brief.n.treasure", n, "Each", l.N("diamant.brief.n.each", e.Share), "Stays", l.N("diamant.brief.n.stays", e.Stays))
}

// diamantBriefShared says briefly what the leavers share of a card: "Treasure of 7, 5
// diamonds on it: 2 each, 1 stays.", without what stays when none does, and "…: they
// stay." when nobody gets any.
func diamantBriefShared(l *i18n.Localizer, e diamant.Event) string {
	card := DiamantCard(l, e.Card)
	switch {
	case e.Share == 0:
		return l.N("diamant.brief.n.shared.kept", e.Amount, "Card", card)
	case e.Stays == 0:
		return l.T("diamant.brief.shared.split", "Card", card, "Had", Diamonds(l, e.Amount), "Each", l.N("diamant.brief.n.each", e.Share))
	}
	return l.T("diamant.brief.shared", "Card", card, "Had", Diamonds(l, e.Amount), "Each", l.N("diamant.brief.n.each", e.Share),
		"Stays", l.N("diamant.brief.n.stays", e.Stays))
}

// UpperFirst capitalizes a sentence that starts with a lower-case word ("la squadra 1
// comincia").
func UpperFirst(s string) string { return upperFirst(s) }

// upperFirst capitalizes a Sentence that starts with a lower-case word ("the idol…").
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// DiamantRisk is the risk hint: "1 card in 4 ends the round"; briefly "Risk: 1 card in 4".
func DiamantRisk(l *i18n.Localizer, v Verbosity, ending, left int) string {
	if ending == 0 || left == 0 {
		return l.T(v.Pick("diamant.risk.none", "diamant.brief.risk.none"))
	}
	return l.N(v.Pick("diamant.n.risk", "diamant.brief.n.risk"), ending, "Left", strconv.Itoa(left))
}

// DiamantChestNote says why a device does not see the chests of seats it holds (those not
// shown: they changed phones during the game), or "" when it sees them all.
func DiamantChestNote(l *i18n.Localizer, names []string, held, shown diamant.Seats) string {
	hidden := held &^ shown
	if hidden == 0 {
		return ""
	}
	if held.Count() == 1 {
		return l.T("diamant.chest.moved")
	}
	var note []string
	for _, seat := range hidden.List() {
		note = append(note, l.T("diamant.chest.moved.name", "Name", names[seat]))
	}
	return strings.Join(note, " ")
}

// DiamantProblem says an engine refusal in the player's language.
func DiamantProblem(l *i18n.Localizer, e *diamant.Error) string {
	return l.T("diamant.error."+string(e.Code), "Seat", e.Seat+1, "Name", e.Name, "Card", DiamantCard(l, e.Card),
		"Count", e.Count, "Limit", e.Limit)
}

// DiamantAwayNews says which phones went away and which came back, between two sets of
// seats away: "Ada's phone has been away for a while.", one sentence a seat.
func DiamantAwayNews(l *i18n.Localizer, names []string, before, now diamant.Seats) []Sentence {
	news := []Sentence{}
	for _, seat := range (now &^ before).List() {
		news = append(news, Sentence{Text: l.T("diamant.presence.away", "Name", names[seat])})
	}
	for _, seat := range (before &^ now).List() {
		news = append(news, Sentence{Text: l.T("diamant.presence.back", "Name", names[seat])})
	}
	return news
}

// DiamantCardThe names a card inside a sentence: "the treasure of 7", "the idol worth 5",
// "the snake", with no label's colon in the middle of the sentence.
func DiamantCardThe(l *i18n.Localizer, c diamant.Card) string {
	switch c.Kind() {
	case diamant.KindTreasure:
		return l.T("diamant.card.the.treasure", "Value", c.Value())
	case diamant.KindIdol:
		return l.T("diamant.idol.the", "Value", c.Value())
	case diamant.KindHazard:
		return l.T("diamant.card.the." + c.String())
	}
	return ""
}

// DiamantUndone says that the last step, a, was undone, as things now stand: "Undone: the
// snake is back in the deck.", "Undone: Ada votes again."; never how someone voted.
func DiamantUndone(l *i18n.Localizer, names []string, a diamant.Action) string {
	switch a.Type {
	case diamant.ActDraw:
		return l.T("diamant.undo.done.draw", "Card", DiamantCardThe(l, a.Card))
	case diamant.ActVote:
		return l.T("diamant.undo.done.vote", "Name", names[a.Seat])
	}
	return l.T("diamant.undo.done", "What", l.T("diamant.undo.exits"))
}

// DiamantUndoWhat says what the last step, a, was, without ever telling how someone voted.
func DiamantUndoWhat(l *i18n.Localizer, names []string, a diamant.Action) string {
	switch a.Type {
	case diamant.ActDraw:
		return l.T("diamant.undo.draw", "Card", DiamantCardThe(l, a.Card))
	case diamant.ActVote:
		return l.T("diamant.undo.vote", "Name", names[a.Seat])
	}
	return l.T("diamant.undo.exits")
}

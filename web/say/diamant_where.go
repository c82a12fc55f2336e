package say

import (
	"slices"
	"strings"

	"tavolo/companion/diamant"
	"tavolo/i18n"
)

// "Where are we?" (the S key and its button on every Diamant screen): the whole state of
// a game in a few sentences, as one device may hear it. What every player may see is
// said (the round, the deck, the hazards, who is in the cave carrying what, what lies on
// the cards, who is still to vote), and of the chests only those the device may see
// while chests are hidden: never another seat's chest, never how anyone voted.

// DiamantWhere says where a game stands for a device holding the seats held and shown
// the chests of the seats shown (every seat when chests are open, as DiamantEventsSeen
// takes it). While chests are hidden it adds the chests of the device's own seats, "your
// chest" when it holds one. A finished game is said as its final summary.
func DiamantWhere(l *i18n.Localizer, st *diamant.State, held, shown diamant.Seats) string {
	return DiamantWhereNamed(l, st, st.Names(), held, shown)
}

// DiamantWhereNamed is DiamantWhere with the players named as names gives them (a computer
// explorer as one, DiamantNames).
func DiamantWhereNamed(l *i18n.Localizer, st *diamant.State, names []string, held, shown diamant.Seats) string {
	all, own := DiamantWhereTableNamed(l, st, names), diamantWhereOwn(l, st, names, held, shown)
	if own == "" {
		return all
	}
	return all + " " + own
}

// DiamantWhereTable is what DiamantWhere says to every device: all of it but the chests.
func DiamantWhereTable(l *i18n.Localizer, st *diamant.State) string {
	return DiamantWhereTableNamed(l, st, st.Names())
}

// DiamantWhereTableNamed is DiamantWhereTable with the players named as names gives them.
func DiamantWhereTableNamed(l *i18n.Localizer, st *diamant.State, players []string) string {
	if st.Finished() {
		return DiamantFinalNamed(l, st, players)
	}
	hazards := l.T("diamant.where.hazards.none")
	if seen := st.HazardsSeen(); len(seen) > 0 {
		names := make([]string, len(seen))
		for i, h := range seen {
			names[i] = l.T("diamant.where.hazard." + h.String())
		}
		hazards = l.N("diamant.n.where.hazards", len(seen), "List", And(l, names))
	}
	out := []string{l.T("diamant.where.round", "Round", st.Round(), "Deck", l.N("diamant.n.where.deck", st.DeckSize()), "Hazards", hazards)}

	out = append(out, l.T("diamant.where.cave", "Cave", diamantCave(l, st, players), "Cards", diamantLying(l, st)))
	if waiting := st.Waiting(); waiting != 0 {
		out = append(out, l.T("diamant.where.waiting", "Names", And(l, DiamantSeatNames(players, waiting))))
	}
	return strings.Join(out, " ")
}

// DiamantWhereOwn is what DiamantWhere adds for a device: while chests are hidden, the
// chests of its own seats ("" when it says none).
func DiamantWhereOwn(l *i18n.Localizer, st *diamant.State, held, shown diamant.Seats) string {
	return diamantWhereOwn(l, st, st.Names(), held, shown)
}

// DiamantWhereOwnNamed is DiamantWhereOwn with the players named as names gives them.
func DiamantWhereOwnNamed(l *i18n.Localizer, st *diamant.State, names []string, held, shown diamant.Seats) string {
	return diamantWhereOwn(l, st, names, held, shown)
}

func diamantWhereOwn(l *i18n.Localizer, st *diamant.State, names []string, held, shown diamant.Seats) string {
	if st.Finished() {
		return ""
	}
	return strings.Join(diamantOwnChests(l, st, names, held, shown), " ")
}

// diamantCave says who is in the cave carrying what. Everyone in the cave has been there
// since the round began and took the same share of every treasure, so they carry the same:
// "Ada, Bruno and Chiara, carrying 4 diamonds each"; were it ever not so, each is named
// with what they carry.
func diamantCave(l *i18n.Localizer, st *diamant.State, names []string) string {
	in := st.InCave().List()
	if len(in) == 0 {
		return l.T("diamant.where.cave.nobody")
	}
	hand, same := st.Hand(in[0]), true
	for _, i := range in {
		same = same && st.Hand(i) == hand
	}
	switch {
	case same && hand == 0:
		return l.T("diamant.where.cave.none", "Names", And(l, DiamantSeatNames(names, st.InCave())))
	case same && len(in) > 1:
		return l.N("diamant.n.where.cave.each", hand, "Names", And(l, DiamantSeatNames(names, st.InCave())))
	}
	cave := make([]string, len(in))
	for k, i := range in {
		cave[k] = l.N("diamant.n.where.carries", st.Hand(i), "Name", names[i])
	}
	return And(l, cave)
}

// diamantLying says what lies on the cards: the diamonds left on each treasure, the idols.
func diamantLying(l *i18n.Localizer, st *diamant.State) string {
	var lying []string
	for _, tc := range st.TableCards() {
		if tc.Stays > 0 {
			lying = append(lying, l.N("diamant.n.where.oncard", tc.Stays, "Value", tc.Card.Value()))
		}
	}
	for _, c := range st.TableIdols() {
		lying = append(lying, l.T("diamant.idol.the", "Value", c.Value()))
	}
	if len(lying) == 0 {
		return l.T("diamant.where.table.nothing")
	}
	return And(l, lying)
}

// everyone is the set of a game's seats.
func everyone(st *diamant.State) diamant.Seats { return diamant.Seats(1<<uint(st.Players()) - 1) }

// diamantOwnChests says the chests of the device's seats while chests are hidden: "your
// chest" when it holds one seat, each by name when it holds several; nothing when chests
// are open (everyone sees them on the screen) or the device sees none of its own.
func diamantOwnChests(l *i18n.Localizer, st *diamant.State, names []string, held, shown diamant.Seats) []string {
	all := everyone(st)
	if shown&all == all {
		return nil
	}
	var out []string
	for _, i := range (held & shown & all).List() {
		chest := st.Chest(i)
		switch {
		case held.Count() == 1 && chest == 0:
			out = append(out, l.T("diamant.where.chest.empty"))
		case held.Count() == 1:
			out = append(out, l.T("diamant.where.chest", "Diamonds", Diamonds(l, chest)))
		case chest == 0:
			out = append(out, l.T("diamant.where.chest.name.empty", "Name", names[i]))
		default:
			out = append(out, l.T("diamant.where.chest.name", "Name", names[i], "Diamonds", Diamonds(l, chest)))
		}
	}
	return out
}

// DiamantFinal is a finished game's summary, the one a player may share: who won, then
// every score from the highest ("Scores: Ada with 34 points, Bruno with 28 points…").
func DiamantFinal(l *i18n.Localizer, st *diamant.State) string {
	return DiamantFinalNamed(l, st, st.Names())
}

// DiamantFinalNamed is DiamantFinal with the players named as names gives them.
func DiamantFinalNamed(l *i18n.Localizer, st *diamant.State, names []string) string {
	return DiamantGameEnd(l, Full, st, names)
}

// DiamantShareLead opens a finished game's shared summary with the game's name ("Diamant,
// a game for 3."): pasted into a chat, the summary says which game it was.
func DiamantShareLead(l *i18n.Localizer, players int) string {
	return l.N("diamant.n.final.game", players, "Game", l.T("game.diamant"))
}

// DiamantGameEnd is a finished game's end as the last screen says it, after the last
// reveal: who won, then the whole ranking from the highest score ("Scores: Ada with 22
// points, Bruno with 18 points and Chiara with 18 points."), unless everyone shares the
// win: the winners' sentence has said it all.
func DiamantGameEnd(l *i18n.Localizer, v Verbosity, st *diamant.State, names []string) string {
	w, best := st.Winners()
	over := DiamantGameOver(l, v, names, w, best)
	seats := everyone(st).List()
	if w.Count() == len(seats) {
		return over
	}
	slices.SortStableFunc(seats, func(a, b int) int { return st.Score(b) - st.Score(a) })
	scores := make([]string, len(seats))
	for i, seat := range seats {
		scores[i] = l.N("diamant.n.history.score", st.Score(seat), "Name", names[seat])
	}
	return DiamantGameOver(l, v, names, w, best) + " " + l.T("diamant.history.scores", "List", And(l, scores))
}

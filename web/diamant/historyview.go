package diamant

import (
	"strconv"

	"tavolo/companion/diamant"
	"tavolo/web/say"
)

// "Where are we?" and the history of a game, as one device may hear them (web/say says
// them; the device's seats and the chests it may see come from its table).

// Where is the sentence "Where are we?" says on this device's screens.
func (v View) Where() string {
	t := v.T
	return say.DiamantWhereNamed(v.L, t.State, v.names(), t.Seats, t.Shown())
}

// where is Where, its part that every device hears made once for the table's version
// (parts.go).
func (v View) where() string {
	l, t := v.L, v.T
	all := playViews.sentence(t.Rec.ID, t.Rec.Version, l.Lang, partKey{kind: partWhere}, func() string { return say.DiamantWhereTableNamed(l, t.State, v.names()) })
	if own := say.DiamantWhereOwnNamed(l, t.State, v.names(), t.Seats, t.Shown()); own != "" {
		return all + " " + own
	}
	return all
}

// History is the history page of a game: a summary, where the game stands, and
// every round so far.
type History struct {
	ID        string
	Heading   string
	Summary   string // the round, the cards so far, who leads; a finished game's final summary
	Where     string // where the game stands now ("" when finished: the summary says it)
	Finished  bool   // the summary may be shared
	ShareLead string // what opens the shared summary: the game's name (say.DiamantShareLead)
	Rounds    []say.DiamantRound
}

// History is the history page made from the game's events (diamanttable.Table.Events).
func (v View) History(events []diamant.Event) History {
	l, t := v.L, v.T
	shown := t.Shown()
	p := History{ID: t.Rec.ID, Heading: l.T("diamant.history.heading"), Finished: t.State.Finished(),
		Summary: say.DiamantSummaryNamed(l, t.State, v.names(), events, t.Seats, shown),
		Rounds:  say.DiamantHistory(l, say.DiamantNames(l, t.Names, t.Opt.Explorers), events, shown)}
	if !p.Finished {
		p.Where = v.Where()
	} else {
		p.ShareLead = say.DiamantShareLead(l, t.State.Players())
	}
	return p
}

// roundID is the id of a round's heading on the history page.
func roundID(r say.DiamantRound) string { return "round-" + strconv.Itoa(r.Round) }

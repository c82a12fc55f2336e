package say

import (
	"strings"

	"tavolo/companion/diamant"
	"tavolo/i18n"
)

// DiamantExplorerNames are the names a new table's computer explorers may take, in the
// page's language: the catalog's list, separated by commas.
func DiamantExplorerNames(l *i18n.Localizer) []string {
	var out []string
	for _, n := range strings.Split(l.T("diamant.explorer.names"), ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// DiamantNames are the players' names as sentences and screens say them: a computer
// explorer's (levels by seat, "" for a person) with what it is, "Amelia (computer, hard)".
// Without explorers, names itself.
func DiamantNames(l *i18n.Localizer, names []string, levels []diamant.Level) []string {
	if len(levels) == 0 {
		return names
	}
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n
		if i < len(levels) && levels[i] != "" {
			out[i] = l.T("diamant.explorer.name", "Name", n, "Level", l.T("diamant.explorer.level."+string(levels[i])))
		}
	}
	return out
}

// DiamantAdvice is practice's answer to "what would the expert do?": the hard explorer's
// choice, then one sentence of why from the numbers it read, "The expert would leave.
// Snake or spider: 2 cards in 24 would end the round; you carry 9 diamonds."
func DiamantAdvice(l *i18n.Localizer, a diamant.Advice) string {
	head := l.T("diamant.expert.continue")
	if a.Leave {
		head = l.T("diamant.expert.leave")
	}
	risk := l.T("diamant.expert.safe")
	if a.Ending > 0 {
		var kinds []string
		for _, h := range diamant.Hazards {
			if a.Hazards&(1<<h) != 0 {
				kinds = append(kinds, l.T("diamant.where.hazard."+h.String()))
			}
		}
		list := List(l, kinds, "app.list.sep", "diamant.expert.or")
		risk = l.N("diamant.n.expert.ending", a.Ending, "Left", a.Left, "Hazards", list)
	}
	hand := l.N("diamant.n.expert.carry", a.Carry)
	if a.Alone > a.Carry {
		hand = l.N("diamant.n.expert.alone", a.Carry, "Alone", a.Alone)
	}
	return head + " " + upperFirst(l.T("diamant.expert.why", "Risk", risk, "Hand", hand))
}

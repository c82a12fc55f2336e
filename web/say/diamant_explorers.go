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

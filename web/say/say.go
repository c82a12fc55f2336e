// Package say builds every sentence Tavolo says: pure functions from a game's state or
// events and a localizer to whole sentences, shown on the page, put in the live regions
// and spoken. No HTTP, no page: the same sentences serve a screen, a reply and a test.
package say

import (
	"strings"

	"tavolo/i18n"
)

// Sentence is one thing to announce, and how.
type Sentence struct {
	Text      string `json:"text"`
	Assertive bool   `json:"assertive,omitempty"` // an alarm: said at once, over what is being said
	Sound     string `json:"sound,omitempty"`     // the sound that goes with it, if any
}

// List joins items as a sentence lists them, its punctuation and words from the
// catalogs: sep is the id of what goes between two items, last of what goes before the
// last one. List(l, plates, "donuts.list.sep", "donuts.or") says "row 1, column 5; row 3,
// column 5 or row 4, column 5"; one item is itself, none is "".
func List(l *i18n.Localizer, items []string, sep, last string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	var b strings.Builder
	between := l.T(sep)
	for i, it := range items[:len(items)-1] {
		if i > 0 {
			b.WriteString(between)
		}
		b.WriteString(it)
	}
	b.WriteString(l.T(last))
	b.WriteString(items[len(items)-1])
	return b.String()
}

// And lists items joined by "and", as every game lists names, times and scores: "Ada",
// "Ada and Bruno", "Ada, Bruno and Chiara" (app.list.sep, app.list.and).
func And(l *i18n.Localizer, items []string) string {
	return List(l, items, "app.list.sep", "app.list.and")
}

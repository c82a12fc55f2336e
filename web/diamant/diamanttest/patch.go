// Package diamanttest is what tests of Diamant's pages share: a vote's patch put on the
// screen a page shows, as the page's script does (diamant.js applyPatch).
package diamanttest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/a-h/templ"
)

// Patch is a vote's patch of the screen sent before, as a live event carries it
// (web/diamant/patch.go).
type Patch struct {
	Base     int64  `json:"base"`
	Screen   string `json:"screen"`
	Heading  string `json:"heading"`
	Votes    string `json:"votes"`
	Waiting  string `json:"waiting"`
	Where    string `json:"where"`
	CardSaid bool   `json:"cardSaid"`
}

var (
	texts = func() (m map[string]*regexp.Regexp) {
		m = map[string]*regexp.Regexp{}
		for _, open := range []string{`<p class="votes">`, `<p class="waiting">`, `<p id="where" class="where">`, `<p id="where" class="where" hidden>`} {
			m[open] = regexp.MustCompile(regexp.QuoteMeta(open) + `[^<]*</p>`)
		}
		return m
	}()
	lastCard = regexp.MustCompile(`<p class="lastcard"[^>]*>`)
)

// Apply puts the patch of an event at version on html, the screen a page shows (as the
// server writes it); an error when the page shows another screen than the patch's.
func (p *Patch) Apply(html string, version int64) (string, error) {
	if !strings.Contains(html, `data-screen="`+p.Screen+`" data-version="`+strconv.FormatInt(p.Base, 10)+`"`) ||
		!strings.Contains(html, `>`+templ.EscapeString(p.Heading)+`</h1>`) {
		return "", fmt.Errorf("a patch of the %s screen %q at version %d, on another screen", p.Screen, p.Heading, p.Base)
	}
	base, next := strconv.FormatInt(p.Base, 10), strconv.FormatInt(version, 10)
	html = strings.Replace(html, `data-version="`+base+`"`, `data-version="`+next+`"`, 1)
	html = strings.ReplaceAll(html, `name="version" value="`+base+`"`, `name="version" value="`+next+`"`)
	for open, re := range texts {
		text := p.Votes
		switch {
		case strings.Contains(open, "waiting"):
			text = p.Waiting
		case strings.Contains(open, "where"):
			text = p.Where
		}
		html = re.ReplaceAllLiteralString(html, open+templ.EscapeString(text)+`</p>`)
	}
	return lastCard.ReplaceAllStringFunc(html, func(tag string) string {
		tag = strings.Replace(strings.TrimSuffix(tag, ">"), ` aria-hidden="true"`, "", 1)
		if p.CardSaid {
			tag += ` aria-hidden="true"`
		}
		return tag + ">"
	}), nil
}

package i18n

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Each language quotes one way, as its rulebooks do: English and Italian “ ” (seed 000:
// “prende”), French « » (seeds 001/003), Slovak „ “. No ASCII quotes, no other language's
// marks, and each quote opened is closed.
func TestQuotes(t *testing.T) {
	marks := map[string][2]string{"en": {"“", "”"}, "it": {"“", "”"}, "fr": {"«", "»"}, "sk": {"„", "“"}}
	c, err := Load()
	require.NoError(t, err)
	for _, lang := range Languages {
		want := marks[lang.Code]
		require.NotEmpty(t, want[0], lang.Code)
		for id, m := range c.Messages(lang.Code) {
			for _, s := range texts(m) {
				if strings.Contains(s, `"`) {
					t.Errorf("%s: %s has an ASCII quote; %s uses %s %s: %q", lang.Code, id, lang.Code, want[0], want[1], s)
				}
				for _, q := range []string{"«", "»", "„", "“", "”"} {
					if q != want[0] && q != want[1] && strings.Contains(s, q) {
						t.Errorf("%s: %s quotes with %s; %s uses %s %s: %q", lang.Code, id, q, lang.Code, want[0], want[1], s)
					}
				}
				if strings.Count(s, want[0]) != strings.Count(s, want[1]) {
					t.Errorf("%s: %s opens and closes a different number of quotes: %q", lang.Code, id, s)
				}
			}
		}
	}
}

// French and Italian put an article before a noun that starts a sentence: a placeholder
// whose value is a bare noun or a label (a card's name "Trésor de 7", a colour, a line, a
// plate) may open a message only as a label, followed by a colon or a comma ("Trésor de
// 7 : …"), never as the subject of a verb ("Trésor de 7 ne peut pas…": "La carte …").
func TestBareNounsDoNotStartASentence(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	bare := regexp.MustCompile(`^\{\{\.(Card|Color|Line|Plate|Donut|Level|Value)\}\}(.)`)
	for _, lang := range []string{"fr", "it"} {
		for id, m := range c.Messages(lang) {
			for _, s := range texts(m) {
				if g := bare.FindStringSubmatch(s); g != nil && !strings.ContainsAny(g[2], ":,\u00a0") {
					t.Errorf("%s: %s starts with {{.%s}} as a subject; %s wants an article: %q", lang, id, g[1], lang, s)
				}
			}
		}
	}
}

package i18n

import (
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

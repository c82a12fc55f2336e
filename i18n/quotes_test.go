package i18n

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Italian quotes one way, as its rulebooks do (seed 000: “prende”) and the rules page
// does (“uscita”, “continua”): curved double quotes, never « », each opened one closed.
func TestItalianQuotes(t *testing.T) {
	c, err := Load()
	require.NoError(t, err)
	for id, m := range c.Messages("it") {
		for _, s := range texts(m) {
			if strings.ContainsAny(s, "«»") {
				t.Errorf("it: %s quotes with « »; Italian uses “ ”: %q", id, s)
			}
			if strings.Count(s, "“") != strings.Count(s, "”") {
				t.Errorf("it: %s opens and closes a different number of quotes: %q", id, s)
			}
		}
	}
}

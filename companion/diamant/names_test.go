package diamant

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCleanName(t *testing.T) {
	for in, want := range map[string]string{
		"Ada":                 "Ada",
		"  Ada  ":             "Ada",
		"Ada\u200b":           "Ada", // zero-width space
		"A\u00addа":           "Adа", // soft hyphen (the last letter is Cyrillic: kept as it is)
		"\u202eAda":           "Ada", // right-to-left override
		"Ada\x00":             "Ada",
		"Ada\xff":             "Ada", // not UTF-8
		"Anna \t\u00a0 Maria": "Anna Maria",
		"Anna\u2028Maria":     "Anna Maria",
		"Zoe\u0301":           "Zoé", // e + combining acute: composed
		"\u200b\u0000\u202e":  "",
		" \u200b ":            "",
		"Ľubo\u0161":          "Ľuboš",
		"\ufeffBea":           "Bea",
		"Cy\u200d":            "Cy",
		"Ann\u00e9e":          "Année",
		"\U0001F600 smile":    "\U0001F600 smile",
	} {
		require.Equal(t, want, CleanName(in), "%q", in)
	}
}

// Names that look and sound alike are one name; a name of invisible characters is none.
func TestNamesAreCleanedBeforeTheChecks(t *testing.T) {
	_, err := New(Setup{Players: []string{"Ada", "Ada\u200b", "Cy"}})
	var e *Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, CodeDuplicateName, e.Code)
	require.Equal(t, 1, e.Seat)

	_, err = New(Setup{Players: []string{"Zoé", "Zoe\u0301", "Cy"}})
	require.ErrorAs(t, err, &e)
	require.Equal(t, CodeDuplicateName, e.Code)

	_, err = New(Setup{Players: []string{"Ada", "\u200b\u202e\x00", "Cy"}})
	require.ErrorAs(t, err, &e)
	require.Equal(t, CodeEmptyName, e.Code)

	st, err := New(Setup{Players: []string{" Ada\u200b ", "Bea", "Cy"}})
	require.NoError(t, err)
	require.Equal(t, "Ada", st.Name(0))
	require.Equal(t, 0, st.Seat("ada\u200b"))
}

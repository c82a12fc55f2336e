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
		// Default ignorable code points, which are not format characters: dropped.
		"Ada\u034f":          "Ada", // combining grapheme joiner
		"Ada\ufe0f":          "Ada", // variation selector 16
		"Ada\u3164":          "Ada", // Hangul filler
		"Ada\uffa0":          "Ada", // halfwidth Hangul filler
		"\u115fAda\u1160":    "Ada", // Hangul choseong and jungseong fillers
		"Ada\u17b4\u17b5":    "Ada", // Khmer inherent vowels
		"Ada\u180b\u180f":    "Ada", // Mongolian variation selectors
		"Ada\U000e0100":      "Ada", // variation selector 17
		"Ada\U000e0041":      "Ada", // tag letter A
		"Ada\U000e0fff":      "Ada", // reserved, default ignorable
		"\u3164":             "",
		"\u3164\u115f\ufe0f": "",
		"e\u034f\u0301":      "é", // composed once the joiner is gone
		// Blank characters are spaces.
		"\u2800":                "", // braille blank
		"Ada\u2800":             "Ada",
		"Anna\u2800\u3000Maria": "Anna Maria",
		"Anna\u3000Maria":       "Anna Maria", // ideographic space
		"\u00a0Ada\u202f":       "Ada",
		// Every language's names as typed.
		"Ľudmila Šťastná": "Ľudmila Šťastná",
		"日本語":             "日本語",
		"Zoë":             "Zoë",
		"Ἀλέξανδρος":      "Ἀλέξανδρος",
		"Владимир":        "Владимир",
		"محمد":            "محمد",
		"नमस्ते":          "नमस्ते", // Devanagari with a virama
		"김민준":             "김민준",
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

// Names that differ only by invisible characters or blanks are one name; a name of only
// such characters is none.
func TestInvisibleNamesAreOneName(t *testing.T) {
	for _, other := range []string{"Ada\u034f", "Ada\ufe0f", "Ada\u3164", "Ada\u2800", "\u3000ada"} {
		_, err := New(Setup{Players: []string{"Ada", other, "Cy"}})
		var e *Error
		require.ErrorAs(t, err, &e, "%q", other)
		require.Equal(t, CodeDuplicateName, e.Code, "%q", other)
	}
	for _, blank := range []string{"\u3164", "\u2800", "\u115f\u1160", "\ufe0f", "\u3000"} {
		_, err := New(Setup{Players: []string{"Ada", blank, "Cy"}})
		var e *Error
		require.ErrorAs(t, err, &e, "%q", blank)
		require.Equal(t, CodeEmptyName, e.Code, "%q", blank)
	}
}

// TestCleanNamePlainASCII checks that the short way for plain ASCII names gives what the
// long way gives, on every short string of a few telling bytes and on random ASCII ones.
func TestCleanNamePlainASCII(t *testing.T) {
	alphabet := []byte{' ', 'a', 'Z', '~', '\t', '\x00', '\x7f', '\n'}
	var walk func(prefix []byte)
	walk = func(prefix []byte) {
		s := string(prefix)
		require.Equal(t, cleanName(s), CleanName(s), "%q", s)
		if len(prefix) == 4 {
			return
		}
		for _, c := range alphabet {
			walk(append(prefix, c))
		}
	}
	walk(nil)
	r := rng(1)
	for i := 0; i < 20000; i++ {
		b := make([]byte, 1+r.below(12))
		for j := range b {
			b[j] = byte(r.below(128))
		}
		require.Equal(t, cleanName(string(b)), CleanName(string(b)), "%q", b)
	}
	require.True(t, plainASCII("Ada Lovelace"))
	require.False(t, plainASCII("Ada  Lovelace"))
}

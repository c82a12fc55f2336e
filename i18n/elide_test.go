package i18n

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// French elides before a vowel sound: the app's own sample names and the hard cases.
func TestFrenchElides(t *testing.T) {
	for name, want := range map[string]string{
		"Ada":        "d'Ada",
		"Émile":      "d'Émile",
		"Inès":       "d'Inès",
		"Œdipe":      "d'Œdipe",
		"Ugo":        "d'Ugo",
		"Hugo":       "d'Hugo",   // a given name's h is mute in French
		"Hélène":     "d'Hélène", // so is this one's
		"Ysé":        "d'Ysé",    // y before a consonant is a vowel
		"Yves":       "d'Yves",
		"Yann":       "de Yann", // y before a vowel is a consonant
		"Yolande":    "de Yolande",
		"Bruno":      "de Bruno",
		"Chiara":     "de Chiara",
		"Hm":         "de Hm", // h before a consonant: no vowel sound to elide before
		"7":          "de 7",
		"":           "de ",
		"l'équipe 1": "de l'équipe 1",
		"ada":        "d'ada",
	} {
		require.Equal(t, want, FrenchWith("de", name), name)
	}
	require.Equal(t, "qu'Ada", FrenchWith("que", "Ada"))
	require.Equal(t, "que Bruno", FrenchWith("que", "Bruno"))
	require.Equal(t, "l'Ada", FrenchWith("la", "Ada"))
	require.Equal(t, "le Bruno", FrenchWith("le", "Bruno"))
	require.Equal(t, "D'Ada", FrenchWith("De", "Ada"))
}

// A French message fills {{.Name_de}} from its {{.Name}}, on the fast path and through
// go-i18n alike.
func TestFieldsANameFills(t *testing.T) {
	m := compileText("Le téléphone {{.Name_de}} : {{.Name}}, {{.Name_que}}.")
	got, ok := m.render([]any{"Name", "Ada"}, false, 0)
	require.True(t, ok)
	require.Equal(t, "Le téléphone d'Ada : Ada, qu'Ada.", got)
	got, ok = m.render([]any{"Name", "Bruno", "Name_de", "x"}, false, 0)
	require.True(t, ok)
	require.Equal(t, "Le téléphone x : Bruno, que Bruno.", got)
	got, ok = m.render([]any{"Other", "Ada"}, false, 0)
	require.True(t, ok)
	require.Equal(t, "Le téléphone <no value> : <no value>, <no value>.", got)
	d := params([]any{"Name", "Émile", "Count", 3})
	require.Equal(t, "d'Émile", d["Name_de"])
	require.Equal(t, "qu'Émile", d["Name_que"])
	require.NotContains(t, d, "Count_de")
}

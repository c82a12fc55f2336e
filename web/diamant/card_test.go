package diamant

import (
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/i18n"
)

func localizers(t *testing.T) map[string]*i18n.Localizer {
	cat, err := i18n.Load()
	require.NoError(t, err)
	out := map[string]*i18n.Localizer{}
	for _, l := range i18n.Languages {
		out[l.Code] = cat.Localizer(l.Code)
	}
	return out
}

func TestParseTypedCard(t *testing.T) {
	ls := localizers(t)
	st, err := diamant.New(diamant.Setup{Players: []string{"Ada", "Bruno", "Chiara"}, Seed: 1})
	require.NoError(t, err)
	for _, tc := range []struct {
		lang, text string
		want       diamant.Card
	}{
		{"en", "11", diamant.T11}, {"en", " T17 ", diamant.T17}, {"en", "spider", diamant.Spider},
		{"en", "Idol worth 5", diamant.I5}, {"it", "ragno", diamant.Spider}, {"it", "tronco", diamant.Ram},
		{"fr", "araignée", diamant.Spider}, {"sk", "pavúk", diamant.Spider}, {"en", "treasure of 9", diamant.T9},
		{"en", "6", diamant.NoCard}, {"en", "a", diamant.NoCard}, {"en", "dragon", diamant.NoCard},
	} {
		c, ok := parseTypedCard(ls[tc.lang], st, tc.text)
		require.Equal(t, tc.want, c, "%s %q", tc.lang, tc.text)
		require.Equal(t, tc.want != diamant.NoCard, ok)
	}
}

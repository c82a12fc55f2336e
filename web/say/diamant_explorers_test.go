package say

import (
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
)

// Practice's answer: the expert's choice and one sentence of why, in four languages, with
// each plural form (Slovak's few and other), the hazards that can end the round listed
// with "or", and what a lone leaver would take home only when it adds something.
func TestDiamantAdvice(t *testing.T) {
	ls := localizers(t)
	snake := uint32(1) << diamant.Snake
	both := snake | 1<<diamant.Spider
	for _, tc := range []struct {
		lang string
		a    diamant.Advice
		want string
	}{
		{"en", diamant.Advice{Leave: true, Ending: 2, Left: 24, Hazards: snake, Carry: 9, Alone: 9},
			"The expert would leave. Snake: 2 cards in 24 would end the round; you carry 9 diamonds."},
		{"en", diamant.Advice{Ending: 0, Left: 30, Carry: 1, Alone: 1},
			"The expert would continue. No card can end the round yet; you carry 1 diamond."},
		{"en", diamant.Advice{Leave: true, Ending: 1, Left: 20, Hazards: both, Carry: 4, Alone: 11},
			"The expert would leave. Spider or snake: 1 card in 20 would end the round; you carry 4 diamonds, and leaving alone you would take home 11."},
		{"it", diamant.Advice{Ending: 3, Left: 25, Hazards: both, Carry: 1, Alone: 1},
			"L'esperto continuerebbe. Il ragno o il serpente: 3 carte su 25 chiuderebbero il viaggio; porti 1 diamante."},
		{"fr", diamant.Advice{Leave: true, Ending: 1, Left: 18, Hazards: snake, Carry: 12, Alone: 17},
			"L'expert sortirait. Le serpent\u00a0: 1 carte sur 18 mettrait fin à la manche\u202f; vous portez 12 diamants et, en sortant seul, vous en rapporteriez 17."},
		{"sk", diamant.Advice{Ending: 2, Left: 22, Hazards: snake, Carry: 3, Alone: 3},
			"Expert by pokračoval. Had: 2 karty z 22 by ukončili kolo; nesiete 3 diamanty."},
		{"sk", diamant.Advice{Leave: true, Ending: 5, Left: 19, Hazards: both, Carry: 7, Alone: 7},
			"Expert by odišiel. Pavúk alebo had: 5 kariet z 19 by ukončilo kolo; nesiete 7 diamantov."},
	} {
		require.Equal(t, tc.want, DiamantAdvice(ls[tc.lang], tc.a), tc.lang)
	}
}

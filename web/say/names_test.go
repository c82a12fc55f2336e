package say

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
)

// eachWords are how each language says "each" of a share: a sentence to one player in the
// cave never says them (issue #25: "only one player … each gets 7 diamonds").
var eachWords = map[string][]string{
	"en": {"each"},
	"it": {"a testa", "ciascun", "ognuno"},
	"fr": {"chacun", "chacune"},
	"sk": {"každý", "každá", " po "},
}

// One player alone in the cave takes the whole treasure: said with their name, in full and
// brief, and in the history, never as a share "each".
func TestOnePlayerIsNeverToldEach(t *testing.T) {
	ls := localizers(t)
	alone := diamant.Event{Type: diamant.EvTreasure, Round: 1, Card: diamant.T7, Seat: -1, Seats: diamant.SeatsOf(1), Share: 7}
	events := []diamant.Event{{Type: diamant.EvRoundStarted, Round: 1, Card: diamant.I5, Deck: 31}, alone}
	want := map[string]string{
		"en": "Treasure of 7: Bruno is alone in the cave and takes 7 diamonds.",
		"it": "Tesoro da 7: nella grotta c'è solo Bruno, che prende 7 diamanti.",
		"fr": "Trésor de 7\u00a0: Bruno est la seule personne dans la grotte et prend 7 diamants.",
		"sk": "Poklad 7: v jaskyni je len Bruno a berie 7 diamantov.",
	}
	for lang, l := range ls {
		var said []string
		for _, v := range []Verbosity{Full, Brief} {
			for _, s := range DiamantEvents(l, v, sayNames, []diamant.Event{alone}) {
				said = append(said, s.Text)
			}
		}
		require.Equal(t, want[lang], said[0], lang)
		for _, r := range DiamantHistory(l, sayNames, events, diamant.SeatsOf(0, 1, 2, 3)) {
			said = append(said, r.Items...)
		}
		for _, s := range said {
			for _, w := range eachWords[lang] {
				require.NotContains(t, strings.ToLower(s), w, "%s: %q says %q to one player", lang, s, w)
			}
		}
	}
}

// After an undo, the sentence says how things now stand, not the undone step as if it
// still held: the card is back in the deck, the player votes again.
func TestUndoneSaysWhatNowIs(t *testing.T) {
	ls := localizers(t)
	draw := diamant.Action{Type: diamant.ActDraw, Card: diamant.Snake}
	vote := diamant.Action{Type: diamant.ActVote, Seat: 0}
	for lang, want := range map[string][2]string{
		"en": {"Undone: the snake is back in the deck.", "Undone: Ada votes again."},
		"it": {"Annullato: il serpente torna nel mazzo.", "Annullato: Ada vota di nuovo."},
		"fr": {"Annulé\u00a0: le serpent retourne dans la pioche.", "Annulé\u00a0: Ada vote à nouveau."},
		"sk": {"Vrátené: had je späť v balíčku.", "Vrátené: Ada hlasuje znova."},
	} {
		require.Equal(t, want[0], DiamantUndone(ls[lang], sayNames, draw), lang)
		require.Equal(t, want[1], DiamantUndone(ls[lang], sayNames, vote), lang)
	}
	require.Equal(t, "The last step was drawing the treasure of 7.", DiamantUndoWhat(ls["en"], sayNames, diamant.Action{Type: diamant.ActDraw, Card: diamant.T7}))
}

// French elides before a name's vowel sound: "le téléphone d'Ada", "de Bruno".
func TestFrenchNamesElideInSentences(t *testing.T) {
	l := localizers(t)["fr"]
	news := DiamantAwayNews(l, []string{"Ada", "Bruno", "Hugo", "Yann"}, 0, diamant.SeatsOf(0, 1, 2, 3))
	var said []string
	for _, s := range news {
		said = append(said, s.Text)
	}
	require.Equal(t, []string{
		"Le téléphone d'Ada est hors ligne depuis un moment.",
		"Le téléphone de Bruno est hors ligne depuis un moment.",
		"Le téléphone d'Hugo est hors ligne depuis un moment.",
		"Le téléphone de Yann est hors ligne depuis un moment.",
	}, said)
	require.Equal(t, "Proposer qu'Émile sorte", l.T("diamant.proposal.make", "Name", "Émile"))
}

// A shared summary opens with the game's name: pasted into a chat, it says which game.
func TestDiamantShareLead(t *testing.T) {
	ls := localizers(t)
	for lang, want := range map[string]string{
		"en": "Diamant, a game for 3.", "it": "Diamant, partita a 3.", "fr": "Diamant, partie à 3.", "sk": "Diamant, hra pre 3 hráčov.",
	} {
		require.Equal(t, want, DiamantShareLead(ls[lang], 3), lang)
	}
	require.Equal(t, "Diamant, hra pre 5 hráčov.", DiamantShareLead(ls["sk"], 5))
}

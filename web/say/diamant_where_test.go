package say

import (
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
)

// whereGame is a round in play at a table of four: Ada has left alone with the leftovers
// of the treasure of 7 (her chest holds 4), Bruno alone with those of the treasure of 13
// (his holds 6), a snake has come, a diamond lies on the treasure of 5 with the idol
// worth 5, and of Chiara and Dario only Chiara has voted: to leave when chiaraLeaves.
func whereGame(t *testing.T, chiaraLeaves bool) (*diamant.State, []diamant.Event) {
	t.Helper()
	st, events, err := diamant.Start(diamant.Setup{Players: []string{"Ada", "Bruno", "Chiara", "Dario"}})
	require.NoError(t, err)
	for _, a := range []diamant.Action{
		diamant.Draw(diamant.T7), diamant.Exits(diamant.SeatsOf(0)),
		diamant.Draw(diamant.T13), diamant.Exits(0),
		diamant.Draw(diamant.Snake), diamant.Exits(diamant.SeatsOf(1)),
		diamant.Draw(diamant.T5), diamant.Exits(0),
		diamant.Draw(diamant.I5), diamant.Vote(2, chiaraLeaves),
	} {
		events, err = st.Step(a, events)
		require.NoError(t, err)
	}
	return st, events
}

// finishedGame is a whole game of three, each round ended by a second hazard but the
// second, which everyone leaves (a treasure of 2 too small to share).
func finishedGame(t *testing.T) (*diamant.State, []diamant.Event) {
	t.Helper()
	st, events, err := diamant.Start(diamant.Setup{Players: []string{"Ada", "Bruno", "Chiara"}})
	require.NoError(t, err)
	for r, h := range diamant.Hazards {
		acts := []diamant.Action{diamant.Draw(diamant.T11), diamant.Exits(diamant.SeatsOf(r % 3)), diamant.Draw(h), diamant.Exits(0), diamant.Draw(h)}
		if r == 1 {
			acts = []diamant.Action{diamant.Draw(diamant.T2), diamant.Exits(0), diamant.Draw(h), diamant.Exits(diamant.SeatsOf(0, 1, 2))}
		}
		for _, a := range acts {
			events, err = st.Step(a, events)
			require.NoError(t, err)
		}
	}
	require.True(t, st.Finished())
	return st, events
}

var allSeats = diamant.SeatsOf(0, 1, 2, 3, 4, 5, 6, 7)

func TestDiamantWhere(t *testing.T) {
	ls := localizers(t)
	st, _ := whereGame(t, true)
	// Open chests: the state only. The other views add the device's own chests.
	open := map[string]string{
		"en": "Round 1 of 5, 26 cards left in the deck, hazard seen: snake. In the cave: Chiara and Dario, carrying 7 diamonds each; on the cards: 1 diamond on the treasure of 5 and the idol worth 5. Still to vote: Dario.",
		"fr": "Manche 1 sur 5, 26 cartes restantes dans la pioche, danger vu\u00a0: le serpent. Dans la grotte\u00a0: Chiara et Dario, avec 7 diamants chacun\u202f; sur les cartes\u00a0: 1 diamant sur le trésor de 5 et l'idole de 5. Reste à voter\u00a0: Dario.",
		"it": "Viaggio 1 di 5, 26 carte rimaste nel mazzo, pericolo uscito: il serpente. Nella grotta: Chiara e Dario, con 7 diamanti a testa; sulle carte: 1 diamante sul tesoro da 5 e l'idolo da 5. Manca ancora il voto di Dario.",
		"sk": "Kolo 1 z 5, v balíčku zostáva 26 kariet, už vyšlo nebezpečenstvo: had. V jaskyni: Chiara a Dario, každý nesie 7 diamantov; na kartách: 1 diamant na poklade 5 a idol v hodnote 5. Čaká sa na hlas: Dario.",
	}
	// Hidden chests: Ada's phone hears her chest (4), never Bruno's (6); Dario's hears his
	// own, empty; a phone holding Ada and Bruno hears both by name.
	ada := map[string]string{"en": "Your chest holds 4 diamonds.", "fr": "Votre coffre contient 4 diamants.",
		"it": "Il tuo bauletto contiene 4 diamanti.", "sk": "V truhlici máte 4 diamanty."}
	dario := map[string]string{"en": "Your chest is empty.", "fr": "Votre coffre est vide.", "it": "Il tuo bauletto è vuoto.",
		"sk": "Vaša truhlica je prázdna."}
	both := map[string]string{
		"en": "Ada's chest holds 4 diamonds. Bruno's chest holds 6 diamonds.",
		"fr": "Ada a 4 diamants dans son coffre. Bruno a 6 diamants dans son coffre.",
		"it": "Il bauletto di Ada contiene 4 diamanti. Il bauletto di Bruno contiene 6 diamanti.",
		"sk": "Ada: truhlica má 4 diamanty. Bruno: truhlica má 6 diamantov.",
	}
	six := map[string]string{"en": "6 diamonds", "fr": "6 diamants", "it": "6 diamanti", "sk": "6 diamantov"}
	for lang, l := range ls {
		require.Equal(t, open[lang], DiamantWhere(l, st, allSeats, allSeats), lang)
		require.Equal(t, open[lang], DiamantWhere(l, st, diamant.SeatsOf(0, 1, 2, 3), allSeats), "%s: a one-phone table", lang)
		got := DiamantWhere(l, st, diamant.SeatsOf(0), diamant.SeatsOf(0))
		require.Equal(t, open[lang]+" "+ada[lang], got, lang)
		require.NotContains(t, got, six[lang], "%s: Bruno's chest told to Ada's phone", lang)
		require.Equal(t, open[lang]+" "+dario[lang], DiamantWhere(l, st, diamant.SeatsOf(3), diamant.SeatsOf(3)), lang)
		require.Equal(t, open[lang]+" "+both[lang], DiamantWhere(l, st, diamant.SeatsOf(0, 1), diamant.SeatsOf(0, 1)), lang)
		// A seat that changed phones: its chest is hidden from the phone holding it now.
		require.Equal(t, open[lang], DiamantWhere(l, st, diamant.SeatsOf(1), 0), lang)
	}
}

// Who is in the cave: together, carrying the same, or nothing yet; one explorer alone.
func TestDiamantWhereCave(t *testing.T) {
	ls := localizers(t)
	start, err := diamant.New(diamant.Setup{Players: []string{"Ada", "Bruno", "Chiara"}})
	require.NoError(t, err)
	st, _ := whereGame(t, true)
	_, err = st.Apply(diamant.Vote(3, false)) // Chiara leaves alone: Dario goes on, alone
	require.NoError(t, err)
	for lang, want := range map[string][2]string{
		"en": {"Round 1 of 5, 31 cards left in the deck, no hazard yet. In the cave: Ada, Bruno and Chiara, carrying nothing yet; on the cards: nothing.",
			"In the cave: Dario with 7 diamonds; on the cards: nothing."},
		"fr": {"Manche 1 sur 5, 31 cartes restantes dans la pioche, pas encore de danger. Dans la grotte\u00a0: Ada, Bruno et Chiara, les mains vides pour l'instant\u202f; sur les cartes\u00a0: rien.",
			"Dans la grotte\u00a0: Dario avec 7 diamants\u202f; sur les cartes\u00a0: rien."},
		"it": {"Viaggio 1 di 5, 31 carte rimaste nel mazzo, ancora nessun pericolo. Nella grotta: Ada, Bruno e Chiara, ancora a mani vuote; sulle carte: niente.",
			"Nella grotta: Dario con 7 diamanti; sulle carte: niente."},
		"sk": {"Kolo 1 z 5, v balíčku zostáva 31 kariet, zatiaľ žiadne nebezpečenstvo. V jaskyni: Ada, Bruno a Chiara, zatiaľ s prázdnymi rukami; na kartách: nič.",
			"V jaskyni: Dario s 7 diamantmi; na kartách: nič."},
	} {
		l := ls[lang]
		require.Equal(t, want[0], DiamantWhere(l, start, allSeats, allSeats), lang)
		require.Contains(t, DiamantWhere(l, st, allSeats, allSeats), want[1], lang)
	}
}

// Chiara's vote is pending: whatever she chose, no device hears a word of it, in the
// state, the summary or the history, whichever seats it holds.
func TestDiamantWhereNeverTellsAPendingVote(t *testing.T) {
	ls := localizers(t)
	leave, leaveEvents := whereGame(t, true)
	stay, stayEvents := whereGame(t, false)
	require.NotEqual(t, *leave, *stay)
	for lang, l := range ls {
		for _, v := range []struct{ held, shown diamant.Seats }{
			{allSeats, allSeats}, {diamant.SeatsOf(2), diamant.SeatsOf(2)}, {diamant.SeatsOf(3), diamant.SeatsOf(3)},
		} {
			require.Equal(t, DiamantWhere(l, stay, v.held, v.shown), DiamantWhere(l, leave, v.held, v.shown), lang)
			require.Equal(t, DiamantSummary(l, stay, stayEvents, v.held, v.shown), DiamantSummary(l, leave, leaveEvents, v.held, v.shown), lang)
			require.Equal(t, DiamantHistory(l, stay.Names(), stayEvents, v.shown), DiamantHistory(l, leave.Names(), leaveEvents, v.shown), lang)
		}
	}
}

func TestDiamantFinal(t *testing.T) {
	ls := localizers(t)
	st, events := finishedGame(t)
	want := map[string]string{
		"en": "Game over: Ada wins with 10 points. Scores: Ada with 10 points, Bruno with 5 points and Chiara with 5 points.",
		"fr": "Partie terminée\u00a0: Ada gagne avec 10 points. Scores\u00a0: Ada avec 10 points, Bruno avec 5 points et Chiara avec 5 points.",
		"it": "Partita finita: vince Ada con 10 punti. Punteggi: Ada con 10 punti, Bruno con 5 punti e Chiara con 5 punti.",
		"sk": "Koniec hry: Ada má 10 bodov a vyhráva. Skóre: Ada 10 bodov, Bruno 5 bodov a Chiara 5 bodov.",
	}
	for lang, l := range ls {
		require.Equal(t, want[lang], DiamantFinal(l, st), lang)
		// "Where are we?" and the history's summary at the end: the final summary, every
		// chest shown (hidden chests are shown at the end).
		require.Equal(t, want[lang], DiamantWhere(l, st, diamant.SeatsOf(1), diamant.SeatsOf(1)), lang)
		require.Equal(t, want[lang], DiamantSummary(l, st, events, allSeats, allSeats), lang)
	}
}

package say

import (
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
)

func TestDiamantHistory(t *testing.T) {
	l := localizer(t, "en")
	st, events := whereGame(t, true)
	rounds := DiamantHistory(l, st.Names(), events, allSeats)
	require.Equal(t, []DiamantRound{{Round: 1, Heading: "Round 1", Items: []string{
		"Round 1 begins: the idol worth 5 joins the deck, which now holds 31 cards.",
		"Card 1, Treasure of 7: 1 diamond each for the 4 players in the cave, and 3 stay on the card.",
		"Vote: Ada leaves; Bruno, Chiara and Dario continue.",
		"Treasure of 7, with 3 diamonds on it: Ada takes it all.",
		"Ada leaves with 4 diamonds, and the chest now holds 4 diamonds.",
		"Card 2, Treasure of 13: 4 diamonds each for the 3 players in the cave, and 1 stays on the card.",
		"Vote: Bruno, Chiara and Dario continue.",
		"Card 3: a snake, the first this round.",
		"Vote: Bruno leaves; Chiara and Dario continue.",
		"Treasure of 13, with 1 diamond on it: Bruno takes it all.",
		"Bruno leaves with 6 diamonds, and the chest now holds 6 diamonds.",
		"Card 4, Treasure of 5: 2 diamonds each for the 2 players in the cave, and 1 stays on the card.",
		"Vote: Chiara and Dario continue.",
		// Chiara has voted, Dario not yet: the open vote is not history.
		"Card 5: the idol worth 5, which stays in the cave.",
	}}}, rounds)

	// Hidden chests, on Dario's phone: what Ada and Bruno took from the cards, as the
	// news said it then; not what they banked, nor their chests.
	hidden := DiamantHistory(l, st.Names(), events, diamant.SeatsOf(3))[0].Items
	require.Equal(t, "Ada takes 3 diamonds from the cards: 3 red tokens worth 1 each. Everything goes into the chest.", hidden[4])
	require.Equal(t, "Bruno takes 1 diamond from the cards: 1 red token worth 1. Everything goes into the chest.", hidden[10])
	for _, item := range hidden {
		require.NotContains(t, item, "chest now holds", item)
	}

	require.Equal(t, "Round 1 of 5. So far: 5 cards drawn, 1 of them a hazard. Bruno leads with 6 points.",
		DiamantSummary(l, st, events, allSeats, allSeats))
	// Hidden chests: nobody leads aloud; the phone hears its own chest.
	require.Equal(t, "Round 1 of 5. So far: 5 cards drawn, 1 of them a hazard. Your chest holds 4 diamonds.",
		DiamantSummary(l, st, events, diamant.SeatsOf(0), diamant.SeatsOf(0)))
	start, opening, err := diamant.Start(diamant.Setup{Players: []string{"Ada", "Bruno", "Chiara"}})
	require.NoError(t, err)
	require.Equal(t, "Round 1 of 5. No card drawn yet.", DiamantSummary(l, start, opening, allSeats, allSeats))
}

// The same history in the other languages: a card, a vote, a leave, a hazard, the end.
func TestDiamantHistoryLanguages(t *testing.T) {
	ls := localizers(t)
	st, events := whereGame(t, true)
	fin, finEvents := finishedGame(t)
	want := map[string][]string{
		"fr": {
			"Carte 1, Trésor de 7\u00a0: 1 diamant chacun pour les 4 joueurs dans la grotte, et 3 restent sur la carte.",
			"Vote\u00a0: Ada sort\u202f; Bruno, Chiara et Dario continuent.",
			"Ada sort avec 4 diamants, et le coffre contient maintenant 4 diamants.",
			"Carte 3\u00a0: un serpent, le premier de cette manche.",
			"Carte 5\u00a0: l'idole de 5, qui reste dans la grotte.",
			"Manche 1 sur 5. Jusqu'ici\u00a0: 5 cartes piochées, dont 1 danger. Bruno mène avec 6 points.",
			"Manche 2",
			"Carte 1, Trésor de 2\u00a0: trop peu de diamants pour les 3 joueurs dans la grotte, et 2 restent sur la carte.",
			"Vote\u00a0: Ada, Bruno et Chiara sortent.",
			"Ada sort les mains vides, et le coffre contient toujours 5 diamants.",
			"Carte 3\u00a0: une seconde coulée de lave, et la manche est finie.",
		},
		"it": {
			"Carta 1, Tesoro da 7: erano in 4 nella grotta, 1 diamante a testa e 3 restano sulla carta.",
			"Voto: Ada esce; Bruno, Chiara e Dario continuano.",
			"Ada esce con 4 diamanti e il bauletto ora contiene 4 diamanti.",
			"Carta 3: un serpente, il primo di questo viaggio.",
			"Carta 5: l'idolo da 5, che resta nella grotta.",
			"Viaggio 1 di 5. Finora: 5 carte pescate, di cui 1 pericolo. In testa c'è Bruno con 6 punti.",
			"Viaggio 2",
			"Carta 1, Tesoro da 2: troppo pochi diamanti per 3 nella grotta e 2 restano sulla carta.",
			"Voto: Ada, Bruno e Chiara escono.",
			"Ada esce a mani vuote e il bauletto contiene ancora 5 diamanti.",
			"Carta 3: ancora lava, e il viaggio è finito.",
		},
		"sk": {
			"Karta 1, Poklad 7: v jaskyni sú 4, každý dostane 1 diamant a 3 zostanú na karte.",
			"Hlasovanie: Ada odchádza; Bruno, Chiara a Dario pokračujú.",
			"Ada odchádza a odnáša 4 diamanty; v truhlici má teraz 4 diamanty.",
			"Karta 3: had, prvý v tomto kole.",
			"Karta 5: idol v hodnote 5, ktorý zostáva v jaskyni.",
			"Kolo 1 z 5. Doteraz: 5 potiahnutých kariet, z toho 1 nebezpečenstvo. Vedie Bruno, má 6 bodov.",
			"Kolo 2",
			"Karta 1, Poklad 2: pre 3 hráčov v jaskyni je diamantov príliš málo, takže 2 zostanú na karte.",
			"Hlasovanie: Ada, Bruno a Chiara odchádzajú.",
			"Ada odchádza s prázdnymi rukami; v truhlici má stále 5 diamantov.",
			"Karta 3: druhá láva a kolo sa skončilo.",
		},
	}
	for lang, w := range want {
		l := ls[lang]
		items := DiamantHistory(l, st.Names(), events, allSeats)[0].Items
		got := []string{items[1], items[2], items[4], items[7], items[13], DiamantSummary(l, st, events, allSeats, allSeats)}
		rounds := DiamantHistory(l, fin.Names(), finEvents, allSeats)
		require.Len(t, rounds, 5, lang)
		got = append(got, rounds[1].Heading, rounds[1].Items[1], rounds[1].Items[4], rounds[1].Items[6], rounds[0].Items[7])
		require.Equal(t, w, got, lang)
	}
}

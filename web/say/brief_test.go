package say

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/companion/donuts"
)

// briefEvents are a round's worth of events, every kind and every case of a division.
var briefEvents = []diamant.Event{
	{Type: diamant.EvRoundStarted, Round: 3, Card: diamant.I8, Deck: 32},
	{Type: diamant.EvTreasure, Card: diamant.T7, Seats: diamant.SeatsOf(0, 1, 2), Share: 2, Stays: 1},
	{Type: diamant.EvTreasure, Card: diamant.T9, Seats: diamant.SeatsOf(0, 1, 2), Share: 3},
	{Type: diamant.EvTreasure, Card: diamant.T2, Seats: diamant.SeatsOf(0, 1, 2), Stays: 2},
	{Type: diamant.EvTreasure, Card: diamant.T1, Seats: diamant.SeatsOf(0, 1, 2), Stays: 1},
	{Type: diamant.EvIdol, Card: diamant.I8},
	{Type: diamant.EvHazard, Card: diamant.Lava},
	{Type: diamant.EvHazard, Card: diamant.Ram, Second: true},
	{Type: diamant.EvHandLost, Seat: 1, Amount: 5},
	{Type: diamant.EvHazardRemoved, Card: diamant.Ram},
	{Type: diamant.EvRoundEnded, Round: 2, Reason: diamant.EndHazard, Amount: 1},
	{Type: diamant.EvVotesRevealed, Seats: diamant.SeatsOf(0, 2)},
	{Type: diamant.EvCardShared, Card: diamant.T7, Seats: diamant.SeatsOf(0, 2), Amount: 3, Share: 1, Stays: 1},
	{Type: diamant.EvCardShared, Card: diamant.T11, Seats: diamant.SeatsOf(0, 2), Amount: 4, Share: 2},
	{Type: diamant.EvCardShared, Card: diamant.T3, Seats: diamant.SeatsOf(0, 2), Amount: 1, Stays: 1},
	{Type: diamant.EvCardShared, Card: diamant.T14, Seats: diamant.SeatsOf(1), Amount: 2, Share: 2},
	{Type: diamant.EvLeft, Seat: 0, Amount: 1, Tokens: diamant.TokensFor(1), Hand: 6, Chest: 7},
	{Type: diamant.EvLeft, Seat: 3, Amount: 13, Tokens: diamant.TokensFor(13), Hand: 4, Chest: 17, Idols: diamant.IdolSet(0b011)},
	{Type: diamant.EvLeft, Seat: 2, Hand: 0, Chest: 12},
	{Type: diamant.EvLeft, Seat: 1},
	{Type: diamant.EvIdolsRemoved, Idols: diamant.IdolSet(0b11000)},
	{Type: diamant.EvRoundEnded, Round: 5, Reason: diamant.EndEmpty, Amount: 3},
	{Type: diamant.EvGameOver, Seats: diamant.SeatsOf(0, 1), Amount: 31},
	{Type: diamant.EvGameOver, Seats: diamant.SeatsOf(2), Amount: 1},
}

func TestBriefEventSentences(t *testing.T) {
	want := map[string][]string{
		"en": {
			"Round 3: 32 cards, including the idol worth 8.",
			"7 diamonds: 2 each, 1 stays.",
			"9 diamonds: 3 each.",
			"2 diamonds: they stay on the card.",
			"1 diamond: it stays on the card.",
			"Idol worth 8: it stays in the cave.",
			"First lava.",
			"Second ram! Round over.",
			"Bruno loses 5 diamonds.",
			"That hazard card leaves the game.",
			"1 diamond goes back to the box.",
			"Ada and Chiara leave.",
			"Treasure of 7, 3 diamonds on it: 1 each, 1 stays.",
			"Treasure of 11, 4 diamonds on it: 2 each.",
			"Treasure of 3, 1 diamond on it: it stays.",
			"Treasure of 14, 2 diamonds on it: all to Bruno.",
			"Ada takes 1 diamond: 1 red. Chest: 7 diamonds.",
			"Dario takes 13 diamonds: 2 clear and 3 red. Chest: 17 diamonds.",
			"Dario takes the idol worth 5 and the idol worth 7.",
			"Chiara takes nothing. Chest: 12 diamonds.",
			"Bruno takes nothing. Chest: empty.",
			"The idol worth 10 and the idol worth 12 are lost.",
			"Everyone is out.",
			"3 diamonds go back to the box.",
			"Ada and Bruno share the win with 31 points.",
			"Chiara wins with 1 point.",
		},
		"it": {
			"Viaggio 3: 32 carte, compreso l'idolo da 8.",
			"7 diamanti: 2 a testa, 1 resta.",
			"9 diamanti: 3 a testa.",
			"2 diamanti: restano sulla carta.",
			"1 diamante: resta sulla carta.",
			"Idolo da 8: resta nella grotta.",
			"Prima lava.",
			"Secondo tronco! Viaggio finito.",
			"Bruno perde 5 diamanti.",
			"Quella carta pericolo esce dal gioco.",
			"1 diamante torna nella scatola.",
			"Ada e Chiara escono.",
			"Tesoro da 7, 3 diamanti sopra: 1 a testa, 1 resta.",
			"Tesoro da 11, 4 diamanti sopra: 2 a testa.",
			"Tesoro da 3, 1 diamante sopra: resta lì.",
			"Tesoro da 14, 2 diamanti sopra: prende tutto Bruno.",
			"Ada prende 1 diamante: 1 rosso. Bauletto: 7 diamanti.",
			"Dario prende 13 diamanti: 2 trasparenti e 3 rossi. Bauletto: 17 diamanti.",
			"Dario prende l'idolo da 5 e l'idolo da 7.",
			"Chiara non prende nulla. Bauletto: 12 diamanti.",
			"Bruno non prende nulla. Bauletto: vuoto.",
			"L'idolo da 10 e l'idolo da 12 sono persi.",
			"Tutti fuori.",
			"3 diamanti tornano nella scatola.",
			"Ada e Bruno vincono a pari merito con 31 punti.",
			"Vince Chiara con 1 punto.",
		},
		"fr": {
			"Manche 3\u00a0: 32 cartes, dont l'idole de 8.",
			"7 diamants\u00a0: 2 chacun, 1 reste.",
			"9 diamants\u00a0: 3 chacun.",
			"2 diamants\u00a0: ils restent sur la carte.",
			"1 diamant\u00a0: il reste sur la carte.",
			"Idole de 8\u00a0: elle reste dans la grotte.",
			"Première coulée de lave.",
			"Second bélier\u202f! Manche finie.",
			"Bruno perd 5 diamants.",
			"Cette carte danger quitte le jeu.",
			"1 diamant retourne dans la boîte.",
			"Ada et Chiara sortent.",
			"Trésor de 7, 3 diamants dessus\u00a0: 1 chacun, 1 reste.",
			"Trésor de 11, 4 diamants dessus\u00a0: 2 chacun.",
			"Trésor de 3, 1 diamant dessus\u00a0: il y reste.",
			"Trésor de 14, 2 diamants dessus\u00a0: tout pour Bruno.",
			"Ada prend 1 diamant\u00a0: 1 rouge. Coffre\u00a0: 7 diamants.",
			"Dario prend 13 diamants\u00a0: 2 transparents et 3 rouges. Coffre\u00a0: 17 diamants.",
			"Dario prend l'idole de 5 et l'idole de 7.",
			"Chiara ne prend rien. Coffre\u00a0: 12 diamants.",
			"Bruno ne prend rien. Coffre\u00a0: vide.",
			"L'idole de 10 et l'idole de 12 sont perdues.",
			"Tout le monde est sorti.",
			"3 diamants retournent dans la boîte.",
			"Ada et Bruno gagnent ex aequo avec 31 points.",
			"Chiara gagne avec 1 point.",
		},
		"sk": {
			"Kolo 3: 32 kariet, pribúda idol v hodnote 8.",
			"7 diamantov: po 2, 1 zostane.",
			"9 diamantov: po 3.",
			"2 diamanty: zostávajú na karte.",
			"1 diamant: zostáva na karte.",
			"Idol v hodnote 8: zostáva v jaskyni.",
			"Prvá láva.",
			"Druhé baranidlo! Koniec kola.",
			"Bruno stráca 5 diamantov.",
			"Táto karta nebezpečenstva odchádza z hry.",
			"1 diamant ide do krabice.",
			"Ada a Chiara odchádzajú.",
			"Poklad 7, na karte 3 diamanty: po 1, 1 zostane.",
			"Poklad 11, na karte 4 diamanty: po 2.",
			"Poklad 3, na karte 1 diamant: zostáva tam.",
			"Poklad 14, 2 diamanty: všetko berie Bruno.",
			"Ada berie 1 diamant: 1 červený. Truhlica: 7 diamantov.",
			"Dario berie 13 diamantov: 2 priehľadné a 3 červené. Truhlica: 17 diamantov.",
			"Dario berie idol v hodnote 5 a idol v hodnote 7.",
			"Chiara nič neberie. Truhlica: 12 diamantov.",
			"Bruno nič neberie. Truhlica: prázdna.",
			"Idol v hodnote 10 a idol v hodnote 12 sa stratili.",
			"Všetci sú vonku.",
			"3 diamanty idú do krabice.",
			"Vyhrávajú Ada a Bruno, zhodne 31 bodov.",
			"Vyhráva Chiara: 1 bod.",
		},
	}
	ls := localizers(t)
	for lang, w := range want {
		t.Run(lang, func(t *testing.T) {
			var got []string
			for _, s := range DiamantEvents(ls[lang], Brief, sayNames, briefEvents) {
				got = append(got, s.Text)
			}
			require.Equal(t, w, got)
		})
	}
}

// A brief sentence is its full sentence's twin: said at the same place, with the same sound
// and urgency, and never longer.
func TestBriefSentencesMatchTheFullOnes(t *testing.T) {
	ls := localizers(t)
	for _, lang := range []string{"en", "it", "fr", "sk"} {
		for _, shown := range []diamant.Seats{diamant.SeatsOf(0, 1, 2, 3), diamant.SeatsOf(1)} {
			full := DiamantEventsSeen(ls[lang], Full, sayNames, briefEvents, shown)
			brief := DiamantEventsSeen(ls[lang], Brief, sayNames, briefEvents, shown)
			require.Len(t, brief, len(full), lang)
			shorter := 0
			for i := range full {
				f, b := full[i], brief[i]
				require.Equal(t, f.Sound, b.Sound, "%s: %q", lang, b.Text)
				require.Equal(t, f.Assertive, b.Assertive, "%s: %q", lang, b.Text)
				require.LessOrEqual(t, utf8.RuneCountInString(b.Text), utf8.RuneCountInString(f.Text), "%s: %q is longer than %q", lang, b.Text, f.Text)
				if b.Text != f.Text {
					shorter++
				}
			}
			// Only the votes revealed ("Ada and Chiara leave.") are the same in both.
			require.Equal(t, len(full)-1, shorter, lang)
		}
	}
}

// A device that does not see a leaver's chest hears what they take, not what the chest holds.
func TestBriefHiddenChests(t *testing.T) {
	ls := localizers(t)
	left := briefEvents[16:20]
	got := DiamantEventsSeen(ls["en"], Brief, sayNames, left, diamant.SeatsOf(1))
	require.Equal(t, []Sentence{
		{Text: "Ada takes 1 diamond: 1 red."},
		{Text: "Dario takes 13 diamonds: 2 clear and 3 red."},
		{Text: "Dario takes the idol worth 5 and the idol worth 7.", Sound: "idol"},
		{Text: "Chiara takes nothing."},
		{Text: "Bruno takes nothing. Chest: empty."},
	}, got)
	require.Equal(t, "Dario prende 13 diamanti: 2 trasparenti e 3 rossi.", DiamantEventsSeen(ls["it"], Brief, sayNames, left, 0)[1].Text)
	require.Equal(t, "Chiara ne prend rien.", DiamantEventsSeen(ls["fr"], Brief, sayNames, left, 0)[3].Text)
	require.Equal(t, "Ada berie 1 diamant: 1 červený.", DiamantEventsSeen(ls["sk"], Brief, sayNames, left, 0)[0].Text)
}

func TestBriefRisk(t *testing.T) {
	ls := localizers(t)
	for lang, want := range map[string][3]string{
		"en": {"Risk: 1 card in 4.", "Risk: 3 cards in 28.", "Risk: none yet."},
		"it": {"Rischio: 1 carta su 4.", "Rischio: 3 carte su 28.", "Rischio: ancora nessuno."},
		"fr": {"Risque\u00a0: 1 carte sur 4.", "Risque\u00a0: 3 cartes sur 28.", "Risque\u00a0: aucun pour l'instant."},
		"sk": {"Riziko: 1 karta z 4.", "Riziko: 3 karty z 28.", "Riziko: zatiaľ žiadne."},
	} {
		l := ls[lang]
		require.Equal(t, want, [3]string{DiamantRisk(l, Brief, 1, 4), DiamantRisk(l, Brief, 3, 28), DiamantRisk(l, Brief, 0, 28)}, lang)
	}
}

func TestBriefDonutsSentences(t *testing.T) {
	board7 := donuts.Numbered(7, donuts.Chocolate)
	first := donutsGame(t, board7)
	line := donutsGame(t, board7, donuts.P(0, 0)) // a vertical line: column 1
	five := donutsGame(t, donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"CCCC..", "VVVV..", "......", "......", "......", "......"}}, donuts.P(0, 4))
	group := donutsGame(t, donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"CCCCVV", "VVCVCV", "VCVCVC", "VCVCVC", "CVCVCV", "......"}})
	draw := donutsGame(t, donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"CVCVCV", "CVCVCV", "VCVCVC", "VCVCVC", "CVCVCV", "......"}})
	place := donuts.Event{By: donuts.Chocolate, At: donuts.P(2, 3)}
	one := donuts.Event{By: donuts.Vanilla, At: donuts.P(0, 0), Flipped: []donuts.Point{donuts.P(0, 1)}}
	two := donuts.Event{By: donuts.Chocolate, At: donuts.P(0, 5), Flipped: []donuts.Point{donuts.P(1, 0), donuts.P(1, 1)}}
	want := map[string][]string{
		"en": {
			"Chocolate: row 3, column 4.",
			"The computer: row 1, column 1. 1 flipped: row 1, column 2.",
			"You: row 1, column 6. 2 flipped: row 2, columns 1 and 2.",
			"Chocolate to play: any plate.",
			"Your turn: column 1, rows 2, 3, 4, 5 or 6.",
			"You win: five in a row.",
			"The computer wins. Largest groups: chocolate 5, vanilla 4.",
			"A draw. Largest groups: chocolate 2, vanilla 2.",
		},
		"it": {
			"Cioccolato: riga 3, colonna 4.",
			"Il computer: riga 1, colonna 1. 1 ciambella girata: riga 1, colonna 2.",
			"Tu: riga 1, colonna 6. 2 ciambelle girate: riga 2, colonne 1 e 2.",
			"Cioccolato gioca: qualsiasi piattino.",
			"Tocca a te: colonna 1, righe 2, 3, 4, 5 o 6.",
			"Vinci tu: cinque in fila.",
			"Il computer vince. Gruppi più grandi: cioccolato 5, vaniglia 4.",
			"Parità. Gruppi più grandi: cioccolato 2, vaniglia 2.",
		},
		"fr": {
			"Chocolat\u00a0: rangée 3, colonne 4.",
			"L'ordinateur\u00a0: rangée 1, colonne 1. 1 retourné\u00a0: rangée 1, colonne 2.",
			"Vous\u00a0: rangée 1, colonne 6. 2 retournés\u00a0: rangée 2, colonnes 1 et 2.",
			"Chocolat joue\u00a0: n'importe quelle assiette.",
			"À vous\u00a0: colonne 1, rangées 2, 3, 4, 5 ou 6.",
			"Vous gagnez\u00a0: cinq en ligne.",
			"L'ordinateur gagne. Plus grands groupes\u00a0: chocolat 5, vanille 4.",
			"Partie nulle. Plus grands groupes\u00a0: chocolat 2, vanille 2.",
		},
		"sk": {
			"Čokoláda: riadok 3, stĺpec 4.",
			"Počítač: riadok 1, stĺpec 1. Otočený 1: riadok 1, stĺpec 2.",
			"Vy: riadok 1, stĺpec 6. Otočené 2: riadok 2, stĺpce 1 a 2.",
			"Čokoláda hrá: ľubovoľný tanierik.",
			"Ste na ťahu: stĺpec 1, riadky 2, 3, 4, 5 alebo 6.",
			"Vyhrávate: päť v rade.",
			"Počítač vyhráva. Najväčšie skupiny: čokoláda 5, vanilka 4.",
			"Remíza. Najväčšie skupiny: čokoláda 2, vanilka 2.",
		},
	}
	for lang, w := range want {
		t.Run(lang, func(t *testing.T) {
			l := localizer(t, lang)
			got := []string{
				DonutsMove(l, Brief, donuts.None, place),
				DonutsMove(l, Brief, donuts.Vanilla, one),
				DonutsMove(l, Brief, donuts.Vanilla, two),
				DonutsNext(l, Brief, donuts.None, first),
				DonutsNext(l, Brief, donuts.Chocolate, line),
				DonutsNext(l, Brief, donuts.Vanilla, five),
				DonutsNext(l, Brief, donuts.Chocolate, group),
				DonutsNext(l, Brief, donuts.None, draw),
			}
			require.Equal(t, w, got)
		})
	}
}

func TestVerbosityValues(t *testing.T) {
	require.Equal(t, Brief, ParseVerbosity("brief"))
	require.Equal(t, Full, ParseVerbosity("full"))
	require.Equal(t, Full, ParseVerbosity(""), "a device that never chose hears everything")
	require.Equal(t, Full, ParseVerbosity("BRIEF"))
	require.Equal(t, "brief", Brief.String())
	require.Equal(t, "full", Full.String())
}

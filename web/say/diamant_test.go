package say

import (
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
)

var sayNames = []string{"Ada", "Bruno", "Chiara", "Dario"}

func TestDiamondPlurals(t *testing.T) {
	ls := localizers(t)
	for _, tc := range []struct {
		lang  string
		count int
		want  string
	}{
		{"en", 0, "0 diamonds"}, {"en", 1, "1 diamond"}, {"en", 2, "2 diamonds"},
		{"fr", 0, "0 diamant"}, {"fr", 1, "1 diamant"}, {"fr", 2, "2 diamants"}, {"fr", 1000000, "1000000 de diamants"},
		{"it", 0, "0 diamanti"}, {"it", 1, "1 diamante"}, {"it", 5, "5 diamanti"},
		{"sk", 0, "0 diamantov"}, {"sk", 1, "1 diamant"}, {"sk", 2, "2 diamanty"}, {"sk", 4, "4 diamanty"}, {"sk", 5, "5 diamantov"},
	} {
		require.Equal(t, tc.want, Diamonds(ls[tc.lang], tc.count), "%s %d", tc.lang, tc.count)
	}
}

func TestEventSentences(t *testing.T) {
	ls := localizers(t)
	three := diamant.SeatsOf(0, 1, 2)
	cases := []struct {
		name   string
		events []diamant.Event
		want   map[string][]Sentence
	}{
		{"treasure divided", []diamant.Event{{Type: diamant.EvTreasure, Card: diamant.T11, Seats: three, Share: 3, Stays: 2}},
			map[string][]Sentence{
				"en": {{Text: "Treasure of 11: 3 diamonds each, and 2 stay on the card.", Sound: "treasure"}},
				"it": {{Text: "Tesoro da 11: 3 diamanti a testa e 2 restano sulla carta.", Sound: "treasure"}},
				"fr": {{Text: "Trésor de 11 : 3 diamants chacun, et 2 restent sur la carte.", Sound: "treasure"}},
				"sk": {{Text: "Poklad 11: každý dostane 3 diamanty a 2 zostanú na karte.", Sound: "treasure"}},
			}},
		{"one each, one stays", []diamant.Event{{Type: diamant.EvTreasure, Card: diamant.T4, Seats: three, Share: 1, Stays: 1}},
			map[string][]Sentence{
				"en": {{Text: "Treasure of 4: 1 diamond each, and 1 stays on the card.", Sound: "treasure"}},
				"it": {{Text: "Tesoro da 4: 1 diamante a testa e 1 resta sulla carta.", Sound: "treasure"}},
				"fr": {{Text: "Trésor de 4 : 1 diamant chacun, et 1 reste sur la carte.", Sound: "treasure"}},
				"sk": {{Text: "Poklad 4: každý dostane 1 diamant a 1 zostane na karte.", Sound: "treasure"}},
			}},
		{"nothing each, none stays", []diamant.Event{{Type: diamant.EvTreasure, Card: diamant.T2, Seats: three, Share: 0, Stays: 2}},
			map[string][]Sentence{
				"en": {{Text: "Treasure of 2: nobody gets any, and 2 stay on the card.", Sound: "treasure"}},
				"fr": {{Text: "Trésor de 2 : personne n'en reçoit, et 2 restent sur la carte.", Sound: "treasure"}},
				"sk": {{Text: "Poklad 2: nikto nič nedostane a 2 zostanú na karte.", Sound: "treasure"}},
			}},
		{"first and second hazard", []diamant.Event{
			{Type: diamant.EvHazard, Card: diamant.Spider},
			{Type: diamant.EvHazard, Card: diamant.Spider, Second: true},
			{Type: diamant.EvHandLost, Seat: 1, Amount: 5},
			{Type: diamant.EvHazardRemoved, Card: diamant.Spider},
			{Type: diamant.EvRoundEnded, Round: 2, Reason: diamant.EndHazard, Card: diamant.Spider, Amount: 1},
		}, map[string][]Sentence{
			"en": {
				{Text: "Spider! The first this round: a second spider would end the round.", Sound: "hazard:spider"},
				{Text: "A second spider! The round is over.", Assertive: true, Sound: "lost:spider"},
				{Text: "Bruno flees and loses 5 diamonds."},
				{Text: "One card of this hazard leaves the game."},
				{Text: "1 diamond left on the cards goes back to the box."},
			},
			"fr": {
				{Text: "Araignée ! C'est la première de cette manche : une seconde araignée y mettrait fin.", Sound: "hazard:spider"},
				{Text: "Une seconde araignée ! La manche est finie.", Assertive: true, Sound: "lost:spider"},
				{Text: "Bruno s'enfuit et perd 5 diamants."},
				{Text: "Une carte de ce danger quitte le jeu."},
				{Text: "1 diamant resté sur les cartes retourne dans la boîte."},
			},
			"sk": {
				{Text: "Pavúk! Prvý pavúk v tomto kole: druhý by kolo ukončil.", Sound: "hazard:spider"},
				{Text: "Druhý pavúk! Kolo sa skončilo.", Assertive: true, Sound: "lost:spider"},
				{Text: "Bruno uteká a stráca 5 diamantov."},
				{Text: "Jedna karta tohto nebezpečenstva odchádza z hry."},
				{Text: "1 diamant z kariet sa vracia do krabice."},
			},
		}},
		{"two leave and share the cards", []diamant.Event{
			{Type: diamant.EvVoteCast, Seat: 0}, // a secret vote says nothing
			{Type: diamant.EvVotesRevealed, Seats: diamant.SeatsOf(0, 2)},
			{Type: diamant.EvCardShared, Card: diamant.T7, Seats: diamant.SeatsOf(0, 2), Amount: 3, Share: 1, Stays: 1, Tokens: diamant.TokensFor(1)},
			{Type: diamant.EvLeft, Seat: 0, Amount: 1, Tokens: diamant.TokensFor(1), Hand: 6, Chest: 7},
			{Type: diamant.EvLeft, Seat: 2, Amount: 0, Hand: 0, Chest: 12},
			{Type: diamant.EvLeft, Seat: 1, Amount: 0, Hand: 0, Chest: 0},
		}, map[string][]Sentence{
			"en": {
				{Text: "Ada and Chiara leave.", Sound: "reveal"},
				{Text: "Treasure of 7, with 3 diamonds on it: 1 diamond each, and 1 stays on the card."},
				{Text: "Ada takes 1 diamond from the cards: 1 red token worth 1. Everything goes into the chest, which now holds 7 diamonds."},
				{Text: "Chiara takes nothing from the cards. What they carry goes into the chest, which now holds 12 diamonds."},
				{Text: "Bruno leaves with nothing, and the chest stays empty."},
			},
			"it": {
				{Text: "Ada e Chiara escono.", Sound: "reveal"},
				{Text: "Tesoro da 7, con 3 diamanti sopra: 1 diamante a testa e 1 resta sulla carta."},
				{Text: "Ada prende 1 diamante dalle carte: 1 diamante rosso da 1. Tutto finisce nel bauletto, che ora contiene 7 diamanti."},
				{Text: "Chiara non prende nulla dalle carte. Ciò che porta finisce nel bauletto, che ora contiene 12 diamanti."},
				{Text: "Bruno esce a mani vuote e il bauletto resta vuoto."},
			},
			"sk": {
				{Text: "Ada a Chiara odchádzajú.", Sound: "reveal"},
				{Text: "Poklad 7, na karte 3 diamanty: každý dostane 1 diamant a 1 zostane na karte."},
				{Text: "Ada berie z kariet 1 diamant: 1 červený diamant v hodnote 1. Všetko si ukladá do truhlice a má v nej teraz 7 diamantov."},
				{Text: "Chiara z kariet nič neberie. Čo nesie, ukladá si do truhlice a má v nej teraz 12 diamantov."},
				{Text: "Bruno odchádza s prázdnymi rukami a truhlica zostáva prázdna."},
			},
		}},
		{"one leaves alone with idols, in tokens", []diamant.Event{
			{Type: diamant.EvVotesRevealed, Seats: diamant.SeatsOf(3)},
			{Type: diamant.EvLeft, Seat: 3, Alone: true, Amount: 13, Tokens: diamant.TokensFor(13), Hand: 4, Chest: 17,
				Idols: diamant.IdolSet(0b011)},
		}, map[string][]Sentence{
			"en": {
				{Text: "Dario leaves.", Sound: "reveal"},
				{Text: "Dario takes 13 diamonds from the cards: 2 clear tokens worth 5 each and 3 red tokens worth 1 each. Everything goes into the chest, which now holds 17 diamonds."},
				{Text: "Dario leaves alone and takes the idol worth 5 and the idol worth 7.", Sound: "idol"},
			},
			"fr": {
				{Text: "Dario sort.", Sound: "reveal"},
				{Text: "Dario prend 13 diamants sur les cartes : 2 diamants transparents de 5 et 3 diamants rouges de 1. Tout va dans le coffre, qui contient maintenant 17 diamants."},
				{Text: "Dario est la seule personne à sortir et prend l'idole de 5 et l'idole de 7.", Sound: "idol"},
			},
			"sk": {
				{Text: "Dario odchádza.", Sound: "reveal"},
				{Text: "Dario berie z kariet 13 diamantov: 2 priehľadné diamanty v hodnote 5 a 3 červené diamanty v hodnote 1. Všetko si ukladá do truhlice a má v nej teraz 17 diamantov."},
				{Text: "Odchádza iba Dario, a preto berie idol v hodnote 5 a idol v hodnote 7.", Sound: "idol"},
			},
		}},
		{"one leaves and takes a card's diamonds", []diamant.Event{
			{Type: diamant.EvCardShared, Card: diamant.T14, Seats: diamant.SeatsOf(1), Amount: 2, Share: 2},
		}, map[string][]Sentence{
			"en": {{Text: "Treasure of 14, with 2 diamonds on it: Bruno takes it all."}},
			"it": {{Text: "Tesoro da 14, con 2 diamanti sopra: Bruno prende tutto."}},
			"fr": {{Text: "Trésor de 14, avec 2 diamants dessus\u00a0: Bruno prend tout."}},
			"sk": {{Text: "Poklad 14, na karte 2 diamanty: všetko berie Bruno."}},
		}},
		{"everyone continues; an idol", []diamant.Event{
			{Type: diamant.EvVotesRevealed},
			{Type: diamant.EvIdol, Card: diamant.I8},
		}, map[string][]Sentence{
			"en": {{Text: "Everyone continues.", Sound: "reveal"}, {Text: "Idol worth 8: it stays in the cave; only someone leaving alone takes it.", Sound: "idol"}},
			"it": {{Text: "Tutti continuano.", Sound: "reveal"}, {Text: "Idolo da 8: resta nella grotta; lo prende chi esce, se esce una sola persona.", Sound: "idol"}},
		}},
		{"round start, lost idols, the end", []diamant.Event{
			{Type: diamant.EvIdolsRemoved, Idols: diamant.IdolSet(0b10000)},
			{Type: diamant.EvRoundEnded, Round: 5, Reason: diamant.EndEmpty},
			{Type: diamant.EvGameOver, Seats: diamant.SeatsOf(0, 1), Amount: 31},
			{Type: diamant.EvRoundStarted, Round: 3, Card: diamant.I8, Deck: 32},
		}, map[string][]Sentence{
			"en": {
				{Text: "The idol worth 12 is lost in the cave."},
				{Text: "Everyone has left the cave."},
				{Text: "Game over: Ada and Bruno share the win with 31 points."},
				{Text: "Round 3 begins: the idol worth 8 joins the deck, which now holds 32 cards."},
			},
			"fr": {
				{Text: "L'idole de 12 est perdue dans la grotte."},
				{Text: "Tout le monde est sorti de la grotte."},
				{Text: "Partie terminée : Ada et Bruno gagnent ex aequo avec 31 points."},
				{Text: "La manche 3 commence : l'idole de 8 rejoint la pioche, qui compte maintenant 32 cartes."},
			},
			"sk": {
				{Text: "Idol v hodnote 12 zostáva stratený v jaskyni."},
				{Text: "Všetci opustili jaskyňu."},
				{Text: "Koniec hry: Ada a Bruno majú zhodne 31 bodov a delia sa o víťazstvo."},
				{Text: "Začína kolo 3: do balíčka pribúda idol v hodnote 8 a je v ňom teraz 32 kariet."},
			},
		}},
		{"a lone winner", []diamant.Event{{Type: diamant.EvGameOver, Seats: diamant.SeatsOf(2), Amount: 1}},
			map[string][]Sentence{
				"en": {{Text: "Game over: Chiara wins with 1 point."}},
				"it": {{Text: "Partita finita: vince Chiara con 1 punto."}},
				"fr": {{Text: "Partie terminée : Chiara gagne avec 1 point."}},
				"sk": {{Text: "Koniec hry: Chiara má 1 bod a vyhráva."}},
			}},
	}
	for _, tc := range cases {
		for lang, want := range tc.want {
			t.Run(tc.name+"/"+lang, func(t *testing.T) {
				require.Equal(t, want, DiamantEvents(ls[lang], Full, sayNames, tc.events))
			})
		}
	}
}

func TestRiskAndNames(t *testing.T) {
	ls := localizers(t)
	require.Equal(t, "1 card in 4 ends the round.", DiamantRisk(ls["en"], Full, 1, 4))
	require.Equal(t, "3 cards in 28 end the round.", DiamantRisk(ls["en"], Full, 3, 28))
	require.Equal(t, "No card can end the round yet.", DiamantRisk(ls["en"], Full, 0, 28))
	require.Equal(t, "2 karty z 20 ukončia kolo.", DiamantRisk(ls["sk"], Full, 2, 20))
	require.Equal(t, "1 carte sur 4 met fin à la manche.", DiamantRisk(ls["fr"], Full, 1, 4))
	require.Equal(t, "Ada, Bruno e Chiara", And(ls["it"], sayNames[:3]))
	require.Equal(t, "Ada", And(ls["en"], sayNames[:1]))
	require.Equal(t, "Hazard: boulder", DiamantCard(ls["en"], diamant.Boulder))
	require.Equal(t, "Pericolo: tronco", DiamantCard(ls["it"], diamant.Ram))
}

// A device told why it does not see a chest it holds: one seat of its own, or each by name.
func TestDiamantChestNote(t *testing.T) {
	ls := localizers(t)
	names := sayNames[:3]
	require.Empty(t, DiamantChestNote(ls["en"], names, diamant.SeatsOf(1), diamant.SeatsOf(1)))
	require.Equal(t, "Your chest is hidden: this seat changed phones during the game. It will be shown at the end.",
		DiamantChestNote(ls["en"], names, diamant.SeatsOf(1), 0))
	require.Equal(t, "Vaša truhlica je skrytá: toto miesto počas hry zmenilo telefón. Ukáže sa na konci.",
		DiamantChestNote(ls["sk"], names, diamant.SeatsOf(2), diamant.SeatsOf(0)))
	both := DiamantChestNote(ls["fr"], names, diamant.SeatsOf(0, 1, 2), diamant.SeatsOf(1))
	require.Equal(t, "Ada : le coffre est caché, car cette place a changé de téléphone pendant la partie. Il sera montré à la fin. "+
		"Chiara : le coffre est caché, car cette place a changé de téléphone pendant la partie. Il sera montré à la fin.", both)
	require.Contains(t, DiamantChestNote(ls["it"], names, diamant.SeatsOf(0, 1), diamant.SeatsOf(0)), "Bruno: il bauletto è nascosto")
}

func TestDiamantProblemAwayAndUndo(t *testing.T) {
	ls := localizers(t)
	require.Equal(t, "Two players are called Ada; each player needs a different name.",
		DiamantProblem(ls["en"], &diamant.Error{Code: diamant.CodeDuplicateName, Seat: 1, Name: "Ada"}))
	require.Equal(t, []Sentence{{Text: "Bruno's phone has been away for a while."}, {Text: "Ada's phone is back."}},
		DiamantAwayNews(ls["en"], sayNames, diamant.SeatsOf(0), diamant.SeatsOf(1)))
	require.Empty(t, DiamantAwayNews(ls["en"], sayNames, diamant.SeatsOf(1), diamant.SeatsOf(1)))
	require.Equal(t, "L'ultimo passo è stato il voto di Bruno.", DiamantUndoWhat(ls["it"], sayNames, diamant.Action{Type: diamant.ActVote, Seat: 1}))
	require.Equal(t, "La dernière étape a été de tirer le rocher.",
		DiamantUndoWhat(ls["fr"], sayNames, diamant.Action{Type: diamant.ActDraw, Card: diamant.Boulder}))
}

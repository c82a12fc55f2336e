package say

import (
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/donuts"
)

// donutsPlayed plays moves on a board with a setup and keeps each move's event.
func donutsPlayed(t *testing.T, spec donuts.Spec, moves ...donuts.Point) (*donuts.Game, []donuts.Event) {
	t.Helper()
	g, err := donuts.New(spec)
	require.NoError(t, err)
	var evs []donuts.Event
	for _, m := range moves {
		ev, err := g.Play(m)
		require.NoError(t, err)
		evs = append(evs, ev)
	}
	return g, evs
}

// Fixtures of "where are we?" and the history: two vanilla donuts, chocolate places
// between them and flips both, vanilla answers on the line (a plate on board 1).
var (
	whereFlip = donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"V.V...", "......", "......", "......", "......", "......"}}
	whereFive = donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"CCCC..", "VVVV..", "......", "......", "......", "......"}}
	whereGroup = donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"CCCCVV", "VVCVCV", "VCVCVC", "VCVCVC", "CVCVCV", "......"}}
	whereDraw = donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"CVCVCV", "CVCVCV", "VCVCVC", "VCVCVC", "CVCVCV", "......"}}
)

func TestDonutsWhereAreWe(t *testing.T) {
	g, evs := donutsPlayed(t, whereFlip, donuts.P(0, 1), donuts.P(1, 0))
	one, oneEvs := donutsPlayed(t, whereFlip, donuts.P(0, 1))
	five, fiveEvs := donutsPlayed(t, whereFive, donuts.P(0, 4))
	cases := []struct {
		name    string
		ai, me  donuts.Color
		g       *donuts.Game
		evs     []donuts.Event
		want    map[string]string
		wantAll bool // every language is given
	}{
		{"against the computer, its reply last", donuts.Vanilla, donuts.Chocolate, g, evs, map[string]string{
			"en": "Your turn: 4 playable plates. On the board: chocolate 3, vanilla 1; largest groups: chocolate 3, vanilla 1. The computer placed the last donut, at row 2, column 1.",
			"it": "Tocca a te: 4 piattini giocabili. Sul tabellone: cioccolato 3, vaniglia 1; gruppi più grandi: cioccolato 3, vaniglia 1. Il computer ha piazzato l'ultima ciambella, in riga 2, colonna 1.",
			"fr": "À vous de jouer\u00a0: 4 assiettes jouables. Sur le plateau\u00a0: chocolat 3, vanille 1\u202f; plus grands groupes\u00a0: chocolat 3, vanille 1. L'ordinateur a posé le dernier donut, à la rangée 2, colonne 1.",
			"sk": "Ste na ťahu: 4 hrateľné tanieriky. Na ploche: čokoláda 3, vanilka 1; najväčšie skupiny: čokoláda 3, vanilka 1. Posledný ťah: Počítač, donut položený na riadok 2, stĺpec 1.",
		}, true},
		{"on two phones, the other phone's turn after its own flips", donuts.None, donuts.Chocolate, one, oneEvs, map[string]string{
			"en": "Vanilla to play: 1 playable plate. On the board: chocolate 3, vanilla 0; largest groups: chocolate 3, vanilla 0. You placed the last donut, at row 1, column 2, and flipped 2 donuts.",
			"it": "Vaniglia gioca: 1 piattino giocabile. Sul tabellone: cioccolato 3, vaniglia 0; gruppi più grandi: cioccolato 3, vaniglia 0. Hai piazzato l'ultima ciambella, in riga 1, colonna 2, e hai girato 2 ciambelle.",
			"fr": "Vanille joue\u00a0: 1 assiette jouable. Sur le plateau\u00a0: chocolat 3, vanille 0\u202f; plus grands groupes\u00a0: chocolat 3, vanille 0. Vous avez posé le dernier donut, à la rangée 1, colonne 2, et retourné 2 donuts.",
			"sk": "Vanilka je na ťahu: 1 hrateľný tanierik. Na ploche: čokoláda 3, vanilka 0; najväčšie skupiny: čokoláda 3, vanilka 0. Naposledy ste položili donut na riadok 1, stĺpec 2 a otočili 2 donuty.",
		}, true},
		{"one phone between two people: colours", donuts.None, donuts.None, one, oneEvs, map[string]string{
			"en": "Vanilla to play: 1 playable plate. On the board: chocolate 3, vanilla 0; largest groups: chocolate 3, vanilla 0. Chocolate placed the last donut, at row 1, column 2, and flipped 2 donuts.",
			"sk": "Vanilka je na ťahu: 1 hrateľný tanierik. Na ploche: čokoláda 3, vanilka 0; najväčšie skupiny: čokoláda 3, vanilka 0. Posledný ťah: Čokoláda, donut položený na riadok 1, stĺpec 2, otočené 2 donuty.",
		}, false},
		{"won with five", donuts.Vanilla, donuts.Chocolate, five, fiveEvs, map[string]string{
			"en": "You win with five in a row. On the board: chocolate 5, vanilla 4; largest groups: chocolate 5, vanilla 4. You placed the last donut, at row 1, column 5.",
			"it": "Vinci con cinque in fila. Sul tabellone: cioccolato 5, vaniglia 4; gruppi più grandi: cioccolato 5, vaniglia 4. Hai piazzato l'ultima ciambella, in riga 1, colonna 5.",
			"fr": "Vous gagnez avec cinq en ligne. Sur le plateau\u00a0: chocolat 5, vanille 4\u202f; plus grands groupes\u00a0: chocolat 5, vanille 4. Vous avez posé le dernier donut, à la rangée 1, colonne 5.",
			"sk": "Vyhrávate, máte päť v rade. Na ploche: čokoláda 5, vanilka 4; najväčšie skupiny: čokoláda 5, vanilka 4. Naposledy ste položili donut na riadok 1, stĺpec 5.",
		}, true},
		{"won by the largest group: the groups said once", donuts.Chocolate, donuts.Vanilla, donutsGame(t, whereGroup), nil, map[string]string{
			"en": "All the donuts are placed. Largest groups: chocolate 5, vanilla 4. The computer wins. On the board: chocolate 15, vanilla 15. No donut has been placed yet.",
		}, false},
		{"an empty board", donuts.None, donuts.None, donutsGame(t, donuts.Numbered(7, donuts.Vanilla)), nil, map[string]string{
			"en": "Vanilla to play: 36 playable plates. No donut has been placed yet.",
			"fr": "Vanille joue\u00a0: 36 assiettes jouables. Aucun donut n'a encore été posé.",
		}, false},
	}
	for _, tc := range cases {
		if tc.wantAll {
			require.Len(t, tc.want, 4, tc.name)
		}
		for lang, want := range tc.want {
			t.Run(tc.name+"/"+lang, func(t *testing.T) {
				require.Equal(t, want, DonutsWhereAreWe(localizer(t, lang), tc.ai, tc.me, tc.g, tc.evs))
			})
		}
	}
}

func TestDonutsHistoryAndSummary(t *testing.T) {
	g, evs := donutsPlayed(t, whereFlip, donuts.P(0, 1), donuts.P(1, 0))
	five, _ := donutsPlayed(t, whereFive, donuts.P(0, 4))
	history := map[string][]string{
		"en": {"Move 1, you: row 1, column 2, flipping 2 donuts: row 1, columns 1 and 3.", "Move 2, the computer: row 2, column 1."},
		"it": {"Mossa 1, tu: riga 1, colonna 2, girando 2 ciambelle: riga 1, colonne 1 e 3.", "Mossa 2, il computer: riga 2, colonna 1."},
		"fr": {"Coup 1, vous\u00a0: rangée 1, colonne 2, en retournant 2 donuts\u00a0: rangée 1, colonnes 1 et 3.", "Coup 2, l'ordinateur\u00a0: rangée 2, colonne 1."},
		"sk": {"Ťah 1, vy: riadok 1, stĺpec 2, otočené 2 donuty: riadok 1, stĺpce 1 a 3.", "Ťah 2, počítač: riadok 2, stĺpec 1."},
	}
	summary := map[string]string{
		"en": "2 moves played. On the board: chocolate 3, vanilla 1; largest groups: chocolate 3, vanilla 1.",
		"it": "2 mosse giocate. Sul tabellone: cioccolato 3, vaniglia 1; gruppi più grandi: cioccolato 3, vaniglia 1.",
		"fr": "2 coups joués. Sur le plateau\u00a0: chocolat 3, vanille 1\u202f; plus grands groupes\u00a0: chocolat 3, vanille 1.",
		"sk": "Odohrané 2 ťahy. Na ploche: čokoláda 3, vanilka 1; najväčšie skupiny: čokoláda 3, vanilka 1.",
	}
	// Once over, in words that make sense away from the app: every colour named.
	final := map[string]string{
		"en": "Donuts, chocolate against the computer at normal level: 1 move. Chocolate wins with five in a row. On the board: chocolate 5, vanilla 4; largest groups: chocolate 5, vanilla 4. Board number 4021.",
		"it": "Donuts, cioccolato contro il computer di livello medio: 1 mossa. Cioccolato vince con cinque in fila. Sul tabellone: cioccolato 5, vaniglia 4; gruppi più grandi: cioccolato 5, vaniglia 4. Tabellone numero 4021.",
		"fr": "Donuts, chocolat contre l'ordinateur de niveau moyen\u00a0: 1 coup. Chocolat gagne avec cinq en ligne. Sur le plateau\u00a0: chocolat 5, vanille 4\u202f; plus grands groupes\u00a0: chocolat 5, vanille 4. Plateau numéro 4021.",
		"sk": "Donuty, čokoláda proti počítaču, úroveň stredná: 1 ťah. Čokoláda vyhráva, má päť v rade. Na ploche: čokoláda 5, vanilka 4; najväčšie skupiny: čokoláda 5, vanilka 4. Hracia plocha číslo 4021.",
	}
	for lang, l := range localizers(t) {
		require.Equal(t, history[lang], DonutsHistory(l, donuts.Vanilla, evs), lang)
		require.Equal(t, summary[lang], DonutsSummary(l, donuts.Vanilla, donuts.Normal, "4021", g), lang)
		require.Equal(t, final[lang], DonutsSummary(l, donuts.Vanilla, donuts.Normal, "4021", five), lang)
	}

	l := localizer(t, "en")
	// Between two people each move names its colour: the same list on both phones.
	require.Equal(t, []string{"Move 1, Chocolate: row 1, column 2, flipping 2 donuts: row 1, columns 1 and 3.",
		"Move 2, Vanilla: row 2, column 1."}, DonutsHistory(l, donuts.None, evs))
	require.Equal(t, "Move 1, Chocolate: row 1, column 2, flipping 1 donut: row 1, column 1.",
		DonutsHistoryMove(l, donuts.None, 1, donuts.Event{By: donuts.Chocolate, At: donuts.P(0, 1), Flipped: []donuts.Point{donuts.P(0, 0)}}))
	require.Equal(t, "1 move played. On the board: chocolate 3, vanilla 0; largest groups: chocolate 3, vanilla 0.",
		DonutsSummary(l, donuts.None, "", "", donutsGame(t, whereFlip, donuts.P(0, 1))))
	require.Equal(t, "No donut has been placed yet.", DonutsSummary(l, donuts.None, "", "7", donutsGame(t, donuts.Numbered(7, donuts.Chocolate))))
	require.Empty(t, DonutsHistory(l, donuts.None, nil))
	// A draw between two people on a board given plate by plate: no number to give.
	require.Equal(t, "Donuts between two players: 0 moves. All the donuts are placed. Largest groups: chocolate 2, vanilla 2. It is a draw. On the board: chocolate 15, vanilla 15.",
		DonutsSummary(l, donuts.None, "", "", donutsGame(t, whereDraw)))
	sk := localizer(t, "sk")
	for n, want := range map[int]string{1: "Odohraný 1 ťah.", 3: "Odohrané 3 ťahy.", 5: "Odohraných 5 ťahov."} {
		require.Equal(t, want, sk.N("donuts.n.history.moves", n))
	}
}

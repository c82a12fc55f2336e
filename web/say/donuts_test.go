package say

import (
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/donuts"
)

func TestDonutsMoveSentences(t *testing.T) {
	flips := func(n int) []donuts.Point {
		ps := make([]donuts.Point, n)
		for i := range ps {
			ps[i] = donuts.P(1, i)
		}
		return ps
	}
	cases := []struct {
		name string
		ai   donuts.Color
		ev   donuts.Event
		want map[string]string
	}{
		{"no flip", donuts.None, donuts.Event{By: donuts.Chocolate, At: donuts.P(2, 3)}, map[string]string{
			"en": "Chocolate places a donut at row 3, column 4.",
			"it": "Cioccolato piazza una ciambella in riga 3, colonna 4.",
			"fr": "Chocolat pose un donut à la rangée 3, colonne 4.",
			"sk": "Čokoláda položila donut na riadok 3, stĺpec 4.",
		}},
		{"one flip", donuts.None, donuts.Event{By: donuts.Vanilla, At: donuts.P(0, 0), Flipped: []donuts.Point{donuts.P(0, 1)}}, map[string]string{
			"en": "Vanilla places a donut at row 1, column 1 and flips 1 donut: row 1, column 2.",
			"it": "Vaniglia piazza una ciambella in riga 1, colonna 1 e gira 1 ciambella: riga 1, colonna 2.",
			"fr": "Vanille pose un donut à la rangée 1, colonne 1 et retourne 1 donut : rangée 1, colonne 2.",
			"sk": "Vanilka položila donut na riadok 1, stĺpec 1 a otočila 1 donut: riadok 1, stĺpec 2.",
		}},
		{"the computer, two flips", donuts.Vanilla, donuts.Event{By: donuts.Vanilla, At: donuts.P(0, 0), Flipped: flips(2)}, map[string]string{
			"en": "The computer places a donut at row 1, column 1 and flips 2 donuts: row 2, columns 1 and 2.",
			"it": "Il computer piazza una ciambella in riga 1, colonna 1 e gira 2 ciambelle: riga 2, colonne 1 e 2.",
			"fr": "L'ordinateur pose un donut à la rangée 1, colonne 1 et retourne 2 donuts : rangée 2, colonnes 1 et 2.",
			"sk": "Počítač položil donut na riadok 1, stĺpec 1 a otočil 2 donuty: riadok 2, stĺpce 1 a 2.",
		}},
		{"the person, five flips", donuts.Vanilla, donuts.Event{By: donuts.Chocolate, At: donuts.P(0, 5), Flipped: flips(5)}, map[string]string{
			"en": "You place a donut at row 1, column 6 and flip 5 donuts: row 2, columns 1, 2, 3, 4 and 5.",
			"it": "Piazzi una ciambella in riga 1, colonna 6 e giri 5 ciambelle: riga 2, colonne 1, 2, 3, 4 e 5.",
			"fr": "Vous posez un donut à la rangée 1, colonne 6 et retournez 5 donuts : rangée 2, colonnes 1, 2, 3, 4 et 5.",
			"sk": "Položili ste donut na riadok 1, stĺpec 6 a otočili 5 donutov: riadok 2, stĺpce 1, 2, 3, 4 a 5.",
		}},
	}
	for _, tc := range cases {
		for lang, want := range tc.want {
			t.Run(tc.name+"/"+lang, func(t *testing.T) {
				require.Equal(t, want, DonutsMove(localizer(t, lang), Full, tc.ai, tc.ev))
			})
		}
	}
}

func TestDonutsPluralsOfUndo(t *testing.T) {
	want := map[string][3]string{
		"en": {"1 donut taken back.", "2 donuts taken back.", "5 donuts taken back."},
		"it": {"1 ciambella tolta.", "2 ciambelle tolte.", "5 ciambelle tolte."},
		"fr": {"1 donut retiré.", "2 donuts retirés.", "5 donuts retirés."},
		"sk": {"Vrátený 1 donut.", "Vrátené 2 donuty.", "Vrátených 5 donutov."},
	}
	for lang, w := range want {
		l := localizer(t, lang)
		for i, n := range []int{1, 2, 5} {
			require.Equal(t, w[i], l.N("donuts.n.undone", n), "%s %d", lang, n)
		}
	}
}

// donutsGame replays moves on a board with a setup, failing the test on a refusal.
func donutsGame(t *testing.T, spec donuts.Spec, moves ...donuts.Point) *donuts.Game {
	t.Helper()
	g, _, err := donuts.Replay(spec, moves)
	require.NoError(t, err)
	return g
}

func TestDonutsNextAndEndSentences(t *testing.T) {
	// Board 7, row by row: |\/|/- \\-\|/ /-|-\| -\|-/\ /|\/\| \-/\|-
	board7 := donuts.Numbered(7, donuts.Chocolate)
	first := donutsGame(t, board7)
	line := donutsGame(t, board7, donuts.P(0, 0)) // a vertical line: column 1
	five := donutsGame(t, donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"CCCC..", "VVVV..", "......", "......", "......", "......"}}, donuts.P(0, 4))
	group := donutsGame(t, donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"CCCCVV", "VVCVCV", "VCVCVC", "VCVCVC", "CVCVCV", "......"}})
	draw := donutsGame(t, donuts.Spec{Board: donuts.NewBoard(1), First: donuts.Chocolate,
		Setup: []string{"CVCVCV", "CVCVCV", "VCVCVC", "VCVCVC", "CVCVCV", "......"}})
	cases := []struct {
		name string
		ai   donuts.Color
		g    *donuts.Game
		want map[string]string
	}{
		{"first", donuts.None, first, map[string]string{
			"en": "Chocolate to play: the first donut may go on any plate.",
			"it": "Cioccolato gioca: la prima ciambella può andare su qualsiasi piattino.",
			"fr": "Chocolat joue : le premier donut peut aller sur n'importe quelle assiette.",
			"sk": "Čokoláda hrá: prvý donut môže ísť na ľubovoľný tanierik.",
		}},
		{"on the line", donuts.Chocolate, line, map[string]string{
			"en": "Your turn, on the vertical line from row 1, column 1: column 1, rows 2, 3, 4, 5 or 6.",
			"it": "Tocca a te, sulla linea verticale dal piattino in riga 1, colonna 1: colonna 1, righe 2, 3, 4, 5 o 6.",
			"fr": "À vous de jouer, sur la ligne verticale de l'assiette de la rangée 1, colonne 1 : colonne 1, rangées 2, 3, 4, 5 ou 6.",
			"sk": "Ste na ťahu. Posledný donut: riadok 1, stĺpec 1, zvislá čiara; hrať môžete len sem: stĺpec 1, riadky 2, 3, 4, 5 alebo 6.",
		}},
		{"five in a row", donuts.Vanilla, five, map[string]string{
			"en": "You win with five in a row.",
			"it": "Vinci con cinque in fila.",
			"fr": "Vous gagnez avec cinq en ligne.",
			"sk": "Vyhrávate, máte päť v rade.",
		}},
		{"largest group", donuts.Chocolate, group, map[string]string{
			"en": "All the donuts are placed. Largest groups: chocolate 5, vanilla 4. The computer wins.",
			"it": "Tutte le ciambelle sono piazzate. Gruppi più grandi: cioccolato 5, vaniglia 4. Il computer vince.",
			"fr": "Tous les donuts sont posés. Plus grands groupes : chocolat 5, vanille 4. L'ordinateur gagne.",
			"sk": "Všetky donuty sú položené. Najväčšie skupiny: čokoláda 5, vanilka 4. Počítač vyhráva.",
		}},
		{"draw", donuts.None, draw, map[string]string{
			"en": "All the donuts are placed. Largest groups: chocolate 2, vanilla 2. It is a draw.",
			"it": "Tutte le ciambelle sono piazzate. Gruppi più grandi: cioccolato 2, vaniglia 2. La partita finisce in parità.",
			"fr": "Tous les donuts sont posés. Plus grands groupes : chocolat 2, vanille 2. La partie est nulle.",
			"sk": "Všetky donuty sú položené. Najväčšie skupiny: čokoláda 2, vanilka 2. Hra sa končí remízou.",
		}},
	}
	for _, tc := range cases {
		for lang, want := range tc.want {
			t.Run(tc.name+"/"+lang, func(t *testing.T) {
				require.Equal(t, want, DonutsNext(localizer(t, lang), Full, tc.ai, tc.g))
			})
		}
	}
}

func TestDonutsLineFullSentence(t *testing.T) {
	// Fill column 1 of board 7 (vertical at row 1, column 1) and end on it: the next
	// donut is free.
	g := donutsGame(t, donuts.Numbered(7, donuts.Chocolate))
	for g.Finished() || !g.Free() || len(g.Moves()) == 0 {
		_, err := g.Play(g.Legal()[0])
		require.NoError(t, err)
	}
	last, _ := g.Last()
	l := localizer(t, "en")
	require.Equal(t, DonutsWho(l, donuts.None, g.Turn())+" to play: the "+DonutsLine(l, DonutsLineAt(g, last))+" line from "+
		DonutsPlate(l, last)+" is full, so the donut may go on any empty plate.", DonutsNext(l, Full, donuts.None, g))
	require.Equal(t, "The donut may go on any empty plate.", DonutsWhere(l, g))
	require.Equal(t, "Any empty plate.", DonutsPlayable(l, g), "A says it rather than reading every empty plate")
}

func TestDonutsPlayableOnAnEmptyBoard(t *testing.T) {
	g := donutsGame(t, donuts.Numbered(7, donuts.Chocolate))
	want := map[string]string{
		"en": "Any plate: no donut has been placed yet.",
		"it": "Qualsiasi piattino: non c'è ancora nessuna ciambella.",
		"fr": "N'importe quelle assiette\u00a0: aucun donut n'est encore posé.",
		"sk": "Ľubovoľný tanierik: ešte nie je položený žiadny donut.",
	}
	for lang, w := range want {
		require.Equal(t, w, DonutsPlayable(localizer(t, lang), g), lang)
	}
}

func TestDonutsCellLabelsAndCommands(t *testing.T) {
	g := donutsGame(t, donuts.Numbered(7, donuts.Chocolate), donuts.P(0, 0))
	cases := map[string][3]string{
		"en": {"Chocolate donut, last move, row 1, column 1, vertical", "Playable, row 2, column 1, falling diagonal",
			"5 playable plates: column 1, rows 2, 3, 4, 5 and 6."},
		"it": {"Ciambella al cioccolato, ultima mossa, riga 1, colonna 1, verticale", "Giocabile, riga 2, colonna 1, diagonale discendente",
			"5 piattini giocabili: colonna 1, righe 2, 3, 4, 5 e 6."},
		"fr": {"Donut au chocolat, dernier coup, rangée 1, colonne 1, verticale", "Jouable, rangée 2, colonne 1, diagonale descendante",
			"5 assiettes jouables : colonne 1, rangées 2, 3, 4, 5 et 6."},
		"sk": {"Čokoládový donut, posledný ťah, riadok 1, stĺpec 1, zvislá čiara", "Hrateľný, riadok 2, stĺpec 1, šikmá klesajúca čiara",
			"5 hrateľných tanierikov: stĺpec 1, riadky 2, 3, 4, 5 a 6."},
	}
	for lang, want := range cases {
		l := localizer(t, lang)
		require.Equal(t, want[0], DonutsCell(l, g, donuts.P(0, 0), false, true), lang)
		require.Equal(t, want[0], DonutsCell(l, g, donuts.P(0, 0), false, true), lang, "remembered")
		require.Equal(t, want[1], DonutsCell(l, g, donuts.P(1, 0), true, false), lang)
		require.Equal(t, want[2], DonutsPlayable(l, g), lang)
	}
	l := localizer(t, "en")
	require.Equal(t, "On the board: chocolate 1, vanilla 0. Largest groups: chocolate 1, vanilla 0. Still to place: chocolate 14, vanilla 15.",
		DonutsScore(l, g))
	require.Equal(t, "No donut has been placed yet.", DonutsLast(l, donuts.None, nil))
}

func TestDonutsRefusalSentences(t *testing.T) {
	g := donutsGame(t, donuts.Numbered(7, donuts.Chocolate), donuts.P(0, 0))
	from := donuts.P(0, 0)
	cases := []struct {
		err  *donuts.MoveError
		want map[string]string
	}{
		{&donuts.MoveError{Code: donuts.CodeOffBoard, At: donuts.P(6, 0)}, map[string]string{
			"en": "There is no plate at row 7, column 1: rows and columns go from 1 to 6. The donut may go on column 1, rows 2, 3, 4, 5 or 6.",
			"sk": "Tanierik riadok 7, stĺpec 1 neexistuje: riadky a stĺpce idú od 1 po 6. Donut môže ísť na stĺpec 1, riadky 2, 3, 4, 5 alebo 6.",
		}},
		{&donuts.MoveError{Code: donuts.CodeOccupied, At: donuts.P(0, 0)}, map[string]string{
			"it": "Il piattino in riga 1, colonna 1 ha già una ciambella. La ciambella può andare in colonna 1, righe 2, 3, 4, 5 o 6.",
		}},
		{&donuts.MoveError{Code: donuts.CodeOffLine, At: donuts.P(0, 1), From: &from, Line: donuts.Vertical}, map[string]string{
			"fr": "L'assiette de la rangée 1, colonne 2 n'est pas sur la ligne : l'assiette de la rangée 1, colonne 1 montre une ligne verticale. Le donut peut aller à la colonne 1, rangées 2, 3, 4, 5 ou 6.",
		}},
		{&donuts.MoveError{Code: donuts.CodeNotYourTurn, Turn: donuts.Vanilla}, map[string]string{
			"sk": "Nie ste na ťahu: na ťahu je vanilka. Donut môže ísť na stĺpec 1, riadky 2, 3, 4, 5 alebo 6.",
			"it": "Non è il tuo turno: ora tocca al colore vaniglia. La ciambella può andare in colonna 1, righe 2, 3, 4, 5 o 6.",
		}},
	}
	for _, tc := range cases {
		for lang, want := range tc.want {
			require.Equal(t, want, DonutsRefusal(localizer(t, lang), g, tc.err), "%s %s", tc.err.Code, lang)
		}
	}
}

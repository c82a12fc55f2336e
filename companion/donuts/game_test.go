package donuts

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// uniform is a board whose plates all show d.
func uniform(d Dir) Board {
	var b Board
	for i := range b {
		b[i] = d
	}
	return b
}

func mustGame(t *testing.T, b Board, first Color, setup ...string) *Game {
	t.Helper()
	spec := Spec{Board: b, First: first}
	if len(setup) > 0 {
		spec.Setup = setup
	}
	g, err := New(spec)
	require.NoError(t, err)
	return g
}

var emptyRows = []string{"......", "......", "......", "......", "......", "......"}

// withRow is the empty setup with one row replaced.
func withRow(r int, row string) []string {
	s := append([]string(nil), emptyRows...)
	s[r] = row
	return s
}

// transpose mirrors rows along the main diagonal, so a row example becomes a column one.
func transpose(rows []string) []string {
	out := make([]string, Size)
	for c := range Size {
		b := make([]byte, Size)
		for r := range Size {
			b[r] = rows[r][c]
		}
		out[c] = string(b)
	}
	return out
}

// diagonal writes a 6-plate line on the main diagonal (\) or the anti-diagonal (/), the
// line's first plate at the top left or the bottom left.
func diagonal(line string, rising bool) []string {
	rows := make([][]byte, Size)
	for r := range rows {
		rows[r] = []byte("......")
	}
	for k := range Size {
		if rising {
			rows[Size-1-k][k] = line[k]
		} else {
			rows[k][k] = line[k]
		}
	}
	out := make([]string, Size)
	for r := range rows {
		out[r] = string(rows[r])
	}
	return out
}

// TestInsertion plays the examples of the issue and the rule texts on a row, a column and
// both diagonals: '*' marks the plate where the mover places its donut.
func TestInsertion(t *testing.T) {
	cases := []struct {
		name   string
		before string // '*' is the plate played
		mover  Color
		after  string
		flips  int
	}{
		{"V-V gives CCC", "V*V...", Chocolate, "CCC...", 2},
		{"VCC-CV gives CCCCCC", "VCC*CV", Chocolate, "CCCCCC", 2},
		{"VC-CV, five long (English text)", "VC*CV.", Chocolate, "CCCCC.", 2},
		{"VVC-VV gives CCCCCC, two insertions", "VVC*VV", Chocolate, "CCCCCC", 4},
		{"VVC-CV gives VCCCCC, the run reaches the edge", "VVC*CV", Chocolate, "VCCCCC", 2},
		{"flanking VCC- flips nothing", "VCC*..", Vanilla, "VCCV..", 0},
		{"flanking from the other side flips nothing", "V*CCV.", Vanilla, "VVCCV.", 0},
		{"a run bounded by the opponent is an insertion", "CV*VC.", Vanilla, "VVVVV.", 2},
		{"the opponent need not be adjacent", ".VCC*V", Chocolate, ".CCCCC", 2},
		{"only one side: nothing", "*VV...", Chocolate, "CVV...", 0},
		{"an empty plate stops it", "V.C*V.", Chocolate, "V.CCV.", 0},
		{"after a flip the run grows through own donuts", "VCV*VV", Chocolate, "CCCCCC", 4},
		{"vanilla inserts too", "C*C...", Vanilla, "VVV...", 2},
		{"a second insertion needs both ends again", "VV*V..", Chocolate, "VCCC..", 2},
	}
	for _, tc := range cases {
		i := strings.IndexByte(tc.before, '*')
		setupRow := strings.Replace(tc.before, "*", ".", 1)
		shapes := []struct {
			name  string
			dir   Dir
			rows  func(string) []string
			plate func(k int) Point
		}{
			{"row", Horizontal, func(l string) []string { return withRow(2, l) }, func(k int) Point { return P(2, k) }},
			{"column", Vertical, func(l string) []string { return transpose(withRow(3, l)) }, func(k int) Point { return P(k, 3) }},
			{"falling", Falling, func(l string) []string { return diagonal(l, false) }, func(k int) Point { return P(k, k) }},
			{"rising", Rising, func(l string) []string { return diagonal(l, true) }, func(k int) Point { return P(Size-1-k, k) }},
		}
		for _, sh := range shapes {
			t.Run(tc.name+"/"+sh.name, func(t *testing.T) {
				g := mustGame(t, uniform(sh.dir), tc.mover, sh.rows(setupRow)...)
				ev, err := g.Play(sh.plate(i))
				require.NoError(t, err)
				assert.Equal(t, sh.rows(tc.after), g.Rows())
				assert.Len(t, ev.Flipped, tc.flips)
				assert.Equal(t, tc.mover, ev.By)
			})
		}
	}
}

// TestLine: the next donut goes on an empty plate of the whole line through the plate
// just played, along its direction, either way, at any distance.
func TestLine(t *testing.T) {
	cases := []struct {
		dir     Dir
		played  Point
		allowed []Point
	}{
		{Horizontal, P(2, 3), []Point{P(2, 0), P(2, 1), P(2, 2), P(2, 4), P(2, 5)}},
		{Vertical, P(2, 3), []Point{P(0, 3), P(1, 3), P(3, 3), P(4, 3), P(5, 3)}},
		{Rising, P(2, 3), []Point{P(0, 5), P(1, 4), P(3, 2), P(4, 1), P(5, 0)}},
		{Falling, P(2, 3), []Point{P(0, 1), P(1, 2), P(3, 4), P(4, 5)}},
		{Rising, P(0, 0), nil}, // a corner's rising line is itself alone: free
		{Falling, P(5, 0), nil},
		{Falling, P(0, 0), []Point{P(1, 1), P(2, 2), P(3, 3), P(4, 4), P(5, 5)}},
	}
	for _, tc := range cases {
		t.Run(tc.dir.Name()+tc.played.String(), func(t *testing.T) {
			g := mustGame(t, uniform(tc.dir), Chocolate)
			assert.True(t, g.Free(), "the first donut goes anywhere")
			assert.Len(t, g.Legal(), Cells)
			ev, err := g.Play(tc.played)
			require.NoError(t, err)
			if tc.allowed == nil {
				assert.True(t, ev.Free)
				assert.Len(t, ev.Allowed, Cells-1)
				return
			}
			assert.False(t, ev.Free)
			assert.Equal(t, tc.allowed, ev.Allowed)
			assert.Equal(t, tc.allowed, g.Legal())
			assert.Equal(t, Vanilla, ev.Next)
		})
	}
}

func TestLineSkipsOccupiedAndFrees(t *testing.T) {
	g := mustGame(t, uniform(Horizontal), Chocolate, withRow(0, "VC.C.V")...)
	_, err := g.Play(P(0, 2))
	require.NoError(t, err)
	assert.Equal(t, []Point{P(0, 4)}, g.Legal())
	_, err = g.Play(P(0, 4)) // the row is full now
	require.NoError(t, err)
	assert.True(t, g.Free())
	assert.Len(t, g.Legal(), Cells-6)
}

func TestFive(t *testing.T) {
	cases := []struct {
		name  string
		dir   Dir
		setup []string
		play  Point
		win   bool
	}{
		{"row", Horizontal, withRow(4, "CCCC.."), P(4, 4), true},
		{"row at the end", Horizontal, withRow(4, ".CCCC."), P(4, 5), true},
		{"four only", Horizontal, withRow(4, "CCC..."), P(4, 3), false},
		{"column", Vertical, transpose(withRow(0, ".CCCC.")), P(0, 0), true},
		{"falling", Falling, diagonal(".CC.CC", false), P(3, 3), true},
		{"rising", Rising, diagonal("CCCC..", true), P(1, 4), true},
		{"short rising diagonal", Rising, []string{"....C.", "...C..", "..C...", ".C....", "......", "......"}, P(4, 0), true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGame(t, uniform(tc.dir), Chocolate, tc.setup...)
			ev, err := g.Play(tc.play)
			require.NoError(t, err)
			assert.Equal(t, tc.win, ev.Finished)
			assert.Equal(t, tc.win, g.Finished())
			if tc.win {
				assert.Equal(t, Chocolate, ev.Winner)
				assert.Equal(t, ReasonFive, ev.Reason)
				assert.Nil(t, g.Legal())
				assert.Equal(t, None, g.Turn())
			}
		})
	}
}

// TestFiveAfterFlips: the five is counted after the insertion's flips.
func TestFiveAfterFlips(t *testing.T) {
	// Row 1 reads CV.VC.: chocolate at (1,2) flips (1,1) and (1,3), which makes CCCCC.
	g := mustGame(t, uniform(Horizontal), Chocolate, withRow(1, "CV.VC.")...)
	ev, err := g.Play(P(1, 2))
	require.NoError(t, err)
	assert.Equal(t, []Point{P(1, 1), P(1, 3)}, ev.Flipped)
	assert.True(t, ev.Finished)
	assert.Equal(t, Chocolate, ev.Winner)
}

// TestGroupEnd: when the 30th donut is placed with no five, the larger largest
// orthogonal group wins; equal sizes draw. The setups are those of the scenario files.
func TestGroupEnd(t *testing.T) {
	cases := []struct {
		name   string
		setup  []string
		play   Point
		winner Color
		groups Counts
	}{
		{"chocolate 12 beats vanilla 5", []string{"VVVCC.", ".VVCCV", "VC.C.C", "VVCCCC", "C.V.CV", "VV.CVV"}, P(0, 5), Chocolate, Counts{12, 5}},
		{"8 and 8 draw", []string{"VVCVV.", "CVVCCC", "CVVVCC", "C.VCCV", "V..VVV", ".CC..C"}, P(0, 5), None, Counts{8, 8}},
		{"vanilla 6 beats chocolate 4", []string{"CCCV.V", ".VVV.C", "CVCVV.", "CVC.CV", "C..VCV", "CVVVCC"}, P(1, 4), Vanilla, Counts{4, 6}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGame(t, uniform(Horizontal), Chocolate, tc.setup...)
			require.Equal(t, 1, g.Left(Chocolate))
			require.Equal(t, 0, g.Left(Vanilla))
			ev, err := g.Play(tc.play)
			require.NoError(t, err)
			assert.True(t, ev.Finished)
			assert.Equal(t, ReasonGroup, ev.Reason)
			assert.Equal(t, tc.winner, ev.Winner)
			require.NotNil(t, ev.Groups)
			assert.Equal(t, tc.groups, *ev.Groups)
			assert.Equal(t, tc.groups, g.Groups())
		})
	}
}

func TestLargestGroup(t *testing.T) {
	cases := []struct {
		rows []string
		want int
	}{
		{emptyRows, 0},
		{withRow(0, "X....."), 1},
		{withRow(0, "XXX.XX"), 3},
		{[]string{".....X", "X.....", "......", "......", "......", "......"}, 1}, // no wrap round the edge
		{[]string{"X.X...", "X.X...", "XXX...", "......", "......", "....XX", "....XX"}[:6], 7},
		{[]string{"X.X.X.", ".X.X.X", "X.X.X.", ".X.X.X", "X.X.X.", ".X.X.X"}, 1}, // diagonals do not join
		{[]string{"XXXXXX", "XXXXXX", "XXXXXX", "XXXXXX", "XXXXXX", "XXXXXX"}, 36},
	}
	for _, tc := range cases {
		var m uint64
		for r, row := range tc.rows {
			for c := range Size {
				if row[c] == 'X' {
					m |= 1 << (r*Size + c)
				}
			}
		}
		assert.Equal(t, tc.want, largestGroup(m), "%v", tc.rows)
	}
}

// TestRefusedMoves: each refusal has its code and what a person needs, and changes nothing.
func TestRefusedMoves(t *testing.T) {
	b, err := ParseBoard([]string{`-|/\-|`, `/\-|/\`, `|-\/|-`, `\/|-\/`, `-|/\-|`, `/\-|/\`})
	require.NoError(t, err)
	cases := []struct {
		name  string
		moves []Point
		code  string
		check func(t *testing.T, e *MoveError)
	}{
		{"off the board", []Point{P(6, 0)}, CodeOffBoard, nil},
		{"negative", []Point{P(0, -1)}, CodeOffBoard, nil},
		{"occupied", []Point{P(1, 1), P(1, 1)}, CodeOccupied, nil},
		{"off the line", []Point{P(0, 0), P(3, 3)}, CodeOffLine, func(t *testing.T, e *MoveError) {
			assert.Equal(t, P(0, 0), *e.From)
			assert.Equal(t, Horizontal, e.Line)
			assert.Equal(t, []Point{P(0, 1), P(0, 2), P(0, 3), P(0, 4), P(0, 5)}, e.Allowed)
			assert.Equal(t, Vanilla, e.Turn)
			assert.Equal(t, "The plate at (3, 3) is not on the line: the donut at (0, 0) shows a horizontal line, "+
				"so the next donut goes on one of (0, 1), (0, 2), (0, 3), (0, 4) or (0, 5).", e.Error())
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := mustGame(t, b, Chocolate)
			for _, m := range tc.moves[:len(tc.moves)-1] {
				_, err := g.Play(m)
				require.NoError(t, err)
			}
			before := g.State()
			_, err := g.Play(tc.moves[len(tc.moves)-1])
			var e *MoveError
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tc.code, e.Code)
			assert.NotEmpty(t, e.Error())
			assert.Equal(t, before, g.State(), "a refused move changes nothing")
			if tc.check != nil {
				tc.check(t, e)
			}
		})
	}
}

func TestGameOverAndNotYourTurn(t *testing.T) {
	g := mustGame(t, uniform(Horizontal), Vanilla, withRow(0, "VVVV..")...)
	_, err := g.PlayAs(Chocolate, P(0, 4))
	var e *MoveError
	require.ErrorAs(t, err, &e)
	assert.Equal(t, CodeNotYourTurn, e.Code)
	assert.Equal(t, Vanilla, e.Turn)
	assert.Equal(t, "It is not your turn: vanilla places the next donut.", e.Error())

	_, err = g.PlayAs(Vanilla, P(0, 4))
	require.NoError(t, err)
	before := g.State()
	_, err = g.Play(P(5, 5))
	require.ErrorAs(t, err, &e)
	assert.Equal(t, CodeGameOver, e.Code)
	assert.Equal(t, before, g.State())
}

// TestSupplies: a player who has placed all 15 donuts passes; the other goes on.
func TestSupplies(t *testing.T) {
	g := mustGame(t, uniform(Vertical), Chocolate, // 15 vanilla, 13 chocolate, no five
		"VVCCVV",
		"CCVVCC",
		"VVCCVV",
		"CCVV..",
		"VVC..V",
		"C.C...")
	assert.Equal(t, Counts{2, 0}, Counts{g.Left(Chocolate), g.Left(Vanilla)})
	_, err := g.Play(P(5, 1)) // column 1 is full then: the next donut is free
	require.NoError(t, err)
	assert.Equal(t, Chocolate, g.Turn(), "vanilla has no donut left")
	assert.True(t, g.Free())
	assert.Len(t, g.Legal(), 7)
	ev, err := g.Play(P(5, 5))
	require.NoError(t, err)
	assert.True(t, ev.Finished)
	assert.Equal(t, ReasonGroup, ev.Reason)
}

func TestSetupRefused(t *testing.T) {
	cases := []struct {
		name  string
		first Color
		setup []string
		want  SetupError
	}{
		{"no first player", None, nil, SetupError{Code: CodeNoPlayer}},
		{"five rows", Chocolate, emptyRows[:5], SetupError{Code: CodeSetupRows, Row: 5}},
		{"short row", Chocolate, withRow(2, "....."), SetupError{Code: CodeSetupRows, Row: 2}},
		{"bad letter", Chocolate, withRow(3, "..x..."), SetupError{Code: CodeSetupRows, Row: 3}},
		{"sixteen", Chocolate, []string{"VV.VV.", "VV.VV.", "VV.VV.", "VV.VV.", "......", "......"}, SetupError{Code: CodeTooMany, Color: Vanilla, Count: 16}},
		{"five", Chocolate, transpose(withRow(5, "CCCCC.")), SetupError{Code: CodeSetupFive, Color: Chocolate}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(Spec{Board: NewBoard(1), First: tc.first, Setup: tc.setup})
			var e *SetupError
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tc.want, *e)
			assert.NotEmpty(t, e.Error())
		})
	}
}

func TestEventAndState(t *testing.T) {
	spec := Numbered(42, Chocolate)
	g, err := New(spec)
	require.NoError(t, err)
	ev, err := g.Play(P(2, 2))
	require.NoError(t, err)
	assert.Equal(t, Chocolate, ev.By)
	assert.Equal(t, P(2, 2), ev.At)
	assert.Empty(t, ev.Flipped)
	assert.Equal(t, Vanilla, ev.Next)
	assert.Equal(t, g.Legal(), ev.Allowed)

	s := g.State()
	assert.Equal(t, uint64(42), *s.Seed)
	assert.Equal(t, Counts{14, 15}, s.Left)
	out, err := json.Marshal(s)
	require.NoError(t, err)
	var back State
	require.NoError(t, json.Unmarshal(out, &back))
	assert.Equal(t, s, back, "the state survives JSON")
	assert.Contains(t, string(out), `"first":"chocolate"`)
	assert.Contains(t, string(out), `"winner":null`)

	// A game from the stored spec and moves is the same game.
	again, at, err := Replay(back.Spec, back.Moves)
	require.NoError(t, err)
	assert.Equal(t, 1, at)
	assert.Equal(t, s, again.State())

	require.True(t, g.Undo())
	assert.Equal(t, 15, g.Left(Chocolate))
	assert.True(t, g.Free())
	assert.False(t, g.Undo())
}

// A clone plays on apart from the game it was made from.
func TestClonePlaysApart(t *testing.T) {
	g, err := New(Numbered(7, Chocolate))
	require.NoError(t, err)
	first := g.Legal()[0]
	_, err = g.Play(first)
	require.NoError(t, err)
	c := g.Clone()
	_, err = c.Play(c.Legal()[0])
	require.NoError(t, err)
	require.Len(t, g.Moves(), 1, "the original keeps its moves")
	require.Len(t, c.Moves(), 2)
	require.Equal(t, None, g.At(c.Moves()[1]), "nor does it get the clone's donut")
}

// TestLineAndDecisive: the line that rules the next move is drawn through the last plate,
// until it is full; the end shows the winner's five, or each colour's largest group.
func TestLineAndDecisive(t *testing.T) {
	g := mustGame(t, uniform(Falling), Chocolate)
	assert.Nil(t, g.Line(), "the first donut is free")
	_, err := g.Play(P(2, 3))
	require.NoError(t, err)
	assert.Equal(t, []Point{P(0, 1), P(1, 2), P(2, 3), P(3, 4), P(4, 5)}, g.Line())
	assert.Nil(t, g.Decisive(), "the game goes on")

	g = mustGame(t, uniform(Horizontal), Chocolate, withRow(0, "VC.C.V")...)
	_, err = g.Play(P(0, 2))
	require.NoError(t, err)
	assert.Len(t, g.Line(), 6)
	_, err = g.Play(P(0, 4))
	require.NoError(t, err)
	assert.Nil(t, g.Line(), "a full line frees the next donut")

	g = mustGame(t, uniform(Horizontal), Chocolate, withRow(4, ".CCCC.")...)
	_, err = g.Play(P(4, 5))
	require.NoError(t, err)
	assert.Equal(t, []Point{P(4, 1), P(4, 2), P(4, 3), P(4, 4), P(4, 5)}, g.Decisive())
	assert.Nil(t, g.Line())

	g = mustGame(t, uniform(Horizontal), Chocolate, "CCCV.V", ".VVV.C", "CVCVV.", "CVC.CV", "C..VCV", "CVVVCC")
	_, err = g.Play(P(1, 4))
	require.NoError(t, err)
	require.Equal(t, Counts{4, 6}, g.Groups())
	assert.Len(t, g.Decisive(), 10, "chocolate's 4 and vanilla's 6")
}

package donuts

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTileFaces: every face shows each line at least twice, and over the eight faces
// every line is shown equally often.
func TestTileFaces(t *testing.T) {
	total := map[rune]int{}
	for tile, sides := range tileFaces {
		for side, face := range sides {
			count := map[rune]int{}
			for _, row := range face {
				require.Len(t, row, 3)
				for _, ch := range row {
					count[ch]++
					total[ch]++
				}
			}
			for _, ch := range dirChars {
				assert.GreaterOrEqual(t, count[ch], 2, "tile %d side %d, line %c", tile, side, ch)
			}
		}
	}
	for _, ch := range dirChars {
		assert.Equal(t, 18, total[ch], "line %c", ch)
	}
}

func TestLayoutTurns(t *testing.T) {
	// Tile 0 side 0 is -|/ \-| /\- ; a quarter turn clockwise puts the left column on top,
	// read bottom to top, with each line turned.
	b := Layout{{Tile: 0, Side: 0, Turns: 1}, {Tile: 1}, {Tile: 2}, {Tile: 3}}.Board()
	top := b.Rows()[:3]
	assert.Equal(t, []string{`\/|`, `/|-`, `|-\`}, []string{top[0][:3], top[1][:3], top[2][:3]})
	// Four quarter turns are no turn at all, and two keep every line.
	l0 := Layout{{Tile: 2, Side: 1}, {Tile: 0, Side: 1}, {Tile: 3}, {Tile: 1, Side: 1}}
	l4 := l0
	for q := range l4 {
		l4[q].Turns = 4
	}
	assert.Equal(t, l0.Board(), l4.Board())
	l2 := l0
	for q := range l2 {
		l2[q].Turns = 2
	}
	b0, b2 := l0.Board(), l2.Board()
	for r := range 3 {
		for c := range 3 {
			assert.Equal(t, b0[r*Size+c], b2[(2-r)*Size+2-c])
		}
	}
}

func TestNewBoard(t *testing.T) {
	assert.Equal(t, NewBoard(7), NewBoard(7), "a board's number gives the board again")
	seen := map[Board]bool{}
	for seed := range uint64(200) {
		l := NewLayout(seed)
		tiles := map[int]bool{}
		for _, tl := range l {
			tiles[tl.Tile] = true
			assert.Contains(t, []int{0, 1}, tl.Side)
			assert.Contains(t, []int{0, 1, 2, 3}, tl.Turns)
		}
		assert.Len(t, tiles, 4, "each tile once")
		seen[l.Board()] = true
	}
	assert.Greater(t, len(seen), 190, "numbers give different boards")
}

func TestParseBoard(t *testing.T) {
	rows := []string{`-|/\-|`, `/\-|/\`, `|-\/|-`, `\/|-\/`, `-|/\-|`, `/\-|/\`}
	b, err := ParseBoard(rows)
	require.NoError(t, err)
	assert.Equal(t, rows, b.Rows())
	assert.Equal(t, Rising, b.At(P(0, 2)))
	assert.Equal(t, Falling, b.At(P(0, 3)))
	out, err := json.Marshal(b)
	require.NoError(t, err)
	var back Board
	require.NoError(t, json.Unmarshal(out, &back))
	assert.Equal(t, b, back)

	for _, bad := range [][]string{rows[:5], append(rows[:5:5], "------x"), append(rows[:5:5], "--x---")} {
		_, err := ParseBoard(bad)
		assert.Error(t, err, strings.Join(bad, " "))
	}
}

func TestPointJSON(t *testing.T) {
	out, err := json.Marshal([]Point{P(1, 2)})
	require.NoError(t, err)
	assert.Equal(t, `[[1,2]]`, string(out))
	var p Point
	require.NoError(t, json.Unmarshal([]byte(`[4,5]`), &p))
	assert.Equal(t, P(4, 5), p)
	assert.Error(t, json.Unmarshal([]byte(`[4]`), &p))
}

func TestDrawFirst(t *testing.T) {
	n := map[Color]int{}
	for seed := range uint64(1000) {
		c := DrawFirst(seed)
		assert.Equal(t, c, DrawFirst(seed))
		n[c]++
	}
	assert.Len(t, n, 2)
	assert.InDelta(t, 500, n[Chocolate], 60)
}

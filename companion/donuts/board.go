// Package donuts holds the rules of Donuts and its computer players: the board and its
// tiles, the line a donut must be placed on, insertion, winning, and the events a screen
// needs. It holds no language: errors and events are data that the web layer words.
package donuts

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Size is the side of the board; Cells the number of plates.
const (
	Size  = 6
	Cells = Size * Size
)

// Dir is the line a plate shows.
type Dir uint8

// The four lines, with the characters the scenario files use.
const (
	Horizontal Dir = iota // '-'
	Vertical              // '|'
	Rising                // '/': joins (r, c) with (r-1, c+1)
	Falling               // '\': joins (r, c) with (r+1, c+1)
)

// step is the (row, column) step of each direction, one way.
var step = [4][2]int{{0, 1}, {1, 0}, {-1, 1}, {1, 1}}

const dirChars = `-|/\`

// String gives the scenario character of the direction.
func (d Dir) String() string {
	if int(d) < len(dirChars) {
		return dirChars[d : d+1]
	}
	return "?"
}

// Name is a stable word for the direction, for the web layer's catalogs.
func (d Dir) Name() string {
	return [...]string{"horizontal", "vertical", "rising", "falling"}[d&3]
}

// turned is the direction after a quarter turn of its tile.
func (d Dir) turned() Dir { return d ^ 1 }

// Point is a plate: row 0 at the top, column 0 at the left. It is written [row, column]
// in JSON, as in the scenario files.
type Point struct {
	Row, Col int
}

// P is a short way to write a point.
func P(row, col int) Point { return Point{row, col} }

// OnBoard tells whether the point is one of the 36 plates.
func (p Point) OnBoard() bool { return p.Row >= 0 && p.Row < Size && p.Col >= 0 && p.Col < Size }

func (p Point) index() int { return p.Row*Size + p.Col }

func pointOf(i int) Point { return Point{i / Size, i % Size} }

// MarshalJSON writes [row, column].
func (p Point) MarshalJSON() ([]byte, error) { return json.Marshal([2]int{p.Row, p.Col}) }

// UnmarshalJSON reads [row, column].
func (p *Point) UnmarshalJSON(b []byte) error {
	var a []int
	if err := json.Unmarshal(b, &a); err != nil {
		return err
	}
	if len(a) != 2 {
		return fmt.Errorf("donuts: a plate is [row, column], got %d numbers", len(a))
	}
	*p = Point{a[0], a[1]}
	return nil
}

func (p Point) String() string { return fmt.Sprintf("(%d, %d)", p.Row, p.Col) }

// Board is the line shown by each of the 36 plates, row by row. In JSON it is 6 strings
// of the characters - | / \ as in the scenario files.
type Board [Cells]Dir

// At is the line shown by the plate at p, which must be on the board.
func (b *Board) At(p Point) Dir { return b[p.index()] }

// Rows writes the board as 6 strings of - | / \.
func (b Board) Rows() []string {
	rows := make([]string, Size)
	for r := range Size {
		var sb strings.Builder
		for c := range Size {
			sb.WriteString(b[r*Size+c].String())
		}
		rows[r] = sb.String()
	}
	return rows
}

// ParseBoard reads 6 rows of 6 characters - | / \.
func ParseBoard(rows []string) (Board, error) {
	var b Board
	if len(rows) != Size {
		return b, fmt.Errorf("donuts: a board has %d rows, got %d", Size, len(rows))
	}
	for r, row := range rows {
		if len(row) != Size {
			return b, fmt.Errorf("donuts: board row %d has %d plates, want %d", r, len(row), Size)
		}
		for c := range Size {
			i := strings.IndexByte(dirChars, row[c])
			if i < 0 {
				return b, fmt.Errorf("donuts: board row %d: %q is not a line (- | / \\)", r, row[c])
			}
			b[r*Size+c] = Dir(i)
		}
	}
	return b, nil
}

// MarshalJSON writes the board's rows.
func (b Board) MarshalJSON() ([]byte, error) { return json.Marshal(b.Rows()) }

// UnmarshalJSON reads the board's rows.
func (b *Board) UnmarshalJSON(data []byte) error {
	var rows []string
	if err := json.Unmarshal(data, &rows); err != nil {
		return err
	}
	nb, err := ParseBoard(rows)
	if err != nil {
		return err
	}
	*b = nb
	return nil
}

// Tile faces: four double-sided 3 × 3 tiles, eight faces. Every face shows each line at
// least twice, and each line is the one shown three times on two faces, so that all four
// are equally common (18 plates each over the eight faces) and no corner of a board lacks
// one. The physical box's own tiles are not known to us; these are ours.
var tileFaces = [4][2][3]string{
	{{`-|/`, `\-|`, `/\-`}, {`|/-`, `\|/`, `-\|`}},
	{{`/\|`, `-/\`, `|-/`}, {`\-/`, `|\-`, `/|\`}},
	{{`|-\`, `/-|`, `\/-`}, {`-\|`, `/|\`, `\-/`}},
	{{`\/-`, `|//`, `-|\`}, {`/|-`, `-\|`, `\/|`}},
}

// Tile says how one tile lies on a board: which tile, which side up, and how many
// quarter turns clockwise.
type Tile struct {
	Tile  int `json:"tile"`  // 0 to 3
	Side  int `json:"side"`  // 0 or 1
	Turns int `json:"turns"` // 0 to 3
}

// Layout places the four tiles in the board's quarters: top left, top right, bottom left,
// bottom right.
type Layout [4]Tile

// Board lays the tiles out. A quarter turn moves plate (r, c) of a tile to (c, 2-r) and
// turns its line (horizontal becomes vertical, one diagonal the other).
func (l Layout) Board() Board {
	var b Board
	for q, t := range l {
		face := tileFaces[t.Tile&3][t.Side&1]
		var cells [3][3]Dir
		for r := range 3 {
			for c := range 3 {
				cells[r][c] = Dir(strings.IndexByte(dirChars, face[r][c]))
			}
		}
		for range t.Turns & 3 {
			var next [3][3]Dir
			for r := range 3 {
				for c := range 3 {
					next[c][2-r] = cells[r][c].turned()
				}
			}
			cells = next
		}
		r0, c0 := (q/2)*3, (q%2)*3
		for r := range 3 {
			for c := range 3 {
				b[(r0+r)*Size+c0+c] = cells[r][c]
			}
		}
	}
	return b
}

// NewLayout draws a layout from the board's number: the four tiles in random quarters,
// each on a random side and with a random number of quarter turns. The same number always
// gives the same layout, so a board can be played again.
func NewLayout(seed uint64) Layout {
	rng := rand.New(rand.NewPCG(seed, 0x646f6e757473)) // "donuts"
	perm := rng.Perm(4)
	var l Layout
	for q := range l {
		l[q] = Tile{Tile: perm[q], Side: rng.IntN(2), Turns: rng.IntN(4)}
	}
	return l
}

// NewBoard is the board with the given number.
func NewBoard(seed uint64) Board { return NewLayout(seed).Board() }

// DrawFirst draws the first player from a number, for a game whose players let chance
// choose; the same number gives the same player.
func DrawFirst(seed uint64) Color {
	rng := rand.New(rand.NewPCG(seed, 0x6669727374)) // "first"
	return Color(1 + rng.IntN(2))
}

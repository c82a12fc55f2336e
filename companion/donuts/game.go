package donuts

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
)

// Color is a player, and the color of a donut. None is no player: an empty plate, or no
// winner in a draw.
type Color uint8

// The players.
const (
	None Color = iota
	Chocolate
	Vanilla
)

func (c Color) String() string {
	switch c {
	case Chocolate:
		return "chocolate"
	case Vanilla:
		return "vanilla"
	}
	return "none"
}

// Other is the opponent.
func (c Color) Other() Color { return c ^ 3 }

// ParseColor reads "chocolate" or "vanilla".
func ParseColor(s string) (Color, error) {
	switch s {
	case "chocolate":
		return Chocolate, nil
	case "vanilla":
		return Vanilla, nil
	}
	return None, &SetupError{Code: CodeNoPlayer}
}

// MarshalJSON writes "chocolate", "vanilla", or null for None.
func (c Color) MarshalJSON() ([]byte, error) {
	if c == None {
		return []byte("null"), nil
	}
	return json.Marshal(c.String())
}

// UnmarshalJSON reads "chocolate", "vanilla" or null.
func (c *Color) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*c = None
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	nc, err := ParseColor(s)
	*c = nc
	return err
}

func (c Color) index() int8 { return int8(c) - 1 }

func colorOf(i int8) Color { return Color(i + 1) }

// Reason is why a game ended.
type Reason string

// The reasons.
const (
	ReasonFive  Reason = "five"  // five or more in a row
	ReasonGroup Reason = "group" // all donuts placed: the largest orthogonal group decides
)

// Spec is what a game starts from: a board (drawn from its number, or given), the first
// player, and donuts already placed, if any (6 rows of . C V).
type Spec struct {
	// Seed is the board's number when the board was drawn with NewBoard, so it can be
	// shown and played again; nil for a board given plate by plate.
	Seed  *uint64  `json:"seed,omitempty"`
	Board Board    `json:"board"`
	First Color    `json:"first"`
	Setup []string `json:"setup,omitempty"`
}

// Numbered is the spec of a new game on the board with the given number.
func Numbered(seed uint64, first Color) Spec {
	return Spec{Seed: &seed, Board: NewBoard(seed), First: first}
}

// Game is a game of Donuts being played: its spec and the moves so far. Its state is
// what replaying them gives.
type Game struct {
	spec    Spec
	lines   *lines
	start   position
	pos     position
	moves   []Point
	outcome outcome
	reason  Reason
}

// New starts a game. It refuses a first player that is not chocolate or vanilla, and a
// setup that is malformed, holds more than 15 donuts of a color, or already five in a row.
func New(spec Spec) (*Game, error) {
	if spec.First != Chocolate && spec.First != Vanilla {
		return nil, &SetupError{Code: CodeNoPlayer}
	}
	g := &Game{spec: spec, lines: linesOf(&spec.Board)}
	p := position{left: [2]int8{Supply, Supply}, turn: spec.First.index(), last: -1}
	if spec.Setup != nil {
		if len(spec.Setup) != Size {
			return nil, &SetupError{Code: CodeSetupRows, Row: min(len(spec.Setup), Size-1)}
		}
		for r, row := range spec.Setup {
			if len(row) != Size {
				return nil, &SetupError{Code: CodeSetupRows, Row: r}
			}
			for c := range Size {
				switch row[c] {
				case 'C':
					p.donuts[0] |= 1 << (r*Size + c)
				case 'V':
					p.donuts[1] |= 1 << (r*Size + c)
				case '.':
				default:
					return nil, &SetupError{Code: CodeSetupRows, Row: r}
				}
			}
		}
		for i := range int8(2) {
			n := bits.OnesCount64(p.donuts[i])
			if n > Supply {
				return nil, &SetupError{Code: CodeTooMany, Color: colorOf(i), Count: n}
			}
			if hasFive(p.donuts[i]) {
				return nil, &SetupError{Code: CodeSetupFive, Color: colorOf(i)}
			}
			p.left[i] -= int8(n)
		}
		// A player with no donut left passes.
		if p.left[p.turn] == 0 {
			p.turn ^= 1
		}
		if p.left[0] == 0 && p.left[1] == 0 {
			g.outcome, g.reason = groupOutcome(p.donuts), ReasonGroup
		}
	}
	g.start, g.pos = p, p
	return g, nil
}

// Replay starts a game from spec and plays the moves. When a move is refused it returns
// the game as it stood before that move, the move's index and the error; when the spec is
// refused, a nil game, -1 and the error.
func Replay(spec Spec, moves []Point) (*Game, int, error) {
	g, err := New(spec)
	if err != nil {
		return nil, -1, err
	}
	for i, m := range moves {
		if _, err := g.Play(m); err != nil {
			return g, i, err
		}
	}
	return g, len(moves), nil
}

// Clone is a copy of g that plays on apart from it.
func (g *Game) Clone() *Game {
	c := *g
	c.moves = slices.Clone(g.moves)
	return &c
}

// Spec is what the game started from.
func (g *Game) Spec() Spec { return g.spec }

// Board is the game's board.
func (g *Game) Board() Board { return g.spec.Board }

// Moves are the plates played so far, in order.
func (g *Game) Moves() []Point { return append([]Point(nil), g.moves...) }

// At is the color of the donut on plate p, None when empty or off the board.
func (g *Game) At(p Point) Color {
	if !p.OnBoard() {
		return None
	}
	for i := range int8(2) {
		if g.pos.donuts[i]&(1<<p.index()) != 0 {
			return colorOf(i)
		}
	}
	return None
}

// Left is the number of donuts still in c's supply.
func (g *Game) Left(c Color) int { return int(g.pos.left[c.index()]) }

// Finished tells whether the game is over.
func (g *Game) Finished() bool { return g.outcome != going }

// Winner is the winner of a finished game; None for a draw or a game still going.
func (g *Game) Winner() Color {
	switch g.outcome {
	case wonByChocolate:
		return Chocolate
	case wonByVanilla:
		return Vanilla
	}
	return None
}

// Reason is why the game ended; empty while it goes on.
func (g *Game) Reason() Reason { return g.reason }

// Turn is who places the next donut; None once the game is over.
func (g *Game) Turn() Color {
	if g.Finished() {
		return None
	}
	return colorOf(g.pos.turn)
}

// Last is the plate last played, if any.
func (g *Game) Last() (Point, bool) {
	if g.pos.last < 0 {
		return Point{}, false
	}
	return pointOf(int(g.pos.last)), true
}

// Free tells whether the next donut may go on any empty plate (the first move, or the
// line through the last plate is full).
func (g *Game) Free() bool {
	_, free := g.pos.legal(g.lines)
	return free && !g.Finished()
}

// Legal is every plate the next donut may go on, by row then column; none once the game
// is over.
func (g *Game) Legal() []Point {
	if g.Finished() {
		return nil
	}
	m, _ := g.pos.legal(g.lines)
	return points(m)
}

func points(m uint64) []Point {
	ps := make([]Point, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		ps = append(ps, pointOf(bits.TrailingZeros64(m)))
	}
	return ps
}

// Groups are the sizes of each color's largest orthogonally connected group.
func (g *Game) Groups() Counts {
	return Counts{largestGroup(g.pos.donuts[0]), largestGroup(g.pos.donuts[1])}
}

// Counts is a number per color.
type Counts struct {
	Chocolate int `json:"chocolate"`
	Vanilla   int `json:"vanilla"`
}

// Event is what a screen needs to tell after a move.
type Event struct {
	By Color `json:"by"`
	At Point `json:"at"`
	// Flipped are the plates whose donuts turned to By's color (by insertion).
	Flipped  []Point `json:"flipped"`
	Finished bool    `json:"finished"`
	Winner   Color   `json:"winner"`           // when finished; None (null) for a draw
	Reason   Reason  `json:"reason,omitempty"` // when finished
	Groups   *Counts `json:"groups,omitempty"` // when finished by group: the largest groups
	Next     Color   `json:"next,omitempty"`   // while not finished
	Free     bool    `json:"free"`             // while not finished
	Allowed  []Point `json:"allowed,omitempty"`
}

// Play places the next donut, for whoever's turn it is, on plate p. A refused move
// changes nothing and returns a *MoveError.
func (g *Game) Play(p Point) (Event, error) {
	if err := g.check(p); err != nil {
		return Event{}, err
	}
	me := g.pos.turn
	flipped := g.pos.place(p.index())
	g.outcome, g.reason = g.pos.result(me)
	g.moves = append(g.moves, p)
	ev := Event{By: colorOf(me), At: p, Flipped: points(flipped), Finished: g.Finished()}
	if ev.Finished {
		ev.Winner, ev.Reason = g.Winner(), g.reason
		if g.reason == ReasonGroup {
			gr := g.Groups()
			ev.Groups = &gr
		}
	} else {
		ev.Next, ev.Free, ev.Allowed = g.Turn(), g.Free(), g.Legal()
	}
	return ev, nil
}

// PlayAs is Play for a seat that holds color c: it is refused when it is not c's turn.
func (g *Game) PlayAs(c Color, p Point) (Event, error) {
	if !g.Finished() && c != g.Turn() {
		return Event{}, &MoveError{Code: CodeNotYourTurn, At: p, Turn: g.Turn(), Allowed: g.Legal()}
	}
	return g.Play(p)
}

// check says why p may not be played now, or nil.
func (g *Game) check(p Point) *MoveError {
	if g.Finished() {
		return &MoveError{Code: CodeGameOver, At: p}
	}
	legal, _ := g.pos.legal(g.lines)
	if p.OnBoard() && legal&(1<<p.index()) != 0 {
		return nil
	}
	e := &MoveError{At: p, Turn: g.Turn(), Allowed: points(legal)}
	switch {
	case !p.OnBoard():
		e.Code = CodeOffBoard
	case g.At(p) != None:
		e.Code = CodeOccupied
	default:
		last, _ := g.Last()
		e.Code, e.From, e.Line = CodeOffLine, &last, g.spec.Board.At(last)
	}
	return e
}

// Undo takes back the last move, by replaying the others.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	ng, _, err := Replay(g.spec, g.moves[:len(g.moves)-1])
	if err != nil {
		panic(fmt.Sprintf("donuts: undo replay failed: %v", err)) // the moves were legal once
	}
	*g = *ng
	return true
}

// Rows writes the donuts as 6 rows of C, V and '.'.
func (g *Game) Rows() []string {
	rows := make([]string, Size)
	for r := range Size {
		b := make([]byte, Size)
		for c := range Size {
			b[c] = ".CV"[g.At(P(r, c))]
		}
		rows[r] = string(b)
	}
	return rows
}

// State is the whole state of a game as plain data, for a screen or a store.
type State struct {
	Spec
	Moves    []Point  `json:"moves"`
	Donuts   []string `json:"donuts"`
	Left     Counts   `json:"left"`
	Groups   Counts   `json:"groups"`
	Last     *Point   `json:"last,omitempty"`
	Finished bool     `json:"finished"`
	Winner   Color    `json:"winner"`
	Reason   Reason   `json:"reason,omitempty"`
	Next     Color    `json:"next,omitempty"`
	Free     bool     `json:"free"`
	Allowed  []Point  `json:"allowed,omitempty"`
}

// State gathers the game's state.
func (g *Game) State() State {
	s := State{
		Spec: g.spec, Moves: g.Moves(), Donuts: g.Rows(),
		Left:     Counts{g.Left(Chocolate), g.Left(Vanilla)},
		Groups:   g.Groups(),
		Finished: g.Finished(), Winner: g.Winner(), Reason: g.reason,
		Next: g.Turn(), Free: g.Free(), Allowed: g.Legal(),
	}
	if p, ok := g.Last(); ok {
		s.Last = &p
	}
	return s
}

// Line is the line that rules the next move: every plate of the line through the last
// plate along its stroke, the last plate included, by row then column. None when the
// next donut is free (the first move, or that line is full) or the game is over.
func (g *Game) Line() []Point {
	if g.Finished() || g.pos.last < 0 {
		return nil
	}
	if _, free := g.pos.legal(g.lines); free {
		return nil
	}
	return points(g.lines[g.pos.last] | 1<<g.pos.last)
}

// Decisive is what decided a finished game: the winner's five (every five in a row of
// its donuts), or when the groups decided, each color's largest group (the first found
// of equal ones); none while the game goes on.
func (g *Game) Decisive() []Point {
	switch {
	case !g.Finished():
		return nil
	case g.reason == ReasonFive:
		own := g.pos.donuts[g.Winner().index()]
		var m uint64
		for _, f := range fives {
			if own&f == f {
				m |= f
			}
		}
		return points(m)
	}
	return points(largestGroupOf(g.pos.donuts[0]) | largestGroupOf(g.pos.donuts[1]))
}

package donuts

import "math/bits"

// This file is the fast core shared by the game and the computer players: a position is
// two 36-bit boards, and a move is a few table look-ups and bit operations.

// Supply is each player's number of donuts.
const Supply = 15

const allCells = uint64(1)<<Cells - 1

// Tables computed once from the geometry alone.
var (
	// neighbour[i][k] is the plate one step from i in direction k/2, forward when k is
	// even and backward when odd; -1 off the board.
	neighbour [Cells][8]int8
	// lineMask[i][d] is every other plate of the whole line through i along d.
	lineMask [Cells][4]uint64
	// fives are the 32 sets of five plates in a row.
	fives []uint64
)

func init() {
	for i := range Cells {
		p := pointOf(i)
		for d := range 4 {
			for k, sign := range [2]int{1, -1} {
				q := Point{p.Row + sign*step[d][0], p.Col + sign*step[d][1]}
				neighbour[i][2*d+k] = -1
				if q.OnBoard() {
					neighbour[i][2*d+k] = int8(q.index())
				}
				for q.OnBoard() {
					lineMask[i][d] |= 1 << q.index()
					q = Point{q.Row + sign*step[d][0], q.Col + sign*step[d][1]}
				}
			}
			// Five in a row starting here, forward.
			var m uint64
			q := p
			n := 0
			for ; n < 5 && q.OnBoard(); n++ {
				m |= 1 << q.index()
				q = Point{q.Row + step[d][0], q.Col + step[d][1]}
			}
			if n == 5 {
				fives = append(fives, m)
			}
		}
	}
}

// position is the state the rules need: the donuts of each color (index 0 chocolate,
// 1 vanilla), the supplies, who moves, and the plate last played (-1: none, the next
// donut is free).
type position struct {
	donuts [2]uint64
	left   [2]int8
	turn   int8
	last   int8
}

func (p *position) empty() uint64 { return allCells &^ (p.donuts[0] | p.donuts[1]) }

// legal is the set of plates the next donut may go on, and whether it is free.
func (p *position) legal(b *lines) (uint64, bool) {
	empty := p.empty()
	if p.last >= 0 {
		if m := b[p.last] & empty; m != 0 {
			return m, false
		}
	}
	return empty, true
}

// lines holds, for one board, the line each plate's donut sends the next one along.
type lines [Cells]uint64

func linesOf(b *Board) *lines {
	var l lines
	for i, d := range b {
		l[i] = lineMask[i][d]
	}
	return &l
}

// place puts the mover's donut on plate i (which must be empty and allowed) and makes
// every insertion it causes. It returns the plates flipped to the mover's color.
func (p *position) place(i int) uint64 {
	me, op := p.turn, p.turn^1
	own, opp := p.donuts[me]|1<<i, p.donuts[op]
	var flipped uint64
	for d := range 4 {
		fw, bw := 2*d, 2*d+1
		a, z := int8(i), int8(i) // the run of own donuts through i is a..z
		for {
			for n := neighbour[a][bw]; n >= 0 && own&(1<<n) != 0; n = neighbour[a][bw] {
				a = n
			}
			for n := neighbour[z][fw]; n >= 0 && own&(1<<n) != 0; n = neighbour[z][fw] {
				z = n
			}
			na, nz := neighbour[a][bw], neighbour[z][fw]
			if na < 0 || nz < 0 || opp&(1<<na) == 0 || opp&(1<<nz) == 0 {
				break
			}
			f := uint64(1)<<na | uint64(1)<<nz
			own |= f
			opp &^= f
			flipped |= f
			a, z = na, nz
		}
	}
	p.donuts[me], p.donuts[op] = own, opp
	p.left[me]--
	p.last = int8(i)
	// The turn passes, unless the other player has no donut left.
	if p.left[op] > 0 || p.left[me] == 0 {
		p.turn = op
	}
	return flipped
}

// hasFive tells whether the donuts in m hold five in a row.
func hasFive(m uint64) bool {
	for _, f := range fives {
		if m&f == f {
			return true
		}
	}
	return false
}

// largestGroup is the size of the largest orthogonally connected group in m.
func largestGroup(m uint64) int { return bits.OnesCount64(largestGroupOf(m)) }

// largestGroupOf is the largest orthogonally connected group in m (of equal ones, the
// first found from the first plate).
func largestGroupOf(m uint64) uint64 {
	const notLeft = allCells &^ (1 | 1<<6 | 1<<12 | 1<<18 | 1<<24 | 1<<30)
	const notRight = notLeft >> 1
	var best uint64
	for m != 0 {
		g := m & -m
		for {
			grown := g | (g<<1)&notLeft | (g>>1)&notRight | g<<Size | g>>Size
			grown &= m
			if grown == g {
				break
			}
			g = grown
		}
		if bits.OnesCount64(g) > bits.OnesCount64(best) {
			best = g
		}
		m &^= g
	}
	return best
}

// outcome says how a position stands: not over, or won by a color (index), or drawn.
type outcome int8

const (
	going outcome = iota
	wonByChocolate
	wonByVanilla
	drawn
)

// result is the outcome after the mover (index me) has just played: five in a row wins
// at once; when both supplies are empty the largest group decides.
func (p *position) result(me int8) (outcome, Reason) {
	if hasFive(p.donuts[me]) {
		return wonByChocolate + outcome(me), ReasonFive
	}
	if p.left[0] == 0 && p.left[1] == 0 {
		return groupOutcome(p.donuts), ReasonGroup
	}
	return going, ""
}

func groupOutcome(d [2]uint64) outcome {
	c, v := largestGroup(d[0]), largestGroup(d[1])
	switch {
	case c > v:
		return wonByChocolate
	case v > c:
		return wonByVanilla
	}
	return drawn
}

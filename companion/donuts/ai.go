package donuts

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Level is a computer player's strength.
type Level string

// The levels.
const (
	// Easy wins at once when it can, and otherwise places at random.
	Easy Level = "easy"
	// Normal wins at once when it can, and otherwise looks two donuts ahead (its own and
	// the reply) with the evaluation, so it does not hand over a five it could see.
	Normal Level = "normal"
	// Hard searches with alpha-beta and iterative deepening, for a fixed number of nodes.
	Hard Level = "hard"
)

// Levels lists the levels, weakest first.
var Levels = []Level{Easy, Normal, Hard}

// ParseLevel reads a level's name.
func ParseLevel(s string) (Level, error) {
	for _, l := range Levels {
		if string(l) == s {
			return l, nil
		}
	}
	return "", fmt.Errorf("donuts: unknown level %q (easy, normal or hard)", s)
}

// HardNodes is hard's default search budget in nodes. It is counted, not timed, so that
// a choice is the same on every machine; it is set to answer well within 300 ms on one
// core (see BenchmarkHard).
const HardNodes = 200_000

// Player is a computer player. Its choice depends only on the game, the level and the
// seed, so a game against it can be replayed.
type Player struct {
	Level Level  `json:"level"`
	Seed  uint64 `json:"seed"`
	// Nodes is hard's search budget; 0 means HardNodes.
	Nodes int `json:"nodes,omitempty"`
}

// Searches tells whether the player searches ahead at some length: hard, and any level
// it does not know, which plays as hard. Its choice then costs tens of milliseconds (see
// BenchmarkHard); easy and normal choose in well under one.
func (pl Player) Searches() bool { return pl.Level != Easy && pl.Level != Normal }

// Situation is everything a player's choice depends on: the board, the position (donuts,
// supplies, who moves, the last plate), the level as it plays, the seed and the search's
// budget. Choose is a function of it: two games in equal situations, whatever moves led
// there, get the same plate from the same player. It is a comparable value of fixed size
// (80 bytes, no pointers), to key a memo of choices with.
type Situation struct {
	seed  uint64
	pos   position
	nodes int64
	board Board
	level uint8
}

// Situation is the situation pl chooses in on g.
func (pl Player) Situation(g *Game) Situation {
	s := Situation{seed: pl.Seed, pos: g.pos, board: g.spec.Board}
	switch pl.Level {
	case Easy:
		s.level = 1
	case Normal:
		s.level = 2
	default:
		s.level = 3
		s.nodes = int64(pl.nodes())
	}
	return s
}

// nodes is hard's search budget.
func (pl Player) nodes() int {
	if pl.Nodes <= 0 {
		return HardNodes
	}
	return pl.Nodes
}

// Suggest is the choice of the level's player with seed 0: what the scenario files'
// "suggest" gives. It is false when the game is finished.
func Suggest(g *Game, l Level) (Point, bool) {
	return Player{Level: l}.Choose(g)
}

// Choose picks the plate for the next donut; it is false when the game is finished.
//
// Every level first takes a move that wins at once (five in a row, or the last donut
// placed with the larger group), the first such plate by row then column. Otherwise easy
// places at random, normal takes the best plate by a two-donut look-ahead, and hard the
// best by its search; ties are broken at random, from the seed and the position.
func (pl Player) Choose(g *Game) (Point, bool) {
	if g.Finished() {
		return Point{}, false
	}
	p := g.pos
	legal, _ := p.legal(g.lines)
	if w := winningMoves(&p, legal); w != 0 {
		return pointOf(bits.TrailingZeros64(w)), true
	}
	rng := rand.New(rand.NewPCG(pl.Seed, p.hash()))
	moves := shuffled(legal, rng)
	switch pl.Level {
	case Easy:
		return pointOf(int(moves[0])), true
	case Normal:
		s := newSearcher(g.lines, 1<<62)
		m, _ := s.root(&p, moves, 2)
		return pointOf(int(m)), true
	default:
		m, _, _ := newSearcher(g.lines, pl.nodes()).deepen(&p, moves)
		return pointOf(int(m)), true
	}
}

// winningMoves are the plates of legal where the mover wins at once.
func winningMoves(p *position, legal uint64) uint64 {
	var w uint64
	for m := legal; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		c := *p
		c.place(i)
		if out, _ := c.result(p.turn); out == wonByChocolate+outcome(p.turn) {
			w |= 1 << i
		}
	}
	return w
}

func shuffled(m uint64, rng *rand.Rand) []int8 {
	moves := make([]int8, 0, bits.OnesCount64(m))
	for ; m != 0; m &= m - 1 {
		moves = append(moves, int8(bits.TrailingZeros64(m)))
	}
	rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
	return moves
}

// hash mixes the position into 64 bits (for the transposition table and the random
// source); the supplies follow from the rest within one search.
func (p *position) hash() uint64 {
	h := p.donuts[0]*0x9e3779b97f4a7c15 ^ p.donuts[1]*0xc2b2ae3d27d4eb4f ^
		uint64(uint8(p.last))<<40 ^ uint64(p.turn)<<56
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 29
	return h
}

// Scores: a win is worth more than any evaluation, and a sooner win more than a later.
const (
	winScore = 1_000_000
	infinity = 2 * winScore
)

const ttSize = 1 << 16

type ttEntry struct {
	donuts [2]uint64
	last   int8
	turn   int8
	depth  int8
	flag   int8 // exact, lower bound, upper bound
	best   int8
	score  int32
}

const (
	ttExact = iota + 1
	ttLower
	ttUpper
)

// searcher is one alpha-beta search with a node budget.
type searcher struct {
	lines   *lines
	budget  int
	nodes   int
	aborted bool
	tt      []ttEntry
	history [2][Cells]int32
}

func newSearcher(l *lines, budget int) *searcher {
	return &searcher{lines: l, budget: budget, tt: make([]ttEntry, ttSize)}
}

// deepen searches one more donut deep each time until the budget runs out, and returns
// the best move of the deepest finished search, its score and depth.
func (s *searcher) deepen(p *position, moves []int8) (int8, int, int) {
	best, score, depth := moves[0], 0, 0
	maxDepth := int(p.left[0] + p.left[1])
	for d := 1; d <= maxDepth; d++ {
		m, v := s.root(p, moves, d)
		if s.aborted {
			break
		}
		best, score, depth = m, v, d
		// The best move first next time; a proven result needs no deeper search.
		for i, x := range moves {
			if x == m {
				copy(moves[1:i+1], moves[:i])
				moves[0] = m
				break
			}
		}
		if v > winScore/2 || v < -winScore/2 {
			break
		}
	}
	return best, score, depth
}

// root searches every move in order to depth d and returns the first best one.
func (s *searcher) root(p *position, moves []int8, d int) (int8, int) {
	best, bestScore := moves[0], -infinity
	alpha := -infinity
	for _, m := range moves {
		v := s.child(p, int(m), d-1, alpha, infinity, 1)
		if s.aborted {
			return best, bestScore
		}
		if v > bestScore {
			best, bestScore = m, v
		}
		alpha = max(alpha, v)
	}
	return best, bestScore
}

// child plays move i from p and scores it for p's mover.
func (s *searcher) child(p *position, i, depth, alpha, beta, ply int) int {
	c := *p
	c.place(i)
	if out, _ := c.result(p.turn); out != going {
		switch out {
		case drawn:
			return 0
		case wonByChocolate + outcome(p.turn):
			return winScore - ply
		}
		return ply - winScore
	}
	if c.turn == p.turn {
		return s.negamax(&c, depth, alpha, beta, ply)
	}
	return -s.negamax(&c, depth, -beta, -alpha, ply)
}

// negamax scores p for its mover, searching depth donuts ahead.
func (s *searcher) negamax(p *position, depth, alpha, beta, ply int) int {
	s.nodes++
	if s.nodes > s.budget {
		s.aborted = true
		return 0
	}
	if depth <= 0 {
		return s.eval(p)
	}
	h := p.hash()
	e := &s.tt[h&(ttSize-1)]
	ttMove := int8(-1)
	if e.flag != 0 && e.donuts == p.donuts && e.last == p.last && e.turn == p.turn {
		ttMove = e.best
		if int(e.depth) >= depth {
			v := int(e.score)
			switch {
			case e.flag == ttExact,
				e.flag == ttLower && v >= beta,
				e.flag == ttUpper && v <= alpha:
				return v
			}
		}
	}
	legal, _ := p.legal(s.lines)
	var moves [Cells]int8
	n := s.order(p, legal, ttMove, &moves)
	alpha0 := alpha
	best, bestMove := -infinity, moves[0]
	for _, m := range moves[:n] {
		v := s.child(p, int(m), depth-1, alpha, beta, ply+1)
		if s.aborted {
			return 0
		}
		if v > best {
			best, bestMove = v, m
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			s.history[p.turn][m] += int32(depth * depth)
			break
		}
	}
	flag := int8(ttExact)
	switch {
	case best <= alpha0:
		flag = ttUpper
	case best >= beta:
		flag = ttLower
	}
	*e = ttEntry{donuts: p.donuts, last: p.last, turn: p.turn, depth: int8(depth), flag: flag, best: bestMove, score: int32(best)}
	return best
}

// order writes the legal moves, the table's move first and then by history, and returns
// how many there are.
func (s *searcher) order(p *position, legal uint64, first int8, moves *[Cells]int8) int {
	n := 0
	if first >= 0 && legal&(1<<first) != 0 {
		moves[0] = first
		n = 1
		legal &^= 1 << first
	}
	start := n
	h := &s.history[p.turn]
	for ; legal != 0; legal &= legal - 1 {
		m := int8(bits.TrailingZeros64(legal))
		j := n
		for j > start && h[moves[j-1]] < h[m] {
			moves[j] = moves[j-1]
			j--
		}
		moves[j] = m
		n++
	}
	return n
}

// windowWeight scores a row of five holding k donuts of one color and none of the other.
var windowWeight = [6]int{0, 1, 6, 30, 150, 0}

// eval scores a position for its mover, without search: open rows of five, donuts on the
// board, and as the supplies run out, the largest groups.
func (s *searcher) eval(p *position) int {
	c, v := p.donuts[0], p.donuts[1]
	score := 0
	for _, f := range fives {
		a, b := bits.OnesCount64(c&f), bits.OnesCount64(v&f)
		switch {
		case b == 0:
			score += windowWeight[a]
		case a == 0:
			score -= windowWeight[b]
		}
	}
	score += 10 * (bits.OnesCount64(c) - bits.OnesCount64(v))
	if left := int(p.left[0] + p.left[1]); left <= 12 {
		score += (13 - left) * 4 * (largestGroup(c) - largestGroup(v))
	}
	if p.turn == 1 {
		return -score
	}
	return score
}

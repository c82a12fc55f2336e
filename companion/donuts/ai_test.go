package donuts

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// match plays one game between two computer players on the board with the given number
// and returns the winner, and the CPU time each move of the player at level timed took.
func match(t testing.TB, board uint64, first Color, chocolate, vanilla Player, timed Level) (Color, []time.Duration) {
	g, err := New(Numbered(board, first))
	require.NoError(t, err)
	var times []time.Duration
	for !g.Finished() {
		pl := chocolate
		if g.Turn() == Vanilla {
			pl = vanilla
		}
		start := threadCPU()
		p := choose(t, pl, g)
		if pl.Level == timed {
			times = append(times, threadCPU()-start)
		}
		_, err := g.Play(p)
		require.NoError(t, err)
	}
	return g.Winner(), times
}

// series plays n games of a against b, a taking chocolate in even games and vanilla in
// odd ones, on boards 0..n-1, each side starting half the games. It returns a's wins,
// draws, and the times of a's moves.
func series(t testing.TB, n int, a, b Player) (wins, draws int, times []time.Duration) {
	for i := range n {
		aColor := Chocolate
		if i%2 == 1 {
			aColor = Vanilla
		}
		first := Chocolate
		if (i/2)%2 == 1 {
			first = Vanilla
		}
		pa, pb := a, b
		pa.Seed, pb.Seed = uint64(i)*2+1, uint64(i)*2+2
		choc, van := pa, pb
		if aColor == Vanilla {
			choc, van = pb, pa
		}
		w, ts := match(t, uint64(1000+i), first, choc, van, a.Level)
		times = append(times, ts...)
		switch w {
		case aColor:
			wins++
		case None:
			draws++
		}
	}
	return wins, draws, times
}

func choose(t testing.TB, pl Player, g *Game) Point {
	t.Helper()
	p, ok := pl.Choose(g)
	require.True(t, ok)
	return p
}

func TestPlayersChooseLegalPlates(t *testing.T) {
	for _, l := range Levels {
		t.Run(string(l), func(t *testing.T) {
			for game := range 4 {
				g, err := New(Numbered(uint64(game), Color(1+game%2)))
				require.NoError(t, err)
				pl := Player{Level: l, Seed: uint64(game), Nodes: 5000}
				for !g.Finished() {
					p := choose(t, pl, g)
					assert.Contains(t, g.Legal(), p)
					assert.Equal(t, p, choose(t, pl, g), "the same game and seed give the same plate")
					_, err := g.Play(p)
					require.NoError(t, err)
				}
				_, ok := pl.Choose(g)
				assert.False(t, ok, "no choice once the game is over")
			}
		})
	}
}

// TestPlayersTakeTheWin: every level takes a win at once, the first by row then column.
func TestPlayersTakeTheWin(t *testing.T) {
	g := mustGame(t, uniform(Horizontal), Chocolate,
		".CCCC.",
		"......",
		"......",
		"VVVV..",
		"......",
		"......")
	for _, l := range Levels {
		for seed := range uint64(5) {
			assert.Equal(t, P(0, 0), choose(t, Player{Level: l, Seed: seed}, g), l)
		}
	}
}

// TestSearchAvoidsLosing: every plate shows '|', so chocolate's donut sends vanilla along
// its column. Vanilla has four on column 0: chocolate at (5,0) would let vanilla win at
// (4,0); normal and hard never leave vanilla a win at once.
func TestSearchAvoidsLosing(t *testing.T) {
	g := mustGame(t, uniform(Vertical), Chocolate,
		"V.C...",
		"V..C..",
		"V.....",
		"V..C..",
		".C....",
		"......")
	for _, l := range []Level{Normal, Hard} {
		p := choose(t, Player{Level: l, Nodes: 20000}, g)
		c := g.pos
		c.place(p.index())
		legal, _ := c.legal(g.lines)
		assert.Zero(t, winningMoves(&c, legal), "%s chose %v", l, p)
	}
}

func TestEvalIsSymmetric(t *testing.T) {
	s := newSearcher(linesOf(new(NewBoard(5))), 1)
	g, err := New(Numbered(5, Chocolate))
	require.NoError(t, err)
	for range 12 {
		_, err := g.Play(choose(t, Player{Level: Easy, Seed: 3}, g))
		require.NoError(t, err)
	}
	p := g.pos
	q := p
	q.donuts[0], q.donuts[1] = p.donuts[1], p.donuts[0]
	q.left[0], q.left[1] = p.left[1], p.left[0]
	q.turn = p.turn ^ 1
	assert.Equal(t, s.eval(&p), s.eval(&q), "swapping the colors and the mover keeps the score")
	// Four open in a row is worth more than three.
	a := position{donuts: [2]uint64{0b1111, 0}, left: [2]int8{11, 15}, turn: 0}
	b := position{donuts: [2]uint64{0b0111, 0}, left: [2]int8{12, 15}, turn: 0}
	assert.Greater(t, s.eval(&a), s.eval(&b))
}

// TestHardBeatsWeakerQuickly is the everyday version of the strength run: a few games
// with a small budget.
func TestHardBeatsWeakerQuickly(t *testing.T) {
	hard := Player{Level: Hard, Nodes: 20000}
	for _, opp := range []Level{Easy, Normal} {
		wins, _, _ := series(t, 10, hard, Player{Level: opp})
		assert.GreaterOrEqual(t, wins, 7, "hard against %s", opp)
	}
}

// TestStrength is the strength run: TAVOLO_STRENGTH=1 go test -run TestStrength -v
// ./companion/donuts/ (TAVOLO_GAMES sets the games per match, 200 by default).
func TestStrength(t *testing.T) {
	if os.Getenv("TAVOLO_STRENGTH") == "" {
		t.Skip("set TAVOLO_STRENGTH=1 to run the strength run")
	}
	n := 200
	if v, err := strconv.Atoi(os.Getenv("TAVOLO_GAMES")); err == nil {
		n = v
	}
	defer lockThread()()
	hard := Player{Level: Hard}
	for _, tc := range []struct {
		opp  Player
		want float64
	}{
		{Player{Level: Easy}, 0.95},
		{Player{Level: Normal}, 0.70},
	} {
		wins, draws, times := series(t, n, hard, tc.opp)
		slices.Sort(times)
		rate := float64(wins) / float64(n)
		t.Logf("hard against %s: %d wins, %d draws, %d losses in %d games (%.1f%%); hard's moves: %d, CPU time median %v, 99th %v, worst %v",
			tc.opp.Level, wins, draws, n-wins-draws, n, 100*rate, len(times),
			times[len(times)/2], times[len(times)*99/100], times[len(times)-1])
		assert.GreaterOrEqual(t, rate, tc.want, fmt.Sprintf("against %s", tc.opp.Level))
	}
	wins, draws, _ := series(t, n, Player{Level: Normal}, Player{Level: Easy})
	t.Logf("normal against easy: %d wins, %d draws in %d games", wins, draws, n)
}

// transposition finds, by trying every opening of four donuts on board n, two different
// openings that reach one situation: the same donuts, supplies, turn and last plate.
func transposition(t *testing.T, n uint64) (a, b []Point) {
	t.Helper()
	g, err := New(Numbered(n, Chocolate))
	require.NoError(t, err)
	seen := map[Situation][]Point{}
	pl := Player{Level: Hard}
	var walk func(depth int) bool
	walk = func(depth int) bool {
		if depth == 0 {
			s := pl.Situation(g)
			if prev, ok := seen[s]; ok && !slices.Equal(prev, g.Moves()) {
				a, b = prev, g.Moves()
				return true
			}
			seen[s] = g.Moves()
			return false
		}
		for _, p := range g.Legal() {
			_, err := g.Play(p)
			require.NoError(t, err)
			found := walk(depth - 1)
			g.Undo()
			if found {
				return true
			}
		}
		return false
	}
	walk(4)
	return a, b
}

// TestSituationDecidesTheChoice: what a player chooses depends on the situation alone, so
// a memo keyed by it may give back a choice made once: two openings that reach the same
// position by different orders are one situation and get one plate; anything that
// changes the choice (a donut, the board, the seed, the level, hard's budget) changes
// the situation.
func TestSituationDecidesTheChoice(t *testing.T) {
	a, b := transposition(t, 7)
	require.NotNil(t, a, "board 7 has openings of four donuts that transpose")
	spec := Numbered(7, Chocolate)
	ga, _, err := Replay(spec, a)
	require.NoError(t, err)
	gb, _, err := Replay(spec, b)
	require.NoError(t, err)
	for _, pl := range []Player{{Level: Easy, Seed: 3}, {Level: Normal, Seed: 3}, {Level: Hard, Seed: 3, Nodes: 20_000}} {
		require.Equal(t, pl.Situation(ga), pl.Situation(gb), "%v and %v", a, b)
		assert.Equal(t, choose(t, pl, ga), choose(t, pl, gb), "%s after %v and %v", pl.Level, a, b)
	}

	hard := Player{Level: Hard, Seed: 3}
	s := hard.Situation(ga)
	other := ga.Clone()
	_, err = other.Play(other.Legal()[0])
	require.NoError(t, err)
	gOtherBoard, _, err := Replay(Numbered(8, Chocolate), nil)
	require.NoError(t, err)
	for name, diff := range map[string]Situation{
		"a donut more":   hard.Situation(other),
		"another board":  hard.Situation(gOtherBoard),
		"another seed":   Player{Level: Hard, Seed: 4}.Situation(ga),
		"another level":  Player{Level: Normal, Seed: 3}.Situation(ga),
		"another budget": Player{Level: Hard, Seed: 3, Nodes: 1000}.Situation(ga),
	} {
		assert.NotEqual(t, s, diff, name)
	}
	// Hard's default budget is its budget named; an unknown level plays as hard; easy and
	// normal have no budget to tell apart.
	assert.Equal(t, s, Player{Level: Hard, Seed: 3, Nodes: HardNodes}.Situation(ga))
	assert.Equal(t, s, Player{Level: "expert", Seed: 3}.Situation(ga))
	assert.True(t, Player{Level: "expert"}.Searches())
	assert.Equal(t, Player{Level: Normal, Seed: 3}.Situation(ga), Player{Level: Normal, Seed: 3, Nodes: 5}.Situation(ga))
	assert.False(t, Player{Level: Normal}.Searches())
	assert.False(t, Player{Level: Easy}.Searches())
	// A memo's entry is of fixed size and holds no pointer: its memory is its count.
	assert.Equal(t, uintptr(80), unsafe.Sizeof(s))
}

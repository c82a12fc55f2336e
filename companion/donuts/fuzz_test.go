package donuts

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// refPlace is the insertion rule written plainly, plate by plate, to check the bit
// version against: on each line through the new donut, while the plates just beyond the
// mover's run hold opponent donuts, they flip.
func refPlace(grid *[Size][Size]Color, p Point, mover Color) {
	grid[p.Row][p.Col] = mover
	at := func(r, c int) Color {
		if r < 0 || r >= Size || c < 0 || c >= Size {
			return None
		}
		return grid[r][c]
	}
	for _, s := range step {
		lo, hi := 0, 0 // the run is p + k*s for k in lo..hi
		for {
			for at(p.Row+(lo-1)*s[0], p.Col+(lo-1)*s[1]) == mover {
				lo--
			}
			for at(p.Row+(hi+1)*s[0], p.Col+(hi+1)*s[1]) == mover {
				hi++
			}
			if at(p.Row+(lo-1)*s[0], p.Col+(lo-1)*s[1]) != mover.Other() ||
				at(p.Row+(hi+1)*s[0], p.Col+(hi+1)*s[1]) != mover.Other() {
				break
			}
			lo--
			hi++
			grid[p.Row+lo*s[0]][p.Col+lo*s[1]] = mover
			grid[p.Row+hi*s[0]][p.Col+hi*s[1]] = mover
		}
	}
}

// FuzzPlay plays any sequence of plates on any board: nothing panics, a refused move
// changes nothing, no color places more than 15, and the board agrees with the plain rule.
func FuzzPlay(f *testing.F) {
	f.Add(uint64(0), true, []byte{0x11, 0x12, 0x13, 0x14, 0x15, 0x16})
	f.Add(uint64(1), false, []byte("donuts are round and sweet, plates are square"))
	f.Add(uint64(99), true, []byte{0x00, 0x77, 0x35, 0x35, 0x36, 0x46, 0x56, 0x66, 0x26, 0x16})
	f.Add(uint64(12345), false, []byte{
		0x44, 0x33, 0x22, 0x11, 0x55, 0x66, 0x16, 0x61, 0x25, 0x52, 0x34, 0x43, 0x12, 0x21, 0x56, 0x65,
		0x13, 0x31, 0x24, 0x42, 0x35, 0x53, 0x46, 0x64, 0x14, 0x41, 0x26, 0x62, 0x15, 0x51, 0x36, 0x63,
		0x23, 0x32, 0x45, 0x54, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x12, 0x34, 0x56, 0x21, 0x43, 0x65})
	for seed := range uint64(8) {
		moves := make([]byte, 80)
		for i := range moves {
			moves[i] = byte(seed*31 + uint64(i)*17)
		}
		f.Add(seed, seed%2 == 0, moves)
	}
	f.Fuzz(func(t *testing.T, seed uint64, chocolateFirst bool, moves []byte) {
		first := Vanilla
		if chocolateFirst {
			first = Chocolate
		}
		g, err := New(Numbered(seed, first))
		require.NoError(t, err)
		var grid [Size][Size]Color
		played := 0
		var placed [3]int // by color
		for _, b := range moves {
			// Rows and columns -1 to 6, so some plates are off the board.
			p := P(int(b>>4)%8-1, int(b&15)%8-1)
			before := g.State()
			mover := g.Turn()
			ev, err := g.Play(p)
			if err != nil {
				require.IsType(t, &MoveError{}, err)
				require.Equal(t, before, g.State(), "refused %v changed the game", p)
				continue
			}
			played++
			require.Equal(t, mover, ev.By)
			placed[mover]++
			require.LessOrEqual(t, placed[mover], Supply, "%s placed more than 15", mover)
			refPlace(&grid, p, mover)
			for r := range Size {
				for c := range Size {
					require.Equal(t, grid[r][c], g.At(P(r, c)), "plate (%d, %d) after %d moves", r, c, played)
				}
			}
			on := 0
			for _, row := range g.Rows() {
				for _, ch := range row {
					if ch != '.' {
						on++
					}
				}
			}
			require.GreaterOrEqual(t, g.Left(Chocolate), 0)
			require.GreaterOrEqual(t, g.Left(Vanilla), 0)
			require.Equal(t, 2*Supply-on, g.Left(Chocolate)+g.Left(Vanilla))
			require.Equal(t, played, len(g.Moves()))
			if g.Finished() {
				require.Nil(t, g.Legal())
			} else {
				for _, q := range g.Legal() {
					require.Equal(t, None, g.At(q))
				}
			}
		}
	})
}

// refFive tells whether color c has five in a row, looked for plate by plate.
func refFive(grid *[Size][Size]Color, c Color) bool {
	for r := range Size {
		for col := range Size {
			for _, s := range step {
				n := 0
				for n < 5 {
					rr, cc := r+n*s[0], col+n*s[1]
					if rr < 0 || rr >= Size || cc < 0 || cc >= Size || grid[rr][cc] != c {
						break
					}
					n++
				}
				if n == 5 {
					return true
				}
			}
		}
	}
	return false
}

// TestRandomGamesAgreeWithPlainRule plays random legal games and checks each board and
// each five against the rules written plainly.
func TestRandomGamesAgreeWithPlainRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for game := range 500 {
		g, err := New(Numbered(uint64(game), Color(1+game%2)))
		require.NoError(t, err)
		var grid [Size][Size]Color
		for !g.Finished() {
			legal := g.Legal()
			p := legal[rng.IntN(len(legal))]
			mover := g.Turn()
			_, err := g.Play(p)
			require.NoError(t, err)
			refPlace(&grid, p, mover)
			if want := gridRows(&grid); !slices.Equal(want, g.Rows()) {
				require.Equal(t, want, g.Rows(), "game %d", game)
			}
			five := refFive(&grid, mover)
			require.Equal(t, five, g.Reason() == ReasonFive, "game %d", game)
			require.False(t, refFive(&grid, mover.Other()))
		}
		if g.Reason() == ReasonGroup {
			require.Zero(t, g.Left(Chocolate)+g.Left(Vanilla))
		}
	}
}

func gridRows(grid *[Size][Size]Color) []string {
	rows := make([]string, Size)
	for r := range Size {
		b := make([]byte, Size)
		for c := range Size {
			b[c] = ".CV"[grid[r][c]]
		}
		rows[r] = string(b)
	}
	return rows
}

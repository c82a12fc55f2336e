package donuts

import (
	"math/bits"
	"os"
	"slices"
	"testing"
	"time"
)

// BenchmarkMove measures one move of the rules core: the legal plates, placing a donut
// with its insertions, and the check for five or the end. Games are played out with a
// cheap pseudo-random choice and started again when over.
func BenchmarkMove(b *testing.B) {
	l := linesOf(new(NewBoard(3)))
	start := position{left: [2]int8{Supply, Supply}, last: -1}
	p := start
	x := uint64(88172645463325252)
	b.ReportAllocs()
	for b.Loop() {
		legal, _ := p.legal(l)
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		// The k-th legal plate, k drawn from x.
		k := int(x % uint64(bits.OnesCount64(legal)))
		for range k {
			legal &= legal - 1
		}
		me := p.turn
		p.place(bits.TrailingZeros64(legal))
		if out, _ := p.result(me); out != going {
			p = start
		}
	}
}

// BenchmarkPlay is the same through the public API, which also builds the event (the
// flipped plates, the next allowed plates) for a screen.
func BenchmarkPlay(b *testing.B) {
	g, _ := New(Numbered(3, Chocolate))
	x := uint64(88172645463325252)
	b.ReportAllocs()
	for b.Loop() {
		legal := g.Legal()
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		if _, err := g.Play(legal[x%uint64(len(legal))]); err != nil {
			b.Fatal(err)
		}
		if g.Finished() {
			g, _ = New(Numbered(x, Chocolate))
		}
	}
}

// hardPositions are positions from games between normal players, at every stage.
func hardPositions(b testing.TB) []*Game {
	var gs []*Game
	for game := range 6 {
		g, err := New(Numbered(uint64(500+game), Color(1+game%2)))
		if err != nil {
			b.Fatal(err)
		}
		for !g.Finished() {
			cp := *g
			cp.moves = g.Moves()
			gs = append(gs, &cp)
			if _, err := g.Play(choose(b, Player{Level: Normal, Seed: uint64(game)}, g)); err != nil {
				b.Fatal(err)
			}
		}
	}
	return gs
}

// BenchmarkHard is one choice of hard with its default budget, over positions from every
// stage of a game; ns/op is the mean time of a choice.
func BenchmarkHard(b *testing.B) {
	gs := hardPositions(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		Player{Level: Hard}.Choose(gs[i%len(gs)])
		i++
	}
}

// TestHardTimes reports hard's time per choice over positions from every stage, as CPU
// time of its thread and as wall time: TAVOLO_STRENGTH=1 go test -run TestHardTimes -v.
func TestHardTimes(t *testing.T) {
	if os.Getenv("TAVOLO_STRENGTH") == "" {
		t.Skip("set TAVOLO_STRENGTH=1 to time hard")
	}
	defer lockThread()()
	gs := hardPositions(t)
	var cpu, wall []time.Duration
	for _, g := range gs {
		c0, w0 := threadCPU(), time.Now()
		Player{Level: Hard}.Choose(g)
		cpu = append(cpu, threadCPU()-c0)
		wall = append(wall, time.Since(w0))
	}
	slices.Sort(cpu)
	slices.Sort(wall)
	n := len(gs)
	t.Logf("hard over %d positions: CPU median %v, worst %v; wall median %v, worst %v",
		n, cpu[n/2], cpu[n-1], wall[n/2], wall[n-1])
}

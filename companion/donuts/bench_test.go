package donuts

import (
	"math/bits"
	"testing"
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

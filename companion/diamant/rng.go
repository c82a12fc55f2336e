package diamant

import "math/bits"

// rng is splitmix64: tiny and fast, and a draw's number comes from the seed and the step
// alone, so a State stays a plain comparable value and the same seed gives the same game.
type rng uint64

func (r *rng) next() uint64 {
	*r += 0x9e3779b97f4a7c15
	z := uint64(*r)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// below gives a number in [0, n) for n > 0 (Lemire's multiply-shift; the tiny bias for
// n ≤ 40 is far below anything a table could notice).
func (r *rng) below(n int) int {
	hi, _ := bits.Mul64(r.next(), uint64(n))
	return int(hi)
}

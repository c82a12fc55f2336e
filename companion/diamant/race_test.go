//go:build race

package diamant

// raceEnabled: the race detector slows the tournament's games about tenfold.
const raceEnabled = true

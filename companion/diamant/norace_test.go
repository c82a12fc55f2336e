//go:build !race

package diamant

const raceEnabled = false

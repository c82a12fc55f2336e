//go:build unix

package main

import "testing"

// Go runs on one core while the server uses little of one, on all once it needs more than
// most of one, and stays where it is in between (no back and forth on the edge).
func TestCoresFor(t *testing.T) {
	for _, c := range []struct {
		procs int
		used  float64
		want  int
	}{
		{4, 0.1, 1}, {4, 0.49, 1}, {4, 0.6, 4}, {4, 2.5, 4},
		{1, 0.1, 1}, {1, 0.5, 1}, {1, 0.79, 1}, {1, 0.85, 4}, {1, 1.0, 4},
	} {
		if got := coresFor(c.procs, 4, c.used); got != c.want {
			t.Errorf("at %d using %.2f cores: %d, want %d", c.procs, c.used, got, c.want)
		}
	}
}

package donuts

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A plate as a person or a form names it.
func TestParsePlate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Point
		ok   bool
	}{
		{"3,4", P(2, 3), true},
		{"3 4", P(2, 3), true},
		{" 3 ,  4 ", P(2, 3), true},
		{"34", Point{}, false},
		{"d3", P(2, 3), true},
		{"D3", P(2, 3), true},
		{"3d", P(2, 3), true},
		{"a1", P(0, 0), true},
		{"f6", P(5, 5), true},
		{"g1", P(0, 6), true}, // off the board, for the engine to say so
		{"7,2", P(6, 1), true},
		{"0 0", P(-1, -1), true},
		{"", Point{}, false},
		{"x", Point{}, false},
		{"dd3", Point{}, false},
		{"1,2,3", Point{}, false},
		{"€3", Point{}, false},
		{"999999 1", Point{}, false},
	} {
		got, ok := ParsePlate(tc.in)
		require.Equal(t, tc.ok, ok, "%q", tc.in)
		if ok {
			require.Equal(t, tc.want, got, "%q", tc.in)
		}
	}
}

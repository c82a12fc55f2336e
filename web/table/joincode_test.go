package table

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestJoinCodes(t *testing.T) {
	require.GreaterOrEqual(t, float64(joinLength)*math.Log2(float64(len(joinAlphabet))), 30.0, "at least 30 bits")
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		c := NewJoinCode()
		require.Len(t, c, joinLength)
		got, ok := NormalizeJoinCode(c)
		require.True(t, ok)
		require.Equal(t, c, got)
		seen[c] = true
	}
	require.Greater(t, len(seen), 990)
	for _, ch := range "ILOU" {
		require.NotContains(t, joinAlphabet, string(ch))
	}

	for typed, want := range map[string]string{
		"k7m3p9":        "K7M3P9",
		"K7M 3P9":       "K7M3P9",
		"k-7-m-3-p-9":   "K7M3P9",
		"O1L2IA":        "01121A",
		" a b c d e f ": "ABCDEF",
	} {
		got, ok := NormalizeJoinCode(typed)
		require.True(t, ok, typed)
		require.Equal(t, want, got, typed)
	}
	for _, bad := range []string{"", "K7M3P", "K7M3P9X", "K7M3P!", "ÜÜÜÜÜÜ", strings.Repeat("A", 100), "<b>AAA"} {
		_, ok := NormalizeJoinCode(bad)
		require.False(t, ok, bad)
	}
	require.Equal(t, "K 7 M 3 P 9", SpacedCode("K7M3P9"))
}

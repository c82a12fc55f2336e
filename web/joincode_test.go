package web

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
		c := newJoinCode()
		require.Len(t, c, joinLength)
		got, ok := normalizeJoinCode(c)
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
		got, ok := normalizeJoinCode(typed)
		require.True(t, ok, typed)
		require.Equal(t, want, got, typed)
	}
	for _, bad := range []string{"", "K7M3P", "K7M3P9X", "K7M3P!", "ÜÜÜÜÜÜ", strings.Repeat("A", 100), "<b>AAA"} {
		_, ok := normalizeJoinCode(bad)
		require.False(t, ok, bad)
	}
	require.Equal(t, "K 7 M 3 P 9", spacedCode("K7M3P9"))
}

func TestQRSVG(t *testing.T) {
	svg, err := qrSVG("http://127.0.0.1:8080/join/K7M3P9", `QR "code" <of> the link`)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(svg, "<svg"))
	require.Contains(t, svg, `role="img"`)
	require.Contains(t, svg, `aria-label="QR &quot;code&quot; &lt;of&gt; the link"`)
	require.Contains(t, svg, `h1v1h-1z`)
}

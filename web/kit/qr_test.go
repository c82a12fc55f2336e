package kit

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestQRSVG(t *testing.T) {
	svg, err := QRSVG("http://127.0.0.1:8080/join/K7M3P9", `QR "code" <of> the link`)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(svg, "<svg"))
	require.Contains(t, svg, `role="img"`)
	require.Contains(t, svg, `aria-label="QR &quot;code&quot; &lt;of&gt; the link"`)
	require.Contains(t, svg, `h1v1h-1z`)
}

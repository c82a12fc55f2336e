package kit

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLoopbackHost(t *testing.T) {
	for _, h := range []string{"127.0.0.1:8080", "127.0.0.2", "localhost", "LOCALHOST:80", "tavolo.localhost:8080", "[::1]:8080", "::1", "[::ffff:127.0.0.1]:80", "localhost."} {
		require.True(t, LoopbackHost(h), h)
	}
	for _, h := range []string{"192.168.1.20:8080", "[fd00::2]:8080", "tavolo.example.org", "localhost.example.org", "tavolo.test:8080", ""} {
		require.False(t, LoopbackHost(h), h)
	}
}

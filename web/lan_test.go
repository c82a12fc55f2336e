package web

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNetworkAddrs(t *testing.T) {
	ifaces := func() ([]netip.Addr, error) {
		var out []netip.Addr
		for _, s := range []string{"fd00::2", "192.168.1.20", "fe80::1", "169.254.3.4", "10.0.0.5", "::ffff:172.16.0.9"} {
			out = append(out, netip.MustParseAddr(s))
		}
		return out, nil
	}
	require.Equal(t, []string{"192.168.1.20:8080", "10.0.0.5:8080", "172.16.0.9:8080", "[fd00::2]:8080"},
		NetworkAddrs(":8080", 8080, ifaces), "every interface: IPv4 first, link-local left out")
	require.Equal(t, []string{"192.168.1.20:9000", "10.0.0.5:9000", "172.16.0.9:9000", "[fd00::2]:9000"},
		NetworkAddrs("[::]:0", 9000, ifaces), "the port listened at")
	require.Equal(t, []string{"192.168.1.20:8080", "10.0.0.5:8080", "172.16.0.9:8080"},
		NetworkAddrs("0.0.0.0:8080", 8080, ifaces), "0.0.0.0: IPv4 only")
	for _, one := range []string{"127.0.0.1:8080", "192.168.1.20:8080", "localhost:8080", "[::1]:8080", "nonsense"} {
		require.Empty(t, NetworkAddrs(one, 8080, ifaces), one)
	}
}

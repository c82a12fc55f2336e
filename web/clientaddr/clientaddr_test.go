package clientaddr

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// IPv4 as it is, IPv6 by its /64.
func TestKey(t *testing.T) {
	require.Equal(t, "192.0.2.7", Key("192.0.2.7"))
	require.Equal(t, "192.0.2.7", Key("::ffff:192.0.2.7"))
	require.Equal(t, "2001:db8:1:2::/64", Key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"))
	require.Equal(t, Key("2001:db8:1:2::1"), Key("2001:db8:1:2:ffff::9"))
	require.NotEqual(t, Key("2001:db8:1:2::1"), Key("2001:db8:1:3::1"))
	require.Equal(t, "fe80::/64", Key("fe80::1%eth0"))
	require.Equal(t, "::/64", Key("::1"))
	require.Equal(t, "not-an-ip", Key("not-an-ip"))
}

package web

import (
	"net"
	"net/netip"
	"slices"
	"strconv"
)

// NetworkAddrs are the addresses (host:port) at which the other devices of the local
// network reach a server that listens at listen (as Config.Addr gives it) on port: none
// unless it listens on every interface ("0.0.0.0:8080", "[::]:8080", ":8080"); then each
// address of this computer's interfaces that are up, loopback and link-local left out,
// IPv4 first (IPv4 only for "0.0.0.0"). ifaces lists them (nil: the computer's own).
func NetworkAddrs(listen string, port int, ifaces func() ([]netip.Addr, error)) []string {
	host, _, err := net.SplitHostPort(listen)
	if err != nil {
		return nil
	}
	var v4only bool
	switch host {
	case "", "::":
	case "0.0.0.0":
		v4only = true
	default:
		return nil
	}
	if ifaces == nil {
		ifaces = interfaceAddrs
	}
	addrs, err := ifaces()
	if err != nil {
		return nil
	}
	var v4, v6 []string
	for _, a := range addrs {
		a = a.Unmap()
		if !a.IsValid() || a.IsLoopback() || a.IsLinkLocalUnicast() || a.IsUnspecified() || a.IsMulticast() {
			continue
		}
		hp := netip.AddrPortFrom(a, uint16(port)).String()
		switch {
		case a.Is4():
			v4 = append(v4, hp)
		case !v4only:
			v6 = append(v6, hp)
		}
	}
	return slices.Compact(append(v4, v6...))
}

// interfaceAddrs are the addresses of this computer's interfaces that are up and not
// loopback.
func interfaceAddrs() ([]netip.Addr, error) {
	ifs, err := net.Interfaces()
	if err != nil {
		return nil, err
	}
	var out []netip.Addr
	for _, i := range ifs {
		if i.Flags&net.FlagUp == 0 || i.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := i.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok {
				if ip, ok := netip.AddrFromSlice(n.IP); ok {
					out = append(out, ip.Unmap())
				}
			}
		}
	}
	return out, nil
}

// PortOf is the port of a listener's address (0 when it has none).
func PortOf(a net.Addr) int {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.Port
	}
	_, p, _ := net.SplitHostPort(a.String())
	n, _ := strconv.Atoi(p)
	return n
}

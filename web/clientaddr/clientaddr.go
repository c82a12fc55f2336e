// Package clientaddr says what a client's address counts as for the limits per client:
// one function, so that every limit counts a client the same way.
package clientaddr

import "net/netip"

// Key is what a client's address counts as: an IPv4 address as it is (an IPv4-mapped
// IPv6 address as its IPv4 address), an IPv6 address by its /64, the smallest network
// one home or one phone's connection is given, so that a client cannot pass for many by
// taking a new address of its own /64 for each request. Anything else (not an address)
// is its own key.
func Key(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return addr
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, _ := ip.Prefix(64) // drops a zone
	return p.String()
}

package kit

import (
	"net"
	"net/netip"
	"strings"

	"github.com/labstack/echo/v4"
)

// JoinReach is the link other phones open to join a table, as the page that shows it
// was opened, and whether it reaches them.
type JoinReach struct {
	// Link: the join link, on the host the page was opened at; on the computer's network
	// address instead when the page was opened at a loopback one (Local) and the server
	// knows one (Network).
	Link string
	// Local: the page was opened at this computer's own address (localhost, 127.0.0.1,
	// ::1), which no other phone reaches.
	Local bool
	// Network: when Local, the computer's address on the local network that Link uses
	// instead (host:port); empty when the server listens only on this computer.
	Network string
}

// JoinLink is the link to path (such as "/join/CODE") that the other phones at the table
// open, for the page of request c.
func (k *Kit) JoinLink(c echo.Context, path string) JoinReach {
	host := c.Request().Host
	r := JoinReach{Link: c.Scheme() + "://" + host + path}
	if !LoopbackHost(host) {
		return r
	}
	r.Local = true
	if len(k.NetworkAddrs) > 0 {
		r.Network = k.NetworkAddrs[0]
		r.Link = c.Scheme() + "://" + r.Network + path
	}
	return r
}

// LoopbackHost tells whether a request's Host (with or without its port) names this
// computer only: localhost (or a name under .localhost) or a loopback address.
func LoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.Unmap().IsLoopback()
}

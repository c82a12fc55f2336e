package main

import (
	"fmt"
	"io"
	"net"
	"net/netip"
	"strconv"
	"strings"

	qrcode "github.com/skip2/go-qrcode"

	"tavolo/web"
)

// maxQRs: the network addresses the banner draws a QR code for; any more are listed.
const maxQRs = 3

// listening says, once the server listens, where to open it: for a newcomer who just
// typed make run, on standard output, apart from the log. listen is the address as
// configured (--addr), at is the one listened at, network the addresses of this computer
// on the local network when it listens on every interface (web.NetworkAddrs), domain the
// name of --tls-domain.
func listening(w io.Writer, listen string, at net.Addr, network []string, scheme, domain string) {
	port := web.PortOf(at)
	host, _, _ := net.SplitHostPort(listen)
	var b strings.Builder
	b.WriteString("\n")
	switch {
	case domain != "":
		fmt.Fprintf(&b, "  Tavolo is ready at:\n\n      %s\n\n", urlOf(scheme, domain, port))
	case everyInterface(host) && len(network) > 0:
		b.WriteString("  Tavolo is ready on this computer's network. On the host's phone, on the same\n" +
			"  Wi-Fi, open this address (or scan the QR code):\n\n")
		for i, a := range network {
			u := scheme + "://" + a
			fmt.Fprintf(&b, "      %s\n\n", u)
			if i < maxQRs {
				if q, err := qrcode.New(u, qrcode.Low); err == nil {
					b.WriteString(indent(q.ToSmallString(false), "    "))
					b.WriteString("\n")
				}
			}
			if i == 0 && len(network) > 1 {
				b.WriteString("  or, if the phone cannot open that one:\n\n")
			}
		}
		fmt.Fprintf(&b, "  On this computer: %s\n", urlOf(scheme, "127.0.0.1", port))
		b.WriteString("  The other players then scan the QR code on the table's page.\n")
		if scheme == "http" {
			b.WriteString("  Installing the app and playing offline need HTTPS (see docs/OPERATING.md).\n")
		}
		b.WriteString("\n")
	case everyInterface(host):
		fmt.Fprintf(&b, "  Tavolo is ready at:\n\n      %s\n\n", urlOf(scheme, "127.0.0.1", port))
		b.WriteString("  It listens on every interface, but this computer has no address on a network:\n" +
			"  is it connected to the Wi-Fi?\n\n")
	default:
		fmt.Fprintf(&b, "  Tavolo is ready. Open this address in a browser on this computer:\n\n      %s\n\n",
			urlOf(scheme, host, port))
		if isLoopback(host) {
			b.WriteString("  Only this computer can reach it. To play with a phone each on your home Wi-Fi,\n" +
				"  stop it (Ctrl+C) and start it with: make run-lan\n\n")
		}
	}
	b.WriteString("  Stop it with Ctrl+C.\n\n")
	io.WriteString(w, b.String())
}

// everyInterface tells a listening host that means every interface.
func everyInterface(host string) bool { return host == "" || host == "0.0.0.0" || host == "::" }

// isLoopback tells a host that only this computer reaches.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

// urlOf is the address to open: the port left out when it is the scheme's own.
func urlOf(scheme, host string, port int) string {
	if (scheme == "https" && port == 443) || (scheme == "http" && port == 80) {
		if strings.Contains(host, ":") {
			return scheme + "://[" + host + "]"
		}
		return scheme + "://" + host
	}
	return scheme + "://" + net.JoinHostPort(host, strconv.Itoa(port))
}

func indent(s, by string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = by + l
	}
	return strings.Join(lines, "\n") + "\n"
}

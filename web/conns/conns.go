// Package conns caps a server's connections below the process's open-files limit, so
// that streams held open can never take the files an ordinary request, the database or
// the logs need.
package conns

import (
	"net"
	"net/http"
	"sync/atomic"

	"golang.org/x/net/netutil"
)

// Headroom: the files the process keeps besides its connections (the database, the
// session key, the logs, the listener).
const Headroom = 64

// Caps works out the caps on connections and streams: maxConns if set, otherwise the
// open-files limit less the headroom; streams may take half of them. 0: no cap.
func Caps(maxConns int) (conns, streams int) {
	conns = maxConns
	if conns == 0 {
		if n := FileLimit(); n > 0 {
			conns = max(n-Headroom, 16)
		}
	}
	if conns <= 0 {
		return 0, 0
	}
	return conns, max(conns/2, 1)
}

// Limit caps ln at limit connections (0: none), and watches srv's connections: near the
// cap (15/16 of it), keep-alive is turned off, which also closes the idle connections, so
// that a new request always finds a place; it is turned back on below 7/8 of the cap.
func Limit(srv *http.Server, ln net.Listener, limit int) net.Listener {
	if limit <= 0 {
		return ln
	}
	high, low := limit-max(limit/16, 1), limit-max(limit/8, 2)
	var open atomic.Int64
	var saving atomic.Bool
	hook := srv.ConnState
	srv.ConnState = func(c net.Conn, state http.ConnState) {
		if hook != nil {
			hook(c, state)
		}
		var n int64
		switch state {
		case http.StateNew:
			n = open.Add(1)
		case http.StateClosed, http.StateHijacked:
			n = open.Add(-1)
		default:
			return
		}
		if n >= int64(high) && saving.CompareAndSwap(false, true) {
			// Off the hook's goroutine: closing the idle connections takes the server's lock.
			go srv.SetKeepAlivesEnabled(false)
		} else if n < int64(low) && saving.CompareAndSwap(true, false) {
			srv.SetKeepAlivesEnabled(true)
		}
	}
	return netutil.LimitListener(ln, limit)
}

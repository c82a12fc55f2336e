package web

import (
	"net"
	"net/http"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/net/netutil"
)

// Limits on live streams and connections: without them one device could open streams
// until the process ran out of files, and then nobody else could connect.
//
//   - Streams (web/live's Limits): 4 per device, a few tabs (a new one replaces the oldest,
//     whose page gets a "replaced" event and stops); 128 per client address, room for a
//     games club on one network (20 tables of 6 phones), beyond it a 429 with Retry-After.
//   - Connections (default: the open-files limit, read at start, less 64 for the database,
//     the session key, the logs and the listener): the listener accepts no more, and once
//     the connections near it, keep-alive is turned off and idle connections are closed, so
//     that there is always room for a new request. Streams together may take half the
//     connections: each phone also needs one for its actions, and /healthz must answer.

const (
	defaultStreamsPerDevice  = 4
	defaultStreamsPerAddress = 128
	// fileHeadroom: the files the process keeps besides its connections.
	fileHeadroom = 64
	// streamRetryAfter: when a refused stream should try again.
	streamRetryAfter = 15 * time.Second
	// defaultStreamWriteTimeout: how long one write to a live stream may block (a client
	// that reads nothing) before the stream ends and gives its place back.
	defaultStreamWriteTimeout = 10 * time.Second
)

// fileLimit is the process's limit of open files (Go raises the soft limit to the hard
// one at start on Linux); 0 if unknown.
func fileLimit() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur > 1<<30 {
		return 0
	}
	return int(lim.Cur)
}

// connLimits works out the caps on connections and streams: maxConns if set, otherwise
// the open-files limit less the headroom; streams may take half of them. 0: no cap.
func connLimits(maxConns int) (conns, streams int) {
	conns = maxConns
	if conns == 0 {
		if n := fileLimit(); n > 0 {
			conns = max(n-fileHeadroom, 16)
		}
	}
	if conns <= 0 {
		return 0, 0
	}
	return conns, max(conns/2, 1)
}

// limitConns caps ln at the server's connections, and watches srv's connections: near the
// cap (15/16 of it), keep-alive is turned off, which also closes the idle connections, so
// that a new request always finds a place; it is turned back on below 7/8 of the cap.
func (s *Server) limitConns(srv *http.Server, ln net.Listener) net.Listener {
	limit := s.maxConns
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

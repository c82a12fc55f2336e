//go:build !unix

package conns

import "net"

// drain: elsewhere (the offline build has no sockets) a refused connection is closed as it is.
func drain(net.Conn) {}

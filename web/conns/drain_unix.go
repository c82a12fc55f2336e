//go:build unix

package conns

import (
	"net"
	"syscall"
)

// drain reads what c has already received, without waiting: at most 16 KB, a request's
// headers and more.
func drain(c net.Conn) {
	sc, ok := c.(syscall.Conn)
	if !ok {
		return
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return
	}
	var buf [4096]byte
	rc.Read(func(fd uintptr) bool {
		for range 4 {
			// The socket is non-blocking: nothing there is EAGAIN, at once.
			if n, err := syscall.Read(int(fd), buf[:]); n <= 0 || err != nil {
				break
			}
		}
		return true
	})
}

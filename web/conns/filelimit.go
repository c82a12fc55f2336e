//go:build !js

package conns

import "syscall"

// FileLimit is the process's limit of open files (Go raises the soft limit to the hard
// one at start on Linux); 0 if unknown.
func FileLimit() int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur > 1<<30 {
		return 0
	}
	return int(lim.Cur)
}

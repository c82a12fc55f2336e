package donuts

import (
	"runtime"
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling thread has used; the caller locks its goroutine
// to the thread. It tells a move's cost apart from the time other processes take.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func lockThread() func() {
	runtime.LockOSThread()
	return runtime.UnlockOSThread
}

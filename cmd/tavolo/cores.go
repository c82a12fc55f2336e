//go:build unix

package main

import (
	"context"
	"os"
	"runtime"
	"syscall"
	"time"
)

// A table's change wakes each of its phones' streams at once. While the server's work fits
// in one core, running Go on one (GOMAXPROCS 1) spares the wakes of idle cores that each of
// those goroutines costs on several: under make bench-load (500 tables, 500 actions a
// second, a third of a core) the server's CPU an action falls by a quarter, its p99 too.
// adaptCores keeps Go on one core while the server uses less than lowCores of it, and on
// all it may use (most) once it needs more than highCores, looking every second; an
// operator's GOMAXPROCS is left alone.
const (
	highCores = 0.8
	lowCores  = 0.5
)

func adaptCores(ctx context.Context, most int) {
	if most < 2 || os.Getenv("GOMAXPROCS") != "" {
		return
	}
	busy := func() float64 { // the process's CPU so far, in seconds
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	procs, before, at := runtime.GOMAXPROCS(0), busy(), time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			b := busy()
			next := coresFor(procs, most, (b-before)/now.Sub(at).Seconds())
			before, at = b, now
			if next != procs {
				runtime.GOMAXPROCS(next)
				procs = next
			}
		}
	}
}

// coresFor is the GOMAXPROCS for a server at procs that used used cores lately: one while
// it uses less than lowCores, most once it uses more than highCores, else as it is.
func coresFor(procs, most int, used float64) int {
	switch {
	case procs > 1 && used < lowCores:
		return 1
	case procs == 1 && used > highCores:
		return most
	}
	return procs
}

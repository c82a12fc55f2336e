// Command pgserve starts a PostgreSQL server for the browser tests (pgtest.Start: a
// temporary folder, a free port of loopback), makes one empty database in it, and writes
// its URL on a line of standard output. The server stops, and its folder goes, when
// standard input closes (the test that started it ended, however it ended) or on SIGTERM.
// A server that cannot start is an error (exit status 1, why on standard error): the test
// fails, never skips.
package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"tavolo/internal/pgtest"
)

func main() {
	// The server dies with the thread that started it (its parent-death signal): this one,
	// kept to the end.
	runtime.LockOSThread()
	srv, err := pgtest.Start()
	if err != nil {
		fmt.Fprintf(os.Stderr, "pgserve: PostgreSQL could not be started: %v\n", err)
		os.Exit(1)
	}
	name, err := srv.NewDatabase()
	if err != nil {
		srv.Stop()
		fmt.Fprintf(os.Stderr, "pgserve: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(srv.URL(name))
	done := make(chan struct{})
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		close(done)
	}()
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	select {
	case <-done:
	case <-sig:
	}
	srv.Stop()
}

//go:build unix

package main

import (
	"os"
	"strings"
	"syscall"
)

// keepStacks starts this program again in place with the runtime told not to shrink
// goroutine stacks (GODEBUG=gcshrinkstackoff=1), unless GODEBUG already names the setting,
// which the runtime reads only as it starts. Each live stream draws its device's views deep
// in its own goroutine and then waits at a shallow depth: shrunk at every collection and
// grown again at the next event, the streams' stacks kept tens of megabytes of heap in
// churn (make bench-load, 3,000 streams: RSS 310–320 MB, 284 MB with the setting).
func keepStacks() {
	godebug := os.Getenv("GODEBUG")
	if strings.Contains(godebug, "gcshrinkstackoff=") {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		return
	}
	if godebug != "" {
		godebug += ","
	}
	// One GODEBUG: the runtime reads the first it finds.
	env := []string{"GODEBUG=" + godebug + "gcshrinkstackoff=1"}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GODEBUG=") {
			env = append(env, kv)
		}
	}
	syscall.Exec(exe, os.Args, env) // returns only if it failed: the server runs as it is
}

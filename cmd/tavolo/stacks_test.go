//go:build linux

package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// tavolo serve starts itself again with the runtime told to keep its goroutines' stacks,
// unless GODEBUG already says how; its process (the same pid) then runs with that GODEBUG.
func TestServeKeepsStacks(t *testing.T) {
	bin := tavoloBinary(t)
	for _, tc := range []struct{ given, want string }{
		{"", "GODEBUG=gcshrinkstackoff=1"},
		{"madvdontneed=1", "GODEBUG=madvdontneed=1,gcshrinkstackoff=1"},
		{"gcshrinkstackoff=0", "GODEBUG=gcshrinkstackoff=0"},
	} {
		cmd := exec.Command(bin, "--addr", "127.0.0.1:0", "--data", t.TempDir())
		cmd.Env = append(os.Environ(), "GODEBUG="+tc.given)
		require.NoError(t, cmd.Start())
		var env string
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			b, err := os.ReadFile("/proc/" + strconv.Itoa(cmd.Process.Pid) + "/environ")
			require.NoError(t, err)
			env = godebugOf(string(b))
			if env == tc.want {
				break
			}
		}
		cmd.Process.Kill()
		cmd.Wait()
		require.Equal(t, tc.want, env, "GODEBUG given: %q", tc.given)
	}
}

// godebugOf is the GODEBUG in a process's environment (/proc/PID/environ), as the runtime
// reads it (the first), or all of them when there are several.
func godebugOf(environ string) string {
	var found []string
	for _, kv := range strings.Split(environ, "\x00") {
		if strings.HasPrefix(kv, "GODEBUG=") {
			found = append(found, kv)
		}
	}
	return strings.Join(found, " ")
}

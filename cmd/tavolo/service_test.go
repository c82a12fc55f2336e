//go:build linux

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// docs/tavolo.service passes systemd-analyze verify (where it is installed), its command
// the binary the tests built.
func TestServiceFileVerifies(t *testing.T) {
	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("no systemd-analyze here")
	}
	unit, err := os.ReadFile("../../docs/tavolo.service")
	require.NoError(t, err)
	require.Contains(t, string(unit), "ExecStart=/usr/local/bin/tavolo serve")
	file := filepath.Join(t.TempDir(), "tavolo.service")
	require.NoError(t, os.WriteFile(file, []byte(strings.ReplaceAll(string(unit), "/usr/local/bin/tavolo", tavoloBinary(t))), 0o644))
	out, err := exec.Command(analyze, "verify", file).CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Empty(t, strings.TrimSpace(string(out)), "no warning")
}

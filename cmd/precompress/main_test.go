package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/stretchr/testify/require"
)

func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "m.wasm")
	data := []byte(strings.Repeat("\x00asm module body ", 5000))
	require.NoError(t, os.WriteFile(file, data, 0o644))
	require.NoError(t, run(file))

	for _, tc := range []struct {
		suffix string
		decode func(io.Reader) (io.Reader, error)
	}{
		{".gz", func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }},
		{".br", func(r io.Reader) (io.Reader, error) { return brotli.NewReader(r), nil }},
	} {
		b, err := os.ReadFile(file + tc.suffix)
		require.NoError(t, err)
		r, err := tc.decode(bytes.NewReader(b))
		require.NoError(t, err)
		back, err := io.ReadAll(r)
		require.NoError(t, err)
		require.True(t, bytes.Equal(data, back), tc.suffix)
	}
	list, err := os.ReadFile(file + ".sha256")
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(list)), "\n")
	require.Len(t, lines, 3)
	require.Equal(t, hashOf(data)+"  m.wasm", lines[0])
	require.True(t, upToDate(file, hashOf(data)))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 4, "no temporary file left")

	// A new module makes new forms; a form that is not the one listed is made again.
	data = append(data, "more"...)
	require.NoError(t, os.WriteFile(file, data, 0o644))
	require.False(t, upToDate(file, hashOf(data)))
	require.NoError(t, run(file))
	require.True(t, upToDate(file, hashOf(data)))
	require.NoError(t, os.WriteFile(file+".br", []byte("stale"), 0o644))
	require.False(t, upToDate(file, hashOf(data)))
}

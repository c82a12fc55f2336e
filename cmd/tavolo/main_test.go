package main

import (
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestServeFlags(t *testing.T) {
	t.Setenv("TAVOLO_ADDR", "")
	t.Setenv("TAVOLO_DATA", "")
	cfg, err := parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:8080", cfg.Addr)
	require.Equal(t, "data", cfg.DataDir)
	require.False(t, cfg.SecureCookies)

	cfg, err = parseServeFlags([]string{"--addr", "127.0.0.1:9000", "--data", "/tmp/d", "--secure-cookies", "--trust-proxy"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:9000", cfg.Addr)
	require.Equal(t, "/tmp/d", cfg.DataDir)
	require.True(t, cfg.SecureCookies)
	require.True(t, cfg.TrustProxy)

	t.Setenv("TAVOLO_ADDR", "127.0.0.1:7000")
	t.Setenv("TAVOLO_DATA", "/srv/tavolo")
	cfg, err = parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:7000", cfg.Addr)
	require.Equal(t, "/srv/tavolo", cfg.DataDir)

	_, err = parseServeFlags([]string{"--nope"}, io.Discard)
	require.Error(t, err)
	_, err = parseServeFlags([]string{"stray"}, io.Discard)
	require.Error(t, err)
}

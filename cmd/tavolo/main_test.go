package main

import (
	"io"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestServeFlags(t *testing.T) {
	t.Setenv("TAVOLO_ADDR", "")
	t.Setenv("TAVOLO_DATA", "")
	t.Setenv("TAVOLO_DATABASE", "")
	t.Setenv("TAVOLO_AWAY_AFTER", "")
	t.Setenv("TAVOLO_DEBUG_ADDR", "")
	t.Setenv("TAVOLO_NEW_TABLES_PER_HOUR", "")
	t.Setenv("TAVOLO_NEW_TABLES_PER_HOUR_PER_ADDRESS", "")
	t.Setenv("TAVOLO_TRUSTED_PROXIES", "")
	cfg, err := parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:8080", cfg.Addr)
	require.Equal(t, "data", cfg.DataDir)
	require.Empty(t, cfg.Database, "SQLite in the data folder unless a database is given")
	require.False(t, cfg.SecureCookies)
	require.Equal(t, 30*time.Second, cfg.AwayAfter)
	require.Empty(t, cfg.DebugAddr, "no profiles unless asked")
	require.Equal(t, 20, cfg.NewTablesPerHour)
	require.Equal(t, 240, cfg.NewTablesPerHourPerAddress)

	cfg, err = parseServeFlags([]string{"--addr", "127.0.0.1:9000", "--data", "/tmp/d", "--secure-cookies", "--trust-proxy"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:9000", cfg.Addr)
	require.Equal(t, "/tmp/d", cfg.DataDir)
	require.True(t, cfg.SecureCookies)
	require.True(t, cfg.TrustProxy)

	cfg, err = parseServeFlags([]string{"--debug-addr", "127.0.0.1:6060"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:6060", cfg.DebugAddr)

	t.Setenv("TAVOLO_ADDR", "127.0.0.1:7000")
	t.Setenv("TAVOLO_DATA", "/srv/tavolo")
	cfg, err = parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:7000", cfg.Addr)
	require.Equal(t, "/srv/tavolo", cfg.DataDir)

	for _, tc := range []struct {
		env  string
		args []string
		want time.Duration
		bad  bool
	}{
		{env: "2s", want: 2 * time.Second},
		{env: "2s", args: []string{"--away-after", "1m"}, want: time.Minute},
		{env: "soon", bad: true},
		{env: "0s", bad: true},
		{args: []string{"--away-after", "-1s"}, bad: true},
	} {
		t.Setenv("TAVOLO_AWAY_AFTER", tc.env)
		cfg, err = parseServeFlags(tc.args, io.Discard)
		if tc.bad {
			require.Error(t, err, "%+v", tc)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, tc.want, cfg.AwayAfter)
	}
	t.Setenv("TAVOLO_AWAY_AFTER", "")

	t.Setenv("TAVOLO_TRUSTED_PROXIES", "10.0.0.2, 192.168.0.0/16,fd00::1")
	cfg, err = parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Len(t, cfg.TrustedProxies, 3)
	require.Equal(t, "10.0.0.2/32", cfg.TrustedProxies[0].String())
	require.Equal(t, "192.168.0.0/16", cfg.TrustedProxies[1].String())
	require.Equal(t, "fd00::1/128", cfg.TrustedProxies[2].String())
	cfg, err = parseServeFlags([]string{"--trusted-proxies", "172.16.0.1"}, io.Discard)
	require.NoError(t, err)
	require.Len(t, cfg.TrustedProxies, 1)
	_, err = parseServeFlags([]string{"--trusted-proxies", "proxy.local"}, io.Discard)
	require.Error(t, err)
	t.Setenv("TAVOLO_TRUSTED_PROXIES", "")

	t.Setenv("TAVOLO_NEW_TABLES_PER_HOUR", "500")
	cfg, err = parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 500, cfg.NewTablesPerHour)
	cfg, err = parseServeFlags([]string{"--new-tables-per-hour", "5"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 5, cfg.NewTablesPerHour)
	for _, bad := range []string{"many", "0", "-3"} {
		t.Setenv("TAVOLO_NEW_TABLES_PER_HOUR", bad)
		_, err = parseServeFlags(nil, io.Discard)
		require.Error(t, err, bad)
	}
	t.Setenv("TAVOLO_NEW_TABLES_PER_HOUR", "")
	_, err = parseServeFlags([]string{"--new-tables-per-hour", "0"}, io.Discard)
	require.Error(t, err)
	t.Setenv("TAVOLO_NEW_TABLES_PER_HOUR_PER_ADDRESS", "1000")
	cfg, err = parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 1000, cfg.NewTablesPerHourPerAddress)
	cfg, err = parseServeFlags([]string{"--new-tables-per-hour-per-address", "30"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 30, cfg.NewTablesPerHourPerAddress)
	for _, bad := range []string{"lots", "0", "-1"} {
		t.Setenv("TAVOLO_NEW_TABLES_PER_HOUR_PER_ADDRESS", bad)
		_, err = parseServeFlags(nil, io.Discard)
		require.Error(t, err, bad)
	}
	t.Setenv("TAVOLO_NEW_TABLES_PER_HOUR_PER_ADDRESS", "")
	_, err = parseServeFlags([]string{"--new-tables-per-hour-per-address", "0"}, io.Discard)
	require.Error(t, err)

	cfg, err = parseServeFlags([]string{"--database", "postgres://tavolo@db:5432/tavolo"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "postgres://tavolo@db:5432/tavolo", cfg.Database)
	t.Setenv("TAVOLO_DATABASE", "postgresql://tavolo@db/tavolo")
	cfg, err = parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, "postgresql://tavolo@db/tavolo", cfg.Database)
	t.Setenv("TAVOLO_DATABASE", "")
	_, err = parseServeFlags([]string{"--database", "mysql://db/tavolo"}, io.Discard)
	require.Error(t, err, "only PostgreSQL")

	_, err = parseServeFlags([]string{"--nope"}, io.Discard)
	require.Error(t, err)
	_, err = parseServeFlags([]string{"stray"}, io.Discard)
	require.Error(t, err)
}

// The limits on live streams and connections: defaults, flags, environment; 0 is no cap.
func TestServeFlagsLimits(t *testing.T) {
	for _, name := range []string{"TAVOLO_MAX_STREAMS_PER_DEVICE", "TAVOLO_MAX_STREAMS_PER_ADDRESS", "TAVOLO_MAX_CONNECTIONS", "TAVOLO_MAX_CONNECTIONS_PER_ADDRESS"} {
		t.Setenv(name, "")
	}
	cfg, err := parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 4, cfg.MaxStreamsPerDevice)
	require.Equal(t, 256, cfg.MaxStreamsPerAddress)
	require.Zero(t, cfg.MaxConnections, "from the open-files limit")
	require.Zero(t, cfg.MaxConnectionsPerAddress, "the default: 512, at most half the connections")

	cfg, err = parseServeFlags([]string{"--max-streams-per-device", "2", "--max-streams-per-address", "0", "--max-connections", "500"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 2, cfg.MaxStreamsPerDevice)
	require.Equal(t, -1, cfg.MaxStreamsPerAddress, "0 on the command line is no cap")
	require.Equal(t, 500, cfg.MaxConnections)

	t.Setenv("TAVOLO_MAX_STREAMS_PER_ADDRESS", "4000")
	cfg, err = parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 4000, cfg.MaxStreamsPerAddress)

	t.Setenv("TAVOLO_MAX_STREAMS_PER_ADDRESS", "many")
	_, err = parseServeFlags(nil, io.Discard)
	require.Error(t, err)
	t.Setenv("TAVOLO_MAX_STREAMS_PER_ADDRESS", "")
	_, err = parseServeFlags([]string{"--max-streams-per-device", "-1"}, io.Discard)
	require.Error(t, err)
}

// The cap on one address's connections: given, it is taken as it is (0: no cap); not
// given, the server works it out from the total.
func TestServeFlagsConnectionsPerAddress(t *testing.T) {
	t.Setenv("TAVOLO_MAX_CONNECTIONS_PER_ADDRESS", "")
	for _, tc := range []struct {
		env  string
		args []string
		want int
		bad  bool
	}{
		{want: 0},
		{args: []string{"--max-connections", "1000"}, want: 0},
		{args: []string{"--max-connections-per-address", "2000"}, want: 2000},
		{args: []string{"--max-connections-per-address", "512"}, want: 512},
		{args: []string{"--max-connections-per-address", "0"}, want: -1},
		{env: "300", want: 300},
		{env: "0", want: -1},
		{env: "300", args: []string{"--max-connections-per-address", "40"}, want: 40},
		{env: "many", bad: true},
		{env: "-2", bad: true},
		{args: []string{"--max-connections-per-address", "-1"}, bad: true},
	} {
		t.Setenv("TAVOLO_MAX_CONNECTIONS_PER_ADDRESS", tc.env)
		cfg, err := parseServeFlags(tc.args, io.Discard)
		if tc.bad {
			require.Error(t, err, "%+v", tc)
			continue
		}
		require.NoError(t, err, "%+v", tc)
		require.Equal(t, tc.want, cfg.MaxConnectionsPerAddress, "%+v", tc)
	}
}

// The budgets of actions (web/budget.go): defaults, flags, environment; 0 is no limit.
func TestServeFlagsBudgets(t *testing.T) {
	names := []string{"TAVOLO_ACTIONS_PER_MINUTE_PER_DEVICE", "TAVOLO_ACTIONS_PER_MINUTE_PER_ADDRESS",
		"TAVOLO_HARD_MOVES_PER_MINUTE_PER_DEVICE", "TAVOLO_HARD_MOVES_PER_MINUTE_PER_ADDRESS",
		"TAVOLO_JOIN_LOOKUPS_PER_MINUTE_PER_ADDRESS"}
	for _, name := range names {
		t.Setenv(name, "")
	}
	cfg, err := parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 120, cfg.ActionsPerMinutePerDevice)
	require.Equal(t, 1200, cfg.ActionsPerMinutePerAddress)
	require.Equal(t, 30, cfg.HardMovesPerMinutePerDevice)
	require.Equal(t, 240, cfg.HardMovesPerMinutePerAddress)
	require.Equal(t, 30, cfg.JoinLookupsPerMinutePerAddress)

	cfg, err = parseServeFlags([]string{"--actions-per-minute-per-device", "60", "--actions-per-minute-per-address", "0",
		"--hard-moves-per-minute-per-device", "12", "--hard-moves-per-minute-per-address", "600"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 60, cfg.ActionsPerMinutePerDevice)
	require.Equal(t, -1, cfg.ActionsPerMinutePerAddress, "0 on the command line is no limit")
	require.Equal(t, 12, cfg.HardMovesPerMinutePerDevice)
	require.Equal(t, 600, cfg.HardMovesPerMinutePerAddress)

	t.Setenv("TAVOLO_JOIN_LOOKUPS_PER_MINUTE_PER_ADDRESS", "0")
	cfg, err = parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, -1, cfg.JoinLookupsPerMinutePerAddress, "0: no limit")
	t.Setenv("TAVOLO_JOIN_LOOKUPS_PER_MINUTE_PER_ADDRESS", "")

	t.Setenv("TAVOLO_HARD_MOVES_PER_MINUTE_PER_ADDRESS", "2400")
	t.Setenv("TAVOLO_ACTIONS_PER_MINUTE_PER_DEVICE", "0")
	cfg, err = parseServeFlags(nil, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 2400, cfg.HardMovesPerMinutePerAddress)
	require.Equal(t, -1, cfg.ActionsPerMinutePerDevice)
	cfg, err = parseServeFlags([]string{"--hard-moves-per-minute-per-address", "5"}, io.Discard)
	require.NoError(t, err)
	require.Equal(t, 5, cfg.HardMovesPerMinutePerAddress, "the flag before the environment")

	for _, name := range names {
		t.Setenv(name, "many")
		_, err = parseServeFlags(nil, io.Discard)
		require.Error(t, err, name)
		t.Setenv(name, "-2")
		_, err = parseServeFlags(nil, io.Discard)
		require.Error(t, err, name)
		t.Setenv(name, "")
	}
	_, err = parseServeFlags([]string{"--actions-per-minute-per-address", "-1"}, io.Discard)
	require.Error(t, err)
}

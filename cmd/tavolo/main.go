// Command tavolo serves the Tavolo table companion, and replays written-down games.
//
//	tavolo [serve] [--addr HOST:PORT] [--data DIR] [--database postgres://…] [--secure-cookies] [--trust-proxy] [--away-after DURATION]
//	       [--trusted-proxies LIST] [--new-tables-per-hour N] [--debug-addr HOST:PORT]
//	       [--max-streams-per-device N] [--max-streams-per-address N] [--max-connections N]
//	       [--max-connections-per-address N]
//	       [--actions-per-minute-per-device N] [--actions-per-minute-per-address N]
//	       [--hard-moves-per-minute-per-device N] [--hard-moves-per-minute-per-address N]
//	       [--tls-domain NAMES [--tls-email ADDRESS]] [--tls-cert FILE --tls-key FILE] [--http-addr HOST:PORT]
//	tavolo replay FILE
//
// Each flag falls back to its environment variable (TAVOLO_ADDR, TAVOLO_DATA, TAVOLO_DATABASE,
// TAVOLO_SECURE_COOKIES=1, TAVOLO_TRUST_PROXY=1, TAVOLO_TRUSTED_PROXIES, TAVOLO_AWAY_AFTER,
// TAVOLO_NEW_TABLES_PER_HOUR, TAVOLO_DEBUG_ADDR, TAVOLO_MAX_STREAMS_PER_DEVICE,
// TAVOLO_MAX_STREAMS_PER_ADDRESS, TAVOLO_MAX_CONNECTIONS, TAVOLO_MAX_CONNECTIONS_PER_ADDRESS,
// TAVOLO_ACTIONS_PER_MINUTE_PER_DEVICE, TAVOLO_ACTIONS_PER_MINUTE_PER_ADDRESS,
// TAVOLO_HARD_MOVES_PER_MINUTE_PER_DEVICE, TAVOLO_HARD_MOVES_PER_MINUTE_PER_ADDRESS,
// TAVOLO_JOIN_LOOKUPS_PER_MINUTE_PER_ADDRESS, TAVOLO_TLS_DOMAIN, TAVOLO_TLS_EMAIL,
// TAVOLO_TLS_CERT, TAVOLO_TLS_KEY, TAVOLO_HTTP_ADDR), then to
// its default.
// TAVOLO_SESSION_KEY sets the session key (otherwise kept in DIR).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"tavolo/web"
	"tavolo/web/conns"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] != "replay" {
		keepStacks()
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "replay":
			if len(args) != 2 {
				fmt.Fprintln(stderr, "usage: tavolo replay FILE")
				return replayBadFile
			}
			return replayFile(args[1], stdout, stderr)
		case "serve":
			args = args[1:]
		}
	}
	opts, err := parseServeFlags(args, stderr)
	if err != nil {
		return 2
	}
	logger := slog.New(slog.NewTextHandler(stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	scheme := "http"
	if opts.TLS.on() {
		scheme = "https"
		tlsCfg, plain, err := tlsSetup(opts.TLS, opts.DataDir, portOfAddr(opts.Addr))
		if err != nil {
			fmt.Fprintf(stderr, "tavolo: %v\n", err)
			return 2
		}
		opts.Config.TLS, opts.SecureCookies = tlsCfg, true
		if plain != nil && opts.TLS.HTTPAddr != "" {
			if err := servePlain(ctx, opts.TLS.HTTPAddr, plain, logger); err != nil {
				logger.Error("the plain-HTTP address", "addr", opts.TLS.HTTPAddr, "err", err)
				return 1
			}
		}
	}
	domain := ""
	if len(opts.TLS.Domains) > 0 {
		domain = opts.TLS.Domains[0]
	}
	var served atomic.Pointer[web.Server]
	opts.Ready = func(s *web.Server, at net.Addr, network []string) {
		served.Store(s)
		listening(stdout, opts.Addr, at, network, scheme, domain)
	}
	if opts.DebugAddr != "" {
		serveDebug(opts.DebugAddr, metricsHandler(&served), logger)
	}
	go adaptCores(ctx, runtime.GOMAXPROCS(0))
	if err := web.Serve(ctx, opts.Config, logger); err != nil {
		logger.Error("server stopped", "err", err)
		return 1
	}
	return 0
}

// serveOptions are the server's settings and the command's own.
type serveOptions struct {
	web.Config
	DebugAddr string // Go's profiles and the metrics on their own address; none if empty
	TLS       tlsOptions
}

// parseServeFlags reads the server's flags; each falls back to its environment variable,
// then to the default.
func parseServeFlags(args []string, stderr io.Writer) (serveOptions, error) {
	fs := flag.NewFlagSet("tavolo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts serveOptions
	cfg := &opts.Config
	fs.StringVar(&cfg.Addr, "addr", envOr("TAVOLO_ADDR", "127.0.0.1:8080"), "address to listen on (TAVOLO_ADDR)")
	fs.StringVar(&cfg.DataDir, "data", envOr("TAVOLO_DATA", "data"), "folder for the database and the session key (TAVOLO_DATA)")
	fs.StringVar(&cfg.Database, "database", os.Getenv("TAVOLO_DATABASE"), "keep the tables in PostgreSQL at this URL (postgres://user:password@host:5432/tavolo), which several servers may share; none: SQLite in the data folder (TAVOLO_DATABASE)")
	fs.BoolVar(&cfg.SecureCookies, "secure-cookies", os.Getenv("TAVOLO_SECURE_COOKIES") == "1", "mark cookies Secure, for TLS deployments (TAVOLO_SECURE_COOKIES=1)")
	fs.BoolVar(&cfg.TrustProxy, "trust-proxy", os.Getenv("TAVOLO_TRUST_PROXY") == "1", "take client addresses from X-Forwarded-For, behind a reverse proxy on loopback (TAVOLO_TRUST_PROXY=1)")
	away, err := time.ParseDuration(envOr("TAVOLO_AWAY_AFTER", "30s"))
	if err != nil || away <= 0 {
		fmt.Fprintf(stderr, "tavolo: TAVOLO_AWAY_AFTER: %q is not a duration such as 30s\n", os.Getenv("TAVOLO_AWAY_AFTER"))
		return opts, fmt.Errorf("bad TAVOLO_AWAY_AFTER")
	}
	fs.DurationVar(&cfg.AwayAfter, "away-after", away, "how long a phone may lose its live updates before the host may vote \"leave\" for its seats (TAVOLO_AWAY_AFTER)")
	for _, f := range []struct {
		v         *int
		name, env string
		def       string
		usage     string
	}{
		{&cfg.NewTablesPerHour, "new-tables-per-hour", "TAVOLO_NEW_TABLES_PER_HOUR", "20",
			"N: tables one device may open at once, then one every hour/N, so N an hour once spent"},
		{&cfg.NewTablesPerHourPerAddress, "new-tables-per-hour-per-address", "TAVOLO_NEW_TABLES_PER_HOUR_PER_ADDRESS", "240",
			"N: the same for all the devices of one client address (an IPv6 /64) together"},
	} {
		perHour, err := strconv.Atoi(envOr(f.env, f.def))
		if err != nil || perHour <= 0 {
			fmt.Fprintf(stderr, "tavolo: %s: %q is not a number of tables such as %s\n", f.env, os.Getenv(f.env), f.def)
			return opts, fmt.Errorf("bad %s", f.env)
		}
		fs.IntVar(f.v, f.name, perHour, f.usage+" ("+f.env+")")
	}
	proxies := envOr("TAVOLO_TRUSTED_PROXIES", "")
	fs.StringVar(&proxies, "trusted-proxies", proxies, "the reverse proxies' own addresses or ranges, comma-separated (10.0.0.2,127.0.0.1): only these are trusted, loopback too only if listed; implies --trust-proxy (TAVOLO_TRUSTED_PROXIES)")
	fs.StringVar(&opts.DebugAddr, "debug-addr", os.Getenv("TAVOLO_DEBUG_ADDR"), "serve Go's profiles (/debug/pprof/) on this address, e.g. 127.0.0.1:6060; keep it private (TAVOLO_DEBUG_ADDR)")
	// The limits (web/limits.go, web/budget.go); for the streams and the budgets, 0 is no cap.
	var perDevice, perAddress, connsPerAddress, actionsDevice, actionsAddress, hardDevice, hardAddress, joins int
	for _, f := range []struct {
		v         *int
		name, env string
		def       int
		usage     string
	}{
		{&perDevice, "max-streams-per-device", "TAVOLO_MAX_STREAMS_PER_DEVICE", 4,
			"live streams a device may keep open; a newer one closes its oldest; 0: no cap"},
		{&perAddress, "max-streams-per-address", "TAVOLO_MAX_STREAMS_PER_ADDRESS", 256,
			"live streams one client address (an IPv6 /64) may keep open; more are refused; 0: no cap"},
		{&cfg.MaxConnections, "max-connections", "TAVOLO_MAX_CONNECTIONS", 0,
			"connections at once, streams at most half of them; 0: the open-files limit less 64"},
		{&connsPerAddress, "max-connections-per-address", "TAVOLO_MAX_CONNECTIONS_PER_ADDRESS", conns.DefaultPerAddress,
			"connections one client address (an IPv6 /64) may hold at once; more are refused; by default at most half of --max-connections; 0: no cap"},
		{&actionsDevice, "actions-per-minute-per-device", "TAVOLO_ACTIONS_PER_MINUTE_PER_DEVICE", 120,
			"actions on tables (moves, draws, votes, undos) one device may make a minute, a sixth of them at once; 0: no limit"},
		{&actionsAddress, "actions-per-minute-per-address", "TAVOLO_ACTIONS_PER_MINUTE_PER_ADDRESS", 1200,
			"actions on tables one client address (an IPv6 /64) may make a minute, a sixth of them at once; 0: no limit"},
		{&hardDevice, "hard-moves-per-minute-per-device", "TAVOLO_HARD_MOVES_PER_MINUTE_PER_DEVICE", 30,
			"moves one device may have the hard computer search for a minute, a sixth of them at once; 0: no limit"},
		{&hardAddress, "hard-moves-per-minute-per-address", "TAVOLO_HARD_MOVES_PER_MINUTE_PER_ADDRESS", 240,
			"moves one client address may have the hard computer search for a minute, a sixth of them at once; 0: no limit"},
		{&joins, "join-lookups-per-minute-per-address", "TAVOLO_JOIN_LOOKUPS_PER_MINUTE_PER_ADDRESS", 30,
			"join codes one client address may look up a minute, twenty at once; 0: no limit"},
	} {
		def := f.def
		if v := os.Getenv(f.env); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				fmt.Fprintf(stderr, "tavolo: %s: %q is not a number of 0 or more\n", f.env, v)
				return opts, fmt.Errorf("bad %s", f.env)
			}
			def = n
		}
		fs.IntVar(f.v, f.name, def, f.usage+" ("+f.env+")")
	}
	domains, certFile, keyFile := envOr("TAVOLO_TLS_DOMAIN", ""), envOr("TAVOLO_TLS_CERT", ""), envOr("TAVOLO_TLS_KEY", "")
	fs.StringVar(&domains, "tls-domain", domains, "speak HTTPS for these names (comma-separated), with a certificate taken and renewed by ACME (Let's Encrypt), kept in the data folder; listens on :443 and :80 unless --addr and --http-addr say otherwise (TAVOLO_TLS_DOMAIN)")
	fs.StringVar(&opts.TLS.Email, "tls-email", envOr("TAVOLO_TLS_EMAIL", ""), "with --tls-domain, an address the certificate authority may write to about the certificates (TAVOLO_TLS_EMAIL)")
	fs.StringVar(&certFile, "tls-cert", certFile, "speak HTTPS with this certificate (PEM, the chain), read again when it changes (TAVOLO_TLS_CERT)")
	fs.StringVar(&keyFile, "tls-key", keyFile, "the private key of --tls-cert (PEM) (TAVOLO_TLS_KEY)")
	fs.StringVar(&opts.TLS.HTTPAddr, "http-addr", envOr("TAVOLO_HTTP_ADDR", ""), "with HTTPS, answer plain HTTP on this address with a redirect to HTTPS (and ACME's challenges); :80 with --tls-domain (TAVOLO_HTTP_ADDR)")
	if err := fs.Parse(args); err != nil {
		return opts, err
	}
	opts.TLS.Directory = os.Getenv("TAVOLO_ACME_DIRECTORY")
	opts.TLS.CertFile, opts.TLS.KeyFile = certFile, keyFile
	for _, d := range strings.Split(domains, ",") {
		if d = strings.TrimSpace(d); d != "" {
			opts.TLS.Domains = append(opts.TLS.Domains, d)
		}
	}
	switch {
	case len(opts.TLS.Domains) > 0 && (certFile != "" || keyFile != ""):
		fmt.Fprintln(stderr, "tavolo: --tls-domain takes its own certificate: give it or --tls-cert and --tls-key, not both")
		return opts, fmt.Errorf("bad TLS")
	case (certFile == "") != (keyFile == ""):
		fmt.Fprintln(stderr, "tavolo: --tls-cert and --tls-key go together")
		return opts, fmt.Errorf("bad TLS")
	case opts.TLS.HTTPAddr != "" && !opts.TLS.on():
		fmt.Fprintln(stderr, "tavolo: --http-addr redirects to HTTPS: it needs --tls-domain or --tls-cert")
		return opts, fmt.Errorf("bad TLS")
	}
	if len(opts.TLS.Domains) > 0 {
		if !isSet(fs, "addr") && os.Getenv("TAVOLO_ADDR") == "" {
			cfg.Addr = ":443"
		}
		if opts.TLS.HTTPAddr == "" {
			opts.TLS.HTTPAddr = ":80"
		}
	}
	for _, n := range []int{perDevice, perAddress, cfg.MaxConnections, connsPerAddress, actionsDevice, actionsAddress, hardDevice, hardAddress, joins} {
		if n < 0 {
			fmt.Fprintln(stderr, "tavolo: --max-streams-per-device, --max-streams-per-address, --max-connections, --max-connections-per-address and the --…-per-minute-per-… budgets are 0 or more")
			return opts, fmt.Errorf("bad limit")
		}
	}
	cfg.MaxStreamsPerDevice, cfg.MaxStreamsPerAddress = noCap(perDevice), noCap(perAddress)
	// Unless it is given, the cap per address is the default's: at most half the connections.
	cfg.MaxConnectionsPerAddress = noCap(connsPerAddress)
	if !isSet(fs, "max-connections-per-address") && os.Getenv("TAVOLO_MAX_CONNECTIONS_PER_ADDRESS") == "" {
		cfg.MaxConnectionsPerAddress = 0
	}
	cfg.ActionsPerMinutePerDevice, cfg.ActionsPerMinutePerAddress = noCap(actionsDevice), noCap(actionsAddress)
	cfg.HardMovesPerMinutePerDevice, cfg.HardMovesPerMinutePerAddress = noCap(hardDevice), noCap(hardAddress)
	cfg.JoinLookupsPerMinutePerAddress = noCap(joins)
	if cfg.AwayAfter <= 0 {
		fmt.Fprintln(stderr, "tavolo: --away-after must be more than 0")
		return opts, fmt.Errorf("bad --away-after")
	}
	if cfg.NewTablesPerHour <= 0 || cfg.NewTablesPerHourPerAddress <= 0 {
		fmt.Fprintln(stderr, "tavolo: --new-tables-per-hour and --new-tables-per-hour-per-address must be more than 0")
		return opts, fmt.Errorf("bad --new-tables-per-hour")
	}
	if cfg.TrustedProxies, err = parseProxies(proxies); err != nil {
		fmt.Fprintf(stderr, "tavolo: --trusted-proxies: %v\n", err)
		return opts, err
	}
	if cfg.Database != "" && !web.IsDatabaseURL(cfg.Database) {
		fmt.Fprintln(stderr, "tavolo: --database (TAVOLO_DATABASE) is a PostgreSQL URL such as postgres://tavolo:PASSWORD@db.example:5432/tavolo")
		return opts, fmt.Errorf("bad --database")
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tavolo: unexpected argument %q\n", fs.Arg(0))
		return opts, fmt.Errorf("unexpected argument")
	}
	cfg.SessionKey = os.Getenv("TAVOLO_SESSION_KEY")
	return opts, nil
}

// parseProxies reads a comma-separated list of addresses (one host each) and CIDR ranges.
func parseProxies(list string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			ip := net.ParseIP(f)
			if ip == nil {
				return nil, fmt.Errorf("%q is not an address or a range such as 10.0.0.0/8", f)
			}
			bits := 8 * net.IPv6len
			if ip.To4() != nil {
				ip, bits = ip.To4(), 8*net.IPv4len
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, r, err := net.ParseCIDR(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not an address or a range such as 10.0.0.0/8", f)
		}
		out = append(out, r)
	}
	return out, nil
}

// isSet tells whether the command line gave the flag name.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// noCap turns a flag's 0 (no cap) into the Config's -1 (where 0 is the default).
func noCap(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// portOfAddr is the port of a HOST:PORT address (443 when it has none that reads).
func portOfAddr(addr string) int {
	_, p, err := net.SplitHostPort(addr)
	if n, err2 := strconv.Atoi(p); err == nil && err2 == nil {
		return n
	}
	return 443
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

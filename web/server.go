// Package web is Tavolo's HTTP server: routes, middleware, sessions, limits and handlers;
// the pages are drawn by web/page, the sentences made by web/say.
package web

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"tavolo/i18n"
	"tavolo/pwa"
	"tavolo/web/conns"
	"tavolo/web/diamant"
	"tavolo/web/donaz"
	"tavolo/web/donuts"
	"tavolo/web/kit"
	"tavolo/web/live"
	"tavolo/web/table"
	donutstable "tavolo/web/table/donuts"
)

// Config is what the server is started with.
type Config struct {
	Addr    string
	DataDir string
	// Database: the tables in PostgreSQL at this URL (postgres://…), shared by every
	// server given it; empty: SQLite in DataDir.
	Database      string
	SecureCookies bool
	SessionKey    string // from TAVOLO_SESSION_KEY; when empty, kept in DataDir
	// TrustProxy: the client's address is taken from X-Forwarded-For, as set by a reverse
	// proxy in front; otherwise it is the connection's, so nobody can forge it.
	TrustProxy bool
	// TrustedProxies are the proxies' addresses (with none, loopback is the proxy; with
	// some, loopback is one only if listed): the client's address is the right-most one in
	// X-Forwarded-For that is not one of them, so an address a client writes there itself
	// is never taken, unless the client is on a trusted address itself.
	TrustedProxies []*net.IPNet
	// AwayAfter: how long a phone's live stream may stay closed before its seats count
	// as away (0: 30 s). Short in tests.
	AwayAfter time.Duration
	// PresenceEvery: with a store several servers share, how often each tells the others
	// again which phones have a stream on it (table.PresenceEvery when 0): for tests.
	PresenceEvery time.Duration
	// NewTablesPerHour (N): one device may open N tables at once, then one every hour/N,
	// so N an hour once its allowance is spent and at most 2N in any hour (0: 20).
	// NewTablesPerHourPerAddress: the same for all the devices of one client address
	// together, the backstop for a client that is a new device each time (0: 240).
	NewTablesPerHour           int
	NewTablesPerHourPerAddress int
	// The caps on live streams and connections (stream.go, web/conns). 0: the default;
	// for the streams and the connections per address, less than 0: no cap.
	// MaxConnections' default is the open-files limit less what the process keeps besides
	// its connections; streams take at most half of them. MaxConnectionsPerAddress' is
	// 512, at most half of MaxConnections; a trusted proxy's own address has no cap.
	MaxStreamsPerDevice      int
	MaxStreamsPerAddress     int
	MaxConnections           int
	MaxConnectionsPerAddress int
	// The budgets of actions (budget.go), each a number a minute, with ten seconds' worth
	// at once: the actions on tables one device (its session's device id) and one client
	// address may make, and the moves of the hard computer they may have it search for.
	// 0: the default (120, 1,200, 30, 240); less than 0: no limit.
	ActionsPerMinutePerDevice    int
	ActionsPerMinutePerAddress   int
	HardMovesPerMinutePerDevice  int
	HardMovesPerMinutePerAddress int
	// JoinLookupsPerMinutePerAddress: the join codes one client address may look up a
	// minute (join.go), twenty at once. 0: the default (30); less than 0: no limit.
	JoinLookupsPerMinutePerAddress int
	// StreamWriteTimeout: how long one write to a live stream may block before the
	// stream ends (0: 10 s). Short in tests.
	StreamWriteTimeout time.Duration
	// StreamHeartbeat: how often a live stream on which nothing was written is pinged
	// (0: 20 s). Short in tests.
	StreamHeartbeat time.Duration
	// The connections' timeouts (0: the default; httpServer): a request's headers must
	// arrive within ReadHeaderTimeout (5 s), the whole request, body included, within
	// ReadTimeout (10 s); a reply must be written within WriteTimeout (60 s) of its
	// request's headers (a live stream instead gives each of its writes StreamWriteTimeout);
	// a keep-alive connection waits IdleTimeout (120 s) for its next request. Short in tests.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	// Offline: this is the offline engine (cmd/tavolo-offline), run by a phone's service
	// worker: its tables are the phone's own, and what needs a server says so.
	Offline bool
	// Games are the games served (nil: Games).
	Games []func(*kit.Kit) kit.Game
	// Store keeps the tables; nil: PostgreSQL at Database, or SQLite in DataDir (the
	// offline build, which has neither, always gives one).
	Store table.Store
	// TLS: when set, Serve speaks HTTPS on Addr with it (cmd/tavolo makes it from a
	// certificate's files, or from ACME's autocert).
	TLS *tls.Config
	// Ready, when set, is called once Serve listens, with the server (its Snapshot, for
	// the metrics), the address it listens at and the addresses the local network reaches
	// it at (NetworkAddrs; none unless it listens on every interface).
	Ready func(s *Server, addr net.Addr, network []string)
}

// maxBody bounds every request body: Tavolo's forms are small.
const maxBody = "64K"

// defaultAwayAfter is how long a phone's stream may stay closed before its seats count as
// away (Config.AwayAfter).
const defaultAwayAfter = 30 * time.Second

// The connections' default timeouts (Config).
const (
	defaultReadHeaderTimeout = 5 * time.Second
	// Headers and body: Tavolo's forms are a few hundred bytes, and the largest body, an
	// import (at most 64 KB of JSON), takes a phone a second or two (in 10 s: 52 kbit/s).
	defaultReadTimeout = 10 * time.Second
	// A reply that is never read would hold its connection for ever: a minute is plenty for
	// the largest, the offline engine (7.6 MB gzipped: about 1 Mbit/s).
	defaultWriteTimeout = time.Minute
	defaultIdleTimeout  = 120 * time.Second
)

// Server is the wiring: the configuration, the middleware and the routes of the games,
// around the kit (Kit) every game's handlers share.
type Server struct {
	*kit.Kit
	cfg          Config
	echo         *echo.Echo
	engine       *pwa.Engine            // the offline build, served to the service worker; nil when not built
	static       map[string]*staticFile // what is served as it is, by path (static.go)
	built        time.Time              // when this program was built: the static files' Last-Modified
	handler      http.Handler           // echo, answering HEAD as GET (head.go)
	maxConns     int                    // the cap on connections; 0: none
	maxConnsAddr int                    // the cap on one client address's connections; 0: none
	newTables    *budget                // the tables each device and client address may still open
	actions      *budget                // the actions each device and address may make; nil: no limit
	hardMoves    *budget                // the hard computer's searches each may ask for; nil: no limit
	games        []kit.Game             // the games served, as registered
	store        table.Store            // the whole store (the cache in front of it): the sweep, and closing it
	pinger       pinger                 // the store under the cache, when it can say it works (/healthz)
	stopOnce     sync.Once
	metrics      metrics // the counts /metrics serves (metrics.go)
	// With a store several servers share: the hearing of their changes (Tables.Follow),
	// its end, and its goroutine's.
	stopFollow context.CancelFunc
	followed   chan struct{}
}

// Games are the games a server serves unless its Config names others: each registered
// once, by the function that makes its descriptor.
var Games = []func(*kit.Kit) kit.Game{diamant.New, donaz.New, donuts.New}

// New builds the server and its routes.
func New(cfg Config, log *slog.Logger) (*Server, error) {
	catalog, err := i18n.Load()
	if err != nil {
		return nil, err
	}
	assets, err := pwa.Load()
	if err != nil {
		return nil, err
	}
	engine, err := assets.LoadEngine()
	if err != nil {
		return nil, err
	}
	key, err := kit.LoadSessionKey(cfg.SessionKey, cfg.DataDir)
	if err != nil {
		return nil, err
	}
	db := cfg.Store
	if db == nil {
		if db, err = openStore(cfg.DataDir, cfg.Database); err != nil {
			return nil, err
		}
	}
	hub := live.NewHub()
	tables := table.NewTables(db, table.CacheBudget, hub)
	if cfg.Offline {
		// The engine's store is in memory already: no cache of its records in front of it,
		// only the replays, which reading the store cannot give.
		tables = table.NewTablesInMemory(db, hub)
	}
	if cfg.AwayAfter <= 0 {
		cfg.AwayAfter = defaultAwayAfter
	}
	k := &kit.Kit{Log: log, Catalog: catalog, Assets: assets, Sessions: kit.NewSessionStore(key, cfg.SecureCookies), Store: tables.Store(),
		Tables: tables, Hub: hub, Presence: table.NewPresence(cfg.AwayAfter, hub.Touch), Stopping: make(chan struct{}),
		CatalogURLs: catalogURLs(catalog), Choices: donutstable.NewChoices(donutstable.ChoicesKept),
		Offline: cfg.Offline, StreamWriteTimeout: cfg.StreamWriteTimeout, StreamHeartbeat: cfg.StreamHeartbeat}
	s := &Server{Kit: k, cfg: cfg, engine: engine, built: builtAt(), store: tables.Store()}
	s.pinger, _ = db.(pinger)
	if tables.Shared() {
		var ctx context.Context
		ctx, s.stopFollow = context.WithCancel(context.Background())
		s.followed = make(chan struct{})
		// Who is away, told between the servers (table.Presence.Share), on the same
		// listening connection: set up before it listens.
		bus, sharePresence := db.(table.PresenceBus)
		if sharePresence {
			k.Presence.Share(bus, presenceEvery(cfg))
		}
		go func() {
			defer close(s.followed)
			var beats sync.WaitGroup
			if sharePresence {
				beats.Go(func() { k.Presence.Beat(ctx) })
			}
			tables.Follow(ctx, func(err error) {
				log.Warn("the database's notifications stopped: listening again; meanwhile other servers' changes reach this one's phones late", "err", err)
			})
			beats.Wait()
		}()
	}
	registered := cfg.Games
	if registered == nil {
		registered = Games
	}
	for _, g := range registered {
		s.games = append(s.games, g(k))
	}
	s.static = s.staticFiles()
	var streams int
	s.maxConns, streams = conns.Caps(cfg.MaxConnections)
	s.maxConnsAddr = conns.PerAddress(cfg.MaxConnectionsPerAddress, s.maxConns)
	s.Streams = live.NewLimits(capOr(cfg.MaxStreamsPerDevice, kit.DefaultStreamsPerDevice),
		capOr(cfg.MaxStreamsPerAddress, kit.DefaultStreamsPerAddress), streams)
	if !cfg.Offline {
		// The offline engine is the phone's own: what it asks of its processor is its own.
		s.actions = newBudget(capOr(cfg.ActionsPerMinutePerDevice, defaultActionsPerMinutePerDevice),
			capOr(cfg.ActionsPerMinutePerAddress, defaultActionsPerMinutePerAddress))
		s.hardMoves = newBudget(capOr(cfg.HardMovesPerMinutePerDevice, defaultHardMovesPerMinutePerDevice),
			capOr(cfg.HardMovesPerMinutePerAddress, defaultHardMovesPerMinutePerAddress))
	}
	s.routes()
	return s, nil
}

// presenceEvery is how often a server sharing its store tells the others again who has a
// stream on it (table.PresenceEvery; a test's Config may say sooner).
func presenceEvery(cfg Config) time.Duration {
	if cfg.PresenceEvery > 0 {
		return cfg.PresenceEvery
	}
	return table.PresenceEvery
}

// capOr is a configured cap: v, or def when v is 0; less than 0 is no cap (0).
func capOr(v, def int) int {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// Close ends the live streams and releases the store.
func (s *Server) Close() error {
	s.stopStreams()
	if s.stopFollow != nil {
		s.stopFollow()
		<-s.followed
	}
	return s.store.Close()
}

// stopStreams ends the live streams, which would otherwise hold a shutdown up.
func (s *Server) stopStreams() { s.stopOnce.Do(s.StopStreams) }

// Handler is the server's HTTP handler.
func (s *Server) Handler() http.Handler { return s.handler }

func (s *Server) routes() {
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.HandleError
	e.IPExtractor = clientAddress(s.cfg)
	e.Use(middleware.Recover())
	e.Use(s.logRequests)
	e.Use(securityHeaders)
	e.Use(middleware.BodyLimit(maxBody))
	e.Use(compress())
	e.Use(s.ChooseLanguage)
	e.Use(middleware.CSRFWithConfig(middleware.CSRFConfig{
		TokenLookup:    "form:_csrf,header:X-CSRF-Token",
		CookieName:     "tavolo_csrf",
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSecure:   s.cfg.SecureCookies,
		CookieSameSite: http.SameSiteLaxMode,
		Skipper:        func(c echo.Context) bool { return kit.IsStaticPath(c.Request().URL.Path) },
	}))
	s.echo = e
	s.handler = kit.AnswerHead(e)

	e.GET("/healthz", s.healthz)
	e.GET("/static/*", s.serveStaticPath) // the assets and the offline engine
	e.GET("/sw.js", s.serviceWorker)
	e.GET("/manifest.webmanifest", s.manifest)
	e.GET("/favicon.ico", s.favicon)
	e.GET("/catalog/:file", s.serveStaticPath)
	e.GET("/offline/:lang", s.offline)

	e.GET("/", s.home)
	e.GET("/about", s.about)
	e.GET("/settings", s.showSettings)
	e.POST("/settings", s.saveSettings)
	e.GET("/rules/:game", s.rules)

	// Each game registers its own routes, in its own file; those that open a table share
	// one allowance per client address.
	s.newTables = newTableAllowance(s.cfg.NewTablesPerHour, s.cfg.NewTablesPerHourPerAddress)
	e.Use(s.needsServer)
	s.Limits = kit.Limits{Actions: s.limitActions, NewTables: s.limitNewTables, TakeNewTable: s.takeNewTable, HardMove: s.spendHardMove}
	s.joinRoutes(e)
	for _, g := range s.games {
		g.Routes(e)
	}
	s.offlineRoutes(e)
}

// pinger is a store that can say whether it works.
type pinger interface{ Ping(context.Context) error }

// healthz answers "ok" when the server answers and its store reads, else 503: for a
// service manager's or a load balancer's health check.
func (s *Server) healthz(c echo.Context) error {
	if s.pinger != nil {
		ctx, cancel := context.WithTimeout(c.Request().Context(), 2*time.Second)
		defer cancel()
		if err := s.pinger.Ping(ctx); err != nil {
			s.Log.Error("healthz: the store does not answer", "err", err)
			return c.String(http.StatusServiceUnavailable, "the store does not answer\n")
		}
	}
	return c.String(http.StatusOK, "ok")
}

// clientAddress says where a request's client address comes from: the connection, or
// behind a proxy the nearest address in X-Forwarded-For that is not a trusted proxy's.
// The trusted proxies are the named ones (TrustedProxies), or loopback when none is named:
// echo would trust every private and link-local address too, so that a client on such a
// network could prepend addresses of its own choosing and be taken for any of them. A
// client on a trusted address can still do that (it cannot be told from the proxy): with
// no proxy named, that is any process on Tavolo's own machine, which can reach Tavolo
// directly anyway.
func clientAddress(cfg Config) echo.IPExtractor {
	if !cfg.TrustProxy && len(cfg.TrustedProxies) == 0 {
		return echo.ExtractIPDirect()
	}
	loopback := len(cfg.TrustedProxies) == 0
	trust := []echo.TrustOption{echo.TrustLoopback(loopback), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, r := range cfg.TrustedProxies {
		trust = append(trust, echo.TrustIPRange(r))
	}
	return echo.ExtractIPFromXFFHeader(trust...)
}

// httpServer is the http.Server that serves s, with the timeouts of its Config, and the
// listener it serves: ln, its connections capped (web/conns). Serve runs it, and so do the
// tests, so that they exercise the real settings.
func (s *Server) httpServer(ln net.Listener) (*http.Server, net.Listener) {
	srv := &http.Server{
		Addr:              s.cfg.Addr,
		Handler:           s.Handler(),
		ReadHeaderTimeout: cmp.Or(s.cfg.ReadHeaderTimeout, defaultReadHeaderTimeout),
		ReadTimeout:       cmp.Or(s.cfg.ReadTimeout, defaultReadTimeout),
		// Set once a request's headers are read, for the whole reply; a live stream sets
		// its own deadline before each write (streamWriter), which replaces it.
		WriteTimeout: cmp.Or(s.cfg.WriteTimeout, defaultWriteTimeout),
		IdleTimeout:  cmp.Or(s.cfg.IdleTimeout, defaultIdleTimeout),
		ErrorLog:     slog.NewLogLogger(s.Log.Handler(), slog.LevelWarn),
	}
	srv.RegisterOnShutdown(s.stopStreams)
	return srv, conns.Limit(srv, ln, conns.Limits{Total: s.maxConns, PerAddress: s.maxConnsAddr, Uncapped: trustedProxy(s.cfg)})
}

// trustedProxy tells the addresses of the proxies clientAddress trusts (nil when none is):
// every client's connection comes from them, so their connections are not capped per
// address (the caps per address of what is asked through them, streams and tables, count
// the clients' own addresses).
func trustedProxy(cfg Config) func(netip.Addr) bool {
	switch {
	case len(cfg.TrustedProxies) > 0:
		return func(a netip.Addr) bool {
			return slices.ContainsFunc(cfg.TrustedProxies, func(r *net.IPNet) bool { return r.Contains(a.AsSlice()) })
		}
	case cfg.TrustProxy:
		return netip.Addr.IsLoopback
	}
	return nil
}

// Serve runs the server until ctx is done, then shuts it down gracefully.
func Serve(ctx context.Context, cfg Config, log *slog.Logger) error {
	s, err := New(cfg, log)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		s.Close()
		return err
	}
	s.NetworkAddrs = NetworkAddrs(cfg.Addr, PortOf(ln.Addr()), nil)
	srv, limited := s.httpServer(ln)
	go s.sweep(ctx)
	errc := make(chan error, 1)
	if cfg.TLS != nil {
		srv.TLSConfig = cfg.TLS
		go func() { errc <- srv.ServeTLS(limited, "", "") }()
	} else {
		go func() { errc <- srv.Serve(limited) }()
	}
	perDevice, perAddress, total := s.Streams.Caps()
	log.Info("tavolo listening", "addr", cfg.Addr, "data", cfg.DataDir, "store", storeName(cfg), "max_connections", s.maxConns,
		"max_connections_per_address", s.maxConnsAddr,
		"max_streams", total, "max_streams_per_device", perDevice, "max_streams_per_address", perAddress,
		"tls", cfg.TLS != nil, "network", s.NetworkAddrs)
	if cfg.Ready != nil {
		cfg.Ready(s, ln.Addr(), s.NetworkAddrs)
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	// The streams taken from net/http (HTTP/1.1) are not among those Shutdown waits for:
	// each tells its page to reconnect, then ends.
	s.stopStreams()
	streamsEnded := make(chan struct{})
	go func() { s.Detached.Wait(); close(streamsEnded) }()
	select {
	case <-streamsEnded:
	case <-shutdownCtx.Done():
	}
	return s.Close()
}

// logRequests logs each request once it is answered, when debugging: its attributes
// are not even made otherwise.
func (s *Server) logRequests(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		if err := next(c); err != nil {
			c.Error(err)
		}
		if s.Log.Enabled(context.Background(), slog.LevelDebug) {
			s.logRequest(c, start)
		}
		return nil
	}
}

func (s *Server) logRequest(c echo.Context, start time.Time) {
	req := c.Request()
	method := req.Method
	if kit.IsHead(req) {
		method = http.MethodHead
	}
	s.Log.Debug("request", "method", method, "path", req.URL.Path, "status", c.Response().Status, "duration", time.Since(start))
}

// csp allows no inline script or style: everything comes from this origin's files.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; manifest-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; " +
	"form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every response carries, and keeps every answer but
// the shared files out of caches: pages and replies carry the device's form token, its
// hidden chest or its vote, which no cache on the way (nor the browser's disk) may keep;
// the shared files set their own Cache-Control. (One middleware, not two: each adds a
// frame under every live stream, whose goroutine renders views at the bottom of the
// chain, and a frame more grew 3,000 streams' stacks past their size: +60 MB.)
// Permissions-Policy governs a document: a script's reply or stream, which is none, goes
// without it, and keeps its headers to eight names (a ninth grows the header map into a
// table at every action: 1.3 % of the server's CPU under make bench-load).
func securityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Response().Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		if !isScriptRequest(c.Request()) {
			h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		}
		if !kit.IsStaticPath(c.Request().URL.Path) {
			h.Set("Cache-Control", "private, no-store")
		}
		return next(c)
	}
}

// isScriptRequest tells a request of a page's script whose answer is not a document: a
// live stream, or a JSON reply (what a script asks for with Accept: application/json;
// the catalogs are files, whatever is asked).
func isScriptRequest(req *http.Request) bool {
	return isStreamPath(req.URL.Path) || kit.AcceptsJSON(req) && !kit.IsStaticPath(req.URL.Path)
}

// isStreamPath tells a live stream's path.
func isStreamPath(p string) bool { return strings.HasSuffix(p, "/events") }

// game is the registered game named name.
func (s *Server) game(name string) (kit.Game, bool) {
	for _, g := range s.games {
		if g.Name == name {
			return g, true
		}
	}
	return kit.Game{}, false
}

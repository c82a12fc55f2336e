package kit

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/gorilla/sessions"

	"tavolo/i18n"
	"tavolo/pwa"
	"tavolo/web/live"
	"tavolo/web/table"
	donutstable "tavolo/web/table/donuts"
)

// Kit is what every game's handlers share: sessions, languages, the page frame, replies
// and live streams, tables opened and locked, errors.
type Kit struct {
	Log     *slog.Logger
	Catalog *i18n.Catalog
	// CatalogURLs: each language's catalog for the browser, at its hashed URL.
	CatalogURLs map[string]string
	Assets      *pwa.Assets
	Sessions    *sessions.CookieStore
	// sessionCache: the values of the session cookies lately decoded.
	sessionCache sessionCache
	langs        langCache            // the language each Accept-Language header chose
	Tables       *table.Tables        // the tables: read, locked and changed
	Store        table.Records        // the tables kept: reads, codes, lists, and the tables moved from phones
	Hub          *live.Hub            // tells a table's live streams that it changed
	Presence     *table.Presence      // which devices have a live stream open
	Streams      *live.Limits         // the live streams open, against their caps
	Choices      *donutstable.Choices // the hard computer's choices, searched once per situation
	Stopping     chan struct{}        // closed on shutdown (StopStreams): live streams end
	Detached     sync.WaitGroup       // the live streams taken from net/http, until they end
	Limits       Limits               // the budgets the games' routes spend
	Offline      bool                 // this is the offline engine (Config.Offline)
	// NetworkAddrs: where the other phones of the local network reach this server
	// (host:port), when it listens on every interface; set once it listens (reach.go).
	NetworkAddrs []string
	// StreamWriteTimeout: how long one write to a live stream may block (Config).
	StreamWriteTimeout time.Duration
	// StreamHeartbeat: how often a quiet live stream is pinged (Config).
	StreamHeartbeat time.Duration
	// device: the engine's settings, the device's (HandSettings); unused on the server.
	device atomic.Pointer[Settings]
	// answers: the version each page's latest action reply carried, by device and page
	// (answered.go).
	answers sync.Map
}

// Limits are the budgets (budget.go) as the games' handlers spend them.
type Limits struct {
	// Actions: the middleware that spends one of the device's and the address's actions
	// on a table; NewTables: one of their new tables.
	Actions, NewTables echo.MiddlewareFunc
	// TakeNewTable spends a new table from inside a handler (a table opened again);
	// HardMove, one of the hard computer's searches. False: refused, and answered so.
	TakeNewTable, HardMove func(echo.Context) (bool, error)
}

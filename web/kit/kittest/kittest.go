// Package kittest makes a kit for the games' own tests: tables in memory, the catalogs and
// the assets, no limits; and requests as the server's middleware leaves them.
package kittest

import (
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"tavolo/i18n"
	"tavolo/pwa"
	"tavolo/web/kit"
	"tavolo/web/live"
	"tavolo/web/store/memory"
	"tavolo/web/table"
)

// CSRF is the form token of the requests Context makes.
const CSRF = "kittestcsrftoken0123456789abcdef"

// New is a kit over tables kept in memory.
func New(tb testing.TB) *kit.Kit {
	tb.Helper()
	catalog, err := i18n.Load()
	require.NoError(tb, err)
	assets, err := pwa.Load()
	require.NoError(tb, err)
	hub := live.NewHub()
	tables := table.NewTables(memory.New(nil), table.CacheBudget, hub)
	pass := func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	allow := func(echo.Context) (bool, error) { return true, nil }
	return &kit.Kit{Log: slog.New(slog.DiscardHandler), Catalog: catalog, Assets: assets, CatalogURLs: map[string]string{},
		Sessions: kit.NewSessionStore([]byte(strings.Repeat("k", 32)), false), Tables: tables, Store: tables.Store(), Hub: hub,
		Presence: table.NewPresence(time.Minute, hub.Touch), Streams: live.NewLimits(0, 0, 0), Stopping: make(chan struct{}),
		Limits: kit.Limits{Actions: pass, NewTables: pass, TakeNewTable: allow, HardMove: allow}}
}

// Context is a request of device to path as the middleware leaves it: its session cookie,
// English, the form token CSRF.
func Context(tb testing.TB, k *kit.Kit, method, path, device string) echo.Context {
	tb.Helper()
	req := httptest.NewRequest(method, path, nil)
	rec := httptest.NewRecorder()
	sess, _ := k.Sessions.New(req, "tavolo")
	sess.Values["device"] = device
	require.NoError(tb, sess.Save(req, rec))
	req.Header.Set("Cookie", strings.SplitN(rec.Header().Get("Set-Cookie"), ";", 2)[0])
	c := echo.New().NewContext(req, httptest.NewRecorder())
	c.Set("lang", "en")
	c.Set("csrf", CSRF)
	return c
}

// Package web is Tavolo's HTTP server: routes, middleware, handlers and templates.
package web

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
)

// Config is what the server is started with.
type Config struct {
	Addr          string
	DataDir       string
	SecureCookies bool
	SessionKey    string // from TAVOLO_SESSION_KEY; when empty, kept in DataDir
}

// Serve runs the server until ctx is done.
func Serve(ctx context.Context, cfg Config, log *slog.Logger) error {
	e := echo.New()
	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })
	go func() { <-ctx.Done(); _ = e.Shutdown(context.Background()) }()
	return e.Start(cfg.Addr)
}

package web

import (
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"golang.org/x/time/rate"

	"tavolo/web/clientaddr"
	"tavolo/web/page"
)

// Each client address may open so many new tables an hour (Config.NewTablesPerHour): as
// many at once, then one every 3600/N seconds. A family opens a few tables an evening; a
// script opening hundreds a minute is refused with a 429 that says when to try again.
const defaultNewTablesPerHour = 60

// newTableLimit is the middleware of the routes that make a table.
func (s *Server) newTableLimit() echo.MiddlewareFunc {
	perHour := s.cfg.NewTablesPerHour
	if perHour <= 0 {
		perHour = defaultNewTablesPerHour
	}
	every := time.Hour / time.Duration(perHour)
	minutes := int(math.Ceil(every.Minutes()))
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		IdentifierExtractor: clientKey,
		Store: middleware.NewRateLimiterMemoryStoreWithConfig(middleware.RateLimiterMemoryStoreConfig{
			Rate: rate.Every(every), Burst: perHour, ExpiresIn: time.Hour}),
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			c.Response().Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(every.Seconds()))))
			l := s.localizer(c)
			return renderPage(c, http.StatusTooManyRequests,
				page.Error(s.frame(c, "error", l.T("error.toomany.title")), l.N("error.toomany.tables", minutes)))
		},
		ErrorHandler: func(c echo.Context, err error) error { return echo.ErrBadRequest.SetInternal(err) },
	})
}

// clientKey is what a request's client counts as for the limits per client address: its
// address (c.RealIP, behind a proxy the one the proxy saw), an IPv6 address by its /64,
// as the live streams count it.
func clientKey(c echo.Context) (string, error) { return clientaddr.Key(c.RealIP()), nil }

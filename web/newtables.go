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

// Each client address may open N new tables (Config.NewTablesPerHour) at once, then one
// every hour/N: a bucket of N refilled at N an hour, so an hour holds N once the bucket is
// spent, and never more than 2N (a full bucket and an hour's refill). A family opens a few
// tables an evening; a script opening hundreds a minute is refused with a 429 that says
// when to try again.
const defaultNewTablesPerHour = 60

// tableAllowance is each client address's allowance of new tables.
type tableAllowance struct {
	store middleware.RateLimiterStore
	every time.Duration // one more table after each
}

func newTableAllowance(perHour int) *tableAllowance {
	if perHour <= 0 {
		perHour = defaultNewTablesPerHour
	}
	every := time.Hour / time.Duration(perHour)
	return &tableAllowance{every: every, store: middleware.NewRateLimiterMemoryStoreWithConfig(
		middleware.RateLimiterMemoryStoreConfig{Rate: rate.Every(every), Burst: perHour, ExpiresIn: time.Hour})}
}

// takeNewTable takes one table from the client address's allowance. With none left it
// answers the request itself, a 429 that says when to try again, and returns false with
// what the answer returned. A handler that checks its request first (the table a play
// again names, its form) calls it last, so that a refused request takes nothing.
func (s *Server) takeNewTable(c echo.Context) (bool, error) {
	key, _ := clientKey(c)
	ok, err := s.newTables.store.Allow(key)
	if err != nil {
		return false, echo.ErrBadRequest.SetInternal(err)
	}
	if ok {
		return true, nil
	}
	every := s.newTables.every
	c.Response().Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(every.Seconds()))))
	l := s.localizer(c)
	return false, renderPage(c, http.StatusTooManyRequests,
		page.Error(s.frame(c, "error", l.T("error.toomany.title")), l.N("error.toomany.tables", int(math.Ceil(every.Minutes())))))
}

// limitNewTables is the middleware of the routes that make a table from a form alone.
func (s *Server) limitNewTables(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if ok, err := s.takeNewTable(c); !ok {
			return err
		}
		return next(c)
	}
}

// clientKey is what a request's client counts as for the limits per client address: its
// address (c.RealIP, behind a proxy the one the proxy saw), an IPv6 address by its /64,
// as the live streams count it.
func clientKey(c echo.Context) (string, error) { return clientaddr.Key(c.RealIP()), nil }

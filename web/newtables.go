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

// Each device may open N new tables (Config.NewTablesPerHour) at once, then one every
// hour/N: a bucket of N refilled at N an hour, so an hour holds N once the bucket is
// spent, and never more than 2N (a full bucket and an hour's refill). A family opens a
// few tables an evening. Each client address has a larger bucket of its own
// (Config.NewTablesPerHourPerAddress), the backstop for a client that drops its cookies
// to be a new device each time: sized so that the devices of a games club on one
// network, each within its own allowance, never meet it.
const (
	defaultNewTablesPerHour           = 20
	defaultNewTablesPerHourPerAddress = 240
)

// tableAllowance is each device's and each client address's allowance of new tables.
type tableAllowance struct {
	devices, addresses allowance
}

// allowance is a bucket per key: one more after each every.
type allowance struct {
	store middleware.RateLimiterStore
	every time.Duration
}

func newAllowance(perHour, def int) allowance {
	if perHour <= 0 {
		perHour = def
	}
	every := time.Hour / time.Duration(perHour)
	return allowance{every: every, store: middleware.NewRateLimiterMemoryStoreWithConfig(
		middleware.RateLimiterMemoryStoreConfig{Rate: rate.Every(every), Burst: perHour, ExpiresIn: time.Hour})}
}

func newTableAllowance(perDevice, perAddress int) *tableAllowance {
	return &tableAllowance{devices: newAllowance(perDevice, defaultNewTablesPerHour),
		addresses: newAllowance(perAddress, defaultNewTablesPerHourPerAddress)}
}

// takeNewTable takes one table from the device's allowance and from its client address's.
// With none left it answers the request itself, a 429 that says whose allowance is spent
// and when to try again, and returns false with what the answer returned. A handler that
// checks its request first (the table a play again names, its form) calls it last, so
// that a refused request takes nothing.
//
// A device the session already names is counted first, so that a device past its
// allowance takes nothing from its network's; a new one only once its network allowed
// it, so that a client making a new device at each request adds no entry the network's
// allowance did not pay for.
func (s *Server) takeNewTable(c echo.Context) (bool, error) {
	device := s.readSession(c).Device
	if device != "" {
		if ok, err := s.newTables.devices.store.Allow(device); err != nil || !ok {
			return false, s.refuseNewTable(c, err, s.newTables.devices.every, "error.toomany.device")
		}
	}
	key, _ := clientKey(c)
	if ok, err := s.newTables.addresses.store.Allow(key); err != nil || !ok {
		return false, s.refuseNewTable(c, err, s.newTables.addresses.every, "error.toomany.tables")
	}
	if device == "" {
		device, err := s.deviceID(c)
		if err != nil {
			return false, err
		}
		s.newTables.devices.store.Allow(device) // a new device's full bucket: always allowed
	}
	return true, nil
}

// refuseNewTable answers a request whose allowance is spent: a 429 with Retry-After and
// the sentence (message) that says when to try again.
func (s *Server) refuseNewTable(c echo.Context, err error, every time.Duration, message string) error {
	if err != nil {
		return echo.ErrBadRequest.SetInternal(err)
	}
	c.Response().Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(every.Seconds()))))
	l := s.localizer(c)
	sentence := l.N(message, int(math.Ceil(every.Minutes())))
	if wantsJSON(c) {
		// A script's request (the service worker moving a kept table): the sentence to show.
		return c.JSON(http.StatusTooManyRequests, map[string]string{"error": sentence})
	}
	return renderPage(c, http.StatusTooManyRequests, page.Error(s.frame(c, "error", l.T("error.toomany.title")), sentence))
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

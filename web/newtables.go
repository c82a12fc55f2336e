package web

import (
	"cmp"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"tavolo/web/clientaddr"
	"tavolo/web/kit"
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

// newTableAllowance is each device's and each client address's allowance of new tables,
// a budget (budget.go) of perDevice and perAddress tables an hour, a full hour's worth at
// once (0: the defaults).
func newTableAllowance(perDevice, perAddress int) *budget {
	perDevice, perAddress = cmp.Or(max(perDevice, 0), defaultNewTablesPerHour), cmp.Or(max(perAddress, 0), defaultNewTablesPerHourPerAddress)
	return budgetOf(newBuckets(perDevice, time.Hour, perDevice), newBuckets(perAddress, time.Hour, perAddress))
}

// takeNewTable takes one table from the device's allowance and from its client address's.
// With none left it answers the request itself, a 429 that says whose allowance is spent
// and when to try again, and returns false with what the answer returned. A handler that
// checks its request first (the table a play again names, its form) calls it last, so
// that a refused request takes nothing.
//
// A device the session already names is counted with its address, and a device past its
// own allowance takes nothing from its network's; a new one only once its network allowed
// it, so that a client making a new device at each request adds no bucket the network's
// allowance did not pay for.
func (s *Server) takeNewTable(c echo.Context) (bool, error) {
	device := s.SessionDevice(c)
	key, _ := clientKey(c)
	if wait, byDevice := s.newTables.spendBy(device, key); wait > 0 {
		s.metrics.refused[limitNewTables].Add(1)
		message := "error.toomany.tables"
		if byDevice {
			message = "error.toomany.device"
		}
		return false, s.refuseNewTable(c, wait, message)
	}
	if device == "" {
		device, err := s.DeviceID(c)
		if err != nil {
			return false, err
		}
		s.newTables.takeDevice(device)
	}
	return true, nil
}

// refuseNewTable answers a request whose allowance is spent: a 429 with Retry-After and
// the sentence (message) that says when to try again.
func (s *Server) refuseNewTable(c echo.Context, wait time.Duration, message string) error {
	c.Response().Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(wait.Seconds()))))
	l := s.Localizer(c)
	sentence := l.N(message, int(math.Ceil(wait.Minutes())))
	if kit.WantsJSON(c) {
		// A script's request (the service worker moving a kept table): the sentence to show.
		return c.JSON(http.StatusTooManyRequests, map[string]string{"error": sentence})
	}
	return kit.RenderPage(c, http.StatusTooManyRequests, page.Error(s.Frame(c, "error", l.T("error.toomany.title")), sentence))
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

package web

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"

	"tavolo/web/kit"
	"tavolo/web/page"
)

// What one client may ask of the server's processor (issue 21, docs/OPERATING.md "Limits"). Every
// action on a table (a move, a draw, a vote, an undo) takes a token from two budgets: the
// device's (its session's device id, when it has one) and its client address's (as every
// limit per address counts it: web/clientaddr, an IPv6 address by its /64). A move that has
// the hard computer search for its reply (a situation whose choice is not kept: see
// donutstable.Choices) costs ~45 ms of a core, a thousand times an ordinary action, so it
// takes a token of two budgets of its own as well. Each budget is a token bucket
// (golang.org/x/time/rate) holding ten seconds' worth and refilled at its rate a minute.
// Beyond it the answer is 429 with Retry-After and a sentence that says when the page tries
// again, and nothing is changed.
//
// The rates are generous for people: a family plays a few moves a minute, a Diamant host
// draws a card every few seconds, a player who undoes and tries again makes a few quick
// requests; 2 actions a second, 20 at once, is more than two hands on one phone make. The
// address's budget is the backstop, sized for a games club on one Wi-Fi (20 tables of 6
// phones: a round of votes is 120 actions at once, a draw a few seconds a table). The hard
// computer's: a device may have it think one move every 2 s (5 at once), ~2 % of a core;
// an address 4 a second (40 at once), ~18 % of a core, which is forty people each placing
// a donut against it every 10 s.
const (
	defaultActionsPerMinutePerDevice    = 120
	defaultActionsPerMinutePerAddress   = 1200
	defaultHardMovesPerMinutePerDevice  = 30
	defaultHardMovesPerMinutePerAddress = 240
	// A bucket holds this many seconds' worth of its rate.
	budgetBurst = 10 * time.Second
	// Buckets full again are forgotten at most this often (a full bucket is a new one).
	budgetSweep = time.Minute
	// A refused action is answered after its wait, up to this long (as a wrong join code
	// is answered after a second). Answering a refusal costs what any small request does
	// (~0.1 ms of a core): a script that sends again at once, whatever it is told, would
	// send thousands a second on a few connections; held, it sends one a second on each.
	refusalHold = time.Second
)

// buckets are one budget's token buckets by key (a device, an address).
type buckets struct {
	limit rate.Limit // tokens a second; 0: no limit
	burst int
	m     map[string]*rate.Limiter
}

// newBuckets are buckets refilled with n tokens every per and holding burst (0 or less:
// no limit).
func newBuckets(n int, per time.Duration, burst int) buckets {
	if n <= 0 {
		return buckets{}
	}
	return buckets{limit: rate.Limit(float64(n) / per.Seconds()), burst: max(1, burst), m: map[string]*rate.Limiter{}}
}

// perMinute are the buckets of a budget of actions: n a minute, ten seconds' worth at once.
func perMinute(n int) buckets {
	return newBuckets(n, time.Minute, n*int(budgetBurst/time.Second)/60)
}

// tokens is what key's bucket holds at now: a bucket never used is full.
func (b *buckets) tokens(key string, now time.Time) float64 {
	if l := b.m[key]; l != nil {
		return l.TokensAt(now)
	}
	return float64(b.burst)
}

// take takes a token from key's bucket, which must have one.
func (b *buckets) take(key string, now time.Time) {
	l := b.m[key]
	if l == nil {
		l = rate.NewLimiter(b.limit, b.burst)
		b.m[key] = l
	}
	l.AllowN(now, 1)
}

// sweep forgets the buckets that are full again.
func (b *buckets) sweep(now time.Time) {
	for k, l := range b.m {
		if l.TokensAt(now) >= float64(b.burst) {
			delete(b.m, k)
		}
	}
}

// budget is one kind of budget: a bucket per device and one per client address (the
// actions, the hard computer's moves, the new tables). It is not echo's
// RateLimiterMemoryStore: that takes one token of one bucket per call and says neither when
// the next comes nor gives back a token, whereas a request here takes from two buckets or
// from none, and its refusal says when to try again and whose bucket is empty. Buckets are made only for requests let through, and forgotten once full
// again, so a client that sends a new device id with each request makes no more of them
// than its address lets through.
type budget struct {
	mu        sync.Mutex
	device    buckets
	address   buckets
	lastSweep time.Time
	now       func() time.Time // the clock; tests set it
	hold      time.Duration    // how long a refusal may be held (refusalHold; tests: 0)
}

// newBudget is a budget of perDevice and perAddress a minute (0 or less: none); nil when
// neither limits.
func newBudget(perDevice, perAddress int) *budget {
	return budgetOf(perMinute(perDevice), perMinute(perAddress))
}

// budgetOf is a budget of these buckets; nil when neither limits.
func budgetOf(device, address buckets) *budget {
	b := &budget{device: device, address: address, now: time.Now, hold: refusalHold}
	if b.device.limit == 0 && b.address.limit == 0 {
		return nil
	}
	b.lastSweep = b.now()
	return b
}

// spend takes a token from the device's bucket (when the request has a device) and from
// the address's, or from neither: then it returns how long until both have one.
func (b *budget) spend(device, address string) time.Duration {
	wait, _ := b.spendBy(device, address)
	return wait
}

// spendBy is spend, and tells whether the device's bucket is the one empty (else the
// address's).
func (b *budget) spendBy(device, address string) (wait time.Duration, byDevice bool) {
	if b == nil {
		return 0, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	if now.Sub(b.lastSweep) > budgetSweep {
		b.device.sweep(now)
		b.address.sweep(now)
		b.lastSweep = now
	}
	for _, k := range []struct {
		b   *buckets
		key string
	}{{&b.device, device}, {&b.address, address}} {
		if k.b.limit == 0 || k.key == "" {
			continue
		}
		if t := k.b.tokens(k.key, now); t < 1 {
			if w := time.Duration((1 - t) / float64(k.b.limit) * float64(time.Second)); w > wait {
				wait, byDevice = w, k.b == &b.device
			}
		}
	}
	if wait > 0 {
		return wait, byDevice
	}
	if device != "" && b.device.limit != 0 {
		b.device.take(device, now)
	}
	if b.address.limit != 0 {
		b.address.take(address, now)
	}
	return 0, false
}

// takeDevice takes a token from a device's bucket for a request the budget let through
// before the device was known (a new device's bucket is full).
func (b *budget) takeDevice(device string) {
	if b == nil || b.device.limit == 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.device.take(device, b.now())
}

// spendBudget takes from b for this request's device and address; a refusal answers the
// request itself (tooMany with the message ids given), after holding it up to b's hold
// when hold is true, and returns false with what the answer returned.
func (s *Server) spendBudget(c echo.Context, b *budget, hold bool, script, page string) (bool, error) {
	if b == nil {
		return true, nil
	}
	address, _ := clientKey(c)
	wait := b.spend(s.SessionDevice(c), address)
	if wait <= 0 {
		return true, nil
	}
	if b == s.hardMoves {
		s.metrics.refused[limitHardMoves].Add(1)
	} else {
		s.metrics.refused[limitActions].Add(1)
	}
	if held := min(wait, b.hold); hold && held > 0 {
		timer := time.NewTimer(held)
		select {
		case <-timer.C:
			wait -= held
		case <-c.Request().Context().Done():
			timer.Stop()
		}
	}
	return false, s.tooMany(c, wait, script, page)
}

// limitActions is the middleware of the routes that act on a table: each request takes a
// token of the device's and the address's budgets of actions. A refusal is held (before
// any table's lock is taken).
func (s *Server) limitActions(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if ok, err := s.spendBudget(c, s.actions, true, "app.actions.toomany", "app.actions.toomany.page"); !ok {
			return err
		}
		start := time.Now()
		err := next(c)
		s.metrics.action(time.Since(start))
		return err
	}
}

// spendHardMove takes a token of the budgets of the hard computer's moves, for a request
// that will have it search; see spendBudget. Its refusal comes under the table's lock: it
// is not held (the request took an action already, whose budget holds a flood).
func (s *Server) spendHardMove(c echo.Context) (bool, error) {
	return s.spendBudget(c, s.hardMoves, false, "app.actions.computer", "app.actions.computer.page")
}

// tooMany answers a request beyond a budget: 429, Retry-After (the wait left, in whole
// seconds, at least one), and a localized sentence that says nothing was changed and when to try again: for
// a page's script, JSON as a refused stream's ({"error", "id", "retryAfter"}: the script
// says the sentence with its own wait, and tries again then); otherwise an error page.
func (s *Server) tooMany(c echo.Context, wait time.Duration, script, pageID string) error {
	secs := max(1, int(math.Ceil(wait.Seconds())))
	h := c.Response().Header()
	h.Set("Retry-After", strconv.Itoa(secs))
	h.Set("Cache-Control", "no-store")
	l := s.Localizer(c)
	if kit.WantsJSON(c) {
		text := l.N(script, secs)
		return kit.WriteReply(c, http.StatusTooManyRequests, func(b []byte) ([]byte, error) {
			return kit.AppendJSON(b, struct {
				Error      string `json:"error"`
				ID         string `json:"id"`
				RetryAfter int    `json:"retryAfter"`
			}{text, script, secs})
		})
	}
	return kit.RenderPage(c, http.StatusTooManyRequests,
		page.Error(s.Frame(c, "error", l.T("error.busy.title")), l.N(pageID, secs)))
}

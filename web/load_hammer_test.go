package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tavolo/internal/markup"

	"github.com/stretchr/testify/require"
)

// TestLoadHardComputerHammer measures what one client hammering the hard computer costs
// everybody else (issue 21; the outside review's M3): the server in a process of its
// own, on loopback; victims from 127.0.0.2 (10 devices, each with a Diamant table, which
// it draws and undoes, and a Donuts table, whose page it reads), alone, then while workers
// from 127.0.0.3 (each a device with a game against the hard computer) place a donut and
// take it back as fast as they are answered, ignoring every 429 as a hostile script would.
// It prints the victims' page and draw latencies (p50/p90/p99) and the server's CPU in each
// phase; the difference is the hammer's.
//
//	TAVOLO_HAMMER=1 go test -run TestLoadHardComputerHammer -v -timeout 10m ./web/
//
// TAVOLO_HAMMER_BIN: the server to measure (a build of another commit; default: this tree's
// cmd/tavolo). TAVOLO_HAMMER_SECONDS: each phase's length (30, at most 300).
// TAVOLO_HAMMER_WORKERS: the hammer's workers (4, at most 16). TAVOLO_HAMMER_VICTIMS: the
// victims' devices (10, at most 32; more than 12 pass their address's budget). TAVOLO_HAMMER_MODE: "loop" (the first playable plate,
// placed and taken back: the review's loop) or "deep" (a random playable plate each time,
// never taken back, a new game at the end: every position new, so nothing is known
// already), or "healthz" (GET /healthz: the cheapest request, the floor of what a flood
// of requests costs whatever they ask).
func TestLoadHardComputerHammer(t *testing.T) {
	if os.Getenv("TAVOLO_HAMMER") == "" {
		t.Skip("set TAVOLO_HAMMER=1")
	}
	seconds := min(envInt("TAVOLO_HAMMER_SECONDS", 30), 300)
	workers := min(envInt("TAVOLO_HAMMER_WORKERS", 4), 16)
	victims := min(envInt("TAVOLO_HAMMER_VICTIMS", 10), 32)
	mode := os.Getenv("TAVOLO_HAMMER_MODE")
	if mode == "" {
		mode = "loop"
	}
	require.Contains(t, []string{"loop", "deep", "healthz"}, mode)
	bin := os.Getenv("TAVOLO_HAMMER_BIN")
	if bin == "" {
		bin = buildServer(t)
	}
	base, pid := startServerBinary(t, bin, t.TempDir())

	vs := make([]*hammerVictim, victims)
	for i := range vs {
		vs[i] = newHammerVictim(t, base)
	}
	hs := make([]*hammerWorker, workers)
	for i := range hs {
		hs[i] = newHammerWorker(t, base, mode)
	}
	phase := func(name string, hammer bool) {
		ctx, cancel := context.WithTimeout(t.Context(), time.Duration(seconds)*time.Second)
		defer cancel()
		for _, v := range vs {
			v.reset()
		}
		for _, h := range hs {
			h.reset()
		}
		cpu0, err := procCPU(pid)
		require.NoError(t, err)
		start := time.Now()
		var wg sync.WaitGroup
		for _, v := range vs {
			wg.Go(func() { v.run(ctx) })
		}
		if hammer {
			for _, h := range hs {
				wg.Go(func() { h.run(ctx) })
			}
		}
		wg.Wait()
		elapsed := time.Since(start)
		cpu1, err := procCPU(pid)
		require.NoError(t, err)
		var pages, draws []time.Duration
		errs := 0
		for _, v := range vs {
			pages, draws, errs = append(pages, v.pages...), append(draws, v.draws...), errs+v.errs
		}
		statuses := map[string]int{}
		requests := 0
		for _, h := range hs {
			for k, n := range h.statuses {
				statuses[k] += n
				requests += n
			}
		}
		line := fmt.Sprintf("HAMMER %s mode=%s workers=%d: page p50/p90/p99 %s (%d) draw p50/p90/p99 %s (%d) victim errors %d; server CPU %.2f cores (%v in %v)",
			name, mode, workers, pcts(pages), len(pages), pcts(draws), len(draws), errs,
			float64(cpu1-cpu0)/float64(elapsed), (cpu1 - cpu0).Round(10*time.Millisecond), elapsed.Round(100*time.Millisecond))
		if hammer {
			keys := make([]string, 0, len(statuses))
			for k := range statuses {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			var parts []string
			for _, k := range keys {
				parts = append(parts, fmt.Sprintf("%s %d", k, statuses[k]))
			}
			line += fmt.Sprintf("; hammer %d requests (%.0f/s): %s", requests, float64(requests)/elapsed.Seconds(), strings.Join(parts, ", "))
		}
		fmt.Printf("%s; load %s\n", line, loadAverage())
	}
	phase("alone", false)
	phase("hammered", true)
}

// pcts is a sample's p50/p90/p99 in milliseconds.
func pcts(d []time.Duration) string {
	if len(d) == 0 {
		return "-"
	}
	slices.Sort(d)
	at := func(q float64) string {
		return fmt.Sprintf("%.1f", float64(d[int(q*float64(len(d)-1))])/float64(time.Millisecond))
	}
	return at(0.5) + "/" + at(0.9) + "/" + at(0.99) + " ms"
}

// hammerClient is a browser from a loopback address of its own: its cookies, its token.
type hammerClient struct {
	t    *testing.T
	base string
	http *http.Client
	csrf string
}

func newHammerClient(t *testing.T, base, from string) *hammerClient {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(from, "127."), "loopback only")
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: 5 * time.Second}
	c := &hammerClient{t: t, base: base, http: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport:     &http.Transport{DialContext: d.DialContext, MaxIdleConnsPerHost: 4}}}
	_, body, err := c.do(context.Background(), http.MethodGet, "/settings", nil, false)
	require.NoError(t, err)
	c.csrf = field(t, body, "_csrf")
	return c
}

// do sends a request (a form when form is not nil, as JSON for a script when asJSON).
func (c *hammerClient) do(ctx context.Context, method, path string, form url.Values, asJSON bool) (*http.Response, string, error) {
	var body io.Reader
	if form != nil {
		form.Set("_csrf", c.csrf)
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, body)
	if err != nil {
		return nil, "", err
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if asJSON {
		req.Header.Set("Accept", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, string(b), err
}

// create posts a setup form and returns the table's address.
func (c *hammerClient) create(path string, form url.Values) string {
	res, body, err := c.do(context.Background(), http.MethodPost, path, form, false)
	require.NoError(c.t, err)
	require.Equal(c.t, http.StatusSeeOther, res.StatusCode, body)
	return res.Header.Get("Location")
}

// hammerVictim is a person at another table: it reads its Donuts table's page and draws a
// card at its Diamant table (then takes it back, to draw it again), every 1.25 s, within
// its device's budget of actions.
type hammerVictim struct {
	c             *hammerClient
	page, diamant string
	version       string
	pages, draws  []time.Duration
	errs          int
}

func newHammerVictim(t *testing.T, base string) *hammerVictim {
	c := newHammerClient(t, base, "127.0.0.2")
	v := &hammerVictim{c: c}
	v.page = c.create("/donuts", url.Values{"mode": {"two"}, "first": {"chocolate"}, "board": {"new"}})
	v.diamant = c.create("/diamant", url.Values{"name": {"Ada", "Bea", "Cy"}, "draw": {"app"}, "vote": {"cards"}})
	_, body, err := c.do(context.Background(), http.MethodGet, v.diamant, nil, false)
	require.NoError(t, err)
	v.version = versionField(t, body)
	return v
}

func (v *hammerVictim) reset() { v.pages, v.draws, v.errs = nil, nil, 0 }

// act posts an action as the page's script does and keeps the reply's version.
func (v *hammerVictim) act(ctx context.Context, path string) (time.Duration, bool) {
	start := time.Now()
	res, body, err := v.c.do(ctx, http.MethodPost, v.diamant+path, url.Values{"version": {v.version}}, true)
	took := time.Since(start)
	if err != nil || res.StatusCode != http.StatusOK {
		if ctx.Err() == nil {
			v.errs++
		}
		return 0, false
	}
	var r diamantReply
	if json.Unmarshal([]byte(body), &r) != nil {
		v.errs++
		return 0, false
	}
	v.version = fmt.Sprint(r.Version)
	return took, true
}

func (v *hammerVictim) run(ctx context.Context) {
	// Each victim starts at its own moment in the period, as people do. Two actions a
	// period: 1.6 a second, within a device's budget (2 a second), 16 a second for 10
	// victims, within their address's (20).
	period := 1250 * time.Millisecond
	tick := time.NewTicker(period)
	defer tick.Stop()
	select {
	case <-time.After(rand.N(period)):
	case <-ctx.Done():
		return
	}
	for ctx.Err() == nil {
		for range 2 {
			start := time.Now()
			res, _, err := v.c.do(ctx, http.MethodGet, v.page, nil, false)
			if err == nil && res.StatusCode == http.StatusOK {
				v.pages = append(v.pages, time.Since(start))
			} else if ctx.Err() == nil {
				v.errs++
			}
		}
		if took, ok := v.act(ctx, "/draw"); ok {
			v.draws = append(v.draws, took)
			v.act(ctx, "/undo")
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
		}
	}
}

// hammerWorker is one worker of the hammering client: a device at a table against the
// hard computer, placing and taking back (loop) or playing on at random (deep), with no
// pause, whatever it is answered.
type hammerWorker struct {
	c        *hammerClient
	mode     string
	table    string
	version  string
	plate    string
	placed   bool
	statuses map[string]int
}

func newHammerWorker(t *testing.T, base, mode string) *hammerWorker {
	h := &hammerWorker{c: newHammerClient(t, base, "127.0.0.3"), mode: mode}
	h.newGame(context.Background())
	return h
}

func (h *hammerWorker) reset() { h.statuses = map[string]int{} }

// newGame opens a game against the hard computer, the person starting.
func (h *hammerWorker) newGame(ctx context.Context) bool {
	res, _, err := h.c.do(ctx, http.MethodPost, "/donuts", url.Values{"mode": {"computer"}, "level": {"hard"},
		"color": {"chocolate"}, "first": {"chocolate"}, "board": {"new"}}, false)
	if err != nil || res.StatusCode != http.StatusSeeOther {
		return false
	}
	h.table = res.Header.Get("Location")
	_, body, err := h.c.do(ctx, http.MethodGet, h.table, nil, false)
	if err != nil {
		return false
	}
	h.version = versionField(h.c.t, body)
	h.plate = markup.Parse(body).Get(h.c.t, markup.Field("plate")).Attr("value")
	h.placed = false
	return true
}

func (h *hammerWorker) run(ctx context.Context) {
	for ctx.Err() == nil && h.mode == "healthz" {
		res, _, err := h.c.do(ctx, http.MethodGet, "/healthz", nil, false)
		if err == nil {
			h.statuses[fmt.Sprintf("healthz %d", res.StatusCode)]++
		}
	}
	for ctx.Err() == nil {
		path := "/place"
		form := url.Values{"version": {h.version}, "plate": {h.plate}}
		if h.placed && h.mode == "loop" {
			path, form = "/undo", url.Values{"version": {h.version}}
		}
		res, body, err := h.c.do(ctx, http.MethodPost, h.table+path, form, true)
		if err != nil {
			continue
		}
		h.statuses[fmt.Sprintf("%s %d", path[1:], res.StatusCode)]++
		if res.StatusCode != http.StatusOK {
			continue // refused: again at once
		}
		var r donutsReply
		if json.Unmarshal([]byte(body), &r) != nil {
			continue
		}
		h.version = fmt.Sprint(r.Version)
		switch {
		case h.mode == "loop":
			h.placed = path == "/place"
		case r.Finished:
			h.statuses["new game"]++
			if !h.newGame(ctx) {
				return
			}
		default:
			var playable []int
			for i, c := range r.Cells {
				if c.Playable {
					playable = append(playable, i)
				}
			}
			if len(playable) == 0 {
				return
			}
			k := playable[rand.IntN(len(playable))]
			h.plate = fmt.Sprintf("%d,%d", k/6+1, k%6+1)
		}
	}
}

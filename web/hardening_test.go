package web

import (
	"fmt"
	"html"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
	donutstable "tavolo/web/table/donuts"
)

// Behind a proxy, the client's address is the one the proxy appended: addresses a client
// prepends itself, private or not, are never taken.
func TestClientAddressBehindProxy(t *testing.T) {
	_, office, _ := net.ParseCIDR("10.9.0.0/16")
	_, loopback, _ := net.ParseCIDR("127.0.0.0/8")
	for _, tc := range []struct {
		name   string
		cfg    Config
		remote string
		xff    string
		want   string
	}{
		{name: "direct", cfg: Config{}, remote: "192.168.1.7:5000", xff: "1.2.3.4", want: "192.168.1.7"},
		{name: "proxy on loopback", cfg: Config{TrustProxy: true}, remote: "127.0.0.1:5000", xff: "203.0.113.9", want: "203.0.113.9"},
		{name: "private client spoofs", cfg: Config{TrustProxy: true}, remote: "127.0.0.1:5000", xff: "10.0.0.99, 192.168.1.50", want: "192.168.1.50"},
		{name: "public client spoofs", cfg: Config{TrustProxy: true}, remote: "127.0.0.1:5000", xff: "198.51.100.1, 203.0.113.9", want: "203.0.113.9"},
		{name: "garbage prepended", cfg: Config{TrustProxy: true}, remote: "127.0.0.1:5000", xff: "nonsense, 192.168.1.50", want: "192.168.1.50"},
		{name: "named proxy chain", cfg: Config{TrustedProxies: []*net.IPNet{office}}, remote: "10.9.0.2:5000", xff: "10.0.0.99, 192.168.1.50, 10.9.0.3", want: "192.168.1.50"},
		{name: "unnamed private proxy is a client", cfg: Config{TrustProxy: true}, remote: "10.9.0.2:5000", xff: "192.168.1.50", want: "10.9.0.2"},
		// Loopback is trusted as a proxy when no proxy is named: what a client on loopback
		// writes itself is taken (docs/OPERATING.md, "Behind a proxy"): it could reach Tavolo directly anyway.
		{name: "loopback is a proxy", cfg: Config{TrustProxy: true}, remote: "127.0.0.1:5000", xff: "10.0.0.99, 127.0.0.1", want: "10.0.0.99"},
		{name: "IPv6 loopback is a proxy", cfg: Config{TrustProxy: true}, remote: "[::1]:5000", xff: "2001:db8::9", want: "2001:db8::9"},
		// Once proxies are named, loopback is one only if it is named too.
		{name: "named proxies: loopback is a client", cfg: Config{TrustedProxies: []*net.IPNet{office}}, remote: "127.0.0.1:5000", xff: "10.0.0.99", want: "127.0.0.1"},
		{name: "named proxies: IPv6 loopback is a client", cfg: Config{TrustedProxies: []*net.IPNet{office}}, remote: "[::1]:5000", xff: "10.0.0.99", want: "::1"},
		{name: "named proxies: loopback behind a named proxy is a client", cfg: Config{TrustedProxies: []*net.IPNet{office}}, remote: "10.9.0.2:5000", xff: "10.0.0.99, 127.0.0.1", want: "127.0.0.1"},
		{name: "named proxies and loopback", cfg: Config{TrustProxy: true, TrustedProxies: []*net.IPNet{office, loopback}}, remote: "127.0.0.1:5000", xff: "198.51.100.1, 10.9.0.3", want: "198.51.100.1"},
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		req.RemoteAddr = tc.remote
		req.Header.Set("X-Forwarded-For", tc.xff)
		require.Equal(t, tc.want, clientAddress(tc.cfg)(req), tc.name)
	}
}

// The join look-ups are limited per client: behind a proxy, a client on a private
// network that writes a new address of its own into each request is still one client.
func TestJoinLimitIgnoresSpoofedForwardedFor(t *testing.T) {
	_, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), TrustProxy: true})
	c := newClient(t, ts)
	c.get("/", nil)
	joinLookupsAreOneClient(t, ts, c, func(i int) string {
		return "10.0." + string(rune('0'+i/10)) + "." + string(rune('0'+i%10)) + ", 192.168.1.50"
	})
}

// Requests for tables that do not exist answer 404 and leave no lock behind: neither ids
// of a table's form that name none nor anything else (a 4,096-character id).
func TestUnknownTablesLeaveNoLocks(t *testing.T) {
	s, ts := newServerPairWith(t, withoutBudgets(Config{DataDir: t.TempDir()}))
	c := newClient(t, ts)
	token := c.csrf()
	long := strings.Repeat("a2", 2048)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				id := table.NewID()
				if i%2 == 0 {
					id = long
				}
				for _, path := range []string{"/diamant/" + id + "/draw", "/diamant/" + id + "/start", "/donuts/t/" + id + "/place", "/donuts/t/" + id} {
					method := http.MethodPost
					if !strings.Contains(path[1:], "/place") && strings.HasPrefix(path, "/donuts") {
						method = http.MethodGet
					}
					req, _ := http.NewRequest(method, ts.URL+path, strings.NewReader("_csrf="+token+"&version=0"))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					res, err := c.http.Do(req)
					require.NoError(t, err)
					res.Body.Close()
					require.Equal(t, http.StatusNotFound, res.StatusCode, "worker %d: %s %s", w, method, path[:min(len(path), 60)])
				}
			}
		}()
	}
	wg.Wait()
	require.Zero(t, s.Tables.LocksHeld(), "locks kept for tables nobody acts on")

	// A real table's lock goes too once its action is done.
	tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 7, "Ada", "Bea", "Cy")
	_, v, _ := tb.screen("")
	res, body := tb.act("/draw", v, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Zero(t, s.Tables.LocksHeld())
}

// One device opens at most so many tables an hour, whichever game and form it uses; the
// next gets a 429 in its language that says when to try again, and no table. Another
// device on the same network (a club's Wi-Fi) is not held up.
func TestNewTablesLimitedPerDevice(t *testing.T) {
	s, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), NewTablesPerHour: 4})
	c := newClient(t, ts)
	made := 0
	create := tableMakers(c)
	first := ""
	for i := range 4 {
		res, body := create[i%3]()
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
		if first == "" {
			first = strings.TrimPrefix(res.Header.Get("Location"), "/diamant/")
		}
		made++
	}
	for i, lang := range []string{"en", "it", "fr", "sk"} {
		res, body := create[i%3]()
		require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
		// A quarter of an hour, less the seconds a loaded machine took since the first table.
		wait, err := strconv.Atoi(res.Header.Get("Retry-After"))
		require.NoError(t, err)
		require.InDelta(t, 900, wait, 10)
		_, page := c.get("/?lang="+lang, nil)
		require.Equal(t, lang, langOf(t, page))
		_, body = create[i%3]()
		require.Contains(t, html.UnescapeString(body), map[string]string{"en": "on this device in a short time. Nothing was changed. You can open another in 15 minutes",
			"it": "Da questo dispositivo sono stati aperti molti tavoli in poco tempo. Non è cambiato niente. Potrai aprirne un altro tra 15 minuti",
			"fr": "depuis cet appareil en peu de temps. Rien n'a été modifié. Vous pourrez en ouvrir une autre dans 15 minutes",
			"sk": "Z tohto zariadenia sa za krátky čas otvorilo veľa stolov. Nič sa nezmenilo. Ďalší môžete otvoriť o 15 minút"}[lang])
	}
	// Nothing was made past the limit.
	device := deviceOf(t, s, c, first)
	diamantTables, err := s.Store.ListForDevice(t.Context(), device, "diamant")
	require.NoError(t, err)
	donutsTables, err := s.Store.ListForDevice(t.Context(), device, "donuts")
	require.NoError(t, err)
	require.Equal(t, made, len(diamantTables)+len(donutsTables))

	// Another device of the same address (the test server's clients all share 127.0.0.1)
	// opens its own.
	for i, make := range tableMakers(newClient(t, ts)) {
		res, body := make()
		require.Equal(t, http.StatusSeeOther, res.StatusCode, "table %d: %s", i, body)
	}
}

// A client address's allowance is the backstop: the devices of one network together open
// at most so many tables, and so does a client that is a new device at each request
// (it keeps no cookie); the refusal says it is the network's.
func TestNewTablesLimitedPerAddress(t *testing.T) {
	s, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), NewTablesPerHour: 4, NewTablesPerHourPerAddress: 6})
	ada, bea := newClient(t, ts), newClient(t, ts)
	var adas, beas string
	for i, make := range append(tableMakers(ada), tableMakers(ada)[0]) {
		res, body := make()
		require.Equal(t, http.StatusSeeOther, res.StatusCode, "Ada's table %d: %s", i, body)
		adas = tableOf(res)
	}
	for i, make := range tableMakers(bea) {
		res, body := make()
		if i < 2 {
			require.Equal(t, http.StatusSeeOther, res.StatusCode, "Bea's table %d: %s", i, body)
			beas = tableOf(res)
			continue
		}
		require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
		require.Equal(t, "600", res.Header.Get("Retry-After"))
		require.Contains(t, body, "from this network in a short time. Nothing was changed. You can open another in 10 minutes")
	}
	// A client without cookies: a new device at each request, held by the network's.
	for range 3 {
		fresh := newClient(t, ts)
		res, body := fresh.post("/diamant/phones", url.Values{"name": {"Ada"}, "draw": {diamanttable.DrawApp}}, nil)
		require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
	}
	// Nothing was made past the limits.
	require.Equal(t, 4, tablesOfDevice(t, s, deviceOf(t, s, ada, adas)))
	require.Equal(t, 2, tablesOfDevice(t, s, deviceOf(t, s, bea, beas)))
}

// tableOf is the id of the table a creation's answer leads to.
func tableOf(res *http.Response) string {
	loc := strings.TrimSuffix(res.Header.Get("Location"), "/table")
	return loc[strings.LastIndex(loc, "/")+1:]
}

// tableMakers are the forms that make a table alone, each posted by c.
func tableMakers(c *client) []func() (*http.Response, string) {
	return []func() (*http.Response, string){
		func() (*http.Response, string) {
			return c.post("/diamant", url.Values{"name": {"Ada", "Bea", "Cy"}, "draw": {diamanttable.DrawApp}, "vote": {diamanttable.VotePhone}}, nil)
		},
		func() (*http.Response, string) {
			return c.post("/diamant/phones", url.Values{"name": {"Ada"}, "draw": {diamanttable.DrawApp}}, nil)
		},
		func() (*http.Response, string) {
			return c.post("/donuts", url.Values{"mode": {donutstable.ModeTwo}, "first": {"draw"}, "board": {"new"}}, nil)
		},
	}
}

// Names are cleaned before they are checked: one that only looks different from a
// player's ("Ada" and "Ada" with a zero-width space) is taken, one of invisible
// characters only is empty; both refused with a sentence, nothing changed.
func TestPlayerNamesCleaned(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	host := newClient(t, ts)
	res, body := host.post("/diamant/phones", url.Values{"name": {"Ada"}, "draw": {diamanttable.DrawApp}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	pt := &phoneTable{t: t, id: strings.TrimSuffix(strings.TrimPrefix(res.Header.Get("Location"), "/diamant/"), "/table"), phones: []*client{host}}
	_, body = host.get("/diamant/"+pt.id+"/table", nil)
	pt.code = joinCode(t, body)
	before := pt.version()
	joiner := newClient(t, ts)
	for name, want := range map[string]string{
		"Ada\u200b":          "is already at the table",
		" ada ":              "is already at the table",
		"\u200b\u0000\u202e": "Please give a name.",
		"\u2028 \u00a0":      "Please give a name.",
		"Ada\u034f":          "is already at the table", // combining grapheme joiner
		"Ada\ufe0f":          "is already at the table", // variation selector
		"Ada\u3164":          "is already at the table", // Hangul filler
		"\u3000ADA\u2800":    "is already at the table", // ideographic space, braille blank
		"\u3164":             "Please give a name.",
		"\u2800":             "Please give a name.",
		"\uffa0\u115f\u034f": "Please give a name.",
	} {
		res, body = joiner.post("/join/"+pt.code, url.Values{"seat": {"new"}, "name": {name}}, nil)
		require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%q: %s", name, body)
		require.Contains(t, body, want, "%q", name)
	}
	require.Equal(t, before, pt.version(), "nothing changed")
	res, body = joiner.post("/join/"+pt.code, url.Values{"seat": {"new"}, "name": {"  Bea\u200b  Maria "}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	rec, err := s.Store.Load(t.Context(), pt.id)
	require.NoError(t, err)
	require.Contains(t, string(rec.Setup), `"Bea Maria"`)

	// One phone for everybody: the same cleaning, the same refusal.
	c := newClient(t, ts)
	res, body = c.post("/diamant", url.Values{"name": {"Ada", "Ada\u200b", "Cy"}, "draw": {diamanttable.DrawApp}, "vote": {diamanttable.VotePhone}}, nil)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, body)
}

// Behind a proxy, an IPv6 client counts by its /64 for the table limit, as for the
// streams: a new address of the same /64 in each request is still one client; another
// /64 is another client.
func TestNewTablesLimitedPerIPv6Network(t *testing.T) {
	_, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), TrustProxy: true, NewTablesPerHour: 100, NewTablesPerHourPerAddress: 4})
	c := newClient(t, ts)
	open := func(xff string) *http.Response {
		res, body := c.post("/diamant/phones", url.Values{"name": {"Ada"}, "draw": {diamanttable.DrawApp}},
			map[string]string{"X-Forwarded-For": xff})
		require.Contains(t, []int{http.StatusSeeOther, http.StatusTooManyRequests}, res.StatusCode, body)
		return res
	}
	for i := range 4 {
		require.Equal(t, http.StatusSeeOther, open(fmt.Sprintf("2001:db8:1:2::%x", i+1)).StatusCode, "table %d", i+1)
	}
	for i := range 3 {
		require.Equal(t, http.StatusTooManyRequests, open(fmt.Sprintf("2001:db8:1:2:%x::1", i+7)).StatusCode, "same /64")
	}
	require.Equal(t, http.StatusTooManyRequests, open("2001:db8:1:2::ffff, 127.0.0.1").StatusCode, "same /64 through a second proxy")
	require.Equal(t, http.StatusSeeOther, open("2001:db8:1:3::1").StatusCode, "another /64")
	require.Equal(t, http.StatusSeeOther, open("192.0.2.1").StatusCode, "an IPv4 address")
}

// The join look-ups likewise: a new address of one /64 in each request is one client.
func TestJoinLimitCountsIPv6ByNetwork(t *testing.T) {
	_, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), TrustProxy: true})
	c := newClient(t, ts)
	joinLookupsAreOneClient(t, ts, c, func(i int) string { return fmt.Sprintf("2001:db8:1:2:%x::%x", i, i+1) })

	// Another /64 is another client.
	res, body := c.post("/join", url.Values{"code": {"ZZZZZZ"}}, map[string]string{"X-Forwarded-For": "2001:db8:1:3::1"})
	require.Equal(t, http.StatusNotFound, res.StatusCode, body)
}

// Once the proxies are named (--trusted-proxies), a client on loopback is a client like
// any other: the addresses it writes into X-Forwarded-For itself are not taken.
func TestJoinLimitNamedProxiesDoNotTrustLoopback(t *testing.T) {
	_, office, _ := net.ParseCIDR("10.9.0.0/16")
	_, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), TrustProxy: true, TrustedProxies: []*net.IPNet{office}})
	c := newClient(t, ts)
	joinLookupsAreOneClient(t, ts, c, func(i int) string { return fmt.Sprintf("10.0.%d.%d, 127.0.0.1", i/250, i%250+1) })
}

// Play again makes a table, so it takes from the device's allowance, but only once the
// table is known and the device is at it: requests for tables that do not exist, or that
// the device is not at, or with a bad form, take nothing.
func TestPlayAgainCheckedBeforeTheTableLimit(t *testing.T) {
	_, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), NewTablesPerHour: 3})
	c := newClient(t, ts)
	tb := newTable(t, c, diamanttable.DrawApp, diamanttable.VotePhone, 7, "Ada", "Bea", "Cy")
	res, body := c.post("/donuts", url.Values{"mode": {donutstable.ModeTwo}, "first": {"draw"}, "board": {"new"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	donutsID := strings.TrimPrefix(res.Header.Get("Location"), "/donuts/t/")
	other := newClient(t, ts) // another device at the same address
	for range 5 {
		for _, path := range []string{"/diamant/" + table.NewID() + "/again", "/donuts/t/" + table.NewID() + "/again"} {
			res, body := c.post(path, url.Values{"board": {"same"}}, nil)
			require.Equal(t, http.StatusNotFound, res.StatusCode, "%s: %s", path, body)
		}
		for _, path := range []string{"/diamant/" + tb.id + "/again", "/donuts/t/" + donutsID + "/again"} {
			res, body := other.post(path, url.Values{"board": {"same"}}, nil)
			require.Equal(t, http.StatusForbidden, res.StatusCode, "%s: %s", path, body)
		}
		res, body := c.post("/donuts/t/"+donutsID+"/again", url.Values{"board": {"neither"}}, nil)
		require.Equal(t, http.StatusBadRequest, res.StatusCode, body)
	}
	// The third table of the allowance is still there, and the fourth is not.
	res, body = c.post("/diamant/"+tb.id+"/again", url.Values{}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	res, body = c.post("/donuts/t/"+donutsID+"/again", url.Values{"board": {"same"}}, nil)
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
	require.NotEmpty(t, res.Header.Get("Retry-After"))
	res, body = c.post("/diamant/"+tb.id+"/again", url.Values{}, nil)
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
	require.Contains(t, body, "open another in 20 minutes")
}

// joinLookupsAreOneClient sends joinBurst + 10 join look-ups at once, each with the
// X-Forwarded-For forwardedFor(i) gives: they count as one client, so the first joinBurst
// are answered (no such code) and the rest refused.
func joinLookupsAreOneClient(t *testing.T, ts *httptest.Server, c *client, forwardedFor func(i int) string) {
	t.Helper()
	token := c.csrf()
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for i := range joinBurst + 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest(http.MethodPost, ts.URL+"/join", strings.NewReader("code=ZZZZZZ&_csrf="+token))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			req.Header.Set("X-Forwarded-For", forwardedFor(i))
			res, err := c.http.Do(req)
			require.NoError(t, err)
			res.Body.Close()
			mu.Lock()
			statuses[res.StatusCode]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	require.Equal(t, joinBurst, statuses[http.StatusNotFound], "%v", statuses)
	require.Equal(t, 10, statuses[http.StatusTooManyRequests], "%v", statuses)
}

// With no limit on join look-ups (JoinLookupsPerMinutePerAddress < 0), a client may look
// up more codes at once than the default's burst: none is refused.
func TestJoinLookupsWithoutLimit(t *testing.T) {
	_, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), JoinLookupsPerMinutePerAddress: -1})
	c := newClient(t, ts)
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for range joinBurst + 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := c.http.Get(ts.URL + "/join/ZZZZZZ")
			require.NoError(t, err)
			res.Body.Close()
			mu.Lock()
			statuses[res.StatusCode]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	require.Equal(t, map[int]int{http.StatusNotFound: joinBurst + 10}, statuses)
}

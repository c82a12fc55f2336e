package web

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// Behind a proxy, the client's address is the one the proxy appended: addresses a client
// prepends itself, private or not, are never taken.
func TestClientAddressBehindProxy(t *testing.T) {
	_, office, _ := net.ParseCIDR("10.9.0.0/16")
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
			// The client's own prefix changes each time; the proxy appends 192.168.1.50.
			req.Header.Set("X-Forwarded-For", "10.0."+string(rune('0'+i/10))+"."+string(rune('0'+i%10))+", 192.168.1.50")
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

// Requests for tables that do not exist answer 404 and leave no lock behind: neither ids
// of a table's form that name none nor anything else (a 4,096-character id).
func TestUnknownTablesLeaveNoLocks(t *testing.T) {
	s, ts := newServerPairWith(t, Config{DataDir: t.TempDir()})
	c := newClient(t, ts)
	token := c.csrf()
	long := strings.Repeat("a2", 2048)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				id := newID()
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
	require.Zero(t, s.locks.held(), "locks kept for tables nobody acts on")

	// A real table's lock goes too once its action is done.
	tb := newTable(t, c, drawApp, votePhone, 7, "Ada", "Bea", "Cy")
	_, v, _ := tb.screen("")
	res, body := tb.act("/draw", v, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Zero(t, s.locks.held())
}

// A table's lock is one lock whoever waits for it, and is gone once the last has let go.
func TestTableLocksGoWhenUnused(t *testing.T) {
	var l tableLocks
	unlock := l.lock("a")
	got := make(chan struct{})
	go func() {
		defer close(got)
		l.lock("a")()
	}()
	require.Equal(t, 1, l.held())
	unlock()
	<-got
	require.Zero(t, l.held())
}

package web

import (
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	diamanttable "tavolo/web/table/diamant"
)

// withoutBudgets lifts the budgets of actions: for tests that play whole games or send
// refusals at a machine's speed, far beyond what a person does.
func withoutBudgets(cfg Config) Config {
	cfg.ActionsPerMinutePerDevice, cfg.ActionsPerMinutePerAddress = -1, -1
	cfg.HardMovesPerMinutePerDevice, cfg.HardMovesPerMinutePerAddress = -1, -1
	return cfg
}

// budgetClock is the budgets' clock in a test: it moves only when told.
type budgetClock struct {
	mu sync.Mutex
	t  time.Time
}

func (k *budgetClock) now() time.Time {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.t
}

func (k *budgetClock) add(d time.Duration) {
	k.mu.Lock()
	k.t = k.t.Add(d)
	k.mu.Unlock()
}

// budgetServer is a server behind a proxy on loopback (so a test names each request's
// client address) whose budgets run on a clock the test moves, and answer at once.
func budgetServer(t *testing.T, cfg Config) (*Server, *client, *budgetClock) {
	t.Helper()
	cfg.DataDir, cfg.TrustProxy = t.TempDir(), true
	s, c := donutsServerWith(t, cfg)
	clock := &budgetClock{t: time.Now()}
	for _, b := range []*budget{s.actions, s.hardMoves} {
		if b != nil {
			b.now, b.hold = clock.now, 0
		}
	}
	return s, c, clock
}

// refusal is the JSON of a request beyond a budget.
type refusal struct {
	Error      string `json:"error"`
	ID         string `json:"id"`
	RetryAfter int    `json:"retryAfter"`
}

func from(addr string, header map[string]string) map[string]string {
	h := map[string]string{"X-Forwarded-For": addr}
	for k, v := range header {
		h[k] = v
	}
	return h
}

// A device beyond its budget of actions gets 429 with Retry-After and a sentence in its
// language, as JSON for a script and as a page otherwise; nothing changes; its refused
// requests take nothing from its address, where another device still plays.
func TestBudgetOfADevice(t *testing.T) {
	// 12 a minute: 2 at once, then one every 5 s; the address 30 (5 at once).
	s, c, clock := budgetServer(t, Config{ActionsPerMinutePerDevice: 12, ActionsPerMinutePerAddress: 30})
	const addr = "203.0.113.9"
	id := donutsNew(t, c, twoPlayers("7"))
	place := func(c *client, id, plate string, header map[string]string) (*http.Response, string) {
		return donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {donutsVersionOf(t, c, id)}, "plate": {plate}}, from(addr, header))
	}
	for _, plate := range []string{"3,4", "3,1"} {
		res, body := place(c, id, plate, asJSON)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
	}
	version := donutsVersionOf(t, c, id)
	_, board := c.get("/donuts/t/"+id, nil)

	wants := map[string][2]string{
		"en": {"Many moves have been made from this phone or network in a short time. Nothing was changed. Tavolo tries again in 5 seconds.",
			"You can try again in 5 seconds."},
		"it": {"Da questo telefono o da questa rete sono state fatte molte mosse in poco tempo. Non è cambiato niente. Tavolo riprova tra 5 secondi.",
			"Potrai riprovare tra 5 secondi."},
		"fr": {"Beaucoup de coups ont été joués depuis ce téléphone ou ce réseau en peu de temps. Rien n'a été modifié. Tavolo réessaie dans 5 secondes.",
			"Vous pourrez réessayer dans 5 secondes."},
		"sk": {"Z tohto telefónu alebo tejto siete sa za krátky čas urobilo veľa ťahov. Nič sa nezmenilo. Tavolo to skúsi znova o 5 sekúnd.",
			"Znova to môžete skúsiť o 5 sekúnd."},
	}
	for _, lang := range []string{"en", "it", "fr", "sk"} {
		_, page := c.get("/?lang="+lang, nil)
		require.Equal(t, lang, langOf(t, page))
		res, body := place(c, id, "1,1", asJSON)
		require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
		require.Equal(t, "5", res.Header.Get("Retry-After"))
		require.Contains(t, res.Header.Get("Content-Type"), "application/json")
		var r refusal
		require.NoError(t, json.Unmarshal([]byte(body), &r), body)
		assert.Equal(t, refusal{Error: wants[lang][0], ID: "app.actions.toomany", RetryAfter: 5}, r, lang)

		res, body = place(c, id, "1,1", nil) // a form without the script: a page
		require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
		require.Equal(t, "5", res.Header.Get("Retry-After"))
		assert.Equal(t, lang, langOf(t, body))
		assert.Contains(t, body, wants[lang][1])
		assert.Contains(t, body, "<h1")
		// Undo too: every action of the device is held.
		res, _ = donutsPost(c, "/donuts/t/"+id+"/undo", url.Values{"version": {version}}, from(addr, asJSON))
		require.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	}
	_, _ = c.get("/?lang=en", nil)
	require.Equal(t, version, donutsVersionOf(t, c, id), "a refused request changes nothing")
	_, after := c.get("/donuts/t/"+id, nil)
	require.Equal(t, board, after)

	// Another device of the same address plays: the refusals took nothing from the
	// address (5 at once: 2 taken by the first device, 3 left).
	other := c.another()
	otherID := donutsNew(t, other, twoPlayers("8"))
	res, body := place(other, otherID, "2,2", asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	res, body = donutsPost(other, "/donuts/t/"+otherID+"/undo", url.Values{"version": {donutsVersionOf(t, other, otherID)}}, from(addr, asJSON))
	require.Equal(t, http.StatusOK, res.StatusCode, body)

	// Five seconds later the first device has one action again, and one only.
	clock.add(5 * time.Second)
	res, body = place(c, id, "1,1", asJSON)
	require.NotEqual(t, http.StatusTooManyRequests, res.StatusCode, body)
	res, _ = place(c, id, "1,2", asJSON)
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	_ = s
}

// The address's budget is the backstop: devices beyond it (or a client that sends no
// device) are refused, whatever game they play; another address is not held up; an IPv6
// client counts by its /64.
func TestBudgetOfAnAddress(t *testing.T) {
	// The address: 18 a minute, 3 at once; each device well within its own budget.
	_, c, clock := budgetServer(t, Config{ActionsPerMinutePerAddress: 18})
	const club = "2001:db8:7:7::1"
	// act draws a card on a new device's table from addr; refused, Retry-After is retry.
	act := func(addr, retry string) int {
		d := c.another()
		tb := newTable(t, d, diamanttable.DrawApp, diamanttable.VotePhone, 7, "Ada", "Bea", "Cy")
		_, v, _ := tb.screen("")
		form := url.Values{"version": {strconv.FormatInt(v, 10)}}
		res, body := d.post("/diamant/"+tb.id+"/draw", form, from(addr, asJSON))
		if res.StatusCode == http.StatusTooManyRequests {
			var r refusal
			require.NoError(t, json.Unmarshal([]byte(body), &r))
			assert.Equal(t, "app.actions.toomany", r.ID)
			assert.Equal(t, retry, res.Header.Get("Retry-After"))
			_, after, _ := tb.screen("")
			assert.Equal(t, v, after, "nothing drawn")
		}
		return res.StatusCode
	}
	for i := range 3 {
		require.Equal(t, http.StatusOK, act("2001:db8:7:7::"+strconv.Itoa(i+1), ""), "device %d", i)
	}
	// One action every 60/18 s: the next in 3.3 s.
	require.Equal(t, http.StatusTooManyRequests, act("2001:db8:7:7:ffff::9", "4"), "the same /64, a fourth device")
	require.Equal(t, http.StatusOK, act("198.51.100.7", ""), "another address")
	clock.add(4 * time.Second) // 1.2 actions: one, and the next in 2.7 s
	require.Equal(t, http.StatusOK, act(club, ""))
	require.Equal(t, http.StatusTooManyRequests, act(club, "3"))

	// A client that comes without a session each time (no device yet, or a new one at
	// each request) is counted by its address alone.
	for i := range 4 {
		res, body := c.another().post("/donuts/t/aaaaaaaaaaaaaaaaaaaaaaaaaa/undo", url.Values{}, from("192.0.2.44", nil))
		want := http.StatusNotFound
		if i == 3 {
			want = http.StatusTooManyRequests
		}
		require.Equal(t, want, res.StatusCode, "request %d: %s", i, body)
	}
}

// another is a new browser (its own cookies: another device) on the same server.
func (c *client) another() *client {
	jar, err := cookiejar.New(nil)
	require.NoError(c.t, err)
	return &client{t: c.t, base: c.base, http: &http.Client{Jar: jar, CheckRedirect: c.http.CheckRedirect}}
}

// A move that has the hard computer search takes from a budget of its own, per device and
// per address; a move whose reply is kept does not. Beyond it: 429, the computer's own
// sentence, and nothing changed.
func TestBudgetOfTheHardComputer(t *testing.T) {
	// A device: 6 searches a minute, one at once; the address 12, two at once.
	s, c, clock := budgetServer(t, Config{HardMovesPerMinutePerDevice: 6, HardMovesPerMinutePerAddress: 12})
	const addr = "203.0.113.20"
	id := hardGame(t, c)
	place := func(c *client, id, plate string, header map[string]string) (*http.Response, string) {
		return donutsPost(c, "/donuts/t/"+id+"/place", url.Values{"version": {donutsVersionOf(t, c, id)}, "plate": {plate}}, from(addr, header))
	}
	undo := func(c *client, id string) {
		res, body := donutsPost(c, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, c, id)}}, from(addr, asJSON))
		require.Equal(t, http.StatusOK, res.StatusCode, body)
	}
	res, body := place(c, id, "3,3", asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	undo(c, id)
	res, body = place(c, id, "3,3", asJSON) // its reply is kept: no search, no token
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	undo(c, id)
	require.EqualValues(t, 1, s.Choices.Searches())

	version := donutsVersionOf(t, c, id)
	res, body = place(c, id, "3,4", asJSON)
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
	require.Equal(t, "10", res.Header.Get("Retry-After"))
	var r refusal
	require.NoError(t, json.Unmarshal([]byte(body), &r))
	assert.Equal(t, refusal{ID: "app.actions.computer", RetryAfter: 10,
		Error: "The computer, level hard, has had many moves to think over for this phone or network in a short time. Nothing was changed. Tavolo tries again in 10 seconds."}, r)
	_, _ = c.get("/?lang=sk", nil)
	res, body = place(c, id, "3,4", nil)
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
	assert.Contains(t, body, "Počítač na ťažkej úrovni musel za krátky čas premyslieť veľa ťahov pre tento telefón alebo túto sieť. Nič sa nezmenilo. Donut môžete znova položiť o 10 sekúnd.")
	assert.Contains(t, body, "<h1>Priveľa ťahov za krátky čas</h1>")
	assert.Equal(t, version, donutsVersionOf(t, c, id), "nothing changed")
	assert.EqualValues(t, 1, s.Choices.Searches(), "nothing searched")

	// Another device of the address searches once; a third finds the address spent.
	other := c.another()
	res, body = place(other, hardGame(t, other), "3,4", asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	third := c.another()
	res, body = place(third, hardGame(t, third), "2,2", asJSON)
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode, body)
	require.Equal(t, "5", res.Header.Get("Retry-After"), "the address's next search in 5 s")

	clock.add(10 * time.Second)
	res, body = place(c, id, "3,4", asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	require.EqualValues(t, 3, s.Choices.Searches())
}

// A refused action is answered only after its wait, up to a hold: a script that sends
// again at once, whatever it is told, sends one request per hold on each connection
// instead of thousands a second. Retry-After is the wait left after the hold.
func TestBudgetRefusalIsHeld(t *testing.T) {
	// 6 a minute: one at once, the next in 10 s.
	s, c := donutsServerWith(t, Config{DataDir: t.TempDir(), ActionsPerMinutePerDevice: 6})
	s.actions.hold = 300 * time.Millisecond
	id := donutsNew(t, c, twoPlayers("7"))
	undo := func() (*http.Response, time.Duration) {
		start := time.Now()
		res, _ := donutsPost(c, "/donuts/t/"+id+"/undo", url.Values{"version": {"99"}}, asJSON)
		return res, time.Since(start)
	}
	res, _ := undo()
	require.Equal(t, http.StatusConflict, res.StatusCode, "a stale undo: refused, but an action")
	res, took := undo()
	require.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.GreaterOrEqual(t, took, 300*time.Millisecond)
	assert.Equal(t, "10", res.Header.Get("Retry-After"), "9.7 s left")
}

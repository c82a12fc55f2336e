package web

import (
	"encoding/json"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	donutstable "tavolo/web/table/donuts"
)

// donutsOnTwoPhones opens a game of two players (chocolate first) to a second phone, the
// host keeping chocolate, and lets the guest join: the two phones and the table's id.
func donutsOnTwoPhones(t *testing.T) (*Server, *client, *client, string) {
	t.Helper()
	s, host := donutsServer(t)
	guest, id := donutsOpenToGuest(t, host)
	return s, host, guest, id
}

// donutsOpenToGuest makes the game on host's server, opens it and lets a guest join.
func donutsOpenToGuest(t *testing.T, host *client) (*client, string) {
	t.Helper()
	id := donutsNew(t, host, twoPlayers("7"))
	res, body := donutsPost(host, "/donuts/t/"+id+"/open", url.Values{"version": {donutsVersionOf(t, host, id)}, "keep": {"chocolate"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, body = host.get("/donuts/t/"+id, nil)
	code := joinCode(t, body)
	require.Contains(t, body, "Join from the other phone")

	guest := &client{t: t, base: host.base, http: newJar(t)}
	res, body = guest.get("/join/"+code, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	require.Contains(t, body, "A game of Donuts")
	require.Contains(t, body, ">Play vanilla</button>")
	require.NotContains(t, body, "Play chocolate", "the host keeps chocolate")
	res, body = guest.post("/join/"+code, url.Values{"seat": {"1"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Equal(t, "/donuts/t/"+id, res.Header.Get("Location"))
	return guest, id
}

// newJar is a browser of its own: a client with its own cookies (its own device).
func newJar(t *testing.T) *http.Client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func readDonutsEvent(t *testing.T, ch <-chan sseEvent) donutsReply {
	t.Helper()
	e := next(t, ch)
	var r donutsReply
	require.NoError(t, json.Unmarshal([]byte(e.Data), &r), e.Data)
	return r
}

func announced(r donutsReply) string {
	var parts []string
	for _, s := range r.Announce {
		parts = append(parts, s.Text)
	}
	return strings.Join(parts, " ")
}

// Each phone places its own colour; the other's move arrives on its stream, announced.
func TestDonutsTwoPhonesPlayTheirOwnColours(t *testing.T) {
	_, host, guest, id := donutsOnTwoPhones(t)
	_, body := guest.get("/donuts/t/"+id, nil)
	require.Contains(t, body, "Donuts on two phones: you play vanilla")
	require.Contains(t, body, "Waiting for the other phone: chocolate places next.")
	require.NotContains(t, body, `data-playable`, "no plate is playable on the phone that waits")
	require.Contains(t, body, `data-live="/donuts/t/`+id+`/events"`)

	events, stop := openStream(t, guest, "/donuts/t/"+id+"/events?since="+donutsVersionOf(t, guest, id))
	defer stop()

	// The guest may not place chocolate's donut: refused, nothing changed.
	v := donutsVersionOf(t, guest, id)
	res, body := donutsPost(guest, "/donuts/t/"+id+"/place", url.Values{"version": {v}, "plate": {"1,1"}}, asJSON)
	require.Equal(t, http.StatusConflict, res.StatusCode, body)
	require.Contains(t, body, "It is not this phone's turn: the other phone places chocolate next.")
	require.Equal(t, v, donutsVersionOf(t, guest, id))

	r := donutsPlace(t, host, id, "1,1")
	require.Contains(t, announced(r), "Chocolate places a donut at row 1, column 1")
	live := readDonutsEvent(t, events)
	require.Equal(t, r.Version, live.Version)
	require.Contains(t, announced(live), "Chocolate places a donut at row 1, column 1", "the guest hears the host's move")
	playable := 0
	for _, c := range live.Cells {
		if c.Playable {
			playable++
		}
	}
	require.Positive(t, playable, "now the guest's plates are playable")

	// And the host may not place vanilla's.
	res, body = donutsPost(host, "/donuts/t/"+id+"/place", url.Values{"version": {donutsVersionOf(t, host, id)}, "plate": {"6,6"}}, asJSON)
	require.Equal(t, http.StatusConflict, res.StatusCode, body)
	require.Contains(t, body, "the other phone places vanilla next")
}

// An undo on two phones asks the other phone: refused, the move stays; accepted, it is
// taken back; each phone hears what the other did.
func TestDonutsTwoPhonesUndoAsksTheOtherPhone(t *testing.T) {
	s, host, guest, id := donutsOnTwoPhones(t)
	donutsPlace(t, host, id, "1,1")
	events, stop := openStream(t, guest, "/donuts/t/"+id+"/events?since="+donutsVersionOf(t, guest, id))
	defer stop()

	ask := func() {
		res, body := donutsPost(host, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, host, id)}}, asJSON)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
		require.Contains(t, body, "You asked the other phone to take back the last move.")
		live := readDonutsEvent(t, events)
		require.Contains(t, announced(live), "The other phone, playing chocolate, asks to take back the last move.")
		require.Contains(t, live.Panel, `value="yes"`)
	}
	ask()
	// Asked twice: refused.
	res, body := donutsPost(host, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, host, id)}}, asJSON)
	require.Equal(t, http.StatusConflict, res.StatusCode, body)
	// The asker may not answer its own request.
	res, body = donutsPost(host, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, host, id)}, "answer": {"yes"}}, asJSON)
	require.Equal(t, http.StatusConflict, res.StatusCode, body)

	hostEvents, stopHost := openStream(t, host, "/donuts/t/"+id+"/events?since="+donutsVersionOf(t, host, id))
	defer stopHost()
	res, body = donutsPost(guest, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, guest, id)}, "answer": {"no"}}, asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	require.Contains(t, body, "You refused: the move stays.")
	require.Contains(t, announced(readDonutsEvent(t, hostEvents)), "The other phone, playing vanilla, refused: the move stays.")
	readDonutsEvent(t, events) // the guest's own refusal
	rec, err := s.Store.Load(t.Context(), id)
	require.NoError(t, err)
	require.Len(t, rec.Log, 1, "the move stays")

	ask()
	readDonutsEvent(t, hostEvents)
	res, body = donutsPost(guest, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, guest, id)}, "answer": {"yes"}}, asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	require.Contains(t, announced(readDonutsEvent(t, hostEvents)), "1 donut taken back.")
	rec, err = s.Store.Load(t.Context(), id)
	require.NoError(t, err)
	require.Empty(t, rec.Log)
	// The request is spent: answering again is refused, also once the move is played
	// again (as many moves as when asked, but another game).
	res, body = donutsPost(guest, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, guest, id)}, "answer": {"yes"}}, asJSON)
	require.Contains(t, []int{http.StatusConflict, http.StatusUnprocessableEntity}, res.StatusCode, body)
	donutsPlace(t, host, id, "1,1")
	res, body = donutsPost(guest, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, guest, id)}, "answer": {"yes"}}, asJSON)
	require.Equal(t, http.StatusConflict, res.StatusCode, body)
	require.Contains(t, body, "There is no request to answer any more")
	_, body = guest.get("/donuts/t/"+id, nil)
	require.NotContains(t, body, `value="yes"`)
}

// Only the host opens a game, once, and only a game of two players; a third phone finds
// no colour free.
func TestDonutsOpenRefusals(t *testing.T) {
	s, host, guest, id := donutsOnTwoPhones(t)
	res, body := donutsPost(guest, "/donuts/t/"+id+"/open", url.Values{"version": {donutsVersionOf(t, guest, id)}, "keep": {"vanilla"}}, asJSON)
	require.Equal(t, http.StatusForbidden, res.StatusCode, body)
	res, body = donutsPost(host, "/donuts/t/"+id+"/open", url.Values{"version": {donutsVersionOf(t, host, id)}, "keep": {"vanilla"}}, asJSON)
	require.Equal(t, http.StatusBadRequest, res.StatusCode, body)

	rec, err := s.Store.Load(t.Context(), id)
	require.NoError(t, err)
	third := &client{t: t, base: host.base, http: newJar(t)}
	res, body = third.get("/join/"+rec.Code, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	require.NotContains(t, body, `name="seat"`)
	res, body = third.post("/join/"+rec.Code, url.Values{"seat": {"1"}}, nil)
	require.Equal(t, http.StatusConflict, res.StatusCode, body)

	computer := donutsNew(t, host, url.Values{"mode": {"computer"}, "level": {"easy"}, "color": {"chocolate"}, "first": {"chocolate"}, "board": {"new"}})
	res, body = donutsPost(host, "/donuts/t/"+computer+"/open", url.Values{"version": {donutsVersionOf(t, host, computer)}, "keep": {"chocolate"}}, asJSON)
	require.Equal(t, http.StatusBadRequest, res.StatusCode, body)
	var opt donutstable.Options
	rec, err = s.Store.Load(t.Context(), computer)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(rec.Setup, &opt))
	require.False(t, opt.Phones)
	require.Empty(t, rec.Code)
}

// A restart loses nothing: the colours, the moves and a pending request to take a move
// back are where they were, and the game goes on.
func TestDonutsTwoPhonesRestart(t *testing.T) {
	dir := t.TempDir()
	serve := func(addr string) (*Server, *httptest.Server) {
		s, err := New(Config{DataDir: dir}, discardLog())
		require.NoError(t, err)
		ln, err := net.Listen("tcp", addr)
		require.NoError(t, err)
		ts := &httptest.Server{Listener: ln, Config: &http.Server{Handler: s.Handler()}}
		ts.Start()
		return s, ts
	}
	s, ts := serve("127.0.0.1:0")
	host := newClient(t, ts)
	guest, id := donutsOpenToGuest(t, host)
	donutsPlace(t, host, id, "1,1")
	res, body := donutsPost(host, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, host, id)}}, asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	ts.Close()
	require.NoError(t, s.Close())

	s2, ts2 := serve(strings.TrimPrefix(ts.URL, "http://"))
	t.Cleanup(func() { ts2.Close(); s2.Close() })
	_, body = guest.get("/donuts/t/"+id, nil)
	require.Contains(t, body, "Donuts on two phones: you play vanilla")
	require.Contains(t, body, "The other phone, playing chocolate, asks to take back the last move.")
	res, body = donutsPost(guest, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, guest, id)}, "answer": {"no"}}, asJSON)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	r := donutsPlace(t, guest, id, "2,1")
	require.Contains(t, announced(r), "Vanilla places a donut at row 2, column 1")
}

// Play again after a game on two phones is one phone's new table, as Diamant's: it keeps
// none of the old table's phones (open, the colour kept, a request to take a move back),
// so the phone that made it can open it to a second phone in turn.
func TestDonutsAgainAfterTwoPhonesCanBeOpened(t *testing.T) {
	for _, tc := range []struct {
		name  string
		guest bool // the guest's phone plays again, not the host's
		ask   bool // a request to take a move back is pending
		board string
	}{
		{"the host, the same board", false, false, "same"},
		{"the host, a request pending, a new board", false, true, "new"},
		{"the guest, the same board", true, false, "same"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, host, guest, id := donutsOnTwoPhones(t)
			donutsPlace(t, host, id, "1,1")
			if tc.ask {
				res, body := donutsPost(host, "/donuts/t/"+id+"/undo", url.Values{"version": {donutsVersionOf(t, host, id)}}, asJSON)
				require.Equal(t, http.StatusOK, res.StatusCode, body)
			}
			phone := host
			if tc.guest {
				phone = guest
			}
			res, body := donutsPost(phone, "/donuts/t/"+id+"/again", url.Values{"board": {tc.board}}, nil)
			require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
			next := strings.TrimPrefix(res.Header.Get("Location"), "/donuts/t/")
			require.NotEqual(t, id, next)

			rec, err := s.Store.Load(t.Context(), next)
			require.NoError(t, err)
			var opt donutstable.Options
			require.NoError(t, json.Unmarshal(rec.Setup, &opt))
			require.False(t, opt.Phones)
			require.Nil(t, opt.Own)
			require.Nil(t, opt.Ask)
			require.Empty(t, rec.Code)
			require.Len(t, rec.Devices, 1, "one phone's table")
			require.Equal(t, []int{0, 1}, rec.Devices[0].Seats, "it plays both colours until a phone joins")

			res, body = donutsPost(phone, "/donuts/t/"+next+"/open", url.Values{"version": {donutsVersionOf(t, phone, next)}, "keep": {"vanilla"}}, nil)
			require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
			rec, err = s.Store.Load(t.Context(), next)
			require.NoError(t, err)
			require.NotEmpty(t, rec.Code, "open to a second phone, with a code")
			require.NoError(t, json.Unmarshal(rec.Setup, &opt))
			require.Equal(t, []int{1}, opt.Own)
		})
	}
}

// The setup offers a phone each (issue 24): the game opens to a second phone at once,
// this phone keeping the colour chosen; the other phone joins with the code and plays
// the other colour.
func TestDonutsSetupOffersAPhoneEach(t *testing.T) {
	_, host := donutsServer(t)
	_, body := host.get("/donuts", nil)
	require.Contains(t, body, `value="phones"`)
	require.Contains(t, body, "Two players, a phone each")
	form := twoPlayers("7")
	form.Set("mode", "phones")
	form.Set("color", "vanilla")
	id := donutsNew(t, host, form)
	_, body = host.get("/donuts/t/"+id, nil)
	code := joinCode(t, body)
	require.Contains(t, body, "Join from the other phone")
	require.NotContains(t, body, "Open to another phone", "open already")

	guest := &client{t: t, base: host.base, http: newJar(t)}
	_, body = guest.get("/join/"+code, nil)
	require.Contains(t, body, ">Play chocolate</button>")
	require.NotContains(t, body, "Play vanilla", "the host keeps vanilla")
	res, body := guest.post("/join/"+code, url.Values{"seat": {"0"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, body = guest.get("/donuts/t/"+id, nil)
	require.Contains(t, body, "Donuts on two phones: you play chocolate")
}

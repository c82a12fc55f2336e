package web

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/internal/markup"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// joinCode is the code other phones join a table by, read from the join link its page
// shows; it is the code as the server writes it.
func joinCode(t *testing.T, page string) string {
	t.Helper()
	for _, a := range markup.Parse(page).All(markup.Role("link")) {
		if _, code, ok := strings.Cut(a.Attr("href"), "/join/"); ok {
			written, valid := table.NormalizeJoinCode(code)
			require.True(t, valid && written == code, "a join code as written: %q", code)
			return code
		}
	}
	t.Fatalf("no join link in:\n%s", page)
	return ""
}

// phoneTable is a Diamant table with a phone each: the host's client first.
type phoneTable struct {
	t      *testing.T
	id     string
	code   string
	phones []*client
}

// newPhoneTable opens a table for a phone each: the host (seat 0) and one phone per other
// name join by code and add their seat; the host starts the game.
func newPhoneTable(t *testing.T, ts *httptest.Server, names ...string) *phoneTable {
	t.Helper()
	host := newClient(t, ts)
	res, body := host.post("/diamant/phones", url.Values{"name": {names[0]}, "draw": {"app"}, "hidden": {"1"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	id := strings.TrimSuffix(strings.TrimPrefix(res.Header.Get("Location"), "/diamant/"), "/table")
	_, body = host.get("/diamant/"+id+"/table", nil)
	pt := &phoneTable{t: t, id: id, code: joinCode(t, body), phones: []*client{host}}
	for _, name := range names[1:] {
		c := newClient(t, ts)
		res, body := c.get("/join/"+strings.ToLower(pt.code), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
		res, body = c.post("/join/"+pt.code, url.Values{"seat": {"new"}, "name": {name}}, nil)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
		pt.phones = append(pt.phones, c)
	}
	res, body = host.post("/diamant/"+id+"/start", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	return pt
}

func (pt *phoneTable) version() int64 {
	_, body := pt.phones[0].get("/diamant/"+pt.id+"/table", nil)
	_, v := screenAndVersion(pt.t, body)
	return v
}

// screen is what one phone sees.
func (pt *phoneTable) screen(i int) (string, int64, string) {
	return (&testTable{c: pt.phones[i], id: pt.id}).screen("")
}

// voteStep is a vote form's step (digits and dots): what makes the vote one of its own,
// which votes from other phones do not make stale.
func voteStep(t *testing.T, page string) string {
	t.Helper()
	step := field(t, page, "step")
	require.NotEmpty(t, step)
	require.Empty(t, strings.Trim(step, "0123456789."), "a step is digits and dots: %q", step)
	return step
}

// drawUntilVote draws with the host until a vote is due; false if the round ended first.
func (pt *phoneTable) drawUntilVote() {
	for {
		screen, v, body := pt.screen(0)
		if screen == "vote" || strings.Contains(body, `name="seat"`) {
			return
		}
		res, body := (&testTable{c: pt.phones[0], id: pt.id}).act("/draw", v, url.Values{})
		require.Equal(pt.t, http.StatusSeeOther, res.StatusCode, body)
	}
}

// vote casts a seat's vote from phone i with the vote's step (not the version).
func (pt *phoneTable) vote(i, seat int, leave bool, step string) (*http.Response, string) {
	choice := "continue"
	if leave {
		choice = "leave"
	}
	return pt.phones[i].post("/diamant/"+pt.id+"/vote", url.Values{"seat": {strconv.Itoa(seat)}, "choice": {choice},
		"version": {"0"}, "step": {step}}, nil)
}

// step reads the open vote's step as the server makes it.
func (pt *phoneTable) step(s *Server) string {
	rec, err := s.Store.Load(context.Background(), pt.id)
	require.NoError(pt.t, err)
	sh, err := diamanttable.Replay(rec)
	require.NoError(pt.t, err)
	tb := sh.At(rec, rec.Devices[0])
	return tb.VoteStep()
}

func newServerPair(t *testing.T, dir string) (*Server, *httptest.Server) {
	t.Helper()
	return newServerPairWith(t, Config{DataDir: dir})
}

func newServerPairWith(t *testing.T, cfg Config) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(cfg, discardLog())
	require.NoError(t, err)
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(func() { ts.Close(); s.Close() })
	return s, ts
}

func TestPhonesJoinByCodeAndSecretVotes(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	names := []string{"Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio", "Gina", "Hugo"}
	pt := newPhoneTable(t, ts, names...)
	pt.drawUntilVote()
	step := pt.step(s)

	// Each phone holds its own seat only: voting for another's is refused, explained.
	res, body := pt.vote(1, 2, false, step)
	require.Equal(t, http.StatusForbidden, res.StatusCode)
	require.Contains(t, body, "This device does not hold that seat")

	// Every phone votes at the same instant: no vote is lost, exactly one reveal.
	for i, code := range pt.voteAtOnce(step) {
		require.Equal(t, http.StatusSeeOther, code, "phone %d", i)
	}
	rec, err := s.Store.Load(context.Background(), pt.id)
	require.NoError(t, err)
	votes, reveals := countVotes(t, rec)
	require.Equal(t, len(names), votes)
	require.Equal(t, []diamant.Seats{diamant.SeatsOf(0, 3, 6)}, reveals, "one reveal: those who left")
}

// voteAtOnce has every phone vote for its own seat at the same instant (those of seats
// 0, 3, 6… leave, the others continue), on the vote of step; it returns each answer's
// status.
func (pt *phoneTable) voteAtOnce(step string) []int {
	var wg sync.WaitGroup
	start := make(chan struct{})
	codes := make([]int, len(pt.phones))
	for i := range pt.phones {
		wg.Go(func() {
			<-start
			res, _ := pt.vote(i, i, i%3 == 0, step)
			codes[i] = res.StatusCode
		})
	}
	close(start)
	wg.Wait()
	return codes
}

// countVotes replays a Diamant table's log: its votes, and its reveals (the seats that
// left at each).
func countVotes(t *testing.T, rec table.Record) (votes int, reveals []diamant.Seats) {
	t.Helper()
	var opt diamanttable.Options
	require.NoError(t, json.Unmarshal(rec.Setup, &opt))
	state, _, err := diamant.Start(opt.Setup)
	require.NoError(t, err)
	for _, raw := range rec.Log {
		var a diamant.Action
		require.NoError(t, json.Unmarshal(raw, &a))
		events, err := state.Apply(a)
		require.NoError(t, err)
		if a.Type == diamant.ActVote {
			votes++
		}
		for _, e := range events {
			if e.Type == diamant.EvVotesRevealed {
				reveals = append(reveals, e.Seats)
			}
		}
	}
	return votes, reveals
}

func TestPhonesJoinRefusals(t *testing.T) {
	_, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	c := newClient(t, ts)
	start := time.Now()
	res, body := c.post("/join", url.Values{"code": {"ZZZZZZ"}}, nil)
	require.Equal(t, http.StatusNotFound, res.StatusCode)
	require.Contains(t, body, "No open table has that code")
	require.GreaterOrEqual(t, time.Since(start), wrongCodeIn, "a wrong code costs time")
	// Look-alikes are read alike: o is 0, i and l are 1.
	typed := strings.NewReplacer("0", "o", "1", "l").Replace(strings.ToLower(pt.code[:3])) + "-" + pt.code[3:]
	res, _ = c.post("/join", url.Values{"code": {typed}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	require.Equal(t, "/join/"+pt.code, res.Header.Get("Location"))
	// The game has started: no new seat; a stranger cannot see the table.
	res, body = c.post("/join/"+pt.code, url.Values{"seat": {"new"}, "name": {"Dario"}}, nil)
	require.Equal(t, http.StatusConflict, res.StatusCode, body)
	res, _ = c.get("/diamant/"+pt.id, nil)
	require.Equal(t, http.StatusForbidden, res.StatusCode)
	res, _ = c.get("/diamant/"+pt.id+"/events", nil)
	require.Equal(t, http.StatusForbidden, res.StatusCode)
	// A phone that is not the host cannot run the host's controls.
	res, body = pt.phones[1].post("/diamant/"+pt.id+"/end", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusForbidden, res.StatusCode)
	require.Contains(t, body, "Only the host")
	// The host takes Bruno's seat back; the stranger claims it: the seat has moved.
	res, _ = pt.phones[0].post("/diamant/"+pt.id+"/seat", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}, "seat": {"1"}, "do": {"take"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, body = c.post("/join/"+pt.code, url.Values{"seat": {"1"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	res, _ = c.get("/diamant/"+pt.id, nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
}

// sse reads a raw event stream: each event's id and data.
type sseEvent struct {
	Event string // "" for a message
	ID    string // "" when the event has no id line
	Data  string
}

func openStream(t *testing.T, c *client, path string) (<-chan sseEvent, func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	require.NoError(t, err)
	req.Header.Set("Accept", "text/event-stream")
	res, err := c.http.Do(req)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, res.StatusCode)
	out := make(chan sseEvent, 100)
	go func() {
		defer close(out)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var e sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				e.Event = line[7:]
			case strings.HasPrefix(line, "id: "):
				e.ID = line[4:]
			case strings.HasPrefix(line, "data: "):
				e.Data = line[6:]
			case line == "" && e.Data != "":
				out <- e
				e = sseEvent{}
			}
		}
	}()
	return out, cancel
}

func next(t *testing.T, ch <-chan sseEvent) sseEvent {
	t.Helper()
	select {
	case e, ok := <-ch:
		require.True(t, ok, "stream closed")
		return e
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5 s")
	}
	return sseEvent{}
}

// TestPhonesStreamsNeverCarryAnotherSeatsVote plays the same seeded game twice, Anna
// voting "leave" in one and "continue" in the other: what Bruno's raw stream receives
// before the reveal must be the same byte for byte (but the CSRF token).
func TestPhonesStreamsNeverCarryAnotherSeatsVote(t *testing.T) {
	var seen [2][]string
	for run, leave := range []bool{true, false} {
		s, ts := newServerPair(t, t.TempDir())
		pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
		token := pt.phones[1].csrf()
		// Same seed in both runs: the cards are the same.
		changeOptions(t, s, pt.id, func(opt *diamanttable.Options) { opt.Seed = 42 })
		pt.drawUntilVote()
		stream, stop := openStream(t, pt.phones[1], "/diamant/"+pt.id+"/events")
		first := next(t, stream)
		res, _ := pt.vote(0, 0, leave, pt.step(s))
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
		after := next(t, stream)
		stop()
		for _, e := range []sseEvent{first, after} {
			seen[run] = append(seen[run], e.ID+" "+strings.NewReplacer(token, "CSRF", pt.id, "ID").Replace(e.Data))
		}
		require.Contains(t, after.Data, "1 of 3 has voted")
		// Anna's own phone sees her own choice.
		_, _, body := pt.screen(0)
		if leave {
			require.Contains(t, body, "You chose to leave")
		} else {
			require.Contains(t, body, "You chose to go on")
		}
	}
	require.Equal(t, seen[0], seen[1])
}

func TestPhonesStreamCatchesUpWithLastEventID(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	stream, stop := openStream(t, pt.phones[2], "/diamant/"+pt.id+"/events")
	first := next(t, stream)
	stop()
	// While Carla's phone is away, the host draws.
	_, v, _ := pt.screen(0)
	res, _ := (&testTable{c: pt.phones[0], id: pt.id}).act("/draw", v, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	// Reconnecting with the last id seen: one catch-up event at once, at the new version.
	stream, stop = openStream(t, pt.phones[2], "/diamant/"+pt.id+"/events?since="+first.ID)
	defer stop()
	e := next(t, stream)
	require.Equal(t, strconv.FormatInt(v+1, 10), e.ID)
	var r diamantReply
	require.NoError(t, json.Unmarshal([]byte(e.Data), &r))
	require.Equal(t, v+1, r.Version)
	_ = s
}

// TestPhonesRestartMidVote stops the server with two votes of three recorded; the new
// server resumes with them and the third vote reveals.
func TestPhonesRestartMidVote(t *testing.T) {
	dir := t.TempDir()
	s, err := New(Config{DataDir: dir}, discardLog())
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ts := &httptest.Server{Listener: ln, Config: &http.Server{Handler: s.Handler()}}
	ts.Start()
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	pt.drawUntilVote()
	step := pt.step(s)
	for i := 0; i < 2; i++ {
		res, _ := pt.vote(i, i, i == 1, step)
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
	}
	addr := ln.Addr().String()
	ts.Close()
	require.NoError(t, s.Close())

	s2, err := New(Config{DataDir: dir}, discardLog())
	require.NoError(t, err)
	ln2, err := net.Listen("tcp", addr)
	require.NoError(t, err)
	ts2 := &httptest.Server{Listener: ln2, Config: &http.Server{Handler: s2.Handler()}}
	ts2.Start()
	t.Cleanup(func() { ts2.Close(); s2.Close() })

	_, _, body := pt.screen(1)
	require.Contains(t, body, "You chose to leave", "Bruno's phone keeps its pending vote")
	_, _, body = pt.screen(2)
	require.Contains(t, body, "2 of 3 have voted")
	res, _ := pt.vote(2, 2, false, pt.step(s2))
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	screen, _, body := pt.screen(2)
	require.Equal(t, "reveal", screen, body)
	require.Contains(t, body, "Bruno leaves")
}

func TestPhonesHiddenChests(t *testing.T) {
	tb := &diamanttable.Table{Opt: diamanttable.Options{Hidden: true}, Seats: diamant.SeatsOf(1), State: &diamant.State{}}
	require.Equal(t, diamant.SeatsOf(1), tb.Shown())
	tb.Opt.Ended = true
	require.Equal(t, diamant.SeatsOf(0, 1, 2, 3, 4, 5, 6, 7), tb.Shown())
	ev := []diamant.Event{{Type: diamant.EvLeft, Seat: 0, Amount: 5, Tokens: diamant.TokensFor(5), Chest: 12}}
	s, err := New(Config{DataDir: t.TempDir()}, discardLog())
	require.NoError(t, err)
	defer s.Close()
	l := s.Catalog.Localizer("en")
	hidden := say.DiamantEventsSeen(l, say.Full, []string{"Anna", "Bruno"}, ev, diamant.SeatsOf(1))
	require.NotContains(t, fmt.Sprint(hidden), "12")
	shown := say.DiamantEventsSeen(l, say.Full, []string{"Anna", "Bruno"}, ev, diamant.SeatsOf(0))
	require.Contains(t, fmt.Sprint(shown), "the chest, which now holds 12 diamonds")
}

func discardLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// A host's phone holding two seats (one for a player without a phone) beside a phone of
// its own: the start leads to the game, and the host's vote form stays good while the
// other phone votes.
func TestPhonesHostWithTwoSeats(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	host := newClient(t, ts)
	res, body := host.post("/diamant/phones", url.Values{"name": {"Ada"}, "draw": {"app"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	id := strings.TrimSuffix(strings.TrimPrefix(res.Header.Get("Location"), "/diamant/"), "/table")
	pt := &phoneTable{t: t, id: id, phones: []*client{host}}
	_, body = host.get("/diamant/"+id+"/table", nil)
	require.Contains(t, body, `data-live="/diamant/`+id+`/events"`, "the lobby follows the game's screens, so it follows into the game")
	pt.code = joinCode(t, body)
	res, body = host.post("/diamant/"+id+"/seat", url.Values{"do": {"add"}, "name": {"Dario"}, "version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	bruno := newClient(t, ts)
	res, body = bruno.post("/join/"+pt.code, url.Values{"seat": {"new"}, "name": {"Bruno"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	pt.phones = append(pt.phones, bruno)

	res, body = host.post("/diamant/"+id+"/start", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Equal(t, "/diamant/"+id, res.Header.Get("Location"), "the host goes to the game it started")
	_, body = host.get("/diamant/"+id+"/table", nil)
	require.Contains(t, body, `data-live="/diamant/`+id+`/events?view=table"`)

	_, v, _ := pt.screen(0)
	res, body = (&testTable{c: host, id: id}).act("/draw", v, url.Values{}) // the first card never ends a round
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	step := pt.step(s)
	_, body = host.get("/diamant/"+id+"/vote/0", nil)
	require.Contains(t, body, `name="step" value="`+step+`"`)
	require.Contains(t, body, "0 of 3 have voted.")
	old := versionField(t, body)

	res, body = pt.vote(1, 2, true, step)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, _, body = pt.screen(0)
	require.Contains(t, body, "1 of 3 has voted.", "the pass screen counts the votes too")

	// The form read before Bruno's vote, as the page kept it.
	res, body = host.post("/diamant/"+id+"/vote", url.Values{"seat": {"0"}, "choice": {"continue"}, "version": {old}, "step": {step}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	screen, _, body := pt.screen(0)
	require.Equal(t, "pass", screen)
	require.Equal(t, "Pass the phone to Dario", heading(body))
	require.Contains(t, body, "2 of 3 have voted.")
}

// TestPhonesStreamsShowAPhoneGoneAwayAndBack: when Carla's phone closes its page, the
// host's table page and Bruno's cave show her away by themselves, after the while, with a
// named event at the same version and no id (Last-Event-ID stays the version); and again
// when she is back. A reload within the while tells nobody anything.
func TestPhonesStreamsShowAPhoneGoneAwayAndBack(t *testing.T) {
	const after = 300 * time.Millisecond
	_, ts := newServerPairWith(t, Config{DataDir: t.TempDir(), AwayAfter: after})
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	host, stopHost := openStream(t, pt.phones[0], "/diamant/"+pt.id+"/events?view=table")
	defer stopHost()
	bruno, stopBruno := openStream(t, pt.phones[1], "/diamant/"+pt.id+"/events")
	defer stopBruno()
	carla, stopCarla := openStream(t, pt.phones[2], "/diamant/"+pt.id+"/events")
	version := next(t, host).ID
	require.NotEmpty(t, version)
	next(t, bruno)
	next(t, carla)

	// awaits reads a stream's presence events until one says want; it returns its page.
	awaits := func(ch <-chan sseEvent, want string) string {
		t.Helper()
		for {
			e := next(t, ch)
			require.Equal(t, "presence", e.Event, e.Data)
			require.Empty(t, e.ID, "a presence event keeps the last id")
			var r diamantReply
			require.NoError(t, json.Unmarshal([]byte(e.Data), &r))
			require.Equal(t, version, strconv.FormatInt(r.Version, 10), "the same version")
			for _, say := range r.Announce {
				if say.Text == want {
					return r.HTML
				}
			}
		}
	}
	// Bruno's and Carla's phones were heard of before their streams opened: let that settle.
	time.Sleep(3 * after)
	drain := func(ch <-chan sseEvent) {
		for {
			select {
			case <-ch:
			default:
				return
			}
		}
	}
	drain(host)
	drain(bruno)

	stopCarla()
	page := awaits(host, "Carla's phone has been away for a while.")
	require.Contains(t, page, "Carla</span>: on another phone, away")
	require.Contains(t, page, "Propose that Carla leaves")
	page = awaits(bruno, "Carla's phone has been away for a while.")
	require.Contains(t, page, "Carla, away")

	carla, stopCarla = openStream(t, pt.phones[2], "/diamant/"+pt.id+"/events?since="+version)
	page = awaits(host, "Carla's phone is back.")
	require.NotContains(t, page, "on another phone, away")
	awaits(bruno, "Carla's phone is back.")
	select {
	case e := <-carla:
		t.Fatalf("a stream resumed at the table's version gets nothing: %+v", e)
	case <-time.After(after):
	}

	// A reload: closed and open again at once. Nothing to tell.
	stopCarla()
	_, stopCarla = openStream(t, pt.phones[2], "/diamant/"+pt.id+"/events?since="+version)
	defer stopCarla()
	select {
	case e := <-host:
		t.Fatalf("nothing changed, yet the host was sent %+v", e)
	case <-time.After(3 * after):
	}
}

func TestStampedDraws(t *testing.T) {
	for _, tc := range []struct {
		name string
		a    diamant.Action
		at   int64
	}{
		{"a draw carries its version", diamant.Draw(diamant.Treasures[3]), 41},
		{"a vote does not", diamant.Vote(2, true), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := diamanttable.Stamped(tc.a, 41)
			require.NoError(t, err)
			var e diamanttable.Entry
			require.NoError(t, json.Unmarshal(raw, &e))
			require.Equal(t, tc.at, e.At)
			var back diamant.Action
			require.NoError(t, json.Unmarshal(raw, &back), string(raw))
			require.Equal(t, tc.a, back, "the engine reads the action as it was")
		})
	}
	old, _ := json.Marshal(diamant.Draw(diamant.Treasures[0]))
	var e diamanttable.Entry
	require.NoError(t, json.Unmarshal(old, &e))
	require.Zero(t, e.At, "logged before stamps")
}

// TestPhonesVoteFormStaleAfterUndo: Bruno's vote form was made before the host undid the
// draw and drew again; the vote at the same place of the log is a new one, and the old
// form is refused, explained, nothing recorded. Anna's vote does not make his new form stale.
func TestPhonesVoteFormStaleAfterUndo(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	pt.drawUntilVote()
	_, body := pt.phones[1].get("/diamant/"+pt.id, nil)
	before := voteStep(t, body)
	require.Equal(t, pt.step(s), before)
	oldVersion := versionField(t, body)

	host := &testTable{c: pt.phones[0], id: pt.id}
	_, v, _ := pt.screen(0)
	res, body := pt.phones[0].post("/diamant/"+pt.id+"/undo", url.Values{"version": {strconv.FormatInt(v, 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, v, _ = pt.screen(0)
	res, body = host.act("/draw", v, url.Values{}) // the app draws the same card again
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	after := pt.step(s)
	require.NotEqual(t, before, after)
	require.Equal(t, strings.SplitN(before, ".", 3)[:2], strings.SplitN(after, ".", 3)[:2], "the same place of the log")

	votes := func() int {
		rec, err := s.Store.Load(context.Background(), pt.id)
		require.NoError(t, err)
		n := 0
		for _, raw := range rec.Log {
			var a diamant.Action
			require.NoError(t, json.Unmarshal(raw, &a))
			if a.Type == diamant.ActVote {
				n++
			}
		}
		return n
	}
	res, body = pt.phones[1].post("/diamant/"+pt.id+"/vote", url.Values{"seat": {"1"}, "choice": {"leave"},
		"version": {oldVersion}, "step": {before}}, nil)
	require.Equal(t, http.StatusConflict, res.StatusCode)
	require.Contains(t, body, "This vote was made on an earlier screen: the cave has changed since.")
	require.Zero(t, votes(), "nothing recorded")

	// The form as it is now stays good through Anna's vote.
	_, body = pt.phones[1].get("/diamant/"+pt.id, nil)
	now := versionField(t, body)
	res, _ = pt.vote(0, 0, false, after)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, body = pt.phones[1].post("/diamant/"+pt.id+"/vote", url.Values{"seat": {"1"}, "choice": {"leave"},
		"version": {now}, "step": {after}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Equal(t, 2, votes())
}

// The table's page says what it is: the lobby before the game, the table's page once it runs.
func TestPhonesTablePageHeading(t *testing.T) {
	_, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	_, body := pt.phones[0].get("/diamant/"+pt.id+"/table", nil)
	require.Contains(t, body, `<h1 tabindex="-1">The table</h1>`)
}

// changeOptions rewrites a stored table's options (O, its game's) with change, as a test
// fixes what a table draws at random.
func changeOptions[O any](t *testing.T, s *Server, id string, change func(*O)) {
	t.Helper()
	ctx := context.Background()
	rec, err := s.Store.Load(ctx, id)
	require.NoError(t, err)
	var opt O
	require.NoError(t, json.Unmarshal(rec.Setup, &opt))
	change(&opt)
	raw, err := json.Marshal(opt)
	require.NoError(t, err)
	_, err = s.Tables.Update(ctx, id, rec.Version, raw, nil)
	require.NoError(t, err)
}

// Once a table is open to other phones, the host cannot open it again: that would lift
// the hidden chests and the seats' protection, or free the host's own seat.
func TestPhonesOpenOnlyOnce(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Hana", "Ada", "Bruno")
	before, err := s.Store.Load(context.Background(), pt.id)
	require.NoError(t, err)
	for _, form := range []url.Values{{"own": {"0"}}, {"own": {"0"}, "hidden": {"1"}}, {}} {
		form.Set("version", strconv.FormatInt(pt.version(), 10))
		res, body := pt.phones[0].post("/diamant/"+pt.id+"/open", form, nil)
		require.Equal(t, http.StatusConflict, res.StatusCode, body)
		require.Contains(t, body, "already open to other phones")
	}
	after, err := s.Store.Load(context.Background(), pt.id)
	require.NoError(t, err)
	require.Equal(t, before.Version, after.Version)
	require.JSONEq(t, string(before.Setup), string(after.Setup))
	var opt diamanttable.Options
	require.NoError(t, json.Unmarshal(after.Setup, &opt))
	require.True(t, opt.Hidden)
}

// A phone of one's own reloads its vote (its address, /vote/N): the page is the one its
// stream sends, live, with the host's tools; it keeps following the table.
func TestPhoneReloadsItsVote(t *testing.T) {
	_, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Anna", "Bruno", "Carla")
	pt.drawUntilVote()
	for i := range pt.phones {
		res, body := pt.phones[i].get("/diamant/"+pt.id+"/vote/"+strconv.Itoa(i), nil)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
		require.Contains(t, body, `data-live="/diamant/`+pt.id+`/events"`, "phone %d", i)
		require.Equal(t, i == 0, strings.Contains(body, `href="/diamant/`+pt.id+`/table"`), "phone %d: the host's tools", i)
	}
}

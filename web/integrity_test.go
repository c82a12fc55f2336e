package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/web/table"
)

// Issue #11: seats and secrets. A table changed in one write; a table whose record does not
// agree with itself is repaired when it is read, never a panic.

// setDevices writes a table's devices behind the server's back, as a crash between two
// writes of an older version could leave them.
func setDevices(t *testing.T, s *Server, id string, devices []table.Device) {
	t.Helper()
	ctx := context.Background()
	rec, err := s.Store.Load(ctx, id)
	require.NoError(t, err)
	_, err = s.Tables.Update(ctx, id, rec.Version, nil, devices)
	require.NoError(t, err)
}

func devicesOf(t *testing.T, s *Server, id string) []table.Device {
	t.Helper()
	rec, err := s.Store.Load(context.Background(), id)
	require.NoError(t, err)
	return rec.Devices
}

// A device holding a seat that no longer exists (the seat removed, the crash before the
// devices were written): the join page and the table's page still answer.
func TestPhonesLoadRepairsASeatThatNoLongerExists(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	host := newClient(t, ts)
	res, body := host.post("/diamant/phones", url.Values{"name": {"Ada"}, "draw": {"app"}, "hidden": {"1"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	id := strings.TrimSuffix(strings.TrimPrefix(res.Header.Get("Location"), "/diamant/"), "/table")
	_, body = host.get("/diamant/"+id+"/table", nil)
	code := joinCode(t, body)
	bruno := newClient(t, ts)
	res, body = bruno.post("/join/"+code, url.Values{"seat": {"new"}, "name": {"Bruno"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)

	// Two players; the host's phone holds seats 0 and 2, Bruno's seat 1 and 3.
	devices := devicesOf(t, s, id)
	devices[0].Seats = []int{0, 2}
	devices[1].Seats = []int{1, 3}
	setDevices(t, s, id, devices)

	joiner := newClient(t, ts)
	res, body = joiner.get("/join/"+code, nil)
	require.Equal(t, http.StatusOK, res.StatusCode, body)
	res, body = joiner.post("/join/"+code, url.Values{"seat": {"new"}, "name": {"Carla"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	for _, c := range []*client{host, bruno, joiner} {
		res, body = c.get("/diamant/"+id+"/table", nil)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
	}
	// Carla's seat is the third (2); the seats that did not exist are gone for good.
	devices = devicesOf(t, s, id)
	require.Len(t, devices, 3)
	require.Equal(t, []int{0}, devices[0].Seats)
	require.Equal(t, []int{1}, devices[1].Seats)
	require.Equal(t, []int{2}, devices[2].Seats)
}

// A seat nobody holds (the seat added, the crash before the devices were written): the host
// holds it, so the game's votes do not stall and the host can hand it out.
func TestPhonesLoadGivesASeatNobodyHoldsToTheHost(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Ada", "Bruno", "Carla")
	devices := devicesOf(t, s, pt.id)
	require.Equal(t, []int{2}, devices[2].Seats)
	devices[2].Seats = []int{}
	setDevices(t, s, pt.id, devices)

	drawUntilVoteOn(pt, 1)
	step := pt.step(s)
	res, body := pt.vote(1, 1, false, step)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	// The host votes for the seat nobody held: the vote is complete, the game goes on.
	res, body = pt.vote(0, 0, false, step)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	res, body = pt.vote(0, 2, false, step)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	screen, _, body := pt.screen(0)
	require.NotContains(t, body, "2 of 3 have voted", screen)
	// The host hands the seat out again; Carla's phone claims it.
	_, body = pt.phones[0].get("/diamant/"+pt.id+"/table", nil)
	require.Contains(t, body, "Carla")
	res, body = pt.phones[0].post("/diamant/"+pt.id+"/seat", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}, "seat": {"2"}, "do": {"free"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	res, body = pt.phones[2].post("/join/"+pt.code, url.Values{"seat": {"2"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	require.Equal(t, []int{2}, devicesOf(t, s, pt.id)[2].Seats)
}

// drawUntilVoteOn draws with the host until phone i is asked to vote.
func drawUntilVoteOn(pt *phoneTable, i int) {
	pt.t.Helper()
	for {
		screen, _, _ := pt.screen(i)
		if screen == "vote" {
			return
		}
		_, v, _ := pt.screen(0)
		res, body := (&testTable{c: pt.phones[0], id: pt.id}).act("/draw", v, url.Values{})
		require.Equal(pt.t, http.StatusSeeOther, res.StatusCode, body)
	}
}

// Issue #11, point 7: a phone whose seat the host took back holds none: it may still look at
// the table, but every action is refused, explained, and nothing changes.
func TestPhonesDeviceWithoutASeatCannotAct(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Ada", "Bruno", "Carla")
	res, body := pt.phones[0].post("/diamant/"+pt.id+"/seat", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}, "seat": {"1"}, "do": {"take"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	bruno := &testTable{c: pt.phones[1], id: pt.id}
	load := func() table.Record {
		rec, err := s.Store.Load(context.Background(), pt.id)
		require.NoError(t, err)
		return rec
	}
	tablesOf := func(device string) int {
		list, err := s.Store.ListForDevice(context.Background(), device, "diamant")
		require.NoError(t, err)
		return len(list)
	}
	before := load()
	_, _, page := bruno.screen("")
	require.NotContains(t, page, `/draw"`, "no draw button on a phone without a seat")
	brunoID := before.Devices[1].ID
	require.Empty(t, before.Devices[1].Seats)
	tables := tablesOf(brunoID)

	for _, path := range []string{"/draw", "/again", "/risk", "/undo", "/exits"} {
		res, body := bruno.act(path, before.Version, url.Values{})
		require.Equal(t, http.StatusForbidden, res.StatusCode, "%s: %s", path, body)
		require.Contains(t, body, "This device no longer holds a seat at this table", path)
	}
	require.Equal(t, before.Version, load().Version, "nothing changed")
	require.Equal(t, tables, tablesOf(brunoID), "no new table either")

	// Bruno's seat is the host's now: Bruno's vote for it is refused too.
	drawUntilVoteOn(pt, 2)
	mid := load()
	res, body = pt.vote(1, 1, true, pt.step(s))
	require.Equal(t, http.StatusForbidden, res.StatusCode, body)
	require.Equal(t, mid.Version, load().Version)
}

// Issue #11, point 8: one phone adds one new seat by joining, not all the free ones; the
// host can still give it more.
func TestPhonesJoinAddsOneNewSeatPerDevice(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	host := newClient(t, ts)
	res, body := host.post("/diamant/phones", url.Values{"name": {"Ada"}, "draw": {"app"}, "hidden": {"1"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	id := strings.TrimSuffix(strings.TrimPrefix(res.Header.Get("Location"), "/diamant/"), "/table")
	_, body = host.get("/diamant/"+id+"/table", nil)
	code := joinCode(t, body)
	pt := &phoneTable{t: t, id: id, code: code, phones: []*client{host}}

	phone := newClient(t, ts)
	res, body = phone.post("/join/"+code, url.Values{"seat": {"new"}, "name": {"Bruno"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, body = phone.get("/join/"+code, nil)
	require.NotContains(t, body, `value="new"`, "no new-seat form for a phone that holds a seat")
	for _, name := range []string{"Bruno2", "Bruno3"} {
		res, body = phone.post("/join/"+code, url.Values{"seat": {"new"}, "name": {name}}, nil)
		require.Equal(t, http.StatusConflict, res.StatusCode, body)
		require.Contains(t, body, "This device already holds a seat at this table")
	}
	// Nor does the host's phone add seats by joining: it has its own form.
	res, body = host.post("/join/"+code, url.Values{"seat": {"new"}, "name": {"Zeno"}}, nil)
	require.Equal(t, http.StatusConflict, res.StatusCode, body)
	rec, err := s.Store.Load(context.Background(), id)
	require.NoError(t, err)
	require.Len(t, rec.Devices, 2)
	require.Equal(t, []int{1}, rec.Devices[1].Seats)

	// The host adds a seat on its phone and leaves it free: the phone takes it.
	res, body = host.post("/diamant/"+id+"/seat", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}, "do": {"add"}, "name": {"Carla"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	res, body = host.post("/diamant/"+id+"/seat", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}, "do": {"free"}, "seat": {"2"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	res, body = phone.post("/join/"+code, url.Values{"seat": {"2"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	rec, err = s.Store.Load(context.Background(), id)
	require.NoError(t, err)
	require.Equal(t, []int{1, 2}, rec.Devices[1].Seats)
}

// playerRow is the cells of a player's row of the players' table on a screen, after the
// name (and its chip).
func playerRow(t *testing.T, body, name string) string {
	t.Helper()
	i := strings.Index(body, " "+name+"</th>")
	require.GreaterOrEqual(t, i, 0, "no row for %s", name)
	i += len(name) + 6
	j := strings.Index(body[i:], "</tr>")
	return body[i : i+j]
}

// claimSeat: the host takes a seat back and leaves it free; the phone claims it.
func (pt *phoneTable) handSeat(seat int, to *client) {
	pt.t.Helper()
	res, body := pt.phones[0].post("/diamant/"+pt.id+"/seat", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}, "seat": {strconv.Itoa(seat)}, "do": {"take"}}, nil)
	require.Equal(pt.t, http.StatusSeeOther, res.StatusCode, body)
	res, body = to.post("/join/"+pt.code, url.Values{"seat": {strconv.Itoa(seat)}}, nil)
	require.Equal(pt.t, http.StatusSeeOther, res.StatusCode, body)
}

// Issue #11, point 5: a seat that changes phones during a vote keeps its vote (counted) but
// never shows it to the new phone.
func TestPhonesSeatChangingPhonesKeepsItsVoteSecret(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Hugo", "Ada", "Bruno")
	pt.drawUntilVote()
	step := pt.step(s)
	res, body := pt.vote(1, 1, true, step)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, _, body = pt.screen(1)
	require.Contains(t, body, "You chose to leave", "Ada's own phone reads her vote")

	// The host takes Ada's seat and claims it from a second browser.
	second := newClient(t, ts)
	pt.handSeat(1, second)
	pt.phones = append(pt.phones, second)
	screen, _, body := pt.screen(3)
	require.NotContains(t, body, "You chose to leave", screen)
	require.NotContains(t, body, "You chose to go on", screen)
	require.Contains(t, body, "1 of 3 has voted", "the vote stays counted")
	_, _, body = pt.screen(0)
	require.NotContains(t, body, "You chose")
	// Its live stream does not carry it either.
	stream, stop := openStream(t, second, "/diamant/"+pt.id+"/events")
	first := next(t, stream)
	stop()
	require.NotContains(t, first.Data, "You chose")

	// The vote goes on and counts Ada's "leave".
	res, body = pt.vote(0, 0, false, step)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, _, body = pt.screen(3)
	require.NotContains(t, body, "You chose", "another vote does not bring it back")
	res, body = pt.vote(2, 2, false, step)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	screen, _, body = pt.screen(3)
	require.Equal(t, "reveal", screen, body)
	require.Contains(t, body, "Ada leaves")
}

// Issue #11, point 5: a hidden chest stays hidden from whoever takes its seat during the
// game, with a sentence saying why; the phone that had it sees it again; everyone at the end.
func TestPhonesSeatChangingPhonesKeepsItsChestHidden(t *testing.T) {
	_, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Hugo", "Ada", "Bruno")
	_, _, body := pt.screen(1)
	require.NotContains(t, playerRow(t, body, "Ada"), "hidden", "Ada sees her own chest")
	require.Contains(t, playerRow(t, body, "Bruno"), "hidden")

	second := newClient(t, ts)
	pt.handSeat(1, second)
	pt.phones = append(pt.phones, second)
	_, _, body = pt.screen(3)
	require.Contains(t, playerRow(t, body, "Ada"), "hidden", "the new phone does not see the seat's chest")
	require.Contains(t, body, "Your chest is hidden: this seat changed phones during the game.")
	res, body := second.get("/diamant/"+pt.id+"?show=reveal", nil)
	require.Equal(t, http.StatusOK, res.StatusCode)
	require.Contains(t, playerRow(t, body, "Ada"), "hidden")

	// While the host holds it, neither does the host.
	res, body = pt.phones[0].post("/diamant/"+pt.id+"/seat", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}, "seat": {"1"}, "do": {"take"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, _, body = pt.screen(0)
	require.Contains(t, playerRow(t, body, "Ada"), "hidden")
	require.Contains(t, body, "Ada: the chest is hidden, because this seat changed phones during the game.")
	require.NotContains(t, playerRow(t, body, "Hugo"), "hidden")

	// Ada's own phone claims it again: it had the chest, it sees it.
	res, body = pt.phones[1].post("/join/"+pt.code, url.Values{"seat": {"1"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, _, body = pt.screen(1)
	require.NotContains(t, playerRow(t, body, "Ada"), "hidden")
	require.NotContains(t, body, "Your chest is hidden")

	// At the end every chest is shown, to every phone.
	res, body = pt.phones[0].post("/diamant/"+pt.id+"/end", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, _, body = pt.screen(3)
	require.NotContains(t, playerRow(t, body, "Ada"), "hidden")
	require.NotContains(t, playerRow(t, body, "Bruno"), "hidden")
}

// Issue #11, point 4: a table whose log cannot be replayed is refused with a sentence that
// says so, not a panic or the server's generic apology.
func TestPhonesDamagedTableIsRefusedWithASentence(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTable(t, ts, "Ada", "Bruno", "Carla")
	rec, err := s.Store.Load(context.Background(), pt.id)
	require.NoError(t, err)
	_, err = s.Tables.Store().Append(context.Background(), pt.id, rec.Version, []byte(`{"type":"vote","seat":7,"leave":true}`), false)
	require.NoError(t, err)
	for _, path := range []string{"", "/table"} {
		res, body := pt.phones[1].get("/diamant/"+pt.id+path, nil)
		require.Equal(t, http.StatusInternalServerError, res.StatusCode, body)
		require.Contains(t, body, "The record of this table is damaged", path)
	}
	res, body := pt.phones[1].get("/diamant/"+pt.id+"/table", map[string]string{"Accept-Language": "it"})
	require.Equal(t, http.StatusInternalServerError, res.StatusCode)
	require.Contains(t, body, "danneggiati")
}

package web

import (
	"bytes"
	"context"
	"encoding/json"
	"math/bits"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/donuts"
	"tavolo/web/table"
	donutstable "tavolo/web/table/donuts"
)

// donutsLoad is Donuts' part of the load benchmark (TestLoadPhoneTables): a game of two
// players on two phones, the host's phone keeping chocolate (which starts), the guest's
// playing vanilla. The phone whose colour places next places a donut on one of its
// playable plates; a finished game is kept going by taking back its last move, as on two
// phones: the host's phone asks, the guest's accepts, and the game goes on from there.
//
// Why an undo rather than a new table: a new table means new streams (the phones follow
// it to a new address), so the measure would mix connections opened and closed into the
// latency of moves, and the new table would come from the test, not from the phones
// (table creation is limited per address). The undo keeps each table and its two streams
// for the whole run, and every request it takes (the request, the answer) is one a pair
// of phones makes and a new version both streams deliver, measured like a move. The LOAD
// line's actions count them all; the log line counts them by kind ("/place", "/undo ask",
// "/undo yes"): once a game has ended (about 30 moves), a table mostly alternates an undo
// asked and accepted with a move, which may end the game again.
type donutsLoad struct{}

func (donutsLoad) phones() int           { return 2 }
func (donutsLoad) path(id string) string { return "/donuts/t/" + id }
func (donutsLoad) view() loadView        { return &donutsLoadView{} }

// prepare stores the table as it is once the host has opened it to a second phone
// (keeping chocolate) and the guest has joined with its code: the same options, devices
// and code as the forms leave (donutsHandlers.open, joinSeat), written directly, since
// joining is limited per address (join.go) and every phone of the test comes from
// 127.0.0.1.
func (donutsLoad) prepare(ctx context.Context, s *Server, id string, i int, devices []string) (int64, error) {
	opt := donutstable.Options{Spec: donuts.Numbered(uint64(i+1), donuts.Chocolate), Mode: donutstable.ModeTwo}
	opt.OpenTo(donuts.Chocolate)
	raw, err := json.Marshal(opt)
	if err != nil {
		return 0, err
	}
	host := table.Device{ID: devices[0], Seats: []int{donutstable.SeatOf(donuts.Chocolate)}, Host: true}
	guest := table.Device{ID: devices[1], Seats: []int{donutstable.SeatOf(donuts.Vanilla)}}
	if err := s.Tables.Store().Create(ctx, table.Table{ID: id, Game: donutstable.Game.Name(), Setup: raw}, host); err != nil {
		return 0, err
	}
	if err := s.Tables.GiveCode(ctx, id); err != nil {
		return 0, err
	}
	return s.Tables.Update(ctx, id, 0, nil, []table.Device{host, guest})
}

// donutsLoadView is what the two phones' boards show, as their streams last said.
type donutsLoadView struct {
	playable [2]uint64 // each phone's playable plates: bit i is the cell i, row by row
	finished bool
	asked    bool // the guest's board asks it to answer the host's request for an undo
}

var (
	donutsLoadFinished = []byte(`"finished":true`)
	donutsLoadAnswer   = []byte(`name=\"answer\" value=\"yes\"`) // in the panel's HTML, as JSON escapes it
)

func (v *donutsLoadView) event(p int, line []byte) {
	v.playable[p] = donutsPlayable(line)
	v.finished = bytes.Contains(line, donutsLoadFinished)
	if p == 1 {
		v.asked = bytes.Contains(line, donutsLoadAnswer)
	}
}

func (v *donutsLoadView) next(ti int, ver int64) loadAction {
	switch {
	case v.asked:
		return loadAction{phone: 1, path: "/undo", kind: "/undo yes", form: url.Values{"answer": {"yes"}}}
	case v.finished:
		return loadAction{phone: 0, path: "/undo", kind: "/undo ask"}
	}
	for p, m := range v.playable {
		if n := bits.OnesCount64(m); n > 0 {
			// One of its plates, varied from table to table and turn to turn.
			for range (ti + int(ver)) % n {
				m &= m - 1
			}
			i := bits.TrailingZeros64(m)
			return loadAction{phone: p, path: "/place", form: url.Values{"plate": {strconv.Itoa(i/donuts.Size+1) + "," + strconv.Itoa(i%donuts.Size+1)}}}
		}
	}
	// A game going on where neither phone may place: not a board this view knows. The
	// request is sent anyway, so that the server's refusal shows in the count.
	return loadAction{path: "/place", form: url.Values{"plate": {"1,1"}}}
}

// donutsPlayable reads which plates a board's JSON (a reply or a stream's event) shows as
// playable, without decoding it (the client must cost little). Each cell is
// {"d":…,"p":true,"l":…,"n":"its label"}: a cell is playable when "p":true comes before its
// "n"; neither pattern can occur inside a label or the HTML, whose quotes JSON escapes.
func donutsPlayable(line []byte) uint64 {
	i := bytes.Index(line, []byte(`"cells":[`))
	if i < 0 {
		return 0
	}
	rest := line[i:]
	var m uint64
	for k := range donuts.Size * donuts.Size {
		j := bytes.Index(rest, []byte(`"n":"`))
		if j < 0 {
			break
		}
		if bytes.Contains(rest[:j], []byte(`"p":true`)) {
			m |= 1 << k
		}
		rest = rest[j+len(`"n":"`):]
	}
	return m
}

// The load benchmark's reading of a Donuts board agrees with the board decoded, on both
// phones, through a move, a finished game's undo asked and accepted.
func TestDonutsLoadViewReadsTheBoard(t *testing.T) {
	_, host, guest, id := donutsOnTwoPhones(t)
	phones := []*client{host, guest}
	check := func(v *donutsLoadView) {
		t.Helper()
		for p, c := range phones {
			res, body := c.get("/donuts/t/"+id, asJSON)
			require.Equal(t, http.StatusOK, res.StatusCode, body)
			var r donutsReply
			require.NoError(t, json.Unmarshal([]byte(body), &r))
			require.Len(t, r.Cells, donuts.Size*donuts.Size)
			var want uint64
			for i, cell := range r.Cells {
				if cell.Playable {
					want |= 1 << i
				}
			}
			v.event(p, []byte("data: "+body))
			require.Equal(t, want, v.playable[p], "phone %d", p)
			require.Equal(t, r.Finished, v.finished)
		}
	}
	v := &donutsLoadView{}
	check(v)
	require.Zero(t, v.playable[1], "vanilla waits")
	require.Equal(t, 36, bits.OnesCount64(v.playable[0]), "the first donut goes anywhere")

	// Play the game out as the benchmark does.
	for moves := 0; !v.finished; moves++ {
		require.Less(t, moves, 36, "a game ends within 36 moves")
		v1, _ := strconv.ParseInt(donutsVersionOf(t, host, id), 10, 64)
		a := v.next(moves, v1)
		require.Equal(t, "/place", a.path)
		form := a.form
		form.Set("version", strconv.FormatInt(v1, 10))
		res, body := donutsPost(phones[a.phone], "/donuts/t/"+id+a.path, form, asJSON)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
		check(v)
	}
	for _, kind := range []string{"/undo ask", "/undo yes"} {
		ver, _ := strconv.ParseInt(donutsVersionOf(t, host, id), 10, 64)
		a := v.next(0, ver)
		require.Equal(t, kind, a.kind)
		form := a.form
		if form == nil {
			form = url.Values{}
		}
		form.Set("version", strconv.FormatInt(ver, 10))
		res, body := donutsPost(phones[a.phone], "/donuts/t/"+id+a.path, form, asJSON)
		require.Equal(t, http.StatusOK, res.StatusCode, body)
		check(v)
		require.Equal(t, kind == "/undo ask", v.asked)
	}
	require.False(t, v.finished, "the last move is taken back")
	require.NotEqual(t, v.playable[0] == 0, v.playable[1] == 0, "one phone places next")
}

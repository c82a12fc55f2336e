package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/internal/markup"
	diamanttable "tavolo/web/table/diamant"
)

// newPhoneTableWithExplorer opens a table for a phone each whose host, Anna, adds a
// computer explorer of level in the lobby before Bruno joins; the seed is fixed before the
// explorer takes its name, so that it is Amelia. Bruno joins as joinAs.
func newPhoneTableWithExplorer(t *testing.T, s *Server, ts *httptest.Server, level string, seed uint64, joinAs string) *phoneTable {
	t.Helper()
	host := newClient(t, ts)
	res, body := host.post("/diamant/phones", url.Values{"name": {"Anna"}, "draw": {"app"}, "hidden": {"1"}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	id := strings.TrimSuffix(strings.TrimPrefix(res.Header.Get("Location"), "/diamant/"), "/table")
	changeOptions(t, s, id, func(opt *diamanttable.Options) { opt.Seed = 0 })
	_, body = host.get("/diamant/"+id+"/table", nil)
	pt := &phoneTable{t: t, id: id, code: joinCode(t, body), phones: []*client{host}}
	res, body = host.post("/diamant/"+id+"/seat", url.Values{"do": {"explorer"}, "level": {level},
		"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	c := newClient(t, ts)
	res, body = c.post("/join/"+pt.code, url.Values{"seat": {"new"}, "name": {joinAs}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	pt.phones = append(pt.phones, c)
	changeOptions(t, s, id, func(opt *diamanttable.Options) { opt.Seed = seed })
	return pt
}

func (pt *phoneTable) start() {
	res, body := pt.phones[0].post("/diamant/"+pt.id+"/start", url.Values{"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(pt.t, http.StatusSeeOther, res.StatusCode, body)
}

// The lobby with an explorer: the host adds and removes one; everyone sees it named as
// one; a person joining with its name keeps the name, the explorer takes another.
func TestPhonesLobbyExplorers(t *testing.T) {
	s, ts := newServerPair(t, t.TempDir())
	pt := newPhoneTableWithExplorer(t, s, ts, "hard", 1, "amelia")
	_, body := pt.phones[1].get("/diamant/"+pt.id+"/table", nil)
	seats := markup.Parse(body).Get(t, markup.Role("region"), markup.Name("Seats")).Text()
	require.Contains(t, seats, "Anna: on another phone")
	require.Contains(t, seats, "Howard the hard computer: votes automatically", "the explorer Amelia took another name")
	require.Contains(t, seats, "amelia: on this phone")

	// The host adds an easy one and removes it; Bruno's phone is told.
	_, body = pt.phones[0].get("/diamant/"+pt.id+"/table", nil)
	require.Contains(t, body, "Add the explorer")
	res, body := pt.phones[0].post("/diamant/"+pt.id+"/seat", url.Values{"do": {"explorer"}, "level": {"easy"},
		"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, body = pt.phones[1].get("/diamant/"+pt.id+"/table", nil)
	require.Contains(t, body, "Gertrude the easy computer")
	res, body = pt.phones[0].post("/diamant/"+pt.id+"/seat", url.Values{"do": {"remove"}, "seat": {"3"},
		"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
	_, body = pt.phones[1].get("/diamant/"+pt.id+"/table", nil)
	require.NotContains(t, body, "Gertrude")
	res, body = pt.phones[0].post("/diamant/"+pt.id+"/seat", url.Values{"do": {"explorer"}, "level": {"expert"},
		"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusBadRequest, res.StatusCode, body)
	// Only the host adds explorers.
	res, _ = pt.phones[1].post("/diamant/"+pt.id+"/seat", url.Values{"do": {"explorer"}, "level": {"easy"},
		"version": {strconv.FormatInt(pt.version(), 10)}}, nil)
	require.Equal(t, http.StatusForbidden, res.StatusCode)

	pt.start()
	_, _, body = pt.screen(1)
	require.Contains(t, body, "Howard the hard computer")
}

// An explorer's vote at a table with a phone each is never shown nor sent before the
// reveal: the same seeded game with an easy and a hard explorer, where they choose
// differently at some table, sends Bruno's stream and Anna's replies the same bytes (the
// level's word aside) until the reveal; the reveal names the explorer's choice.
func TestPhonesExplorerVoteStaysSecret(t *testing.T) {
	const turns = 8
	differ := false
	for seed := uint64(1); seed <= 4 && !differ; seed++ {
		var before, reveals [2][]string
		for run, level := range []string{"easy", "hard"} {
			s, ts := newServerPair(t, t.TempDir())
			pt := newPhoneTableWithExplorer(t, s, ts, level, seed, "Bruno")
			pt.start()
			clean := strings.NewReplacer(pt.phones[1].csrf(), "CSRF", pt.phones[0].csrf(), "CSRF", pt.id, "ID", " "+level+" ", " LEVEL ")
			for range turns { // Anna and Bruno go on; the explorer decides
				pt.drawUntilVote()
				stream, stop := openStream(t, pt.phones[1], "/diamant/"+pt.id+"/events")
				t.Cleanup(stop)
				first := next(t, stream)
				_, v, _ := pt.screen(0)
				status, raw, _ := (&testTable{c: pt.phones[0], id: pt.id}).jsonAct("/vote", v, url.Values{"seat": {"0"}, "choice": {"continue"}, "step": {pt.step(s)}})
				require.Equal(t, http.StatusOK, status)
				after := next(t, stream)
				require.Contains(t, after.Data, "1 of ")
				_, jsonScreen := pt.phones[1].get("/diamant/"+pt.id, map[string]string{"Accept": "application/json"})
				_, history := pt.phones[1].get("/diamant/"+pt.id+"/history", nil)
				_, hostHistory := pt.phones[0].get("/diamant/"+pt.id+"/history", nil)
				rec, err := s.Store.Load(context.Background(), pt.id)
				require.NoError(t, err)
				sh, err := diamanttable.Replay(rec)
				require.NoError(t, err)
				require.Equal(t, 1, sh.State.Voted().Count(), "the explorer has not voted: no vote of it exists")
				var b strings.Builder
				for _, part := range []string{first.Data, string(raw), after.Data, jsonScreen, history, hostHistory} {
					b.WriteString(clean.Replace(part))
				}
				before[run] = append(before[run], b.String())
				res, body := pt.vote(1, 2, false, pt.step(s))
				require.Equal(t, http.StatusSeeOther, res.StatusCode, body)
				reveal := next(t, stream)
				stop()
				require.Contains(t, reveal.Data, "Amelia the "+level+" computer")
				reveals[run] = append(reveals[run], clean.Replace(reveal.Data))
			}
		}
		// Until the explorers first choose differently, the games are the same: so is
		// every byte sent before each reveal.
		for turn := range turns {
			require.Equal(t, before[0][turn], before[1][turn], "seed %d, turn %d", seed, turn)
			if reveals[0][turn] != reveals[1][turn] {
				differ = true
				break
			}
		}
	}
	require.True(t, differ, "at some table the easy and the hard explorer chose differently: the equal bytes mean something")
}

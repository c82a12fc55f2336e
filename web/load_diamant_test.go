package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strconv"

	"tavolo/companion/diamant"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// diamantLoad is Diamant's part of the load benchmark (TestLoadPhoneTables): 6 players, a
// phone each, the app drawing and each phone voting for its own seat, hands hidden. A
// table draws, or lets a phone whose seat is waiting vote, or undoes a finished game's
// last action (which keeps it going).
type diamantLoad struct{}

const diamantLoadPhones = 6

func (diamantLoad) phones() int           { return diamantLoadPhones }
func (diamantLoad) path(id string) string { return "/diamant/" + id }
func (diamantLoad) view() loadView        { return &diamantLoadView{} }

func (diamantLoad) prepare(ctx context.Context, s *Server, id string, i int, devices []string) (int64, error) {
	names := []string{"A", "B", "C", "D", "E", "F"}
	opt := diamanttable.Options{Setup: diamant.Setup{Players: names, Seed: uint64(i + 1)}, Draw: diamanttable.DrawApp, Vote: diamanttable.VotePhone, Phones: true, Hidden: true, Own: []int{0}}
	raw, err := json.Marshal(opt)
	if err != nil {
		return 0, err
	}
	var seated []table.Device
	for p, dev := range devices {
		seated = append(seated, table.Device{ID: dev, Seats: []int{p}, Host: p == 0})
	}
	if err := s.Tables.Store().Create(ctx, table.Table{ID: id, Game: "diamant", Setup: raw}, seated[0]); err != nil {
		return 0, err
	}
	return s.Tables.Update(ctx, id, 0, nil, seated)
}

// diamantLoadView is each phone's screen and vote step, as its stream last said.
type diamantLoadView struct {
	screen [diamantLoadPhones]string
	step   [diamantLoadPhones]string
}

func (v *diamantLoadView) event(p int, line []byte) {
	screen, whole := attrAfter(line, `data-screen=\"`)
	if !whole {
		return // a vote's patch: the same screen and step
	}
	v.screen[p] = screen
	v.step[p], _ = attrAfter(line, `name=\"step\" value=\"`)
}

func (v *diamantLoadView) next(ti int, ver int64) loadAction {
	voter, final := -1, false
	for p := range v.screen {
		if v.screen[p] == "vote" && voter < 0 {
			voter = p
		}
		final = final || v.screen[p] == "final"
	}
	switch {
	case voter >= 0:
		choice := "continue"
		if (ti+int(ver))%4 == 0 {
			choice = "leave"
		}
		return loadAction{phone: voter, path: "/vote", form: url.Values{"seat": {strconv.Itoa(voter)}, "choice": {choice}, "step": {v.step[voter]}}}
	case final:
		return loadAction{path: "/undo"}
	}
	return loadAction{path: "/draw"}
}

// attrAfter is the text after prefix in line up to the next backslash (the JSON-escaped
// quote that closes an attribute), without a regexp: the client must cost little.
func attrAfter(line []byte, prefix string) (string, bool) {
	i := bytes.Index(line, []byte(prefix))
	if i < 0 {
		return "", false
	}
	rest := line[i+len(prefix):]
	if j := bytes.IndexByte(rest, '\\'); j >= 0 {
		return string(rest[:j]), true
	}
	return "", false
}

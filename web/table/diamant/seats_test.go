package diamant

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

// refused checks that err is a refusal of kind k with message id.
func refused(t *testing.T, err error, k table.Kind, id string, msg ...any) {
	t.Helper()
	var r *table.Refusal
	require.ErrorAs(t, err, &r, msg...)
	require.Equal(t, k, r.Kind, msg...)
	require.Equal(t, id, r.ID, msg...)
}

func host(seats ...int) table.Device { return table.Device{ID: "h", Seats: seats, Host: true} }
func phone(id string, seats ...int) table.Device {
	return table.Device{ID: id, Seats: seats}
}

func lobby(players ...string) Options {
	return Options{Setup: engine.Setup{Players: players, Seed: 1}, Draw: DrawApp, Vote: VotePhone, Phones: true, Lobby: true, Own: []int{0}}
}

func TestChangeSeatInTheLobby(t *testing.T) {
	opt := lobby("Ada", "Bea")
	devices := []table.Device{host(0), phone("b", 1)}

	// Added on the host's phone, which keeps it; the name cleaned and checked.
	out, err := opt.ChangeSeat(devices, SeatAdd, -1, " Cy\u200b ", 0)
	require.NoError(t, err)
	require.Equal(t, []string{"Ada", "Bea", "Cy"}, opt.Players)
	require.Equal(t, []int{0, 2}, opt.Own)
	require.Equal(t, []table.Device{host(0, 2), phone("b", 1)}, out)
	require.Equal(t, []int{0}, devices[0].Seats, "the devices handed in are not changed")

	before := opt.Clone()
	_, err = opt.ChangeSeat(out, SeatAdd, -1, "ada", 0)
	refused(t, err, table.Invalid, "diamant.join.name.taken")
	_, err = opt.ChangeSeat(out, SeatAdd, -1, "\u200b", 0)
	refused(t, err, table.Invalid, "diamant.join.name.empty")
	require.Equal(t, before, opt, "a refusal changes nothing")

	// Freed, kept again.
	free, err := opt.ChangeSeat(out, SeatFree, 2, "", 0)
	require.NoError(t, err)
	require.Equal(t, []int{0}, opt.Own)
	require.Equal(t, out, free)
	_, err = opt.ChangeSeat(out, SeatKeep, 2, "", 0)
	require.NoError(t, err)
	require.Equal(t, []int{0, 2}, opt.Own)
	_, err = opt.ChangeSeat(out, SeatKeep, 2, "", 0)
	refused(t, err, table.BadForm, "diamant.error.form", "kept already")
	_, err = opt.ChangeSeat(out, SeatKeep, 1, "", 0)
	refused(t, err, table.BadForm, "diamant.error.form", "another phone's")

	// Removed: the seats after it move down, on every device and in Own.
	opt.Players = append(opt.Players, "Dee")
	out = table.MoveSeat(out, 3, "h")
	opt.Own = append(opt.Own, 3)
	out, err = opt.ChangeSeat(out, SeatRemove, 2, "", 0)
	require.NoError(t, err)
	require.Equal(t, []string{"Ada", "Bea", "Dee"}, opt.Players)
	require.Equal(t, []int{0, 2}, opt.Own)
	require.Equal(t, []table.Device{host(0, 2), phone("b", 1)}, out)
	for _, seat := range []int{0, 1} { // the host's own seat, another phone's
		_, err = opt.ChangeSeat(out, SeatRemove, seat, "", 0)
		refused(t, err, table.Conflict, "diamant.error.remove", "seat %d", seat)
	}
	for _, tc := range []struct {
		do   string
		seat int
	}{{SeatFree, 3}, {SeatFree, -1}, {"sit", 1}, {"", 0}} {
		_, err = opt.ChangeSeat(out, tc.do, tc.seat, "", 0)
		refused(t, err, table.BadForm, "diamant.error.form", "%s %d", tc.do, tc.seat)
	}
}

func TestChangeSeatFull(t *testing.T) {
	opt := lobby("A", "B", "C", "D", "E", "F", "G", "H")
	require.Len(t, opt.Players, MaxSeats)
	_, err := opt.ChangeSeat([]table.Device{host(0, 1, 2, 3, 4, 5, 6, 7)}, SeatAdd, -1, "I", 0)
	refused(t, err, table.Conflict, "diamant.error.seats.full")
	opt = lobby("A", "B")
	opt.Lobby = false
	_, err = opt.ChangeSeat([]table.Device{host(0, 1)}, SeatAdd, -1, "I", 0)
	refused(t, err, table.Conflict, "diamant.error.seats.full", "no seat is added once the game runs")
	_, err = opt.ChangeSeat([]table.Device{host(0, 1)}, SeatRemove, 1, "", 0)
	refused(t, err, table.Conflict, "diamant.error.remove", "nor removed")
}

// A seat taken back during a game keeps its secrets from the host's phone (HandOver).
func TestChangeSeatTakeBack(t *testing.T) {
	opt := lobby("Ada", "Bea", "Cy")
	opt.Lobby, opt.Keepers = false, []string{"h", "b", "h"}
	out, err := opt.ChangeSeat([]table.Device{host(0, 2), phone("b", 1)}, SeatTake, 1, "", 5)
	require.NoError(t, err)
	require.Equal(t, []table.Device{host(0, 1, 2), {ID: "b", Seats: []int{}}}, out)
	require.Equal(t, []int{0, 5, 0}, opt.Moved)
	require.Equal(t, []string{"h", "b", "h"}, opt.Keepers)
	require.Equal(t, []int{0}, opt.Own, "free again for another phone")
	for _, seat := range []int{0, 2} { // the host's own
		_, err = opt.ChangeSeat(out, SeatTake, seat, "", 5)
		refused(t, err, table.BadForm, "diamant.error.form")
	}
}

func TestStart(t *testing.T) {
	opt := lobby("Ada", "Bea", "Cy")
	devices := []table.Device{host(0, 2), phone("b", 1)}
	refused(t, opt.Start(devices), table.Conflict, "diamant.error.free", "seat 2 is free")
	opt.Own = []int{0, 2}
	solo := lobby("Ada")
	var ee *engine.Error
	require.ErrorAs(t, solo.Start([]table.Device{host(0)}), &ee, "too few players: the engine says why")
	require.True(t, solo.Lobby)
	require.NoError(t, opt.Start(devices))
	require.False(t, opt.Lobby)
	require.Equal(t, []string{"h", "b", "h"}, opt.Keepers)
	refused(t, opt.Start(devices), table.Conflict, "diamant.error.started")
}

func TestOpen(t *testing.T) {
	opt := Options{Setup: engine.Setup{Players: []string{"Ada", "Bea", "Cy"}}, Draw: DrawBox, Vote: VoteCards}
	bad := opt.Clone()
	refused(t, bad.Open(false, nil, false), table.BadForm, "diamant.error.form", "no game")
	refused(t, bad.Open(true, []int{0, 3}, false), table.BadForm, "diamant.error.form", "no seat 3")
	require.NoError(t, opt.Open(true, []int{2, 0}, true))
	require.Equal(t, Options{Setup: opt.Setup, Draw: DrawBox, Vote: VotePhone, Phones: true, Hidden: true, Own: []int{2, 0}}, opt)
	refused(t, opt.Open(true, nil, false), table.Conflict, "diamant.error.open.already")
	opt.Phones, opt.Ended = false, true
	refused(t, opt.Open(true, nil, false), table.BadForm, "diamant.error.form", "ended")
}

func TestSetDrawEndAgain(t *testing.T) {
	opt := lobby("Ada", "Bea", "Cy")
	require.NoError(t, opt.SetDraw(DrawBox))
	require.Equal(t, DrawBox, opt.Draw)
	refused(t, opt.SetDraw("dice"), table.BadForm, "diamant.error.form")
	require.Equal(t, DrawBox, opt.Draw)

	opt.Lobby, opt.Hidden, opt.Keepers, opt.Moved = false, true, []string{"h", "b", "c"}, []int{0, 3, 0}
	opt.Proposal = &Proposal{Seat: 1, Step: "1.1"}
	opt.End()
	require.True(t, opt.Ended)
	require.Nil(t, opt.Proposal)

	again := opt.Again(9)
	require.Equal(t, Options{Setup: engine.Setup{Players: opt.Players, Seed: 9}, Draw: DrawBox, Vote: VotePhone, Hidden: true}, again)
	require.Equal(t, uint64(1), opt.Seed, "the old options stay")
}

// playing is a table of three on phones whose first card was drawn: a vote is open.
func playing(t *testing.T, seats engine.Seats, hostDevice bool) *Table {
	t.Helper()
	opt := Options{Setup: engine.Setup{Players: []string{"Ada", "Bea", "Cy"}, Seed: 3}, Draw: DrawApp, Vote: VotePhone, Phones: true}
	sh, err := Replay(record(t, opt, engine.Draw(engine.T5)))
	require.NoError(t, err)
	tb := sh.Own(record(t, opt, engine.Draw(engine.T5)), table.Device{ID: "p", Seats: seats.List(), Host: hostDevice})
	require.True(t, tb.State.VoteDue())
	return tb
}

func TestProposal(t *testing.T) {
	tb := playing(t, engine.SeatsOf(0), true)
	pr, err := tb.Propose(1, true)
	require.NoError(t, err)
	require.Equal(t, &Proposal{Seat: 1, Step: tb.VoteStep()}, pr)
	_, err = tb.Propose(1, false)
	refused(t, err, table.Conflict, "diamant.error.notaway")
	_, err = tb.Propose(5, true)
	refused(t, err, table.BadForm, "diamant.error.form")

	_, err = tb.ConfirmProposal()
	refused(t, err, table.Conflict, "diamant.error.stale", "nothing proposed")
	tb.Opt.Proposal = pr
	a, err := tb.ConfirmProposal()
	require.NoError(t, err)
	require.Equal(t, engine.Vote(1, true), a)
	tb.Opt.Proposal = &Proposal{Seat: 1, Step: "1.0"}
	_, err = tb.ConfirmProposal()
	refused(t, err, table.Conflict, "diamant.error.stale", "another vote's")
	tb.Host = false
	_, err = tb.ConfirmProposal()
	refused(t, err, table.Forbidden, "diamant.error.host")
}

func TestAddPlayer(t *testing.T) {
	opt := lobby("Ada")
	players := opt.Players
	seat, err := opt.AddPlayer(" Bea ")
	require.NoError(t, err)
	require.Equal(t, 1, seat)
	require.Equal(t, []string{"Ada", "Bea"}, opt.Players)
	require.Equal(t, []string{"Ada"}, players, "the old list stays")
	_, err = opt.AddPlayer("bea")
	refused(t, err, table.Invalid, "diamant.join.name.taken")
	_, err = opt.AddPlayer("")
	refused(t, err, table.Invalid, "diamant.join.name.empty")
	_, err = opt.AddPlayer(strings.Repeat("x", engine.MaxNameRunes+1))
	refused(t, err, table.Invalid, "diamant.join.name.long")
	full := lobby("A", "B", "C", "D", "E", "F", "G", "H")
	_, err = full.AddPlayer("I")
	refused(t, err, table.Conflict, "diamant.error.seats.full")
}

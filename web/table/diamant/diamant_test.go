package diamant

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

func TestHandOverKeepsTheFirstPhonesSecrets(t *testing.T) {
	opt := Options{Setup: engine.Setup{Players: []string{"A", "B", "C"}}}
	// A one-phone table opened during its game: the host's phone had no secret from anyone;
	// the first other phone to claim a seat keeps its chest.
	HandOver(&opt, 1, "host", "p1", "host", 7)
	require.Equal(t, []string{"", "p1", ""}, opt.Keepers)
	require.Equal(t, []int{0, 7, 0}, opt.Moved)
	// Taken back and claimed by another phone: the keeper stays, the move is noted.
	HandOver(&opt, 1, "p1", "host", "host", 9)
	HandOver(&opt, 1, "host", "p2", "host", 9)
	require.Equal(t, []string{"", "p1", ""}, opt.Keepers)
	require.Equal(t, []int{0, 9, 0}, opt.Moved)
	// A seat taken from a phone with no keeper yet (a table of an older version): that phone.
	HandOver(&opt, 2, "p3", "host", "host", 10)
	require.Equal(t, "p3", opt.Keepers[2])
	// In the lobby nothing is noted: there is no game, so no secret.
	lobby := Options{Setup: engine.Setup{Players: []string{"A", "B"}}, Lobby: true}
	HandOver(&lobby, 1, "host", "p1", "host", 0)
	require.Nil(t, lobby.Keepers)
	require.Nil(t, lobby.Moved)

	tb := &Table{Opt: Options{Hidden: true, Keepers: []string{"", "p1", ""}}, Seats: engine.SeatsOf(1, 2),
		Device: "p2", State: &engine.State{}}
	require.Equal(t, engine.SeatsOf(2), tb.Shown())
	tb.Device = "p1"
	require.Equal(t, engine.SeatsOf(1, 2), tb.Shown())
}

// record is a table as the store keeps it: its options and its actions, stamped as the
// log keeps them.
func record(t *testing.T, opt Options, actions ...engine.Action) table.Record {
	t.Helper()
	setup, err := json.Marshal(opt)
	require.NoError(t, err)
	rec := table.Record{Table: table.Table{ID: "t", Game: "diamant", Setup: setup}}
	for i, a := range actions {
		raw, err := Stamped(a, int64(i+1))
		require.NoError(t, err)
		rec.Log = append(rec.Log, raw)
	}
	rec.Version = int64(len(actions))
	return rec
}

// A draw's stamp (the version it made) survives the log; the vote step names the open
// vote by its round, where its votes begin and that stamp.
func TestStampsAndVoteStep(t *testing.T) {
	raw, err := Stamped(engine.Draw(engine.T5), 7)
	require.NoError(t, err)
	require.JSONEq(t, `{"draw":"T5","at":7}`, string(raw))
	var e Entry
	require.NoError(t, json.Unmarshal(raw, &e))
	require.Equal(t, Entry{Action: engine.Draw(engine.T5), At: 7}, e)
	var a engine.Action
	require.NoError(t, json.Unmarshal(raw, &a), "the engine reads a stamped draw")
	require.Equal(t, engine.Draw(engine.T5), a)
	vote, err := Stamped(engine.Vote(1, true), 8)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(vote, &e))
	require.Equal(t, Entry{Action: engine.Vote(1, true)}, e, "only draws are stamped")
	require.NoError(t, json.Unmarshal([]byte(`{"draw":"T5"}`), &e))
	require.Equal(t, Entry{Action: engine.Draw(engine.T5)}, e, "logged before stamps")
	require.Error(t, json.Unmarshal([]byte(`{"draw":"T5","at":"7"}`), &e), "a stamp is a number")

	opt := Options{Setup: engine.Setup{Players: []string{"Ada", "Bea", "Cy"}, Seed: 3}, Draw: DrawApp, Vote: VotePhone, Phones: true}
	rec := record(t, opt, engine.Draw(engine.T5))
	sh, err := Replay(rec)
	require.NoError(t, err)
	tb := sh.Own(rec, table.Device{ID: "p1", Seats: []int{1}})
	require.True(t, tb.State.VoteDue())
	require.Equal(t, "1.1.1", tb.VoteStep())
	require.Equal(t, 1, tb.NextVoter())
	_, ok := tb.PendingVote(1)
	require.False(t, ok)

	rec = record(t, opt, engine.Draw(engine.T5), engine.Vote(1, true))
	sh, err = Replay(rec)
	require.NoError(t, err)
	tb = sh.Own(rec, table.Device{ID: "p1", Seats: []int{1}})
	require.Equal(t, "1.1.1", tb.VoteStep(), "other votes do not change the step")
	leave, ok := tb.PendingVote(1)
	require.True(t, ok)
	require.True(t, leave)
	tb.Opt.Moved = []int{0, 2, 0}
	_, ok = tb.PendingVote(1)
	require.False(t, ok, "a vote cast before the seat changed phones is not the new phone's to read")
	require.False(t, tb.MayUndo(), "with a phone each, only the host undoes")
	tb.Host = true
	require.True(t, tb.MayUndo())
	require.True(t, tb.Seated())
}

func TestReplayRefusesWhatDoesNotReplay(t *testing.T) {
	opt := Options{Setup: engine.Setup{Players: []string{"Ada", "Bea", "Cy"}, Seed: 3}, Draw: DrawApp, Vote: VotePhone}
	_, err := Replay(record(t, opt, engine.Vote(0, true)))
	require.ErrorContains(t, err, "action 0")
	lobby := opt
	lobby.Lobby = true
	sh, err := Replay(record(t, lobby))
	require.NoError(t, err)
	require.Nil(t, sh.State, "in the lobby there is no game yet")
}

// Events gives the whole game's events: the opening round's first, each action's after,
// ending with the events the table keeps as its last.
func TestEventsReplayTheWholeGame(t *testing.T) {
	opt := Options{Setup: engine.Setup{Players: []string{"A", "B", "C"}, Seed: 5}, Draw: DrawBox, Vote: VoteCards}
	r, err := Replay(record(t, opt, engine.Draw(engine.T5), engine.Exits(engine.SeatsOf(0)), engine.Draw(engine.Spider)))
	require.NoError(t, err)
	tb := &Table{Opt: r.Opt, Actions: r.Actions}
	events, err := tb.Events()
	require.NoError(t, err)
	require.Equal(t, engine.EvRoundStarted, events[0].Type)
	require.Equal(t, r.Last, events[len(events)-len(r.Last):])
	var types []engine.EventType
	for _, e := range events {
		types = append(types, e.Type)
	}
	require.Equal(t, []engine.EventType{engine.EvRoundStarted, engine.EvTreasure, engine.EvVoteDue, engine.EvVotesRevealed,
		engine.EvCardShared, engine.EvLeft, engine.EvHazard, engine.EvVoteDue}, types)

	// A log the rules refuse is an error, not half a history.
	tb.Actions = append(tb.Actions, engine.Draw(engine.T5))
	_, err = tb.Events()
	require.Error(t, err)
}

// A device reads the version's replay as it is (At) or acts on its own copy (Own): an
// action applied to the copy, or undone, leaves the replay every device shares as it was.
func TestOwnLeavesTheSharedReplay(t *testing.T) {
	opt := Options{Setup: engine.Setup{Players: []string{"Ada", "Bea", "Cy"}, Seed: 3}, Draw: DrawApp, Vote: VotePhone, Phones: true}
	rec := record(t, opt, engine.Draw(engine.T5))
	rec.Devices = []table.Device{{ID: "h", Seats: []int{0}, Host: true}, {ID: "p1", Seats: []int{1, 2}}}
	sh, err := Replay(rec)
	require.NoError(t, err)
	require.Zero(t, sh.Rec.ID, "a version's replay holds no record")
	require.Empty(t, sh.Device)

	at := sh.At(rec, rec.Devices[1])
	require.Equal(t, "p1", at.Device)
	require.Equal(t, engine.SeatsOf(1, 2), at.Seats)
	require.False(t, at.Host)
	require.Same(t, sh.State, at.State, "read as it is")

	own := sh.Own(rec, rec.Devices[0])
	require.True(t, own.Host)
	require.NotSame(t, sh.State, own.State)
	before := sh.State.Snapshot()
	raw, err := own.Apply(engine.Vote(0, true))
	require.NoError(t, err)
	require.JSONEq(t, `{"vote":{"seat":0,"leave":true}}`, string(raw))
	require.Equal(t, before, sh.State.Snapshot(), "the shared state is not changed")
	require.Len(t, sh.Actions, 1)
	require.Len(t, own.Actions, 2)
	rec.Devices[0].Seats[0] = 9
	require.Equal(t, []int{0}, own.Rec.Devices[0].Seats, "its own record")

	// Refused by the rules: nothing changes.
	_, err = own.Apply(engine.Vote(0, false))
	var ee *engine.Error
	require.ErrorAs(t, err, &ee)
	require.Len(t, own.Actions, 2)
	require.Len(t, own.Stamps, 2)
}

// A draw is stamped with the version it makes; after an undo, the draw made again at the
// same place of the log opens a vote of another step.
func TestApplyStampsAndUndo(t *testing.T) {
	opt := Options{Setup: engine.Setup{Players: []string{"Ada", "Bea", "Cy"}, Seed: 3}, Draw: DrawBox, Vote: VotePhone, Phones: true}
	rec := record(t, opt)
	rec.Version = 4
	sh, err := Replay(rec)
	require.NoError(t, err)
	tb := sh.Own(rec, table.Device{ID: "h", Seats: []int{0, 1, 2}, Host: true})
	raw, err := tb.Apply(engine.Draw(engine.T5))
	require.NoError(t, err)
	require.JSONEq(t, `{"draw":"T5","at":5}`, string(raw))
	require.Equal(t, []int64{5}, tb.Stamps)
	require.Equal(t, "1.1.5", tb.VoteStep())
	tb.Rec.Version = 5
	_, err = tb.Apply(engine.Vote(0, false))
	require.NoError(t, err)
	require.Equal(t, []int64{5, 0}, tb.Stamps)
	require.Equal(t, "1.1.5", tb.VoteStep(), "votes do not change the step")
	tb.Rec.Version = 6

	require.NoError(t, tb.Undo())
	require.NoError(t, tb.Undo())
	require.Empty(t, tb.Actions)
	require.Empty(t, tb.Stamps)
	require.Equal(t, engine.PhaseDraw, tb.State.Phase())
	tb.Rec.Version = 8
	_, err = tb.Apply(engine.Draw(engine.T5))
	require.NoError(t, err)
	require.Equal(t, "1.1.9", tb.VoteStep())
}

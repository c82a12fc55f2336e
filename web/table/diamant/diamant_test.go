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
	require.Equal(t, int64(7), StampOf(raw))
	var a engine.Action
	require.NoError(t, json.Unmarshal(raw, &a), "the engine reads a stamped draw")
	require.Equal(t, engine.Draw(engine.T5), a)
	vote, err := Stamped(engine.Vote(1, true), 8)
	require.NoError(t, err)
	require.Zero(t, StampOf(vote), "only draws are stamped")
	require.Zero(t, StampOf([]byte(`{"Type":1}`)), "logged before stamps")

	opt := Options{Setup: engine.Setup{Players: []string{"Ada", "Bea", "Cy"}, Seed: 3}, Draw: DrawApp, Vote: VotePhone, Phones: true}
	rec := record(t, opt, engine.Draw(engine.T5))
	sh, err := Replay(rec)
	require.NoError(t, err)
	tb := &Table{Rec: rec, Opt: sh.Opt, Actions: sh.Actions, State: sh.State, Seats: engine.SeatsOf(1), Device: "p1"}
	require.True(t, tb.State.VoteDue())
	require.Equal(t, "1.1.1", tb.VoteStep())
	require.Equal(t, 1, tb.NextVoter())
	_, ok := tb.PendingVote(1)
	require.False(t, ok)

	rec = record(t, opt, engine.Draw(engine.T5), engine.Vote(1, true))
	sh, err = Replay(rec)
	require.NoError(t, err)
	tb = &Table{Rec: rec, Opt: sh.Opt, Actions: sh.Actions, State: sh.State, Seats: engine.SeatsOf(1), Device: "p1"}
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

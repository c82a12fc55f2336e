package diamant

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

// An imported table's options pass only as the setup form makes them: the names cleaned
// and checked by the engine, a way of drawing and voting that exist, none of the settings
// of a table open to other phones.
func TestImportedOptions(t *testing.T) {
	form := func(change func(o *Options)) Options {
		o := Options{Setup: engine.Setup{Players: []string{"Ada", "Bruno", "Chiara"}, Seed: 5}, Draw: DrawBox, Vote: VoteCards}
		if change != nil {
			change(&o)
		}
		return o
	}
	for _, tc := range []struct {
		name    string
		opt     Options
		players []string // the names kept, when taken
		refuse  error
		code    engine.Code
	}{
		{"as the form makes it", form(nil), []string{"Ada", "Bruno", "Chiara"}, nil, ""},
		{"names cleaned", form(func(o *Options) { o.Players = []string{" Ada\u200b ", "B\u202eruno", "Chi\u00a0\u00a0ara"} }), []string{"Ada", "Bruno", "Chi ara"}, nil, ""},
		{"a way of drawing that does not exist", form(func(o *Options) { o.Draw = "magic" }), nil, table.ErrOption, ""},
		{"a way of voting that does not exist", form(func(o *Options) { o.Vote = "" }), nil, table.ErrOption, ""},
		{"open to phones", form(func(o *Options) { o.Phones = true }), nil, table.ErrOption, ""},
		{"in the lobby", form(func(o *Options) { o.Lobby = true }), nil, table.ErrOption, ""},
		{"chests hidden", form(func(o *Options) { o.Hidden = true }), nil, table.ErrOption, ""},
		{"seats kept", form(func(o *Options) { o.Own = []int{0} }), nil, table.ErrOption, ""},
		{"ended", form(func(o *Options) { o.Ended = true }), nil, table.ErrOption, ""},
		{"a proposal", form(func(o *Options) { o.Proposal = &Proposal{} }), nil, table.ErrOption, ""},
		{"keepers", form(func(o *Options) { o.Keepers = []string{"x"} }), nil, table.ErrOption, ""},
		{"seats moved", form(func(o *Options) { o.Moved = []int{1} }), nil, table.ErrOption, ""},
		{"a name twice once cleaned", form(func(o *Options) { o.Players[1] = "ada\u200b" }), nil, nil, engine.CodeDuplicateName},
		{"a name of nothing visible", form(func(o *Options) { o.Players[1] = "\u3164\u2800" }), nil, nil, engine.CodeEmptyName},
		{"two players", form(func(o *Options) { o.Players = o.Players[:2] }), nil, nil, engine.CodeTooFewPlayers},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.opt.Imported()
			switch {
			case tc.refuse != nil:
				require.ErrorIs(t, err, tc.refuse)
			case tc.code != "":
				var e *engine.Error
				require.ErrorAs(t, err, &e)
				require.Equal(t, tc.code, e.Code)
			default:
				require.NoError(t, err)
				want := form(nil)
				want.Players = tc.players
				require.Equal(t, want, got)
			}
		})
	}
}

// What Import keeps is the record as the server encodes it: each draw stamped with the
// version it makes here, nothing sent beyond what the game reads.
func TestImportEncodesAgain(t *testing.T) {
	sent := table.Record{Table: table.Table{ID: "kept", Game: "diamant",
		Setup: json.RawMessage(`{"players":["Ada","Bruno","Chiara"],"seed":"5","draw":"app","vote":"phone","junk":[1,2,3]}`)},
		Log: []json.RawMessage{json.RawMessage(`{"draw":"random","at":40}`), json.RawMessage(`{ "exits" : [ 1 ], "x": 1 }`), json.RawMessage(`{"draw":"random"}`)}}
	rec, sh, err := Import(sent)
	require.NoError(t, err)
	require.Equal(t, `{"players":["Ada","Bruno","Chiara"],"seed":"5","draw":"app","vote":"phone"}`, string(rec.Setup))
	require.Equal(t, []json.RawMessage{json.RawMessage(`{"draw":"random","at":1}`), json.RawMessage(`{"exits":[1]}`), json.RawMessage(`{"draw":"random","at":3}`)}, rec.Log)
	require.Equal(t, "diamant", rec.Game)
	require.Empty(t, rec.ID)
	require.NotNil(t, sh.State)
	require.False(t, rec.Finished)

	sent.Log = append(sent.Log, json.RawMessage(`{"draw":"random"}`))
	_, _, err = Import(sent)
	require.ErrorIs(t, err, table.ErrDamaged, "a draw while a vote is due does not replay")
}

// A table kept on a phone with computer explorers moves with them: their levels by seat
// are kept, so its log (which holds no explorer's vote) replays; levels that are none, a
// table of explorers only, or explorers with the box's vote cards are refused.
func TestImportKeepsTheExplorers(t *testing.T) {
	opt, err := NewOptionsWith([]string{"Ada"}, Explorers{Levels: []string{"easy", "hard"}, Names: explorerNames}, DrawApp, VotePhone, "9")
	require.NoError(t, err)
	rec := record(t, opt)
	sh, err := Replay(rec)
	require.NoError(t, err)
	tb := sh.Own(rec, table.Device{ID: "host", Seats: []int{0, 1, 2}, Host: true})
	var log []json.RawMessage
	for range 4 { // Ada goes on: the explorers vote by themselves after her
		var a engine.Action
		if tb.State.VoteDue() {
			a, err = tb.Vote(0, false)
			require.NoError(t, err)
		} else {
			a, _ = tb.Draw("", "", nil)
		}
		raw, err := tb.Apply(a)
		require.NoError(t, err)
		log = append(log, raw)
	}
	setup, err := json.Marshal(opt)
	require.NoError(t, err)
	got, moved, err := Import(table.Record{Table: table.Table{ID: "kept", Game: "diamant", Setup: setup}, Log: log})
	require.NoError(t, err)
	require.Equal(t, *tb.State, *moved.State)
	require.Contains(t, string(got.Setup), `"explorers":["","easy","hard"]`)

	for _, bad := range []func(o *Options){
		func(o *Options) { o.Explorers[1] = "expert" },
		func(o *Options) { o.Explorers[0] = engine.Easy },
		func(o *Options) { o.Vote = VoteCards },
		func(o *Options) { o.Explorers = append(o.Explorers, engine.Easy) },
	} {
		o := opt.Clone()
		bad(&o)
		_, err := o.Imported()
		require.ErrorIs(t, err, table.ErrOption)
	}
}

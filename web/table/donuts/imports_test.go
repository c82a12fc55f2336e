package donuts

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	engine "tavolo/companion/donuts"
	"tavolo/web/table"
)

// An imported table's options pass only as the setup form makes them, and come out made
// again from what the form sets.
func TestImportedOptions(t *testing.T) {
	form := func(change func(o *Options)) Options {
		o := Options{Spec: engine.Numbered(1234, engine.Vanilla), Mode: ModeComputer, Level: engine.Normal, Human: engine.Chocolate, AI: 9, Drawn: true}
		if change != nil {
			change(&o)
		}
		return o
	}
	other := engine.NewBoard(4321)
	for _, tc := range []struct {
		name   string
		opt    Options
		refuse error // nil: taken as it is
	}{
		{"against the computer", form(nil), nil},
		{"two players", form(func(o *Options) { o.Mode, o.Level, o.Human = ModeTwo, "", engine.None }), nil},
		{"hard", form(func(o *Options) { o.Level = engine.Hard }), nil},
		{"no colour for the person", form(func(o *Options) { o.Human = engine.None }), ErrNoHuman},
		{"a level it does not have", form(func(o *Options) { o.Level = "brutal" }), ErrLevel},
		{"no level", form(func(o *Options) { o.Level = "" }), ErrLevel},
		{"a level between two players", form(func(o *Options) { o.Mode, o.Human = ModeTwo, engine.None }), table.ErrOption},
		{"a mode that does not exist", form(func(o *Options) { o.Mode = "three" }), table.ErrOption},
		{"open to a second phone", form(func(o *Options) { o.Phones = true }), table.ErrOption},
		{"a colour kept", form(func(o *Options) { o.Own = []int{0} }), table.ErrOption},
		{"an undo asked", form(func(o *Options) { o.Ask = &UndoAsk{} }), table.ErrOption},
		{"no first player", form(func(o *Options) { o.Spec.First = engine.None }), table.ErrOption},
		{"a board without its number", form(func(o *Options) { o.Spec.Seed = nil }), table.ErrOption},
		{"a board not its number's", form(func(o *Options) { o.Spec.Board = other }), table.ErrOption},
		{"donuts placed before", form(func(o *Options) { o.Spec.Setup = []string{"C....."} }), table.ErrOption},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.opt.Imported()
			if tc.refuse != nil {
				require.ErrorIs(t, err, tc.refuse)
				require.ErrorIs(t, err, table.ErrOption)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.opt, got)
		})
	}
}

// What Import keeps is the record as the server encodes it: nothing sent beyond what the
// game reads.
func TestImportEncodesAgain(t *testing.T) {
	setup, err := json.Marshal(Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeTwo})
	require.NoError(t, err)
	sent := table.Record{Table: table.Table{ID: "kept", Game: "donuts", Setup: append(setup[:len(setup)-1], `,"junk":"xxxx"}`...)},
		Log: []json.RawMessage{json.RawMessage(`[ 0,  0 ]`)}}
	rec, tb, err := Import(sent)
	require.NoError(t, err)
	require.Equal(t, string(setup), string(rec.Setup))
	require.Equal(t, []json.RawMessage{json.RawMessage(`[0,0]`)}, rec.Log)
	require.Empty(t, rec.ID)
	require.Equal(t, "donuts", rec.Game)
	require.Len(t, tb.Events, 1)

	sent.Log = append(sent.Log, json.RawMessage(`[0,0]`))
	_, _, err = Import(sent)
	require.ErrorIs(t, err, table.ErrDamaged, "a plate taken twice does not replay")
}

package donuts

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	engine "tavolo/companion/donuts"
	"tavolo/web/table"
)

// record is a table as the store keeps it: its options and its moves.
func record(t *testing.T, opt Options, moves ...engine.Point) table.Record {
	t.Helper()
	setup, err := json.Marshal(opt)
	require.NoError(t, err)
	rec := table.Record{Table: table.Table{ID: "t", Game: "donuts", Setup: setup}}
	for _, m := range moves {
		raw, err := json.Marshal(m)
		require.NoError(t, err)
		rec.Log = append(rec.Log, raw)
	}
	return rec
}

func TestTwoPlayersUndoTheLastMove(t *testing.T) {
	opt := Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeTwo}
	require.Equal(t, []int{0, 1}, opt.Seats())
	require.Equal(t, engine.None, opt.Computer())
	tb, err := Load(record(t, opt))
	require.NoError(t, err)
	require.Zero(t, tb.Undoable(), "nothing to take back")
	_, ok := tb.ComputerMove(nil)
	require.False(t, ok, "no computer between two people")

	tb, err = Load(record(t, opt, engine.P(0, 0)))
	require.NoError(t, err)
	require.Len(t, tb.Events, 1)
	require.Equal(t, engine.Chocolate, tb.Events[0].By)
	require.Equal(t, 1, tb.Undoable())
}

// Against the computer, its moves depend only on the game and the table's seed, and an
// undo takes back the person's last move with the computer's reply.
func TestComputerMovesAlikeAndUndoTakesBothBack(t *testing.T) {
	opt := Options{Spec: engine.Numbered(42, engine.Vanilla), Mode: ModeComputer, Level: engine.Normal,
		Human: engine.Chocolate, AI: 99}
	require.Equal(t, []int{0}, opt.Seats())
	require.Equal(t, engine.Vanilla, opt.Computer())
	tb, err := Load(record(t, opt))
	require.NoError(t, err)
	first, ok := tb.ComputerMove(nil)
	require.True(t, ok, "the computer starts")
	again, err := Load(record(t, opt))
	require.NoError(t, err)
	second, _ := again.ComputerMove(nil)
	require.Equal(t, first, second, "the same game, the same choice")

	_, err = tb.Game.PlayAs(engine.Vanilla, first)
	require.NoError(t, err)
	human := tb.Game.Legal()[0]
	tb, err = Load(record(t, opt, first, human))
	require.NoError(t, err)
	_, ok = tb.ComputerMove(nil)
	require.True(t, ok, "its reply is due")
	require.Equal(t, 1, tb.Undoable(), "the person's move, before the reply")
	reply, _ := tb.ComputerMove(nil)
	tb, err = Load(record(t, opt, first, human, reply))
	require.NoError(t, err)
	require.Equal(t, 2, tb.Undoable(), "the reply and the person's move")
}

func TestLoadRefusesWhatDoesNotReplay(t *testing.T) {
	opt := Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeTwo}
	_, err := Load(record(t, opt, engine.P(0, 0), engine.P(0, 0)))
	require.ErrorContains(t, err, "move 1")
	rec := record(t, opt)
	rec.Setup = []byte("{")
	_, err = Load(rec)
	require.ErrorContains(t, err, "setup")
}

// A game against the computer whose options give the person no colour (no form makes
// one; an import could send one) is refused as it is read: nothing asks for its seats,
// where the person's seat would be -1 (a negative shift, a panic).
func TestLoadRefusesAComputerGameWithoutAHumanColour(t *testing.T) {
	spec, err := json.Marshal(engine.Numbered(1234, engine.Chocolate))
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		options string // the options besides the spec
		ok      bool
	}{
		{"computer, no colour", `"mode":"computer","level":"easy","human":null`, false},
		{"computer, no colour given at all", `"mode":"computer","level":"easy"`, false},
		{"computer, chocolate", `"mode":"computer","level":"easy","human":"chocolate"`, true},
		{"two players, no colour", `"mode":"two","human":null`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := table.Record{Table: table.Table{ID: "t", Game: "donuts", Setup: []byte(`{"spec":` + string(spec) + `,` + tc.options + `}`)}}
			tb, err := Game.Replay(rec)
			if !tc.ok {
				require.ErrorIs(t, err, ErrNoHuman)
				return
			}
			require.NoError(t, err)
			require.NotPanics(t, func() { Game.Seats(tb) })
		})
	}
}

// A game of two players opens to a second phone once, the host keeping a colour; until a
// phone joins the host plays both, then each phone places its own colour only.
func TestTwoPhones(t *testing.T) {
	opt := Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeTwo}
	require.False(t, opt.OpenTo(engine.None), "a colour to keep")
	require.True(t, opt.OpenTo(engine.Vanilla))
	require.Equal(t, []int{1}, opt.Own)
	require.False(t, opt.OpenTo(engine.Chocolate), "open once")
	vs := Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeComputer, Human: engine.Chocolate}
	require.False(t, vs.OpenTo(engine.Chocolate), "the computer's game stays on one phone")

	rec := record(t, opt)
	host := table.Device{ID: "h", Seats: []int{0, 1}, Host: true}
	rec.Devices = []table.Device{host}
	tb, err := Load(rec)
	require.NoError(t, err)
	require.False(t, tb.TwoPhones(host))
	require.True(t, tb.MayPlace(host), "the host plays both until a phone joins")
	require.Equal(t, engine.Chocolate, tb.PlaysFor(host.Seats))

	host.Seats = []int{1}
	guest := table.Device{ID: "g", Seats: []int{0}}
	rec.Devices = []table.Device{host, guest}
	tb, err = Load(rec)
	require.NoError(t, err)
	require.True(t, tb.TwoPhones(host))
	other, ok := tb.Other(host)
	require.True(t, ok)
	require.Equal(t, "g", other.ID)
	require.True(t, tb.MayPlace(guest), "chocolate first")
	require.False(t, tb.MayPlace(host))
	require.Equal(t, engine.None, tb.PlaysFor(nil))
}

// A request to take back a move holds while the table is at the version it made.
func TestOpenAsk(t *testing.T) {
	opt := Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeTwo}
	opt.OpenTo(engine.Chocolate)
	opt.Ask = &UndoAsk{Seat: 0, Version: 5}
	rec := record(t, opt, engine.P(0, 0))
	rec.Version = 5
	tb, err := Load(rec)
	require.NoError(t, err)
	require.Equal(t, opt.Ask, tb.OpenAsk())
	rec.Version = 6
	tb, err = Load(rec)
	require.NoError(t, err)
	require.Nil(t, tb.OpenAsk(), "the table moved on")
	// Taken back and played again: as many moves as when asked, but not the same game.
	one, err := Load(record(t, opt, engine.P(0, 0)))
	require.NoError(t, err)
	rec = record(t, opt, one.Game.Legal()[0])
	rec.Version = 8
	tb, err = Load(rec)
	require.NoError(t, err)
	require.Nil(t, tb.OpenAsk())
}

// The seats people hold: both between two people, the person's against the computer.
func TestGameSeats(t *testing.T) {
	tb, err := Load(record(t, Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeComputer, Human: engine.Vanilla}))
	require.NoError(t, err)
	require.Equal(t, table.SeatSet(0b10), Game.Seats(tb))
	tb, err = Load(record(t, Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeTwo}))
	require.NoError(t, err)
	require.Equal(t, table.AllSeats(2), Game.Seats(tb))
}

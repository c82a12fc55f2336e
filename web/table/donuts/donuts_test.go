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
	_, ok := tb.ComputerMove()
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
	first, ok := tb.ComputerMove()
	require.True(t, ok, "the computer starts")
	again, err := Load(record(t, opt))
	require.NoError(t, err)
	second, _ := again.ComputerMove()
	require.Equal(t, first, second, "the same game, the same choice")

	_, err = tb.Game.PlayAs(engine.Vanilla, first)
	require.NoError(t, err)
	human := tb.Game.Legal()[0]
	tb, err = Load(record(t, opt, first, human))
	require.NoError(t, err)
	_, ok = tb.ComputerMove()
	require.True(t, ok, "its reply is due")
	require.Equal(t, 1, tb.Undoable(), "the person's move, before the reply")
	reply, _ := tb.ComputerMove()
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

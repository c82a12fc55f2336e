package donuts

import (
	"testing"

	"github.com/stretchr/testify/require"

	engine "tavolo/companion/donuts"
	"tavolo/web/table"
)

func refused(t *testing.T, err error, k table.Kind, id string) {
	t.Helper()
	var r *table.Refusal
	require.ErrorAs(t, err, &r)
	require.Equal(t, table.Refusal{Kind: k, ID: id}, *r)
}

func TestAgain(t *testing.T) {
	opt := Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeComputer, Level: engine.Hard, Human: engine.Vanilla, AI: 1,
		Phones: true, Own: []int{1}, Ask: &UndoAsk{Seat: 1, Version: 3}}
	same, err := opt.Again(BoardSame, 5, 6, 8)
	require.NoError(t, err)
	require.Equal(t, Options{Spec: opt.Spec, Mode: ModeComputer, Level: engine.Hard, Human: engine.Vanilla, AI: 5}, same,
		"one phone's new table, with the computer's new seed")
	fresh, err := opt.Again(BoardNew, 5, 6, 8)
	require.NoError(t, err)
	require.Equal(t, engine.Numbered(8, engine.Chocolate), fresh.Spec)
	_, err = opt.Again("", 5, 6, 8)
	refused(t, err, table.BadForm, "donuts.error.again")

	// The first player drawn by lot is drawn again.
	opt.Drawn = true
	drawn, err := opt.Again(BoardSame, 5, 6, 8)
	require.NoError(t, err)
	require.Equal(t, engine.DrawFirst(6), drawn.Spec.First)
	require.Equal(t, engine.Chocolate, opt.Spec.First, "the old options stay")
}

func TestAskUndo(t *testing.T) {
	opt := Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeTwo, Phones: true, Own: []int{0}}
	tb, err := Load(record(t, opt, engine.P(0, 0)))
	require.NoError(t, err)
	tb.Rec.Version = 4
	_, _, err = tb.AskUndo(0, AnswerYes)
	refused(t, err, table.Conflict, "donuts.phones.undo.gone")

	step, asked, err := tb.AskUndo(0, "")
	require.NoError(t, err)
	require.Equal(t, UndoAsked, step)
	require.Equal(t, &UndoAsk{Seat: 0, Version: 5}, asked.Ask, "the request holds at the version its write makes")
	require.Nil(t, tb.Opt.Ask, "the table's options are not changed")

	tb.Opt, tb.Rec.Version = asked, 5
	for _, tc := range []struct {
		seat   int
		answer string
	}{{1, ""}, {0, ""}} {
		_, _, err = tb.AskUndo(tc.seat, tc.answer)
		refused(t, err, table.Conflict, "donuts.phones.undo.pending")
	}
	for _, tc := range []struct {
		seat   int
		answer string
	}{{0, AnswerYes}, {1, "maybe"}} { // its own request; no answer
		_, _, err = tb.AskUndo(tc.seat, tc.answer)
		refused(t, err, table.Conflict, "donuts.phones.undo.gone")
	}
	step, _, err = tb.AskUndo(1, AnswerYes)
	require.NoError(t, err)
	require.Equal(t, UndoAccepted, step)
	step, no, err := tb.AskUndo(1, AnswerNo)
	require.NoError(t, err)
	require.Equal(t, UndoRefused, step)
	require.Nil(t, no.Ask)

	tb.Rec.Version = 6 // the table moved on: the request is spent
	_, _, err = tb.AskUndo(1, AnswerYes)
	refused(t, err, table.Conflict, "donuts.phones.undo.gone")
}

func TestNewOptions(t *testing.T) {
	opt, err := NewOptions(ModeComputer, "hard", "vanilla", "chocolate", SetupBoardNumber, "123", 5, 6, 8)
	require.NoError(t, err)
	require.Equal(t, Options{Spec: engine.Numbered(123, engine.Chocolate), Mode: ModeComputer, Level: engine.Hard, Human: engine.Vanilla, AI: 5}, opt)
	opt, err = NewOptions(ModeTwo, "", "", "draw", SetupBoardNew, "", 5, 6, 8)
	require.NoError(t, err)
	require.Equal(t, Options{Spec: engine.Numbered(8, engine.DrawFirst(6)), Mode: ModeTwo, AI: 5, Drawn: true}, opt,
		"between two people, no colour nor level")
	for _, tc := range [][]string{
		{"three", "", "", "chocolate", SetupBoardNew},
		{ModeComputer, "hard", "", "chocolate", SetupBoardNew},
		{ModeComputer, "genius", "vanilla", "chocolate", SetupBoardNew},
		{ModeTwo, "", "", "", SetupBoardNew},
		{ModeTwo, "", "", "chocolate", "old"},
	} {
		_, err := NewOptions(tc[0], tc[1], tc[2], tc[3], tc[4], "x", 5, 6, 8)
		refused(t, err, table.BadForm, "donuts.error.setup")
	}
	_, err = NewOptions(ModeTwo, "", "", "chocolate", SetupBoardNumber, "x", 5, 6, 8)
	var r *table.Refusal
	require.ErrorAs(t, err, &r)
	require.Equal(t, table.Refusal{Kind: table.Invalid, ID: "donuts.error.seed", Args: []any{"Text", "x"}}, *r)
}

func TestPlacer(t *testing.T) {
	opt := Options{Spec: engine.Numbered(7, engine.Chocolate), Mode: ModeTwo, Phones: true, Own: []int{0}}
	tb, err := Load(record(t, opt))
	require.NoError(t, err)
	host := table.Device{ID: "h", Seats: []int{0, 1}, Host: true}
	tb.Rec.Devices = []table.Device{host}
	by, err := tb.Placer(host)
	require.NoError(t, err)
	require.Equal(t, engine.Chocolate, by, "one phone plays both colours, the turn's")

	host.Seats = []int{0}
	second := table.Device{ID: "b", Seats: []int{1}}
	tb.Rec.Devices = []table.Device{host, second}
	by, err = tb.Placer(host)
	require.NoError(t, err)
	require.Equal(t, engine.Chocolate, by)
	_, err = tb.Placer(second)
	var r *table.Refusal
	require.ErrorAs(t, err, &r)
	require.Equal(t, table.Refusal{Kind: table.Conflict, ID: "donuts.phones.error.wait", Args: []any{"Color", engine.Chocolate}}, *r)
	_, err = tb.Placer(table.Device{ID: "c"})
	refused(t, err, table.Forbidden, "donuts.phones.error.noseat")
}

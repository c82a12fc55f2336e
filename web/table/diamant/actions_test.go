package diamant

import (
	"testing"

	"github.com/stretchr/testify/require"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

func TestVoteAndExits(t *testing.T) {
	tb := playing(t, engine.SeatsOf(0, 2), false)
	_, err := tb.Vote(1, true)
	refused(t, err, table.Forbidden, "diamant.error.seat", "another phone's seat")
	_, err = tb.Vote(2, true)
	refused(t, err, table.Conflict, "diamant.error.turn", "seat 0 votes first on this phone")
	a, err := tb.Vote(0, true)
	require.NoError(t, err)
	require.Equal(t, engine.Vote(0, true), a)
	_, err = tb.Exits([]int{0})
	refused(t, err, table.BadForm, "diamant.error.form", "a table voting on phones")

	tb.Opt.Vote = VoteCards
	_, err = tb.Vote(0, true)
	refused(t, err, table.BadForm, "diamant.error.form", "a table voting with cards")
	a, err = tb.Exits([]int{2, 0})
	require.NoError(t, err)
	require.Equal(t, engine.Exits(engine.SeatsOf(0, 2)), a)
	_, err = tb.Exits([]int{0, 1})
	refused(t, err, table.Forbidden, "diamant.error.seat")
	_, err = tb.Exits([]int{-1, 1})
	refused(t, err, table.BadForm, "diamant.error.form", "in the order given")
	_, err = tb.Exits([]int{engine.MaxPlayers})
	refused(t, err, table.BadForm, "diamant.error.form")
}

// names are the cards' names as a test's language says them.
func names(c engine.Card) string {
	switch c.Kind() {
	case engine.KindTreasure:
		return "Treasure of " + c.String()[1:]
	case engine.KindIdol:
		return "Idol worth " + c.String()[1:]
	}
	return map[engine.Card]string{engine.Spider: "Spider", engine.Snake: "Snake", engine.Lava: "Lava",
		engine.Boulder: "Boulder", engine.Ram: "Battering ram"}[c]
}

func TestParseTypedCard(t *testing.T) {
	st, err := engine.New(engine.Setup{Players: []string{"Ada", "Bruno", "Chiara"}, Seed: 1})
	require.NoError(t, err)
	for _, tc := range []struct {
		text string
		want engine.Card
	}{
		{"11", engine.T11}, {" T17 ", engine.T17}, {"spider", engine.Spider}, {"SPI", engine.Spider},
		{"idol worth 5", engine.I5}, {"treasure of 9", engine.T9}, {"ram", engine.Ram},
		{"6", engine.NoCard}, {"r", engine.NoCard}, {"dragon", engine.NoCard},
	} {
		c, ok := ParseTypedCard(names, st, tc.text)
		require.Equal(t, tc.want, c, "%q", tc.text)
		require.Equal(t, tc.want != engine.NoCard, ok)
	}
}

func TestDraw(t *testing.T) {
	st, err := engine.New(engine.Setup{Players: []string{"Ada", "Bruno", "Chiara"}, Seed: 1})
	require.NoError(t, err)
	tb := &Table{Opt: Options{Draw: DrawApp}, State: st}
	a, err := tb.Draw("T5", "", names)
	require.NoError(t, err)
	require.Equal(t, engine.Draw(st.RandomCard()), a, "the app draws, whatever the form says")

	tb.Opt.Draw = DrawBox
	for _, tc := range []struct {
		code, text string
		want       engine.Card
		refused    string
	}{
		{"T5", "", engine.T5, ""}, {"", " spider ", engine.Spider, ""}, {"", "  ", 0, "diamant.error.card.none"},
		{"", "dragon", 0, "diamant.error.card.typed"}, {"X9", "", 0, "diamant.error.card.typed"},
	} {
		a, err := tb.Draw(tc.code, tc.text, names)
		if tc.refused != "" {
			refused(t, err, table.Invalid, tc.refused, "%q %q", tc.code, tc.text)
			continue
		}
		require.NoError(t, err)
		require.Equal(t, engine.Draw(tc.want), a)
	}
	_, err = tb.Draw("", "dragon", names)
	require.Equal(t, []any{"Text", "dragon"}, err.(*table.Refusal).Args)
}

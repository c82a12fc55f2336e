package diamant

import (
	"testing"

	"github.com/stretchr/testify/require"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

func TestSeatCounts(t *testing.T) {
	require.Equal(t, []int{3, 4, 5, 6, 7, 8}, SeatCounts())
}

func TestNewOptions(t *testing.T) {
	opt, err := NewOptions([]string{" Ada ", "Bea\u200b", "Cy"}, DrawBox, VoteCards, "42")
	require.NoError(t, err)
	require.Equal(t, Options{Setup: engine.Setup{Players: []string{"Ada", "Bea", "Cy"}, Seed: 42}, Draw: DrawBox, Vote: VoteCards}, opt)
	opt, err = NewOptions([]string{"Ada", "Bea", "Cy"}, DrawApp, VotePhone, "")
	require.NoError(t, err)
	require.NotZero(t, opt.Seed, "a random seed")

	for _, tc := range []struct{ draw, vote, seed string }{{"dice", VotePhone, "x"}, {DrawApp, "hands", ""}} {
		_, err = NewOptions([]string{"Ada", "Bea", "Cy"}, tc.draw, tc.vote, tc.seed)
		refused(t, err, table.BadForm, "diamant.error.form", "%+v", tc)
	}
	_, err = NewOptions([]string{"Ada", "Bea", "Cy"}, DrawApp, VotePhone, "-1")
	refused(t, err, table.Invalid, "diamant.error.seed")
	var ee *engine.Error
	_, err = NewOptions([]string{"Ada", "ada", "Cy"}, DrawApp, VotePhone, "")
	require.ErrorAs(t, err, &ee, "the engine says why")
	_, err = NewOptions([]string{"Ada", "Bea"}, DrawApp, VotePhone, "")
	require.ErrorAs(t, err, &ee)
}

func TestPhonesOptions(t *testing.T) {
	opt, err := PhonesOptions(" Ada ", DrawBox, true)
	require.NoError(t, err)
	opt.Seed = 0
	require.Equal(t, Options{Setup: engine.Setup{Players: []string{"Ada"}}, Draw: DrawBox, Vote: VotePhone,
		Phones: true, Lobby: true, Hidden: true, Own: []int{0}}, opt)
	_, err = PhonesOptions("Ada", "", false)
	refused(t, err, table.BadForm, "diamant.error.form")
	_, err = PhonesOptions("\u3164", DrawApp, false)
	refused(t, err, table.Invalid, "diamant.join.name.empty")
}

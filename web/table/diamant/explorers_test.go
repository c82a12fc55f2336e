package diamant

import (
	"testing"

	"github.com/stretchr/testify/require"

	engine "tavolo/companion/diamant"
	"tavolo/web/table"
)

var explorerNames = []string{"Ada", "Marco", "Lucia", "Pietro", "Elena", "Dario", "Nora", "Gino"}

func TestNewOptionsWithExplorers(t *testing.T) {
	opt, err := NewOptionsWith([]string{" ada "}, Explorers{Count: 2, Level: "hard", Names: explorerNames}, DrawApp, VotePhone, "0")
	require.NoError(t, err)
	require.Equal(t, []string{"ada", "Marco", "Lucia"}, opt.Players, "an explorer never takes a person's name")
	require.Equal(t, []engine.Level{"", engine.Hard, engine.Hard}, opt.Explorers)
	require.Equal(t, engine.SeatsOf(1, 2), opt.ExplorerSeats())
	require.True(t, opt.IsExplorer(2))
	require.False(t, opt.IsExplorer(0))
	require.False(t, opt.IsExplorer(3))

	opt, err = NewOptionsWith([]string{"Bea"}, Explorers{Count: 2, Level: "easy", Names: explorerNames}, DrawApp, VotePhone, "7")
	require.NoError(t, err)
	require.Equal(t, []string{"Bea", "Gino", "Ada"}, opt.Players, "the seed chooses where the list begins")

	var r *table.Refusal
	_, err = NewOptionsWith([]string{"Bea"}, Explorers{Count: 2, Level: "easy", Names: explorerNames}, DrawApp, VoteCards, "1")
	require.ErrorAs(t, err, &r)
	require.Equal(t, "diamant.error.explorers.vote", r.ID)
	_, err = NewOptionsWith(nil, Explorers{Count: 3, Level: "easy", Names: explorerNames}, DrawApp, VotePhone, "1")
	require.ErrorAs(t, err, &r)
	require.Equal(t, "diamant.error.explorers.person", r.ID)
	_, err = NewOptionsWith([]string{"Bea"}, Explorers{Count: 2, Level: "expert", Names: explorerNames}, DrawApp, VotePhone, "1")
	require.ErrorIs(t, err, ErrForm)
	_, err = NewOptionsWith([]string{"Bea"}, Explorers{Count: 1, Level: "easy", Names: explorerNames}, DrawApp, VotePhone, "1")
	var ee *engine.Error
	require.ErrorAs(t, err, &ee, "two seats are too few, explorers counted")
}

// A one-phone game of one person and two explorers: the explorers vote by themselves once
// the person has voted, no explorer vote exists before, and undo and replay give the same
// game.
func TestExplorersVoteAfterThePeople(t *testing.T) {
	for _, level := range engine.Levels {
		opt, err := NewOptionsWith([]string{"Bea"}, Explorers{Count: 2, Level: string(level), Names: explorerNames}, DrawApp, VotePhone, "11")
		require.NoError(t, err)
		dev := table.Device{ID: "host", Seats: []int{0, 1, 2}, Host: true}
		rec := record(t, opt)
		sh, err := Replay(rec)
		require.NoError(t, err)
		tb := sh.Own(rec, dev)
		explorerVotes, draws := 0, 0
		for turn := 0; !tb.State.Finished(); turn++ {
			require.Less(t, turn, 500)
			switch {
			case tb.State.VoteDue():
				require.Zero(t, tb.State.Voted(), "no explorer has voted before the person")
				require.Equal(t, 0, tb.NextVoter(), "the pass screens ask the person only")
				_, err := tb.Vote(1, true)
				require.Error(t, err, "nobody votes for an explorer")
				a, err := tb.Vote(0, turn%3 == 0)
				require.NoError(t, err)
				before := *tb.State
				_, err = tb.Apply(a)
				require.NoError(t, err)
				require.Zero(t, tb.State.Voted(), "the explorers' votes complete the vote: the reveal follows")
				for _, e := range tb.Last {
					if e.Type == engine.EvVoteCast && e.Seat > 0 {
						explorerVotes++
					}
				}
				// Undo takes back the person's vote and the explorers' with it.
				after := *tb.State
				require.NoError(t, tb.Undo())
				require.Equal(t, before, *tb.State)
				_, err = tb.Apply(a)
				require.NoError(t, err)
				require.Equal(t, after, *tb.State, "the same votes again")
			default:
				a, err := tb.Draw("", "", nil)
				require.NoError(t, err)
				_, err = tb.Apply(a)
				require.NoError(t, err)
				draws++
			}
		}
		require.Positive(t, explorerVotes, level)
		require.Equal(t, len(tb.Actions), len(tb.Stamps), "the log holds the person's actions only")
		// The log replayed gives the same game, and the history the same events.
		rec2 := record(t, opt, tb.Actions...)
		sh2, err := Replay(rec2)
		require.NoError(t, err)
		require.Equal(t, *tb.State, *sh2.State)
		events, err := sh2.Events()
		require.NoError(t, err)
		n := 0
		for _, e := range events {
			if e.Type == engine.EvVoteCast && e.Seat > 0 {
				n++
			}
		}
		require.Positive(t, n)
	}
}

// When no person is left in the cave, the explorers vote as soon as the card is drawn.
func TestExplorersVoteAloneInTheCave(t *testing.T) {
	opt, err := NewOptionsWith([]string{"Bea"}, Explorers{Count: 2, Level: "hard", Names: explorerNames}, DrawApp, VotePhone, "5")
	require.NoError(t, err)
	rec := record(t, opt)
	sh, err := Replay(rec)
	require.NoError(t, err)
	tb := sh.Own(rec, table.Device{ID: "host", Seats: []int{0, 1, 2}, Host: true})
	a, _ := tb.Draw("", "", nil)
	_, err = tb.Apply(a)
	require.NoError(t, err)
	_, err = tb.Apply(engine.Vote(0, true))
	require.NoError(t, err)
	require.Equal(t, 1, tb.State.Round(), "with seed 5 an explorer stays in the cave after the first card")
	require.NotZero(t, tb.State.InCave())
	require.False(t, tb.State.InCave().Has(0))
	a, _ = tb.Draw("", "", nil)
	_, err = tb.Apply(a)
	require.NoError(t, err)
	require.False(t, tb.State.VoteDue(), "the explorers voted by themselves")
	require.Equal(t, -1, tb.NextVoter())
}

// Opening a table with explorers to other phones keeps the explorers on the host's phone.
func TestOpenKeepsTheExplorers(t *testing.T) {
	opt, err := NewOptionsWith([]string{"Bea", "Cy"}, Explorers{Count: 2, Level: "normal", Names: explorerNames}, DrawApp, VotePhone, "1")
	require.NoError(t, err)
	require.NoError(t, opt.Open(true, []int{0}, false))
	require.Equal(t, []int{0, 2, 3}, opt.Own)
}

// One level per explorer: the levels asked for, in seat order.
func TestNewOptionsWithLevelsPerExplorer(t *testing.T) {
	opt, err := NewOptionsWith([]string{"Bea"}, Explorers{Levels: []string{"easy", "hard", "hard"}, Names: explorerNames}, DrawApp, VotePhone, "0")
	require.NoError(t, err)
	require.Equal(t, []engine.Level{"", engine.Easy, engine.Hard, engine.Hard}, opt.Explorers)
	require.Equal(t, []string{"Bea", "Ada", "Marco", "Lucia"}, opt.Players)
	_, err = NewOptionsWith([]string{"Bea"}, Explorers{Levels: []string{"easy", ""}, Names: explorerNames}, DrawApp, VotePhone, "0")
	require.ErrorIs(t, err, ErrForm)
}

// A phone each: the host adds computer explorers in the lobby, each with its level, on its
// phone, which keeps them (nobody claims one); removing one keeps the levels by seat; a
// person joining with an explorer's name keeps it, the explorer takes another; the host's
// phone holds the explorers' seats but neither acts for them nor sees their hidden chests.
func TestLobbyExplorers(t *testing.T) {
	opt, err := PhonesOptions("Bea", DrawApp, true)
	require.NoError(t, err)
	opt.Seed = 0
	devices := []table.Device{{ID: "host", Seats: []int{0}, Host: true}}
	devices, err = opt.AddExplorer(devices, "hard", explorerNames)
	require.NoError(t, err)
	devices, err = opt.AddExplorer(devices, "easy", explorerNames)
	require.NoError(t, err)
	_, err = opt.AddExplorer(devices, "expert", explorerNames)
	require.ErrorIs(t, err, ErrForm)
	require.Equal(t, []string{"Bea", "Ada", "Marco"}, opt.Players)
	require.Equal(t, []engine.Level{"", engine.Hard, engine.Easy}, opt.Explorers)
	require.Equal(t, []int{0, 1, 2}, opt.Own)
	require.Equal(t, []int{0, 1, 2}, devices[0].Seats)
	require.Empty(t, table.FreeSeats(opt.Own, devices), "an explorer's seat is never free")

	// A person joining as "ada" keeps the name; the explorer Ada becomes Lucia.
	seat, err := opt.AddPlayerBeside("ada", explorerNames)
	require.NoError(t, err)
	require.Equal(t, 3, seat)
	require.Equal(t, []string{"Bea", "Lucia", "Marco", "ada"}, opt.Players)
	require.Equal(t, []engine.Level{"", engine.Hard, engine.Easy}, opt.Explorers)
	devices = append(devices, table.Device{ID: "dan", Seats: []int{3}})

	// The host removes Lucia: Marco keeps his level, ada stays a person.
	devices, err = opt.ChangeSeat(devices, SeatRemove, 1, "", 0)
	require.NoError(t, err)
	require.Equal(t, []string{"Bea", "Marco", "ada"}, opt.Players)
	require.Equal(t, []engine.Level{"", engine.Easy}, opt.Explorers)
	require.False(t, opt.IsExplorer(2))
	require.Equal(t, []int{0, 1}, opt.Own)

	require.NoError(t, opt.Start(devices))
	_, err = opt.AddExplorer(devices, "hard", explorerNames)
	require.Error(t, err, "no explorer joins a game under way")
	rec := record(t, opt)
	rec.Devices = devices
	sh, err := Replay(rec)
	require.NoError(t, err)
	host := sh.At(rec, devices[0])
	require.Equal(t, engine.SeatsOf(0), host.Seats, "the host's phone holds its person's seat only")
	require.Equal(t, engine.SeatsOf(0), host.Shown(), "nor sees the explorer's hidden chest")
	require.Equal(t, -1, host.NextVoter())

	// A table of explorers only never starts.
	o := Options{Setup: engine.Setup{Players: []string{"A", "B", "C"}}, Explorers: []engine.Level{engine.Easy, engine.Easy, engine.Easy}, Lobby: true,
		Own: []int{0, 1, 2}, Phones: true, Vote: VotePhone, Draw: DrawApp}
	var r *table.Refusal
	require.ErrorAs(t, o.Start([]table.Device{{ID: "host", Seats: []int{0, 1, 2}, Host: true}}), &r)
	require.Equal(t, "diamant.error.explorers.person", r.ID)
}

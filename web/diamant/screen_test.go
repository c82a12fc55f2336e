package diamant

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

var catalog = sync.OnceValues(i18n.Load)

// loc is a language's localizer from the real catalogs.
func loc(t *testing.T, lang string) *i18n.Localizer {
	t.Helper()
	c, err := catalog()
	require.NoError(t, err)
	return c.Localizer(lang)
}

// seatedAt is a table of Ada, Bea and Cy after the actions, as the device holding seats
// sees it.
func seatedAt(t *testing.T, opt diamanttable.Options, device string, host bool, seats diamant.Seats, actions ...diamant.Action) *diamanttable.Table {
	t.Helper()
	opt.Setup = diamant.Setup{Players: []string{"Ada", "Bea", "Cy"}, Seed: 3}
	opt.Draw, opt.Vote = diamanttable.DrawApp, diamanttable.VotePhone
	rec := table.Record{Table: table.Table{ID: "t", Game: "diamant"}}
	rec.Version = int64(len(actions))
	tb := &diamanttable.Table{Rec: rec,
		Opt: opt, Actions: actions, Seats: seats, Device: device, Host: host}
	require.NoError(t, tb.Replay())
	return tb
}

// sentences are the texts of what a screen says.
func sentences(ss []say.Sentence) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.Text
	}
	return out
}

// shownAs is which seats of a screen's players are hidden, and which are away.
func shownAs(p Play) (hidden, away diamant.Seats) {
	for _, r := range p.Players {
		if r.Hidden {
			hidden |= diamant.SeatsOf(r.Seat)
		}
		if r.Away {
			away |= diamant.SeatsOf(r.Seat)
		}
	}
	return hidden, away
}

// Which screen each device sees of a table, and what it says, in English and in Italian:
// a table on one phone passed round to vote, and a table with a phone each, chests hidden.
func TestDiamantScreens(t *testing.T) {
	all := diamant.SeatsOf(0, 1, 2)
	draw := diamant.Draw(diamant.T5)
	votes := []diamant.Action{draw, diamant.Vote(0, true), diamant.Vote(1, false), diamant.Vote(2, false)}
	onePhone := func(show string, actions ...diamant.Action) (*diamanttable.Table, string) {
		return seatedAt(t, diamanttable.Options{}, "h", true, all, actions...), show
	}
	hidden := diamanttable.Options{Phones: true, Hidden: true}
	beasPhone := func(actions ...diamant.Action) (*diamanttable.Table, string) {
		return seatedAt(t, hidden, "p1", false, diamant.SeatsOf(1), actions...), ""
	}
	type lines struct {
		heading string
		say     []string
	}
	for _, tc := range []struct {
		name   string
		table  func() (*diamanttable.Table, string)
		away   diamant.Seats
		screen Screen
		hidden diamant.Seats // the seats whose chest this device does not see
		en, it lines
	}{
		{name: "one phone: the game begins", table: func() (*diamanttable.Table, string) { return onePhone("") },
			screen: ScreenCave,
			en:     lines{"Round 1 of 5", []string{"Round 1 begins: the idol worth 5 joins the deck, which now holds 31 cards."}},
			it:     lines{"Viaggio 1 di 5", []string{"Inizia il viaggio 1: l'idolo da 5 entra nel mazzo, che ora ha 31 carte."}}},
		{name: "one phone: a card drawn, the vote not begun", table: func() (*diamanttable.Table, string) { return onePhone("", draw) },
			screen: ScreenCave,
			en:     lines{"Round 1 of 5", []string{"Treasure of 5: 1 diamond each, and 2 stay on the card."}},
			it:     lines{"Viaggio 1 di 5", []string{"Tesoro da 5: 1 diamante a testa e 2 restano sulla carta."}}},
		{name: "one phone: the vote begins", table: func() (*diamanttable.Table, string) { return onePhone(string(ScreenPass), draw) },
			screen: ScreenPass,
			en:     lines{"Pass the phone to Ada", []string{"Pass the phone to Ada."}},
			it:     lines{"Passa il telefono: è il turno di Ada", []string{"Passa il telefono: è il turno di Ada."}}},
		{name: "one phone: a vote recorded", table: func() (*diamanttable.Table, string) { return onePhone("", draw, diamant.Vote(0, false)) },
			screen: ScreenPass,
			en:     lines{"Pass the phone to Bea", []string{"Vote recorded. Pass the phone to Bea."}},
			it:     lines{"Passa il telefono: è il turno di Bea", []string{"Voto registrato. Passa il telefono: è il turno di Bea."}}},
		{name: "one phone: the last vote reveals the votes at once", table: func() (*diamanttable.Table, string) { return onePhone("", votes...) },
			screen: ScreenReveal,
			en: lines{"The votes are revealed", []string{"Ada leaves.", "Treasure of 5, with 2 diamonds on it: Ada takes it all.",
				"Ada takes 2 diamonds from the cards: 2 red tokens worth 1 each. Everything goes into the chest, which now holds 3 diamonds."}},
			it: lines{"I voti sono rivelati", []string{"Ada esce.", "Tesoro da 5, con 2 diamanti sopra: Ada prende tutto.",
				"Ada prende 2 diamanti dalle carte: 2 diamanti rossi da 1. Tutto finisce nel bauletto, che ora contiene 3 diamanti."}}},
		{name: "a phone each: the vote opens on Bea's phone", table: func() (*diamanttable.Table, string) { return beasPhone(draw) },
			screen: ScreenVote,
			en:     lines{"Bea: continue or leave?", []string{"Treasure of 5: 1 diamond each, and 2 stay on the card.", "Bea: continue or leave?"}},
			it:     lines{"Bea: continui o esci?", []string{"Tesoro da 5: 1 diamante a testa e 2 restano sulla carta.", "Bea: continui o esci?"}}},
		{name: "a phone each: another phone votes, Bea's has not", table: func() (*diamanttable.Table, string) { return beasPhone(draw, diamant.Vote(0, false)) },
			screen: ScreenVote,
			en:     lines{"Bea: continue or leave?", []string{"1 of 3 has voted."}},
			it:     lines{"Bea: continui o esci?", []string{"1 su 3 ha votato."}}},
		{name: "a phone each: Bea's vote pending, the others' hidden chests", table: func() (*diamanttable.Table, string) { return beasPhone(draw, diamant.Vote(1, true)) },
			screen: ScreenCave, hidden: diamant.SeatsOf(0, 2),
			en: lines{"Round 1 of 5", []string{"You chose to leave. Waiting for the others.", "1 of 3 has voted."}},
			it: lines{"Viaggio 1 di 5", []string{"Hai scelto di uscire. Si aspettano gli altri.", "1 su 3 ha votato."}}},
		{name: "a phone each: revealed, Ada's chest kept from Bea, Cy's phone away", table: func() (*diamanttable.Table, string) { return beasPhone(votes...) },
			away: diamant.SeatsOf(2), screen: ScreenReveal, hidden: diamant.SeatsOf(0, 2),
			en: lines{"The votes are revealed", []string{"Ada leaves.", "Treasure of 5, with 2 diamonds on it: Ada takes it all.",
				"Ada takes 2 diamonds from the cards: 2 red tokens worth 1 each. Everything goes into the chest."}},
			it: lines{"I voti sono rivelati", []string{"Ada esce.", "Tesoro da 5, con 2 diamanti sopra: Ada prende tutto.",
				"Ada prende 2 diamanti dalle carte: 2 diamanti rossi da 1. Tutto finisce nel bauletto."}}},
		{name: "a phone each: the host ended the table", table: func() (*diamanttable.Table, string) {
			return seatedAt(t, diamanttable.Options{Phones: true, Hidden: true, Ended: true}, "p1", false, diamant.SeatsOf(1), draw), ""
		},
			screen: ScreenFinal,
			en:     lines{"The table has ended", []string{"The table has ended"}},
			it:     lines{"Il tavolo è chiuso", []string{"Il tavolo è chiuso"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for lang, want := range map[string]lines{"en": tc.en, "it": tc.it} {
				tb, show := tc.table()
				var p Play
				View{L: loc(t, lang), T: tb, Away: tc.away}.Screen(show, &p)
				require.Equal(t, tc.screen, p.Screen, lang)
				require.Equal(t, want.heading, p.Heading, lang)
				require.Equal(t, want.say, sentences(p.Say), lang)
				hidden, away := shownAs(p)
				require.Equal(t, tc.hidden, hidden, lang)
				require.Equal(t, tc.away, away, lang)
			}
		})
	}
}

// FillVote makes a seat's vote screen: on a table with a phone each, with the vote step
// (the other phones' votes do not make its form stale) and the count of votes; on one
// phone passed round, neither.
func TestDiamantVoteScreen(t *testing.T) {
	draw := diamant.Draw(diamant.T5)
	for _, tc := range []struct {
		name             string
		table            *diamanttable.Table
		seat             int
		step, votes, say string
	}{
		{name: "one phone", table: seatedAt(t, diamanttable.Options{}, "h", true, diamant.SeatsOf(0, 1, 2), draw, diamant.Vote(0, false)), seat: 1},
		{name: "a phone each", table: seatedAt(t, diamanttable.Options{Phones: true}, "p1", false, diamant.SeatsOf(1), draw, diamant.Vote(0, false)), seat: 1,
			step: "1.1", votes: "1 of 3 has voted.", say: "1 of 3 has voted."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p Play
			View{L: loc(t, "en"), T: tc.table}.FillVote(tc.seat, &p)
			require.Equal(t, ScreenVote, p.Screen)
			require.Equal(t, "Bea: continue or leave?", p.Heading)
			require.Equal(t, Row{Seat: 1, Name: "Bea", Hand: 1}, p.Voter)
			require.Equal(t, "You carry 1 diamond.", p.Lead)
			require.Equal(t, tc.step, p.Step)
			require.Equal(t, tc.votes, p.Votes)
			if tc.say == "" {
				require.Empty(t, p.Say)
			} else {
				require.Equal(t, []string{tc.say}, sentences(p.Say))
			}
		})
	}
}

// The table's page shows, from the ids of the devices away, which seats' phones are away:
// never the host's, never this device's own.
func TestDiamantLobbyAway(t *testing.T) {
	tb := seatedAt(t, diamanttable.Options{Phones: true, Own: []int{0}}, "p1", false, diamant.SeatsOf(1))
	tb.Rec.Devices = []table.Device{{ID: "h", Seats: []int{0}, Host: true}, {ID: "p1", Seats: []int{1}}, {ID: "p2", Seats: []int{2}}}
	for _, tc := range []struct {
		name   string
		away   []string
		status []string
	}{
		{name: "nobody away", status: []string{"on another phone", "on this phone", "on another phone"}},
		{name: "every phone away", away: []string{"h", "p1", "p2"}, status: []string{"on another phone", "on this phone", "on another phone, away"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := Lobby(loc(t, "en"), tb, "", tc.away)
			status := make([]string, len(p.Seats))
			for i, s := range p.Seats {
				status[i] = s.Status
			}
			require.Equal(t, tc.status, status)
		})
	}
}

// A lobby's live news says who took a seat on another phone since the last view, never
// this device's own seats nor the seats still free.
func TestDiamantLobbyJoined(t *testing.T) {
	tb := seatedAt(t, diamanttable.Options{Phones: true, Own: []int{0}}, "h", true, diamant.SeatsOf(0))
	tb.Rec.Devices = []table.Device{{ID: "h", Seats: []int{0}, Host: true}, {ID: "p1", Seats: []int{1}}, {ID: "p2", Seats: []int{2}}}
	now := SeatedElsewhere(tb)
	require.Equal(t, []string{"Bea", "Cy"}, now)
	l := loc(t, "en")
	require.Nil(t, LobbyJoined(l, now, now))
	require.Equal(t, []string{"Cy takes a seat."}, sentences(LobbyJoined(l, []string{"Bea"}, now)))
	require.Equal(t, []string{"Bea and Cy take their seats."}, sentences(LobbyJoined(l, nil, now)))
}

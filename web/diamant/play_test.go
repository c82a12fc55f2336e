package diamant

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/internal/markup"
	"tavolo/web/kit"
	"tavolo/web/kit/kittest"
	"tavolo/web/page"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// trickyNames are player names that need escaping, or are not ASCII.
var trickyNames = []string{`<b>"A&B'+</b> Ünïcødé`, "Ada", "Zoë & Čo", "O'Brien+1", "<script>x</script>", "Ľudmila Šťastná",
	"a%20b", "Bruno", `"quoted"`, "Chiara", "日本語", "x\x00y"}

// eachDiamantScreen plays random games with random legal actions and calls f with the
// views of many screens along the way: every screen (cave, reveal, roundend, final, pass,
// vote, voted, undo), the four languages, one phone and a phone each (host or not, hidden
// chests or not, a pending proposal), problems, the box's card list, the risk shown.
func eachDiamantScreen(t testing.TB, k *kit.Kit, games int, f func(v playView)) {
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 2026))
		names := append([]string(nil), trickyNames...)
		rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
		names = names[:diamant.MinPlayers+rng.IntN(diamant.MaxPlayers-diamant.MinPlayers+1)]
		opt := diamanttable.Options{Setup: diamant.Setup{Players: names, Seed: rng.Uint64()},
			Draw: []string{diamanttable.DrawApp, diamanttable.DrawBox}[rng.IntN(2)], Vote: []string{diamanttable.VotePhone, diamanttable.VoteCards}[g/2%2]}
		devices := []table.Device{{ID: "one", Seats: seatList(len(names)), Host: true}}
		if g%2 == 1 {
			opt.Phones, opt.Vote, opt.Hidden = true, diamanttable.VotePhone, rng.IntN(2) == 0
			devices = []table.Device{{ID: "host", Seats: []int{0, 1}, Host: true}}
			for i := 2; i < len(names); i++ {
				devices = append(devices, table.Device{ID: "phone" + string(rune('0'+i)), Seats: []int{i}})
			}
		}
		tb := &diamanttable.Table{Rec: table.Record{Table: table.Table{ID: table.NewID()}, Devices: devices}, Opt: opt}
		require.NoError(t, tb.Replay())
		for step := 0; ; step++ {
			for range 3 {
				d := devices[rng.IntN(len(devices))]
				tb.Device, tb.Seats, tb.Host = d.ID, diamant.SeatsOf(d.Seats...), d.Host
				f(randomScreen(t, k, tb, rng))
			}
			if tb.State.Finished() {
				if opt.Phones && !tb.Opt.Ended {
					tb.Opt.Ended = true // and the host's "end the table" screen
					continue
				}
				break
			}
			act(t, tb, rng)
		}
	}
}

func seatList(n int) []int {
	seats := make([]int, n)
	for i := range seats {
		seats[i] = i
	}
	return seats
}

// act applies a random legal action, or now and then undoes the last one.
func act(t testing.TB, tb *diamanttable.Table, rng *rand.Rand) {
	st := tb.State
	var a diamant.Action
	switch {
	case len(tb.Actions) > 0 && rng.IntN(15) == 0:
		tb.Actions = tb.Actions[:len(tb.Actions)-1]
		tb.Rec.Version++
		require.NoError(t, tb.Replay())
		return
	case st.VoteDue() && tb.Opt.Vote == diamanttable.VotePhone:
		waiting := st.Waiting().List()
		a = diamant.Vote(waiting[rng.IntN(len(waiting))], rng.IntN(3) == 0)
	case st.VoteDue():
		var leave diamant.Seats
		for _, i := range st.InCave().List() {
			if rng.IntN(3) == 0 {
				leave |= diamant.SeatsOf(i)
			}
		}
		a = diamant.Exits(leave)
	case tb.Opt.Draw == diamanttable.DrawBox:
		left := st.Remaining()
		a = diamant.Draw(left[rng.IntN(len(left))].Card)
	default:
		a = diamant.Draw(tb.State.RandomCard())
	}
	events, err := st.Apply(a)
	require.NoError(t, err)
	tb.Actions = append(tb.Actions, a)
	tb.Note(events)
	tb.Rec.Version++
	if rng.IntN(4) == 0 && tb.Opt.Phones && st.VoteDue() {
		waiting := st.Waiting().List()
		tb.Opt.Proposal = &diamanttable.Proposal{Seat: waiting[rng.IntN(len(waiting))], Step: tb.VoteStep()}
	}
}

// randomScreen builds one screen of the table as a device sees it, now and then with a
// problem, another screen the device may ask for, or the risk shown.
func randomScreen(t testing.TB, k *kit.Kit, tb *diamanttable.Table, rng *rand.Rand) playView {
	c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder())
	lang := []string{"en", "it", "fr", "sk"}[rng.IntN(4)]
	c.Set("lang", lang)
	k.Session(c).Values["diamant.risk"] = rng.IntN(3) == 0
	l := k.Localizer(c)
	p := handlers{k}.screen(c, tb, []string{"", "", "pass", "reveal"}[rng.IntN(4)])
	switch rng.IntN(12) {
	case 0:
		if tb.State.VoteDue() && len(tb.Actions) > 0 {
			p = Play{ID: tb.Rec.ID, Version: tb.Rec.Version, Screen: "undo", Heading: l.T("diamant.undo.heading"),
				UndoWhat: undoWhat(l, tb)}
		}
	case 1:
		if waiting := tb.State.Waiting().List(); len(waiting) > 0 {
			p = Play{ID: tb.Rec.ID, Version: tb.Rec.Version}
			handlers{k}.view(c, tb).FillVote(waiting[rng.IntN(len(waiting))], &p)
		}
	case 2:
		p.Problem = trickyNames[rng.IntN(len(trickyNames))] + " " + l.T("diamant.error.form")
	case 3:
		if len(p.Players) > 0 {
			p.Players[rng.IntN(len(p.Players))].Away = true
		}
	case 4:
		p.InCave, p.TableCards, p.TableIdols, p.Hazards = 0, nil, nil, nil
	case 5:
		p.ID = `a b/é%41%4g&+'"<>?#` + trickyNames[rng.IntN(len(trickyNames))] // what only a URL escaper may meet
	}
	return playView{L: l, CSRF: "tok+en/" + lang, Data: p}
}

// Every screen of random games: its name and heading, every form with the CSRF token and
// the version where it needs one, names escaped, and its elements closed.
func TestDiamantPlayHTMLScreens(t *testing.T) {
	k := kittest.New(t)
	seen := map[Screen]bool{}
	eachDiamantScreen(t, k, 8, func(v playView) {
		p := v.Data
		if !table.ValidID(p.ID) {
			return // an id no table has: only its escaping matters, checked below
		}
		out := playHTML(v)
		seen[p.Screen] = true
		require.Contains(t, out, `<div class="diamant" data-screen="`+string(p.Screen)+`" data-version="`+strconv.FormatInt(p.Version, 10)+`"`)
		require.Contains(t, out, `<h1 id="play-h" tabindex="-1">`+asText(p.Heading)+`</h1>`)
		forms := markup.Parse(out).All(markup.Role("form"))
		require.Equal(t, strings.Count(out, "<form"), len(forms), out)
		if p.Screen == ScreenVote {
			// Practice's form asks for the vote screen again, with the advice: a GET of this
			// seat's own vote screen, no token.
			require.Contains(t, out, `<form method="get" action="/diamant/`+p.ID+`/vote/`+strconv.Itoa(p.Voter.Seat)+`" class="expert"`)
			forms = slices.DeleteFunc(forms, func(f *markup.Node) bool { return f.Attr("class") == "expert" })
			require.Equal(t, strings.Count(out, "<form")-1, len(forms), out)
		}
		for _, form := range forms {
			// Each is sent to one of this table's actions ("/diamant/ID/draw").
			require.Equal(t, "post", form.Attr("method"), form.String())
			action, ok := strings.CutPrefix(form.Attr("action"), "/diamant/"+p.ID+"/")
			require.True(t, ok && action != "" && strings.Trim(action, "abcdefghijklmnopqrstuvwxyz") == "", form.String())
		}
		token := `<input type="hidden" name="_csrf" value="` + asText(v.CSRF) + `">`
		require.Equal(t, len(forms), strings.Count(out, token), out)
		require.NotContains(t, out, `<b>`)
		require.NotContains(t, out, `<script>`)
		require.NoError(t, markup.Closed(out), out)
		switch p.Screen {
		case "vote":
			require.Contains(t, out, `name="choice" value="continue"`)
			require.Contains(t, out, `name="choice" value="leave"`)
		case "pass":
			// The voter's two cards, alike to a screen reader, the heading between them.
			require.Contains(t, out, `<input type="hidden" name="seat" value="`+strconv.Itoa(p.Voter.Seat)+`">`)
			cont, head, leave := strings.Index(out, `value="continue"`), strings.Index(out, `<h1`), strings.Index(out, `value="leave"`)
			require.True(t, cont >= 0 && cont < head && head < leave, out)
			require.Equal(t, 2, strings.Count(out, `</button></div>`), out)
		case "cave", "reveal", "roundend":
			require.Contains(t, out, `<table class="players">`)
		}
	})
	for _, screen := range []Screen{"cave", "reveal", "roundend", "final", "pass", "vote", "undo"} {
		require.True(t, seen[screen], screen)
	}
}

// asText is s as templ writes it in text.
func asText(s string) string { return templ.EscapeString(s) }

// A name with markup shows as text.
func TestDiamantPlayHTMLEscapesNames(t *testing.T) {
	k := kittest.New(t)
	name := `<b>"A&B'+</b> Ünïcødé`
	p := Play{ID: table.NewID(), Version: 3, Screen: "pass", Heading: "Pass", Voter: Row{Seat: 1, Name: name}}
	out := playHTML(playView{L: k.Catalog.Localizer("en"), CSRF: "t", Data: p})
	require.Contains(t, out, "&lt;b&gt;&#34;A&amp;B&#39;+&lt;/b&gt; Ünïcødé")
	require.NotContains(t, out, name)
}

// The whole page draws the screen inside its <main>, in its frame.
func TestDiamantPlayPageHasTheScreen(t *testing.T) {
	k := kittest.New(t)
	p := Play{ID: table.NewID(), Version: 3, Screen: "cave", Heading: `Round 1 <of> 5`, Live: true, Host: true, DrawApp: true}
	v := playView{L: k.Catalog.Localizer("it"), CSRF: "t+1", Data: p}
	c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/?lang=it", nil), httptest.NewRecorder())
	c.Set("lang", "it")
	c.Set("csrf", "t+1")
	var out bytes.Buffer
	require.NoError(t, PlayPage(k.Frame(c, "diamant-play", p.Heading), p).Render(t.Context(), &out))
	require.Contains(t, out.String(), `<main id="main" tabindex="-1">`+playHTML(v)+`</main>`)
	require.Contains(t, out.String(), `<title>Round 1 &lt;of&gt; 5 · Tavolo</title>`)
}

// playView is a screen as a device sees it: its language, its form token, the screen.
type playView struct {
	L    *i18n.Localizer
	CSRF string
	Data Play
}

// playHTML is the screen's content, as a script's reply and a live event carry it.
func playHTML(v playView) string {
	var b strings.Builder
	_ = PlayContent(page.Frame{L: v.L, CSRF: v.CSRF}, v.Data).Render(context.Background(), &b)
	return b.String()
}

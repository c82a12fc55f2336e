package diamant

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"tavolo/companion/diamant"
	"tavolo/web/kit"
	"tavolo/web/kit/kittest"
	"tavolo/web/say"
	diamanttable "tavolo/web/table/diamant"
)

// With the memo, every phone at a table gets what it would draw alone: the same bytes, its
// own form token, and no other seat's pending vote or hidden chest; the phones that see
// the same share one drawing.
func TestViewMemoKeepsEachDevicesView(t *testing.T) {
	for _, names := range [][]string{
		{"A", "B", "C", "D", "E", "F"},
		// Names the template and the reply escape, each in its own way, in the holes
		// each phone fills (its heading, "where are we", its row).
		{`Zoë <b>`, `"Q" & co`, `Ünal's`, "Line\u2028two", `<script>`, `A&amp;B`},
	} {
		t.Run(names[0], func(t *testing.T) { testViewMemoKeepsEachDevicesView(t, names) })
	}
}

func testViewMemoKeepsEachDevicesView(t *testing.T, names []string) {
	k, id, phones := benchPhonesNamed(t, names) // six phones, a seat each, chests hidden; seats 0 and 1 have voted
	h := handlers{k}
	// Each phone its own token; phone 1 twice (a second tab), phone 3 in French.
	one := &diamanttable.Table{}
	require.NoError(t, h.read(phones[1], id, one))
	contexts := append(phones, kittest.Context(t, k, http.MethodGet, "/diamant/"+id+"/events", one.Device))
	contexts[3].Set("lang", "fr")
	for i, c := range contexts {
		c.Set("csrf", strings.Repeat(string(rune('a'+i)), 32))
	}
	for round := range 2 {
		var got [][]byte
		for _, c := range contexts {
			tb := &diamanttable.Table{}
			require.NoError(t, h.read(c, id, tb))
			b, _ := h.appendLivePlay(nil, c, tb, h.awaySeats(tb), nil, false, nil)
			want, _ := drawnAlone(h, c, tb)
			require.Equal(t, want, string(b), "round %d", round)
			got = append(got, b)
		}
		for i, b := range got {
			for j := range contexts {
				token := []byte(strings.Repeat(string(rune('a'+j)), 32))
				assert.Equal(t, i == j, bytes.Contains(b, token), "phone %d's view has phone %d's token", i, j)
			}
		}
		// Seat 0's and seat 1's votes are theirs: said on their phones only.
		for i, b := range got[:6] {
			assert.Equal(t, i == 0 || i == 1, bytes.Contains(b, []byte("You chose to go on")), "phone %d", i)
		}
	}
	// Three screens for seven streams: the cave of phones 0 (the host) and 1 (and its second
	// tab), each with its own vote, chests, "where are we" and tools filled in; the vote of
	// phones 2, 4 and 5, each with its own seat; and phone 3's in French.
	slot := playViews.slots[id]
	require.NotNil(t, slot)
	assert.Equal(t, 3, len(slot.views))
	// The parts the phones share. Phones 0 and 1 have voted and see the cave (2 to 5 their
	// vote): six rows on phone 0, and on phone 1 its own row shown and phone 0's hidden; one
	// summary of the cave and one head of the players' table; one "where are we" in each
	// language; the tools of the cave for the host and for another phone, and of the vote
	// in each language (the form token filled in on each phone, as checked above); the news
	// in each language, the same on every phone (nobody left: no chest to tell); what the
	// cave's and the vote's screens share, in each language.
	kinds := map[partKind]int{}
	for _, pt := range slot.parts {
		kinds[pt.key.kind]++
	}
	assert.Equal(t, map[partKind]int{partRow: 6 + 2, partInCave: 1, partHead: 1, partWhere: 2, partTools: 2 + 2, partNews: 2, partCave: 2}, kinds)
}

// A vote changes only how the vote goes and the version, both holes: the screens drawn at
// one version serve the next, and no phone draws its screen again.
func TestViewMemoKeepsScreensAcrossVotes(t *testing.T) {
	k, id, phones := benchPhones(t) // seats 0 and 1 have voted
	h := handlers{k}
	draw := func() {
		for _, c := range phones {
			tb := &diamanttable.Table{}
			require.NoError(t, h.read(c, id, tb))
			b, _ := h.appendLivePlay(nil, c, tb, h.awaySeats(tb), nil, false, nil)
			require.Contains(t, string(b), fmt.Sprintf(`data-version=\"%d\"`, tb.Rec.Version))
		}
	}
	draw()
	slot := playViews.slots[id]
	require.NotNil(t, slot)
	drawn := len(slot.views) // the cave of the host, of another phone that voted, and the vote
	for seat := 2; seat < 5; seat++ {
		tb, err := h.load(phones[0], id)
		require.NoError(t, err)
		playAction(t, k, id, tb, diamant.Vote(seat, false))
		draw()
		assert.Equal(t, drawn, len(slot.views), "after seat %d's vote", seat)
	}
}

// A browser's forms carry echo's word for a token it needs none of (it sends
// Sec-Fetch-Site): its phone's screens are drawn through the memo too, once for the phones
// that see the same.
func TestViewMemoServesBrowsers(t *testing.T) {
	k, id, phones := benchPhones(t) // seats 0 and 1 have voted; 2 to 5 see the same vote
	h := handlers{k}
	before := playViews.drawn.Load()
	for _, c := range phones[2:] {
		c.Set("csrf", middleware.CSRFUsingSecFetchSite)
		tb := &diamanttable.Table{}
		require.NoError(t, h.read(c, id, tb))
		b, _ := h.appendLivePlay(nil, c, tb, h.awaySeats(tb), nil, false, nil)
		require.Contains(t, string(b), `value=\"`+middleware.CSRFUsingSecFetchSite+`\"`)
	}
	assert.Equal(t, int64(1), playViews.drawn.Load()-before)
}

// The phones that need the same screen at once (a table's phones wake together) share one
// drawing: those that come while it is drawn wait for it.
func TestViewMemoDrawsAScreenOnceAtOnce(t *testing.T) {
	k, id, phones := benchPhones(t)
	h := handlers{k}
	c := phones[2] // at its vote
	one := &diamanttable.Table{}
	require.NoError(t, h.read(c, id, one))
	want, _ := h.appendLivePlay(nil, c, one, h.awaySeats(one), nil, false, nil)
	for round := range 20 {
		playViews.empty()
		before := playViews.drawn.Load()
		start := make(chan struct{})
		got := make([][]byte, 16)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() {
				tb := &diamanttable.Table{}
				require.NoError(t, h.read(c, id, tb))
				<-start
				got[i], _ = h.appendLivePlay(nil, c, tb, h.awaySeats(tb), nil, false, nil)
			})
		}
		close(start)
		wg.Wait()
		require.Equal(t, int64(1), playViews.drawn.Load()-before, "round %d", round)
		for _, b := range got {
			require.Equal(t, string(want), string(b))
		}
	}
}

// While a vote goes on, the card just drawn stays on the cave of the phones that have voted
// (hidden from screen readers: its news said it), so that a vote draws no new screen: the
// cave that the phones out of the cave saw at the draw, and the vote, serve every vote but
// the last, whose reveal is new.
func TestVotesDrawNoScreen(t *testing.T) {
	k, id, phones := benchPhones(t)
	h := handlers{k}
	caveBefore, checked := false, 0 // a phone showed the cave at the version before
	for step := 0; step < 400; step++ {
		tb, err := h.load(phones[0], id)
		require.NoError(t, err)
		st := tb.State
		if st.Finished() {
			require.Positive(t, checked)
			return
		}
		before := playViews.drawn.Load()
		cave := false
		for _, c := range phones {
			one := &diamanttable.Table{}
			require.NoError(t, h.read(c, id, one))
			b, _ := h.appendLivePlay(nil, c, one, h.awaySeats(one), nil, false, nil)
			if !bytes.Contains(b, []byte(`data-screen=\"cave\"`)) {
				continue
			}
			cave = true
			if la, ok := one.LastAction(); ok && la.Type == diamant.ActVote && st.VoteDue() {
				_, line, ok := strings.Cut(string(b), `class=\"lastcard\"`)
				require.True(t, ok, "step %d: the card drawn stays while the vote goes on", step)
				tag, _, _ := strings.Cut(line, ">")
				require.Contains(t, tag, `aria-hidden=\"true\"`, "step %d: seen, not read again", step)
			}
		}
		if la, ok := tb.LastAction(); ok && la.Type == diamant.ActVote && st.VoteDue() && caveBefore {
			require.Equal(t, before, playViews.drawn.Load(), "step %d: a vote with others still to vote drew a screen", step)
			checked++
		}
		caveBefore = cave
		var a diamant.Action
		if st.VoteDue() {
			a = diamant.Vote(diamanttable.FirstSeat(st.Waiting()), step%3 == 0)
		} else {
			a = diamant.Draw(st.RandomCard())
		}
		playAction(t, k, id, tb, a)
	}
	t.Fatal("the game did not end")
}

// Through whole games on six phones (votes at random, a phone in French, names to escape),
// at every version every phone's view through the memo is what it draws alone: the cave,
// the votes, the reveals, the ends of rounds and the final screen with its winners.
func TestViewMemoThroughWholeGames(t *testing.T) {
	throughWholeGames(t, func(h handlers) func(step, i int, c echo.Context, one *diamanttable.Table) {
		return func(step, i int, c echo.Context, one *diamanttable.Table) {
			b, _ := h.appendLivePlay(nil, c, one, h.awaySeats(one), nil, false, nil)
			want, screen := drawnAlone(h, c, one)
			require.Equal(t, want, string(b), "step %d, phone %d, screen %s", step, i, screen)
		}
	})
}

// drawnAlone is the reply of the play screen a phone draws alone, without the memo's views
// and parts, and which screen it is.
func drawnAlone(h handlers, c echo.Context, t *diamanttable.Table) (string, Screen) {
	memo := playViews
	playViews = nil
	defer func() { playViews = memo }()
	var p Play
	h.view(c, t).Screen("", &p)
	return string(appendPlayReply(nil, h.Localizer(c), c.Get("csrf").(string), &p)), p.Screen
}

// throughWholeGames plays three whole games on six phones (names the template and JSON
// escape, phone 3 in French, each phone its own form token), the votes at random; at every
// version each phone's stream reads the table (one) and see is told, see made afresh for
// each game. It returns how many votes were not a reveal's (others still to vote).
func throughWholeGames(t *testing.T, game func(h handlers) (see func(step, i int, c echo.Context, one *diamanttable.Table))) (votes int) {
	t.Helper()
	for seed := range 3 {
		k, id, phones := benchPhonesNamed(t, []string{"Ann", `"B" & <b>`, "Cé", "D", "Ed", "F"})
		h := handlers{k}
		phones[3].Set("lang", "fr")
		for i, c := range phones {
			c.Set("csrf", strings.Repeat(string(rune('a'+i)), 32))
		}
		see := game(h)
		rng := uint64(seed)*2654435761 + 1
		for step := 0; ; step++ {
			tb, err := h.load(phones[0], id)
			require.NoError(t, err)
			for i, c := range phones {
				one := &diamanttable.Table{}
				require.NoError(t, h.read(c, id, one))
				see(step, i, c, one)
			}
			st := tb.State
			if st.Finished() {
				break
			}
			a := diamant.Draw(st.RandomCard())
			if st.VoteDue() {
				rng = rng*6364136223846793005 + 1442695040888963407
				a = diamant.Vote(diamanttable.FirstSeat(st.Waiting()), rng>>61 < 3)
				if st.Waiting().Count() > 1 {
					votes++
				}
			}
			playAction(t, k, id, tb, a)
			require.Less(t, step, 2000)
		}
	}
	return votes
}

// playAction applies a to the table tb (loaded as the caller's own) and stores it, as an
// action's request does.
func playAction(t *testing.T, k *kit.Kit, id string, tb *diamanttable.Table, a diamant.Action) {
	t.Helper()
	_, err := tb.State.Apply(a)
	require.NoError(t, err)
	raw, _ := json.Marshal(a)
	_, err = k.Tables.Store().Append(t.Context(), id, tb.Rec.Version, raw, tb.State.Finished())
	require.NoError(t, err)
}

// TestSameShapeComparesEveryField: two shapes that differ in any one field, or in a slice
// that is nil in one and empty in the other, are not the same shape; a new field of Play
// that sameShape leaves out fails here.
func TestSameShapeComparesEveryField(t *testing.T) {
	typ := reflect.TypeFor[Play]()
	for i := range typ.NumField() {
		var a, b Play
		f := reflect.ValueOf(&b).Elem().Field(i)
		f = reflect.NewAt(f.Type(), f.Addr().UnsafePointer()).Elem() // unexported fields too
		setNonZero(t, f)
		require.True(t, sameShape(&a, &a), "a shape is itself")
		require.False(t, sameShape(&a, &b), "Play.%s differs", typ.Field(i).Name)
		require.False(t, sameShape(&b, &a), "Play.%s differs", typ.Field(i).Name)
	}
	// Elements of the slices compared, inside the groups' cards too.
	a := Play{Players: []Row{{Name: "Anna"}}, Groups: []Group{{Heading: "x", Cards: []Choice{{Code: "a"}}}}}
	b := Play{Players: []Row{{Name: "Anna"}}, Groups: []Group{{Heading: "x", Cards: []Choice{{Code: "b"}}}}}
	require.False(t, sameShape(&a, &b))
	b.Groups[0].Cards[0].Code = "a"
	require.True(t, sameShape(&a, &b))
	b.Players[0].Away = true
	require.False(t, sameShape(&a, &b))
}

// setNonZero sets v to a value other than its zero: a slice empty but not nil.
func setNonZero(t *testing.T, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint8:
		v.SetUint(1)
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
	case reflect.Struct:
		setNonZero(t, v.Field(0))
	default:
		t.Fatalf("a field of kind %s: teach setNonZero and sameShape", v.Kind())
	}
}

// empty drops every slot, as a memo just made.
func (m *viewMemo) empty() {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, s := range m.slots {
		s.mu.Lock()
		s.hold(-s.size)
		s.dropped = true
		s.mu.Unlock()
		delete(m.slots, id)
	}
}

// The memo keeps to its bounds: past its tables or its bytes it drops slots, and its count
// of bytes stays what its slots hold.
func TestViewMemoKeepsToItsBounds(t *testing.T) {
	k, id, phones := benchPhones(t)
	h := handlers{k}
	tb := &diamanttable.Table{}
	require.NoError(t, h.read(phones[1], id, tb))
	var p Play
	h.view(phones[1], tb).Screen("", &p)
	counted := func(m *viewMemo) int64 {
		var n int64
		for _, s := range m.slots {
			n += int64(s.size)
		}
		return n
	}
	for _, bounds := range []struct {
		tables int
		bytes  int64
	}{{10, 1 << 30}, {1000, 50_000}} {
		m := newViewMemo(bounds.tables, bounds.bytes)
		for i := range 40 {
			q := p
			q.ID = fmt.Sprintf("%s%d", id, i) // another table
			m.appendPlayReply(nil, h.Localizer(phones[1]), kittest.CSRF, &q)
			require.LessOrEqual(t, len(m.slots), bounds.tables)
			require.Equal(t, counted(m), m.bytes.Load())
			// Over its bytes by one table's screen and parts at most.
			require.Less(t, m.bytes.Load(), bounds.bytes+20_000)
		}
		require.Greater(t, m.bytes.Load(), int64(0))
	}
}

// The news a device hears is made once for every device at a version that hears it alike
// (View.news): through whole games, at every version, for every set of chests a device may
// see and both verbosities, the news says the same with only the leavers' chests among
// them (say.DiamantNewsSeats).
func TestNewsTellsOnlyTheLeaversChests(t *testing.T) {
	leavers := 0
	throughWholeGames(t, func(h handlers) func(step, i int, c echo.Context, one *diamanttable.Table) {
		return func(step, i int, c echo.Context, one *diamanttable.Table) {
			if i != 3 && i != 0 { // one phone in each language
				return
			}
			relevant := say.DiamantNewsSeats(one.Last)
			if relevant != 0 {
				leavers++
			}
			names := say.DiamantNames(h.Localizer(c), one.Names, one.Opt.Explorers)
			for _, v := range []say.Verbosity{say.Full, say.Brief} {
				for shown := range diamant.Seats(1 << len(names)) {
					want := say.DiamantEventsSeen(h.Localizer(c), v, names, one.Last, shown)
					got := say.DiamantEventsSeen(h.Localizer(c), v, names, one.Last, shown&relevant)
					require.Equal(t, want, got, "step %d, shown %b", step, shown)
				}
			}
		}
	})
	assert.Positive(t, leavers, "no one left: the chests were never told")
}

package diamant

import (
	"sync"

	"github.com/labstack/echo/v4"

	"tavolo/companion/diamant"
	"tavolo/web/say"
	"tavolo/web/table"
	diamanttable "tavolo/web/table/diamant"
)

// Diamant's live view (stream.go): the table's page or its current screen, as this
// device sees it, and which phones are away.

func (h handlers) events(c echo.Context) error {
	return h.Stream(c, &diamantLive{h: h, id: c.Param("id"), table: c.QueryParam("view") == "table", t: &diamanttable.Table{}})
}

type diamantLive struct {
	h     handlers
	id    string // the table's: echo's Param looks it up anew (about 1 % of make bench-load's CPU)
	table bool   // the table's page rather than the game's screen
	// t is the table, read again into the same place at each version; shared with the
	// other readers: never changed here.
	t    *diamanttable.Table
	away diamant.Seats // the seats whose phone is away, as last shown
	// The game the last view showed: its seed and how many actions it had, so that an undo
	// made on another phone is said as one.
	shown         bool
	seed          uint64
	actionsBefore int
	// The table's page: the names seated on other phones, as last shown, so that who
	// took a seat since is said.
	seated []string
	patch  livePatch // the play screen last sent, for a vote's to be a patch of it
}

func (v *diamantLive) Read(c echo.Context) error {
	// As the device the first read found (v.t.Device): the stream's, at every read.
	if err := v.h.readAs(c, v.id, v.t.Device, v.t); err != nil {
		return err
	}
	if v.seated == nil {
		// The stream's first read: who is seated as the page shows it.
		v.seated = append([]string{}, SeatedElsewhere(v.t)...)
	}
	return nil
}
func (v *diamantLive) Version() int64 { return v.t.Rec.Version }
func (v *diamantLive) Device() string { return v.t.Device }

func (v *diamantLive) AppendView(b []byte, c echo.Context) ([]byte, error) {
	var said []say.Sentence
	if v.shown && v.t.Opt.Setup.Seed == v.seed && len(v.t.Actions) < v.actionsBefore {
		said = []say.Sentence{{Text: v.h.Localizer(c).T("diamant.say.undone")}}
	}
	if v.table || v.t.State == nil {
		// The lobby, or the table's page: who took a seat, then how many are seated (and
		// whether the host may start).
		seated := SeatedElsewhere(v.t)
		// Who was seated is known from the stream's first read (nil: not known, nothing said).
		if joined := LobbyJoined(v.h.Localizer(c), v.seated, seated); v.seated != nil && said == nil && joined != nil {
			said = joined
			for _, s := range Lobby(v.h.Localizer(c), v.t, "", nil).Say {
				if s.Text != "" {
					said = append(said, s)
				}
			}
		}
	}
	v.noteShown()
	lp := &v.patch
	if said != nil {
		lp.forget()
		lp = nil
	}
	return v.h.appendEvent(b, c, v.t, v.away, v.table, said, lp)
}

// Shown notes who is away, who is seated and how many actions the game has, as the page
// now shows them (an action's reply): the next screen is sent whole.
func (v *diamantLive) Shown(echo.Context) {
	v.patch.forget()
	v.noteShown()
}

func (v *diamantLive) noteShown() {
	v.away = v.h.awaySeats(v.t)
	if v.table || v.t.State == nil {
		v.seated = append(v.seated[:0], SeatedElsewhere(v.t)...)
	}
	v.shown, v.seed, v.actionsBefore = true, v.t.Opt.Setup.Seed, len(v.t.Actions)
}

func (v *diamantLive) AppendPresence(b []byte, c echo.Context) ([]byte, bool, error) {
	now := v.h.awaySeats(v.t)
	if now == v.away {
		return b, false, nil
	}
	before := v.away
	v.away = now
	b, shows, err := v.h.appendPresence(b, c, v.t, now, v.table, func() []say.Sentence {
		return say.DiamantAwayNews(v.h.Localizer(c), v.t.Opt.Players, before, now)
	})
	if shows {
		v.patch.forget()
	}
	return b, shows, err
}

// appendEvent appends a device's view of the table at t's version, an event's data (the
// stream writes the event, the version as its id). said, when given, is announced instead
// of the screen's own news (an undo made on another phone). lp, when given, is what the
// stream last sent of its play screen: a vote's screen may be a patch of it (patch.go).
func (h handlers) appendEvent(b []byte, c echo.Context, t *diamanttable.Table, away diamant.Seats, table bool, said []say.Sentence, lp *livePatch) ([]byte, error) {
	var news func() []say.Sentence
	if said != nil {
		news = func() []say.Sentence { return said }
	}
	b, _, err := h.appendLiveView(b, c, t, away, table, news, said != nil, lp)
	return b, err
}

// appendPresence appends a device's view announcing news (the phones gone away and come
// back), a "presence" event's data, if the view shows who is away; it reports whether it
// appended one.
func (h handlers) appendPresence(b []byte, c echo.Context, t *diamanttable.Table, away diamant.Seats, table bool, news func() []say.Sentence) ([]byte, bool, error) {
	out, shows, err := h.appendLiveView(b, c, t, away, table, news, false, nil)
	if err != nil || !shows {
		return b, false, err
	}
	return out, true, nil
}

// appendLiveView appends a device's view of a table, the table's page or its current
// screen, as an action's reply has it; and whether the view shows which phones are away
// (the seats' list or the players' table). With news, the view announces what news says
// instead, and unless always, only a view that shows who is away is written. lp: as for
// appendEvent.
func (h handlers) appendLiveView(b []byte, c echo.Context, t *diamanttable.Table, away diamant.Seats, table bool, news func() []say.Sentence, always bool, lp *livePatch) ([]byte, bool, error) {
	if table || t.State == nil {
		if lp != nil {
			lp.forget()
		}
		b, err := h.appendLiveLobby(b, c, t, news)
		return b, err == nil, err
	}
	b, shows := h.appendLivePlay(b, c, t, away, news, always, lp)
	return b, shows || always, nil
}

// appendLivePlay appends a device's view of the table's current screen.
func (h handlers) appendLivePlay(b []byte, c echo.Context, t *diamanttable.Table, away diamant.Seats, news func() []say.Sentence, always bool, lp *livePatch) ([]byte, bool) {
	var p Play
	rows := liveRows.Get().(*[diamant.MaxPlayers]Row)
	defer func() { *rows = [diamant.MaxPlayers]Row{}; liveRows.Put(rows) }()
	v := h.viewAway(c, t, away)
	v.Rows = rows
	v.Screen("", &p)
	shows := p.Players != nil
	if news != nil {
		if !shows && !always {
			return b, false
		}
		p.Say = news()
	}
	token, _ := c.Get("csrf").(string)
	return playViews.appendLiveReply(b, h.Localizer(c), token, &p, lp), shows
}

// liveRows are the rooms of the live views' rows of players (View.Rows).
var liveRows = sync.Pool{New: func() any { return new([diamant.MaxPlayers]Row) }}

// appendLiveLobby appends a device's view of the table's page.
func (h handlers) appendLiveLobby(b []byte, c echo.Context, t *diamanttable.Table, news func() []say.Sentence) ([]byte, error) {
	p, err := h.lobbyOf(c, t, "")
	if err != nil {
		return b, err
	}
	if news != nil {
		p.Say = news()
	}
	return h.appendLobbyReply(b, c, &p)
}

// awaySeats are the seats whose phone has been away (its live stream closed) for a while,
// asked of presence for all at once. The host's own phone is never away.
func (h handlers) awaySeats(t *diamanttable.Table) diamant.Seats {
	var seats [diamant.MaxPlayers]int
	var devices [diamant.MaxPlayers]string
	var away [diamant.MaxPlayers]bool
	n := 0
	for seat := range t.Opt.Players {
		if i := table.Holder(t.Rec.Devices, seat); i >= 0 && !t.Rec.Devices[i].Host && n < len(seats) {
			seats[n], devices[n] = seat, t.Rec.Devices[i].ID
			n++
		}
	}
	h.Presence.AwayOf(t.Rec.ID, devices[:n], away[:n])
	var out diamant.Seats
	for i, seat := range seats[:n] {
		if away[i] {
			out |= diamant.SeatsOf(seat)
		}
	}
	return out
}

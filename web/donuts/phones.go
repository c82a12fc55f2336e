package donuts

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"tavolo/companion/donuts"
	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/say"
	donutstable "tavolo/web/table/donuts"
)

// Donuts on two phones: the host's phone opens a game of two players to a second phone,
// which joins by the table's code (join.go) and takes the other colour. Each phone then
// places its own colour; the other's moves arrive by the table's live stream; an undo asks
// the other phone first. Until a second phone joins, the host's phone plays both colours.

// open opens the game to a second phone, the host's phone keeping the colour chosen.
func (h handlers) open(c echo.Context) error {
	return h.action(c, func(c echo.Context, t *donutsTable, l *i18n.Localizer) error {
		keep, err := donuts.ParseColor(c.FormValue("keep"))
		opt := t.Opt
		switch {
		case !t.device.Host:
			return h.refuse(c, t, http.StatusForbidden, l.T("donuts.error.host"))
		case t.Game.Finished():
			return h.refuse(c, t, http.StatusConflict, l.T("donuts.error.game-over", "Plate", ""))
		case err != nil || !opt.OpenTo(keep):
			return h.refuse(c, t, http.StatusBadRequest, l.T("donuts.phones.error.open"))
		}
		ctx := c.Request().Context()
		// The code first: a table open to phones always has one.
		if err := h.Tables.GiveCode(ctx, t.Rec.ID); err != nil {
			return err
		}
		if err := h.saveOptions(c, t, opt); err != nil {
			return err
		}
		return c.Redirect(http.StatusSeeOther, "/donuts/t/"+t.Rec.ID)
	})
}

// saveOptions stores a table's new options, and tells its phones.
func (h handlers) saveOptions(c echo.Context, t *donutsTable, opt donutstable.Options) error {
	raw, err := json.Marshal(opt)
	if err != nil {
		return err
	}
	version, err := h.Tables.Update(c.Request().Context(), t.Rec.ID, t.Rec.Version, raw, nil)
	if err != nil {
		return err
	}
	t.Rec.Version, t.Opt = version, opt
	return nil
}

// askUndo is an undo on two phones: asking the other phone to take back the last move,
// or answering its request. done is false when the move is to be taken back now (the
// other phone asked, and this one accepts).
func (h handlers) askUndo(c echo.Context, t *donutsTable, l *i18n.Localizer) (done bool, err error) {
	step, opt, err := t.AskUndo(t.device.Seats[0], c.FormValue("answer"))
	if problem, status, ok := sayRefusal(l, err); ok {
		return true, h.refuse(c, t, status, problem)
	} else if err != nil {
		return true, err
	}
	if step == donutstable.UndoAccepted {
		return false, nil
	}
	if err := h.saveOptions(c, t, opt); err != nil {
		return true, err
	}
	if step == donutstable.UndoAsked {
		return true, h.reply(c, t, l, l.T("donuts.phones.undo.asked"))
	}
	return true, h.reply(c, t, l, l.T("donuts.phones.undo.refused"))
}

// reply answers with the board and one sentence of news: by redirect for a form,
// as JSON for a script.
func (h handlers) reply(c echo.Context, t *donutsTable, l *i18n.Localizer, news string) error {
	if !kit.WantsJSON(c) {
		return c.Redirect(http.StatusSeeOther, "/donuts/t/"+t.Rec.ID)
	}
	t.fresh = 0
	p := h.board(c, l, t)
	p.News = []say.Sentence{{Text: news}}
	p.Say = []say.Sentence{{Text: news}}
	return h.show(c, http.StatusOK, p)
}

// ---- live ----

func (h handlers) events(c echo.Context) error {
	return h.Stream(c, &donutsLive{h: h, id: c.Param("id")})
}

// donutsLive is a Donuts table's live view (stream.go): the board as this device sees it,
// saying what changed since the view before (the page's own at first).
type donutsLive struct {
	h     handlers
	id    string       // the table's: echo's Param looks it up anew at each read
	t     *donutsTable // shared with the other readers: never changed here
	reads int          // the table read so far: a write after the first read is the stream's catch-up
	// What the last view showed (at first, the page's own: the stream's first read).
	moves  int
	ask    *donutstable.UndoAsk
	joined bool
}

func (v *donutsLive) Read(c echo.Context) error {
	device := "" // the request's at the first read, then the one it found
	if v.t != nil {
		device = v.t.device.ID
	}
	o, err := kit.OpenTableAs(v.h.Kit, c, donutstable.Game, v.id, device)
	if err != nil {
		return err
	}
	state := *o.State
	state.Rec = o.Rec
	v.t = &donutsTable{Table: &state, device: o.Device}
	if v.reads++; v.reads == 1 {
		v.moves, v.ask = len(state.Events), v.t.OpenAsk()
		_, v.joined = v.t.Other(v.t.device)
	}
	return nil
}

func (v *donutsLive) Version() int64 { return v.t.Rec.Version }
func (v *donutsLive) Device() string { return v.t.device.ID }

// Presence: a Donuts board does not show who is away.
func (v *donutsLive) AppendPresence(b []byte, _ echo.Context) ([]byte, bool, error) {
	return b, false, nil
}

// Shown notes the moves, the open request to take one back and whether the other phone
// has joined, as the page now shows them.
func (v *donutsLive) Shown(echo.Context) {
	v.moves, v.ask = len(v.t.Events), v.t.OpenAsk()
	_, v.joined = v.t.Other(v.t.device)
}

func (v *donutsLive) AppendView(b []byte, c echo.Context) ([]byte, error) {
	l := v.h.Localizer(c)
	t := v.t
	n, ask := len(t.Events), t.OpenAsk()
	_, joined := t.Other(t.device)
	first := v.reads == 1
	if !first && n > v.moves {
		t.fresh = n - v.moves
	}
	// The first view (catching up after a reconnection) tells the last turn, as a page does.
	p := v.h.board(c, l, t)
	if !first && n <= v.moves {
		// No new move: only what changed is said.
		p.News, p.Say = nil, nil
		var said string
		switch {
		case n < v.moves:
			said = l.N("donuts.n.undone", v.moves-n)
		case v.ask != nil && ask == nil && p.Asked == "" && p.AskedBy == "" && t.TwoPhones(t.device) && v.ask.Seat == t.device.Seats[0]:
			other, _ := t.Other(t.device)
			said = l.T("donuts.phones.undo.refusedby", "Color", say.DonutsColor(l, donutstable.ColorOf(other.Seats[0])))
		case ask != nil && v.ask == nil && p.AskedBy != "":
			said = p.AskedBy
		case joined != v.joined && p.PhonesNote != "":
			said = p.PhonesNote
		}
		if said != "" {
			p.News = []say.Sentence{{Text: said}}
			p.Say = []say.Sentence{{Text: said}, {Text: p.Status}}
		}
	}
	v.Shown(c)
	r, err := v.h.replyOf(c, p)
	if err != nil {
		return b, err
	}
	return kit.AppendJSON(b, r)
}

package diamant

import (
	"bytes"
	"context"
	"crypto/rand"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/a-h/templ"

	"tavolo/companion/diamant"
	"tavolo/i18n"
	"tavolo/web/kit"
	"tavolo/web/page"
)

// A table's change reaches every phone at it at once, each drawing its own view
// (live.go); most of what they draw is the same on every phone. viewMemo draws a play
// screen once for all the phones that see the same screen, whatever seat each holds: the
// screen is drawn from its shape (shapeOf), the phone's view with what depends on its seat
// (the heading, its lead and own vote, the news, "where are we", the rows of the players'
// table, the vote form's seat, the form token) and what changes at every vote (the version, how the
// vote goes, whether the last card is hidden from a screen reader) drawn as holes, random
// letters and digits that neither HTML nor JSON escapes; each phone then copies the drawn
// screen out, filling each hole with its own (fillShape), and writes the reply's envelope
// (what to announce) around it. A shape holds no version, so a screen drawn at one
// version serves the next ones while it stays the same, as it does through a vote. A slot
// for each table lately changed, each with at most viewMemoViews screens, the newest; past
// viewMemoTables slots or viewMemoBytes bytes, slots are dropped, any (trim).
//
// What a device is sent stays what it would draw itself: a screen is shared only between
// shapes that are equal in every field (sameShape) in the same language, a screen is
// a function of its shape alone, and a hole is filled with what the device's own view
// holds, escaped as the template escapes it (TestViewMemoKeepsEachDevicesView). One for the
// process (playViews): a view is keyed by its table's id, which is the same in no two
// tables.
type viewMemo struct {
	mu    sync.Mutex
	slots map[string]*viewSlot // by table id
	bytes atomic.Int64         // what the slots hold, about (viewSlot.size)
	drawn atomic.Int64         // screens drawn so far
	// At most: then slots are dropped, any (trim).
	maxTables int
	maxBytes  int64
}

func newViewMemo(tables int, bytes int64) *viewMemo {
	return &viewMemo{slots: map[string]*viewSlot{}, maxTables: tables, maxBytes: bytes}
}

const (
	viewMemoTables = 1024     // tables whose screens are kept: those playing at once
	viewMemoBytes  = 32 << 20 // what the memo holds at most, about (make bench-load's 500 tables hold 20 MB)
	viewMemoViews  = 4        // different screens kept for one table, the newest
	viewMemoParts  = 48       // different parts kept for one table's version: two of each row, and a few more
)

type viewSlot struct {
	mu      sync.Mutex
	version int64 // the newest the slot has seen
	views   []memoView
	drawing []*memoDrawing // screens being drawn now
	parts   []memoPart
	size    int           // the bytes of its screens and parts
	memo    *atomic.Int64 // its memo's count of bytes
	dropped bool          // no longer in the memo: it keeps nothing more
}

// hold counts n more bytes held by the slot (fewer if n < 0); false: the slot is dropped,
// and should not keep what it was given.
func (s *viewSlot) hold(n int) bool {
	if s.dropped {
		return false
	}
	s.size += n
	s.memo.Add(int64(n))
	return true
}

// take moves the slot on to version, if it is at an older one; it reports whether the slot
// is now at that version (not when it is at a newer one).
//
// A newer version keeps the screens (they hold no version) and the parts that its state
// does not draw (lasting), while they are few: a vote changes no row of the players' table.
func (s *viewSlot) take(version int64) bool {
	if s.version < version {
		s.version = version
		kept := s.parts[:0]
		for _, pt := range s.parts {
			if pt.key.lasting() && len(s.parts) < viewMemoParts*3/4 {
				kept = append(kept, pt)
			} else {
				s.hold(-pt.size())
			}
		}
		clear(s.parts[len(kept):])
		s.parts = kept
	}
	return s.version == version
}

type memoView struct {
	lang  string
	shape Play
	html  []byte // the screen drawn from shape, JSON-escaped, with its holes
	holes []int  // where a hole is in html
}

// memoDrawing is a screen being drawn: the phones that need the same one meanwhile wait
// for it, rather than draw it again (the phones of a table wake together, on every core).
type memoDrawing struct {
	memoView
	done chan struct{} // closed once html and holes are set
}

// A hole is holePrefix and two characters: what fills it (one of the hole kinds) and, for
// a row, its seat. The prefix is random, so that no text of a table can hold it.
var holePrefix = rand.Text()[:20]

const holeLen = 22

// The kinds of hole.
const (
	holeCSRF      = 'C' // the form token
	holeHeading   = 'H'
	holeLead      = 'L'
	holeMine      = 'M'
	holeWhere     = 'W'
	holeChestNote = 'N'
	holeSeat      = 'S' // the vote form's seat
	holeTools     = 'T' // the tools' buttons and links (the host's differ)
	holeRow       = 'R' // a row of the players' table; then the seat's digit
	holeVersion   = 'V' // the table's version (in the forms and data-version)
	holeVotes     = 'O' // how many have voted
	holeWaiting   = 'Q' // who is still to vote
	holeCardSaid  = 'D' // the last card's aria-hidden, as an attribute (with the space before it)
	holeNews      = 'E' // the news (what the last step did)
)

func holeOf(kind byte, seat int) string { return holePrefix + string(rune(kind)) + strconv.Itoa(seat) }

// csrfHole stands for the form token in a shared screen or part.
var csrfHole = holeOf(holeCSRF, 0)

// textHoles and rowHoles: each hole's text.
var (
	textHoles = func() map[byte]string {
		m := map[byte]string{}
		for _, k := range []byte{holeHeading, holeLead, holeMine, holeWhere, holeChestNote, holeSeat, holeTools, holeVersion, holeVotes, holeWaiting, holeCardSaid, holeNews} {
			m[k] = holeOf(k, 0)
		}
		return m
	}()
	rowHoles = func() (h [diamant.MaxPlayers]string) {
		for i := range h {
			h[i] = holeOf(holeRow, i)
		}
		return h
	}()
)

var playViews = newViewMemo(viewMemoTables, viewMemoBytes)

// shapeOf makes s the screen p as every phone that sees it draws it: p with holes for what
// depends on the seat a phone holds; rows gives the room for its players' rows. What is
// announced is left out: each phone writes its own (the reply's envelope).
func shapeOf(p, s *Play, rows []Row) {
	*s = *p
	s.Say = nil
	for _, f := range []struct {
		field *string
		kind  byte
	}{{&s.Heading, holeHeading}, {&s.Lead, holeLead}, {&s.Where, holeWhere}, {&s.ChestNote, holeChestNote}, {&s.Votes, holeVotes}, {&s.Waiting, holeWaiting}} {
		if *f.field != "" {
			*f.field = textHoles[f.kind]
		}
	}
	if p.Screen == ScreenVote {
		s.Voter, s.seatHole = Row{}, textHoles[holeSeat]
	}
	// The version, how the vote goes and whether the last card is hidden (the same on every
	// phone, but new at each vote): a screen drawn at one version serves the next ones while
	// nothing else changes.
	s.versionHole = textHoles[holeVersion]
	s.CardSaid, s.cardSaidHole = false, textHoles[holeCardSaid]
	// The news: a chest's news tells its own seat how full it is now.
	s.News, s.newsHole = nil, textHoles[holeNews]
	// The phone's own vote, or none: its whole paragraph is the hole, so that the phones
	// that voted and those out of the cave share one screen.
	s.Mine, s.mineHole = "", textHoles[holeMine]
	// The host's tools differ (undo, the table's page): the tools are a hole, and the host
	// differs only in a proposal's form.
	s.toolsHole, s.CanUndo = textHoles[holeTools], false
	if p.Proposal == "" {
		s.Host = false
	}
	if p.Players != nil {
		for _, r := range p.Players {
			// What every phone sees of a seat: its name, what it carries, its idols; the
			// chest and score are the row's own (filled in per phone).
			r.Chest, r.Score, r.Hidden, r.hole = 0, 0, false, rowHoles[r.Seat]
			rows = append(rows, r)
		}
		s.Players = rows
	}
}

// appendPlayReply appends the reply of the play screen p as appendPlayReply does, the
// screen drawn once for every device with the same shape and language.
func (m *viewMemo) appendPlayReply(b []byte, l *i18n.Localizer, csrf string, p *Play) []byte {
	return m.appendLiveReply(b, l, csrf, p, nil)
}

// appendLiveReply is appendPlayReply for a stream that sent lp last: a patch of it when p
// is one (patch.go).
func (m *viewMemo) appendLiveReply(b []byte, l *i18n.Localizer, csrf string, p *Play, lp *livePatch) []byte {
	if m == nil || !plainToken(csrf) || p.ID == "" || p.Screen == ScreenPass || p.Expert != "" || len(p.Players) > diamant.MaxPlayers {
		if lp != nil {
			lp.forget()
		}
		return appendPlayReply(b, l, csrf, p)
	}
	sh := shapes.Get().(*shapeRoom)
	shapeOf(p, &sh.shape, sh.rows[:0])
	slot := m.slot(p.ID)
	html, holes := m.screen(slot, l, &sh.shape)
	*sh = shapeRoom{}
	shapes.Put(sh)
	var url [80]byte
	b = kit.AppendEnvelope(b, p.ID, p.Version, p.Heading, appendScreenURL(url[:0], p), p.Say)
	if lp != nil {
		if base, ok := lp.patches(html, fixedHoles(csrf, p), p); ok {
			return appendPatch(b, base, p)
		}
	}
	b = m.fillShape(slot, append(b, `,"html":"`...), html, holes, l, csrf, p)
	return append(b, `"}`...)
}

// shapeRoom is the room a phone's shape is made in (passed on by pointer, it would otherwise
// be moved to the heap for every phone), pooled.
type shapeRoom struct {
	shape Play
	rows  [diamant.MaxPlayers]Row
}

var shapes = sync.Pool{New: func() any { return new(shapeRoom) }}

// screen is the screen of shape in l's language, JSON-escaped, and where its holes are:
// drawn now, by another phone at the same version, or being drawn by another phone now
// (then waited for); s is the slot of shape's table.
func (m *viewMemo) screen(s *viewSlot, l *i18n.Localizer, shape *Play) ([]byte, []int) {
	s.mu.Lock()
	for i := range s.views {
		if v := &s.views[i]; v.lang == l.Lang && sameShape(&v.shape, shape) {
			html, holes := v.html, v.holes
			s.mu.Unlock()
			return html, holes
		}
	}
	for _, d := range s.drawing {
		if d.lang == l.Lang && sameShape(&d.shape, shape) {
			s.mu.Unlock()
			<-d.done
			return d.html, d.holes
		}
	}
	d := &memoDrawing{memoView: memoView{lang: l.Lang, shape: *shape}, done: make(chan struct{})}
	d.shape.Players = slices.Clone(shape.Players)
	s.drawing = append(s.drawing, d)
	s.mu.Unlock()
	defer close(d.done)
	m.drawn.Add(1)
	buf := kit.GetBuffer(&kit.HTMLBuffers)
	w := kit.Appender{B: *buf}
	// The screen's content needs only the language and the form token of a frame; an
	// appender never fails.
	_ = PlayContent(page.Frame{L: l, CSRF: csrfHole}, *shape).Render(context.Background(), &w)
	d.html = kit.AppendJSONString(make([]byte, 0, len(w.B)+len(w.B)/8), w.B)
	kit.PutBuffer(&kit.HTMLBuffers, buf, w.B)
	for i := 0; ; {
		j := bytes.Index(d.html[i:], []byte(holePrefix))
		if j < 0 || i+j+holeLen > len(d.html) {
			break
		}
		d.holes = append(d.holes, i+j)
		i += j + holeLen
	}
	s.mu.Lock()
	s.drawing = slices.DeleteFunc(s.drawing, func(o *memoDrawing) bool { return o == d })
	if s.take(shape.Version) && s.hold(len(d.html)) {
		if len(s.views) == viewMemoViews { // the oldest goes
			s.hold(-len(s.views[0].html))
			s.views = append(s.views[:0], s.views[1:]...)
		}
		s.views = append(s.views, d.memoView)
	}
	s.mu.Unlock()
	m.trimBytes(shape.ID)
	return d.html, d.holes
}

// fillShape appends a drawn screen html with each of its holes filled from the device's
// own screen p, escaped as the template and the reply escape it; s is the slot of p's
// table.
func (m *viewMemo) fillShape(s *viewSlot, b, html []byte, holes []int, l *i18n.Localizer, csrf string, p *Play) []byte {
	at := 0
	for _, h := range holes {
		b = append(b, html[at:h]...)
		at = h + holeLen
		kind, seat := html[h+holeLen-2], int(html[h+holeLen-1]-'0')
		switch kind {
		case holeCSRF:
			b = append(b, csrf...)
		case holeHeading:
			b = kit.AppendJSONString(b, templ.EscapeString(p.Heading))
		case holeLead:
			b = kit.AppendJSONString(b, templ.EscapeString(p.Lead))
		case holeMine:
			if p.Mine != "" { // as lead draws it
				b = kit.AppendJSONString(b, `<p class="lead">`)
				b = kit.AppendJSONString(b, templ.EscapeString(p.Mine))
				b = kit.AppendJSONString(b, `</p>`)
			}
		case holeWhere:
			b = kit.AppendJSONString(b, templ.EscapeString(p.Where))
		case holeChestNote:
			b = kit.AppendJSONString(b, templ.EscapeString(p.ChestNote))
		case holeSeat:
			b = strconv.AppendInt(b, int64(p.Voter.Seat), 10)
		case holeVersion:
			b = strconv.AppendInt(b, p.Version, 10)
		case holeVotes:
			b = kit.AppendJSONString(b, templ.EscapeString(p.Votes))
		case holeWaiting:
			b = kit.AppendJSONString(b, templ.EscapeString(p.Waiting))
		case holeNews:
			if len(p.News) > 0 { // news draws nothing of none
				b = append(b, m.newsJSON(s, l, p)...)
			}
		case holeCardSaid: // drawn as an attribute, " hole"
			if p.CardSaid {
				b = append(b, `aria-hidden=\"true\"`...)
			} else {
				b = b[:len(b)-1]
			}
		case holeTools:
			b = appendWithToken(b, m.partJSON(s, l, p, p.toolsKey()), csrf)
		case holeRow:
			b = append(b, m.partJSON(s, l, p, partKey{kind: partRow, row: p.Players[seat], final: p.Screen == ScreenFinal})...)
		}
	}
	return append(b, html[at:]...)
}

// partJSON is the part of key (a row or the tools) at p's table and version, drawn (with
// the form token as csrfHole) and JSON-escaped once for every device that sees it; s is
// the slot of p's table.
func (m *viewMemo) partJSON(s *viewSlot, l *i18n.Localizer, p *Play, key partKey) []byte {
	key.json = true
	s.mu.Lock()
	pt, ok := s.find(p.Version, l.Lang, key)
	s.mu.Unlock()
	if ok {
		return pt.json
	}
	f := page.Frame{L: l, CSRF: csrfHole}
	draw := diamantToolLinks(f, p)
	if key.kind == partRow {
		draw = playerRow(f, key.row, key.final)
	}
	var a kit.Appender
	_ = draw.Render(context.Background(), &a)
	json := kit.AppendJSONString(make([]byte, 0, len(a.B)+len(a.B)/8), a.B)
	s.mu.Lock()
	s.keep(p.Version, memoPart{key: key, lang: l.Lang, json: json})
	s.mu.Unlock()
	m.trimBytes(p.ID)
	return json
}

// newsJSON is p's news drawn and JSON-escaped, once for every device at p's table and
// version whose news are the same sentences: the view memo's (View.news), shared and never
// changed, known by where they are.
func (m *viewMemo) newsJSON(s *viewSlot, l *i18n.Localizer, p *Play) []byte {
	key := partKey{kind: partNewsJSON, said: &p.News[0], saidLen: len(p.News)}
	s.mu.Lock()
	pt, ok := s.find(p.Version, l.Lang, key)
	s.mu.Unlock()
	if ok {
		return pt.json
	}
	json := appendComponentJSON(nil, news(p.News))
	s.mu.Lock()
	s.keep(p.Version, memoPart{key: key, lang: l.Lang, json: json})
	s.mu.Unlock()
	m.trimBytes(p.ID)
	return json
}

// appendComponentJSON appends what c draws, JSON-escaped.
func appendComponentJSON(b []byte, c templ.Component) []byte {
	buf := kit.GetBuffer(&kit.HTMLBuffers)
	w := kit.Appender{B: *buf}
	_ = c.Render(context.Background(), &w) // an appender never fails
	b = kit.AppendJSONString(b, w.B)
	kit.PutBuffer(&kit.HTMLBuffers, buf, w.B)
	return b
}

// appendWithToken appends a JSON-escaped part with the form token in place of csrfHole
// (letters and digits, the same escaped).
func appendWithToken(b, json []byte, csrf string) []byte {
	for {
		i := bytes.Index(json, []byte(csrfHole))
		if i < 0 {
			return append(b, json...)
		}
		b = append(append(b, json[:i]...), csrf...)
		json = json[i+len(csrfHole):]
	}
}

// sameShape: p and q are equal in every field (but the version, when the screen has it as
// a hole), their slices nil or not alike
// (TestSameShapeComparesEveryField), as reflect.DeepEqual would say at a fraction of its cost;
// the fields that differ most often between two phones' views first.
func sameShape(p, q *Play) bool {
	return p.Screen == q.Screen && p.Host == q.Host && p.Where == q.Where && p.Mine == q.Mine && p.Heading == q.Heading &&
		p.ID == q.ID && (p.Version == q.Version || p.versionHole != "") && p.versionHole == q.versionHole && p.Problem == q.Problem && p.Lead == q.Lead &&
		same(p.News, q.News) && same(p.Say, q.Say) &&
		p.Round == q.Round && p.LastCard == q.LastCard && p.LastKind == q.LastKind && p.CardSaid == q.CardSaid &&
		same(p.Players, q.Players) && p.InCave == q.InCave && same(p.TableCards, q.TableCards) && same(p.TableIdols, q.TableIdols) &&
		same(p.Hazards, q.Hazards) && p.Deck == q.Deck && p.ShowRisk == q.ShowRisk && p.Risk == q.Risk &&
		p.DrawApp == q.DrawApp && p.DrawBox == q.DrawBox &&
		(p.Groups == nil) == (q.Groups == nil) && slices.EqualFunc(p.Groups, q.Groups, func(a, b Group) bool { return a.Heading == b.Heading && same(a.Cards, b.Cards) }) &&
		p.VoteStart == q.VoteStart && p.Exits == q.Exits && p.Voter == q.Voter && p.Expert == q.Expert && p.CanUndo == q.CanUndo && p.UndoWhat == q.UndoWhat && p.Winners == q.Winners &&
		p.Live == q.Live && p.Step == q.Step && p.Votes == q.Votes && p.Waiting == q.Waiting && p.Proposal == q.Proposal && p.Ended == q.Ended &&
		p.ChestNote == q.ChestNote && p.seatHole == q.seatHole && p.toolsHole == q.toolsHole && p.mineHole == q.mineHole && p.cardSaidHole == q.cardSaidHole && p.newsHole == q.newsHole &&
		p.LastPic == q.LastPic && p.LastValue == q.LastValue && p.Twin == q.Twin && p.Pics == q.Pics &&
		same(p.Path, q.Path) && p.DeckCount == q.DeckCount &&
		same(p.Revealed, q.Revealed) && same(p.Standings, q.Standings) && same(p.Podium, q.Podium)
}

// same: a and b are both nil or both not, with equal elements.
func same[S ~[]E, E comparable](a, b S) bool {
	return (a == nil) == (b == nil) && slices.Equal(a, b)
}

// plainToken: a form token of letters, digits, '_' and '-' only, as echo's are (its
// random ones, and the word it puts in the forms of a browser that sends Sec-Fetch-Site,
// which needs none: middleware.CSRFUsingSecFetchSite): drawn and escaped as the
// placeholder is, by neither HTML nor JSON.
func plainToken(s string) bool {
	for i := range len(s) {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '-') {
			return false
		}
	}
	return s != ""
}

package diamant

import (
	"context"
	"io"
	"slices"

	"github.com/a-h/templ"

	"tavolo/companion/diamant"
	"tavolo/web/kit"
	"tavolo/web/page"
	"tavolo/web/say"
)

// The phones at a table see mostly the same screen: what differs is the seat each holds
// (its vote, its own chest, its place in "where are we"). The parts that are the same on
// several phones are drawn once per table version and language, in the view memo's slot of
// the table (viewMemo), and copied into each phone's screen: a row of the players' table,
// the cave's summary, the "where are we" sentence.
//
// A part's key holds everything the part reads besides the table's state at that version
// and the language: two phones with the same key would draw the same bytes.

type partKind uint8

const (
	partRow      partKind = iota + 1 // a row of the players' table
	partInCave                       // the cave's summary: who is in, what lies on the path, the hazards, the deck
	partWhere                        // "where are we?" without the device's own chests
	partHead                         // the head of the players' table
	partTools                        // the tools' buttons and links
	partNews                         // what the last step did (say.DiamantEventsSeen)
	partCave                         // what every device sees alike of the cave (caveCommon)
	partNewsJSON                     // the news drawn, as a hole's filling (viewMemo.newsJSON)
)

type partKey struct {
	kind  partKind
	row   Row  // partRow: the row drawn
	final bool // partRow: the final screen's table (no column of what is carried)
	// partInCave: the risk line, when the device shows it.
	showRisk bool
	risk     string
	// partTools: the screen, whether it shows the risk, and the device may undo, is the
	// host, follows the table live.
	screen              Screen
	canUndo, host, live bool
	// partNews: how much is said, and the chests seen that the news may tell
	// (say.DiamantNewsSeats).
	verbosity say.Verbosity
	shown     diamant.Seats
	// partNewsJSON: the sentences drawn, where they are and how many: shared, never changed.
	said    *say.Sentence
	saidLen int
	// json: the part JSON-escaped, as a hole's filling (viewMemo.partJSON), kept apart
	// from the part as the templates draw it.
	json bool
}

// lasting: the part is drawn from its key, the table's id and the language alone, not from
// the table's state at a version (a row is drawn from the Row in its key): it stays right
// at the table's next versions.
func (k partKey) lasting() bool {
	return k.kind == partRow || k.kind == partHead || k.kind == partTools
}

type memoPart struct {
	key  partKey
	lang string
	html []byte // a drawn part
	json []byte // a drawn part, JSON-escaped (a hole's filling: viewMemo.partJSON)
	text string // a sentence
	said []say.Sentence
	cave *caveCommon
}

// find returns the slot's part of key in lang, if the slot is at version (or, for a
// lasting part, at any version).
func (s *viewSlot) find(version int64, lang string, key partKey) (memoPart, bool) {
	if s.version != version && !key.lasting() {
		return memoPart{}, false
	}
	for _, pt := range s.parts {
		if pt.key == key && pt.lang == lang {
			return pt, true
		}
	}
	return memoPart{}, false
}

// keep adds a part to the slot, if the slot can be at version and has room.
func (s *viewSlot) keep(version int64, pt memoPart) {
	if s.take(version) && len(s.parts) < viewMemoParts && s.hold(pt.size()) {
		s.parts = append(s.parts, pt)
	}
}

// size is what the part holds.
func (pt memoPart) size() int {
	n := len(pt.html) + len(pt.json) + len(pt.text)
	for _, s := range pt.said {
		n += len(s.Text) + len(s.Sound)
	}
	if c := pt.cave; c != nil {
		n += 64 * (len(c.rows) + len(c.revealed) + len(c.ranking) + len(c.path) + len(c.tableCards) + len(c.tableIdols) + len(c.hazards))
	}
	return n
}

// part draws what draw draws, once for every device at p's table and version whose key is
// the same in the same language. Only in a screen drawn for the memo (whose form token is
// csrfHole, filled in as the screen is copied out): a part never holds a device's token.
func (m *viewMemo) part(f page.Frame, p *Play, key partKey, draw templ.Component) templ.Component {
	if m == nil || p.ID == "" || f.CSRF != csrfHole {
		return draw
	}
	lang := f.L.Lang
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		s := m.slot(p.ID)
		s.mu.Lock()
		pt, ok := s.find(p.Version, lang, key)
		s.mu.Unlock()
		if !ok {
			var a kit.Appender
			if err := draw.Render(ctx, &a); err != nil {
				return err
			}
			pt = memoPart{key: key, lang: lang, html: a.B}
			s.mu.Lock()
			s.keep(p.Version, pt)
			s.mu.Unlock()
			m.trimBytes(p.ID)
		}
		_, err := w.Write(pt.html)
		return err
	})
}

// made is the part of key in lang at the table id and version, made by make (its key and
// language set here) once for every device that asks for it.
func (m *viewMemo) made(id string, version int64, lang string, key partKey, make func() memoPart) memoPart {
	if m == nil || id == "" {
		return make()
	}
	s := m.slot(id)
	s.mu.Lock()
	pt, ok := s.find(version, lang, key)
	s.mu.Unlock()
	if ok {
		return pt
	}
	pt = make()
	pt.key, pt.lang = key, lang
	s.mu.Lock()
	s.keep(version, pt)
	s.mu.Unlock()
	m.trimBytes(id)
	return pt
}

// sentence is say(), made once for every device at the table id and version whose key is
// the same in the same language.
func (m *viewMemo) sentence(id string, version int64, lang string, key partKey, say func() string) string {
	return m.made(id, version, lang, key, func() memoPart { return memoPart{text: say()} }).text
}

// sentences is say(), made once for every device at the table id and version whose key
// is the same in the same language; shared, clipped so that an append copies it.
func (m *viewMemo) sentences(id string, version int64, lang string, key partKey, say func() []say.Sentence) []say.Sentence {
	return m.made(id, version, lang, key, func() memoPart { return memoPart{said: slices.Clip(say())} }).said
}

// cave is make(), made once for every device at the table id and version in the same
// language.
func (m *viewMemo) cave(id string, version int64, lang string, make func() *caveCommon) *caveCommon {
	return m.made(id, version, lang, partKey{kind: partCave}, func() memoPart { return memoPart{cave: make()} }).cave
}

// trimBytes trims the memo if it holds more than its bytes.
func (m *viewMemo) trimBytes(keep string) {
	if m.bytes.Load() > m.maxBytes {
		m.trim(keep)
	}
}

// slot is the table id's slot, made if it has none.
func (m *viewMemo) slot(id string) *viewSlot {
	m.mu.Lock()
	s := m.slots[id]
	if s == nil {
		s = &viewSlot{memo: &m.bytes}
		m.slots[id] = s
	}
	many := len(m.slots) > m.maxTables
	m.mu.Unlock()
	if many {
		m.trim(id)
	}
	return s
}

// trim drops slots, any but the table keep's, while the memo holds more slots or bytes
// than it may. Its caller holds no slot's lock: a slot's lock is taken under the memo's,
// never the other way round.
func (m *viewMemo) trim(keep string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for id, s := range m.slots {
		if m.bytes.Load() <= m.maxBytes && len(m.slots) <= m.maxTables {
			return
		}
		if id == keep {
			continue
		}
		s.mu.Lock()
		s.hold(-s.size)
		s.dropped, s.views, s.parts = true, nil, nil
		s.mu.Unlock()
		delete(m.slots, id)
	}
}

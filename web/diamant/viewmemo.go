package diamant

import (
	"bytes"
	"crypto/rand"
	"hash/maphash"
	"reflect"
	"slices"
	"sync"

	"tavolo/i18n"
	"tavolo/web/kit"
)

// A table's change reaches every phone at it at once, each drawing its own view
// (live.go); the devices whose view models are the same (watchers, the tabs of a
// device, phones that see the same screen and the same seats' secrets) would draw the same
// bytes. viewMemo draws a play screen's reply once for them all: a few views per table, of
// its newest version only, in a fixed number of slots (a table's slot goes to another table
// whose id falls on it), so it holds at most viewMemoSlots × viewMemoViews replies.
//
// What a device is sent stays what it would draw itself: a reply is shared only between
// view models that are equal in every field (reflect.DeepEqual) in the same language, and a
// reply is a function of those alone (appendPlayReply) and of the device's form token,
// which is drawn as a placeholder (csrfHole) and replaced by each device's own as the
// reply is copied out. One for the process (playViews): a view is keyed by its table's
// id, which is the same in no two tables.
type viewMemo struct {
	seed  maphash.Seed
	slots [viewMemoSlots]viewSlot
}

const (
	viewMemoSlots = 64 // tables whose change is being sent at the same moment
	viewMemoViews = 8  // different views kept for one table's version
	viewMemoParts = 48 // different parts kept for one table's version: two of each row, and a few more
)

type viewSlot struct {
	mu      sync.Mutex
	id      string
	version int64
	views   []memoView
	parts   []memoPart
}

// take makes the slot the table id's at version, if it holds an older version or another
// table; it reports whether the slot is now at that version (not when it holds a newer one).
func (s *viewSlot) take(id string, version int64) bool {
	if s.id != id || s.version < version {
		s.id, s.version, s.views, s.parts = id, version, s.views[:0], s.parts[:0]
	}
	return s.version == version
}

type memoView struct {
	lang  string
	p     Play
	reply []byte // with csrfHole where the form token goes
	holes []int  // where csrfHole is in reply
}

// csrfHole stands for the form token in a shared reply: letters and digits, as echo's
// tokens are, so that neither HTML nor JSON escapes it; random, so that no text of a table
// can hold it.
var csrfHole = rand.Text()

var playViews = &viewMemo{seed: maphash.MakeSeed()}

// appendPlayReply appends the reply of the play screen p as appendPlayReply does, drawn
// once for every device with the same view model and language.
func (m *viewMemo) appendPlayReply(b []byte, l *i18n.Localizer, csrf string, p *Play) []byte {
	if m == nil || !plainToken(csrf) || p.ID == "" {
		return appendPlayReply(b, l, csrf, p)
	}
	s := m.slot(p.ID)
	s.mu.Lock()
	if s.id == p.ID && s.version == p.Version {
		for i := range s.views {
			if v := &s.views[i]; v.lang == l.Lang && likely(&v.p, p) && reflect.DeepEqual(&v.p, p) {
				reply, holes := v.reply, v.holes
				s.mu.Unlock()
				return fillHoles(b, reply, holes, csrf)
			}
		}
	}
	s.mu.Unlock()
	buf := kit.GetBuffer(&kit.ReplyBuffers)
	drawn := appendPlayReply(*buf, l, csrfHole, p)
	reply := slices.Clone(drawn)
	kit.PutBuffer(&kit.ReplyBuffers, buf, drawn)
	var holes []int
	for i := 0; ; {
		j := bytes.Index(reply[i:], []byte(csrfHole))
		if j < 0 {
			break
		}
		holes = append(holes, i+j)
		i += j + len(csrfHole)
	}
	s.mu.Lock()
	if s.take(p.ID, p.Version) && len(s.views) < viewMemoViews {
		s.views = append(s.views, memoView{lang: l.Lang, p: *p, reply: reply, holes: holes})
	}
	s.mu.Unlock()
	return fillHoles(b, reply, holes, csrf)
}

// likely: the fields that differ most often between two phones' views are the same (a
// quick way out before comparing them all).
func likely(a, b *Play) bool {
	return a.Screen == b.Screen && a.Host == b.Host && a.Where == b.Where && a.Mine == b.Mine && a.Heading == b.Heading
}

// fillHoles appends reply with csrf at each of its holes.
func fillHoles(b, reply []byte, holes []int, csrf string) []byte {
	at := 0
	for _, h := range holes {
		b = append(append(b, reply[at:h]...), csrf...)
		at = h + len(csrfHole)
	}
	return append(b, reply[at:]...)
}

// plainToken: a form token of letters and digits only, as echo makes them: drawn and
// escaped as the placeholder is.
func plainToken(s string) bool {
	for i := range len(s) {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return s != ""
}

package diamant

import (
	"hash/maphash"
	"strconv"

	"tavolo/web/kit"
)

// While a table votes, each vote moves its version on and changes, on every other phone's
// screen, only how the vote goes: the version in the forms, how many have voted, who is
// still to vote ("where are we" says it too), and whether the last card is hidden from a
// screen reader. A phone's stream then sends a patch of the screen it last sent rather
// than the whole screen again: the reply's envelope (what to announce, as ever) and
//
//	"patch": {"base": 12, "screen": "vote", "heading": "…", "votes": "…", "waiting": "…",
//	          "where": "…", "cardSaid": true}
//
// which the page applies onto the screen it shows only when that is the screen of base
// (its version, kind and heading), and otherwise asks its stream again for the whole
// screen (diamant.js). A patch is sent only when the screen is drawn from the same shape
// as the one the stream last sent (the view memo's screen, viewmemo.go) and every other
// hole is filled alike (fixedHoles): the page patched shows what the whole screen would
// (TestVotePatchIsTheScreen, diamant-phones.spec.mjs).

// livePatch is what a stream last sent of its play screen, for the next to be a patch of it.
type livePatch struct {
	version int64 // the version last sent
	screen  *byte // the shape's drawn screen (the view memo's, held), nil: nothing to patch
	fixed   uint64
}

// forget: the page may show another screen than the one last sent (its own action's
// reply, a presence event): the next is sent whole.
func (lp *livePatch) forget() { *lp = livePatch{} }

var patchSeed = maphash.MakeSeed()

// fixedHoles hashes what fills the holes of p's shape that a patch does not carry: a
// patch needs them all unchanged.
func fixedHoles(csrf string, p *Play) uint64 {
	var h maphash.Hash
	h.SetSeed(patchSeed)
	for _, s := range []string{csrf, p.Heading, p.Lead, p.Mine, p.ChestNote} {
		h.WriteString(s)
		h.WriteByte(0)
	}
	maphash.WriteComparable(&h, p.Voter)
	maphash.WriteComparable(&h, p.toolsKey())
	for _, r := range p.Players {
		maphash.WriteComparable(&h, r)
	}
	h.WriteByte(byte(len(p.News)))
	for _, s := range p.News {
		maphash.WriteComparable(&h, s)
	}
	return h.Sum64()
}

// patches tells whether p, drawn from screen with fixed, is a patch of what lp last
// sent, and notes p as the last sent.
func (lp *livePatch) patches(screen []byte, fixed uint64, p *Play) (base int64, ok bool) {
	if len(screen) == 0 {
		lp.forget()
		return 0, false
	}
	base, ok = lp.version, lp.screen == &screen[0] && lp.fixed == fixed && lp.version < p.Version
	lp.version, lp.screen, lp.fixed = p.Version, &screen[0], fixed
	return base, ok
}

// appendPatch appends the patch of p onto the screen of base, after the reply's envelope.
func appendPatch(b []byte, base int64, p *Play) []byte {
	b = strconv.AppendInt(append(b, `,"patch":{"base":`...), base, 10)
	b = kit.AppendJSONString(append(b, `,"screen":"`...), string(p.Screen))
	b = kit.AppendJSONString(append(b, `","heading":"`...), p.Heading)
	b = kit.AppendJSONString(append(b, `","votes":"`...), p.Votes)
	b = kit.AppendJSONString(append(b, `","waiting":"`...), p.Waiting)
	b = kit.AppendJSONString(append(b, `","where":"`...), p.Where)
	b = strconv.AppendBool(append(b, `","cardSaid":`...), p.CardSaid)
	return append(b, "}}"...)
}

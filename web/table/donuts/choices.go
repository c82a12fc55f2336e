package donuts

import (
	"sync"
	"sync/atomic"

	engine "tavolo/companion/donuts"
)

// ChoicesKept bounds the computer's choices a server keeps: the moves of a few hundred
// games against the hard computer, well over what the tables being played at once need.
// An entry is a situation (80 bytes) and its plate, ~200 bytes with the maps' own: the
// whole memo holds about 0.8 MB when full (TestChoicesBounded).
const ChoicesKept = 4096

// Choices keeps the hard computer's choices by situation (engine.Situation: the board,
// the position, the level, the table's seed, the search's budget), since each costs a
// search of tens of milliseconds (engine.BenchmarkHard) and its outcome depends on the
// situation alone: a place, undo and place again, a move retried after a refusal, a
// pending turn played when the page is read, or any table of the same seed in the same
// situation, gets the plate chosen the first time without a search. Easy and normal
// choose in well under a millisecond and are not kept.
//
// It lives here, in the table's runtime, not in companion/donuts: the rules stay pure
// functions over plain data, with no state shared between games (a memo there would be a
// package's global, or a parameter of every choice, and BenchmarkHard would measure it);
// the engine only says what a choice depends on (Player.Situation). A server keeps one,
// the offline engine too.
//
// It is bounded in entries, so in memory (a situation holds no pointer): two generations,
// the current one taking every new choice and every choice found in the older one; once
// the current holds half the bound it becomes the older one and the older is dropped.
// What is dropped is what was not asked for during a whole generation: an LRU's choice,
// near enough, without a list to keep in order.
type Choices struct {
	mu       sync.Mutex
	half     int
	cur, old map[engine.Situation]engine.Point
	searches atomic.Int64 // choices searched, not found kept
	hits     atomic.Int64 // choices found kept
}

// NewChoices keeps up to n choices (at least 2).
func NewChoices(n int) *Choices {
	half := max(n/2, 1)
	return &Choices{half: half, cur: make(map[engine.Situation]engine.Point, half)}
}

// Choose is pl's choice on g, searched once per situation; nil Choices search every time.
func (c *Choices) Choose(pl engine.Player, g *engine.Game) (engine.Point, bool) {
	if c == nil || !pl.Searches() || g.Finished() {
		return pl.Choose(g)
	}
	s := pl.Situation(g)
	if p, ok := c.get(s); ok {
		c.hits.Add(1)
		return p, true
	}
	// The search runs without the lock: other tables' choices go on meanwhile. Two
	// requests in one situation at once (two tables of one seed) may both search it.
	p, ok := pl.Choose(g)
	c.searches.Add(1)
	if ok {
		c.put(s, p)
	}
	return p, ok
}

// Known tells whether pl's choice on g costs no search: pl does not search, or its choice
// there is kept.
func (c *Choices) Known(pl engine.Player, g *engine.Game) bool {
	if !pl.Searches() || g.Finished() {
		return true
	}
	if c == nil {
		return false
	}
	_, ok := c.get(pl.Situation(g))
	return ok
}

// Searches is how many choices were searched rather than found kept.
func (c *Choices) Searches() int64 { return c.searches.Load() }

// Hits is how many choices were found kept.
func (c *Choices) Hits() int64 { return c.hits.Load() }

// Len is how many choices are kept.
func (c *Choices) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.cur) + len(c.old)
}

func (c *Choices) get(s engine.Situation) (engine.Point, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if p, ok := c.cur[s]; ok {
		return p, true
	}
	p, ok := c.old[s]
	if ok {
		c.add(s, p) // asked for again: it stays
	}
	return p, ok
}

func (c *Choices) put(s engine.Situation, p engine.Point) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.add(s, p)
}

// add keeps a choice in the current generation, which first becomes the older one when
// full. The caller holds the lock.
func (c *Choices) add(s engine.Situation, p engine.Point) {
	if _, ok := c.cur[s]; !ok && len(c.cur) >= c.half {
		c.old, c.cur = c.cur, make(map[engine.Situation]engine.Point, c.half)
	}
	c.cur[s] = p
	delete(c.old, s)
}

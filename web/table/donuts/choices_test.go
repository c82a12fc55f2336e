package donuts

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	engine "tavolo/companion/donuts"
)

// The hard computer's choice is searched once per situation: asked again (a place, undo
// and place again; a pending turn read again), it is found kept, and is the same plate.
func TestChoicesSearchOnce(t *testing.T) {
	opt := Options{Spec: engine.Numbered(42, engine.Chocolate), Mode: ModeComputer, Level: engine.Hard,
		Human: engine.Chocolate, AI: 99}
	kept := NewChoices(ChoicesKept)
	tb, err := Load(record(t, opt))
	require.NoError(t, err)
	at := tb.Game.Legal()[0]
	require.True(t, tb.ReplySearches(kept, engine.Chocolate, at), "a reply never chosen is searched")
	_, err = tb.Game.PlayAs(engine.Chocolate, at)
	require.NoError(t, err)
	first, ok := tb.ComputerMove(kept)
	require.True(t, ok)
	require.EqualValues(t, 1, kept.Searches())

	// The same position reached again, by another table of the same seed.
	again, err := Load(record(t, opt, at))
	require.NoError(t, err)
	second, ok := again.ComputerMove(kept)
	require.True(t, ok)
	assert.Equal(t, first, second)
	assert.EqualValues(t, 1, kept.Searches(), "the second choice searched nothing")
	assert.EqualValues(t, 1, kept.Hits())
	fresh, err := Load(record(t, opt))
	require.NoError(t, err)
	assert.False(t, fresh.ReplySearches(kept, engine.Chocolate, at), "its reply is kept")
	want, _ := again.ComputerMove(nil)
	assert.Equal(t, want, second, "kept or searched, the same plate")

	// Another seed is another situation; normal and easy are never searched nor kept.
	other := opt
	other.AI = 100
	tb2, err := Load(record(t, other, at))
	require.NoError(t, err)
	_, _ = tb2.ComputerMove(kept)
	assert.EqualValues(t, 2, kept.Searches())
	for _, l := range []engine.Level{engine.Easy, engine.Normal} {
		o := opt
		o.Level = l
		tb3, err := Load(record(t, o))
		require.NoError(t, err)
		assert.False(t, tb3.ReplySearches(kept, engine.Chocolate, at), l)
		_, err = tb3.Game.PlayAs(engine.Chocolate, at)
		require.NoError(t, err)
		_, ok := tb3.ComputerMove(kept)
		require.True(t, ok)
	}
	assert.EqualValues(t, 2, kept.Searches())
	assert.Equal(t, 2, kept.Len())
	// Two people: no computer.
	two, err := Load(record(t, Options{Spec: engine.Numbered(42, engine.Chocolate), Mode: ModeTwo}))
	require.NoError(t, err)
	assert.False(t, two.ReplySearches(kept, engine.Chocolate, at))
}

// The memo holds at most its bound, keeps what is asked for again, and its memory is its
// count: a situation holds no pointer (an imported table's level, however long, is kept
// as a number).
func TestChoicesBounded(t *testing.T) {
	g, err := engine.New(engine.Numbered(42, engine.Chocolate))
	require.NoError(t, err)
	sit := func(seed uint64) engine.Situation { return engine.Player{Level: engine.Hard, Seed: seed}.Situation(g) }
	c := NewChoices(8)
	for seed := range uint64(4) {
		c.put(sit(seed), engine.P(0, int(seed)))
	}
	c.put(sit(4), engine.P(1, 0)) // a new generation: 0-3 are the older one
	_, ok := c.get(sit(0))        // asked again: 0 moves to the current generation
	require.True(t, ok)
	for seed := uint64(5); seed < 7; seed++ {
		c.put(sit(seed), engine.P(1, 1))
	}
	require.LessOrEqual(t, c.Len(), 8)
	c.put(sit(7), engine.P(1, 1)) // the current (0, 4, 5, 6) is full: 1-3 go
	require.LessOrEqual(t, c.Len(), 8)
	for _, seed := range []uint64{0, 4, 5, 6, 7} {
		_, ok := c.get(sit(seed))
		assert.True(t, ok, "seed %d kept", seed)
	}
	for _, seed := range []uint64{1, 2, 3} {
		_, ok := c.get(sit(seed))
		assert.False(t, ok, "seed %d dropped", seed)
	}
	long := engine.Player{Level: engine.Level(string(make([]byte, 60_000))), Seed: 1}
	assert.Equal(t, sit(1), long.Situation(g), "an unknown level is kept as hard")

	// Full, it holds ChoicesKept entries in under a megabyte.
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	c = NewChoices(ChoicesKept)
	for seed := range uint64(3 * ChoicesKept) {
		c.put(sit(seed), engine.P(2, 2))
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	require.LessOrEqual(t, c.Len(), ChoicesKept)
	held := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d choices kept: %d KB", c.Len(), held>>10)
	assert.Less(t, held, int64(1<<20))
	runtime.KeepAlive(c)
}

package web

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The streams' render pool runs each job once, waits for it, and hands a panic back.
func TestRenderPool(t *testing.T) {
	var wg sync.WaitGroup
	results := make([]int, 100)
	for i := range results {
		wg.Go(func() { renders().run(func() { results[i] = i * i }) })
	}
	wg.Wait()
	for i, r := range results {
		assert.Equal(t, i*i, r)
	}
	assert.PanicsWithValue(t, "boom", func() { renders().run(func() { panic("boom") }) })
	renders().run(func() {}) // the workers are still there
}

package table

import "context"

// What the cache's tests (package table_test, which may import web/store) look into.

// CacheGen is the cache's generation.
func CacheGen(c *Cache) uint64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.gen
}

// CacheHolds lists the tables in memory, the most recently used first, and their
// estimated size.
func CacheHolds(c *Cache) (ids []string, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for e := c.lru.Front(); e != nil; e = e.Next() {
		ids = append(ids, e.Value.(*cachedTable).Rec.ID)
	}
	if len(ids) != len(c.byID) {
		panic("cache: list and map disagree")
	}
	return ids, c.size
}

// CacheRead is the cache's shared read (what table.Open reads through).
func CacheRead(ctx context.Context, c *Cache, id string) (Record, error) { return c.read(ctx, id) }

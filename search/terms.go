package search

import (
	"slices"
	"sync"
)

// termCache keeps the matches of costly text for an index, within a bound
// on their size, across the index's changes (see matches).
type termCache struct {
	mu      sync.Mutex
	entries map[string]*termEntry
	size    int // documents held in all
}

// termEntry is the matches of one text: the documents (in no order) and
// the class of each.
//
// Its fields change under mu: a search that finds the entry behind the
// index (documents were added since) brings it up to date. Slices handed
// out are never written again, so a search may read them after mu is
// released.
type termEntry struct {
	mu      sync.Mutex
	docs    []int32
	classes []uint8
	upTo    int32 // documents numbered below were checked
}

// current brings the entry up to the index's documents, and returns them.
func (e *termEntry) current(ix *index, text string) ([]int32, []uint8) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for d := e.upTo; int(d) < len(ix.meta); d++ {
		if ix.meta[d].flags&docLive == 0 {
			continue
		}
		if c := ix.classOf(d, text); c != checked {
			e.docs, e.classes = append(e.docs, d), append(e.classes, c)
		}
	}
	// Clipped, so that the next append copies rather than writes where a
	// search holding these may read.
	e.docs, e.classes = slices.Clip(e.docs), slices.Clip(e.classes)
	e.upTo = int32(len(ix.meta))
	return e.docs, e.classes
}

// termCacheSize bounds the documents a term cache holds (5 bytes each):
// room for the matches of 8 texts that match every listing, and at least
// a million (5 MB).
func (ix *index) termCacheSize() int { return max(1<<20, 8*len(ix.meta)) }

func (c *termCache) get(text string) *termEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.entries[text]
}

// weight is what an entry counts against the cache's bound.
func (e *termEntry) weight() int { return len(e.docs) }

func (c *termCache) put(text string, e *termEntry, limit int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]*termEntry{}
	}
	for k, old := range c.entries {
		if c.size+e.weight() <= limit {
			break
		}
		delete(c.entries, k)
		c.size -= old.weight()
	}
	if _, ok := c.entries[text]; !ok {
		c.entries[text] = e
		c.size += e.weight()
	}
}

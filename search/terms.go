package search

import (
	"math/bits"
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
	classed *byClass
	plan    *plan // how the text's words were found
}

// current brings the entry up to the index's documents, and returns them;
// ok is false when the entry cannot be brought up to date (see
// plan.stale), and the text must be matched again.
func (e *termEntry) current(ix *index, text string) (docs []int32, classes []uint8, ok bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.plan.stale(ix) {
		return nil, nil, false
	}
	for d := e.upTo; int(d) < len(ix.meta); d++ {
		if ix.meta[d].flags&docLive == 0 {
			continue
		}
		c := ix.classOf(d, text)
		if c == checked {
			c = ix.forgivenClassOf(d, e.plan)
		}
		if c != checked {
			e.docs, e.classes = append(e.docs, d), append(e.classes, c)
		}
	}
	// Clipped, so that the next append copies rather than writes where a
	// search holding these may read.
	e.docs, e.classes = slices.Clip(e.docs), slices.Clip(e.classes)
	e.upTo = int32(len(ix.meta))
	return e.docs, e.classes, true
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

// drop forgets the entry kept for text, if it is still e.
func (c *termCache) drop(text string, e *termEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[text] == e {
		delete(c.entries, text)
		c.size -= e.weight()
	}
}

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

// byClass is the entry's documents by the class of their match, each
// list in document order (so that a pass over them reads the index's
// arrays in the order they are in memory), and the set of them, one bit
// a document: made once, on the first search that reads the entry this
// way, and followed by current as documents are added.
type byClass struct {
	lists [numClasses][]int32
	set   docSet
	n     int // the entry's documents they hold
}

// docSet is a set of documents, a bit each.
type docSet []uint64

// empty is an empty set for documents below n, reusing s's memory.
func (s docSet) empty(n int) docSet {
	words := (n + 63) / 64
	if cap(s) < words {
		return make(docSet, words)
	}
	s = s[:words]
	clear(s)
	return s
}

// add puts d in the set, growing it as needed.
func (s *docSet) add(d int32) {
	for int(d)/64 >= len(*s) {
		*s = append(*s, 0)
	}
	(*s)[d/64] |= 1 << (uint(d) % 64)
}

// has reports whether d is in the set.
func (s docSet) has(d int32) bool {
	w := int(d) / 64
	return w < len(s) && s[w]&(1<<(uint(d)%64)) != 0
}

// classScratch holds the buffers grouped writes documents' classes in.
var classScratch = sync.Pool{New: func() any { return new([]uint8) }}

// grouped is the entry's documents by class (see byClass), brought up to
// its documents: a new value when they changed, for searches may be
// reading the old one.
func (e *termEntry) grouped() *byClass {
	e.mu.Lock()
	defer e.mu.Unlock()
	g := e.classed
	if g != nil && g.n == len(e.docs) {
		return g
	}
	ng := &byClass{}
	from := 0
	if g != nil {
		// Documents added since are numbered above every one before:
		// appending keeps each list in order.
		for c := range ng.lists {
			ng.lists[c] = slices.Clip(g.lists[c])
		}
		ng.set, from = slices.Clone(g.set), g.n
	} else {
		// Each list in document order: the documents are set in the bit
		// set, which is then read in order with their classes.
		top := int32(0)
		for _, d := range e.docs {
			top = max(top, d)
		}
		ng.set = ng.set.empty(int(top) + 1)
		// Each list made to its size at once (appends grown by doubling
		// were a seventh of what the directory's searches allocated).
		var sizes [numClasses]int
		for _, c := range e.classes {
			sizes[c]++
		}
		for c, n := range sizes {
			ng.lists[c] = make([]int32, 0, n)
		}
		// The class of each document, by document: scratch, read only
		// where written (at the entry's documents), so never cleared.
		scratch := classScratch.Get().(*[]uint8)
		defer classScratch.Put(scratch)
		if cap(*scratch) <= int(top) {
			*scratch = make([]uint8, int(top)+1)
		}
		cls := (*scratch)[:int(top)+1]
		for i, d := range e.docs {
			ng.set.add(d)
			cls[d] = e.classes[i]
		}
		for w, word := range ng.set {
			for word != 0 {
				d := int32(w*64 + bits.TrailingZeros64(word))
				word &= word - 1
				ng.lists[cls[d]] = append(ng.lists[cls[d]], d)
			}
		}
		from = len(e.docs)
	}
	for i := from; i < len(e.docs); i++ {
		d := e.docs[i]
		ng.set.add(d)
		ng.lists[e.classes[i]] = append(ng.lists[e.classes[i]], d)
	}
	ng.n = len(e.docs)
	e.classed = ng
	return ng
}

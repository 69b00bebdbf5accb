package search

import (
	"context"
	"io"
	"sync"
	"sync/atomic"

	"bizprofile/geo"
)

// Index is the Engine each app process keeps in memory: every published
// listing's searchable text, filters and sort keys, and its card. A Build
// makes a new index while searches go on reading the old one, then puts
// it in their place; an Apply changes the current one in place.
type Index struct {
	cur     atomic.Pointer[index] // nil before the first Build
	changes sync.Mutex            // one Build or Apply at a time
}

var _ Engine = (*Index)(nil)

// NewIndex is an empty Index, to Build before it searches.
func NewIndex() *Index { return &Index{} }

// Build makes a new index of listings and puts it in the place of the
// current one, which searches read until then.
func (e *Index) Build(_ context.Context, version int64, listings []Listing) error {
	e.changes.Lock()
	defer e.changes.Unlock()
	ix := newIndex(len(listings))
	ix.version = version
	for _, l := range listings {
		ix.add(l)
	}
	ix.sortOrders()
	ix.compactPostings()
	e.cur.Store(repack(ix))
	return nil
}

// repack is ix laid out as a snapshot lays it out, when it can be: an
// index built listing by listing is scattered among the garbage of its
// building, in spans the collector cannot give back while one small piece
// of the index lives in each. At 100,000 listings that was 11 MB of the
// memory limit's headroom (heap in use 15 MB above what was live, against
// 4 MB for an index read from its snapshot), so the collector ran four
// times as often and served half the searches a second until the next
// start read the snapshot. Written and read back through a pipe, the
// index is a few large arrays, as after a start from its snapshot.
func repack(ix *index) *index {
	r, w := io.Pipe()
	go func() { w.CloseWithError(ix.save(w)) }()
	packed, err := load(r)
	r.CloseWithError(err) // unblocks the writer if the reader gave up
	if err != nil {
		return ix
	}
	return packed
}

// Apply changes the current index in place, while searches wait.
func (e *Index) Apply(_ context.Context, version int64, changed []int64, listings []Listing) error {
	e.changes.Lock()
	defer e.changes.Unlock()
	ix := e.cur.Load()
	if ix == nil {
		return nil // nothing to change: the first Build reads every listing
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.changed()
	for _, id := range changed {
		if d, ok := ix.byID[id]; ok {
			ix.remove(d)
		}
	}
	for _, l := range listings {
		ix.insertOrdered(ix.add(l))
	}
	ix.version = version
	return nil
}

// Incremental is false when the changes are many (each one moves every
// sort's order), or would leave many dead documents (a Build sheds them).
func (e *Index) Incremental(n int) bool {
	ix := e.cur.Load()
	if ix == nil {
		return false
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return n <= max(1000, len(ix.byID)/20) && ix.dead+n <= max(1000, len(ix.byID)/4)
}

// Version is the current index's version.
func (e *Index) Version() int64 {
	ix := e.cur.Load()
	if ix == nil {
		return -1
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.version
}

// Search runs q on the current index.
func (e *Index) Search(_ context.Context, q Query, offset, limit int) (Result, error) {
	ix := e.cur.Load()
	if ix == nil {
		return Result{Summary: Summary{Version: -1}}, nil
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	page, total, corrected := ix.search(q, offset, limit)
	res := Result{Listings: make([]Listing, len(page)), Total: total, Corrected: corrected, Summary: ix.summary()}
	for i, d := range page {
		res.Listings[i] = ix.listing(d)
		if l := &res.Listings[i]; q.Near != nil && l.Located {
			l.Distance = geo.Distance(*q.Near, l.At)
		}
	}
	return res, nil
}

// Summary is the current index's places and category counts.
func (e *Index) Summary(context.Context) (Summary, error) {
	ix := e.cur.Load()
	if ix == nil {
		return Summary{Version: -1}, nil
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return ix.summary(), nil
}

// Stats are the current index's listings and the memory it takes.
func (e *Index) Stats() Stats {
	ix := e.cur.Load()
	if ix == nil {
		return Stats{Version: -1}
	}
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return Stats{Listings: len(ix.byID), Bytes: ix.bytes(), Version: ix.version}
}

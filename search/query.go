package search

// A directory search run on the index (index.go): its filters
// resolved (locations among them), then a page of matches in order.

import (
	"slices"
	"strings"

	"bizprofile/places"
)

// indexFilter is a search's filters resolved against the index.
type indexFilter struct {
	none      bool // a filter no listing can pass (an unknown category)
	category  int  // -1: any
	typ       int  // -1: any
	minRating float64
	verified  bool
	cities    []bool // by cities index; nil: anywhere
	nearFilter
}

func (f *indexFilter) any() bool {
	return f.category >= 0 || f.typ >= 0 || f.minRating > 0 || f.verified || f.cities != nil || f.near || f.open
}

func (f *indexFilter) pass(d int32, m *docMeta) bool {
	return m.flags&docLive != 0 &&
		(f.category < 0 || int(m.category) == f.category) &&
		(f.typ < 0 || int(m.typ) == f.typ) &&
		m.rating >= f.minRating &&
		(!f.verified || m.flags&docVerified != 0) &&
		(f.cities == nil || f.cities[m.city]) &&
		(!f.near && !f.open || f.passes(d, m))
}

// filter resolves q's filters. A location is read as a visitor means it
// (places.Meanings): a state ("TX", "Texas"), a city ("Austin"), both with
// or without a comma ("Austin, TX", "portland or"), an abbreviation
// ("NYC"), each found by the place's key; anything else is a substring of
// "city, ST" (spec §5).
func (ix *index) filter(q Query) indexFilter {
	f := indexFilter{category: -1, typ: -1, minRating: q.MinRating, verified: q.VerifiedOnly}
	if q.Category != "" {
		id, ok := ix.categoryID[q.Category]
		f.category, f.none = int(id), !ok
	}
	if q.Type != "" {
		id, ok := ix.typeID[q.Type]
		f.typ, f.none = int(id), f.none || !ok
	}
	if loc := strings.Join(strings.Fields(q.Location), " "); loc != "" {
		f.cities = ix.locationCities(loc)
	}
	if q.State != "" {
		slug := places.CitySlug(q.City)
		in := ix.citiesWhere(func(c cityEntry) bool {
			return strings.EqualFold(c.state, q.State) && (q.City == "" || c.slug == slug)
		})
		if f.cities != nil {
			for i := range in {
				in[i] = in[i] && f.cities[i]
			}
		}
		f.cities = in
	}
	ix.resolveNear(&f, q)
	return f
}

func (ix *index) locationCities(loc string) []bool {
	spots := places.Meanings(loc)
	keys := make([]struct {
		state, slug string
	}, len(spots))
	isState := false
	for i, sp := range spots {
		keys[i].state, keys[i].slug = sp.State, places.CitySlug(sp.City)
		isState = isState || sp.City == ""
	}
	in, found := ix.citiesFound(func(c cityEntry) bool {
		for _, k := range keys {
			if (k.state == "" || c.state == k.state) && (k.slug == "" || c.slug == k.slug) {
				return true
			}
		}
		return false
	})
	if found || isState {
		return in
	}
	sub := fold(loc)
	return ix.citiesWhere(func(c cityEntry) bool { return strings.Contains(c.loc, sub) })
}

func (ix *index) citiesWhere(match func(cityEntry) bool) []bool {
	in, _ := ix.citiesFound(match)
	return in
}

// citiesFound marks the cities that match, and says whether any listing is
// in one of them.
func (ix *index) citiesFound(match func(cityEntry) bool) ([]bool, bool) {
	in := make([]bool, len(ix.cities))
	found := false
	for i, c := range ix.cities {
		if match(c) {
			in[i] = true
			found = found || len(ix.byCity[i]) > 0
		}
	}
	return in, found
}

// search finds a page (offset, limit) of the listings q matches, as
// documents in order, how many match in all, and q's text as corrected
// when a typo was ("" when none).
func (ix *index) search(q Query, offset, limit int) (page []int32, total int, corrected string) {
	f := ix.filter(q)
	if f.none {
		return nil, 0, ""
	}
	sort := orderRelevance
	switch q.Sort {
	case SortRating:
		sort = orderRating
	case SortReviews:
		sort = orderReviews
	case SortName:
		sort = orderName
	case SortDistance:
		if f.near {
			sort = sortDistance
		}
	}
	text := fold(strings.Join(strings.Fields(q.Text), " "))
	sc := getScratch()
	defer putScratch(sc)
	// The page is the smallest keys (see key), kept in a bounded heap as
	// the matches go by.
	by := keyOrder(sort)
	top := sc.top(offset + limit)
	consider := func(d int32, class uint8) {
		if !f.pass(d, &ix.meta[d]) {
			return
		}
		total++
		top.push(ix.keyOf(&f, sort, d, class))
	}
	var lists [][]int32 // a category's or places' listings, when few
	if text == "" {
		lists = ix.narrow(&f)
	}
	switch {
	case text != "":
		docs, classes, kept, p := ix.matches(text, !q.Exact, sc)
		defer func() {
			if total > 0 { // "Showing results for" only over results
				corrected = p.corrected
			}
		}()
		if kept != nil && len(docs) >= 16*(offset+limit) {
			page, total = ix.searchKept(kept.grouped(), &f, sort, offset, limit, sc)
			return page, total, ""
		}
		for i, d := range docs {
			consider(d, classes[i])
		}
	case lists != nil && sort != sortDistance && ix.walkable(lists, offset+limit):
		// Many listings of a category or of places: counted from their
		// lists, the page read from the sort's order, which soon meets
		// enough of them.
		for _, list := range lists {
			for _, d := range list {
				if f.pass(d, &ix.meta[d]) {
					total++
				}
			}
		}
		return ix.walkOrder(sort, offset, limit, func(d int32) bool { return f.pass(d, &ix.meta[d]) }), total, ""
	case lists != nil:
		// The listings of a category or of a few places, fewer than
		// walking the whole order would pass by.
		for _, list := range lists {
			for _, d := range list {
				consider(d, 0)
			}
		}
	default:
		page, total = ix.walk(sort, &f, offset, limit, sc)
		return page, total, ""
	}
	first := top.sorted()
	if offset >= len(first) {
		return nil, total, ""
	}
	for _, k := range first[offset:] {
		page = append(page, ix.order[by][uint32(k)])
	}
	return page, total, ""
}

// searchKept is search among many kept matches of a text, grouped by
// class (see byClass). One pass over them, in memory order, counts those
// that pass the filters by class. Then the page: in a sort other than
// relevance, read from the sort's order, which soon meets enough of them
// when they are many (a set lookup each), or else the smallest of their
// positions; in relevance, whose key is the class first (then featured,
// then the rating), the classes in turn, only as far as the page needs:
// the matches in the description of a common word, most of them, are
// looked at only when the name's and the tags' do not fill the page.
func (ix *index) searchKept(g *byClass, f *indexFilter, sort, offset, limit int, sc *scratch) (page []int32, total int) {
	k := offset + limit
	var counts [numClasses]int // passing, by class
	top := sc.top(k)
	for c, list := range g.lists {
		for _, d := range list {
			if f.pass(d, &ix.meta[d]) {
				counts[c]++
			}
		}
		total += counts[c]
	}
	if offset >= total {
		return nil, total
	}
	by := keyOrder(sort)
	switch {
	case sort == orderRelevance:
		seen := 0
		for c, list := range g.lists {
			if seen >= k {
				break // the page is full of better keys
			}
			seen += counts[c]
			if counts[c] == 0 {
				continue
			}
			for _, d := range list {
				if f.pass(d, &ix.meta[d]) {
					top.push(ix.key(sort, d, uint8(c)))
				}
			}
		}
	case sort != sortDistance && k*len(ix.byID) <= total*g.n:
		// Expected k·N/total steps of the order, fewer than the matches.
		return ix.walkOrder(sort, offset, limit, func(d int32) bool { return g.set.has(d) && f.pass(d, &ix.meta[d]) }), total
	default:
		for _, list := range g.lists {
			for _, d := range list {
				if f.pass(d, &ix.meta[d]) {
					top.push(ix.keyOf(f, sort, d, 0))
				}
			}
		}
	}
	first := top.sorted()
	for _, key := range first[min(offset, len(first)):] {
		page = append(page, ix.order[by][uint32(key)])
	}
	return page, total
}

// narrow is the lists of documents of f's category or places, when they
// are a small part of the index; nil when they are not.
func (ix *index) narrow(f *indexFilter) [][]int32 {
	if f.near {
		// The squares around a place: a few hundred listings where a
		// whole category may have tens of thousands.
		return ix.cellLists(&f.nearFilter)
	}
	limit := len(ix.byID) / 4
	var places int
	if f.cities != nil {
		for c, in := range f.cities {
			if in {
				places += len(ix.byCity[c])
			}
		}
	}
	switch {
	case f.category >= 0 && len(ix.byCategory[f.category]) <= limit && (f.cities == nil || len(ix.byCategory[f.category]) <= places):
		return [][]int32{ix.byCategory[f.category]}
	case f.cities != nil && places <= limit:
		var lists [][]int32
		for c, in := range f.cities {
			if in && len(ix.byCity[c]) > 0 {
				lists = append(lists, ix.byCity[c])
			}
		}
		return append(lists, nil) // not nil when no place has a listing
	}
	return nil
}

// walk reads a page of the listings passing f in sort's order: a slice of
// the order when nothing filters. Otherwise the documents that pass are
// found first, in the order they are kept in memory (a sort's order visits
// them at random, a cache miss each, which at a million listings cost
// more than the rest of the search), then the order is walked to the page
// testing only that set.
func (ix *index) walk(sort int, f *indexFilter, offset, limit int, sc *scratch) (page []int32, total int) {
	order := ix.order[sort]
	if !f.any() {
		return slices.Clone(order[min(offset, len(order)):min(offset+limit, len(order))]), len(order)
	}
	sc.pass = sc.pass.empty(len(ix.meta))
	for d := range ix.meta {
		if f.pass(int32(d), &ix.meta[d]) {
			sc.pass.add(int32(d))
			total++
		}
	}
	if offset >= total {
		return nil, total
	}
	return ix.walkOrder(sort, offset, limit, sc.pass.has), total
}

// walkable reports whether walking a sort's order to the n-th listing of
// lists passes by fewer listings than looking at each of theirs would:
// expected n·N/M steps for M listings in lists among N.
func (ix *index) walkable(lists [][]int32, n int) bool {
	m := 0
	for _, l := range lists {
		m += len(l)
	}
	return m > 0 && 2*n*len(ix.byID) <= m*m
}

// walkOrder is the page (offset, limit) of the listings keep takes in
// sort's order, read from the order until it is full.
func (ix *index) walkOrder(sort, offset, limit int, keep func(d int32) bool) (page []int32) {
	seen := 0
	for _, d := range ix.order[sort] {
		if !keep(d) {
			continue
		}
		if seen >= offset {
			page = append(page, d)
			if len(page) == limit {
				break
			}
		}
		seen++
	}
	return page
}

// topKeys keeps the n smallest keys pushed, as a max-heap.
type topKeys struct {
	n    int
	heap []uint64
}

func (t *topKeys) push(k uint64) {
	switch {
	case len(t.heap) < t.n:
		t.heap = append(t.heap, k)
		for i := len(t.heap) - 1; i > 0; {
			parent := (i - 1) / 2
			if t.heap[parent] >= t.heap[i] {
				break
			}
			t.heap[parent], t.heap[i] = t.heap[i], t.heap[parent]
			i = parent
		}
	case t.n > 0 && k < t.heap[0]:
		t.heap[0] = k
		siftDown(t.heap, 0)
	}
}

// sorted is the keys kept, smallest first.
func (t *topKeys) sorted() []uint64 {
	slices.Sort(t.heap)
	return t.heap
}

func siftDown(h []uint64, i int) {
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		if r := l + 1; r < len(h) && h[r] > h[l] {
			l = r
		}
		if h[i] >= h[l] {
			return
		}
		h[i], h[l] = h[l], h[i]
		i = l
	}
}

// key is live document d's key in sort, for a match of class: its
// position in the sort's order, and for relevance, first how well the text
// matched (the class: the text itself in the name before a tag or the
// sub-category before the description, a whole word before a word's start
// before its inside, then forgiving matches), and then whether it is
// featured (spec §5: featured first, among equally good matches). The low
// 32 bits are always the position in keyOrder(sort)'s order.
func (ix *index) key(sort int, d int32, class uint8) uint64 {
	key := uint64(ix.rank[keyOrder(sort)][d])
	if sort == orderRelevance {
		if ix.meta[d].flags&docFeatured == 0 {
			key |= 1 << 32
		}
		key |= uint64(class) << 33
	}
	return key
}

// sortDistance is nearest first: not an order the index keeps, since
// each search measures from its own place; its keys are distanceKey's.
const sortDistance = numSorts

// keyOf is document d's key in sort (key, or distanceKey when nearest
// comes first).
func (ix *index) keyOf(f *indexFilter, sort int, d int32, class uint8) uint64 {
	if sort == sortDistance {
		return ix.distanceKey(&f.nearFilter, d)
	}
	return ix.key(sort, d, class)
}

// keyOrder is the order whose ranks a sort's keys hold: relevance ranks
// by rating, after whether a listing is featured and where the text
// matched.
func keyOrder(sort int) int {
	if sort == orderRelevance || sort == sortDistance {
		return orderRating
	}
	return sort
}

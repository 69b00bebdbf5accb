package search

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"bizprofile/geo"
	"bizprofile/places"
)

// index is one Build of an Index, and the changes applied to it since.
//
// A search by text looks its words up rather than scanning listings: the
// index maps every word of the listings to the listings (and the field)
// it appears in, so a substring of a word is found by scanning the
// vocabulary — thousands of words, not a hundred thousand listings — and
// a query spanning several words is checked on the listings that have all
// of them. Each sort keeps every listing in its order, so a search
// without text reads a page by walking that order, and a search by text
// orders its matches by their positions in it.
//
// It is laid out for memory and for the garbage collector: a listing's
// text is one record in a packed arena, and everything else about it is
// numbers in flat arrays, so the index holds a few pointers per word of
// its vocabulary rather than a dozen per listing.
//
// Its fields are guarded by mu: searches read under RLock, changes apply
// under Lock.
type index struct {
	mu      sync.RWMutex
	version int64 // the directory version the index reflects

	meta  []docMeta // by document number; a changed listing gets a new one
	docs  []docRef
	arena arena
	byID  map[int64]int32 // listing id → its live document
	dead  int             // documents of deleted or changed listings

	words map[string]int32    // folded word → its place in vocab
	vocab []vocabWord         // every word, and where it appears
	pairs map[[2]byte][]int32 // each pair of bytes in a word → the words (vocab) with it
	stems map[string][]int32  // each word's stem → the words (vocab) with it
	typoState
	terms termCache               // matches of broad text
	stats atomic.Pointer[Summary] // places and category counts, until the next change
	strs  []string                // strings many listings share (a city, a sub-category), by number
	strID map[string]uint32

	cities     []cityEntry
	cityByKey  map[string]int32    // state + "/" + city slug → cities index
	cityByName map[[2]string]int32 // city and state as stored → cities index
	categories []string            // category id → category
	categoryID map[string]uint16
	byCategory [][]int32 // live documents by category id, in no order
	byCity     [][]int32 // live documents by cities index, in no order
	types      []string
	typeID     map[string]uint8

	nearby // where listings are, and their hours (near.go)

	order [numSorts][]int32 // live documents in each sort's order
	rank  [numSorts][]int32 // each document's position in order (-1: not live)
}

// docMeta is what filters and sorts read of a listing: small, so a search
// walking every listing stays in the processor's cache.
type docMeta struct {
	rating   float64
	reviews  int32
	city     int32
	category uint16
	typ      uint8
	flags    uint8
	zone     uint8  // its hours' time zone: zones[zone]
	week     uint32 // its hours: weeks[week] (0: none given)
}

const (
	docLive uint8 = 1 << iota
	docFeatured
	docVerified
	docClaimed
	docASCII   // its searchable text is all ASCII: matched without folding
	docLocated // it has coordinates (lat, lng)
)

// docRef is the rest of a listing: its id, its record in the arena (see
// recSlug…), and the strings it shares with others, by number (strs).
type docRef struct {
	id               int64
	off              int64
	sub, city, state uint32
}

// The searchable fields, in the order relevance ranks a match in them.
const (
	fieldName = iota
	fieldTags // the tags and the sub-category
	fieldDescription
	numFields
)

// searchable are document d's searchable fields as stored (not folded):
// name, tags (one per line), sub-category, description.
func (ix *index) searchable(d int32) [4]string {
	r := &ix.docs[d]
	rec := ix.arena.record(r.off)
	return [4]string{rec[recName], rec[recTags], ix.strs[r.sub], rec[recDescription]}
}

// fieldOf is the field each searchable string is part of.
var fieldOf = [4]int{fieldName, fieldTags, fieldTags, fieldDescription}

// The sorts an index keeps, by their positions in order and rank.
const (
	orderRelevance = iota // featured first, then as orderRating
	orderRating
	orderReviews
	orderName
	numSorts
)

// postings are the documents a word appears in, by field, in no order.
type postings [numFields][]int32

type vocabWord struct {
	word string
	p    postings
}

// cityEntry is one place listings are in.
type cityEntry struct {
	state string // two-letter code as stored, upper-cased
	slug  string // places.CitySlug of the city
	name  string // the city as the first listing there spells it
	loc   string // folded "city, st", for a location typed as a substring
}

func newIndex(size int) *index {
	return &index{
		meta: make([]docMeta, 0, size), docs: make([]docRef, 0, size), rank: [numSorts][]int32{
			make([]int32, 0, size), make([]int32, 0, size), make([]int32, 0, size), make([]int32, 0, size)},
		byID: map[int64]int32{}, words: map[string]int32{}, strID: map[string]uint32{},
		cityByKey: map[string]int32{}, cityByName: map[[2]string]int32{}, categoryID: map[string]uint16{}, typeID: map[string]uint8{},
		nearby: newNearby(),
	}
}

// add files a listing under a new document number; the caller places it
// in the sort orders (insertOrdered, or sortOrders after a bulk load).
func (ix *index) add(r Listing) int32 {
	d := int32(len(ix.meta))
	rec := [numRec]string{recSlug: r.Slug, recName: r.Name, recTagline: r.Tagline, recDescription: r.Description,
		recTags: r.Tags, recPhone: r.Phone, recLogo: r.Logo}
	ref := docRef{id: r.ID, off: ix.arena.add(&rec), sub: ix.intern(r.SubCategory), city: ix.intern(r.City), state: ix.intern(r.State)}
	m := docMeta{
		rating: r.Rating, reviews: int32(r.ReviewCount), flags: docLive,
		city: ix.city(r.City, r.State), category: ix.category(r.Category), typ: ix.typ(r.Type),
		week: ix.week(r.Week), zone: ix.zone(r.Zone),
	}
	if r.Located {
		m.flags |= docLocated
	}
	for _, set := range []struct {
		on   bool
		flag uint8
	}{{r.Featured, docFeatured}, {r.Verified, docVerified}, {r.Claimed, docClaimed},
		{isASCII(r.Name) && isASCII(r.Tags) && isASCII(r.SubCategory) && isASCII(r.Description), docASCII}} {
		if set.on {
			m.flags |= set.flag
		}
	}
	ix.meta, ix.docs, ix.at = append(ix.meta, m), append(ix.docs, ref), append(ix.at, r.At)
	ix.eachWord(d, func(w string, f int) {
		id, ok := ix.words[w]
		if !ok {
			id = ix.addWord(w)
		}
		p := &ix.vocab[id].p
		p[f] = append(p[f], d)
	})
	ix.byID[r.ID] = d
	ix.byCity[m.city] = append(ix.byCity[m.city], d)
	ix.byCategory[m.category] = append(ix.byCategory[m.category], d)
	ix.locate(d)
	for s := range numSorts {
		ix.rank[s] = append(ix.rank[s], -1)
	}
	return d
}

// eachWord calls fn with every distinct word of document d's searchable
// fields (folded) and the first field it is in: a word's postings in a
// later field would never tell a search more (relevance ranks a match by
// its best field).
func (ix *index) eachWord(d int32, fn func(w string, f int)) {
	s := ix.searchable(d)
	var seen []string
	for f, texts := range [numFields][]string{{s[0]}, {s[1], s[2]}, {s[3]}} {
		for _, t := range texts {
			for _, w := range wordsOf(fold(t)) {
				if !slices.Contains(seen, w) {
					seen = append(seen, w)
					fn(w, f)
				}
			}
		}
	}
}

// remove takes document d out of every list and order.
func (ix *index) remove(d int32) {
	m := &ix.meta[d]
	if m.flags&docLive == 0 {
		return
	}
	ix.eachWord(d, func(w string, f int) {
		p := &ix.vocab[ix.words[w]].p
		p[f] = deleteDoc(p[f], d)
	})
	for s := range numSorts {
		pos := ix.rank[s][d]
		ix.order[s] = slices.Delete(ix.order[s], int(pos), int(pos)+1)
		ix.renumber(s, int(pos))
		ix.rank[s][d] = -1
	}
	ix.byCity[m.city] = deleteDoc(ix.byCity[m.city], d)
	ix.byCategory[m.category] = deleteDoc(ix.byCategory[m.category], d)
	ix.unlocate(d)
	m.flags &^= docLive
	delete(ix.byID, ix.docs[d].id)
	ix.dead++
}

// deleteDoc takes d out of an unordered list of documents.
func deleteDoc(list []int32, d int32) []int32 {
	if i := slices.Index(list, d); i >= 0 {
		last := len(list) - 1
		list[i] = list[last]
		list = list[:last]
	}
	return list
}

// insertOrdered places a new document in each sort's order.
func (ix *index) insertOrdered(d int32) {
	for s := range numSorts {
		less := ix.less(s, ix.compareNames)
		pos, _ := slices.BinarySearchFunc(ix.order[s], d, func(e, target int32) int {
			if less(e, target) {
				return -1
			}
			return 1
		})
		ix.order[s] = slices.Insert(ix.order[s], pos, d)
		ix.renumber(s, pos)
	}
}

// renumber sets the ranks of sort s's documents from position from on.
func (ix *index) renumber(s, from int) {
	for i := from; i < len(ix.order[s]); i++ {
		ix.rank[s][ix.order[s][i]] = int32(i)
	}
}

// sortOrders orders every live document for each sort, after a bulk load.
func (ix *index) sortOrders() {
	live := make([]int32, 0, len(ix.byID))
	for d := range ix.meta {
		if ix.meta[d].flags&docLive != 0 {
			live = append(live, int32(d))
		}
	}
	// The names, folded once for the sorts' comparisons rather than at
	// each of them.
	keys := make([]string, len(ix.meta))
	for _, d := range live {
		keys[d] = fold(ix.arena.field(ix.docs[d].off, recName))
	}
	var wg sync.WaitGroup
	for s := range numSorts {
		ix.order[s] = slices.Clone(live)
		wg.Go(func() {
			less := ix.less(s, func(a, b int32) int { return strings.Compare(keys[a], keys[b]) })
			slices.SortFunc(ix.order[s], func(a, b int32) int {
				if less(a, b) {
					return -1
				}
				return 1
			})
			ix.renumber(s, 0)
		})
	}
	wg.Wait()
}

// compactPostings moves every word's postings, after a bulk load, into
// one array, each list as long as it needs: appending to lists as
// listings are read leaves up to half of each empty. A list that grows
// later (a listing added) moves out to an array of its own.
func (ix *index) compactPostings() {
	n := 0
	for i := range ix.vocab {
		for _, list := range ix.vocab[i].p {
			n += len(list)
		}
	}
	all := make([]int32, 0, n)
	for i := range ix.vocab {
		p := &ix.vocab[i].p
		for f, list := range p {
			at := len(all)
			all = append(all, list...)
			p[f] = all[at:len(all):len(all)]
		}
	}
	for pair, list := range ix.pairs {
		ix.pairs[pair] = slices.Clip(list)
	}
}

// compareNames compares two documents' names as folded.
func (ix *index) compareNames(a, b int32) int {
	return compareFolded(ix.arena.field(ix.docs[a].off, recName), ix.arena.field(ix.docs[b].off, recName))
}

// less is sort s's order of two documents (spec §5): rating and reviews
// descending, each the other's tie-break, then the name (case folded, as
// names compares them), then the id so that every order is total;
// relevance puts featured listings first.
func (ix *index) less(s int, names func(a, b int32) int) func(a, b int32) bool {
	byName := func(a, b int32) bool {
		if c := names(a, b); c != 0 {
			return c < 0
		}
		return ix.docs[a].id < ix.docs[b].id
	}
	byRating := func(a, b int32) bool {
		ma, mb := &ix.meta[a], &ix.meta[b]
		switch {
		case ma.rating != mb.rating:
			return ma.rating > mb.rating
		case ma.reviews != mb.reviews:
			return ma.reviews > mb.reviews
		}
		return byName(a, b)
	}
	switch s {
	case orderRelevance:
		return func(a, b int32) bool {
			fa, fb := ix.meta[a].flags&docFeatured, ix.meta[b].flags&docFeatured
			if fa != fb {
				return fa > fb
			}
			return byRating(a, b)
		}
	case orderReviews:
		return func(a, b int32) bool {
			ma, mb := &ix.meta[a], &ix.meta[b]
			switch {
			case ma.reviews != mb.reviews:
				return ma.reviews > mb.reviews
			case ma.rating != mb.rating:
				return ma.rating > mb.rating
			}
			return byName(a, b)
		}
	case orderName:
		return byName
	}
	return byRating
}

func (ix *index) city(stored, storedState string) int32 {
	if id, ok := ix.cityByName[[2]string{stored, storedState}]; ok {
		return id
	}
	id := ix.place(stored, storedState)
	ix.cityByName[[2]string{stored, storedState}] = id
	return id
}

func (ix *index) place(city, state string) int32 {
	city = places.CleanCity(city)
	state = strings.ToUpper(strings.TrimSpace(state))
	slug := places.CitySlug(city)
	key := state + "/" + slug
	if id, ok := ix.cityByKey[key]; ok {
		return id
	}
	id := int32(len(ix.cities))
	loc := city
	switch {
	case city != "" && state != "":
		loc = city + ", " + state
	case city == "":
		loc = state
	}
	ix.cities = append(ix.cities, cityEntry{state: state, slug: slug, name: city, loc: fold(loc)})
	ix.byCity = append(ix.byCity, nil)
	ix.cityByKey[key] = id
	return id
}

func (ix *index) category(c string) uint16 {
	if id, ok := ix.categoryID[c]; ok {
		return id
	}
	id := uint16(len(ix.categories))
	ix.categories = append(ix.categories, c)
	ix.byCategory = append(ix.byCategory, nil)
	ix.categoryID[c] = id
	return id
}

func (ix *index) typ(t string) uint8 {
	if id, ok := ix.typeID[t]; ok {
		return id
	}
	id := uint8(len(ix.types))
	ix.types = append(ix.types, t)
	ix.typeID[t] = id
	return id
}

// listing is document d as a Listing: what a directory card shows, in
// memory of its own (see own).
func (ix *index) listing(d int32) Listing {
	r, m := &ix.docs[d], &ix.meta[d]
	rec := own(ix.arena.record(r.off))
	return Listing{
		ID: r.id, Slug: rec[recSlug], Name: rec[recName], Tagline: rec[recTagline], Description: rec[recDescription],
		Category: ix.categories[m.category], SubCategory: ix.strs[r.sub], Tags: rec[recTags],
		City: ix.strs[r.city], State: ix.strs[r.state], Phone: rec[recPhone], Type: ix.types[m.typ],
		Rating: m.rating, ReviewCount: int(m.reviews), Logo: rec[recLogo],
		Verified: m.flags&docVerified != 0, Featured: m.flags&docFeatured != 0, Claimed: m.flags&docClaimed != 0,
		Located: m.flags&docLocated != 0, At: ix.where(d), Zone: ix.zones[m.zone], Week: ix.weeks[m.week],
	}
}

// intern numbers a string that many listings repeat (a city, a state, a
// sub-category), kept once.
func (ix *index) intern(s string) uint32 {
	if id, ok := ix.strID[s]; ok {
		return id
	}
	id := uint32(len(ix.strs))
	s = strings.Clone(s)
	ix.strs = append(ix.strs, s)
	ix.strID[s] = id
	return id
}

// summary is the index's version, places and category counts; the last
// two are computed once until the index changes.
func (ix *index) summary() Summary {
	st := ix.stats.Load()
	if st == nil {
		st = &Summary{Places: ix.places(), Categories: ix.categoryCounts()}
		ix.stats.Store(st)
	}
	return Summary{Version: ix.version, Places: st.Places, Categories: st.Categories}
}

// changed forgets the places and category counts: the index changed.
// (Kept matches follow the changes: see matches.)
func (ix *index) changed() {
	ix.stats.Store(nil)
}

// places are the cities with live listings, by state then city.
func (ix *index) places() []Place {
	var in []int
	for i, c := range ix.cities {
		if len(ix.byCity[i]) > 0 && c.state != "" && c.name != "" {
			in = append(in, i)
		}
	}
	slices.SortFunc(in, func(a, b int) int {
		ca, cb := &ix.cities[a], &ix.cities[b]
		if ca.state != cb.state {
			return strings.Compare(ca.state, cb.state)
		}
		return strings.Compare(ca.slug, cb.slug)
	})
	out := make([]Place, len(in))
	for i, c := range in {
		out[i] = Place{State: ix.cities[c].state, City: ix.cities[c].name, Count: len(ix.byCity[c])}
	}
	return out
}

// categoryCounts are the live listings by category.
func (ix *index) categoryCounts() map[string]int {
	out := map[string]int{}
	for id, docs := range ix.byCategory {
		if len(docs) > 0 {
			out[ix.categories[id]] = len(docs)
		}
	}
	return out
}

// bytes estimates the memory the index takes: its arrays, its arena and
// its maps (an entry counted at its key and value plus 16 bytes).
func (ix *index) bytes() int64 {
	n := int64(cap(ix.meta))*int64(unsafe.Sizeof(docMeta{})) + int64(cap(ix.docs))*int64(unsafe.Sizeof(docRef{})) + ix.arena.bytes()
	n += int64(cap(ix.at)) * int64(unsafe.Sizeof(geo.Point{}))
	n += int64(len(ix.byID)) * (8 + 4 + 16)
	n += int64(cap(ix.vocab)) * int64(unsafe.Sizeof(vocabWord{}))
	for _, v := range ix.vocab {
		n += int64(len(v.word)) + 16 + 4 + 16 // and its entry in words
		for _, p := range v.p {
			n += int64(cap(p)) * 4
		}
	}
	for _, list := range ix.pairs {
		n += int64(cap(list))*4 + 2 + 24 + 16
	}
	for s := range numSorts {
		n += int64(cap(ix.order[s])+cap(ix.rank[s])) * 4
	}
	for _, l := range ix.byCity {
		n += int64(cap(l)) * 4
	}
	for _, l := range ix.byCategory {
		n += int64(cap(l)) * 4
	}
	return n
}

package search

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

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
// Its fields are guarded by mu: searches read under RLock, changes apply
// under Lock.
type index struct {
	mu      sync.RWMutex
	version int64 // the directory version the index reflects

	meta []docMeta // by document number; a changed listing gets a new one
	text []docText
	byID map[int64]int32 // listing id → its live document
	dead int             // documents of deleted or changed listings

	words    map[string]*postings    // folded word → where it appears
	vocab    []vocabWord             // the same, as a list for substring scans
	pairs    map[[2]byte][]int32     // each pair of bytes in a word → the words (vocab) with it
	terms    termCache               // matches of broad text, until the next change
	stats    atomic.Pointer[Summary] // places and category counts, until the next change
	interned map[string]string

	cities     []cityEntry
	cityByKey  map[string]int32    // state + "/" + city slug → cities index
	cityByName map[[2]string]int32 // city and state as stored → cities index
	categories []string            // category id → category
	categoryID map[string]uint16
	byCategory [][]int32 // live documents by category id, in no order
	byCity     [][]int32 // live documents by cities index, in no order
	types      []string
	typeID     map[string]uint8

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
}

const (
	docLive uint8 = 1 << iota
	docFeatured
	docVerified
)

// docText is the rest of a listing as the index keeps it: what its card
// in the directory shows, as stored, and its name folded for sorting.
type docText struct {
	id                       int64
	nameKey                  string // folded name
	slug, name, tagline      string
	description, subCategory string
	tags                     string // one per line
	city, state              string
	phone                    string // "" unless shown
	claimed                  bool
	logo                     any
}

// fields are the document's searchable fields, folded: name; tags and
// sub-category, one per line; description. They are folded when needed
// rather than kept, to halve the index's memory.
func (t *docText) fields() [numFields]string {
	return [numFields]string{t.nameKey, fold(t.tags + "\n" + t.subCategory), fold(t.description)}
}

// The searchable fields, in the order relevance ranks a match in them.
const (
	fieldName = iota
	fieldTags
	fieldDescription
	numFields
)

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
	p    *postings
}

// cityEntry is one place listings are in.
type cityEntry struct {
	state string // two-letter code as stored, upper-cased
	slug  string // places.CitySlug of the city
	name  string // the city as the first listing there spells it
	loc   string // folded "city, st", for a location typed as a substring
}

func newIndex() *index {
	return &index{
		byID: map[int64]int32{}, words: map[string]*postings{},
		cityByKey: map[string]int32{}, cityByName: map[[2]string]int32{}, categoryID: map[string]uint16{}, typeID: map[string]uint8{},
	}
}

// add files a listing under a new document number; the caller places it
// in the sort orders (insertOrdered, or sortOrders after a bulk load).
func (ix *index) add(r Listing) int32 {
	d := int32(len(ix.meta))
	t := docText{
		id: r.ID, nameKey: fold(r.Name), slug: r.Slug, name: r.Name, tagline: r.Tagline,
		description: r.Description, subCategory: ix.intern(r.SubCategory), tags: r.Tags,
		city: ix.intern(r.City), state: ix.intern(r.State), phone: r.Phone, claimed: r.Claimed, logo: r.Logo,
	}
	m := docMeta{
		rating: r.Rating, reviews: int32(r.ReviewCount), flags: docLive,
		city: ix.city(r.City, r.State), category: ix.category(r.Category), typ: ix.typ(r.Type),
	}
	if r.Featured {
		m.flags |= docFeatured
	}
	if r.Verified {
		m.flags |= docVerified
	}
	ix.meta, ix.text = append(ix.meta, m), append(ix.text, t)
	for f, s := range t.fields() {
		for _, w := range wordsOf(s) {
			p := ix.words[w]
			if p == nil {
				p = &postings{}
				ix.words[w] = p
				ix.addWord(w, p)
			}
			p[f] = append(p[f], d)
		}
	}
	ix.byID[r.ID] = d
	ix.byCity[m.city] = append(ix.byCity[m.city], d)
	ix.byCategory[m.category] = append(ix.byCategory[m.category], d)
	for s := range numSorts {
		ix.rank[s] = append(ix.rank[s], -1)
	}
	return d
}

// remove takes document d out of every list and order.
func (ix *index) remove(d int32) {
	m := &ix.meta[d]
	if m.flags&docLive == 0 {
		return
	}
	t := ix.text[d]
	for f, s := range t.fields() {
		for _, w := range wordsOf(s) {
			p := ix.words[w]
			p[f] = deleteDoc(p[f], d)
		}
	}
	for s := range numSorts {
		pos := ix.rank[s][d]
		ix.order[s] = slices.Delete(ix.order[s], int(pos), int(pos)+1)
		ix.renumber(s, int(pos))
		ix.rank[s][d] = -1
	}
	ix.byCity[m.city] = deleteDoc(ix.byCity[m.city], d)
	ix.byCategory[m.category] = deleteDoc(ix.byCategory[m.category], d)
	m.flags &^= docLive
	delete(ix.byID, t.id)
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
		less := ix.less(s)
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
	var wg sync.WaitGroup
	for s := range numSorts {
		ix.order[s] = slices.Clone(live)
		wg.Go(func() {
			less := ix.less(s)
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

// less is sort s's order of two documents (spec §5): rating and reviews
// descending, each the other's tie-break, then the name (case folded),
// then the id so that every order is total; relevance puts featured
// listings first.
func (ix *index) less(s int) func(a, b int32) bool {
	byName := func(a, b int32) bool {
		na, nb := ix.text[a].nameKey, ix.text[b].nameKey
		if na != nb {
			return na < nb
		}
		return ix.text[a].id < ix.text[b].id
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

// listing is document d as a Listing: what a directory card shows.
func (ix *index) listing(d int32) Listing {
	t, m := &ix.text[d], &ix.meta[d]
	return Listing{
		ID: t.id, Slug: t.slug, Name: t.name, Tagline: t.tagline, Description: t.description,
		Category: ix.categories[m.category], SubCategory: t.subCategory, Tags: t.tags,
		City: t.city, State: t.state, Phone: t.phone, Type: ix.types[m.typ],
		Rating: m.rating, ReviewCount: int(m.reviews),
		Verified: m.flags&docVerified != 0, Featured: m.flags&docFeatured != 0, Claimed: t.claimed, Logo: t.logo,
	}
}

// intern shares one copy of a string that many listings repeat (a city,
// a state, a sub-category).
func (ix *index) intern(s string) string {
	if v, ok := ix.interned[s]; ok {
		return v
	}
	if ix.interned == nil {
		ix.interned = map[string]string{}
	}
	ix.interned[s] = s
	return s
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

// changed forgets what the index computed from its documents.
func (ix *index) changed() {
	ix.terms.clear()
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

// bytes estimates the memory the index takes: its arrays, strings and
// maps (a map entry counted at its key and value plus 16 bytes).
func (ix *index) bytes() int64 {
	n := int64(cap(ix.meta))*24 + int64(cap(ix.text))*int64(unsafeSizeofDocText)
	for i := range ix.text {
		t := &ix.text[i]
		if i < len(ix.meta) && ix.meta[i].flags&docLive == 0 {
			continue
		}
		n += int64(len(t.nameKey) + len(t.slug) + len(t.name) + len(t.tagline) + len(t.description) + len(t.tags) + len(t.phone))
		if t.logo != nil {
			n += 64
		}
	}
	n += int64(len(ix.byID)) * (8 + 4 + 16)
	for _, v := range ix.vocab {
		n += int64(len(v.word)) + 16 + 8 + int64(unsafeSizeofPostings)
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

const (
	unsafeSizeofDocText  = int(unsafe.Sizeof(docText{}))
	unsafeSizeofPostings = int(unsafe.Sizeof(postings{}))
)

package store

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"bizprofile/places"
)

// searchIndex is the directory's search index: every published listing's
// searchable text, filters and sort keys, kept in memory by each app
// process (store/directory.go keeps it in step with the database).
//
// A search by text looks its words up rather than scanning listings: the
// index maps every word of the listings to the listings (and the field)
// it appears in, so a substring of a word is found by scanning the
// vocabulary — thousands of words, not a hundred thousand listings — and
// a query spanning several words is checked on the listings that have the
// rarest of them. Each sort keeps every listing in its order, so a search
// without text reads a page by walking that order, and a search by text
// orders its matches by their positions in it.
//
// Its fields are guarded by mu: searches read under RLock, changes apply
// under Lock.
type searchIndex struct {
	mu      sync.RWMutex
	version int64 // directory_state.version the index reflects

	meta []docMeta // by document number; a changed listing gets a new one
	text []docText
	byID map[int64]int32 // listing id → its live document
	dead int             // documents of deleted or changed listings

	words    map[string]*postings       // folded word → where it appears
	vocab    []vocabWord                // the same, as a list for substring scans
	pairs    map[[2]byte][]int32        // each pair of bytes in a word → the words (vocab) with it
	terms    termCache                  // matches of broad text, until the next change
	stats    atomic.Pointer[indexStats] // places and category counts, until the next change
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

// indexRow is a listing as the index reads it from the database.
type indexRow struct {
	ID          int64
	Published   bool
	Slug        string
	Name        string
	Tagline     string
	Description string
	Tags        string // one per line
	SubCategory string
	Category    string
	City        string
	State       string
	Type        string
	Rating      float64
	ReviewCount int
	Featured    bool
	Verified    bool
	Claimed     bool
	Phone       string
	ShowPhone   bool
}

// indexColumns are the columns of an indexRow, in its order.
const indexColumns = `id, published, slug, name, tagline, description, tags, sub_category, category, city, state,
	business_type, rating, review_count, featured, verified, claimed, phone, show_phone`

func newSearchIndex() *searchIndex {
	return &searchIndex{
		byID: map[int64]int32{}, words: map[string]*postings{},
		cityByKey: map[string]int32{}, cityByName: map[[2]string]int32{}, categoryID: map[string]uint16{}, typeID: map[string]uint8{},
	}
}

// fold is text as the index compares it: lower-cased.
func fold(s string) string { return strings.ToLower(s) }

// isWordRune reports whether r belongs to a word (a letter, a digit or a
// mark on one); anything else separates words.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// wordsOf are the distinct words of folded text, in their first order.
func wordsOf(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		switch {
		case isWordRune(r) && start < 0:
			start = i
		case !isWordRune(r) && start >= 0:
			out = appendNew(out, s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		out = appendNew(out, s[start:])
	}
	return out
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// add files a published listing under a new document number; the caller
// places it in the sort orders (insertOrdered, or sortOrders after a
// bulk load).
func (ix *searchIndex) add(r indexRow) int32 {
	d := int32(len(ix.meta))
	t := docText{
		id: r.ID, nameKey: fold(r.Name), slug: r.Slug, name: r.Name, tagline: r.Tagline,
		description: r.Description, subCategory: ix.intern(r.SubCategory), tags: r.Tags,
		city: ix.intern(r.City), state: ix.intern(r.State), claimed: r.Claimed,
	}
	if r.ShowPhone {
		t.phone = r.Phone
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
func (ix *searchIndex) remove(d int32) {
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
func (ix *searchIndex) insertOrdered(d int32) {
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
func (ix *searchIndex) renumber(s, from int) {
	for i := from; i < len(ix.order[s]); i++ {
		ix.rank[s][ix.order[s][i]] = int32(i)
	}
}

// sortOrders orders every live document for each sort, after a bulk load.
func (ix *searchIndex) sortOrders() {
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
func (ix *searchIndex) less(s int) func(a, b int32) bool {
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

func (ix *searchIndex) city(stored, storedState string) int32 {
	if id, ok := ix.cityByName[[2]string{stored, storedState}]; ok {
		return id
	}
	id := ix.place(stored, storedState)
	ix.cityByName[[2]string{stored, storedState}] = id
	return id
}

func (ix *searchIndex) place(city, state string) int32 {
	city = strings.Join(strings.Fields(city), " ")
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

func (ix *searchIndex) category(c string) uint16 {
	if id, ok := ix.categoryID[c]; ok {
		return id
	}
	id := uint16(len(ix.categories))
	ix.categories = append(ix.categories, c)
	ix.byCategory = append(ix.byCategory, nil)
	ix.categoryID[c] = id
	return id
}

func (ix *searchIndex) typ(t string) uint8 {
	if id, ok := ix.typeID[t]; ok {
		return id
	}
	id := uint8(len(ix.types))
	ix.types = append(ix.types, t)
	ix.typeID[t] = id
	return id
}

// indexFilter is a search's filters resolved against the index.
type indexFilter struct {
	none      bool // a filter no listing can pass (an unknown category)
	category  int  // -1: any
	typ       int  // -1: any
	minRating float64
	verified  bool
	cities    []bool // by cities index; nil: anywhere
}

func (f indexFilter) any() bool {
	return f.category >= 0 || f.typ >= 0 || f.minRating > 0 || f.verified || f.cities != nil
}

func (f indexFilter) pass(m *docMeta) bool {
	return m.flags&docLive != 0 &&
		(f.category < 0 || int(m.category) == f.category) &&
		(f.typ < 0 || int(m.typ) == f.typ) &&
		m.rating >= f.minRating &&
		(!f.verified || m.flags&docVerified != 0) &&
		(f.cities == nil || f.cities[m.city])
}

// filter resolves q's filters. A location is read as a visitor means it:
// a state ("TX", "Texas"), a city ("Austin"), or both ("Austin, TX"), each
// found by the place's key; anything else is a substring of "city, ST"
// (spec §5).
func (ix *searchIndex) filter(q Search) indexFilter {
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
		in := ix.citiesWhere(func(c cityEntry) bool {
			return strings.EqualFold(c.state, q.State) && (q.City == "" || c.slug == places.CitySlug(q.City))
		})
		if f.cities != nil {
			for i := range in {
				in[i] = in[i] && f.cities[i]
			}
		}
		f.cities = in
	}
	return f
}

func (ix *searchIndex) locationCities(loc string) []bool {
	if city, state, ok := strings.Cut(loc, ","); ok {
		if code, ok := places.StateCode(state); ok {
			slug := places.CitySlug(city)
			if in, found := ix.citiesFound(func(c cityEntry) bool { return c.state == code && c.slug == slug }); found {
				return in
			}
		}
	} else {
		code, isState := places.StateCode(loc)
		slug := places.CitySlug(loc)
		in, found := ix.citiesFound(func(c cityEntry) bool {
			return (isState && c.state == code) || (slug != "" && c.slug == slug)
		})
		if found || isState {
			return in
		}
	}
	sub := fold(loc)
	return ix.citiesWhere(func(c cityEntry) bool { return strings.Contains(c.loc, sub) })
}

func (ix *searchIndex) citiesWhere(match func(cityEntry) bool) []bool {
	in, _ := ix.citiesFound(match)
	return in
}

// citiesFound marks the cities that match, and says whether any listing is
// in one of them.
func (ix *searchIndex) citiesFound(match func(cityEntry) bool) ([]bool, bool) {
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

// scratch is one search's working memory, reused across searches.
type scratch struct {
	class   []uint8 // by document: the best match class, noMatch if none
	touched []int32 // documents whose class was set
	count   []uint8 // by document: how many of a text's words it has
	classes []uint8 // the classes of matches (see matches)
	keys    []uint64
}

// Classes that are not matches: a document not looked at yet, and one
// looked at that does not match.
const (
	noMatch = 0xff
	checked = 0xfe
)

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// search finds a page (offset, limit) of the listings q matches, as
// documents in order, and how many match in all.
func (ix *searchIndex) search(q Search, offset, limit int) (page []int32, total int) {
	f := ix.filter(q)
	if f.none {
		return nil, 0
	}
	sort := orderRelevance
	switch q.Sort {
	case SortRating:
		sort = orderRating
	case SortReviews:
		sort = orderReviews
	case SortName:
		sort = orderName
	}
	text := fold(strings.Join(strings.Fields(q.Query), " "))
	sc := scratches.Get().(*scratch)
	defer scratches.Put(sc)
	var docs []int32
	var classes []uint8
	switch {
	case text != "":
		docs, classes = ix.matches(text, sc)
	case !ix.narrow(f, sc):
		return ix.walk(sort, f, offset, limit)
	default:
		// The listings of a category or of a few places, fewer than
		// walking the whole order would pass by.
		docs = sc.touched
	}
	// Each match's key orders it: its position in the sort's order, and
	// for relevance, first whether it is featured and where the text
	// matched (spec §5: featured first; then, by the text, a match in the
	// name before one in a tag or the sub-category before one in the
	// description, a word's start before its inside).
	by := sort
	if sort == orderRelevance {
		by = orderRating
	}
	sc.keys = sc.keys[:0]
	for i, d := range docs {
		m := &ix.meta[d]
		if !f.pass(m) {
			continue
		}
		var class uint8 // of no text: all alike
		if classes != nil {
			class = classes[i]
		}
		key := uint64(ix.rank[by][d])
		if sort == orderRelevance {
			if m.flags&docFeatured == 0 {
				key |= 1 << 40
			}
			key |= uint64(class) << 32
		}
		sc.keys = append(sc.keys, key)
	}
	total = len(sc.keys)
	first := smallest(sc.keys, offset+limit)
	if offset >= len(first) {
		return nil, total
	}
	for _, k := range first[offset:] {
		page = append(page, ix.order[by][uint32(k)])
	}
	return page, total
}

// narrow puts in sc.touched the listings of f's category or places, when
// they are a small part of the index, and says whether it did.
func (ix *searchIndex) narrow(f indexFilter, sc *scratch) bool {
	limit := len(ix.byID) / 4
	var places int
	if f.cities != nil {
		for c, in := range f.cities {
			if in {
				places += len(ix.byCity[c])
			}
		}
	}
	sc.touched = sc.touched[:0]
	switch {
	case f.category >= 0 && len(ix.byCategory[f.category]) <= limit && (f.cities == nil || len(ix.byCategory[f.category]) <= places):
		sc.touched = append(sc.touched, ix.byCategory[f.category]...)
	case f.cities != nil && places <= limit:
		for c, in := range f.cities {
			if in {
				sc.touched = append(sc.touched, ix.byCity[c]...)
			}
		}
	default:
		return false
	}
	return true
}

// walk reads a page of the listings passing f in sort's order: a slice of
// the order when nothing filters, else one pass that counts them all.
func (ix *searchIndex) walk(sort int, f indexFilter, offset, limit int) (page []int32, total int) {
	order := ix.order[sort]
	if !f.any() {
		return slices.Clone(order[min(offset, len(order)):min(offset+limit, len(order))]), len(order)
	}
	for _, d := range order {
		if !f.pass(&ix.meta[d]) {
			continue
		}
		if total >= offset && total < offset+limit {
			page = append(page, d)
		}
		total++
	}
	return page, total
}

// business is document d as a listing: what a directory card shows.
func (ix *searchIndex) business(d int32) Business {
	t, m := &ix.text[d], &ix.meta[d]
	var tags Lines
	_ = tags.Scan(t.tags)
	return Business{
		ID: t.id, Slug: t.slug, Name: t.name, Tagline: t.tagline, Description: t.description,
		Category: ix.categories[m.category], SubCategory: t.subCategory, Tags: tags,
		City: t.city, State: t.state, Phone: t.phone, ShowPhone: t.phone != "",
		BusinessType: ix.types[m.typ], Rating: m.rating, ReviewCount: int(m.reviews),
		Verified: m.flags&docVerified != 0, Featured: m.flags&docFeatured != 0, Claimed: t.claimed, Published: true,
	}
}

// intern shares one copy of a string that many listings repeat (a city,
// a state, a sub-category).
func (ix *searchIndex) intern(s string) string {
	if v, ok := ix.interned[s]; ok {
		return v
	}
	if ix.interned == nil {
		ix.interned = map[string]string{}
	}
	ix.interned[s] = s
	return s
}

// smallest sorts the n smallest keys to the front of keys and returns
// them: a bounded heap for a first page among many matches, a full sort
// otherwise.
func smallest(keys []uint64, n int) []uint64 {
	if n*4 >= len(keys) {
		slices.Sort(keys)
		return keys[:min(n, len(keys))]
	}
	// keys[:n] becomes a max-heap of the n smallest seen so far.
	h := keys[:n]
	for i := n/2 - 1; i >= 0; i-- {
		siftDown(h, i)
	}
	for _, k := range keys[n:] {
		if k < h[0] {
			h[0] = k
			siftDown(h, 0)
		}
	}
	slices.Sort(h)
	return h
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

// matches are the live documents whose name, tags, sub-category or
// description contain text (folded), with the class of each match (see
// match). Text that took long to match is kept for the next searches
// until the index changes: a two-letter query or a common word matches
// most listings, and visitors search them again and again with other
// filters, sorts and pages.
func (ix *searchIndex) matches(text string, sc *scratch) ([]int32, []uint8) {
	if m, ok := ix.terms.get(text); ok {
		return m.docs, m.classes
	}
	work := ix.match(text, sc)
	docs, classes := sc.touched[:0], sc.classes[:0]
	for _, d := range sc.touched {
		c := sc.class[d]
		sc.class[d] = noMatch
		if c < checked {
			docs, classes = append(docs, d), append(classes, c)
		}
	}
	sc.touched, sc.classes = docs, classes
	if work >= costlyMatch {
		ix.terms.put(text, termMatches{slices.Clone(docs), slices.Clone(classes)}, ix.termCacheSize())
	}
	return docs, classes
}

// costlyMatch is the work (postings read and documents checked) past which
// a text's matches are worth keeping.
const costlyMatch = 20_000

// match finds the live documents whose name, tags, sub-category or
// description contain text (folded), and the class of each match:
// 2×field, +1 when it does not start a word. A text that is one word is
// found from the vocabulary alone; other text is checked on the documents
// that have all its words (or, with no word at all, on every one).
func (ix *searchIndex) match(text string, sc *scratch) (work int) {
	if len(sc.class) < len(ix.meta) {
		sc.class = make([]uint8, len(ix.meta)+len(ix.meta)/8)
		for i := range sc.class {
			sc.class[i] = noMatch
		}
	}
	sc.touched = sc.touched[:0]
	words := wordsOf(text)
	if len(words) == 1 && words[0] == text {
		ix.eachWordWith(text, func(p *postings, start bool) {
			for f := range numFields {
				class := uint8(2 * f)
				if !start {
					class++
				}
				work += len(p[f])
				for _, d := range p[f] {
					c := sc.class[d]
					if c == noMatch {
						sc.touched = append(sc.touched, d)
					}
					if class < c {
						sc.class[d] = class
					}
				}
			}
		})
		return work
	}
	// Several words: the documents that have every one of them (a word
	// counted once a document, in count) are checked for the text itself.
	if len(words) == 0 {
		for d := range ix.meta {
			if ix.meta[d].flags&docLive != 0 {
				work++
				sc.touched = append(sc.touched, int32(d))
				sc.class[d] = classOf(ix.text[d].fields(), text)
			}
		}
		return work
	}
	if len(sc.count) < len(sc.class) {
		sc.count = make([]uint8, len(sc.class))
	}
	words = words[:min(len(words), 250)]
	var seen []int32
	for i, w := range words {
		ix.eachWordWith(w, func(p *postings, _ bool) {
			for f := range numFields {
				work += len(p[f])
				for _, d := range p[f] {
					if int(sc.count[d]) == i {
						sc.count[d]++
						if i == 0 {
							seen = append(seen, d)
						}
					}
				}
			}
		})
	}
	for _, d := range seen {
		if int(sc.count[d]) == len(words) {
			work++
			sc.touched = append(sc.touched, d)
			sc.class[d] = classOf(ix.text[d].fields(), text)
		}
		sc.count[d] = 0
	}
	return work
}

// eachWordWith calls fn with the postings of every word containing sub,
// and whether sub starts it. Only the words that have sub's rarest pair of
// bytes are looked at.
func (ix *searchIndex) eachWordWith(sub string, fn func(p *postings, start bool)) {
	check := func(v vocabWord) {
		if i := strings.Index(v.word, sub); i >= 0 {
			fn(v.p, i == 0)
		}
	}
	if len(sub) < 2 {
		for _, v := range ix.vocab {
			check(v)
		}
		return
	}
	var words []int32
	for i := 0; i+1 < len(sub); i++ {
		list := ix.pairs[[2]byte{sub[i], sub[i+1]}]
		if i == 0 || len(list) < len(words) {
			words = list
		}
	}
	for _, w := range words {
		check(ix.vocab[w])
	}
}

// addWord adds a new word to the vocabulary.
func (ix *searchIndex) addWord(w string, p *postings) {
	id := int32(len(ix.vocab))
	ix.vocab = append(ix.vocab, vocabWord{w, p})
	if ix.pairs == nil {
		ix.pairs = map[[2]byte][]int32{}
	}
	for i := 0; i+1 < len(w); i++ {
		pair := [2]byte{w[i], w[i+1]}
		if list := ix.pairs[pair]; len(list) == 0 || list[len(list)-1] != id {
			ix.pairs[pair] = append(list, id)
		}
	}
}

// classOf is where text matches in t (see match), or checked if nowhere.
func classOf(fields [numFields]string, text string) uint8 {
	for f, s := range fields {
		inside := false
		for from := 0; ; {
			i := strings.Index(s[from:], text)
			if i < 0 {
				break
			}
			i += from
			if r, _ := utf8.DecodeLastRuneInString(s[:i]); i == 0 || !isWordRune(r) {
				return uint8(2 * f)
			}
			inside = true
			_, size := utf8.DecodeRuneInString(s[i:])
			from = i + size
		}
		if inside {
			return uint8(2*f + 1)
		}
	}
	return checked
}

// indexStats are the index's places and category counts, computed once
// until the index changes; callers must not modify them.
type indexStats struct {
	places     []Place
	categories map[string]int
}

// statistics are the places and category counts of the index.
func (ix *searchIndex) statistics() *indexStats {
	if st := ix.stats.Load(); st != nil {
		return st
	}
	st := &indexStats{places: ix.places(), categories: ix.categoryCounts()}
	ix.stats.Store(st)
	return st
}

// changed forgets what the index computed from its documents.
func (ix *searchIndex) changed() {
	ix.terms.clear()
	ix.stats.Store(nil)
}

// places are the cities with live listings, by state then city.
func (ix *searchIndex) places() []Place {
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
func (ix *searchIndex) categoryCounts() map[string]int {
	out := map[string]int{}
	for id, docs := range ix.byCategory {
		if len(docs) > 0 {
			out[ix.categories[id]] = len(docs)
		}
	}
	return out
}

// termCache keeps the matches of costly text for an index until it
// changes, within a bound on their size.
type termCache struct {
	mu      sync.Mutex
	entries map[string]termMatches
	size    int // documents held in all
}

type termMatches struct {
	docs    []int32
	classes []uint8
}

// termCacheSize bounds the documents a term cache holds (5 bytes each):
// room for the matches of 16 texts that match every listing, and at least
// 8 million.
func (ix *searchIndex) termCacheSize() int { return max(8<<20, 16*len(ix.meta)) }

func (c *termCache) get(text string) (termMatches, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, ok := c.entries[text]
	return m, ok
}

func (c *termCache) put(text string, m termMatches, limit int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[string]termMatches{}
	}
	for k, old := range c.entries {
		if c.size+len(m.docs) <= limit {
			break
		}
		delete(c.entries, k)
		c.size -= len(old.docs)
	}
	if _, ok := c.entries[text]; !ok {
		c.entries[text] = m
		c.size += len(m.docs)
	}
}

// clear forgets every entry: the index changed.
func (c *termCache) clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries, c.size = nil, 0
}

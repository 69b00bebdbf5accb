// Package loadmix is the directory searches a load test sends: an endless,
// seeded stream of /directory and /directory.json URLs of many shapes
// (broad and rare words, substrings, two letters, misses, categories,
// cities and states, filters, sorts, pages near and deep), drawn from the
// vocabulary of the synthetic listings (synthetic.Words) so that
// words find what they would on a real directory, and in which no search
// repeats, so that a cache of results cannot carry the load.
package loadmix

import (
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"bizprofile/catalog"
	"bizprofile/geo"
	"bizprofile/internal/synthetic"
	"bizprofile/places"
	"bizprofile/store"
)

// Shape is a kind of directory search.
type Shape struct {
	Name   string
	Weight int // share of the mix, in percent
	build  func(m *Mix) url.Values
}

// Shapes are the kinds of search in the mix. Each builds a search's
// controls from the synthetic listings' vocabulary: words that find
// thousands of listings, a handful, or none.
var Shapes = []Shape{
	{"broad word", 8, func(m *Mix) url.Values { // "bakery": thousands of matches
		v := m.search(m.broadWord(), "", "", m.sort(), m.maybeRating(30))
		m.filters(v, 20, 20)
		return v
	}},
	{"rare word", 7, func(m *Mix) url.Values { // an owner's family name: a handful, or a few hundred
		return m.search(m.rareWord(), "", "", m.sort(), "")
	}},
	{"substring", 7, func(m *Mix) url.Values { // "akery", "ingto"
		return m.search(m.substring(), "", "", m.sort(), m.maybeRating(15))
	}},
	{"two letters", 5, func(m *Mix) url.Values { // "ba", "tx"
		v := m.search(m.twoLetters(), "", "", m.sort(), m.maybeRating(30))
		m.filters(v, 20, 20)
		return v
	}},
	{"miss", 5, func(m *Mix) url.Values { // a word nobody uses, or a city with no listings
		if m.chance(25) {
			return m.search(m.broadWord(), "", m.missWord(), m.sort(), "")
		}
		return m.search(m.missWord(), "", "", m.sort(), "")
	}},
	{"category", 7, func(m *Mix) url.Values {
		v := m.search("", m.category(), "", m.sort(), m.maybeRating(40))
		m.filters(v, 40, 40)
		m.maybePage(v, 40, 10)
		return v
	}},
	{"city", 7, func(m *Mix) url.Values { // "Austin", "salt lake"
		return m.search("", m.maybeCategory(50), m.city(), m.sort(), m.maybeRating(20))
	}},
	{"state", 7, func(m *Mix) url.Values { // "TX", "tx", "Texas"
		return m.search("", m.maybeCategory(60), m.state(), m.sort(), m.maybeRating(40))
	}},
	{"City, ST", 6, func(m *Mix) url.Values { // "Austin, TX"
		c := m.cityState()
		return m.search("", m.maybeCategory(50), c[0]+", "+c[1], m.sort(), m.maybeRating(30))
	}},
	{"filters", 6, func(m *Mix) url.Values { // rating, verified, type over everything
		v := m.search("", m.maybeCategory(50), "", m.sort(), m.maybeRating(60))
		if m.chance(30) {
			v.Set("location", m.cityState()[1])
		}
		m.filters(v, 50, 50)
		if v.Get("min_rating") == "" && v.Get("verified") == "" && v.Get("type") == "" {
			v.Set("verified", "1")
		}
		return v
	}},
	{"pages 2-5", 6, func(m *Mix) url.Values {
		var v url.Values
		switch m.r.IntN(5) {
		case 0:
			v = m.search("", "", "", m.sort(), "")
		case 1:
			v = m.search(m.broadWord(), "", "", m.sort(), "")
		case 2:
			v = m.search("", m.category(), "", m.sort(), m.maybeRating(30))
		case 3:
			v = m.search("", m.maybeCategory(30), m.city(), m.sort(), "")
		default:
			v = m.search("", m.maybeCategory(50), m.cityState()[1], m.sort(), m.maybeRating(30))
		}
		v.Set("page", strconv.Itoa(2+m.r.IntN(4)))
		return v
	}},
	{"deep page", 4, func(m *Mix) url.Values { // a crawler walking the pages
		var v url.Values
		pages := m.size / 25 // a page is about 20 listings, most of them published
		switch m.r.IntN(10) {
		case 0, 1, 2, 3, 4:
			v = m.search("", "", "", m.sort(), "")
		case 5, 6, 7:
			v, pages = m.search("", m.category(), "", m.sort(), ""), pages/12
		default:
			v, pages = m.search("", "", m.cityState()[1], m.sort(), ""), pages/60
		}
		v.Set("page", strconv.Itoa(6+m.r.IntN(max(min(pages, catalog.MaxDirectoryPage)-5, 1))))
		return v
	}},
	{"forgiven word", 6, func(m *Mix) url.Values { // "plumber", "lawyer", "bakry": other forms, synonyms, typos
		q := m.forgivenWord()
		place := ""
		if m.chance(30) {
			place = m.city()
		}
		v := m.search(q, m.maybeCategory(20), place, m.sort(), m.maybeRating(30))
		m.filters(v, 20, 20)
		return v
	}},
	{"place as typed", 4, func(m *Mix) url.Values { // "portland or", "Austin TX", "NYC"
		return m.search("", m.maybeCategory(50), m.placeAsTyped(), m.sort(), m.maybeRating(30))
	}},
	{"combination", 7, func(m *Mix) url.Values { // text, category, place, filters together
		q := m.broadWord()
		if m.chance(30) {
			q = m.rareWord()
		}
		place := m.city()
		if m.chance(50) {
			place = m.cityState()[1]
		}
		v := m.search(q, m.maybeCategory(60), place, m.sort(), m.maybeRating(40))
		m.filters(v, 30, 30)
		m.maybePage(v, 15, 3)
		return v
	}},
	{"near a place", 7, func(m *Mix) url.Values { // "Austin, TX" or a visitor's coordinates, within 5-100 miles
		v := m.search(m.maybeBroadWord(30), m.maybeCategory(50), "", m.nearSort(), m.maybeRating(20))
		v.Set("near", m.near())
		if r := m.radius(); r != "" {
			v.Set("radius", r)
		}
		m.maybePage(v, 15, 3)
		return v
	}},
	{"open now", 2, func(m *Mix) url.Values { // open now, near a place or in a city
		v := m.search("", m.maybeCategory(50), "", m.sort(), "")
		if m.chance(50) {
			v.Set("near", m.near())
			v.Set("sort", m.nearSort())
		} else {
			v.Set("location", m.city())
		}
		v.Set("open", "now")
		return v
	}},
}

// near is a place as a visitor gives one: a city and state, or the
// coordinates "Near me" sends (within a few miles of a city's centre).
func (m *Mix) near() string {
	c := m.cityState()
	if p, _, ok := geo.Locate("", c[0], c[1]); ok && m.chance(40) {
		return strconv.FormatFloat(p.Lat+(m.r.Float64()-0.5)*0.2, 'f', 4, 64) + "," + strconv.FormatFloat(p.Lng+(m.r.Float64()-0.5)*0.2, 'f', 4, 64)
	}
	return c[0] + ", " + c[1]
}

// radius is a search's radius in miles, "" for the default (25).
func (m *Mix) radius() string { return []string{"", "", "5", "10", "50", "100"}[m.r.IntN(6)] }

// nearSort is the sort of a search near a place: mostly nearest first.
func (m *Mix) nearSort() string {
	if m.chance(60) {
		return "distance"
	}
	return m.sort()
}

// maybeBroadWord is a broad word percent of the time, else "".
func (m *Mix) maybeBroadWord(percent int) string {
	if m.chance(percent) {
		return m.broadWord()
	}
	return ""
}

// URL is one request of the mix.
type URL struct {
	Path  string // with its query: "/directory?q=bakery&sort=rating"
	Shape int    // index in Shapes
	JSON  bool   // Path is /directory.json
}

// Mix is an endless, seeded stream of directory URLs of every shape in
// which no search repeats: two URLs that differ only in case, the order
// or presence of empty controls, the view or the format (page or JSON)
// count as the same search, so a cache of results cannot carry the run.
// It is safe for concurrent use.
type Mix struct {
	mu         sync.Mutex
	r          *rand.Rand
	vocab      synthetic.Vocabulary
	size       int // listings in the dataset, for the range of deep pages
	seen       map[string]bool
	sums       []int             // running sums of the shapes' weights
	stateCodes map[string]string // lower-case state name → code
}

// New is the mix for a dataset of size synthetic listings.
func New(seed uint64, size int) *Mix {
	m := &Mix{
		r:          rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d)),
		vocab:      synthetic.Words(),
		size:       size,
		seen:       map[string]bool{},
		stateCodes: map[string]string{},
	}
	total := 0
	for _, s := range Shapes {
		total += s.Weight
		m.sums = append(m.sums, total)
	}
	for _, s := range places.States {
		m.stateCodes[strings.ToLower(s.Name)] = strings.ToLower(s.Code)
	}
	return m
}

// Next is the next URL of the mix.
func (m *Mix) Next() URL {
	m.mu.Lock()
	defer m.mu.Unlock()
	n := m.r.IntN(m.sums[len(m.sums)-1])
	shape := 0
	for n >= m.sums[shape] {
		shape++
	}
	for tries := 0; ; tries++ {
		v := Shapes[shape].build(m)
		if tries > 100 {
			// The shape's plain searches are spent: narrow this one further.
			m.filters(v, 50, 50)
			m.maybePage(v, 50, 5)
		}
		key := m.key(v)
		if m.seen[key] {
			continue
		}
		m.seen[key] = true
		return m.url(v, shape)
	}
}

// key is what identifies a search among v's controls.
func (m *Mix) key(v url.Values) string {
	k := url.Values{}
	for name, vals := range v {
		val := strings.ToLower(vals[0])
		switch {
		case val == "", name == "view",
			name == "sort" && val == store.SortRelevance,
			name == "page" && val == "1":
			continue
		case name == "location" && m.stateCodes[val] != "":
			val = m.stateCodes[val]
		}
		k.Set(name, val)
	}
	return k.Encode()
}

// url writes v as a visitor's browser would ask for it: 30% of the
// searches as the island's JSON; the pages as links (only the controls
// set) or, half the time, as the search form sends them (every control,
// empty ones too).
func (m *Mix) url(v url.Values, shape int) URL {
	if m.chance(30) {
		return URL{Path: "/directory.json?" + v.Encode(), Shape: shape, JSON: true}
	}
	if m.chance(20) {
		v.Set("view", "list")
	}
	if !m.chance(50) {
		return URL{Path: "/directory?" + v.Encode(), Shape: shape}
	}
	var b strings.Builder
	for i, name := range []string{"q", "category", "location", "near", "radius", "sort", "view", "min_rating", "type", "verified", "open", "page"} {
		val := v.Get(name)
		if val == "" && (name == "verified" || name == "open" || name == "page" || name == "view") {
			continue
		}
		if name == "sort" && val == "" {
			val = store.SortRelevance
		}
		if name == "radius" && val == "" {
			val = "25"
		}
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(name + "=" + url.QueryEscape(val))
	}
	return URL{Path: "/directory?" + b.String(), Shape: shape}
}

// search is the controls of a search; empty ones are left out.
func (m *Mix) search(q, category, location, sort, minRating string) url.Values {
	v := url.Values{}
	for name, val := range map[string]string{"q": q, "category": category, "location": location, "sort": sort, "min_rating": minRating} {
		if val != "" {
			v.Set(name, val)
		}
	}
	return v
}

// filters sets, each with its chance in percent, the verified-only
// filter and a business type.
func (m *Mix) filters(v url.Values, verified, typ int) {
	if m.chance(verified) {
		v.Set("verified", "1")
	}
	if m.chance(typ) {
		v.Set("type", catalog.BusinessTypes[m.r.IntN(len(catalog.BusinessTypes))].Value)
	}
}

// maybePage asks, with chance percent, for a page from 2 to last.
func (m *Mix) maybePage(v url.Values, chance, last int) {
	if m.chance(chance) {
		v.Set("page", strconv.Itoa(2+m.r.IntN(last-1)))
	}
}

func (m *Mix) chance(percent int) bool { return m.r.IntN(100) < percent }

// sort is a sort as visitors choose them: mostly the default.
func (m *Mix) sort() string {
	switch n := m.r.IntN(100); {
	case n < 40:
		return "" // relevance, the default
	case n < 65:
		return store.SortRating
	case n < 80:
		return store.SortReviews
	default:
		return store.SortName
	}
}

func (m *Mix) maybeRating(percent int) string {
	if !m.chance(percent) {
		return ""
	}
	return catalog.RatingOptions[m.r.IntN(len(catalog.RatingOptions))].Value
}

func (m *Mix) category() string { return m.vocab.Categories[m.r.IntN(len(m.vocab.Categories))] }

func (m *Mix) maybeCategory(percent int) string {
	if !m.chance(percent) {
		return ""
	}
	return m.category()
}

// typed is w as a visitor types it: mostly in lower case.
func (m *Mix) typed(w string) string {
	if m.chance(70) {
		return strings.ToLower(w)
	}
	return w
}

func (m *Mix) broadWord() string {
	return m.typed(m.vocab.Common[m.r.IntN(len(m.vocab.Common))])
}

func (m *Mix) rareWord() string {
	if m.chance(30) {
		return m.typed(m.vocab.Surnames[m.r.IntN(len(m.vocab.Surnames))])
	}
	return m.typed(m.vocab.Rare[m.r.IntN(len(m.vocab.Rare))])
}

// substring is 3 to 6 letters from inside a word of the vocabulary.
func (m *Mix) substring() string {
	for {
		var w string
		switch m.r.IntN(3) {
		case 0:
			w = m.vocab.Common[m.r.IntN(len(m.vocab.Common))]
		case 1:
			w = m.vocab.Rare[m.r.IntN(len(m.vocab.Rare))]
		default:
			w = m.vocab.Surnames[m.r.IntN(len(m.vocab.Surnames))]
		}
		words := strings.Fields(strings.ToLower(w))
		w = words[m.r.IntN(len(words))]
		n := 3 + m.r.IntN(4)
		if len(w) < n+1 {
			continue
		}
		from := 1 + m.r.IntN(len(w)-n)
		return w[from : from+n]
	}
}

// twoLetters is two letters that start or are inside a word.
func (m *Mix) twoLetters() string {
	for {
		w := strings.ToLower(m.vocab.Common[m.r.IntN(len(m.vocab.Common))])
		if m.chance(20) {
			return strings.ToLower(m.cityState()[1])
		}
		from := 0
		if m.chance(40) {
			from = m.r.IntN(max(len(w)-1, 1))
		}
		if s := w[from:min(from+2, len(w))]; len(s) == 2 && !strings.ContainsAny(s, " &-'.,") {
			return s
		}
	}
}

// forgivenWords are words visitors type that listings say otherwise:
// other forms of their words and synonyms (catalog/synonyms.txt).
var forgivenWords = []string{
	"plumber", "plumbers", "dentist", "lawyer", "attorney", "electrician", "roofer", "accountant",
	"mechanic", "tutor", "painter", "bakers", "caterer", "barber", "doctor", "realtor", "photographer",
	"therapist", "chiropractor", "landscaper", "mover", "cleaner", "hairdresser", "developer", "contractor",
}

// forgivenWord is, half the time, a word of forgivenWords, else a word of
// the vocabulary with one typo (a letter left out, changed, doubled, or
// two swapped).
func (m *Mix) forgivenWord() string {
	if m.chance(50) {
		return forgivenWords[m.r.IntN(len(forgivenWords))]
	}
	for {
		words := strings.Fields(strings.ToLower(m.vocab.Common[m.r.IntN(len(m.vocab.Common))]))
		w := words[m.r.IntN(len(words))]
		if len(w) < 5 || strings.ContainsAny(w, "&-'.,") {
			continue
		}
		i := 1 + m.r.IntN(len(w)-2)
		switch m.r.IntN(4) {
		case 0:
			return w[:i] + w[i+1:]
		case 1:
			return w[:i] + string(rune('a'+m.r.IntN(26))) + w[i+1:]
		case 2:
			return w[:i] + w[i:i+1] + w[i:]
		default:
			return w[:i] + w[i+1:i+2] + w[i:i+1] + w[i+2:]
		}
	}
}

// placeAsTyped is a place as visitors type it besides "City, ST": without
// the comma, with the state's name, or an abbreviation.
func (m *Mix) placeAsTyped() string {
	c := m.cityState()
	switch m.r.IntN(5) {
	case 0:
		return []string{"NYC", "LA", "SF", "DC", "nyc", "Philly", "Vegas"}[m.r.IntN(7)]
	case 1:
		return strings.ToLower(c[0]) + " " + places.StateName(c[1])
	case 2:
		return c[0] + " " + strings.ToLower(c[1])
	default:
		return c[0] + " " + c[1]
	}
}

// missWord is a made-up word that no listing holds.
func (m *Mix) missWord() string {
	const consonants, vowels = "bcdfghjklmnpqrstvwxz", "aeiouy"
	var b strings.Builder
	b.WriteString([]string{"zq", "xv", "qz", "vx"}[m.r.IntN(4)])
	for range 3 + m.r.IntN(3) {
		b.WriteByte(consonants[m.r.IntN(len(consonants))])
		b.WriteByte(vowels[m.r.IntN(len(vowels))])
	}
	return b.String()
}

// cityState is a city and its state, drawn evenly (the data has more
// listings in big cities).
func (m *Mix) cityState() [2]string { return m.vocab.Cities[m.r.IntN(len(m.vocab.Cities))] }

// city is a city as visitors type it: its name, or the start of it.
func (m *Mix) city() string {
	c := m.cityState()[0]
	if m.chance(15) && len(c) > 6 {
		c = strings.TrimRight(c[:4+m.r.IntN(len(c)-5)], " .-")
	}
	return m.typed(c)
}

// state is a state as visitors type it: "TX", "tx" or "Texas".
func (m *Mix) state() string {
	code := m.cityState()[1]
	switch m.r.IntN(4) {
	case 0:
		return strings.ToLower(code)
	case 1:
		return places.StateName(code)
	default:
		return code
	}
}

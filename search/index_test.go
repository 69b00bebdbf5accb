package search

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/geo"
	"bizprofile/opening"
)

// The index's fast paths (words looked up in the vocabulary, a
// category's or a place's listings instead of a walk, kept matches, a
// bounded heap) find the same pages as checking every listing does, once
// built and after changes applied one by one.
func TestIndexAgreesWithACheckOfEveryListing(t *testing.T) {
	// Matches kept as usual, and kept for almost every text (followed
	// through the changes).
	for _, costly := range []int{20_000, 50} {
		t.Run(fmt.Sprintf("kept past %d", costly), func(t *testing.T) {
			costlyMatch = costly
			t.Cleanup(func() { costlyMatch = 20_000 })
			indexAgrees(t)
		})
	}
}

func indexAgrees(t *testing.T) {
	const size, pageSize = 3000, 20
	r := rand.New(rand.NewPCG(1, 2))
	listings := map[int64]Listing{}
	for id := range int64(size) {
		listings[id+1] = testListing(r, id+1)
	}
	e := NewIndex()
	e.Build(ctx, 1, published(listings))
	ix := e.cur.Load()
	pick := func(opts ...string) string { return opts[r.IntN(len(opts))] }
	texts := []string{"", "", "coffee", "ca", "e", "web design", "roofing", "garcia & sons", "a-b", "-", "zzqx", "st. ", "bakery & cafe",
		"plumber", "plumbr", "roofer", "coffe", "lawyer", "design web", "sunrse bakery", "bakers", "cafes", "partner", "s_a", "st elmo", "a cafe"}
	check := func(label string) {
		for i := range 300 {
			city := testCities[r.IntN(len(testCities))]
			q := Query{
				Text:     pick(texts...),
				Category: pick("", "", testCategories[r.IntN(len(testCategories))], "nope"),
				Location: pick("", "", city[0], city[1], city[0]+", "+city[1], "port", "lake c"),
				Sort:     pick(SortRelevance, SortRating, SortReviews, SortName),
				Exact:    r.IntN(4) == 0,
			}
			offset := []int{0, 0, 1, 4, 39}[r.IntN(5)] * pageSize
			if r.IntN(4) == 0 {
				q.MinRating = 4
			}
			if r.IntN(4) == 0 {
				q.VerifiedOnly = true
			}
			if r.IntN(5) == 0 {
				q.State, q.City = city[1], pick("", city[0])
			}
			if r.IntN(3) == 0 {
				at := testPoint(r, city)
				q.Near, q.Radius = &at, []float64{0, 5, 25, 100}[r.IntN(4)]
				if r.IntN(2) == 0 {
					q.Sort = SortDistance
				}
			}
			if r.IntN(4) == 0 {
				q.OpenAt = testMoment(r)
			}
			for round := range 2 { // the second time, from kept matches
				got, gotTotal, _ := ix.search(q, offset, pageSize)
				want, wantTotal := everyListing(ix, q, offset, pageSize)
				if !slices.Equal(got, want) || gotTotal != wantTotal {
					t.Fatalf("%s: search %d (round %d) %+v:\n got %v (total %d)\nwant %v (total %d)", label, i, round, q, got, gotTotal, want, wantTotal)
				}
				res := find(e, q, offset, pageSize)
				for j, d := range want {
					if res.Listings[j].ID != ix.docs[d].id {
						t.Fatalf("%s: search %d %+v: listing %d is %d, not %d", label, i, q, j, res.Listings[j].ID, ix.docs[d].id)
					}
				}
				if len(res.Listings) != len(want) || res.Total != wantTotal || res.Version != e.Version() {
					t.Fatalf("%s: search %d %+v: %d listings (total %d, version %d)", label, i, q, len(res.Listings), res.Total, res.Version)
				}
			}
		}
	}
	check("built")
	// Changes applied one by one to the built index: ratings, names,
	// places, categories, unpublished, deleted and new listings.
	hidden := map[int64]bool{}
	for i := range 40 {
		id := int64(1 + r.IntN(size))
		l, ok := listings[id]
		switch k := r.IntN(5); {
		case !ok: // deleted earlier
		case k == 0:
			l.Rating, l.ReviewCount = float64(r.IntN(5))+0.5, r.IntN(900)
		case k == 1:
			l.Name, l.Featured = fmt.Sprintf("Cafe Garcia %d", i), !l.Featured
		case k == 2:
			l.City, l.State, l.Category = "Portland", "ME", "food"
		case k == 3:
			hidden[id] = !hidden[id]
		default:
			delete(listings, id)
		}
		if _, ok := listings[id]; ok {
			listings[id] = l
		}
		added := int64(size + 1 + i)
		listings[added] = Listing{ID: added, Slug: fmt.Sprintf("roofing-coffee-%d", i), Name: fmt.Sprintf("Roofing Coffee %d", i),
			Category: "food", City: "Austin", State: "TX", Rating: float64(r.IntN(5))}
		var now []Listing
		for _, id := range []int64{id, added} {
			if l, ok := listings[id]; ok && !hidden[id] {
				now = append(now, l)
			}
		}
		e.Apply(ctx, int64(2+i), []int64{id, added}, now)
		if e.cur.Load() != ix {
			t.Fatal("the index was rebuilt rather than changed")
		}
		if v := e.Version(); v != int64(2+i) {
			t.Fatalf("version %d after change %d", v, i)
		}
	}
	check("changed")
	for id := range hidden {
		if hidden[id] {
			delete(listings, id)
		}
	}
	// A Build of the listings as they now are agrees with the changes.
	built := NewIndex()
	built.Build(ctx, e.Version(), published(listings))
	for _, q := range []Query{{}, {Text: "coffee"}, {Location: "portland"}, {Sort: SortName, Category: "food"}} {
		got, want := find(e, q, 0, 1000), find(built, q, 0, 1000)
		if !slices.EqualFunc(got.Listings, want.Listings, func(a, b Listing) bool { return a.ID == b.ID }) || got.Total != want.Total {
			t.Errorf("%+v: changed and built indexes disagree: %d and %d listings", q, got.Total, want.Total)
		}
	}
}

// Before its first Build an index is empty, at version -1, and says so.
func TestIndexBeforeItsFirstBuild(t *testing.T) {
	e := NewIndex()
	if v := e.Version(); v != -1 {
		t.Errorf("version %d", v)
	}
	if res := find(e, Query{}, 0, 20); res.Total != 0 || res.Version != -1 {
		t.Errorf("search: %+v", res)
	}
	if e.Incremental(1) {
		t.Error("an index never built takes changes")
	}
}

// An index takes a few changes, and asks to be built again for many or
// once changes have left too many dead documents.
func TestIndexIncremental(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	all := testListings(r, 4000)
	e := NewIndex()
	e.Build(ctx, 1, all)
	if !e.Incremental(1000) || e.Incremental(1001) {
		t.Error("4,000 listings: takes up to 1,000 changes at once")
	}
	changed := make([]int64, 600)
	for i := range changed {
		changed[i] = int64(i + 1)
	}
	e.Apply(ctx, 2, changed, all[:600])
	if !e.Incremental(400) || e.Incremental(401) {
		t.Error("600 dead documents: takes 400 more, not 401")
	}
}

// Listings of the test: a small directory's words, places and categories,
// with the traps the matching must step around (accents, "&", a city name
// in two states, one that is also a state).
var (
	testCategories = []string{"food", "technology", "construction", "beauty", "professional"}
	testNames      = []string{"Garcia & Sons", "Sunrise", "Évora", "Lakeside", "Cafe Luna", "Bluecafe", "St. Elmo", "Red-Oak", "Harbor", "Northstar"}
	testNouns      = []string{"Bakery & Cafe", "Coffee", "Roofing", "Web Design", "Salon", "Partners", "Plumbing", "Labs"}
	testTags       = []string{"coffee", "web design", "a-b testing", "roofing", "brunch", "café", "free estimates", "sourdough"}
	testCities     = [][2]string{{"Portland", "OR"}, {"Portland", "ME"}, {"Austin", "TX"}, {"Salt Lake City", "UT"}, {"Washington", "DC"},
		{"Lake Charles", "LA"}, {"Port St. Lucie", "FL"}, {"Newark", "NJ"}, {"Seattle", "WA"}, {"Davenport", "IA"}}
	testTypes = []string{"storefront", "service_area", "online"}
)

// testListing is a listing drawn from r.
func testListing(r *rand.Rand, id int64) Listing {
	pick := func(opts []string) string { return opts[r.IntN(len(opts))] }
	city := testCities[r.IntN(len(testCities))]
	name := pick(testNames) + " " + pick(testNouns)
	var tags []string
	for range 1 + r.IntN(3) {
		tags = append(tags, pick(testTags))
	}
	return Listing{
		ID: id, Slug: fmt.Sprintf("listing-%d", id), Name: name, Tagline: "in " + city[0],
		Description: fmt.Sprintf("%s serves %s, %s with %s.", name, city[0], city[1], strings.Join(tags, ", ")),
		Tags:        strings.Join(tags, "\n"), SubCategory: pick(testNouns), Category: pick(testCategories),
		City: city[0], State: city[1], Type: pick(testTypes),
		Rating: float64(r.IntN(11)) / 2, ReviewCount: r.IntN(300),
		Featured: r.IntN(50) == 0, Verified: r.IntN(3) == 0, Phone: "(555) 555-0100",
		Located: r.IntN(10) != 0, At: testPoint(r, city), Zone: testZones[city[1]], Week: testWeek(r),
	}
}

// testPoint is a point within about 40 miles of city.
func testPoint(r *rand.Rand, city [2]string) geo.Point {
	c := testCityPoints[city]
	return geo.Point{Lat: c.Lat + (r.Float64()-0.5)*1.2, Lng: c.Lng + (r.Float64()-0.5)*1.2}
}

// testWeek is a week of hours drawn from r: none, office hours, or each
// day's own.
func testWeek(r *rand.Rand) opening.Weekly {
	var days []opening.Day
	switch r.IntN(3) {
	case 0:
		return opening.Weekly{}
	case 1:
		for i := range 7 {
			days = append(days, opening.Day{Open: "09:00", Close: "17:00", Closed: i >= 5})
		}
	default:
		for range 7 {
			open := r.IntN(20)
			days = append(days, opening.Day{Open: fmt.Sprintf("%02d:%02d", open, 15*r.IntN(4)),
				Close: fmt.Sprintf("%02d:00", open+1+r.IntN(23-open)), Closed: r.IntN(5) == 0})
		}
	}
	return opening.Compact(days)
}

// testMoment is a moment of 2026 drawn from r, a few around the changes
// of daylight saving time.
func testMoment(r *rand.Rand) time.Time {
	if r.IntN(4) == 0 {
		return time.Date(2026, 3, 8, 6+r.IntN(4), r.IntN(60), 0, 0, time.UTC)
	}
	return time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(r.Int64N(int64(365 * 24 * time.Hour))))
}

var (
	testCityPoints = map[[2]string]geo.Point{
		{"Portland", "OR"}: {Lat: 45.5152, Lng: -122.6784}, {"Portland", "ME"}: {Lat: 43.6591, Lng: -70.2568},
		{"Austin", "TX"}: {Lat: 30.2672, Lng: -97.7431}, {"Salt Lake City", "UT"}: {Lat: 40.7608, Lng: -111.8910},
		{"Washington", "DC"}: {Lat: 38.9072, Lng: -77.0369}, {"Lake Charles", "LA"}: {Lat: 30.2266, Lng: -93.2174},
		{"Port St. Lucie", "FL"}: {Lat: 27.2730, Lng: -80.3582}, {"Newark", "NJ"}: {Lat: 40.7357, Lng: -74.1724},
		{"Seattle", "WA"}: {Lat: 47.6062, Lng: -122.3321}, {"Davenport", "IA"}: {Lat: 41.5236, Lng: -90.5776},
	}
	testZones = map[string]string{"OR": "America/Los_Angeles", "ME": "America/New_York", "TX": "America/Chicago", "UT": "America/Denver",
		"DC": "America/New_York", "LA": "America/Chicago", "FL": "America/New_York", "NJ": "America/New_York", "WA": "America/Los_Angeles",
		"IA": "America/Chicago"}
)

// testListings are n listings drawn from r, numbered from 1.
func testListings(r *rand.Rand, n int) []Listing {
	out := make([]Listing, n)
	for i := range out {
		out[i] = testListing(r, int64(i+1))
	}
	return out
}

// published are the listings in id order, as a store reads them.
func published(listings map[int64]Listing) []Listing {
	var out []Listing
	for _, l := range listings {
		out = append(out, l)
	}
	slices.SortFunc(out, func(a, b Listing) int { return int(a.ID - b.ID) })
	return out
}

// everyListing is a search done the slow way: every live document checked
// and all the matches sorted.
func everyListing(ix *index, q Query, offset, limit int) ([]int32, int) {
	f := ix.filter(q)
	if f.none {
		return nil, 0
	}
	text := fold(strings.Join(strings.Fields(q.Text), " "))
	by := map[string]int{SortRating: orderRating, SortReviews: orderReviews, SortName: orderName}[q.Sort]
	nearest := q.Sort == SortDistance && q.Near != nil
	type match struct {
		d   int32
		key [3]int
	}
	var all []match
	for d := range ix.meta {
		m := &ix.meta[d]
		if !f.pass(int32(d), m) {
			continue
		}
		class := uint8(0)
		if text != "" {
			class = slowClass(ix.searchable(int32(d)), text)
			if class == checked && !q.Exact {
				class = slowForgiven(ix, int32(d), text)
			}
			if class == checked {
				continue
			}
		}
		key := [3]int{0, 0, int(ix.rank[by][d])}
		switch {
		case nearest:
			key = [3]int{int(min(geo.Distance(*q.Near, ix.where(int32(d)))*100, math.MaxUint32)), 0, int(ix.rank[orderRating][d])}
		case by == orderRelevance:
			key[2] = int(ix.rank[orderRating][d])
			if m.flags&docFeatured == 0 {
				key[1] = 1
			}
			key[0] = int(class)
		}
		all = append(all, match{int32(d), key})
	}
	slices.SortFunc(all, func(a, b match) int { return slices.Compare(a.key[:], b.key[:]) })
	var page []int32
	for _, m := range all[min(offset, len(all)):min(offset+limit, len(all))] {
		page = append(page, m.d)
	}
	return page, len(all)
}

// slowClass is where text (folded) is found in a document's searchable
// fields (see index.searchable), found the plain way: each field folded,
// every occurrence looked at.
func slowClass(s [4]string, text string) uint8 {
	fields := [numFields]string{fold(s[0]), fold(s[1] + "\n" + s[2]), fold(s[3])}
	for f, s := range fields {
		best := -1
		for i := range len(s) {
			if !strings.HasPrefix(s[i:], text) {
				continue
			}
			level := 2
			if r, _ := utf8.DecodeLastRuneInString(s[:i]); i == 0 || !isWordRune(r) {
				level = 1
				if r, _ := utf8.DecodeRuneInString(s[i+len(text):]); i+len(text) == len(s) || !isWordRune(r) {
					level = 0
				}
			}
			if best < 0 || level < best {
				best = level
			}
		}
		if best >= 0 {
			return uint8(3*f + best)
		}
	}
	return checked
}

// slowForgiven is the forgiving class of document d for text (folded), or
// checked, found the plain way: each word of each field compared with
// each word of the text by the rules (the stem, synonyms.txt as the
// catalog reads it, one typo for a word no listing has used).
func slowForgiven(ix *index, d int32, text string) uint8 {
	words := wordsOf(text)
	if len(words) == 0 || len(words) > 16 {
		return checked
	}
	s := ix.searchable(d)
	fields := [numFields][]string{wordsOf(fold(s[0])), wordsOf(fold(s[1] + "\n" + s[2])), wordsOf(fold(s[3]))}
	category := ix.categories[ix.meta[d].category]
	worst := 0
	for _, w := range words {
		typo := len(w) >= minTypoLen
		for _, v := range ix.vocab {
			if strings.Contains(v.word, w) {
				typo = false
			}
		}
		var means [][2]string // category, word start
		for _, g := range catalog.Synonyms {
			for _, t := range g.Typed {
				if t == w || stem(t) == w || t == stem(w) || stem(t) == stem(w) && (stem(t) != t || stem(w) != w) {
					for _, m := range g.Means {
						means = append(means, [2]string{g.Category, m})
					}
				}
			}
		}
		best := -1
		for f, ws := range fields {
			for _, v := range ws {
				tier, in := -1, ""
				switch {
				case v == w || strings.Contains(v, w) && len(w) >= minForgiveLen:
					tier = 0
				case strings.Contains(v, w):
					tier = 3 // enough for the text itself, never for a forgiving match
				case stem(v) == stem(w):
					tier = 1
				default:
					for _, m := range means {
						if strings.HasPrefix(v, m[1]) {
							tier, in = 1, m[0]
							break
						}
					}
					if tier < 0 && typo && oneTypo(w, v) {
						tier = 2
					}
				}
				if tier >= 0 && (in == "" || in == category) && (best < 0 || 3*tier+f < best) {
					best = 3*tier + f
				}
			}
		}
		if best < 0 {
			return checked
		}
		worst = max(worst, best)
	}
	if worst/3 == 3 {
		return checked
	}
	if worst/3 == 2 {
		return uint8(typoClass + worst%3)
	}
	return uint8(formClass + worst%3)
}

// ctx is the tests' context: the in-memory index never fails.
var ctx = context.Background()

// find is e.Search, which never fails in memory.
func find(e *Index, q Query, offset, limit int) Result {
	res, err := e.Search(ctx, q, offset, limit)
	if err != nil {
		panic(err)
	}
	return res
}

func summary(e *Index) Summary {
	s, _ := e.Summary(ctx)
	return s
}

package synthetic

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"
	"unicode/utf8"

	"bizprofile/places"
	"bizprofile/store"
)

// TestSyntheticListings checks the generated listings' vocabulary: every
// city in a real state, every state and most cities used, rare names
// distinct, and the same seed giving the same listings.
func TestSyntheticListings(t *testing.T) {
	v := Words()
	cities := map[[2]string]bool{}
	for _, c := range v.Cities {
		if code, ok := places.StateCode(c[1]); !ok || code != c[1] {
			t.Errorf("%s, %s: not a state code", c[0], c[1])
		}
		if cities[c] {
			t.Errorf("%s, %s listed twice", c[0], c[1])
		}
		cities[c] = true
	}
	rare := map[string]bool{}
	for _, w := range v.Rare {
		if rare[w] {
			t.Errorf("rare name %s made twice", w)
		}
		rare[w] = true
	}

	const n = 20_000
	r1, r2 := rand.New(rand.NewPCG(1, 2)), rand.New(rand.NewPCG(1, 2))
	usedCities, usedStates := map[[2]string]int{}, map[string]bool{}
	for i := range n {
		b := synthBusiness(r1, i)
		if other := synthBusiness(r2, i); !reflect.DeepEqual(b, other) {
			t.Fatalf("listing %d differs with the same seed", i)
		}
		if !cities[[2]string{b.City, b.State}] || b.Name == "" || b.Description == "" || len(b.Tags) == 0 {
			t.Fatalf("listing %d incomplete: %+v", i, b)
		}
		usedCities[[2]string{b.City, b.State}]++
		usedStates[b.State] = true
	}
	if len(usedStates) < 51 {
		t.Errorf("%d states (and DC) have listings, want every one", len(usedStates))
	}
	if len(usedCities) < len(v.Cities)*9/10 {
		t.Errorf("%d of %d cities have listings of %d", len(usedCities), len(v.Cities), n)
	}
	if top, last := usedCities[v.Cities[0]], usedCities[v.Cities[len(v.Cities)-1]]; top < 5*last {
		t.Errorf("the first city has %d listings, the last %d: want big cities to have many more", top, last)
	}
}

// TestSyntheticReviews checks the generated reviews: the same seed gives
// the same ones, and their texts fit the review form (the figures they
// give are checked once the listings are in the database:
// TestSyntheticListingsFiguresAreTheirReviews).
func TestSyntheticReviews(t *testing.T) {
	const n = 20_000
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	lr := rand.New(rand.NewPCG(3, 4))
	r1, r2 := rand.New(rand.NewPCG(1, 2)), rand.New(rand.NewPCG(1, 2))
	counts := make([]int, 13)
	for i := range n {
		b := synthBusiness(lr, i)
		rs, again := synthReviews(r1, b, now), synthReviews(r2, b, now)
		if !reflect.DeepEqual(rs, again) {
			t.Fatalf("listing %d's reviews differ with the same seed", i)
		}
		if len(rs) > 12 {
			t.Fatalf("listing %d has %d reviews", i, len(rs))
		}
		counts[len(rs)]++
		for _, r := range rs {
			if r.Rating < 1 || r.Rating > 5 || r.Title == "" || utf8.RuneCountInString(r.Body) < 20 || r.AuthorName == "" || r.Sentiment != store.StarsSentiment(r.Rating) {
				t.Fatalf("listing %d: review %+v", i, r)
			}
			if !r.CreatedAt.Before(now) || r.CreatedAt.Before(now.AddDate(-3, 0, -1)) {
				t.Fatalf("listing %d: review written %s", i, r.CreatedAt)
			}
		}
	}
	total := 0
	for k, c := range counts {
		total += k * c
	}
	if mean := float64(total) / n; mean < 2.5 || mean > 4 || counts[0] < n/10 || counts[0] > n/3 || counts[12] == 0 {
		t.Errorf("reviews a listing: %v (mean %.2f), want most listings with a few, some with none, a handful with a dozen", counts, mean)
	}
}

package store

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"bizprofile/places"
)

// TestSyntheticListings checks the generated listings' vocabulary: every
// city in a real state, every state and most cities used, rare names
// distinct, and the same seed giving the same listings.
func TestSyntheticListings(t *testing.T) {
	v := SynthVocabulary()
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

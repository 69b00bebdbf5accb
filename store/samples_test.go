package store_test

import (
	"testing"

	"bizprofile/places"
	"bizprofile/store"
)

// The sample listings' places are what the forms accept: a valid city, a
// state by its code (SampleBusinesses refuses anything else).
func TestSampleBusinessesHaveACityAndAStateCode(t *testing.T) {
	bs, err := store.SampleBusinesses()
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) == 0 {
		t.Fatal("no sample listings")
	}
	for _, b := range bs {
		if code, ok := places.StateCode(b.State); !ok || code != b.State || !places.ValidCity(b.City) {
			t.Errorf("%s is in %q, %q", b.Slug, b.City, b.State)
		}
	}
}

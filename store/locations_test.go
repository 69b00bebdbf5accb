package store_test

import (
	"context"
	"database/sql"
	"testing"

	"bizprofile/geo"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// A listing is placed when it is written: at its ZIP code, else its city;
// where its owner put the pin, kept until the owner clears it; nowhere
// when the gazetteer knows neither. It moves with its address.
func TestListingsArePlacedByZIPCityOrPin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner := qrOwner(t, s, "placed")
		zip78664, _ := geo.Parse("78664")
		austin, _ := geo.Parse("Austin, TX")
		byZIP := qrListing(t, s, owner, store.Business{Name: "By ZIP", City: "Round Rock", ZipCode: "78664"})
		byCity := qrListing(t, s, owner, store.Business{Name: "By City", ZipCode: "00000"})
		nowhere := qrListing(t, s, owner, store.Business{Name: "Nowhere", City: "Atlantis", State: "TX"})
		pinned := qrListing(t, s, owner, store.Business{Name: "Pinned", ZipCode: "78664",
			Lat: sql.NullFloat64{Float64: 30.3, Valid: true}, Lng: sql.NullFloat64{Float64: -97.7, Valid: true}, GeoSource: store.GeoPin})
		for _, c := range []struct {
			b      store.Business
			source string
			at     *geo.Point
		}{
			{byZIP, store.GeoZIP, &zip78664.Point},
			{byCity, store.GeoCity, &austin.Point},
			{nowhere, store.GeoNone, nil},
			{pinned, store.GeoPin, &geo.Point{Lat: 30.3, Lng: -97.7}},
		} {
			got, err := s.BusinessByID(ctx, c.b.ID)
			must(t, err)
			p, ok := got.Place()
			switch {
			case got.GeoSource != c.source:
				t.Errorf("%s: placed by %q, want %q", got.Name, got.GeoSource, c.source)
			case c.at == nil && ok:
				t.Errorf("%s: placed at %v, want nowhere", got.Name, p)
			case c.at != nil && (!ok || geo.Distance(p, *c.at) > 0.01):
				t.Errorf("%s: placed at %v (%v), want %v", got.Name, p, ok, *c.at)
			}
		}
		// A new address moves a listing placed by it.
		byZIP.ZipCode = "78701"
		must(t, s.UpdateBusiness(ctx, byZIP))
		got, err := s.BusinessByID(ctx, byZIP.ID)
		must(t, err)
		zip78701, _ := geo.Parse("78701")
		if p, _ := got.Place(); geo.Distance(p, zip78701.Point) > 0.01 {
			t.Errorf("after moving to 78701: at %v, want %v", p, zip78701.Point)
		}
	})
}

// Listings written before they had coordinates are placed when the app
// next starts.
func TestStartUpPlacesOlderListings(t *testing.T) {
	for _, d := range storetest.Engines() {
		t.Run(string(d), func(t *testing.T) {
			ctx := context.Background()
			stores := storetest.OpenShared(t, d, 1)
			s := stores[0]
			b := qrListing(t, s, qrOwner(t, s, "old"), store.Business{Name: "Old Listing", ZipCode: "00000"})
			qrExec(t, s, `UPDATE businesses SET lat = NULL, lng = NULL, geo_source = '' WHERE id = ?`, b.ID)
			again := storetest.OpenSame(t, s)
			got, err := again.BusinessByID(ctx, b.ID)
			must(t, err)
			austin, _ := geo.Parse("Austin, TX")
			if p, ok := got.Place(); !ok || got.GeoSource != store.GeoCity || geo.Distance(p, austin.Point) > 0.01 {
				t.Errorf("after start-up: %v %v by %q", p, ok, got.GeoSource)
			}
		})
	}
}

// A service-area business gets the quote requests its area covers — the
// miles around it that it serves — closest first among equals; one that
// has not given a radius, those of its state as before.
func TestQuoteRequestsMatchServiceAreasByDistance(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ann := qrOwner(t, s, "ann")
		sa := func(name, city, zip string, radius int) {
			qrListing(t, s, ann, store.Business{Name: name, BusinessType: store.TypeServiceArea, City: city, ZipCode: zip, ServiceRadius: radius})
		}
		sa("Round Rock, 25 miles", "Round Rock", "78664", 25)     // ~17 miles from downtown Austin
		sa("Georgetown, 30 miles", "Georgetown", "78626", 30)     // ~26 miles
		sa("Georgetown, 10 miles", "Georgetown", "78626", 10)     // too far
		sa("San Antonio, 100 miles", "San Antonio", "78205", 100) // ~75 miles
		sa("Houston, 50 miles", "Houston", "77002", 50)           // ~145 miles: too far
		sa("Texas, no radius", "El Paso", "79901", 0)             // the whole state, as before
		qrListing(t, s, ann, store.Business{Name: "Austin Storefront", ZipCode: "78701"})

		got := matchedNames(t, s, qrRequest(func(q *store.QuoteRequest) { q.ZipCode = "78701" }))
		want := []string{"Round Rock, 25 miles", "Georgetown, 30 miles", "San Antonio, 100 miles", "Texas, no radius", "Austin Storefront"}
		if !sameSet(got, want) {
			t.Errorf("a request in 78701 matched %q, want %q", got, want)
		}
		ranked, err := s.RankListings(context.Background(), qrRequest(func(q *store.QuoteRequest) { q.ZipCode = "78701" }))
		must(t, err)
		// All have the same points (no reviews, not verified, no leads):
		// the closest come first.
		var order []string
		for _, r := range ranked {
			order = append(order, r.Business.Name)
		}
		wantOrder := []string{"Austin Storefront", "Round Rock, 25 miles", "Georgetown, 30 miles", "San Antonio, 100 miles", "Texas, no radius"}
		if len(order) != len(wantOrder) {
			t.Fatalf("ranked %q", order)
		}
		for i := range order {
			if order[i] != wantOrder[i] {
				t.Fatalf("ranked %q, want %q", order, wantOrder)
			}
		}
		// By city alone, the city's centre is measured from.
		got = matchedNames(t, s, qrRequest(func(q *store.QuoteRequest) { q.City = "Pflugerville" }))
		if !sameSet(got, []string{"Round Rock, 25 miles", "Georgetown, 30 miles", "San Antonio, 100 miles", "Texas, no radius"}) {
			t.Errorf("a request in Pflugerville matched %q", got)
		}
	})
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	seen := map[string]int{}
	for _, x := range a {
		seen[x]++
	}
	for _, x := range b {
		seen[x]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

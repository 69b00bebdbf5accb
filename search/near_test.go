package search

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"bizprofile/geo"
	"bizprofile/opening"
)

// A search near a place finds exactly the located listings within its
// radius (the radius's edge included), each with its distance; nearest
// first when asked; a listing without coordinates is never near anywhere.
func TestSearchNearAPlace(t *testing.T) {
	austin := geo.Point{Lat: 30.2672, Lng: -97.7431}
	roundRock := geo.Point{Lat: 30.5083, Lng: -97.6789} // about 17 miles north
	sanAntonio := geo.Point{Lat: 29.4241, Lng: -98.4936}
	listings := []Listing{
		{ID: 1, Slug: "a", Name: "Austin Plumbing", Category: "construction", City: "Austin", State: "TX", Located: true, At: austin},
		{ID: 2, Slug: "b", Name: "Round Rock Plumbing", Category: "construction", City: "Round Rock", State: "TX", Located: true, At: roundRock},
		{ID: 3, Slug: "c", Name: "San Antonio Plumbing", Category: "construction", City: "San Antonio", State: "TX", Located: true, At: sanAntonio},
		{ID: 4, Slug: "d", Name: "Nowhere Plumbing", Category: "construction", City: "Austin", State: "TX"},
	}
	e := NewIndex()
	e.Build(ctx, 1, listings)
	ids := func(res Result) []int64 {
		var out []int64
		for _, l := range res.Listings {
			out = append(out, l.ID)
		}
		return out
	}
	toRoundRock := geo.Distance(austin, roundRock)
	for _, c := range []struct {
		name string
		q    Query
		want []int64
	}{
		{"25 miles of Round Rock, nearest first", Query{Near: &roundRock, Radius: 25, Sort: SortDistance}, []int64{2, 1}},
		{"the default radius is 25 miles", Query{Near: &roundRock, Sort: SortDistance}, []int64{2, 1}},
		{"10 miles of Round Rock", Query{Near: &roundRock, Radius: 10}, []int64{2}},
		{"100 miles of Round Rock with a text", Query{Text: "plumbing", Near: &roundRock, Radius: 100, Sort: SortDistance}, []int64{2, 1, 3}},
		{"the radius's edge is in", Query{Near: &austin, Radius: toRoundRock, Sort: SortDistance}, []int64{1, 2}},
		{"just short of it is not", Query{Near: &austin, Radius: toRoundRock - 0.01, Sort: SortDistance}, []int64{1}},
		{"distance without a place is relevance", Query{Sort: SortDistance, Text: "plumbing", Location: "Austin"}, []int64{1, 4}},
		{"a category too", Query{Near: &austin, Radius: 100, Category: "food"}, nil},
	} {
		res := find(e, c.q, 0, 20)
		if got := ids(res); !slices.Equal(got, c.want) || res.Total != len(c.want) {
			t.Errorf("%s: %v (total %d), want %v", c.name, got, res.Total, c.want)
		}
		for _, l := range res.Listings {
			if c.q.Near != nil && l.Distance != geo.Distance(*c.q.Near, l.At) {
				t.Errorf("%s: %s is %.2f miles away, says %.2f", c.name, l.Name, geo.Distance(*c.q.Near, l.At), l.Distance)
			}
			if c.q.Near == nil && l.Distance != 0 {
				t.Errorf("%s: %s has a distance (%.2f) without a place", c.name, l.Name, l.Distance)
			}
		}
	}
	// A listing that moves follows: San Antonio's comes to Round Rock.
	moved := listings[2]
	moved.At = geo.Point{Lat: 30.51, Lng: -97.68}
	e.Apply(ctx, 2, []int64{3}, []Listing{moved})
	if got := ids(find(e, Query{Near: &roundRock, Radius: 5, Sort: SortDistance}, 0, 20)); !slices.Equal(got, []int64{2, 3}) {
		t.Errorf("after a move: %v, want [2 3]", got)
	}
}

// "Open now" keeps the listings open at the moment in their own time
// zones, across a change of daylight saving time.
func TestSearchOpenAt(t *testing.T) {
	office := make([]opening.Day, 7)
	for i := range office {
		office[i] = opening.Day{Open: "09:00", Close: "17:00", Closed: i >= 5}
	}
	week := opening.Compact(office)
	listings := []Listing{
		{ID: 1, Slug: "ny", Name: "New York Office", City: "New York", State: "NY", Zone: "America/New_York", Week: week},
		{ID: 2, Slug: "la", Name: "Los Angeles Office", City: "Los Angeles", State: "CA", Zone: "America/Los_Angeles", Week: week},
		{ID: 3, Slug: "az", Name: "Phoenix Office", City: "Phoenix", State: "AZ", Zone: "America/Phoenix", Week: week},
		{ID: 4, Slug: "no", Name: "No Hours", City: "Phoenix", State: "AZ", Zone: "America/Phoenix"},
	}
	e := NewIndex()
	e.Build(ctx, 1, listings)
	for _, c := range []struct {
		at   time.Time
		want []int64
	}{
		// Monday 9 March 2026, the day after the clocks went forward:
		// 16:30 UTC is 12:30 in New York, 09:30 in Los Angeles, 09:30 in
		// Phoenix (no daylight saving).
		{time.Date(2026, 3, 9, 16, 30, 0, 0, time.UTC), []int64{1, 2, 3}},
		// 15:30 UTC: 11:30 New York, 08:30 Los Angeles and Phoenix.
		{time.Date(2026, 3, 9, 15, 30, 0, 0, time.UTC), []int64{1}},
		// Friday 6 March, before the change: 16:30 UTC is 11:30 in New
		// York, 08:30 in Los Angeles, 09:30 in Phoenix.
		{time.Date(2026, 3, 6, 16, 30, 0, 0, time.UTC), []int64{1, 3}},
		// 00:30 UTC Tuesday is 17:30 Monday in Los Angeles: closed.
		{time.Date(2026, 3, 10, 0, 30, 0, 0, time.UTC), nil},
		// Saturday.
		{time.Date(2026, 3, 7, 17, 0, 0, 0, time.UTC), nil},
	} {
		res := find(e, Query{OpenAt: c.at, Sort: SortName}, 0, 20)
		var got []int64
		for _, l := range res.Listings {
			got = append(got, l.ID)
		}
		slices.Sort(got)
		if !slices.Equal(got, c.want) {
			t.Errorf("open at %s: %v, want %v", c.at, got, c.want)
		}
		for _, l := range res.Listings {
			loc, _ := time.LoadLocation(l.Zone)
			if !opening.Status(office, loc, c.at).Open {
				t.Errorf("open at %s: %s found, but its hours say closed", c.at, l.Name)
			}
		}
	}
}

// A snapshot keeps where listings are and their hours.
func TestSnapshotKeepsPlacesAndHours(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	e := NewIndex()
	e.Build(ctx, 1, testListings(r, 500))
	var buf bytes.Buffer
	if err := e.Save(&buf); err != nil {
		t.Fatal(err)
	}
	back := NewIndex()
	if _, err := back.Load(&buf); err != nil {
		t.Fatal(err)
	}
	at := testCityPoints[[2]string{"Austin", "TX"}]
	for _, q := range []Query{{Near: &at, Radius: 50, Sort: SortDistance}, {OpenAt: testMoment(r)}, {Near: &at, OpenAt: testMoment(r)}} {
		got, want := find(back, q, 0, 100), find(e, q, 0, 100)
		if got.Total != want.Total || !slices.EqualFunc(got.Listings, want.Listings, func(a, b Listing) bool {
			return a.ID == b.ID && a.At == b.At && a.Zone == b.Zone && a.Week == b.Week && a.Distance == b.Distance
		}) {
			t.Errorf("%+v: the snapshot finds %d, the index %d", q, got.Total, want.Total)
		}
	}
}

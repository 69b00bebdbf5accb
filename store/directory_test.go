package store_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"bizprofile/internal/samples"
	"bizprofile/internal/synthetic"
	"bizprofile/search"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// directoryFixture is a small directory whose every listing exists to test
// one rule.
func directoryFixture(t *testing.T, s *store.Store) {
	t.Helper()
	ctx := context.Background()
	add := func(b store.Business) {
		b.Published = true
		if _, err := s.CreateBusiness(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	add(store.Business{Name: "Sunrise Coffee Roasters", Description: "Small-batch beans.", Category: "food", SubCategory: "Cafe", Tags: store.Lines{"espresso", "beans"}, City: "Austin", State: "TX", Rating: 4.2, ReviewCount: 80, BusinessType: store.TypeStorefront})
	add(store.Business{Name: "Maple Bakery", Description: "Bread and coffee every morning.", Category: "food", SubCategory: "Bakery", Tags: store.Lines{"sourdough"}, City: "Portland", State: "OR", Rating: 4.9, ReviewCount: 300, Verified: true, BusinessType: store.TypeStorefront})
	add(store.Business{Name: "Northstar Labs", Description: "Software for clinics.", Category: "technology", SubCategory: "Software", Tags: store.Lines{"cloud", "COFFEE-powered"}, City: "Austin", State: "TX", Rating: 3.5, ReviewCount: 12, Featured: true, BusinessType: store.TypeOnline})
	add(store.Business{Name: "Évora Café", Description: "Pastéis de nata.", Category: "food", SubCategory: "Café", Tags: store.Lines{"pastries"}, City: "Newark", State: "NJ", Rating: 4.0, ReviewCount: 40, BusinessType: store.TypeStorefront})
	add(store.Business{Name: "Percent 100% Legal", Description: "Contracts_and more.", Category: "professional", SubCategory: "Law", City: "Chicago", State: "IL", Rating: 4.4, ReviewCount: 9, Verified: true, BusinessType: store.TypeServiceArea})
	add(store.Business{Name: "Hidden Coffee", Description: "Unpublished.", Category: "food", City: "Austin", State: "TX", Rating: 5, ReviewCount: 999})
	// The last one must not be found: unpublish it.
	hidden, _ := s.BusinessBySlug(ctx, "hidden-coffee")
	setUnpublished(t, s, hidden.ID)
}

func names(bs []store.Business) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.Name
	}
	return out
}

func TestSearchRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		directoryFixture(t, s)
		cases := []struct {
			name   string
			search store.Search
			want   []string // in order
			sorted bool     // compare as a set when false
		}{
			{"everything published, relevance: featured first then rating", store.Search{}, []string{"Northstar Labs", "Maple Bakery", "Percent 100% Legal", "Sunrise Coffee Roasters", "Évora Café"}, true},
			{"name substring, any case", store.Search{Query: "BAKERY"}, []string{"Maple Bakery"}, false},
			{"description substring", store.Search{Query: "every morning"}, []string{"Maple Bakery"}, false},
			{"tag substring", store.Search{Query: "sourdo"}, []string{"Maple Bakery"}, false},
			{"sub-category substring", store.Search{Query: "softw"}, []string{"Northstar Labs"}, false},
			{"one query across fields: name, then tag, then description", store.Search{Query: "coffee"}, []string{"Sunrise Coffee Roasters", "Northstar Labs", "Maple Bakery"}, true},
			{"two-letter query", store.Search{Query: "la"}, []string{"Northstar Labs", "Percent 100% Legal"}, false},
			{"unicode, case-insensitive", store.Search{Query: "évora"}, []string{"Évora Café"}, false},
			{"percent is literal", store.Search{Query: "100%"}, []string{"Percent 100% Legal"}, false},
			{"underscore is literal", store.Search{Query: "s_a"}, []string{"Percent 100% Legal"}, false},
			{"SQL-looking input is just text", store.Search{Query: "'; DROP TABLE businesses; --"}, nil, false},
			{"quotes are just text: no listing has it, the word's listings are found", store.Search{Query: `"coffee`}, []string{"Sunrise Coffee Roasters", "Northstar Labs", "Maple Bakery"}, true},
			{"quotes, exactly", store.Search{Query: `"coffee`, Exact: true}, nil, false},
			{"exact category", store.Search{Category: "technology"}, []string{"Northstar Labs"}, false},
			{"category is exact, not substring", store.Search{Category: "foo"}, nil, false},
			{"location substring of city", store.Search{Location: "aust"}, []string{"Sunrise Coffee Roasters", "Northstar Labs"}, false},
			{"location substring of state", store.Search{Location: "or"}, []string{"Maple Bakery"}, false},
			{"location city, state", store.Search{Location: "Austin, TX"}, []string{"Sunrise Coffee Roasters", "Northstar Labs"}, false},
			{"all combine", store.Search{Query: "coffee", Category: "food", Location: "austin"}, []string{"Sunrise Coffee Roasters"}, false},
			{"min rating", store.Search{MinRating: 4.4}, []string{"Maple Bakery", "Percent 100% Legal"}, false},
			{"verified only", store.Search{VerifiedOnly: true}, []string{"Maple Bakery", "Percent 100% Legal"}, false},
			{"business type", store.Search{Type: store.TypeOnline}, []string{"Northstar Labs"}, false},
			{"sort rating", store.Search{Sort: store.SortRating}, []string{"Maple Bakery", "Percent 100% Legal", "Sunrise Coffee Roasters", "Évora Café", "Northstar Labs"}, true},
			{"sort reviews", store.Search{Sort: store.SortReviews}, []string{"Maple Bakery", "Sunrise Coffee Roasters", "Évora Café", "Northstar Labs", "Percent 100% Legal"}, true},
			{"sort name", store.Search{Sort: store.SortName, Category: "food"}, []string{"Maple Bakery", "Sunrise Coffee Roasters", "Évora Café"}, true},
			{"nothing matches", store.Search{Query: "zzzz"}, nil, false},
			{"very long query: its word's listings", store.Search{Query: strings.Repeat("coffee ", 200)}, []string{"Sunrise Coffee Roasters", "Northstar Labs", "Maple Bakery"}, true},
			{"very long query, exactly", store.Search{Query: strings.Repeat("coffee ", 200), Exact: true}, nil, false},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res, err := s.SearchBusinesses(context.Background(), tc.search)
				if err != nil {
					t.Fatal(err)
				}
				got := names(res.Businesses)
				want := tc.want
				if !tc.sorted {
					got, want = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
				}
				if !slices.Equal(got, want) || res.Total != len(tc.want) {
					t.Errorf("got %q (total %d), want %q", got, res.Total, want)
				}
			})
		}
	})
}

func TestSearchPagination(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		for i := range 45 {
			if _, err := s.CreateBusiness(ctx, store.Business{Name: "Shop " + string(rune('A'+i/26)) + string(rune('a'+i%26)), Published: true}); err != nil {
				t.Fatal(err)
			}
		}
		seen := map[string]bool{}
		for page, wantLen := range map[int]int{1: 20, 2: 20, 3: 5} {
			res, err := s.SearchBusinesses(ctx, store.Search{Sort: store.SortName, Page: page})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Businesses) != wantLen || res.Total != 45 || res.Pages != 3 || res.Page != page {
				t.Fatalf("page %d: %d rows, total %d, pages %d", page, len(res.Businesses), res.Total, res.Pages)
			}
			for _, b := range res.Businesses {
				if seen[b.Name] {
					t.Errorf("%s on two pages", b.Name)
				}
				seen[b.Name] = true
			}
		}
		res, _ := s.SearchBusinesses(ctx, store.Search{Page: 4})
		if len(res.Businesses) != 0 || res.Total != 45 {
			t.Errorf("past the last page: %d rows, total %d", len(res.Businesses), res.Total)
		}
		res, _ = s.SearchBusinesses(ctx, store.Search{Page: 0})
		if res.Page != 1 || len(res.Businesses) != 20 {
			t.Errorf("page 0 should be the first page")
		}
	})
}

func TestSearchFollowsEdits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, err := s.CreateBusiness(ctx, store.Business{Name: "Old Name Plumbing", City: "Tulsa", State: "OK", Published: true})
		if err != nil {
			t.Fatal(err)
		}
		renameBusiness(t, s, b.ID, "Fresh Pipes")
		b, err = s.BusinessByID(ctx, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		b.City, b.State = "Boise", "ID"
		if err := s.UpdateBusiness(ctx, b); err != nil {
			t.Fatal(err)
		}
		if res, _ := s.SearchBusinesses(ctx, store.Search{Location: "tulsa"}); res.Total != 0 {
			t.Error("found in its old city after a move")
		}
		if res, _ := s.SearchBusinesses(ctx, store.Search{Location: "boise, id"}); res.Total != 1 {
			t.Error("not found in its new city")
		}
		if res, _ := s.SearchBusinesses(ctx, store.Search{Query: "plumbing"}); res.Total != 0 {
			t.Error("found by its old name after a rename")
		}
		if res, _ := s.SearchBusinesses(ctx, store.Search{Query: "fresh pipes"}); res.Total != 1 {
			t.Error("not found by its new name")
		}
		deleteBusiness(t, s, b.ID)
		if res, _ := s.SearchBusinesses(ctx, store.Search{Query: "fresh"}); res.Total != 0 {
			t.Error("found after deletion")
		}
	})
}

func TestAddingTheSamplesIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		n, err := samples.Add(ctx, s)
		if err != nil || n != 5 {
			t.Fatalf("first seed added %d, %v", n, err)
		}
		if n, err := samples.Add(ctx, s); err != nil || n != 0 {
			t.Fatalf("second seed added %d, %v", n, err)
		}
		res, _ := s.SearchBusinesses(ctx, store.Search{Query: "sourdough"})
		if res.Total != 1 || res.Businesses[0].Slug != "harbor-street-bakery" {
			t.Fatalf("sample bakery: %+v", res)
		}
		if b, err := s.BusinessBySlug(ctx, "harbor-street-bakery"); err != nil || len(b.Hours) != 7 {
			t.Fatalf("sample bakery's hours: %+v, %v", b.Hours, err)
		}
	})
}

func setUnpublished(t *testing.T, s *store.Store, id int64) {
	t.Helper()
	if err := s.SetPublished(context.Background(), id, false); err != nil {
		t.Fatal(err)
	}
}

func renameBusiness(t *testing.T, s *store.Store, id int64, name string) {
	t.Helper()
	b, err := s.BusinessByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	b.Name = name
	if err := s.UpdateBusiness(context.Background(), b); err != nil {
		t.Fatal(err)
	}
}

func deleteBusiness(t *testing.T, s *store.Store, id int64) {
	t.Helper()
	if err := s.DeleteBusiness(context.Background(), id); err != nil {
		t.Fatal(err)
	}
}

// twoInstances are two stores on one fresh database: two app instances.
func twoInstances(t *testing.T, fn func(t *testing.T, a, b *store.Store)) {
	for _, d := range []store.Dialect{store.SQLite, store.Postgres} {
		t.Run(string(d), func(t *testing.T) {
			url, path := "", filepath.Join(t.TempDir(), "shared.db")
			if d == store.Postgres {
				url = storetest.PostgresDatabase(t)
			}
			open := func() *store.Store {
				s, err := store.Open(context.Background(), url, path, slog.New(slog.NewTextHandler(io.Discard, nil)))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { s.Close() })
				return s
			}
			fn(t, open(), open())
		})
	}
}

func TestSearchStructuredLocations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		for _, b := range []store.Business{
			{Name: "Lone Star Tacos", City: "Austin", State: "TX"},
			{Name: "Hill Country BBQ", City: "Dripping Springs", State: "TX"},
			{Name: "Rose City Books", City: "Portland", State: "OR"},
			{Name: "Casco Bay Lobster", City: "Portland", State: "ME"},
			{Name: "Capitol Bikes", City: "Washington", State: "DC"},
			{Name: "Emerald Coffee", City: "Seattle", State: "WA"},
			{Name: "Wasatch Gear", City: "Salt Lake City", State: "UT"},
			{Name: "Ottawa Outfitters", City: "Ottawa", State: "IL"},
		} {
			b.Published = true
			if _, err := s.CreateBusiness(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		cases := []struct {
			name   string
			search store.Search
			want   []string
		}{
			{"state code", store.Search{Location: "TX"}, []string{"Lone Star Tacos", "Hill Country BBQ"}},
			{"state code, any case", store.Search{Location: "tx"}, []string{"Lone Star Tacos", "Hill Country BBQ"}},
			{"state name", store.Search{Location: "texas"}, []string{"Lone Star Tacos", "Hill Country BBQ"}},
			{"a state code is the state, not a substring", store.Search{Location: "wa"}, []string{"Emerald Coffee"}},
			{"city", store.Search{Location: "Portland"}, []string{"Rose City Books", "Casco Bay Lobster"}},
			{"city, state code", store.Search{Location: "portland, me"}, []string{"Casco Bay Lobster"}},
			{"city, state name", store.Search{Location: "Portland, Oregon"}, []string{"Rose City Books"}},
			{"a name that is a state and a city", store.Search{Location: "Washington"}, []string{"Capitol Bikes", "Emerald Coffee"}},
			{"city of several words", store.Search{Location: "salt lake city"}, []string{"Wasatch Gear"}},
			{"substring fallback", store.Search{Location: "lake c"}, []string{"Wasatch Gear"}},
			{"substring of city and state", store.Search{Location: "ttawa, i"}, []string{"Ottawa Outfitters"}},
			{"unknown place", store.Search{Location: "Atlantis"}, nil},
			{"a state without listings", store.Search{Location: "WY"}, nil},
			{"a city in another state", store.Search{Location: "Austin, OR"}, nil},
			{"landing page: state", store.Search{State: "OR"}, []string{"Rose City Books"}},
			{"landing page: city by name", store.Search{State: "UT", City: "Salt Lake City"}, []string{"Wasatch Gear"}},
			{"landing page: city by slug", store.Search{State: "ut", City: "salt-lake-city"}, []string{"Wasatch Gear"}},
			{"landing page: city of another state", store.Search{State: "TX", City: "Portland"}, nil},
			{"landing page and a typed location combine", store.Search{State: "TX", Location: "Austin"}, []string{"Lone Star Tacos"}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res, err := s.SearchBusinesses(ctx, tc.search)
				if err != nil {
					t.Fatal(err)
				}
				got := slices.Sorted(slices.Values(names(res.Businesses)))
				want := slices.Sorted(slices.Values(tc.want))
				if !slices.Equal(got, want) || res.Total != len(want) {
					t.Errorf("got %q (total %d), want %q", got, res.Total, want)
				}
			})
		}
		pl, err := s.Places(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(pl) != 8 || pl[0] != (store.Place{State: "DC", City: "Washington", Count: 1}) || pl[len(pl)-1] != (store.Place{State: "WA", City: "Seattle", Count: 1}) {
			t.Errorf("places: %+v", pl)
		}
	})
}

func TestSearchRanksAWordsStartFirst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		for _, b := range []store.Business{
			{Name: "Bluecafe Diner", Rating: 5},
			{Name: "Cafe Luna", Rating: 3},
			{Name: "Corner Store", Tags: store.Lines{"cafe"}, Rating: 4.8},
			{Name: "Quiet Books", Description: "A reading cafe.", Rating: 4.9},
		} {
			b.Published = true
			if _, err := s.CreateBusiness(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		res, err := s.SearchBusinesses(ctx, store.Search{Query: "CAFE"})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := names(res.Businesses), []string{"Cafe Luna", "Bluecafe Diner", "Corner Store", "Quiet Books"}; !slices.Equal(got, want) {
			t.Errorf("got %q, want %q", got, want)
		}
		res, _ = s.SearchBusinesses(ctx, store.Search{Query: "a reading c"})
		if got := names(res.Businesses); !slices.Equal(got, []string{"Quiet Books"}) {
			t.Errorf("text of several words: got %q", got)
		}
	})
}

// A search forgives what visitors type (issue 40): other forms of a word,
// a category's synonyms, one typo; every forgiving match ranks below
// every exact one, and a whole word above a word's start. Locations are
// read without the comma, by state name and by common abbreviations.
func TestSearchForgives(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		for _, b := range []store.Business{
			{Name: "Rapid Flow Plumbing", Category: "construction", SubCategory: "Plumbing", Description: "Drains and water heaters.", City: "Austin", State: "TX", Rating: 4.1},
			{Name: "Bright Smile Dental", Category: "healthcare", SubCategory: "Dental Care", Description: "Cleanings and crowns.", City: "Portland", State: "OR", Rating: 4.6},
			{Name: "Harper Law Group", Category: "professional", SubCategory: "Business Law", Tags: store.Lines{"contracts"}, Description: "Contracts for small firms.", City: "Austin", State: "TX", Rating: 3.9},
			{Name: "Rose City Legal", Category: "professional", SubCategory: "Legal Services", Description: "Wills and estates.", City: "Portland", State: "OR", Rating: 4.8},
			{Name: "Lawrence Gifts", Category: "retail", SubCategory: "Gift Shop", Description: "Cards and candles.", City: "Lawrence", State: "KS", Rating: 5, Featured: true},
			{Name: "Slice Pizzeria", Category: "food", SubCategory: "Pizzeria", Description: "Pizza by the slice in downtown Lawrence.", City: "Lawrence", State: "KS", Rating: 4.9},
			{Name: "Sparks Electrical", Category: "construction", SubCategory: "Electrical", Description: "Panels and rewiring.", City: "New York", State: "NY", Rating: 4.0},
			{Name: "Volt Electric Co", Category: "construction", SubCategory: "Electrical", Description: "Lighting and outlets.", City: "Brooklyn", State: "NY", Rating: 3.5},
			{Name: "Casco Bay Lobster", Category: "food", SubCategory: "Seafood", Description: "Lobster rolls.", City: "Portland", State: "ME", Rating: 4.7},
			{Name: "Golden Gate Roofing", Category: "construction", SubCategory: "Roofing", Description: "Roof repairs.", City: "San Francisco", State: "CA", Rating: 4.2},
			{Name: "Hollywood Salon", Category: "beauty", SubCategory: "Hair Salon", Description: "Cuts and color.", City: "Los Angeles", State: "CA", Rating: 4.3},
			{Name: "Bayou Books", Category: "retail", SubCategory: "Books", Description: "Used books.", City: "New Orleans", State: "LA", Rating: 4.4},
			{Name: "Capitol Bikes", Category: "retail", SubCategory: "Bicycles", Description: "Bikes and repairs.", City: "Washington", State: "DC", Rating: 4.5},
		} {
			b.Published = true
			if _, err := s.CreateBusiness(ctx, b); err != nil {
				t.Fatal(err)
			}
		}
		cases := []struct {
			search    store.Search
			want      []string // in order
			corrected string
		}{
			{store.Search{Query: "plumber"}, []string{"Rapid Flow Plumbing"}, ""},
			{store.Search{Query: "plumbr"}, []string{"Rapid Flow Plumbing"}, "plumbing"},
			{store.Search{Query: "plumber", Exact: true}, nil, ""},
			{store.Search{Query: "plumbr", Category: "food"}, nil, ""}, // no results: nothing to say it corrected
			{store.Search{Query: "plumbr", Exact: true}, nil, ""},
			{store.Search{Query: "dentist"}, []string{"Bright Smile Dental"}, ""},
			{store.Search{Query: "lawyer"}, []string{"Rose City Legal", "Harper Law Group"}, ""},
			{store.Search{Query: "Attorney"}, []string{"Rose City Legal", "Harper Law Group"}, ""},
			{store.Search{Query: "electrician"}, []string{"Sparks Electrical", "Volt Electric Co"}, ""},
			// The word itself before a word's start (the featured gift shop
			// is no better a match), the name before the description.
			{store.Search{Query: "law"}, []string{"Harper Law Group", "Lawrence Gifts", "Slice Pizzeria"}, ""},
			// Exact matches before forgiving ones: "electric" is in both
			// names, a whole word before a word's start.
			{store.Search{Query: "electric"}, []string{"Volt Electric Co", "Sparks Electrical"}, ""},
			{store.Search{Query: "electric plumbing"}, nil, ""},
			{store.Search{Query: "plumbing drains"}, []string{"Rapid Flow Plumbing"}, ""},
			{store.Search{Query: "drains plumber"}, []string{"Rapid Flow Plumbing"}, ""},
			{store.Search{Query: "lobstr rolls"}, []string{"Casco Bay Lobster"}, "lobster rolls"},
			{store.Search{Location: "portland or"}, []string{"Rose City Legal", "Bright Smile Dental"}, ""},
			{store.Search{Location: "Austin TX"}, []string{"Rapid Flow Plumbing", "Harper Law Group"}, ""},
			{store.Search{Location: "austin texas"}, []string{"Rapid Flow Plumbing", "Harper Law Group"}, ""},
			{store.Search{Location: "NYC"}, []string{"Sparks Electrical", "Volt Electric Co"}, ""},
			{store.Search{Location: "new york ny"}, []string{"Sparks Electrical"}, ""},
			{store.Search{Location: "LA"}, []string{"Bayou Books", "Hollywood Salon"}, ""},
			{store.Search{Location: "SF"}, []string{"Golden Gate Roofing"}, ""},
			{store.Search{Location: "DC"}, []string{"Capitol Bikes"}, ""},
			{store.Search{Location: "Maine"}, []string{"Casco Bay Lobster"}, ""},
			{store.Search{Query: "lawyer", Location: "portland or"}, []string{"Rose City Legal"}, ""},
		}
		for _, tc := range cases {
			t.Run(fmt.Sprintf("%+v", tc.search), func(t *testing.T) {
				res, err := s.SearchBusinesses(ctx, tc.search)
				if err != nil {
					t.Fatal(err)
				}
				if got := names(res.Businesses); !slices.Equal(got, tc.want) || res.Total != len(tc.want) {
					t.Errorf("got %q (total %d), want %q", got, res.Total, tc.want)
				}
				if res.Corrected != tc.corrected {
					t.Errorf("corrected %q, want %q", res.Corrected, tc.corrected)
				}
			})
		}
	})
}

// Every instance on one database sees a listing the moment another one
// adds, edits, unpublishes or deletes it, and counts it in its places and
// categories.
func TestSearchFollowsOtherInstances(t *testing.T) {
	twoInstances(t, func(t *testing.T, a, b *store.Store) {
		ctx := context.Background()
		find := func(q store.Search) []string {
			t.Helper()
			res, err := a.SearchBusinesses(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			return names(res.Businesses)
		}
		if got := find(store.Search{}); len(got) != 0 {
			t.Fatalf("empty directory: %q", got)
		}
		l, err := b.CreateBusiness(ctx, store.Business{Name: "Prairie Florist", Category: "retail", City: "Omaha", State: "NE", Rating: 4, Published: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := find(store.Search{Query: "florist"}); !slices.Equal(got, []string{"Prairie Florist"}) {
			t.Fatalf("added on another instance: %q", got)
		}
		l.Name, l.City, l.State, l.Category = "Prairie Blooms", "Lincoln", "NE", "food"
		if err := b.UpdateBusiness(ctx, l); err != nil {
			t.Fatal(err)
		}
		if got := find(store.Search{Query: "florist"}); len(got) != 0 {
			t.Errorf("found by its old name: %q", got)
		}
		if got := find(store.Search{Query: "blooms", Location: "Lincoln, NE", Category: "food"}); !slices.Equal(got, []string{"Prairie Blooms"}) {
			t.Errorf("not found as edited: %q", got)
		}
		if counts, _ := a.CategoryCounts(ctx); counts["food"] != 1 || counts["retail"] != 0 {
			t.Errorf("category counts: %v", counts)
		}
		if pl, _ := a.Places(ctx); len(pl) != 1 || pl[0].City != "Lincoln" {
			t.Errorf("places: %+v", pl)
		}
		if err := b.SetPublished(ctx, l.ID, false); err != nil {
			t.Fatal(err)
		}
		if got := find(store.Search{}); len(got) != 0 {
			t.Errorf("unpublished, still found: %q", got)
		}
		if err := b.SetPublished(ctx, l.ID, true); err != nil {
			t.Fatal(err)
		}
		if got := find(store.Search{}); len(got) != 1 {
			t.Errorf("published again, not found: %q", got)
		}
		// Changes older than an instance's index were pruned: it rebuilds.
		if err := b.PruneDirectoryChanges(ctx, 0); err != nil {
			t.Fatal(err)
		}
		if err := b.DeleteBusiness(ctx, l.ID); err != nil {
			t.Fatal(err)
		}
		if err := b.PruneDirectoryChanges(ctx, 0); err != nil {
			t.Fatal(err)
		}
		if got := find(store.Search{}); len(got) != 0 {
			t.Errorf("deleted (its change pruned), still found: %q", got)
		}
	})
}

// Many listings through the index: pages of a text search keep the order
// and count of the whole, however the index was filled.
func TestSearchPagesAfterIncrementalChanges(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		add := func(i int) {
			if _, err := s.CreateBusiness(ctx, store.Business{Name: fmt.Sprintf("Harbor Shop %02d", i), Rating: float64(i%5) + 0.5, ReviewCount: i, Featured: i%7 == 0, Published: true}); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 30 {
			add(i)
		}
		if _, err := s.SearchBusinesses(ctx, store.Search{}); err != nil { // builds the index
			t.Fatal(err)
		}
		for i := 30; i < 50; i++ {
			add(i) // each one applied to the built index
		}
		var all []string
		for page := 1; page <= 3; page++ {
			res, err := s.SearchBusinesses(ctx, store.Search{Query: "harbor", Page: page})
			if err != nil {
				t.Fatal(err)
			}
			if res.Total != 50 || res.Pages != 3 {
				t.Fatalf("page %d: total %d, pages %d", page, res.Total, res.Pages)
			}
			all = append(all, names(res.Businesses)...)
		}
		// Relevance: featured first, then rating, then reviews.
		var want []string
		for _, featured := range []bool{true, false} {
			for r := 4; r >= 0; r-- {
				for i := 49; i >= 0; i-- {
					if (i%7 == 0) == featured && i%5 == r {
						want = append(want, fmt.Sprintf("Harbor Shop %02d", i))
					}
				}
			}
		}
		if !slices.Equal(all, want) {
			t.Errorf("pages:\n got %q\nwant %q", all, want)
		}
	})
}

// recordingEngine is a search.Index that counts what the store asks of it.
type recordingEngine struct {
	*search.Index
	builds  int
	applied [][]int64 // the listings each Apply was told changed
}

func (e *recordingEngine) Build(ctx context.Context, version int64, listings []search.Listing) error {
	e.builds++
	return e.Index.Build(ctx, version, listings)
}

func (e *recordingEngine) Apply(ctx context.Context, version int64, changed []int64, listings []search.Listing) error {
	e.applied = append(e.applied, slices.Sorted(slices.Values(changed)))
	return e.Index.Apply(ctx, version, changed, listings)
}

// unreachableEngine is a search engine over a network that does not
// answer.
type unreachableEngine struct{ *search.Index }

var errUnreachable = errors.New("search server: connection refused")

func (unreachableEngine) Search(context.Context, search.Query, int, int) (search.Result, error) {
	return search.Result{}, errUnreachable
}

func (unreachableEngine) Summary(context.Context) (search.Summary, error) {
	return search.Summary{}, errUnreachable
}

// An engine that fails (one on another machine, unreachable) fails the
// search with its error, for the pages to answer as when the database
// fails: never a page of nothing found.
func TestSearchEngineFailureIsAnError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		s.UseSearchEngine(unreachableEngine{search.NewIndex()})
		directoryFixture(t, s)
		if res, err := s.SearchBusinesses(ctx, store.Search{Query: "coffee"}); !errors.Is(err, errUnreachable) || !store.Unavailable(err) {
			t.Errorf("search: %d found, error %v (unavailable: %t)", res.Total, err, store.Unavailable(err))
		}
		if _, err := s.Places(ctx); !errors.Is(err, errUnreachable) {
			t.Errorf("places: %v", err)
		}
		if _, err := s.CategoryCounts(ctx); !errors.Is(err, errUnreachable) {
			t.Errorf("category counts: %v", err)
		}
	})
}

// The store builds its search engine once, then hands it the listings
// changed since its version (added, edited, unpublished, deleted), and
// the engine so kept finds what one built afresh from the database does.
func TestSearchEngineFollowsTheChangesSinceItsVersion(t *testing.T) {
	twoInstances(t, func(t *testing.T, a, b *store.Store) {
		ctx := context.Background()
		e := &recordingEngine{Index: search.NewIndex()}
		a.UseSearchEngine(e)
		if err := synthetic.Add(ctx, b, 300, 7); err != nil {
			t.Fatal(err)
		}
		search := func(s *store.Store, q store.Search) store.SearchResult {
			t.Helper()
			res, err := s.SearchDirectory(ctx, q, 0, 1000)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		search(a, store.Search{})
		if e.builds != 1 || len(e.applied) != 0 {
			t.Fatalf("first search: %d builds, %d applies", e.builds, len(e.applied))
		}
		added, err := b.CreateBusiness(ctx, store.Business{Name: "Roofing Coffee", Category: "food", City: "Portland", State: "ME", Rating: 4.5, Published: true})
		if err != nil {
			t.Fatal(err)
		}
		renameBusiness(t, b, 1, "Cafe Garcia")
		setUnpublished(t, b, 2)
		deleteBusiness(t, b, 3)
		search(a, store.Search{})
		search(a, store.Search{Query: "coffee"}) // nothing changed since
		if want := []int64{1, 2, 3, added.ID}; e.builds != 1 || len(e.applied) != 1 || !slices.Equal(e.applied[0], want) {
			t.Fatalf("after four changes: %d builds, applies of %v, want one of %v", e.builds, e.applied, want)
		}
		// b has not searched yet: its engine is built from the database now.
		for _, q := range []store.Search{{}, {Query: "coffee"}, {Query: "cafe garcia"}, {Location: "Portland"}, {Sort: store.SortName, Category: "food"}, {Sort: store.SortReviews, MinRating: 4}} {
			got, want := search(a, q), search(b, q)
			if !slices.Equal(names(got.Businesses), names(want.Businesses)) || got.Total != want.Total || got.Version != want.Version {
				t.Errorf("%+v: kept by changes %q (total %d, version %d)\nbuilt afresh %q (total %d, version %d)",
					q, names(got.Businesses), got.Total, got.Version, names(want.Businesses), want.Total, want.Version)
			}
			if !slices.Equal(got.Places, want.Places) || !maps.Equal(got.Categories, want.Categories) {
				t.Errorf("%+v: places and categories differ: %v %v\n%v %v", q, got.Places, got.Categories, want.Places, want.Categories)
			}
		}
	})
}

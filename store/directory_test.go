package store_test

import (
	"context"
	"slices"
	"strings"
	"testing"

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
			{"one query across fields, featured first then name match", store.Search{Query: "coffee"}, []string{"Northstar Labs", "Sunrise Coffee Roasters", "Maple Bakery"}, true},
			{"two-letter query", store.Search{Query: "la"}, []string{"Northstar Labs", "Percent 100% Legal"}, false},
			{"unicode, case-insensitive", store.Search{Query: "évora"}, []string{"Évora Café"}, false},
			{"percent is literal", store.Search{Query: "100%"}, []string{"Percent 100% Legal"}, false},
			{"underscore is literal", store.Search{Query: "s_a"}, []string{"Percent 100% Legal"}, false},
			{"SQL-looking input is just text", store.Search{Query: "'; DROP TABLE businesses; --"}, nil, false},
			{"quotes are just text", store.Search{Query: `"coffee`}, nil, false},
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
			{"very long query", store.Search{Query: strings.Repeat("coffee ", 200)}, nil, false},
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

func TestSeedSamplesIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		n, err := s.SeedSamples(ctx)
		if err != nil || n != 5 {
			t.Fatalf("first seed added %d, %v", n, err)
		}
		if n, err := s.SeedSamples(ctx); err != nil || n != 0 {
			t.Fatalf("second seed added %d, %v", n, err)
		}
		res, _ := s.SearchBusinesses(ctx, store.Search{Query: "sourdough"})
		if res.Total != 1 || res.Businesses[0].Slug != "harbor-street-bakery" || len(res.Businesses[0].Hours) != 7 {
			t.Fatalf("sample bakery: %+v", res)
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

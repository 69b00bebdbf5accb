package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bizprofile/handlers/api"
	"bizprofile/internal/synthetic"
	"bizprofile/resource"
	"bizprofile/store"
)

// The public endpoints: the directory search and a listing by its slug.

// directoryPage is GET /directory's answer.
func directoryPage(t *testing.T, app *testApp, key string, query url.Values) api.DirectoryPage {
	t.Helper()
	res, body := apiDo(t, app, key, "GET", "/directory?"+query.Encode(), nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET /directory?%s: %d %s", query.Encode(), res.StatusCode, body)
	}
	var p api.DirectoryPage
	must(t, json.Unmarshal(body, &p))
	return p
}

func slugsOf(p api.DirectoryPage) []string {
	out := []string{}
	for _, l := range p.Data {
		out = append(out, l.Slug)
	}
	return out
}

func TestAPIDirectoryFindsWhatTheDirectoryFinds(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		ownedAndVerified(t, app, "summit-ridge-financial-advisors", "brightpath-it-solutions")
		must(t, synthetic.Add(context.Background(), app.store, 60, 7))
		_, key := apiOwner(t, app, "search@example.com", store.ScopeRead)

		for _, c := range []struct {
			query  string
			search store.Search
			check  func(l resource.ListingSummary) bool
			want   string // a slug the answer holds
		}{
			{"", store.Search{Sort: store.SortRelevance}, nil, ""},
			{"q=bakery", store.Search{Query: "bakery", Sort: store.SortRelevance}, nil, "harbor-street-bakery"},
			{"category=food", store.Search{Category: "food", Sort: store.SortRelevance}, func(l resource.ListingSummary) bool {
				return l.Category == "food" && l.CategoryLabel == "Food & Beverage"
			}, "harbor-street-bakery"},
			{"location=Austin%2C+TX", store.Search{Location: "Austin, TX", Sort: store.SortRelevance}, nil, "brightpath-it-solutions"},
			{"state=tx", store.Search{State: "TX", Sort: store.SortRelevance}, func(l resource.ListingSummary) bool { return l.State == "TX" }, "brightpath-it-solutions"},
			{"state=Colorado&city=Denver", store.Search{State: "CO", City: "Denver", Sort: store.SortRelevance}, func(l resource.ListingSummary) bool { return l.City == "Denver" && l.State == "CO" }, "greenleaf-family-clinic"},
			{"verified=true", store.Search{VerifiedOnly: true, Sort: store.SortRelevance}, func(l resource.ListingSummary) bool { return l.Verified }, "summit-ridge-financial-advisors"},
			{"min_rating=4", store.Search{MinRating: 4, Sort: store.SortRelevance}, func(l resource.ListingSummary) bool { return l.Rating >= 4 }, ""},
			{"type=online", store.Search{Type: "online", Sort: store.SortRelevance}, func(l resource.ListingSummary) bool { return l.BusinessType != nil && *l.BusinessType == "online" }, "clearview-legal-group"},
			{"sort=name&limit=50", store.Search{Sort: store.SortName}, nil, ""},
			{"sort=rating&category=technology", store.Search{Sort: store.SortRating, Category: "technology"}, func(l resource.ListingSummary) bool { return l.Category == "technology" }, ""},
			{"sort=reviews&verified=true&limit=5", store.Search{Sort: store.SortReviews, VerifiedOnly: true}, func(l resource.ListingSummary) bool { return l.Verified }, ""},
			{"q=nothing+matches+this+xyzzy", store.Search{Query: "nothing matches this xyzzy", Sort: store.SortRelevance}, nil, ""},
			{"q=sourdugh", store.Search{Query: "sourdugh", Sort: store.SortRelevance}, nil, "harbor-street-bakery"},
			{"q=sourdugh&exact=true", store.Search{Query: "sourdugh", Sort: store.SortRelevance, Exact: true}, nil, ""},
		} {
			query, err := url.ParseQuery(c.query)
			must(t, err)
			got := directoryPage(t, app, key, query)
			limit := 20
			if s := query.Get("limit"); s != "" {
				limit, _ = strconv.Atoi(s)
			}
			want, err := app.store.SearchDirectory(context.Background(), c.search, 0, limit)
			must(t, err)
			wantSlugs := []string{}
			for _, b := range want.Businesses {
				wantSlugs = append(wantSlugs, b.Slug)
			}
			if !slices.Equal(slugsOf(got), wantSlugs) || got.Total != want.Total || got.HasMore != (want.Total > limit) {
				t.Errorf("?%s: %v (total %d, more %v), the directory finds %v (total %d)", c.query, slugsOf(got), got.Total, got.HasMore, wantSlugs, want.Total)
			}
			if c.want != "" && !slices.Contains(slugsOf(got), c.want) {
				t.Errorf("?%s: %v lacks %s", c.query, slugsOf(got), c.want)
			}
			for _, l := range got.Data {
				if c.check != nil && !c.check(l) {
					t.Errorf("?%s: %+v does not match the search", c.query, l)
				}
				if l.URL != testSite.BaseURL+"/directory/"+l.Slug || l.Object != "listing_summary" {
					t.Errorf("?%s: %s: url %q object %q", c.query, l.Slug, l.URL, l.Object)
				}
			}
		}
		if p := directoryPage(t, app, key, url.Values{"q": {"xyzzy-nothing"}}); len(p.Data) != 0 || p.HasMore || p.NextCursor != nil || p.Total != 0 || p.Corrected != "" {
			t.Errorf("no match: %+v", p)
		}
		if p := directoryPage(t, app, key, url.Values{"q": {"sourdugh"}}); p.Corrected != "sourdough" {
			t.Errorf("a typo's search does not say what it corrected: %+v", p.Corrected)
		}
		if p := directoryPage(t, app, key, url.Values{"q": {"sourdugh"}, "exact": {"true"}}); p.Corrected != "" || p.Total != 0 {
			t.Errorf("an exact search corrects or finds: %+v", p)
		}
		byName := directoryPage(t, app, key, url.Values{"sort": {"name"}, "limit": {"100"}})
		if !slices.IsSortedFunc(byName.Data, func(a, b resource.ListingSummary) int {
			return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
		}) {
			t.Errorf("sort=name: %v", slugsOf(byName))
		}
	})
}

func TestAPIDirectoryNamesEachWrongParameter(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		_, key := apiOwner(t, app, "typos@example.com", store.ScopeRead)
		first := directoryPage(t, app, key, url.Values{"limit": {"2"}})
		if first.NextCursor == nil {
			t.Fatal("no cursor after the first of 5 listings in pages of 2")
		}
		for _, c := range []struct {
			query  string
			fields []string
		}{
			{"category=pets", []string{"category"}},
			{"sort=best", []string{"sort"}},
			{"type=kiosk", []string{"type"}},
			{"min_rating=2", []string{"min_rating"}},
			{"verified=maybe", []string{"verified"}},
			{"limit=0", []string{"limit"}},
			{"limit=101", []string{"limit"}},
			{"limit=ten", []string{"limit"}},
			{"state=Ontario", []string{"state"}},
			{"city=Austin", []string{"city"}},
			{"state=TX&city=4ustin!", []string{"city"}},
			{"q=" + strings.Repeat("a", 101), []string{"q"}},
			{"location=" + strings.Repeat("b", 101), []string{"location"}},
			{"page=2", []string{"page"}},
			{"cursor=not-a-cursor", []string{"cursor"}},
			{"cursor=" + *first.NextCursor + "&category=food", []string{"cursor"}},
			{"category=pets&sort=best&limit=0", []string{"category", "sort", "limit"}},
		} {
			res, body := apiDo(t, app, key, "GET", "/directory?"+c.query, nil)
			p := apiProblem(t, body)
			var fields []string
			for _, e := range p.Errors {
				fields = append(fields, e.Field)
				if e.Message == "" {
					t.Errorf("?%s: %s without a message", c.query, e.Field)
				}
			}
			if res.StatusCode != http.StatusUnprocessableEntity || !slices.Equal(fields, c.fields) || !strings.HasSuffix(p.Type, "#problem-validation") {
				t.Errorf("?%s: %d, errors %+v, want 422 naming %v", c.query, res.StatusCode, p.Errors, c.fields)
			}
		}
		// The same cursor with a different page size is the same search.
		if p := directoryPage(t, app, key, url.Values{"limit": {"3"}, "cursor": {*first.NextCursor}}); len(p.Data) != 3 {
			t.Errorf("cursor with another limit: %v", slugsOf(p))
		}
	})
}

func TestAPIDirectoryCursorWalksEveryPageOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		must(t, synthetic.Add(context.Background(), app.store, 45, 3))
		_, key := apiOwner(t, app, "walker@example.com", store.ScopeRead)
		for _, sort := range []string{"relevance", "name", "rating"} {
			all, err := app.store.SearchDirectory(context.Background(), store.Search{Sort: sort}, 0, 100)
			must(t, err)
			q := url.Values{"sort": {sort}, "limit": {"16"}}
			seen := map[string]bool{}
			var walked []string
			pages := 0
			for {
				p := directoryPage(t, app, key, q)
				pages++
				for _, s := range slugsOf(p) {
					if seen[s] {
						t.Errorf("sort=%s: %s on two pages", sort, s)
					}
					seen[s] = true
					walked = append(walked, s)
				}
				if p.Total != all.Total {
					t.Errorf("sort=%s page %d: total %d, want %d", sort, pages, p.Total, all.Total)
				}
				if !p.HasMore {
					if p.NextCursor != nil {
						t.Errorf("sort=%s: the last page has a cursor", sort)
					}
					break
				}
				if pages > 10 {
					t.Fatal("the walk does not end")
				}
				q.Set("cursor", *p.NextCursor)
			}
			var want []string
			for _, b := range all.Businesses {
				want = append(want, b.Slug)
			}
			if pages != 3 || !slices.Equal(walked, want) {
				t.Errorf("sort=%s: %d pages, walked %d listings, want 3 pages of the %d in order", sort, pages, len(walked), len(want))
			}
		}
	})
}

func TestAPIPublicListingShowsOnlyWhatItsPageShows(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)
		ownedAndVerified(t, app, "greenleaf-family-clinic")
		_, key := apiOwner(t, app, "reader@example.com", store.ScopeRead)

		res, body := apiDo(t, app, key, "GET", "/listings/harbor-street-bakery", nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET a published listing: %d %s", res.StatusCode, body)
		}
		var l resource.PublicListing
		must(t, json.Unmarshal(body, &l))
		b, err := app.store.BusinessBySlug(ctx, "harbor-street-bakery")
		must(t, err)
		if l.Name != b.Name || l.Phone == nil || *l.Phone != b.Phone || l.Address == nil || len(l.Hours) != 7 || l.URL != testSite.BaseURL+"/directory/harbor-street-bakery" || l.Verified {
			t.Errorf("listing = %+v", l)
		}
		tag := res.Header.Get("ETag")
		if res, _ := apiDo(t, app, key, "GET", "/listings/harbor-street-bakery", nil, "If-None-Match", tag); res.StatusCode != http.StatusNotModified {
			t.Errorf("unchanged listing with its ETag: %d", res.StatusCode)
		}

		// The owner hides the phone, the address and the hours.
		b.ShowPhone, b.ShowAddress, b.ShowHours, b.ShowEmail = false, false, false, false
		must(t, app.store.UpdateBusiness(ctx, b))
		res, body = apiDo(t, app, key, "GET", "/listings/harbor-street-bakery", nil, "If-None-Match", tag)
		if res.StatusCode != http.StatusOK || res.Header.Get("ETag") == tag {
			t.Fatalf("changed listing with the old ETag: %d, ETag %q (was %q)", res.StatusCode, res.Header.Get("ETag"), tag)
		}
		got := apiJSON(t, body)
		for _, field := range []string{"phone", "address", "zip_code", "hours", "email"} {
			if got[field] != nil {
				t.Errorf("hidden %s shown: %v", field, got[field])
			}
		}
		for _, private := range []string{"owner_id", "id", "show_phone", "published"} {
			if _, ok := got[private]; ok {
				t.Errorf("%s is not a public field", private)
			}
		}

		verified, err := app.store.BusinessBySlug(ctx, "greenleaf-family-clinic")
		must(t, err)
		_, body = apiDo(t, app, key, "GET", "/listings/greenleaf-family-clinic", nil)
		must(t, json.Unmarshal(body, &l))
		if !l.Verified || (verified.VerifiedMethod != "" && (l.VerifiedMethod == nil || *l.VerifiedMethod != verified.VerifiedMethod)) {
			t.Errorf("verified listing: %+v", l)
		}

		must(t, app.store.SetPublished(ctx, b.ID, false))
		for _, slug := range []string{"harbor-street-bakery", "no-such-listing"} {
			res, body := apiDo(t, app, key, "GET", "/listings/"+slug, nil)
			if p := apiProblem(t, body); res.StatusCode != http.StatusNotFound || !strings.HasSuffix(p.Type, "#problem-not-found") {
				t.Errorf("%s: %d %+v, want 404", slug, res.StatusCode, p)
			}
		}
		if p := directoryPage(t, app, key, url.Values{"q": {"bakery"}}); slices.Contains(slugsOf(p), "harbor-street-bakery") {
			t.Error("an unpublished listing is in the directory's answer")
		}
	})
}

func TestAPIDirectoryETagChangesWithTheDirectory(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)
		_, key := apiOwner(t, app, "cache@example.com", store.ScopeRead)
		res, _ := apiDo(t, app, key, "GET", "/directory?category=food", nil)
		tag := res.Header.Get("ETag")
		if res, body := apiDo(t, app, key, "GET", "/directory?category=food", nil, "If-None-Match", tag); res.StatusCode != http.StatusNotModified || len(body) != 0 {
			t.Errorf("unchanged page: %d %q", res.StatusCode, body)
		}
		b, err := app.store.BusinessBySlug(ctx, "harbor-street-bakery")
		must(t, err)
		b.Tagline = "Fresh bread at dawn, every day"
		must(t, app.store.UpdateBusiness(ctx, b))
		res, body := apiDo(t, app, key, "GET", "/directory?category=food", nil, "If-None-Match", tag)
		if res.StatusCode != http.StatusOK || res.Header.Get("ETag") == tag || !strings.Contains(string(body), "Fresh bread at dawn") {
			t.Errorf("after a change: %d ETag %q (was %q)", res.StatusCode, res.Header.Get("ETag"), tag)
		}
	})
}

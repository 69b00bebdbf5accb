package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"bizprofile/store"
)

// The directory answers from an in-memory index: a listing an owner
// publishes, edits, unpublishes or deletes shows (or stops showing) in the
// next search, on the page and in its JSON alike.
func TestDirectoryShowsListingChangesAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		signedInOwner(t, app, "owner@example.com")
		found := func(query string) []string {
			t.Helper()
			_, body := app.get(t, "/directory?"+query)
			names := resultNames(parseHTML(t, body))
			res, raw := app.get(t, "/directory.json?"+query)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("directory.json: %d", res.StatusCode)
			}
			var page struct{ Cards []struct{ Name string } }
			if err := json.Unmarshal([]byte(raw), &page); err != nil {
				t.Fatal(err)
			}
			var fromJSON []string
			for _, c := range page.Cards {
				fromJSON = append(fromJSON, c.Name)
			}
			if !slices.Equal(names, fromJSON) {
				t.Errorf("%s: the page shows %q, its JSON %q", query, names, fromJSON)
			}
			return names
		}
		if got := found("q=taqueria"); len(got) != 0 {
			t.Fatalf("before any listing: %q", got)
		}
		app.post(t, "/business/create-profile", listingForm("Taqueria Del Sol"))
		if got := found("q=taqueria&location=Austin%2C+TX"); !slices.Equal(got, []string{"Taqueria Del Sol"}) {
			t.Fatalf("a new listing: %q", got)
		}
		b, err := app.store.BusinessBySlug(ctx, "taqueria-del-sol")
		if err != nil {
			t.Fatal(err)
		}
		base := "/dashboard/businesses/" + itoa(int(b.ID))
		edit := listingForm("Casa Verde Kitchen")
		edit.Set("city", "Denver")
		edit.Set("state", "CO")
		if res, _ := app.post(t, base, edit); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("edit: %d", res.StatusCode)
		}
		if got := found("q=taqueria"); len(got) != 0 {
			t.Errorf("found by its old name: %q", got)
		}
		if got := found("q=casa+verde&location=CO"); !slices.Equal(got, []string{"Casa Verde Kitchen"}) {
			t.Errorf("not found as edited: %q", got)
		}
		if got := found("location=Austin"); len(got) != 0 {
			t.Errorf("still in its old city: %q", got)
		}
		if res, _ := app.post(t, base+"/delete", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("delete: %d", res.StatusCode)
		}
		if got := found("q=casa"); len(got) != 0 {
			t.Errorf("deleted, still found: %q", got)
		}
	})
}

// A directory page a search engine should keep is canonical to itself, or
// for a category to its landing page (the same listings in the same
// order); a search by text, place or filters is not to be indexed at all.
func TestDirectoryCanonicalURLs(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		base := testSite.BaseURL
		for query, want := range map[string]string{
			"":                                  base + "/directory",
			"?page=2":                           base + "/directory?page=2",
			"?sort=name":                        base + "/directory",
			"?category=food":                    base + "/directory/category/food",
			"?category=food&sort=rating&page=3": base + "/directory/category/food?page=3",
			"?q=bakery":                         "noindex",
			"?location=TX":                      "noindex",
			"?category=food&verified=1":         "noindex",
		} {
			_, body := app.get(t, "/directory"+query)
			doc := parseHTML(t, body)
			got := doc.Find(`head link[rel="canonical"]`).AttrOr("href", "")
			if doc.Find(`head meta[name="robots"][content="noindex"]`).Length() == 1 && got == "" {
				got = "noindex"
			}
			if got != want {
				t.Errorf("/directory%s: canonical %q, want %q", query, got, want)
			}
		}
	})
}

// Directory pages are kept, gzipped, for visitors without a session until
// the directory changes: the same page again, a change at once, and
// nothing of one visitor shown to another.
func TestDirectoryPagesKeptUntilTheDirectoryChanges(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)
		visitor := app.newClient()
		_, first := visitor.get(t, "/directory?sort=name")
		res, again := visitor.get(t, "/directory?sort=name")
		if again != first || !res.Uncompressed {
			t.Fatalf("the same page twice differs, or was not gzipped (uncompressed by the client: %v)", res.Uncompressed)
		}
		if _, err := app.store.CreateBusiness(ctx, store.Business{Name: "Aardvark Alarms", Category: "technology", City: "Austin", State: "TX", Published: true}); err != nil {
			t.Fatal(err)
		}
		_, body := visitor.get(t, "/directory?sort=name")
		if names := resultNames(parseHTML(t, body)); len(names) == 0 || names[0] != "Aardvark Alarms" {
			t.Fatalf("a new listing is not shown at once: %q", names)
		}

		// A signed-in visitor sees their own header, not the kept page's.
		signedInOwner(t, app, "owner@example.com")
		app.get(t, "/directory?sort=name") // shows (and forgets) the sign-in's toast
		_, body = app.get(t, "/directory?sort=name")
		if links(parseHTML(t, body), "Dashboard").Length() == 0 {
			t.Error("a signed-in visitor got the page kept for visitors without a session")
		}
		_, body = visitor.get(t, "/directory?sort=name")
		if links(parseHTML(t, body), "Dashboard").Length() != 0 {
			t.Error("a visitor without a session got a signed-in page")
		}

		// A client that does not take gzip gets plain HTML.
		req, _ := http.NewRequest(http.MethodGet, visitor.URL+"/directory?sort=name", nil)
		req.Header.Set("Accept-Encoding", "identity")
		res, body = visitor.do(t, req)
		if res.Header.Get("Content-Encoding") != "" || resultNames(parseHTML(t, body))[0] != "Aardvark Alarms" {
			t.Errorf("without gzip: encoding %q", res.Header.Get("Content-Encoding"))
		}
	})
}

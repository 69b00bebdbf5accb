package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"testing"
	"time"

	"bizprofile/store"
)

// badgeOf fetches a listing's review badge as another website's visitor
// would: a fresh client, no cookies.
func badgeOf(t *testing.T, app *testApp, slug string) (*http.Response, string) {
	t.Helper()
	return app.newClient().get(t, "/directory/"+slug+"/badge.svg")
}

// The badge is an SVG image of the listing's published reviews' figures,
// public and cached, that sets no cookie and carries no script or style.
func TestReviewBadgeShowsTheListingsRating(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b := ownerAndListing(t, app, "Harbor Bakery")
		now := time.Now()
		customerReview(t, app, b, "Ann", 5, "positive", now)
		customerReview(t, app, b, "Bob", 4, "positive", now)
		res, body := badgeOf(t, app, b.Slug)
		if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/svg+xml" {
			t.Fatalf("badge: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
		}
		if c := res.Header.Values("Set-Cookie"); len(c) > 0 {
			t.Errorf("badge sets cookies %q", c)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "public, max-age=3600" {
			t.Errorf("Cache-Control %q", cc)
		}
		if res.Header.Get("Cross-Origin-Resource-Policy") != "cross-origin" || res.Header.Get("Content-Security-Policy") != "default-src 'none'" {
			t.Errorf("CORP %q, CSP %q", res.Header.Get("Cross-Origin-Resource-Policy"), res.Header.Get("Content-Security-Policy"))
		}
		doc := parseHTML(t, body)
		svg := doc.Find(`svg[role="img"]`)
		want := "Harbor Bakery on " + testSite.Name + ": rated 4.5 out of 5 from 2 reviews"
		if svg.Length() != 1 || nameOf(svg) != want || textOf(svg.Find("title")) != want {
			t.Errorf("badge's name %q (title %q), want %q", nameOf(svg), textOf(svg.Find("title")), want)
		}
		if n := doc.Find("script, style, foreignObject, [style], [onload], a").Length(); n > 0 {
			t.Errorf("badge holds %d scripts, styles or links", n)
		}
		// A new review changes the figures.
		customerReview(t, app, b, "Cy", 1, "negative", now)
		_, body = badgeOf(t, app, b.Slug)
		if got := nameOf(parseHTML(t, body).Find(`svg[role="img"]`)); got != "Harbor Bakery on "+testSite.Name+": rated 3.3 out of 5 from 3 reviews" {
			t.Errorf("after a third review: %q", got)
		}
	})
}

// Only a published listing that someone manages has a badge.
func TestReviewBadgeOfUnownedOrUnpublishedListingIsNotFound(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		_, hidden := ownerAndListing(t, app, "Hidden Bakery")
		must(t, app.store.SetPublished(ctx, hidden.ID, false))
		nobodys, err := app.store.CreateBusiness(ctx, store.Business{Name: "Nobody's Diner", Category: "food", City: "Portland", State: "OR", Published: true})
		must(t, err)
		_, err = app.store.CreateReview(ctx, store.NewReview{BusinessID: nobodys.ID, UserID: sql.NullInt64{}, AuthorName: "Seed",
			ReviewText: store.ReviewText{Rating: 5, Title: "Fine", Body: "A perfectly fine diner with good coffee and quick service."}})
		must(t, err)
		for _, slug := range []string{hidden.Slug, nobodys.Slug, "no-such-listing"} {
			if res, _ := badgeOf(t, app, slug); res.StatusCode != http.StatusNotFound || len(res.Header.Values("Set-Cookie")) > 0 {
				t.Errorf("%s: %d (cookies %q), want 404 and none", slug, res.StatusCode, res.Header.Values("Set-Cookie"))
			}
		}
	})
}

// The owner's reviews page offers the badge: its preview and two snippets
// of plain HTML that link to the listing.
func TestOwnerReviewsPageOffersTheBadgeSnippet(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b := ownerAndListing(t, app, "Harbor Bakery")
		customerReview(t, app, b, "Ann", 5, "positive", time.Now())
		_, body := app.get(t, ownerReviewsURL(b))
		card := region(parseHTML(t, body), "Show your rating on your website")
		if card.Length() != 1 {
			t.Fatalf("no badge section")
		}
		listing, image := testSite.BaseURL+"/directory/"+b.Slug, testSite.BaseURL+"/directory/"+b.Slug+"/badge.svg"
		alt := "Harbor Bakery on " + testSite.Name + ": rated 5.0 out of 5 from 1 review"
		if img := card.Find(`img[data-testid="review-badge-preview"]`); img.AttrOr("src", "") != "/directory/"+b.Slug+"/badge.svg" || img.AttrOr("alt", "") != alt {
			t.Errorf("preview src %q alt %q", img.AttrOr("src", ""), img.AttrOr("alt", ""))
		}
		snippet := parseHTML(t, valueOf(labelled(t, card, "Badge (HTML)")))
		if a := snippet.Find("a"); a.Length() != 1 || a.AttrOr("href", "") != listing || a.Find("img").AttrOr("src", "") != image || a.Find("img").AttrOr("alt", "") != alt {
			t.Errorf("badge snippet: link %q, image %q alt %q", a.AttrOr("href", ""), a.Find("img").AttrOr("src", ""), a.Find("img").AttrOr("alt", ""))
		}
		if snippet.Find("script, style, [style]").Length() > 0 {
			t.Error("the badge snippet holds a script or style")
		}
		text := parseHTML(t, valueOf(labelled(t, card, "Text link (HTML)")))
		if a := text.Find("a"); a.AttrOr("href", "") != listing || textOf(a) != "Harbor Bakery: rated 5.0 out of 5 from 1 review on "+testSite.Name {
			t.Errorf("text snippet: %q to %q", textOf(a), a.AttrOr("href", ""))
		}
		if got := buttons(card, "Copy the badge's HTML").AttrOr("data-copy", ""); got != labelled(t, card, "Badge (HTML)").AttrOr("id", "") {
			t.Errorf("copy button copies %q", got)
		}
	})
}

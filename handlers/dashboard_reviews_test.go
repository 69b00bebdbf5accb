package handlers

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"testing"
	"time"

	"bizprofile/store"
)

// reviewAt stores a review of b by a new customer, written at.
func reviewAt(t *testing.T, app *testApp, b store.Business, stars int, title string, at time.Time) store.Review {
	t.Helper()
	u := customer(t, app, strings.ReplaceAll(strings.ToLower(title), " ", ".")+"@example.com")
	r, err := app.store.CreateReview(context.Background(), store.NewReview{
		BusinessID: b.ID, UserID: sql.NullInt64{Int64: u.ID, Valid: true}, AuthorName: "Author of " + title, CreatedAt: at,
		ReviewText: store.ReviewText{Rating: stars, Title: title, Body: "What we thought of it: " + title + "."},
	})
	must(t, err)
	return r
}

// reviewCard is the dashboard's stat card of the reviews' figure term:
// its figure and its link.
func reviewCard(t *testing.T, body, term string) (figure string, link string, href string) {
	t.Helper()
	card := termGroup(region(parseHTML(t, body), "Reviews"), term)
	if card.Length() != 1 {
		t.Fatalf("no %q card in the Reviews section", term)
	}
	a := card.Find("a[href]")
	return textOf(card.Find("dd").First()), textOf(a), a.AttrOr("href", "")
}

// The dashboard's review figures are counted from the owner's published
// reviews, each card leading to the reviews page of the listing it is
// most about; the newest reviews are listed; a Starter owner is told
// which plan emails them.
func TestDashboardReviewFigures(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := app.account(t, "figures@example.com", store.KindBusiness)
		_, body := app.get(t, "/dashboard")
		if region(parseHTML(t, body), "Reviews").Length() != 0 {
			t.Error("a Reviews section without listings")
		}

		own := sql.NullInt64{Int64: u.ID, Valid: true}
		bakery, err := app.store.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", Published: true, OwnerID: own})
		must(t, err)
		cafe, err := app.store.CreateBusiness(ctx, store.Business{Name: "Corner Cafe", Published: true, OwnerID: own})
		must(t, err)
		cafeReviews := "/dashboard/businesses/" + strconv.FormatInt(cafe.ID, 10) + "/reviews"
		bakeryReviews := "/dashboard/businesses/" + strconv.FormatInt(bakery.ID, 10) + "/reviews"

		_, body = app.get(t, "/dashboard")
		if fig, _, _ := reviewCard(t, body, "Average Rating"); fig != "None yet" {
			t.Errorf("average without reviews: %q", fig)
		}
		if fig, _, _ := reviewCard(t, body, "Unanswered Reviews"); fig != "0" {
			t.Errorf("unanswered without reviews: %q", fig)
		}
		empty := byTestID(region(parseHTML(t, body), "Reviews"), "reviews-empty")
		if empty.Length() != 1 || !hasLink(empty, "your reviews page", cafeReviews) {
			t.Errorf("no empty state leading to the reviews page: %q", textOf(empty))
		}

		now := time.Now().UTC()
		lastMonth := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).Add(-24 * time.Hour)
		reviewAt(t, app, bakery, 5, "Old favourite", lastMonth)
		answered := reviewAt(t, app, bakery, 4, "Good rye", now.Add(-3*time.Second))
		reviewAt(t, app, cafe, 1, "Cold coffee", now.Add(-2*time.Second))
		newest := reviewAt(t, app, cafe, 2, "Slow service", now.Add(-time.Second))
		_, err = app.store.SetReply(ctx, answered.ID, u.ID, "Thank you!")
		must(t, err)
		// Another owner's reviews count for them, not here.
		other := ownedListing(t, app, "other@example.com", "Elsewhere Diner")
		reviewAt(t, app, other, 5, "Elsewhere is great", now)

		_, body = app.get(t, "/dashboard")
		for _, tc := range []struct{ term, figure, link, href string }{
			{"Average Rating", "3.0", "See the reviews of Corner Cafe", cafeReviews},
			{"New Reviews", "3", "See the new reviews of Corner Cafe", cafeReviews},
			{"Unanswered Reviews", "3", "Answer the reviews of Corner Cafe", cafeReviews},
		} {
			fig, link, href := reviewCard(t, body, tc.term)
			if fig != tc.figure || link != tc.link || href != tc.href {
				t.Errorf("%s: %q, link %q to %q; want %q, %q to %q", tc.term, fig, link, href, tc.figure, tc.link, tc.href)
			}
		}
		if note := textOf(termGroup(region(parseHTML(t, body), "Reviews"), "Average Rating").Find(".stat-note")); !strings.HasPrefix(note, "from 4 reviews") {
			t.Errorf("the average's note reads %q", note)
		}
		page := parseHTML(t, body)
		items := byTestID(region(page, "Reviews"), "dashboard-review")
		if items.Length() != 4 {
			t.Fatalf("%d newest reviews listed, want 4", items.Length())
		}
		first := items.First()
		if text := textOf(first); !strings.HasPrefix(text, "Slow service on Corner Cafe") || !strings.Contains(text, "2 of 5 stars · Author of Slow service") ||
			!hasLink(first, "Reply to Author of Slow service's review", cafeReviews+"#review-"+strconv.FormatInt(newest.ID, 10)) {
			t.Errorf("the newest review reads %q", textOf(first))
		}
		if !hasLink(items, "Open to Author of Good rye's review", bakeryReviews+"#review-"+strconv.FormatInt(answered.ID, 10)) {
			t.Error("an answered review is not offered to open")
		}
		if strings.Contains(textOf(region(page, "Reviews")), "Elsewhere") {
			t.Error("another owner's review is on the dashboard")
		}
		if note := byTestID(page, "review-alerts-note"); !strings.Contains(textOf(note), "Emails about them come with the Growth plan") || !hasLink(note, "compare plans", "/pricing") {
			t.Errorf("a Starter owner is not told which plan emails new reviews: %q", textOf(note))
		}

		onPlan(t, app, u.ID, "growth")
		_, body = app.get(t, "/dashboard")
		if byTestID(parseHTML(t, body), "review-alerts-note").Length() != 0 {
			t.Error("a Growth owner is told to upgrade for review emails")
		}

		// One listing: the cards lead to its page, without naming it.
		single := app.newClient()
		su := single.account(t, "single@example.com", store.KindBusiness)
		solo, err := app.store.CreateBusiness(ctx, store.Business{Name: "Solo Studio", Published: true, OwnerID: sql.NullInt64{Int64: su.ID, Valid: true}})
		must(t, err)
		reviewAt(t, app, solo, 4, "Nice studio", now)
		_, body = single.get(t, "/dashboard")
		soloReviews := "/dashboard/businesses/" + strconv.FormatInt(solo.ID, 10) + "/reviews"
		for term, want := range map[string]string{"Average Rating": "See your reviews", "New Reviews": "See the newest", "Unanswered Reviews": "Answer them"} {
			if _, link, href := reviewCard(t, body, term); link != want || href != soloReviews {
				t.Errorf("%s with one listing: %q to %q", term, link, href)
			}
		}
	})
}

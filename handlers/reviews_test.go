package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/jmoiron/sqlx"

	"bizprofile/ai"
	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/ratelimit"
	"bizprofile/store"
	"bizprofile/views"
)

// --- fixtures ---

const reviewedName = "Harbor Lights Cafe"

// reviewedListing is a published listing, owned by owner@harbor.test, for
// others to review.
func reviewedListing(t *testing.T, app *testApp) store.Business {
	t.Helper()
	ctx := context.Background()
	hash, err := domain.HashPassword(goodPassword)
	must(t, err)
	owner, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: "owner@harbor.test", PasswordHash: hash, Kind: store.KindBusiness,
		Profile: store.Profile{FullName: "Olive Owner"}})
	must(t, err)
	must(t, app.store.MarkEmailVerified(ctx, owner.ID))
	b, err := app.store.CreateBusiness(ctx, store.Business{Name: reviewedName, Description: "Coffee and pastries by the water.", Category: "food",
		City: "Portland", State: "OR", Published: true, OwnerID: sql.NullInt64{Int64: owner.ID, Valid: true}})
	must(t, err)
	return b
}

// reviewerClient is another browser, signed in as a verified individual
// named first last.
func reviewerClient(t *testing.T, app *testApp, email, first, last string) (*testApp, store.User) {
	t.Helper()
	ctx := context.Background()
	hash, err := domain.HashPassword(goodPassword)
	must(t, err)
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: hash, Kind: store.KindIndividual,
		Profile: store.Profile{FullName: first + " " + last, FirstName: first, LastName: last}})
	must(t, err)
	must(t, app.store.MarkEmailVerified(ctx, u.ID))
	c := app.newClient()
	if res := c.signIn(t, email, goodPassword); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign in as %s: %d", email, res.StatusCode)
	}
	return c, u
}

// storedReview writes a review of b by u straight to the store, written at
// (zero: now).
func storedReview(t *testing.T, app *testApp, b store.Business, u store.User, stars int, title string, at time.Time) store.Review {
	t.Helper()
	r, err := app.store.CreateReview(context.Background(), store.NewReview{BusinessID: b.ID, UserID: sql.NullInt64{Int64: u.ID, Valid: true},
		AuthorName: u.Email, CreatedAt: at,
		ReviewText: store.ReviewText{Rating: stars, Title: title, Body: "We came on a Saturday and " + title + " is what we remember."}})
	must(t, err)
	return r
}

// reviewAccount is a verified account with no session, for storedReview.
func reviewAccount(t *testing.T, app *testApp, email string) store.User {
	t.Helper()
	u, _, err := app.store.CreateAccount(context.Background(), store.NewAccount{Email: email, PasswordHash: "x", Kind: store.KindIndividual})
	must(t, err)
	return u
}

// goodReview is a valid review form.
func goodReview(stars int) url.Values {
	return url.Values{
		"rating": {strconv.Itoa(stars)}, "title": {"Best flat white in town"},
		"body":       {"Friendly staff, a quiet corner by the window and the croissants were still warm at nine."},
		"visited_on": {"2025-03-14"}, "author_name": {"Dana K."},
	}
}

func reviewPath(b store.Business) string { return "/directory/" + b.Slug + "/review" }

// --- readers ---

// reviewSection is the Reviews section of a listing's page.
func reviewSection(doc finder) *goquery.Selection { return region(doc, "Reviews") }

// shownReviews are the reviews a page lists: each one's title, stars in
// words, author and helpful count as the button or text says it.
type shownReview struct {
	ID, Title, Stars, Author, Helpful string
}

func shownReviews(doc finder) []shownReview {
	var out []shownReview
	doc.Find("li.review").Each(func(_ int, li *goquery.Selection) {
		out = append(out, shownReview{
			ID:      li.AttrOr("id", ""),
			Title:   textOf(li.Find("h3")),
			Stars:   textOf(li.Find(".review-stars")),
			Author:  textOf(li.Find(".review-author")),
			Helpful: strings.TrimSpace(textOf(li.Find(".review-actions button, .review-actions > span"))),
		})
	})
	return out
}

// headerRating is what the listing's header says of its rating.
func headerRating(doc finder) string { return textOf(doc.Find(".business-hero .rating")) }

// cardRating is what the directory's card of the listing named name says
// of its rating.
func cardRating(t *testing.T, app *testApp, name string) string {
	t.Helper()
	res, body := app.newClient().get(t, "/directory?q="+url.QueryEscape(name))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("directory: %d", res.StatusCode)
	}
	return textOf(directoryCard(t, parseHTML(t, body), name).Find(".rating"))
}

// histogram is the rows of the star histogram as a screen reader reads
// them.
func histogram(doc finder) []string { return texts(doc.Find(`[aria-label="Reviews by stars"] li`)) }

// follow fetches where a redirect leads.
func (a *testApp) follow(t *testing.T, res *http.Response) (*http.Response, string) {
	t.Helper()
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || loc == "" {
		t.Fatalf("status %d to %q, want a 303", res.StatusCode, loc)
	}
	return a.get(t, loc)
}

// --- the form's rules ---

func TestReviewFormSendsSignedOutVisitorsToSignInAndBack(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		want := "/login?next=" + url.QueryEscape(reviewPath(b))
		for _, send := range []func(*testing.T, string, url.Values) (*http.Response, string){
			func(t *testing.T, p string, _ url.Values) (*http.Response, string) { return app.get(t, p) },
			app.post,
		} {
			res, _ := send(t, reviewPath(b), goodReview(5))
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != want {
				t.Errorf("signed out: %d to %q, want 303 to %s", res.StatusCode, res.Header.Get("Location"), want)
			}
		}
		if res, _ := app.htmxPost(t, reviewPath(b), goodReview(5)); res.Header.Get("HX-Redirect") != want {
			t.Errorf("signed out, htmx: HX-Redirect %q, want %s", res.Header.Get("HX-Redirect"), want)
		}
		// Signed in from there, the visitor lands on the form.
		c, _ := reviewerClient(t, app, "dana@example.com", "Dana", "Kim")
		res, _ := c.post(t, "/login", url.Values{"email": {"dana@example.com"}, "password": {goodPassword}, "next": {reviewPath(b)}})
		if res.Header.Get("Location") != reviewPath(b) {
			t.Errorf("after signing in: to %q, want the form", res.Header.Get("Location"))
		}
		if res, _ := app.get(t, "/directory/no-such-place/review"); res.StatusCode != http.StatusNotFound {
			t.Errorf("unknown listing: %d, want 404", res.StatusCode)
		}
		if f := summaryOf(t, app, b); f.Count != 0 {
			t.Errorf("%d reviews stored from signed-out posts", f.Count)
		}
	})
}

func TestReviewFormRefusesUnverifiedAddressesWithTheResendForm(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		// Signed up in this browser, the link not opened yet.
		res, _ := app.post(t, "/signup", url.Values{"full_name": {"Vic Unverified"}, "email": {"vic@example.com"}, "password": {goodPassword}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up: %d", res.StatusCode)
		}
		for _, send := range []func() (*http.Response, string){
			func() (*http.Response, string) { return app.get(t, reviewPath(b)) },
			func() (*http.Response, string) { return app.post(t, reviewPath(b), goodReview(5)) },
		} {
			res, body := send()
			page := parseHTML(t, body)
			if res.StatusCode != http.StatusForbidden || headings(page, 1, "Verify your email to write a review").Length() != 1 {
				t.Fatalf("unverified: %d %q, want 403 explaining", res.StatusCode, texts(page.Find("h1")))
			}
			resend := formOf(page, "Resend verification email")
			if resend.AttrOr("action", "") != "/verify-email/resend" || resend.Find(`input[name="email"]`).AttrOr("value", "") != "vic@example.com" {
				t.Errorf("resend form: action %q", resend.AttrOr("action", ""))
			}
		}
		if f := summaryOf(t, app, b); f.Count != 0 {
			t.Errorf("%d reviews stored by an unverified address", f.Count)
		}
		// The resend flow it offers works.
		if res, _ := app.post(t, "/verify-email/resend", url.Values{"email": {"vic@example.com"}}); res.StatusCode != http.StatusSeeOther {
			t.Errorf("resend: %d", res.StatusCode)
		}
	})
}

func TestOwnersCannotReviewTheirOwnListing(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		owner := app.newClient()
		if res := owner.signIn(t, "owner@harbor.test", goodPassword); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("owner sign in: %d", res.StatusCode)
		}
		_, body := owner.get(t, "/directory/"+b.Slug)
		if section := reviewSection(parseHTML(t, body)); links(section, "Write a review").Length() != 0 || !hasLink(section, "Answer reviews", "/dashboard/businesses/"+strconv.FormatInt(b.ID, 10)+"/reviews") {
			t.Error("the owner is offered to write a review of their own listing instead of answering its reviews")
		}
		for _, send := range []func() (*http.Response, string){
			func() (*http.Response, string) { return owner.get(t, reviewPath(b)) },
			func() (*http.Response, string) { return owner.post(t, reviewPath(b), goodReview(5)) },
		} {
			res, body := send()
			if page := parseHTML(t, body); res.StatusCode != http.StatusForbidden || headings(page, 1, "You can't review your own listing").Length() != 1 {
				t.Errorf("owner: %d %q, want 403", res.StatusCode, texts(page.Find("h1")))
			}
		}
		if f := summaryOf(t, app, b); f.Count != 0 {
			t.Errorf("%d reviews stored by the owner", f.Count)
		}
	})
}

// --- writing, editing, deleting: what the pages and the directory show ---

func TestWritingEditingAndDeletingAReviewUpdatesThePageTheJSONLDAndTheDirectory(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		page := "/directory/" + b.Slug

		// No reviews: the empty state, no invented figures anywhere.
		_, body := app.get(t, page)
		doc := parseHTML(t, body)
		if got := headerRating(doc); got != "No reviews yet" {
			t.Errorf("header %q, want No reviews yet", got)
		}
		if textOf(byTestID(doc, "reviews-empty")) == "" || !strings.HasPrefix(textOf(byTestID(doc, "reviews-empty")), "No reviews yet. Be the first") {
			t.Errorf("empty state %q", textOf(byTestID(doc, "reviews-empty")))
		}
		if _, ok := jsonLD(t, doc)["aggregateRating"]; ok {
			t.Error("aggregateRating without a review")
		}
		if _, ok := jsonLD(t, doc)["review"]; ok {
			t.Error("JSON-LD reviews without a review")
		}
		if got := cardRating(t, app, reviewedName); got != "No reviews yet" {
			t.Errorf("card %q, want No reviews yet", got)
		}

		// The form: a star group with a legend, the fields, the name from the profile.
		dana, danaUser := reviewerClient(t, app, "dana@example.com", "Dana", "Kim")
		res, body := dana.get(t, reviewPath(b))
		form := parseHTML(t, body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("form: %d", res.StatusCode)
		}
		if legend := textOf(form.Find("fieldset legend")); legend != "Your rating" {
			t.Errorf("star group legend %q", legend)
		}
		for i := 1; i <= 5; i++ {
			label := strconv.Itoa(i) + " stars"
			if i == 1 {
				label = "1 star"
			}
			if c := labelled(t, form, label); c.AttrOr("type", "") != "radio" || c.AttrOr("value", "") != strconv.Itoa(i) || c.Closest("fieldset").Length() != 1 {
				t.Errorf("%s: not a radio of the group", label)
			}
		}
		for _, label := range []string{"Title", "Your review", "Date of visit"} {
			labelled(t, form, label)
		}
		if got := valueOf(labelled(t, form, "Name shown with your review")); got != "Dana K." {
			t.Errorf("name prefilled %q, want Dana K.", got)
		}
		if buttons(form, "Publish review").Length() != 1 {
			t.Error("no 'Publish review'")
		}

		// Written: back to the review on the page, with a toast.
		res, _ = dana.post(t, reviewPath(b), goodReview(4))
		mine, err := app.store.ReviewBy(context.Background(), b.ID, danaUser.ID)
		must(t, err)
		if want := page + "#review-" + strconv.FormatInt(mine.ID, 10); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != want {
			t.Fatalf("written: %d to %q, want 303 to %s", res.StatusCode, res.Header.Get("Location"), want)
		}
		if want := ai.Sentiment(goodReview(4).Get("title"), goodReview(4).Get("body")); mine.Sentiment != want || want == "" {
			t.Errorf("sentiment %q, want the analyser's %q", mine.Sentiment, want)
		}
		if mine.VisitedOn != "2025-03-14" || mine.AuthorName != "Dana K." {
			t.Errorf("stored %+v", mine)
		}
		_, body = dana.follow(t, res)
		doc = parseHTML(t, body)
		if !hasToast(doc, "Review published", "") {
			t.Errorf("toasts %v", toasts(doc))
		}
		checkFigures(t, app, b, doc, "4.0", 1, []string{"5 stars: 0 reviews (0%)", "4 stars: 1 review (100%)", "3 stars: 0 reviews (0%)", "2 stars: 0 reviews (0%)", "1 star: 0 reviews (0%)"})
		want := shownReview{ID: "review-" + strconv.FormatInt(mine.ID, 10), Title: "Best flat white in town", Stars: "4 out of 5 stars", Author: "Dana K.", Helpful: "Helpful (0)"}
		if got := shownReviews(reviewSection(doc)); len(got) != 1 || got[0] != want {
			t.Errorf("reviews shown %+v, want %+v", got, want)
		}
		item := byID(doc.Selection, want.ID)
		if meta := textOf(item.Find(".review-meta")); !strings.Contains(meta, "Visited March 14, 2025") || !strings.Contains(meta, "Written "+views.LongDate(mine.CreatedAt)) {
			t.Errorf("review meta %q", meta)
		}
		if textOf(item.Find(".review-body")) != goodReview(4).Get("body") {
			t.Errorf("review body %q", textOf(item.Find(".review-body")))
		}
		if links(reviewSection(doc), "Edit your review").Length() == 0 || links(reviewSection(doc), "Write a review").Length() != 0 {
			t.Error("the author is not offered 'Edit your review'")
		}
		// Others see 'Write a review', the helpful button and the report link.
		_, body = app.newClient().get(t, page)
		other := parseHTML(t, body)
		if links(reviewSection(other), "Write a review").Length() != 1 || !hasLink(other, "Report the review Best flat white in town", "/reviews/"+strconv.FormatInt(mine.ID, 10)+"/report") {
			t.Error("a visitor is not offered 'Write a review' and 'Report'")
		}
		if buttons(other, "Helpful (0)").Length() != 1 {
			t.Error("a visitor has no 'Helpful (0)' button")
		}

		// A second review: the average is to one decimal, everywhere the same.
		sam, _ := reviewerClient(t, app, "sam@example.com", "Sam", "Lee")
		if res, _ := sam.post(t, reviewPath(b), goodReview(5)); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("second review: %d", res.StatusCode)
		}
		_, body = app.get(t, page)
		checkFigures(t, app, b, parseHTML(t, body), "4.5", 2, nil)

		// Edited: the form holds the review; the figures follow.
		_, body = dana.get(t, reviewPath(b))
		form = parseHTML(t, body)
		if !checked(labelled(t, form, "4 stars")) || valueOf(labelled(t, form, "Title")) != "Best flat white in town" || valueOf(labelled(t, form, "Date of visit")) != "2025-03-14" {
			t.Error("the edit form does not hold the review")
		}
		if buttons(form, "Save changes").Length() != 1 || !hasLink(form, "Delete your review", reviewPath(b)+"/delete") {
			t.Error("the edit form has no 'Save changes' and 'Delete your review'")
		}
		edit := goodReview(1)
		edit.Set("title", "Cold coffee this time")
		edit.Set("author_name", "Dana Kim")
		res, _ = dana.post(t, reviewPath(b), edit)
		_, body = dana.follow(t, res)
		doc = parseHTML(t, body)
		if !hasToast(doc, "Review updated", "") {
			t.Errorf("toasts after editing %v", toasts(doc))
		}
		checkFigures(t, app, b, doc, "3.0", 2, []string{"5 stars: 1 review (50%)", "4 stars: 0 reviews (0%)", "3 stars: 0 reviews (0%)", "2 stars: 0 reviews (0%)", "1 star: 1 review (50%)"})
		if got := byID(doc.Selection, want.ID); textOf(got.Find("h3")) != "Cold coffee this time" || textOf(got.Find(".review-author")) != "Dana Kim" {
			t.Errorf("edited review shows %q by %q", textOf(got.Find("h3")), textOf(got.Find(".review-author")))
		}

		// Deleted, after confirming: the figures go back.
		res, body = dana.get(t, reviewPath(b)+"/delete")
		if confirm := formOf(parseHTML(t, body), "Yes, delete my review"); res.StatusCode != http.StatusOK || confirm.AttrOr("action", "") != reviewPath(b)+"/delete" || confirm.AttrOr("method", "") != "post" {
			t.Fatalf("delete confirmation: %d", res.StatusCode)
		}
		res, _ = dana.post(t, reviewPath(b)+"/delete", nil)
		if res.Header.Get("Location") != page+"#reviews" {
			t.Errorf("deleted: to %q", res.Header.Get("Location"))
		}
		_, body = dana.follow(t, res)
		doc = parseHTML(t, body)
		if !hasToast(doc, "Review deleted", "") {
			t.Errorf("toasts after deleting %v", toasts(doc))
		}
		checkFigures(t, app, b, doc, "5.0", 1, nil)
		if links(reviewSection(doc), "Write a review").Length() != 1 {
			t.Error("after deleting, the author is not offered 'Write a review' again")
		}

		// The last one goes: no figures at all again.
		_, err = app.store.ReviewBy(context.Background(), b.ID, danaUser.ID)
		if err == nil {
			t.Error("the review is still stored")
		}
		res, _ = sam.post(t, reviewPath(b)+"/delete", nil)
		_, body = sam.follow(t, res)
		doc = parseHTML(t, body)
		if headerRating(doc) != "No reviews yet" || cardRating(t, app, reviewedName) != "No reviews yet" {
			t.Errorf("after the last review: header %q, card %q", headerRating(doc), cardRating(t, app, reviewedName))
		}
		if _, ok := jsonLD(t, doc)["aggregateRating"]; ok {
			t.Error("aggregateRating after the last review was deleted")
		}
	})
}

// checkFigures checks that the listing's page (doc), its JSON-LD, its
// reviews page and its directory card all say average from count reviews,
// and that the JSON-LD's reviews are the ones the page shows; bars, when
// given, are the histogram's rows.
func checkFigures(t *testing.T, app *testApp, b store.Business, doc *goquery.Document, average string, count int, bars []string) {
	t.Helper()
	noun := fmt.Sprintf("%d reviews", count)
	if count == 1 {
		noun = "1 review"
	}
	if got, want := headerRating(doc), average+" ("+noun+")"; got != want {
		t.Errorf("header %q, want %q", got, want)
	}
	section := reviewSection(doc)
	if got := textOf(byTestID(section, "rating-average")); got != average {
		t.Errorf("summary average %q, want %s", got, average)
	}
	if got := textOf(byTestID(section, "rating-count")); got != noun {
		t.Errorf("summary count %q, want %s", got, noun)
	}
	if bars != nil {
		if got := histogram(section); strings.Join(got, "|") != strings.Join(bars, "|") {
			t.Errorf("histogram %q, want %q", got, bars)
		}
	}
	ld := jsonLD(t, doc)
	agg, _ := ld["aggregateRating"].(map[string]any)
	if agg == nil || fmt.Sprint(agg["ratingValue"]) != strings.TrimSuffix(average, ".0") || agg["reviewCount"] != float64(count) || agg["bestRating"] != float64(5) || agg["worstRating"] != float64(1) {
		t.Errorf("aggregateRating %v, want %s from %d", agg, average, count)
	}
	shown := shownReviews(section)
	ldReviews, _ := ld["review"].([]any)
	if len(ldReviews) != len(shown) {
		t.Fatalf("%d JSON-LD reviews, %d on the page", len(ldReviews), len(shown))
	}
	for i, x := range ldReviews {
		r := x.(map[string]any)
		author, _ := r["author"].(map[string]any)
		rating, _ := r["reviewRating"].(map[string]any)
		item := byID(doc.Selection, shown[i].ID)
		if r["@type"] != "Review" || r["name"] != shown[i].Title || author["name"] != shown[i].Author || author["@type"] != "Person" ||
			fmt.Sprint(rating["ratingValue"])+" out of 5 stars" != shown[i].Stars || r["reviewBody"] != textOf(item.Find(".review-body")) ||
			r["datePublished"] != item.Find(".review-meta time").First().AttrOr("datetime", "") {
			t.Errorf("JSON-LD review %d %v, page %+v", i, r, shown[i])
		}
	}
	_, body := app.get(t, "/directory/"+b.Slug+"/reviews")
	if got := textOf(byTestID(parseHTML(t, body), "rating-average")); got != average {
		t.Errorf("reviews page average %q, want %s", got, average)
	}
	if got, want := cardRating(t, app, b.Name), average+" ("+noun+")"; got != want {
		t.Errorf("directory card %q, want %q", got, want)
	}
}

// summaryOf is the listing's figures as stored.
func summaryOf(t *testing.T, app *testApp, b store.Business) store.RatingSummary {
	t.Helper()
	s, err := app.store.RatingSummaryOf(context.Background(), b.ID)
	must(t, err)
	return s
}

func TestReviewFormRefusesBadInputWithMessagesAndKeepsTheValues(t *testing.T) {
	tomorrow2 := time.Now().UTC().AddDate(0, 0, 2).Format(time.DateOnly)
	cases := []struct {
		name, field, value, label, message string
	}{
		{"no rating", "rating", "", "5 stars", "Choose a rating from 1 to 5 stars."},
		{"six stars", "rating", "6", "5 stars", "Choose a rating from 1 to 5 stars."},
		{"no title", "title", "  ", "Title", "Give your review a title."},
		{"long title", "title", strings.Repeat("t", 121), "Title", catalog.TooLong(120)},
		{"no text", "body", "", "Your review", "Write your review."},
		{"short text", "body", "Nice coffee, nice.  ", "Your review", "Write at least 20 characters (you wrote 18)."},
		{"long text", "body", strings.Repeat("é", 5001), "Your review", catalog.TooLong(5000)},
		{"visit in the future", "visited_on", tomorrow2, "Date of visit", "The date of your visit can't be in the future."},
		{"visit before 2000", "visited_on", "1999-12-31", "Date of visit", "The date of your visit can't be before 2000."},
		{"visit not a date", "visited_on", "last Tuesday", "Date of visit", "Enter the date of your visit as a date, like 2025-03-14."},
		{"no name", "author_name", "", "Name shown with your review", "Enter the name to show with your review."},
		{"long name", "author_name", strings.Repeat("n", 61), "Name shown with your review", catalog.TooLong(60)},
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		dana, _ := reviewerClient(t, app, "dana@example.com", "Dana", "Kim")
		for _, c := range cases {
			form := goodReview(3)
			form.Set(c.field, c.value)
			for _, htmx := range []bool{false, true} {
				post := dana.post
				if htmx {
					post = dana.htmxPost
				}
				res, body := post(t, reviewPath(b), form)
				page := parseHTML(t, body)
				if res.StatusCode != http.StatusUnprocessableEntity {
					t.Errorf("%s (htmx %v): %d, want 422", c.name, htmx, res.StatusCode)
					continue
				}
				if isPage(page) == htmx {
					t.Errorf("%s (htmx %v): whole page %v", c.name, htmx, isPage(page))
				}
				if got := fieldError(labelled(t, page, c.label)); got != c.message {
					t.Errorf("%s: message %q, want %q", c.name, got, c.message)
				}
				// Every value comes back as typed.
				if c.field != "rating" && !checked(labelled(t, page, "3 stars")) {
					t.Errorf("%s: the stars were lost", c.name)
				}
				for field, label := range map[string]string{"title": "Title", "body": "Your review", "visited_on": "Date of visit", "author_name": "Name shown with your review"} {
					want := strings.TrimSpace(form.Get(field))
					if got := valueOf(labelled(t, page, label)); got != want && field != "body" || field == "body" && strings.TrimSpace(got) != want {
						t.Errorf("%s: %s came back as %.40q, want %.40q", c.name, label, got, want)
					}
				}
			}
		}
		if f := summaryOf(t, app, b); f.Count != 0 {
			t.Errorf("%d reviews stored from invalid forms", f.Count)
		}
		// Today (UTC) is a fine date of visit.
		ok := goodReview(3)
		ok.Set("visited_on", time.Now().UTC().Format(time.DateOnly))
		if res, _ := dana.post(t, reviewPath(b), ok); res.StatusCode != http.StatusSeeOther {
			t.Errorf("visited today: %d, want 303", res.StatusCode)
		}
	})
}

func TestReviewEditsCloseAfterThirtyDaysButDeletingStaysOpen(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		dana, u := reviewerClient(t, app, "dana@example.com", "Dana", "Kim")
		old := storedReview(t, app, b, u, 2, "Slow service", time.Now().Add(-store.ReviewEditWindow-time.Hour))
		_, body := dana.get(t, "/directory/"+b.Slug)
		if links(reviewSection(parseHTML(t, body)), "Edit your review").Length() == 0 {
			t.Error("the author is not offered 'Edit your review'")
		}
		for _, send := range []func() (*http.Response, string){
			func() (*http.Response, string) { return dana.get(t, reviewPath(b)) },
			func() (*http.Response, string) { return dana.post(t, reviewPath(b), goodReview(5)) },
		} {
			res, body := send()
			page := parseHTML(t, body)
			if res.StatusCode != http.StatusForbidden || headings(page, 1, "Your review can no longer be edited").Length() != 1 {
				t.Errorf("editing after 30 days: %d %q, want 403", res.StatusCode, texts(page.Find("h1")))
			}
			if !hasLink(page, "Delete your review", reviewPath(b)+"/delete") {
				t.Error("deleting is not offered")
			}
		}
		if got, _ := app.store.ReviewByID(context.Background(), old.ID); got.Rating != 2 || got.Title != "Slow service" {
			t.Errorf("the old review changed: %+v", got)
		}
		res, _ := dana.post(t, reviewPath(b)+"/delete", nil)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("delete: %d", res.StatusCode)
		}
		if f := summaryOf(t, app, b); f.Count != 0 {
			t.Errorf("%d reviews after deleting", f.Count)
		}
	})
}

func TestDeletingAReviewNeedsOne(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		want := "/login?next=" + url.QueryEscape(reviewPath(b)+"/delete")
		if res, _ := app.post(t, reviewPath(b)+"/delete", nil); res.Header.Get("Location") != want {
			t.Errorf("signed out: to %q, want %s", res.Header.Get("Location"), want)
		}
		sam, _ := reviewerClient(t, app, "sam@example.com", "Sam", "Lee")
		res, _ := sam.post(t, reviewPath(b)+"/delete", nil)
		if _, body := sam.follow(t, res); !hasToast(parseHTML(t, body), "No review to delete", "") {
			t.Error("no 'No review to delete'")
		}
	})
}

func TestReviewLimitsPerAccountAndPerAddress(t *testing.T) {
	t.Run("account", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, app *testApp) {
			b := reviewedListing(t, app)
			dana, _ := reviewerClient(t, app, "dana@example.com", "Dana", "Kim")
			for i := range 2 { // written, then edited
				if res, _ := dana.post(t, reviewPath(b), goodReview(4)); res.StatusCode != http.StatusSeeOther {
					t.Fatalf("save %d: %d", i+1, res.StatusCode)
				}
			}
			form := goodReview(1)
			form.Set("title", "Third time today")
			res, body := dana.post(t, reviewPath(b), form)
			checkTooMany(t, res, body, form)
			if rs, _, err := app.store.ListingReviews(context.Background(), b.ID, store.ReviewsNewest, store.Page{Limit: 10}); err != nil || rs[0].Title == "Third time today" {
				t.Errorf("the refused edit was stored (%v)", err)
			}
		}, func(d *testDeps) { d.RateLimits.ReviewPerUser = ratelimit.Rate{Limit: 2, Window: 24 * time.Hour} })
	})
	t.Run("address", func(t *testing.T) {
		eachEngine(t, func(t *testing.T, app *testApp) {
			b := reviewedListing(t, app)
			for i, who := range []string{"ann", "ben"} {
				c, _ := reviewerClient(t, app, who+"@example.com", who, "Doe")
				if res, _ := c.post(t, reviewPath(b), goodReview(4)); res.StatusCode != http.StatusSeeOther {
					t.Fatalf("review %d: %d", i+1, res.StatusCode)
				}
			}
			cat, _ := reviewerClient(t, app, "cat@example.com", "Cat", "Doe")
			form := goodReview(2)
			res, body := cat.post(t, reviewPath(b), form)
			checkTooMany(t, res, body, form)
			if f := summaryOf(t, app, b); f.Count != 2 {
				t.Errorf("%d reviews, want the 2 allowed", f.Count)
			}
		}, func(d *testDeps) { d.RateLimits.ReviewPerIP = ratelimit.Rate{Limit: 2, Window: 24 * time.Hour} })
	})
}

// checkTooMany checks a 429 answer: Retry-After, a message saying to
// wait, and the form as it was sent.
func checkTooMany(t *testing.T, res *http.Response, body string, form url.Values) {
	t.Helper()
	page := parseHTML(t, body)
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || !anyContains(notices(page, "alert"), "Please wait") {
		t.Fatalf("over the limit: %d, Retry-After %q, notices %q; want 429", res.StatusCode, res.Header.Get("Retry-After"), notices(page, "alert"))
	}
	if valueOf(labelled(t, page, "Title")) != form.Get("title") || !checked(labelled(t, page, starsLabel(form.Get("rating")))) {
		t.Error("the values were not kept")
	}
}

func starsLabel(n string) string {
	if n == "1" {
		return "1 star"
	}
	return n + " stars"
}

func TestReviewKeepsTheValuesWhenTheDatabaseFails(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		dana, _ := reviewerClient(t, app, "dana@example.com", "Dana", "Kim")
		failReviewWrites(t, app)
		form := goodReview(5)
		for _, htmx := range []bool{false, true} {
			post := dana.post
			if htmx {
				post = dana.htmxPost
			}
			res, body := post(t, reviewPath(b), form)
			page := parseHTML(t, body)
			if res.StatusCode != http.StatusServiceUnavailable || !anyContains(notices(page, "alert"), "could not be saved just now") {
				t.Errorf("htmx %v: %d %q, want 503 with a message", htmx, res.StatusCode, notices(page, "alert"))
			}
			if valueOf(labelled(t, page, "Title")) != form.Get("title") || strings.TrimSpace(valueOf(labelled(t, page, "Your review"))) != form.Get("body") || !checked(labelled(t, page, "5 stars")) {
				t.Errorf("htmx %v: the values were not kept", htmx)
			}
		}
		if !strings.Contains(app.logs.String(), "review not stored") {
			t.Error("the failure was not logged")
		}
		if f := summaryOf(t, app, b); f.Count != 0 {
			t.Errorf("%d reviews stored", f.Count)
		}
	})
}

// failReviewWrites makes the database refuse every new review, as a full
// disk would.
func failReviewWrites(t *testing.T, app *testApp) {
	t.Helper()
	stmts := []string{`CREATE TRIGGER reviews_fail BEFORE INSERT ON reviews BEGIN SELECT RAISE(ABORT, 'disk full'); END`}
	if app.store.Dialect() == store.Postgres {
		stmts = []string{
			`CREATE FUNCTION reviews_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
			`CREATE TRIGGER reviews_fail BEFORE INSERT ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_fail()`,
		}
	}
	must(t, app.store.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		for _, s := range stmts {
			if _, err := tx.Exec(s); err != nil {
				return err
			}
		}
		return nil
	}))
}

// --- helpful ---

func TestMarkingAReviewHelpful(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		author, u := reviewerClient(t, app, "dana@example.com", "Dana", "Kim")
		rv := storedReview(t, app, b, u, 5, "Great cake", time.Time{})
		path := "/reviews/" + strconv.FormatInt(rv.ID, 10) + "/helpful"
		anchor := "/directory/" + b.Slug + "#review-" + strconv.FormatInt(rv.ID, 10)
		back := url.Values{"back": {"/directory/" + b.Slug}}

		// Signed out: sign in, then back to the review.
		if res, _ := app.post(t, path, back); res.Header.Get("Location") != "/login?next="+url.QueryEscape(anchor) {
			t.Errorf("signed out: to %q", res.Header.Get("Location"))
		}
		if res, _ := app.htmxPost(t, path, back); res.Header.Get("HX-Redirect") != "/login?next="+url.QueryEscape(anchor) {
			t.Errorf("signed out, htmx: HX-Redirect %q", res.Header.Get("HX-Redirect"))
		}

		// Without JavaScript: back to the review, with a toast; once only.
		sam, _ := reviewerClient(t, app, "sam@example.com", "Sam", "Lee")
		for i, toast := range []string{"You marked this review helpful.", "You already marked this review helpful"} {
			res, _ := sam.post(t, path, back)
			if res.Header.Get("Location") != anchor {
				t.Errorf("mark %d: to %q, want %s", i+1, res.Header.Get("Location"), anchor)
			}
			_, body := sam.follow(t, res)
			page := parseHTML(t, body)
			if !anyToast(page, toast) {
				t.Errorf("mark %d: toasts %v, want %q", i+1, toasts(page), toast)
			}
			if got := shownReviews(page); got[0].Helpful != "Helpful (1)" {
				t.Errorf("mark %d: %q, want Helpful (1)", i+1, got[0].Helpful)
			}
		}

		// With htmx: just the button, with the new count, and a toast.
		kim, _ := reviewerClient(t, app, "kim@example.com", "Kim", "Ray")
		for i, want := range []string{"You marked this review helpful.", "You already marked this review helpful"} {
			res, body := kim.htmxPost(t, path, back)
			frag := parseHTML(t, body)
			var trigger map[string]views.Toast
			_ = json.Unmarshal([]byte(res.Header.Get("HX-Trigger")), &trigger)
			if got := trigger["toast"]; res.StatusCode != http.StatusOK || isPage(frag) || buttons(frag, "Helpful (2)").Length() != 1 || got.Title != want && got.Description != want {
				t.Errorf("htmx mark %d: %d, page %v, buttons %q, toast %+v", i+1, res.StatusCode, isPage(frag), texts(frag.Find("button")), trigger["toast"])
			}
			if frag.Find("form").AttrOr("data-hx-post", "") != path {
				t.Errorf("htmx mark %d: the fragment is not the button's form", i+1)
			}
		}

		// The author cannot.
		res, body := author.post(t, path, back)
		if page := parseHTML(t, body); res.StatusCode != http.StatusForbidden || headings(page, 1, "You can't mark your own review helpful").Length() != 1 {
			t.Errorf("author: %d, want 403", res.StatusCode)
		}
		_, body = author.get(t, "/directory/"+b.Slug)
		if page := parseHTML(t, body); buttons(page, "Helpful (2)").Length() != 0 || shownReviews(page)[0].Helpful != "Helpful (2)" {
			t.Errorf("the author sees %+v, want the count without a button", shownReviews(page))
		}
		if got, _ := app.store.ReviewByID(context.Background(), rv.ID); got.HelpfulCount != 2 {
			t.Errorf("helpful count %d, want 2", got.HelpfulCount)
		}

		// Back to the reviews page it was on; never off the listing.
		for sent, want := range map[string]string{
			"/directory/" + b.Slug + "/reviews?sort=helpful&page=1": "/directory/" + b.Slug + "/reviews?sort=helpful&page=1#review-" + strconv.FormatInt(rv.ID, 10),
			"//evil.example/":       anchor,
			"/directory/other-shop": anchor,
			"/dashboard":            anchor,
		} {
			if res, _ := sam.post(t, path, url.Values{"back": {sent}}); res.Header.Get("Location") != want {
				t.Errorf("back %q: to %q, want %s", sent, res.Header.Get("Location"), want)
			}
		}
		if res, _ := sam.post(t, "/reviews/999999/helpful", back); res.StatusCode != http.StatusNotFound {
			t.Errorf("unknown review: %d, want 404", res.StatusCode)
		}
	})
}

// anyToast reports whether the page shows a toast whose title or
// description is text.
func anyToast(doc finder, text string) bool {
	for _, t := range toasts(doc) {
		if t.Title == text || t.Description == text {
			return true
		}
	}
	return false
}

// --- the reviews page ---

func TestReviewsPageSortsPaginatesAndIsCanonical(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		start := time.Now().Add(-48 * time.Hour)
		// 12 reviews, an hour apart: stars 1, 2, 3, 4, 5, 1, 2, ...
		var written []store.Review
		for i := range 12 {
			u := reviewAccount(t, app, fmt.Sprintf("r%d@example.com", i))
			written = append(written, storedReview(t, app, b, u, i%5+1, fmt.Sprintf("Visit %02d", i), start.Add(time.Duration(i)*time.Hour)))
		}
		// The owner's reply shows under its review, headed with the listing's name.
		_, err := app.store.SetReply(context.Background(), written[11].ID, b.OwnerID.Int64, "Thank you, come again!")
		must(t, err)

		// The listing's page: the 5 newest, a link to all.
		_, body := app.get(t, "/directory/"+b.Slug)
		doc := parseHTML(t, body)
		if got := titles(shownReviews(reviewSection(doc))); strings.Join(got, ",") != "Visit 11,Visit 10,Visit 09,Visit 08,Visit 07" {
			t.Errorf("listing page shows %q", got)
		}
		if !hasLink(reviewSection(doc), "See all 12 reviews", "/directory/"+b.Slug+"/reviews") {
			t.Error("no link to all 12 reviews")
		}
		reply := byTestID(byID(doc.Selection, "review-"+strconv.FormatInt(written[11].ID, 10)), "owner-reply")
		if textOf(reply.Find("h4")) != "Reply from "+reviewedName || !strings.Contains(textOf(reply), "Thank you, come again!") || reply.Find("time").Length() != 1 {
			t.Errorf("owner's reply %q", textOf(reply))
		}
		checkFigures(t, app, b, doc, "2.8", 12, []string{"5 stars: 2 reviews (17%)", "4 stars: 2 reviews (17%)", "3 stars: 2 reviews (17%)", "2 stars: 3 reviews (25%)", "1 star: 3 reviews (25%)"})

		for _, c := range []struct {
			path      string
			status    int
			first     []string // the first titles shown
			shown     int
			canonical string
		}{
			{"/reviews", 200, []string{"Visit 11", "Visit 10"}, 10, "/reviews"},
			{"/reviews?page=2", 200, []string{"Visit 01", "Visit 00"}, 2, "/reviews?page=2"},
			{"/reviews?sort=highest", 200, []string{"Visit 09", "Visit 04", "Visit 08"}, 10, "/reviews"},
			{"/reviews?sort=lowest", 200, []string{"Visit 10", "Visit 05", "Visit 00"}, 10, "/reviews"},
			{"/reviews?sort=highest&page=2", 200, []string{"Visit 05", "Visit 00"}, 2, "/reviews?page=2"},
			{"/reviews?sort=nonsense", 200, []string{"Visit 11"}, 10, "/reviews"},
			{"/reviews?page=3", 404, nil, 0, ""},
		} {
			res, body := app.get(t, "/directory/"+b.Slug+c.path)
			if res.StatusCode != c.status {
				t.Errorf("%s: %d, want %d", c.path, res.StatusCode, c.status)
				continue
			}
			if c.status != 200 {
				continue
			}
			page := parseHTML(t, body)
			got := titles(shownReviews(page))
			if len(got) != c.shown || strings.Join(got[:len(c.first)], ",") != strings.Join(c.first, ",") {
				t.Errorf("%s: shows %q, want %d starting %q", c.path, got, c.shown, c.first)
			}
			if href := page.Find(`link[rel="canonical"]`).AttrOr("href", ""); href != testSite.BaseURL+"/directory/"+b.Slug+c.canonical {
				t.Errorf("%s: canonical %q", c.path, href)
			}
			if page.Find(`meta[name="robots"]`).Length() != 0 {
				t.Errorf("%s: noindex", c.path)
			}
		}

		// The sort is a GET form that works without JavaScript; pages link on.
		_, body = app.get(t, "/directory/"+b.Slug+"/reviews?sort=helpful")
		page := parseHTML(t, body)
		sortForm := formOf(page, "Sort")
		if sortForm.AttrOr("method", "") != "get" || sortForm.AttrOr("action", "") != "/directory/"+b.Slug+"/reviews" {
			t.Errorf("sort form %q %q", sortForm.AttrOr("method", ""), sortForm.AttrOr("action", ""))
		}
		sortBy := labelled(t, sortForm, "Sort by")
		if valueOf(sortBy) != "helpful" || strings.Join(texts(sortBy.Find("option")), ",") != "Newest,Highest rated,Lowest rated,Most helpful" {
			t.Errorf("sort control %q at %q", texts(sortBy.Find("option")), valueOf(sortBy))
		}
		if !hasLink(region(page, "Pages"), "Next", "/directory/"+b.Slug+"/reviews?sort=helpful&page=2") {
			t.Error("no link to the next page in the same order")
		}

		// A listing without reviews.
		quiet, err := app.store.CreateBusiness(context.Background(), store.Business{Name: "Quiet Corner", Published: true})
		must(t, err)
		res, body := app.get(t, "/directory/"+quiet.Slug+"/reviews")
		if page := parseHTML(t, body); res.StatusCode != 200 || !strings.HasPrefix(textOf(byTestID(page, "reviews-empty")), "No reviews yet.") || links(page, "Write a review").Length() != 1 {
			t.Errorf("empty reviews page: %d", res.StatusCode)
		}
	})
}

func titles(rs []shownReview) []string {
	out := []string{}
	for _, r := range rs {
		out = append(out, r.Title)
	}
	return out
}

func TestReviewerNames(t *testing.T) {
	for _, c := range []struct {
		kind string
		p    store.Profile
		want string
	}{
		{store.KindIndividual, store.Profile{FirstName: "Dana", LastName: "kim", FullName: "Dana kim"}, "Dana K."},
		{store.KindIndividual, store.Profile{FullName: "Ana María Ölund"}, "Ana Ö."},
		{store.KindIndividual, store.Profile{FullName: "Prince"}, "Prince"},
		{store.KindIndividual, store.Profile{}, ""},
		{store.KindBusiness, store.Profile{FullName: "Pat Owner"}, "Pat Owner"},
		{store.KindBusiness, store.Profile{FullName: strings.Repeat("x", 70)}, strings.Repeat("x", 60)},
	} {
		if got := domain.ReviewerName(c.kind, c.p); got != c.want {
			t.Errorf("%s %+v: %q, want %q", c.kind, c.p, got, c.want)
		}
	}
}

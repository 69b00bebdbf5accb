package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/catalog"
	"bizprofile/store"
	"bizprofile/views"
)

// ownerAndListing signs app in as the owner of a published listing.
func ownerAndListing(t *testing.T, app *testApp, name string) (store.User, store.Business) {
	t.Helper()
	owner := app.account(t, "owner-"+store.Slugify(name)+"@example.com", store.KindBusiness)
	b, err := app.store.CreateBusiness(context.Background(), store.Business{Name: name, Category: "food", City: "Portland", State: "OR",
		OwnerID: sql.NullInt64{Int64: owner.ID, Valid: true}, Published: true})
	must(t, err)
	return owner, b
}

// customerReview is a review of b by a new account named who, written at.
func customerReview(t *testing.T, app *testApp, b store.Business, who string, stars int, sentiment string, at time.Time) store.Review {
	t.Helper()
	ctx := context.Background()
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: strings.ToLower(who) + "@example.com", PasswordHash: "x", Kind: store.KindIndividual})
	must(t, err)
	r, err := app.store.CreateReview(ctx, store.NewReview{BusinessID: b.ID, UserID: sql.NullInt64{Int64: u.ID, Valid: true}, AuthorName: who, CreatedAt: at,
		ReviewText: store.ReviewText{Rating: stars, Title: who + "'s visit", Body: "We came on a Saturday morning and the sourdough was still warm.", Sentiment: sentiment}})
	must(t, err)
	return r
}

// hideReview hides a review as an administrator does.
func hideReview(t *testing.T, app *testApp, id int64, reason string) {
	t.Helper()
	admin, _, err := app.store.CreateAccount(context.Background(), store.NewAccount{Email: "moderator@example.com", PasswordHash: "x", Kind: store.KindBusiness})
	must(t, err)
	_, err = app.store.ModerateReview(context.Background(), id, admin, store.ActionHideReview, reason)
	must(t, err)
}

func ownerReviewsURL(b store.Business) string {
	return "/dashboard/businesses/" + itoa(int(b.ID)) + "/reviews"
}
func replyURL(r store.Review) string { return "/dashboard/reviews/" + itoa(int(r.ID)) + "/reply" }

// reviewBlock is the owner's block of the review titled title.
func reviewBlock(doc finder, title string) *goquery.Selection {
	return headings(doc, 3, title).Closest("article")
}

// htmxToast is the toast an htmx answer raises.
func htmxToast(t *testing.T, res *http.Response) views.Toast {
	t.Helper()
	var trigger struct{ Toast views.Toast }
	if err := json.Unmarshal([]byte(res.Header.Get("HX-Trigger")), &trigger); err != nil {
		t.Fatalf("HX-Trigger %q: %v", res.Header.Get("HX-Trigger"), err)
	}
	return trigger.Toast
}

func TestOwnerReviewsAreTheOwnersOnly(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b := ownerAndListing(t, app, "Harbor Bakery")
		rev := customerReview(t, app, b, "Ann", 5, store.SentimentPositive, time.Now().Add(-time.Hour))

		res, body := app.get(t, ownerReviewsURL(b))
		if doc := parseHTML(t, body); res.StatusCode != http.StatusOK || headings(doc, 1, "Reviews of Harbor Bakery").Length() != 1 {
			t.Fatalf("the owner's page: %d", res.StatusCode)
		}

		other := app.newClient()
		other.account(t, "rival@example.com", store.KindBusiness)
		signedOut := app.newClient()
		for _, tc := range []struct {
			method, path string
			form         url.Values
		}{
			{"GET", ownerReviewsURL(b), nil},
			{"GET", ownerReviewsURL(b) + "/qr.svg", nil},
			{"POST", ownerReviewsURL(b) + "/requests", url.Values{"emails": {"ann@example.com"}}},
			{"POST", replyURL(rev), url.Values{"reply": {"Not my listing"}}},
			{"POST", replyURL(rev) + "/delete", url.Values{}},
		} {
			var res *http.Response
			var body string
			if tc.method == "GET" {
				res, body = other.get(t, tc.path)
			} else {
				res, body = other.post(t, tc.path, tc.form)
			}
			if res.StatusCode != http.StatusNotFound || headings(parseHTML(t, body), 1, "Oops! Page not found").Length() != 1 {
				t.Errorf("another owner: %s %s = %d, want the 404 page", tc.method, tc.path, res.StatusCode)
			}
			if tc.method == "GET" {
				res, _ = signedOut.get(t, tc.path)
			} else {
				res, _ = signedOut.post(t, tc.path, tc.form)
			}
			if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
				t.Errorf("signed out: %s %s = %d to %q, want a redirect to sign in", tc.method, tc.path, res.StatusCode, res.Header.Get("Location"))
			}
		}
		got, err := app.store.ReviewByID(context.Background(), rev.ID)
		must(t, err)
		if got.Reply != "" {
			t.Errorf("another owner's reply was stored: %q", got.Reply)
		}
		for _, id := range []string{"0", "999999", "abc"} {
			if res, _ := app.post(t, "/dashboard/reviews/"+id+"/reply", url.Values{"reply": {"Hello"}}); res.StatusCode != http.StatusNotFound {
				t.Errorf("reply to review %s: %d, want 404", id, res.StatusCode)
			}
		}
	})
}

func TestOwnerReviewsPageShowsFiguresTrendAndEveryReview(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		owner, b := ownerAndListing(t, app, "Harbor Bakery")

		res, body := app.get(t, ownerReviewsURL(b))
		doc := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || !strings.Contains(textOf(region(doc, "All reviews")), "No reviews yet.") ||
			!strings.Contains(textOf(region(doc, "Sentiment by month")), "No reviews in the last 12 months yet.") {
			t.Errorf("empty states missing: %d", res.StatusCode)
		}
		if link := labelled(t, doc, "Your review link"); valueOf(link) != testSite.BaseURL+"/directory/"+b.Slug+"/review" {
			t.Errorf("review link %q", valueOf(link))
		}

		now := time.Now().UTC()
		thisMonth := time.Date(now.Year(), now.Month(), 1, 12, 0, 0, 0, time.UTC)
		lastMonth := thisMonth.AddDate(0, -1, 0)
		ann := customerReview(t, app, b, "Ann", 5, store.SentimentPositive, lastMonth)
		bob := customerReview(t, app, b, "Bob", 2, store.SentimentNegative, lastMonth.Add(time.Hour))
		customerReview(t, app, b, "Cid", 4, store.SentimentNeutral, thisMonth)
		dee := customerReview(t, app, b, "Dee", 1, store.SentimentNegative, thisMonth.Add(time.Hour))
		_, err := app.store.SetReply(ctx, ann.ID, owner.ID, "Thank you, Ann!")
		must(t, err)
		hideReview(t, app, dee.ID, "Written by a competitor.")

		_, body = app.get(t, ownerReviewsURL(b))
		doc = parseHTML(t, body)
		figures := terms(region(doc, "Figures"))
		for term, want := range map[string]string{"Average rating": "3.7", "Reviews": "3", "Unanswered": "2", "New this month": "1"} {
			if figures[term] != want {
				t.Errorf("%s: %q, want %q (figures %v)", term, figures[term], want, figures)
			}
		}
		list := region(doc, "All reviews")
		if got := texts(list.Find("h3")); !slices.Equal(got, []string{"Dee's visit", "Cid's visit", "Bob's visit", "Ann's visit"}) {
			t.Errorf("reviews %v, want newest first, the hidden one too", got)
		}
		hidden := reviewBlock(list, "Dee's visit")
		if !slices.Contains(badges(hidden), "Hidden by an administrator") || !strings.Contains(textOf(byTestID(hidden, "hidden-reason")), "Written by a competitor.") {
			t.Errorf("the hidden review is not marked with its reason: %v", badges(hidden))
		}
		if buttons(hidden, "Post reply to Dee's visit").Length() != 0 || controls(hidden, "Reply as Harbor Bakery").Length() != 0 {
			t.Error("a hidden review offers a reply form")
		}
		answered := reviewBlock(list, "Ann's visit")
		if reply := byTestID(answered, "owner-reply"); !strings.Contains(textOf(reply), "Reply from Harbor Bakery") || !strings.Contains(textOf(reply), "Thank you, Ann!") {
			t.Errorf("Ann's reply: %q", textOf(reply))
		}
		if valueOf(labelled(t, answered, "Reply as Harbor Bakery")) != "Thank you, Ann!" || buttons(answered, "Delete the reply to Ann's visit").Length() != 1 {
			t.Error("the answered review has no prefilled edit form or no Delete")
		}
		if f := formOf(reviewBlock(list, "Bob's visit"), "Post reply to Bob's visit"); f.AttrOr("action", "") != replyURL(bob) {
			t.Errorf("Bob's reply form posts to %q", f.AttrOr("action", ""))
		}

		// The trend: a row per month, the last two with reviews (the
		// hidden one left out).
		rows := tableRows(region(doc, "Sentiment by month"))
		if len(rows) != 12 {
			t.Fatalf("%d months in the trend, want 12", len(rows))
		}
		if want := []string{lastMonth.Format("Jan 2006"), "1", "0", "1"}; !slices.Equal(rows[10], want) {
			t.Errorf("last month %v, want %v", rows[10], want)
		}
		if want := []string{thisMonth.Format("Jan 2006"), "0", "1", "0"}; !slices.Equal(rows[11], want) {
			t.Errorf("this month %v, want %v", rows[11], want)
		}
		if rects := region(doc, "Sentiment by month").Find("svg rect"); rects.Length() != 3 {
			t.Errorf("%d bars' parts in the chart, want 3", rects.Length())
		}

		for _, tc := range []struct {
			query string
			want  []string
		}{
			{"?show=unanswered", []string{"Cid's visit", "Bob's visit"}},
			{"?stars=5", []string{"Ann's visit"}},
			{"?show=unanswered&stars=2", []string{"Bob's visit"}},
			{"?stars=3", []string{}},
			{"?stars=9&show=nonsense", []string{"Dee's visit", "Cid's visit", "Bob's visit", "Ann's visit"}},
		} {
			_, body := app.get(t, ownerReviewsURL(b)+tc.query)
			list := region(parseHTML(t, body), "All reviews")
			if got := texts(list.Find("h3")); !slices.Equal(got, tc.want) {
				t.Errorf("%s: %v, want %v", tc.query, got, tc.want)
			}
			if len(tc.want) == 0 && !strings.Contains(textOf(list), "No reviews match this filter.") {
				t.Errorf("%s: no empty state", tc.query)
			}
		}
	})
}

func TestOwnerReviewsArePaged(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b := ownerAndListing(t, app, "Harbor Bakery")
		start := time.Now().Add(-24 * time.Hour)
		for i := range views.OwnerReviewsPerPage + 2 {
			customerReview(t, app, b, fmt.Sprintf("Reader%02d", i), 4, "", start.Add(time.Duration(i)*time.Minute))
		}
		_, body := app.get(t, ownerReviewsURL(b))
		doc := parseHTML(t, body)
		list := region(doc, "All reviews")
		if n := list.Find("h3").Length(); n != views.OwnerReviewsPerPage {
			t.Errorf("first page: %d reviews", n)
		}
		next := links(region(doc, "Pages"), "Next")
		if next.AttrOr("href", "") != ownerReviewsURL(b)+"?page=2#reviews" {
			t.Fatalf("Next links to %q", next.AttrOr("href", ""))
		}
		_, body = app.get(t, ownerReviewsURL(b)+"?page=2")
		if got := texts(region(parseHTML(t, body), "All reviews").Find("h3")); !slices.Equal(got, []string{"Reader01's visit", "Reader00's visit"}) {
			t.Errorf("second page %v", got)
		}
		if res, _ := app.get(t, ownerReviewsURL(b)+"?page=3"); res.StatusCode != http.StatusNotFound {
			t.Errorf("past the last page: %d, want 404", res.StatusCode)
		}
		// A reply form on page 2 comes back to page 2.
		if back := parseHTML(t, body).Find(`input[name="back"]`).First().AttrOr("value", ""); back != "page=2" {
			t.Errorf("back %q, want page=2", back)
		}
	})
}

func TestOwnerRepliesEditsAndDeletesAReply(t *testing.T) {
	for _, htmx := range []bool{false, true} {
		t.Run(map[bool]string{false: "without JavaScript", true: "htmx"}[htmx], func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				ctx := context.Background()
				_, b := ownerAndListing(t, app, "Harbor Bakery")
				rev := customerReview(t, app, b, "Ann", 4, store.SentimentPositive, time.Now().Add(-time.Hour))
				send := func(path string, form url.Values) (*http.Response, string) {
					if htmx {
						return app.htmxPost(t, path, form)
					}
					return app.post(t, path, form)
				}
				// done checks a change's answer: the review's block and a
				// toast (htmx), or the list at the review with the toast.
				done := func(res *http.Response, body string, toast string) *goquery.Selection {
					t.Helper()
					if htmx {
						doc := parseHTML(t, body)
						if res.StatusCode != http.StatusOK || isPage(doc) || htmxToast(t, res).Title != toast {
							t.Fatalf("htmx answer %d, toast %+v, want %q on the block", res.StatusCode, htmxToast(t, res), toast)
						}
						return reviewBlock(doc, "Ann's visit")
					}
					if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != ownerReviewsURL(b)+"?page=2#review-"+itoa(int(rev.ID)) {
						t.Fatalf("answer %d to %q", res.StatusCode, res.Header.Get("Location"))
					}
					_, page := app.get(t, ownerReviewsURL(b))
					doc := parseHTML(t, page)
					if !hasToast(doc, toast, "") {
						t.Errorf("no toast %q: %v", toast, toasts(doc))
					}
					return reviewBlock(doc, "Ann's visit")
				}
				stored := func() string {
					r, err := app.store.ReviewByID(ctx, rev.ID)
					must(t, err)
					return r.Reply
				}

				res, body := send(replyURL(rev), url.Values{"reply": {"  Thank you, Ann! See you on Saturday.  "}, "back": {"page=2"}})
				block := done(res, body, "Reply posted")
				if stored() != "Thank you, Ann! See you on Saturday." {
					t.Errorf("stored reply %q", stored())
				}
				if reply := byTestID(block, "owner-reply"); !strings.HasPrefix(textOf(reply), "Reply from Harbor Bakery") || !strings.Contains(textOf(reply), "Thank you, Ann! See you on Saturday.") {
					t.Errorf("the block shows %q", textOf(reply))
				}

				res, body = send(replyURL(rev), url.Values{"reply": {"Thanks again, Ann."}, "back": {"page=2"}})
				block = done(res, body, "Reply updated")
				if stored() != "Thanks again, Ann." || !strings.Contains(textOf(byTestID(block, "owner-reply")), "Thanks again, Ann.") {
					t.Errorf("edited reply %q", stored())
				}

				// Bad replies: 422 with the message by the field and the
				// text kept; the stored reply is unchanged.
				long := strings.Repeat("á", catalog.ReplyMax+1)
				for _, tc := range []struct{ text, msg string }{
					{"   ", "Write a reply."},
					{long, catalog.TooLong(catalog.ReplyMax)},
				} {
					res, body := send(replyURL(rev), url.Values{"reply": {tc.text}, "back": {"page=2"}})
					doc := parseHTML(t, body)
					if res.StatusCode != http.StatusUnprocessableEntity || isPage(doc) == htmx {
						t.Errorf("%q: %d (page %v)", tc.msg, res.StatusCode, isPage(doc))
						continue
					}
					field := labelled(t, reviewBlock(doc, "Ann's visit"), "Reply as Harbor Bakery")
					if fieldError(field) != tc.msg || valueOf(field) != strings.TrimSpace(tc.text) {
						t.Errorf("%q: error %q, value kept %v", tc.msg, fieldError(field), valueOf(field) == strings.TrimSpace(tc.text))
					}
					if _, open := field.Closest("details").Attr("open"); !open {
						t.Errorf("%q: the edit form is not open", tc.msg)
					}
				}
				if stored() != "Thanks again, Ann." {
					t.Errorf("a refused edit changed the reply to %q", stored())
				}

				res, body = send(replyURL(rev)+"/delete", url.Values{"back": {"page=2"}})
				block = done(res, body, "Reply deleted")
				if stored() != "" || byTestID(block, "owner-reply").Length() != 0 || controls(block, "Reply as Harbor Bakery").Length() != 1 {
					t.Errorf("after delete: stored %q, block %q", stored(), textOf(block))
				}

				// A hidden review cannot be answered.
				hideReview(t, app, rev.ID, "Not a real experience.")
				res, body = send(replyURL(rev), url.Values{"reply": {"But it was real!"}})
				if res.StatusCode != http.StatusConflict || stored() != "" {
					t.Errorf("reply to a hidden review: %d, stored %q", res.StatusCode, stored())
				}
				if htmx {
					if toast := htmxToast(t, res); toast.Title != "Reply not posted" {
						t.Errorf("toast %+v", toast)
					}
				} else if !anyContains(notices(parseHTML(t, body), "alert"), "cannot be answered") {
					t.Errorf("no reason given: %v", notices(parseHTML(t, body), "alert"))
				}
			})
		})
	}
}

func TestAReplyIsKeptWhenTheDatabaseFails(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b := ownerAndListing(t, app, "Harbor Bakery")
		rev := customerReview(t, app, b, "Ann", 4, store.SentimentPositive, time.Now().Add(-time.Hour))
		failWritesTo(t, app, "reviews", "UPDATE")
		for _, htmx := range []bool{false, true} {
			form := url.Values{"reply": {"Thank you, Ann!"}}
			var res *http.Response
			var body string
			if htmx {
				res, body = app.htmxPost(t, replyURL(rev), form)
			} else {
				res, body = app.post(t, replyURL(rev), form)
			}
			block := reviewBlock(parseHTML(t, body), "Ann's visit")
			if res.StatusCode != http.StatusServiceUnavailable || !anyContains(notices(block, "alert"), "what you wrote is still here") {
				t.Errorf("htmx %v: %d %v", htmx, res.StatusCode, notices(block, "alert"))
			}
			if valueOf(labelled(t, block, "Reply as Harbor Bakery")) != "Thank you, Ann!" {
				t.Errorf("htmx %v: the reply was not kept", htmx)
			}
		}
		if !strings.Contains(app.logs.String(), "reply not saved") {
			t.Error("no log line")
		}
	})
}

package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
)

// reportScene is a published listing with two reviews: ann's (one star,
// by an account) and a seed review without an account (five stars).
type reportScene struct {
	b             store.Business
	ann           store.User
	byAnn, bySeed store.Review
}

func newReportScene(t *testing.T, app *testApp) reportScene {
	t.Helper()
	ctx := context.Background()
	var s reportScene
	s.b = ownedListing(t, app, "owner@harbor.test", "Harbor Bakery")
	hash, err := domain.HashPassword(goodPassword)
	must(t, err)
	s.ann, _, err = app.store.CreateAccount(ctx, store.NewAccount{Email: "ann@example.test", PasswordHash: hash, Kind: store.KindIndividual})
	must(t, err)
	must(t, app.store.MarkEmailVerified(ctx, s.ann.ID))
	write := func(user sql.NullInt64, author string, stars int, title string) store.Review {
		r, err := app.store.CreateReview(ctx, store.NewReview{BusinessID: s.b.ID, UserID: user, AuthorName: author, CreatedAt: time.Now().Add(-time.Hour),
			ReviewText: store.ReviewText{Rating: stars, Title: title, Body: "We came on a Saturday morning and this is what we found."}})
		must(t, err)
		return r
	}
	s.byAnn = write(sql.NullInt64{Int64: s.ann.ID, Valid: true}, "Ann", 1, "Buy your bread elsewhere")
	s.bySeed = write(sql.NullInt64{}, "Dana", 5, "Lovely croissants")
	return s
}

// htmxGet fetches path as htmx does.
func (a *testApp) htmxGet(t *testing.T, path string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, a.URL+path, nil)
	req.Header.Set("HX-Request", "true")
	return a.do(t, req)
}

// htmxPostFrom sends form as htmx does from the page at current.
func (a *testApp) htmxPostFrom(t *testing.T, current, path string, form url.Values) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.URL+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("HX-Request", "true")
	req.Header.Set("HX-Current-URL", a.URL+current)
	return a.do(t, req)
}

func TestReportingAReview(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		s := newReportScene(t, app)
		path := reportPath(s.byAnn.ID)
		back := "/directory/" + s.b.Slug + "#review-" + strconv.FormatInt(s.byAnn.ID, 10)

		// Signed out: to sign in, and back to the form after.
		res, _ := app.get(t, path)
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != "/login?next="+url.QueryEscape(path) {
			t.Errorf("signed-out report page: %d to %q", res.StatusCode, loc)
		}
		if res, _ := app.post(t, path, url.Values{"reason": {"spam"}}); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login?next="+url.QueryEscape(path) {
			t.Errorf("signed-out report: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		if n, _ := app.store.OpenReviewReports(context.Background()); n != 0 {
			t.Fatalf("a signed-out report was stored")
		}

		reader := app.newClient()
		reader.account(t, "cat@example.test", store.KindIndividual)
		res, body := reader.get(t, path)
		page := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || headings(page, 1, "Report a review").Length() != 1 || buttons(page, "Send report").Length() != 1 {
			t.Fatalf("report page: %d", res.StatusCode)
		}
		if !hasLink(page, "← Back to Harbor Bakery", back) {
			t.Error("the report page does not lead back to the review")
		}
		for _, label := range []string{"Spam", "Offensive", "Conflict of interest", "Not a real experience"} {
			if c := labelled(t, page, label); c.AttrOr("type", "") != "radio" || c.AttrOr("name", "") != "reason" {
				t.Errorf("%q is not a reason to choose", label)
			}
		}
		if labelled(t, page, "Details").AttrOr("maxlength", "") != "500" {
			t.Error("the details are not limited to 500 characters")
		}

		// Each invalid field gets its message and status; what was typed is kept.
		for _, tc := range []struct {
			name        string
			form        url.Values
			label, want string
		}{
			{"no reason", url.Values{"detail": {"Her shop is across the street."}}, "Spam", "Choose why you are reporting this review."},
			{"unknown reason", url.Values{"reason": {"boring"}, "detail": {"Her shop is across the street."}}, "Offensive", "Choose why you are reporting this review."},
			{"details too long", url.Values{"reason": {"conflict"}, "detail": {strings.Repeat("x", 501)}}, "Details", "Keep this under 500 characters."},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res, body := reader.post(t, path, tc.form)
				page := parseHTML(t, body)
				if res.StatusCode != http.StatusUnprocessableEntity {
					t.Fatalf("status %d, want 422", res.StatusCode)
				}
				if got := fieldError(labelled(t, page, tc.label)); !strings.Contains(got, tc.want) {
					t.Errorf("message by %q = %q, want %q", tc.label, got, tc.want)
				}
				if got := valueOf(labelled(t, page, "Details")); got != tc.form.Get("detail") {
					t.Errorf("details not kept: %q", got)
				}
				if r := tc.form.Get("reason"); r == "conflict" && !checked(labelled(t, page, "Conflict of interest")) {
					t.Error("the chosen reason was not kept")
				}
			})
		}

		// Sent: back to the review on the listing's page, with the toast.
		res, _ = reader.post(t, path, url.Values{"reason": {"conflict"}, "detail": {"Her shop is across the street."}})
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != back {
			t.Fatalf("report sent: %d to %q, want %q", res.StatusCode, loc, back)
		}
		_, body = reader.get(t, "/directory/"+s.b.Slug)
		if !hasToast(parseHTML(t, body), "Thanks, our team will look at this review", "") {
			t.Errorf("no thanks after the report: %+v", toasts(parseHTML(t, body)))
		}

		// Once per account: the page says so, a second report is refused.
		res, body = reader.get(t, path)
		page = parseHTML(t, body)
		if res.StatusCode != http.StatusOK || !anyContains(notices(page, "status"), "You already reported this review") || buttons(page, "Send report").Length() != 0 {
			t.Errorf("report page after reporting: %d %v", res.StatusCode, notices(page, "status"))
		}
		res, body = reader.post(t, path, url.Values{"reason": {"spam"}})
		if res.StatusCode != http.StatusConflict || !anyContains(notices(parseHTML(t, body), "status"), "You already reported this review") {
			t.Errorf("second report: %d", res.StatusCode)
		}
		if n, _ := app.store.OpenReviewReports(context.Background()); n != 1 {
			t.Errorf("open reports = %d, want 1", n)
		}

		// The author cannot report her own review.
		author := app.newClient()
		if res := author.signIn(t, "ann@example.test", goodPassword); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("ann signs in: %d", res.StatusCode)
		}
		res, body = author.get(t, path)
		if page := parseHTML(t, body); res.StatusCode != http.StatusOK || !anyContains(notices(page, "status"), "This is your review") || buttons(page, "Send report").Length() != 0 {
			t.Errorf("author's report page: %d %v", res.StatusCode, notices(page, "status"))
		}
		if res, _ := author.post(t, path, url.Values{"reason": {"spam"}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("author reports her own review: %d, want 403", res.StatusCode)
		}

		// Unknown and hidden reviews do not exist here.
		admin := app.asAdmin(t)
		if res, _ := admin.post(t, "/admin/reviews/"+strconv.FormatInt(s.byAnn.ID, 10)+"/hide", url.Values{"reason": {"Written by a competitor."}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("hide: %d", res.StatusCode)
		}
		for _, p := range []string{path, reportPath(999999), "/reviews/abc/report", "/reviews/0/report"} {
			if res, _ := reader.get(t, p); res.StatusCode != http.StatusNotFound {
				t.Errorf("GET %s = %d, want 404", p, res.StatusCode)
			}
		}
		if res, _ := reader.post(t, reportPath(s.byAnn.ID), url.Values{"reason": {"spam"}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("report of a hidden review: %d, want 404", res.StatusCode)
		}
	}, withAdmin)
}

func TestReportingAReviewInTheDialog(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		s := newReportScene(t, app)
		path := reportPath(s.bySeed.ID)
		listing := "/directory/" + s.b.Slug
		// Signed out, the dialog sends the whole page to sign in.
		res, _ := app.htmxGet(t, path)
		if res.StatusCode != http.StatusOK || res.Header.Get("HX-Redirect") != "/login?next="+url.QueryEscape(path) {
			t.Errorf("signed-out dialog: %d, HX-Redirect %q", res.StatusCode, res.Header.Get("HX-Redirect"))
		}
		reader := app.newClient()
		reader.account(t, "cat@example.test", store.KindIndividual)

		res, body := reader.htmxGet(t, path)
		frag := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || isPage(frag) || buttons(frag, "Send report").Length() != 1 {
			t.Fatalf("dialog content: %d, whole page %v", res.StatusCode, isPage(frag))
		}
		if f := formOf(frag, "Send report"); f.AttrOr("data-hx-post", "") != path || f.AttrOr("action", "") != path {
			t.Error("the form does not post to the report (with and without htmx)")
		}
		res, body = reader.htmxPostFrom(t, listing, path, url.Values{"detail": {"Copied from another site."}})
		frag = parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity || isPage(frag) || fieldError(labelled(t, frag, "Spam")) == "" || valueOf(labelled(t, frag, "Details")) != "Copied from another site." {
			t.Errorf("invalid report in the dialog: %d", res.StatusCode)
		}
		res, body = reader.htmxPostFrom(t, listing, path, url.Values{"reason": {"spam"}, "detail": {"Copied from another site."}})
		frag = parseHTML(t, body)
		if res.StatusCode != http.StatusOK || isPage(frag) || !anyContains(notices(frag, "status"), "Thanks, our team will look at this review") {
			t.Errorf("report sent in the dialog: %d %v", res.StatusCode, notices(frag, "status"))
		}
		if trig := res.Header.Get("HX-Trigger"); !strings.Contains(trig, "Thanks, our team will look at this review") {
			t.Errorf("no toast event: %q", trig)
		}
		// A second one says so in the dialog (htmx swaps 2xx answers).
		_, body = reader.htmxPostFrom(t, listing, path, url.Values{"reason": {"spam"}})
		if !anyContains(notices(parseHTML(t, body), "status"), "You already reported this review") {
			t.Error("a second report in the dialog is not told")
		}

		// From the form's own page, htmx goes back to the review, as a
		// plain form does.
		other := app.newClient()
		other.account(t, "dan@example.test", store.KindIndividual)
		res, _ = other.htmxPostFrom(t, reportPath(s.byAnn.ID), reportPath(s.byAnn.ID), url.Values{"reason": {"offensive"}})
		if want := listing + "#review-" + strconv.FormatInt(s.byAnn.ID, 10); res.StatusCode != http.StatusOK || res.Header.Get("HX-Redirect") != want {
			t.Errorf("report sent from its page with htmx: %d, HX-Redirect %q, want %q", res.StatusCode, res.Header.Get("HX-Redirect"), want)
		}
		_, body = other.get(t, listing)
		if !hasToast(parseHTML(t, body), "Thanks, our team will look at this review", "") {
			t.Error("no thanks on the listing's page after the report sent from its page")
		}
	})
}

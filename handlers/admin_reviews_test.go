package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
)

// reportedReviewItem is the item of /admin/reviews of the review titled
// title; empty when there is none.
func reportedReviewItem(doc finder, title string) *goquery.Selection {
	return byTestID(doc, "reported-review").FilterFunction(func(_ int, li *goquery.Selection) bool {
		return headings(li, 3, title).Length() == 1
	})
}

// adminOverviewCount is the figure of the overview's card named label.
func adminOverviewCount(doc finder, label string) string {
	card := doc.Find(".admin-cards .stat").FilterFunction(func(_ int, li *goquery.Selection) bool {
		return textOf(li.Find(".stat-label")) == label
	})
	return textOf(card.Find(".stat-value"))
}

// historyRows are the rows of a listing's moderation history: what, and
// its detail.
func historyRows(doc finder) []string {
	return texts(region(doc, "Moderation history").Find("tbody td:nth-child(3)"))
}

func reviewAction(id int64, decision string) string {
	return "/admin/reviews/" + strconv.FormatInt(id, 10) + "/" + decision
}

func TestReportThenHideChangesFiguresAndEmailsTheAuthor(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		s := newReportScene(t, app)
		if b, _ := app.store.BusinessByID(ctx, s.b.ID); b.Rating != 3 || b.ReviewCount != 2 {
			t.Fatalf("figures before: %v, %d", b.Rating, b.ReviewCount)
		}

		// A reader reports ann's review.
		reader := app.newClient()
		reader.account(t, "cat@example.test", store.KindIndividual)
		if res, _ := reader.post(t, reportPath(s.byAnn.ID), url.Values{"reason": {"conflict"}, "detail": {"She runs the bakery across the street."}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("report: %d", res.StatusCode)
		}

		// Only administrators see the queue.
		for _, who := range []*testApp{app, reader} {
			if res, _ := who.get(t, "/admin/reviews"); res.StatusCode != http.StatusNotFound {
				t.Errorf("/admin/reviews for a non-administrator: %d, want 404", res.StatusCode)
			}
			if res, _ := who.post(t, reviewAction(s.byAnn.ID, "hide"), url.Values{"reason": {"x"}}); res.StatusCode != http.StatusNotFound {
				t.Errorf("hide by a non-administrator: %d, want 404", res.StatusCode)
			}
		}
		admin := app.asAdmin(t)
		_, body := admin.get(t, "/admin")
		home := parseHTML(t, body)
		if got := adminOverviewCount(home, "Open review reports"); got != "1" {
			t.Errorf("open review reports on the overview = %q, want 1", got)
		}
		if !hasLink(home, "Reported reviews", "/admin/reviews") {
			t.Error("the administration's navigation does not lead to the reported reviews")
		}

		res, body := admin.get(t, "/admin/reviews")
		page := parseHTML(t, body)
		item := reportedReviewItem(page, "Buy your bread elsewhere")
		if res.StatusCode != http.StatusOK || item.Length() != 1 || reportedReviewItem(page, "Lovely croissants").Length() != 0 {
			t.Fatalf("/admin/reviews: %d, ann's review listed %d times", res.StatusCode, item.Length())
		}
		if !hasLink(item, "Harbor Bakery", "/admin/businesses/"+strconv.FormatInt(s.b.ID, 10)) {
			t.Error("the listing's name does not lead to its administration page")
		}
		text := textOf(item)
		for _, want := range []string{"1 out of 5 stars", "By Ann (ann@example.test)", "We came on a Saturday morning", "Conflict of interest", "She runs the bakery across the street.", "by cat@example.test", "1 report"} {
			if !strings.Contains(text, want) {
				t.Errorf("the reported review lacks %q: %s", want, text)
			}
		}
		for _, b := range []string{"Keep the review by Ann of Harbor Bakery", "Hide review by Ann of Harbor Bakery", "Delete review by Ann of Harbor Bakery"} {
			if buttons(item, b).Length() != 1 {
				t.Errorf("no button %q", b)
			}
		}

		// Hiding needs a reason: the page comes back with the message by it.
		res, body = admin.post(t, reviewAction(s.byAnn.ID, "hide"), url.Values{"reason": {"  "}, "page": {"1"}})
		page = parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("hide without a reason: %d, want 422", res.StatusCode)
		}
		reason := labelled(t, formOf(reportedReviewItem(page, "Buy your bread elsewhere"), "Hide review by Ann of Harbor Bakery"), "Reason for hiding")
		if got := fieldError(reason); !strings.Contains(got, "its author is emailed the reason") {
			t.Errorf("message by the reason = %q", got)
		}
		long := strings.Repeat("x", 501)
		res, body = admin.post(t, reviewAction(s.byAnn.ID, "hide"), url.Values{"reason": {long}})
		reason = labelled(t, formOf(reportedReviewItem(parseHTML(t, body), "Buy your bread elsewhere"), "Hide review by Ann of Harbor Bakery"), "Reason for hiding")
		if res.StatusCode != http.StatusUnprocessableEntity || fieldError(reason) != "Keep this under 500 characters." || valueOf(reason) != long {
			t.Errorf("hide with a long reason: %d %q", res.StatusCode, fieldError(reason))
		}
		if b, _ := app.store.BusinessByID(ctx, s.b.ID); b.ReviewCount != 2 {
			t.Fatal("a refused decision changed the figures")
		}

		// Hidden: out of the queue and the figures, the author told why.
		const why = "Written by the owner of a competing bakery."
		res, _ = admin.post(t, reviewAction(s.byAnn.ID, "hide"), url.Values{"reason": {why}})
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || loc != "/admin/reviews" {
			t.Fatalf("hide: %d to %q", res.StatusCode, loc)
		}
		_, body = admin.get(t, "/admin/reviews")
		page = parseHTML(t, body)
		if !hasToast(page, "Review hidden", "It no longer shows on Harbor Bakery nor counts in its rating. ann@example.test will be told by email.") {
			t.Errorf("toasts after hiding: %+v", toasts(page))
		}
		if byTestID(page, "reported-reviews-empty").Length() != 1 || byTestID(page, "reported-review").Length() != 0 {
			t.Error("the queue is not empty after the only reported review was hidden")
		}
		if b, _ := app.store.BusinessByID(ctx, s.b.ID); b.Rating != 5 || b.ReviewCount != 1 {
			t.Errorf("figures after hiding the one-star review: %v, %d; want 5, 1", b.Rating, b.ReviewCount)
		}
		rs, total, err := app.store.ListingReviews(ctx, s.b.ID, store.ReviewsNewest, store.Page{Limit: 10})
		must(t, err)
		if total != 1 || rs[0].ID != s.bySeed.ID {
			t.Errorf("the listing's reviews after hiding: %d", total)
		}
		m := app.inbox.waitForSubject(t, "ann@example.test", "Your review of Harbor Bakery was hidden")
		if !strings.Contains(m.Text, "“"+why+"”") || !strings.Contains(m.Text, "Buy your bread elsewhere") || !strings.Contains(m.Text, testSite.BaseURL+"/directory/"+s.b.Slug) {
			t.Errorf("the author's email:\n%s", m.Text)
		}
		_, body = admin.get(t, "/admin")
		if got := adminOverviewCount(parseHTML(t, body), "Open review reports"); got != "0" {
			t.Errorf("open review reports after hiding = %q, want 0", got)
		}

		// The listing's history says who hid which review and why.
		_, body = admin.get(t, "/admin/businesses/"+strconv.FormatInt(s.b.ID, 10))
		rows := historyRows(parseHTML(t, body))
		if len(rows) != 1 || !strings.HasPrefix(rows[0], "Hid a review Review #"+strconv.FormatInt(s.byAnn.ID, 10)+" “Buy your bread elsewhere” by Ann (ann@example.test)") ||
			!strings.HasSuffix(rows[0], "reason: "+why) {
			t.Errorf("moderation history = %q", rows)
		}
	}, withAdmin)
}

func TestKeepingAndDeletingReportedReviews(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		s := newReportScene(t, app)
		for _, email := range []string{"cat@example.test", "dan@example.test"} {
			reader := app.newClient()
			reader.account(t, email, store.KindIndividual)
			for _, id := range []int64{s.byAnn.ID, s.bySeed.ID} {
				if res, _ := reader.post(t, reportPath(id), url.Values{"reason": {"not_real"}}); res.StatusCode != http.StatusSeeOther {
					t.Fatalf("report: %d", res.StatusCode)
				}
			}
		}
		// One more report puts ann's review first.
		eve := app.newClient()
		eve.account(t, "eve@example.test", store.KindIndividual)
		if res, _ := eve.post(t, reportPath(s.byAnn.ID), url.Values{"reason": {"offensive"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("report: %d", res.StatusCode)
		}
		admin := app.asAdmin(t)
		_, body := admin.get(t, "/admin/reviews")
		if got := texts(parseHTML(t, body).Find(`[data-testid="reported-review"] h3.reported-title`)); strings.Join(got, " | ") != "Buy your bread elsewhere | Lovely croissants" {
			t.Errorf("queue order = %q, want the most reported first", got)
		}

		// Keep: the reports close, the review stays and counts.
		res, _ := admin.post(t, reviewAction(s.byAnn.ID, "keep"), nil)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("keep: %d", res.StatusCode)
		}
		_, body = admin.get(t, "/admin/reviews")
		page := parseHTML(t, body)
		if !hasToast(page, "Review kept", "Its 3 reports are closed.") || reportedReviewItem(page, "Buy your bread elsewhere").Length() != 0 {
			t.Errorf("after keeping: toasts %+v", toasts(page))
		}
		if b, _ := app.store.BusinessByID(ctx, s.b.ID); b.ReviewCount != 2 {
			t.Errorf("keeping changed the figures: %d reviews", b.ReviewCount)
		}
		// Sent twice (another administrator was first): said, nothing changes.
		admin.post(t, reviewAction(s.byAnn.ID, "keep"), nil)
		_, body = admin.get(t, "/admin/reviews")
		if !hasToast(parseHTML(t, body), "Already decided", "") {
			t.Error("keeping twice is not told")
		}

		// Delete the seed review: the figures follow; nobody to email.
		res, _ = admin.post(t, reviewAction(s.bySeed.ID, "delete"), url.Values{"reason": {""}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("delete: %d", res.StatusCode)
		}
		_, body = admin.get(t, "/admin/reviews")
		page = parseHTML(t, body)
		if !hasToast(page, "Review deleted", "It no longer shows on Harbor Bakery nor counts in its rating.") || byTestID(page, "reported-reviews-empty").Length() != 1 {
			t.Errorf("after deleting: toasts %+v", toasts(page))
		}
		if b, _ := app.store.BusinessByID(ctx, s.b.ID); b.Rating != 1 || b.ReviewCount != 1 {
			t.Errorf("figures after deleting the five-star review: %v, %d; want 1, 1", b.Rating, b.ReviewCount)
		}
		if _, err := app.store.ReviewByID(ctx, s.bySeed.ID); err == nil {
			t.Error("the deleted review is still there")
		}
		if res, _ := admin.post(t, reviewAction(s.bySeed.ID, "delete"), nil); res.StatusCode != http.StatusSeeOther {
			t.Errorf("deleting a deleted review: %d", res.StatusCode)
		}
		_, body = admin.get(t, "/admin/reviews")
		if !hasToast(parseHTML(t, body), "Review already deleted", "") {
			t.Error("deleting twice is not told")
		}

		// Delete ann's review (not reported any more) with a reason: she is told.
		const why = "Personal details of an employee."
		if res, _ := admin.post(t, reviewAction(s.byAnn.ID, "delete"), url.Values{"reason": {why}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("delete: %d", res.StatusCode)
		}
		m := app.inbox.waitForSubject(t, "ann@example.test", "Your review of Harbor Bakery was deleted")
		if !strings.Contains(m.Text, "“"+why+"”") {
			t.Errorf("the author's email lacks the reason:\n%s", m.Text)
		}
		if b, _ := app.store.BusinessByID(ctx, s.b.ID); b.Rating != 0 || b.ReviewCount != 0 {
			t.Errorf("figures without reviews: %v, %d", b.Rating, b.ReviewCount)
		}

		_, body = admin.get(t, "/admin/businesses/"+strconv.FormatInt(s.b.ID, 10))
		rows := historyRows(parseHTML(t, body))
		var labels []string
		for _, r := range rows {
			labels = append(labels, strings.SplitN(r, " Review #", 2)[0])
		}
		if strings.Join(labels, ", ") != "Deleted a review, Deleted a review, Kept a reported review" {
			t.Errorf("moderation history = %q", rows)
		}
		if len(rows) == 3 && (!strings.Contains(rows[1], "by Dana, 5 stars; 2 reports closed") || !strings.HasSuffix(rows[0], "reason: "+why)) {
			t.Errorf("history details = %q", rows)
		}
		if n := app.inbox.count(t, "ann@example.test"); n != 1 {
			t.Errorf("ann got %d emails, want 1 (keeping tells nobody)", n)
		}
	}, withAdmin)
}

func TestReportedReviewsPages(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		admin := app.asAdmin(t)
		res, body := admin.get(t, "/admin/reviews")
		page := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || headings(page, 1, "Reported reviews").Length() != 1 || byTestID(page, "reported-reviews-empty").Length() != 1 {
			t.Fatalf("empty queue: %d", res.StatusCode)
		}
		// Past the end: to the last page (the first, here).
		if res, _ := admin.get(t, "/admin/reviews?page=3"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/admin/reviews" {
			t.Errorf("page past the end: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		if res, _ := admin.post(t, reviewAction(424242, "hide"), url.Values{"reason": {"Spam."}}); res.StatusCode != http.StatusSeeOther {
			t.Errorf("hiding an unknown review: %d", res.StatusCode)
		}
		if res, _ := admin.post(t, "/admin/reviews/abc/keep", nil); res.StatusCode != http.StatusNotFound {
			t.Errorf("keeping review abc: %d, want 404", res.StatusCode)
		}
	}, withAdmin)
}

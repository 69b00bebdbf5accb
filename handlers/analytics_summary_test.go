package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bizprofile/jobs"
	"bizprofile/store"
)

// summaryRuns are the monthly runs in the queue, by state.
func summaryRuns(t *testing.T, app *testApp) map[string][]store.Job {
	t.Helper()
	js, _, err := app.store.Jobs(context.Background(), "", store.Page{Limit: 200})
	must(t, err)
	byStatus := map[string][]store.Job{}
	for _, j := range js {
		if j.Kind == jobs.KindAnalyticsSummaries {
			byStatus[j.Status] = append(byStatus[j.Status], j)
		}
	}
	return byStatus
}

// The monthly run, through the real queue, emails each owner due the
// summary once, with the month's figures against the month before; the
// free plan and an owner who opted out get none; a second run of the
// month sends nothing new; the next month's run waits, once.
func TestAnalyticsSummariesReachEachOwnerOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		now := time.Now().UTC()
		month := time.Date(now.Year(), now.Month()-1, 1, 0, 0, 0, 0, time.UTC)
		key, monthName, prevName := month.Format("2006-01"), month.Format("January 2006"), month.AddDate(0, -1, 0).Format("January 2006")
		in := func(m time.Time, day int) time.Time { return m.AddDate(0, 0, day-1).Add(12 * time.Hour) }
		stats := map[store.StatKey]store.StatCounts{}
		count := func(b store.Business, at time.Time, c store.StatCounts) {
			k := store.StatKey{BusinessID: b.ID, Day: store.Day(at)}
			stats[k] = stats[k].Add(c)
		}
		lead := func(b store.Business, at time.Time) {
			_, err := app.store.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Vera", Email: "vera" + at.Format("150405.000000000") + "@example.com", Message: "Do you bake rye?", CreatedAt: at})
			must(t, err)
		}

		bakery := ownedListing(t, app, "pro@example.com", "Harbor Bakery")
		cafe, err := app.store.CreateBusiness(ctx, store.Business{Name: "Corner Cafe", Published: true, OwnerID: bakery.OwnerID})
		must(t, err)
		onPlan(t, app, bakery.OwnerID.Int64, "pro")
		count(bakery, in(month, 3), store.StatCounts{Views: 80, Visitors: 60, Impressions: 300, WebsiteClicks: 4, PhoneClicks: 2})
		count(bakery, in(month, 20), store.StatCounts{Views: 40, Visitors: 30, Impressions: 100, ContactClicks: 3})
		count(cafe, in(month, 5), store.StatCounts{Views: 30, Visitors: 25, Impressions: 100, EmailClicks: 1})
		count(bakery, in(month.AddDate(0, -1, 0), 10), store.StatCounts{Views: 100, Visitors: 80, Impressions: 500, WebsiteClicks: 10})
		count(bakery, in(month.AddDate(0, 1, 0), 1), store.StatCounts{Views: 999}) // the month after: not in it
		for _, day := range []int{2, 9, 16} {
			lead(bakery, in(month, day))
		}
		lead(bakery, in(month.AddDate(0, -1, 0), 4))
		_, err = app.store.CreateReview(ctx, store.NewReview{BusinessID: bakery.ID, UserID: sql.NullInt64{Int64: customer(t, app, "ann@example.com").ID, Valid: true}, AuthorName: "Ann", CreatedAt: in(month, 7),
			ReviewText: store.ReviewText{Rating: 5, Title: "Best rye", Body: "Warm rye bread every morning, and a friendly welcome."}})
		must(t, err)

		diner := ownedListing(t, app, "growth@example.com", "Night Owl Diner")
		onPlan(t, app, diner.OwnerID.Int64, "growth")
		count(diner, in(month, 12), store.StatCounts{Views: 10, Impressions: 40})

		free := ownedListing(t, app, "free@example.com", "Free Florist")
		count(free, in(month, 12), store.StatCounts{Views: 10})
		quiet := ownedListing(t, app, "optout@example.com", "Quiet Garage")
		onPlan(t, app, quiet.OwnerID.Int64, "growth")
		must(t, app.store.SetAnalyticsSummary(ctx, quiet.OwnerID.Int64, false))
		must(t, app.store.AddListingStats(ctx, stats, nil))

		run := jobs.AnalyticsSummaries(key)
		run.RunAt = time.Time{} // now, rather than on the first
		must(t, app.store.Enqueue(ctx, run))
		m := app.inbox.waitForSubject(t, "pro@example.com", "Your "+monthName+" on BizProfile: 150 views, 3 leads")
		for _, line := range []string{
			"Here is how your 2 listings did on BizProfile in " + monthName + ", against " + prevName + ".",
			"Your best listing was Harbor Bakery, with 3 leads from 120 views.",
			"Views: 150 (+50% vs " + prevName + ")",
			"Unique visitors (counted once per day): 115 (+44% vs " + prevName + ")",
			"Appearances in search results: 500 (0% vs " + prevName + ")",
			"Contact clicks: 10 (0% vs " + prevName + ")",
			"Leads: 3 (+200% vs " + prevName + ")",
			"Conversion (leads per view): 2.0% (+100% vs " + prevName + ")",
			"Reviews: 1 (— vs " + prevName + ")",
			"Average rating: 5.0 stars (— vs " + prevName + ")",
		} {
			if !strings.Contains(m.Text, line) {
				t.Errorf("the summary lacks %q:\n%s", line, m.Text)
			}
		}
		if link := m.link(t, "/dashboard/analytics?range="); link != testSite.BaseURL+"/dashboard/analytics?range="+key {
			t.Errorf("the summary links the report at %q", link)
		}
		if link := m.link(t, "/profile"); link != testSite.BaseURL+"/profile#analytics-summary" {
			t.Errorf("the summary links the opt-out at %q", link)
		}
		app.inbox.waitForSubject(t, "growth@example.com", "Your "+monthName+" on BizProfile: 10 views, 0 leads")

		// A run on another instance that listed the owner before this one
		// marked the month finds it marked, and sends nothing.
		if sent, err := app.h.domain.Analytics.SendSummary(ctx, diner.OwnerID.Int64, month); err != nil || sent {
			t.Errorf("a concurrent run sent the summary again: %v, %v", sent, err)
		}
		// Run the month again, as a retry would.
		must(t, app.store.Enqueue(ctx, run))
		waitUntil(t, "the second run to end", func() bool { return len(summaryRuns(t, app)[store.JobDone]) == 2 })
		for to, want := range map[string]int{"pro@example.com": 1, "growth@example.com": 1, "free@example.com": 0, "optout@example.com": 0} {
			if n := app.inbox.count(t, to); n != want {
				t.Errorf("%s got %d emails, want %d", to, n, want)
			}
		}

		// The next month's run waits, once, however many instances start.
		must(t, app.h.domain.Analytics.ScheduleSummaries(ctx))
		next := summaryRuns(t, app)[store.JobQueued]
		if len(next) != 1 {
			t.Fatalf("%d runs waiting, want 1", len(next))
		}
		want := jobs.AnalyticsSummaries(month.AddDate(0, 1, 0).Format("2006-01"))
		if next[0].Payload != string(want.Payload) || !next[0].RunAt.Equal(want.RunAt) {
			t.Errorf("the next run is %s at %v, want %s at %v", next[0].Payload, next[0].RunAt, want.Payload, want.RunAt)
		}
		if d := jobs.Describe(next[0].Kind, []byte(next[0].Payload)); !strings.HasPrefix(d, "Monthly analytics summaries of "+now.Format("January 2006")) {
			t.Errorf("/admin/jobs describes the run as %q", d)
		}
	})
}

// The checkbox on /profile: on by default for a business owner on a paid
// plan, saved off and on again; disabled on the free plan with the plan
// that brings it; individuals have none.
func TestAnalyticsSummarySettingOnTheProfile(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		const label = "Email me a monthly analytics summary"
		u := app.account(t, "owner@example.com", store.KindBusiness)
		setting := func() bool {
			t.Helper()
			on, err := app.store.AnalyticsSummaryOf(ctx, u.ID)
			must(t, err)
			return on
		}

		_, body := app.get(t, "/profile")
		page := parseHTML(t, body)
		box := labelled(t, page, label)
		if _, disabled := box.Attr("disabled"); !disabled || !checked(box) {
			t.Errorf("on the free plan the checkbox is enabled or unchecked")
		}
		if hint := byTestID(page, "analytics-summary-plan"); !strings.Contains(textOf(hint), "come with the Growth plan") || !hasLink(hint, "Compare plans", "/pricing") {
			t.Errorf("the plan hint reads %q", textOf(hint))
		}
		if res, _ := app.post(t, "/profile/analytics-summary", url.Values{}); res.StatusCode != http.StatusForbidden || !setting() {
			t.Errorf("a free plan's post: %d, setting %v", res.StatusCode, setting())
		}

		onPlan(t, app, u.ID, "growth")
		for _, tc := range []struct {
			form  url.Values
			on    bool
			toast string
		}{
			{url.Values{}, false, "We won't email you a monthly summary; your analytics stay on your dashboard."},
			{url.Values{"analytics_summary": {"on"}}, true, "We email you a summary of your analytics on the first of each month."},
		} {
			_, body := app.get(t, "/profile")
			page := parseHTML(t, body)
			if _, disabled := labelled(t, page, label).Attr("disabled"); disabled || byTestID(page, "analytics-summary-plan").Length() != 0 {
				t.Fatal("on Growth the checkbox is disabled")
			}
			form := formOf(page, "Save analytics summary")
			if form.AttrOr("action", "") != "/profile/analytics-summary" || form.AttrOr("method", "") != "post" {
				t.Fatalf("the form posts to %q", form.AttrOr("action", ""))
			}
			res, _ := app.post(t, "/profile/analytics-summary", tc.form)
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/profile#analytics-summary" || setting() != tc.on {
				t.Fatalf("saving %v: %d to %q, setting %v", tc.on, res.StatusCode, res.Header.Get("Location"), setting())
			}
			_, body = app.get(t, "/profile")
			page = parseHTML(t, body)
			if !hasToast(page, "Analytics summary saved", tc.toast) || checked(labelled(t, page, label)) != tc.on {
				t.Errorf("saving %v: not confirmed or not shown", tc.on)
			}
		}

		person := app.newClient()
		person.account(t, "person@example.com", store.KindIndividual)
		_, body = person.get(t, "/profile")
		if controls(parseHTML(t, body), label).Length() != 0 {
			t.Error("an individual is offered the analytics summary")
		}
		if res, _ := person.post(t, "/profile/analytics-summary", url.Values{"analytics_summary": {"on"}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("an individual's post: %d", res.StatusCode)
		}
	})
}

package handlers

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/jobs"
	"bizprofile/status"
	"bizprofile/store"
	"bizprofile/store/storetest"
	"bizprofile/workers"
)

// statusPart is one part as /status shows it.
type statusPart struct {
	Name, State, Detail, Uptime string
	Incidents                   []string
}

// statusParts reads the parts listed in the page's "Systems" region, by
// their key.
func statusParts(t *testing.T, doc *goquery.Document) map[string]statusPart {
	t.Helper()
	systems := region(doc, "Systems")
	if systems.Length() == 0 {
		t.Fatal("no Systems region on /status")
	}
	parts := map[string]statusPart{}
	byTestID(systems, "status-component").Each(func(_ int, li *goquery.Selection) {
		parts[li.AttrOr("data-component", "")] = statusPart{
			Name:      textOf(li.Find("h3")),
			State:     textOf(li.Find(".badge")),
			Detail:    textOf(li.Find(".status-detail").First()),
			Uptime:    textOf(byTestID(li, "uptime")),
			Incidents: texts(li.Find(".status-detail a")),
		}
	})
	return parts
}

// statusPage fetches /status afresh: the checks run again now rather than
// coming from the page's 30-second cache.
func (a *testApp) statusPage(t *testing.T) (*http.Response, *goquery.Document) {
	t.Helper()
	a.h.status.Run(context.Background())
	res, body := a.get(t, "/status")
	return res, parseHTML(t, body)
}

func TestStatusPageShowsTheAppsOwnChecks(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		res, doc := app.statusPage(t)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("/status: %d", res.StatusCode)
		}
		if headings(doc, 1, "System Status").Length() != 1 {
			t.Errorf("h1: %q", texts(doc.Find("h1")))
		}
		parts := statusParts(t, doc)
		for key, want := range map[string]statusPart{
			"database": {Name: "Database", State: "Operational", Detail: "Answering."},
			"jobs":     {Name: "Background jobs", State: "Operational", Detail: "Jobs are running on time."},
			"email":    {Name: "Email delivery", State: "Operational", Detail: "No emails in the last hour."},
		} {
			got := parts[key]
			if got.Name != want.Name || got.State != want.State || got.Detail != want.Detail {
				t.Errorf("%s: %+v, want %+v", key, got, want)
			}
			if got.Uptime != "Uptime will show once checks have been recorded" {
				t.Errorf("%s uptime without recorded checks: %q", key, got.Uptime)
			}
		}
		// Payments and the AI provider are not configured: not listed.
		if len(parts) != 3 {
			t.Errorf("parts listed: %v, want the database, jobs and email only", parts)
		}
		if banner := textOf(byTestID(doc, "status-banner")); banner != "All systems operational" {
			t.Errorf("banner %q", banner)
		}
		if headings(doc, 2, "Current incidents").Length() != 0 {
			t.Error("a Current incidents section without incidents")
		}
		if got := textOf(byTestID(region(doc, "Past incidents"), "no-past-incidents")); got != "No incidents in the last 90 days." {
			t.Errorf("past incidents, none: %q", got)
		}
		if formOf(region(doc, "Get status updates by email"), "Subscribe").AttrOr("action", "") != "/status/subscribe" {
			t.Error("no subscribe form")
		}
		// The description claims no figure.
		desc := doc.Find(`meta[name="description"]`).AttrOr("content", "")
		if desc == "" || regexp.MustCompile(`[0-9%]`).MatchString(desc) {
			t.Errorf("meta description %q: want one without figures", desc)
		}
	})
}

func TestStatusUptimeFromRecordedChecks(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	ctx := context.Background()
	now := time.Now().UTC()
	yesterday := now.AddDate(0, 0, -1)
	for i, at := range []time.Time{yesterday, yesterday.Add(time.Minute), now.Add(-2 * time.Minute), now.Add(-time.Minute)} {
		must(t, app.store.RecordStatusChecks(ctx, at, []store.ComponentCheck{{Component: "database"}, {Component: "email", Failed: i == 3}}))
	}
	_, doc := app.statusPage(t)
	parts := statusParts(t, doc)
	for key, want := range map[string]string{
		"database": "100% uptime over the last 2 days",
		"email":    "75.00% uptime over the last 2 days",
		"jobs":     "Uptime will show once checks have been recorded",
	} {
		if got := parts[key].Uptime; got != want {
			t.Errorf("%s: %q, want %q", key, got, want)
		}
	}
}

// Each part with recorded checks has a bar of the last 90 days: an image
// named for the part, a day's figures in its title, and a sentence naming
// the days with failures and those without checks.
func TestStatusUptimeBarFromRecordedChecks(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		now := time.Now().UTC()
		today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
		first, yesterday := today.AddDate(0, 0, -3), today.AddDate(0, 0, -1)
		record := func(at time.Time, emailFails bool) {
			t.Helper()
			must(t, app.store.RecordStatusChecks(ctx, at, []store.ComponentCheck{{Component: "database"}, {Component: "email", Failed: emailFails}}))
		}
		record(first.Add(10*time.Hour), false)
		for i := range 4 {
			record(yesterday.Add(10*time.Hour+time.Duration(i)*time.Minute), i == 3)
		}
		record(today, false)
		_, doc := app.statusPage(t)
		systems := region(doc, "Systems")
		bar := func(key string) *goquery.Selection {
			return systems.Find(`[data-component="` + key + `"]`).Find(`[data-testid="uptime-history"]`)
		}
		day := func(d time.Time) string { return d.Format("Jan 2") }
		for key, want := range map[string]struct{ name, summary string }{
			"database": {"Database", "No failed checks since checks began on " + day(first) + ". No checks were recorded on 1 day."},
			"email":    {"Email delivery", "1 day with failed checks since checks began on " + day(first) + ": " + day(yesterday) + " (75.00%). No checks were recorded on 1 day."},
		} {
			h := bar(key)
			svg := h.Find(`svg[role="img"]`)
			if svg.Length() != 1 {
				t.Fatalf("%s: %d uptime images", key, svg.Length())
			}
			if got, wantName := svg.AttrOr("aria-label", ""), want.name+": uptime by day over the last 90 days"; got != wantName {
				t.Errorf("%s: image named %q, want %q", key, got, wantName)
			}
			if n := svg.Find("rect").Length(); n != store.StatusDays {
				t.Errorf("%s: %d day bars, want %d", key, n, store.StatusDays)
			}
			summary := doc.Find("#" + svg.AttrOr("aria-describedby", "none"))
			if got := textOf(summary); got != want.summary {
				t.Errorf("%s: summary %q, want %q", key, got, want.summary)
			}
			titles := texts(svg.Find("rect title"))
			if len(titles) != store.StatusDays || titles[0] != day(today.AddDate(0, 0, -(store.StatusDays-1)))+": no checks recorded" {
				t.Errorf("%s: first day's title: %q", key, titles[:min(1, len(titles))])
			}
		}
		titles := texts(bar("email").Find("svg rect title"))
		if got, want := titles[len(titles)-2], day(yesterday)+": 75.00% uptime (4 checks, 1 failed)"; got != want {
			t.Errorf("email, yesterday: %q, want %q", got, want)
		}
		if got, want := titles[len(titles)-1], day(today)+": 100% uptime (1 check)"; got != want {
			t.Errorf("email, today: %q, want %q", got, want)
		}
		if got := bar("email").Find("svg rect").Eq(len(titles)-2).AttrOr("class", ""); got != "uptime-low" {
			t.Errorf("email, yesterday's bar: class %q, want uptime-low", got)
		}
		if n := bar("jobs").Length(); n != 0 {
			t.Errorf("a part without recorded checks has %d uptime bars", n)
		}
	})
}

// Checks recorded only today give the uptime of today, not of "the last
// day".
func TestStatusUptimeOfTheFirstDay(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	now := time.Now().UTC()
	must(t, app.store.RecordStatusChecks(context.Background(), now, []store.ComponentCheck{{Component: "database"}}))
	_, doc := app.statusPage(t)
	if got, want := statusParts(t, doc)["database"].Uptime, "100% uptime today"; got != want {
		t.Errorf("database: %q, want %q", got, want)
	}
}

// The email check reads the last hour's email jobs: some failing is
// degraded, all failing an outage.
func TestStatusEmailDeliveryFromTheLastHoursJobs(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	app.stopQueue() // the test plays the worker
	ctx := context.Background()
	deliver := func(ok bool) {
		t.Helper()
		must(t, app.store.Enqueue(ctx, store.NewJob{Kind: jobs.KindEmail, Payload: []byte(`{}`), MaxAttempts: 1}))
		claimed, err := app.store.ClaimJobs(ctx, "test", 1, time.Minute)
		must(t, err)
		if len(claimed) != 1 {
			t.Fatalf("claimed %d jobs", len(claimed))
		}
		if ok {
			must(t, app.store.CompleteJob(ctx, claimed[0].ID, "test"))
		} else {
			must(t, app.store.FailJob(ctx, claimed[0].ID, "test", "smtp: connection refused", time.Now()))
		}
	}
	deliver(false)
	_, doc := app.statusPage(t)
	if got := statusParts(t, doc)["email"]; got.State != "Outage" || got.Detail != "No email could be sent in the last hour (1 failure)." {
		t.Errorf("every email failing: %+v", got)
	}
	if got := statusParts(t, doc)["jobs"]; got.State != "Degraded" || got.Detail != "1 job failed in the last hour." {
		t.Errorf("jobs with a failure: %+v", got)
	}
	if banner := textOf(byTestID(doc, "status-banner").Find(".status-banner-title")); banner != "Outage: some systems are down" {
		t.Errorf("banner %q", banner)
	}
	deliver(true)
	deliver(true)
	_, doc = app.statusPage(t)
	if got := statusParts(t, doc)["email"]; got.State != "Degraded" || got.Detail != "1 of 3 emails in the last hour failed or are being tried again." {
		t.Errorf("some emails failing: %+v", got)
	}
}

func TestStatusChecksPaymentsOnlyWhenConfigured(t *testing.T) {
	t.Run("stripe-mock", func(t *testing.T) {
		app := newTestApp(t, store.SQLite, withStripe(stripeMockURL(t)))
		_, doc := app.statusPage(t)
		if got := statusParts(t, doc)["payments"]; got.Name != "Payments" || got.State != "Operational" {
			t.Errorf("payments with Stripe answering: %+v", got)
		}
	})
	t.Run("unreachable", func(t *testing.T) {
		app := newTestApp(t, store.SQLite, withStripe("http://127.0.0.1:1"))
		_, doc := app.statusPage(t)
		if got := statusParts(t, doc)["payments"]; got.State != "Outage" || got.Detail != "Stripe cannot be reached." {
			t.Errorf("payments with Stripe unreachable: %+v", got)
		}
	})
	t.Run("not configured", func(t *testing.T) {
		app := newTestApp(t, store.SQLite)
		_, doc := app.statusPage(t)
		if got, ok := statusParts(t, doc)["payments"]; ok {
			t.Errorf("payments listed without Stripe: %+v", got)
		}
	})
}

func TestStatusChecksTheAIProviderWhenConfigured(t *testing.T) {
	for _, c := range []struct {
		name          string
		status        int
		state, detail string
	}{
		{"answering", http.StatusOK, "Operational", "The AI provider is answering."},
		{"failing", http.StatusBadGateway, "Outage", "The AI provider is failing."},
	} {
		t.Run(c.name, func(t *testing.T) {
			server := status.AIServer{BaseURL: llmServer(t, c.status, "{}"), APIKey: "test-key"}
			app := newTestApp(t, store.SQLite, func(d *testDeps) { d.Status = workers.StatusChecker(d.Store, d.Stripe, server, d.Log) })
			_, doc := app.statusPage(t)
			if got := statusParts(t, doc)["ai"]; got.Name != "AI insights" || got.State != c.state || got.Detail != c.detail {
				t.Errorf("AI provider %s: %+v", c.name, got)
			}
		})
	}
	app := newTestApp(t, store.SQLite)
	if _, doc := app.statusPage(t); len(statusParts(t, doc)) != 3 {
		t.Error("the built-in analyser is listed as a part to check")
	}
}

// With the database stopped, /status still answers with its own page:
// 503 (as every page then does), the database as an outage, the incidents
// as unavailable, for visitors with a session too; when the database
// returns, it answers 200 again.
func TestStatusPageWithTheDatabaseDown(t *testing.T) {
	srv := storetest.StartServer(t)
	st, err := store.Open(context.Background(), srv.URL, "", slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	app := newTestAppOn(t, st)
	member := app.newClient()
	member.account(t, "member@example.com", store.KindIndividual) // a session kept in the database
	if res, _ := member.get(t, "/status"); res.StatusCode != http.StatusOK {
		t.Fatalf("/status with the database up: %d", res.StatusCode)
	}

	must(t, srv.Stop())
	for name, c := range map[string]*testApp{"a visitor": app.newClient(), "a signed-in member": member} {
		res, body := c.get(t, "/status") // within the page's cache: the request's own check sees the outage
		doc := parseHTML(t, body)
		if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
			t.Errorf("%s, database down: %d, Retry-After %q; want 503 with Retry-After", name, res.StatusCode, res.Header.Get("Retry-After"))
		}
		if headings(doc, 1, "System Status").Length() != 1 {
			t.Errorf("%s: not the status page: %q", name, texts(doc.Find("h1")))
			continue
		}
		parts := statusParts(t, doc)
		if got := parts["database"]; got.State != "Outage" || got.Detail != "The database cannot be reached." {
			t.Errorf("%s: database %+v", name, got)
		}
		for _, key := range []string{"jobs", "email"} {
			if got := parts[key]; got.State != "Outage" {
				t.Errorf("%s: %s with the database down: %+v", name, key, got)
			}
		}
		if banner := textOf(byTestID(doc, "status-banner").Find(".status-banner-title")); banner != "Outage: some systems are down" {
			t.Errorf("%s: banner %q", name, banner)
		}
		if byTestID(region(doc, "Current incidents"), "incidents-unavailable").Length() != 1 || byTestID(region(doc, "Past incidents"), "incidents-unavailable").Length() != 1 {
			t.Errorf("%s: the incidents are not said to be unavailable", name)
		}
		if strings.Contains(textOf(doc.Find("main")), "connection refused") {
			t.Errorf("%s: the page shows the error", name)
		}
	}

	must(t, srv.Start())
	res, body := member.get(t, "/status")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("/status once the database is back: %d", res.StatusCode)
	}
	if got := statusParts(t, parseHTML(t, body))["database"]; got.State != "Operational" {
		t.Errorf("database back: %+v", got)
	}
}

// A status subscription sent without JavaScript with a bad address comes
// back 422 on the whole status page: the systems with the form and its
// error, the address kept.
func TestStatusSubscribeErrorShowsTheWholePage(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	app.h.status.Run(context.Background())
	res, body := app.post(t, "/status/subscribe", url.Values{"email": {"not-an-address"}})
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("bad address: %d, want 422", res.StatusCode)
	}
	doc := parseHTML(t, body)
	if len(statusParts(t, doc)) != 3 {
		t.Errorf("the page around the form lists %d parts, want the 3 checked", len(statusParts(t, doc)))
	}
	email := labelled(t, region(doc, "Get status updates by email"), "Email")
	if valueOf(email) != "not-an-address" || fieldError(email) == "" {
		t.Errorf("the address %q with error %q: want it kept, with its error", valueOf(email), fieldError(email))
	}
}

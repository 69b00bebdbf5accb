package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// analyticsPath is the page for a range and a listing ("" for the
// defaults).
func analyticsPath(rng string, listing int64) string {
	l := ""
	if listing != 0 {
		l = strconv.FormatInt(listing, 10)
	}
	return views.AnalyticsQuery(views.AnalyticsPath, rng, l)
}

// headline is the figure of the page's headline card data-metric=key and
// its change line.
func headline(doc finder, key string) (figure, change string) {
	card := doc.Find(`.analytics-cards [data-metric="` + key + `"]`)
	return textOf(card.Find("dd[data-figure]")), textOf(card.Find("dd[data-change]"))
}

// periodChoices are the Period select's options: value, label and whether
// it can be chosen.
type periodChoice struct {
	Value, Label string
	Open         bool
}

func periodChoices(t *testing.T, doc finder) []periodChoice {
	t.Helper()
	var out []periodChoice
	labelled(t, doc, "Period").Find("option").Each(func(_ int, o *goquery.Selection) {
		_, disabled := o.Attr("disabled")
		out = append(out, periodChoice{o.AttrOr("value", ""), textOf(o), !disabled})
	})
	return out
}

// chosenPeriod is the Period select's value.
func chosenPeriod(t *testing.T, doc finder) string { return valueOf(labelled(t, doc, "Period")) }

// dailyRow is the daily table's row of day: its cells after the day.
func dailyRow(t *testing.T, doc finder, day string) []string {
	t.Helper()
	row := byTestID(doc, "daily-table").Find(`tbody tr[data-day="` + day + `"]`)
	if row.Length() != 1 {
		t.Fatalf("%d rows of %s in the daily table", row.Length(), day)
	}
	return texts(row.Children())[1:]
}

func TestAnalyticsRangesFollowThePlan(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	now := time.Now().UTC()
	thisMonth, old := now.Format("2006-01"), now.AddDate(-2, 0, 0)
	for _, c := range []struct {
		plan, ask  string
		want       string // the range shown
		lockedBy   string // the plan the notice names; "" for no notice
		openAll    bool
		openMonths int // months of the picker that can be chosen: the listing's, this one
	}{
		{plans.Starter.ID, "", "30d", "", false, 0},
		{plans.Starter.ID, "7d", "7d", "", false, 0},
		{plans.Starter.ID, "90d", "30d", "Growth", false, 0},
		{plans.Starter.ID, thisMonth, "30d", "Growth", false, 0},
		{plans.Starter.ID, "all", "30d", "Pro", false, 0},
		{plans.Growth.ID, "90d", "90d", "", false, 1},
		{plans.Growth.ID, thisMonth, thisMonth, "", false, 1},
		{plans.Growth.ID, old.Format("2006-01"), "30d", "Pro", false, 1},
		{plans.Growth.ID, "all", "30d", "Pro", false, 1},
		{plans.Pro.ID, "all", "all", "", true, 1},
		{plans.Pro.ID, old.Format("2006-01"), old.Format("2006-01"), "", true, 25}, // shown back to the month asked
		{plans.Pro.ID, "2099-01", "30d", "", true, 1},                              // a month to come is no range
		{plans.Pro.ID, "12d", "30d", "", true, 1},
	} {
		t.Run(c.plan+" "+c.ask, func(t *testing.T) {
			client := app.newClient()
			u := client.account(t, c.plan+strings.NewReplacer("-", "", " ", "").Replace(c.ask)+"@example.com", store.KindBusiness)
			if c.plan != plans.Starter.ID {
				onPlan(t, client, u.ID, c.plan)
			}
			_, err := app.store.CreateBusiness(context.Background(), store.Business{Name: "Mill " + u.Email, Category: "food", City: "Salem", State: "OR", Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
			must(t, err)

			page := getPage(t, client, analyticsPath(c.ask, 0), http.StatusOK)
			if got := chosenPeriod(t, page); got != c.want {
				t.Errorf("the page shows %q, want %q", got, c.want)
			}
			notice := byTestID(page, "range-locked")
			switch {
			case c.lockedBy == "" && notice.Length() > 0:
				t.Errorf("a notice: %q", textOf(notice))
			case c.lockedBy != "" && !strings.Contains(textOf(notice), "comes with the "+c.lockedBy+" plan"):
				t.Errorf("the notice reads %q, want it to name %s", textOf(notice), c.lockedBy)
			}
			var months int
			for _, o := range periodChoices(t, page) {
				switch {
				case o.Value == "all" && o.Open != c.openAll:
					t.Errorf("all time can be chosen: %v", o.Open)
				case o.Value == "90d" && o.Open != (c.plan != plans.Starter.ID):
					t.Errorf("90 days can be chosen: %v", o.Open)
				case !o.Open && !strings.HasSuffix(o.Label, " plan"):
					t.Errorf("the locked choice %q names no plan", o.Label)
				case o.Open && len(o.Value) == len("2006-01"):
					months++
				}
			}
			if months != c.openMonths {
				t.Errorf("%d months can be chosen, want %d", months, c.openMonths)
			}
		})
	}
}

func TestAnalyticsPageIsTheOwnersOnly(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, bakery, _ := inboxOwner(t, app, "owner@example.com")
	getPage(t, app, analyticsPath("", bakery.ID), http.StatusOK)

	rival := app.newClient()
	inboxOwner(t, rival, "rival@example.com")
	person := app.newClient()
	person.account(t, "person@example.com", store.KindIndividual)
	visitor := app.newClient()
	for _, c := range []struct {
		name   string
		client *testApp
		path   string
		status int
	}{
		{"another owner's listing", rival, analyticsPath("", bakery.ID), http.StatusNotFound},
		{"another owner's listing as CSV", rival, views.AnalyticsQuery("/dashboard/analytics.csv", "", strconv.FormatInt(bakery.ID, 10)), http.StatusNotFound},
		{"no such listing", app, views.AnalyticsPath + "?listing=abc", http.StatusNotFound},
		{"an individual's account", person, views.AnalyticsPath, http.StatusNotFound},
		{"an individual's CSV", person, "/dashboard/analytics.csv", http.StatusNotFound},
		{"signed out", visitor, views.AnalyticsPath, http.StatusSeeOther},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, _ := c.client.get(t, c.path)
			if res.StatusCode != c.status {
				t.Fatalf("status %d, want %d", res.StatusCode, c.status)
			}
			if c.status == http.StatusSeeOther && !strings.HasPrefix(res.Header.Get("Location"), "/login") {
				t.Errorf("redirected to %q, want the sign-in page", res.Header.Get("Location"))
			}
		})
	}

	// An owner without listings is told how to add one.
	empty := app.newClient()
	empty.account(t, "new-owner@example.com", store.KindBusiness)
	page := getPage(t, empty, views.AnalyticsPath, http.StatusOK)
	if !hasLink(byTestID(page, "analytics-empty"), "Create a business profile", "/business/create-profile") {
		t.Errorf("no listing reads %q", textOf(byTestID(page, "analytics-empty")))
	}
}

func TestAnalyticsShowWhatWasCounted(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		_, bakery, cafe := inboxOwner(t, app, "counted@example.com")
		today := store.Day(time.Now())

		page := getPage(t, app, views.AnalyticsPath, http.StatusOK)
		if note := textOf(byTestID(page, "analytics-nothing-yet")); !strings.Contains(note, "Views are counted from") {
			t.Errorf("before any visit the page says %q", note)
		}

		// A visitor opens the bakery twice and its contact form once; the
		// cafe once; two leads arrive, one from a quote request.
		visitor := app.newClient()
		for _, path := range []string{"/directory/" + bakery.Slug, "/directory/" + bakery.Slug, "/directory/" + bakery.Slug + "/contact", "/directory/" + cafe.Slug} {
			if res, _ := visitor.browse(t, path); res.StatusCode != http.StatusOK {
				t.Fatalf("GET %s = %d", path, res.StatusCode)
			}
		}
		app.flushAnalytics(t)
		inboxLead(t, app, bakery, "Vera", "vera@example.com", "Sourdough?", time.Now())
		_, err := app.store.CreateLead(ctx, store.Lead{BusinessID: cafe.ID, Name: "Quinn", Email: "quinn@example.com", Message: "A quote", Source: store.SourceRequest})
		must(t, err)

		page = getPage(t, app, views.AnalyticsPath, http.StatusOK)
		if byTestID(page, "analytics-nothing-yet").Length() != 0 {
			t.Error("the page says nothing was counted")
		}
		for key, want := range map[string]string{"views": "3", "visitors": "2", "contact-clicks": "1", "leads": "2", "conversion": "66.7%", "rating": "—"} {
			if got, _ := headline(page, key); got != want {
				t.Errorf("the %s card reads %q, want %q", key, got, want)
			}
		}
		if _, change := headline(page, "views"); change != "Nothing to compare with in the previous 30 days" {
			t.Errorf("the views' change reads %q", change)
		}
		// The chart is an image with a name, and its table has the day's
		// figures: views, visitors, impressions, contact clicks, leads.
		chart := byTestID(page, "daily-chart")
		if chart.AttrOr("role", "") != "img" || !strings.Contains(nameOf(chart), "3 views, 2 unique visitors") {
			t.Errorf("the daily chart: role %q, name %q", chart.AttrOr("role", ""), nameOf(chart))
		}
		if got := dailyRow(t, page, today); !slices.Equal(got, []string{"3", "2", "0", "1", "2"}) {
			t.Errorf("today's row: %v", got)
		}
		if rows := byTestID(page, "daily-table").Find("tbody tr").Length(); rows != 30 {
			t.Errorf("%d days in the table, want 30", rows)
		}
		if sources := tableRows(byTestID(page, "sources-table")); !slices.EqualFunc(sources, [][]string{{"Contact form", "1", "50%"}, {"Quote request", "1", "50%"}}, slices.Equal) {
			t.Errorf("leads by source: %v", sources)
		}
		if byTestID(page, "sources-chart").AttrOr("role", "") != "img" {
			t.Error("the sources chart is not an image")
		}

		// One listing: the bakery's figures only, and the CSV keeps it.
		page = getPage(t, app, analyticsPath("7d", bakery.ID), http.StatusOK)
		if got := dailyRow(t, page, today); !slices.Equal(got, []string{"2", "1", "0", "1", "1"}) {
			t.Errorf("the bakery's row: %v", got)
		}
		if !hasLink(page, "Download CSV", "/dashboard/analytics.csv?listing="+strconv.FormatInt(bakery.ID, 10)+"&range=7d") {
			t.Error("the CSV link does not keep the range and listing")
		}

		// The figures of yesterday are the previous period's.
		must(t, app.store.AddListingStats(ctx, map[store.StatKey]store.StatCounts{
			{BusinessID: bakery.ID, Day: store.Day(time.Now().AddDate(0, 0, -7))}: {Views: 4},
		}, nil))
		page = getPage(t, app, analyticsPath("7d", bakery.ID), http.StatusOK)
		if _, change := headline(page, "views"); change != "−50% vs the previous 7 days" {
			t.Errorf("the views' change reads %q", change)
		}
	})
}

func TestAnalyticsCSVHasADayPerRow(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	u, bakery, _ := inboxOwner(t, app, "csv@example.com")
	visitor := app.newClient()
	visitor.browse(t, "/directory/"+bakery.Slug)
	app.flushAnalytics(t)
	inboxLead(t, app, bakery, "Vera", "vera@example.com", "=HYPERLINK(\"x\")", time.Now())

	res, rows := readCSV(t, app, "/dashboard/analytics.csv?range=7d")
	if cd := res.Header.Get("Content-Disposition"); cd != `attachment; filename="analytics-7d.csv"` {
		t.Errorf("Content-Disposition %q", cd)
	}
	want := []string{"Day", "Views", "Unique visitors", "Impressions", "Click-through (%)", "Website clicks", "Phone clicks", "Email clicks", "Contact clicks", "Leads: Contact form", "Leads: Quote request", "Reviews", "Average rating"}
	if !slices.Equal(rows[0], want) {
		t.Fatalf("columns %v", rows[0])
	}
	if len(rows) != 8 {
		t.Fatalf("%d rows, want a header and 7 days", len(rows))
	}
	if last := rows[7]; last[0] != store.Day(time.Now()) || last[1] != "1" || last[2] != "1" || last[9] != "1" {
		t.Errorf("today's row %v", last)
	}

	// A range the plan lacks is the default one, as on the page.
	if res, rows := readCSV(t, app, "/dashboard/analytics.csv?range=90d"); len(rows) != 31 || !strings.Contains(res.Header.Get("Content-Disposition"), "analytics-30d.csv") {
		t.Errorf("Starter's 90 days: %d rows, %q", len(rows), res.Header.Get("Content-Disposition"))
	}
	onPlan(t, app, u.ID, plans.Growth.ID)
	if _, rows := readCSV(t, app, "/dashboard/analytics.csv?range=90d"); len(rows) != 91 {
		t.Errorf("Growth's 90 days: %d rows", len(rows))
	}
}

func TestDashboardLeadsToAnalytics(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	inboxOwner(t, app, "dash@example.com")
	page := getPage(t, app, "/dashboard", http.StatusOK)
	cards := page.Find("dl.stat-cards").First()
	for _, term := range []string{"Total Businesses", "Verified", "Claimed", "Leads Generated"} {
		if linksTo(termGroup(cards, term), views.AnalyticsPath).Length() != 1 {
			t.Errorf("the %s card does not link the analytics", term)
		}
	}
	if !hasLink(termGroup(cards, "Leads Generated"), "See all leads", "/dashboard/leads") {
		t.Error("the leads card lost its link to the inbox")
	}
	if !hasLink(region(page, "Quick Actions"), "View Analytics", views.AnalyticsPath) {
		t.Error("'View Analytics' does not lead to the analytics")
	}
}

package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// sectionsOwner signs client in as a new owner on plan with a bakery
// (food) and a salon (beauty).
func sectionsOwner(t *testing.T, client *testApp, email, plan string) (store.User, store.Business, store.Business) {
	t.Helper()
	ctx := context.Background()
	u := client.account(t, email, store.KindBusiness)
	if plan != plans.Starter.ID {
		onPlan(t, client, u.ID, plan)
	}
	own := sql.NullInt64{Int64: u.ID, Valid: true}
	bakery, err := client.store.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", Category: "food", City: "Portland", State: "OR", Published: true, OwnerID: own})
	must(t, err)
	salon, err := client.store.CreateBusiness(ctx, store.Business{Name: "Shear Joy", Category: "beauty", City: "Portland", State: "OR", Published: true, OwnerID: own})
	must(t, err)
	return u, bakery, salon
}

// pageSection is the analytics page's section headed title; it fails the
// test when there is not exactly one.
func pageSection(t *testing.T, doc finder, title string) *goquery.Selection {
	t.Helper()
	s := region(doc, title).Filter("section")
	if s.Length() != 1 {
		t.Fatalf("%d sections headed %q, want 1", s.Length(), title)
	}
	return s
}

// lockedBy is what a section says of the plan that brings it ("Available
// on Growth"), "" when the section is open; a locked section must link
// the plans.
func lockedBy(t *testing.T, section *goquery.Selection) string {
	t.Helper()
	notice := byTestID(section, "section-locked")
	if notice.Length() == 0 {
		return ""
	}
	if linksTo(notice, "/pricing").Length() != 1 {
		t.Errorf("the locked section %q does not link the plans", nameOf(section))
	}
	return textOf(notice.Find("strong"))
}

// metric is the figure of a section's stat card data-metric=key, and its
// note.
func metric(section *goquery.Selection, key string) (string, string) {
	dd := section.Find(`[data-metric="` + key + `"] dd`)
	return textOf(dd.First()), textOf(dd.Eq(1))
}

// tableOf is the rows of a section's table data-table=key.
func tableOf(section *goquery.Selection, key string) [][]string {
	return tableRows(section.Find(`table[data-table="` + key + `"]`))
}

func TestAnalyticsSectionsFollowThePlan(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		for _, c := range []struct {
			plan                  string
			quality, roi, compare string // what each section says of its plan; "" when open
		}{
			{plans.Starter.ID, "Available on Growth", "Available on Growth", "Available on Pro"},
			{plans.Growth.ID, "", "", "Available on Pro"},
			{plans.Pro.ID, "", "", ""},
		} {
			t.Run(c.plan, func(t *testing.T) {
				client := app.newClient()
				_, bakery, salon := sectionsOwner(t, client, c.plan+"@example.com", c.plan)
				today := store.Day(time.Now())
				must(t, app.store.AddListingStats(context.Background(), map[store.StatKey]store.StatCounts{
					{BusinessID: bakery.ID, Day: today}: {Views: 4, Visitors: 3, Impressions: 8, PhoneClicks: 1},
					{BusinessID: salon.ID, Day: today}:  {Views: 10, Visitors: 7},
				}, nil))
				page := getPage(t, client, views.AnalyticsPath, http.StatusOK)
				quality, roi, compare := pageSection(t, page, "Lead quality"), pageSection(t, page, "Return on investment"), pageSection(t, page, "Your listings compared")
				if got := lockedBy(t, quality); got != c.quality {
					t.Errorf("lead quality says %q, want %q", got, c.quality)
				}
				if got := lockedBy(t, roi); got != c.roi {
					t.Errorf("ROI says %q, want %q", got, c.roi)
				}
				if got := lockedBy(t, compare); got != c.compare {
					t.Errorf("the comparison says %q, want %q", got, c.compare)
				}
				if c.quality == "" && byTestID(quality, "quality-empty").Length() != 1 {
					t.Error("lead quality without leads shows no empty state")
				}
				if hasForm := controls(roi, "Average order value (US$)").Length() == 1; hasForm != (c.roi == "") {
					t.Errorf("the order value form is there: %v", hasForm)
				}
				if c.compare == "" {
					// The most viewed first; a rate without its
					// denominator is a dash.
					want := [][]string{
						{"Shear Joy", "10", "7", "—", "0", "0", "0%", "0", "—"},
						{"Harbor Bakery", "4", "3", "50%", "1", "0", "0%", "0", "—"},
					}
					if rows := tableOf(compare, "comparison"); !sameRows(rows, want) {
						t.Errorf("the comparison's rows: %v, want %v", rows, want)
					}
					if !hasLink(compare, "Shear Joy", views.AnalyticsPath+"?listing="+strconv.FormatInt(salon.ID, 10)) {
						t.Error("a listing's row does not link its own analytics")
					}
				}
			})
		}
	})
}

// A page narrowed to one listing, or an owner with one listing, has
// nothing to compare; the comparison says so.
func TestAnalyticsComparisonNeedsTwoListings(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, bakery, _ := sectionsOwner(t, app, "pro@example.com", plans.Pro.ID)
	page := getPage(t, app, views.AnalyticsPath+"?listing="+strconv.FormatInt(bakery.ID, 10), http.StatusOK)
	compare := pageSection(t, page, "Your listings compared")
	if alone := byTestID(compare, "comparison-alone"); alone.Length() != 1 || !hasLink(alone, "Compare all your listings", views.AnalyticsPath) {
		t.Errorf("narrowed to one listing, the comparison reads %q", textOf(compare))
	}

	single := app.newClient()
	u := single.account(t, "single@example.com", store.KindBusiness)
	onPlan(t, single, u.ID, plans.Pro.ID)
	_, err := single.store.CreateBusiness(context.Background(), store.Business{Name: "Solo Shop", Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	must(t, err)
	compare = pageSection(t, getPage(t, single, views.AnalyticsPath, http.StatusOK), "Your listings compared")
	if byTestID(compare, "comparison-single").Length() != 1 || compare.Find("table").Length() != 0 {
		t.Errorf("with one listing, the comparison reads %q", textOf(compare))
	}
}

func TestAnalyticsLeadQualityAndReturn(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u, bakery, salon := sectionsOwner(t, app, "growth@example.com", plans.Growth.ID)
		// Every lead came 2 h 15 min ago; each answered one is answered now.
		ago := time.Now().Add(-135 * time.Minute)
		lead := func(b store.Business, source, status string) {
			l, err := app.store.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Visitor", Email: "v@example.com", Message: "Hello", Source: source, CreatedAt: ago})
			must(t, err)
			if status != store.LeadNew {
				must(t, app.store.SetLeadStatus(ctx, l.ID, u.ID, status))
			}
		}
		lead(bakery, store.SourceListing, store.LeadWon)
		lead(bakery, store.SourceListing, store.LeadWon)
		lead(bakery, store.SourceListing, store.LeadLost)
		lead(bakery, store.SourceListing, store.LeadNew)
		lead(salon, store.SourceRequest, store.LeadWon)

		page := getPage(t, app, views.AnalyticsPath+"?range=7d", http.StatusOK)
		quality := pageSection(t, page, "Lead quality")
		for _, c := range []struct{ key, value, note string }{
			{"won", "60%", "3 of 5 leads"},
			{"lost", "20%", "1 of 5 leads"},
			{"response", "2 h 15 min", "over 4 answered of 5 leads"},
		} {
			if value, note := metric(quality, c.key); value != c.value || note != c.note {
				t.Errorf("%s: %q (%q), want %q (%q)", c.key, value, note, c.value, c.note)
			}
		}
		for _, c := range []struct {
			table string
			rows  [][]string
		}{
			{"lead-statuses", [][]string{{"New", "1", "20%"}, {"Contacted", "0", "0%"}, {"Won", "3", "60%"}, {"Lost", "1", "20%"}}},
			{"lead-sources", [][]string{
				{"Contact form", "4", "2 (50%)", "1 (25%)", "2 h 15 min"},
				{"Quote request", "1", "1 (100%)", "0 (0%)", "2 h 15 min"},
			}},
			{"lead-categories", [][]string{
				{"Food & Beverage", "4", "2 (50%)", "1 (25%)", "2 h 15 min"},
				{"Beauty & Wellness", "1", "1 (100%)", "0 (0%)", "2 h 15 min"},
			}},
		} {
			if got := tableOf(quality, c.table); !sameRows(got, c.rows) {
				t.Errorf("%s: %v, want %v", c.table, got, c.rows)
			}
		}

		// Without an order value, ROI offers the form and says what it
		// will show; the form returns to the range it was sent from.
		roi := pageSection(t, page, "Return on investment")
		if roi.Find("[data-metric]").Length() != 0 {
			t.Error("ROI shows figures without an order value")
		}
		form := formOf(roi, "Save order value")
		back := form.Find(`input[name="back"]`).AttrOr("value", "")
		if back != views.AnalyticsPath+"?range=7d" {
			t.Errorf("the form returns to %q", back)
		}
		loc, page := followed(t, app, form.AttrOr("action", ""), url.Values{catalog.OrderValueField: {"250"}, "back": {back}})
		if loc != back {
			t.Errorf("saved, the form goes to %q, want %q", loc, back)
		}
		if !hasToast(page, "Order value saved", "") {
			t.Errorf("no toast after saving: %v", toasts(page))
		}
		roi = pageSection(t, page, "Return on investment")
		if v := valueOf(labelled(t, roi, "Average order value (US$)")); v != "250" {
			t.Errorf("the form holds %q after saving 250", v)
		}
		won := int64(3)
		if revenue, note := metric(roi, "revenue"); revenue != views.DollarsText(won*25000) || note != "3 won leads × $250" {
			t.Errorf("estimated revenue %q (%q), want 3 × $250", revenue, note)
		}
		var monthsWon, monthsRevenue int64
		for _, r := range tableOf(roi, "roi-months") {
			n, err := strconv.ParseInt(r[1], 10, 64)
			must(t, err)
			monthsWon += n
			if r[2] != views.DollarsText(n*25000) {
				t.Errorf("%s: %s won, revenue %s", r[0], r[1], r[2])
			}
			monthsRevenue += n * 25000
		}
		if monthsWon != won || monthsRevenue != won*25000 {
			t.Errorf("the months add up to %d won leads, %d cents", monthsWon, monthsRevenue)
		}
		if stored, err := app.store.OrderValueOf(ctx, u.ID); err != nil || stored != 25000 {
			t.Errorf("stored order value %d, %v", stored, err)
		}
	})
}

// sameRows reports whether two tables' rows are the same, in order.
func sameRows(a, b [][]string) bool { return slices.EqualFunc(a, b, slices.Equal[[]string]) }

// A calendar month's return weighs exactly the plan's monthly price.
func TestAnalyticsReturnOfAMonth(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	u, bakery, _ := sectionsOwner(t, app, "month@example.com", plans.Growth.ID)
	ctx := context.Background()
	must(t, app.store.SetOrderValue(ctx, u.ID, 1000)) // $10
	month := time.Now().UTC()
	for range 2 {
		l, err := app.store.CreateLead(ctx, store.Lead{BusinessID: bakery.ID, Name: "V", Email: "v@example.com", Message: "Hi", CreatedAt: month})
		must(t, err)
		must(t, app.store.SetLeadStatus(ctx, l.ID, u.ID, store.LeadWon))
	}
	roi := pageSection(t, getPage(t, app, views.AnalyticsPath+"?range="+month.Format("2006-01"), http.StatusOK), "Return on investment")
	// The listings were made today: the month costs its days from today
	// on (TestPlanCostByMonth holds the sums).
	rng := views.AnalyticsRange{Key: month.Format("2006-01"), From: month.Format("2006-01") + "-01", To: store.Day(month)}
	cost := domain.PlanCostByMonth(plans.Growth, domain.AnalyticsRange(rng), bakery.CreatedAt)
	if len(cost) != 1 || cost[0].Cents <= 0 || cost[0].Cents > 1900 {
		t.Fatalf("the month's cost: %v", cost)
	}
	f := views.ROIFigures{Won: 2, Revenue: 2000, Cost: cost[0].Cents}
	for _, c := range []struct{ key, value string }{
		{"revenue", "$20"},
		{"plan-cost", views.DollarsText(f.Cost)},
		{"return", f.Multiple()},
	} {
		if got, _ := metric(roi, c.key); got != c.value {
			t.Errorf("%s: %q, want %q", c.key, got, c.value)
		}
	}
	want := [][]string{{month.Format("January 2006"), "2", "$20", views.DollarsText(f.Cost), f.Multiple() + " (" + f.ReturnPercent() + ")"}}
	if rows := tableOf(roi, "roi-months"); !sameRows(rows, want) {
		t.Errorf("months: %v, want %v", rows, want)
	}
}

func TestOrderValueFormRejectsWhatIsNotAnAmount(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	u, _, _ := sectionsOwner(t, app, "aov@example.com", plans.Growth.ID)
	for _, typed := range []string{"", "0", "0.00", "-5", "abc", "12.345", "1,00", "1000000.01", "$ 5e3"} {
		t.Run(typed, func(t *testing.T) {
			res, body := app.post(t, views.OrderValuePath, url.Values{catalog.OrderValueField: {typed}, "back": {views.AnalyticsPath + "?range=7d"}})
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("%q: status %d, want 422", typed, res.StatusCode)
			}
			page := parseHTML(t, body)
			control := labelled(t, page, "Average order value (US$)")
			if v := valueOf(control); v != typed {
				t.Errorf("the field holds %q, want what was typed, %q", v, typed)
			}
			if msg := fieldError(control); msg != catalog.OrderValueInvalid {
				t.Errorf("the field says %q", msg)
			}
			if !hasLink(page, "← Analytics", views.AnalyticsPath+"?range=7d") {
				t.Error("no way back to the analytics")
			}
		})
	}
	if cents, err := app.store.OrderValueOf(context.Background(), u.ID); err != nil || cents != 0 {
		t.Errorf("after refused values the order value is %d, %v", cents, err)
	}
	for _, c := range []struct {
		typed string
		cents int64
	}{{"250", 25000}, {"$1,250.50", 125050}, {"99.5", 9950}, {"1000000", 100_000_000}} {
		res, _ := app.post(t, views.OrderValuePath, url.Values{catalog.OrderValueField: {c.typed}})
		if res.StatusCode != http.StatusSeeOther {
			t.Errorf("%q: status %d, want 303", c.typed, res.StatusCode)
		}
		if cents, err := app.store.OrderValueOf(context.Background(), u.ID); err != nil || cents != c.cents {
			t.Errorf("%q stored as %d cents, %v; want %d", c.typed, cents, err, c.cents)
		}
	}
	// With a value saved, the field is optional: emptied, it removes it.
	_, body := app.get(t, views.AnalyticsPath)
	page := parseHTML(t, body)
	if _, required := labelled(t, page, "Average order value (US$)").Attr("required"); required {
		t.Error("with a value saved, the field is still required: it could not be removed")
	}
	res, _ := app.post(t, views.OrderValuePath, url.Values{catalog.OrderValueField: {""}})
	if res.StatusCode != http.StatusSeeOther {
		t.Errorf("emptied: status %d, want 303", res.StatusCode)
	}
	if cents, err := app.store.OrderValueOf(context.Background(), u.ID); err != nil || cents != 0 {
		t.Errorf("emptied, the order value is %d cents, %v; want it removed", cents, err)
	}
}

// Whatever the form's back field says, saving returns to the analytics
// page: its range and listing are kept, nothing else.
func TestOrderValueReturnsOnlyToAnalytics(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	sectionsOwner(t, app, "back@example.com", plans.Growth.ID)
	for _, c := range []struct{ back, want string }{
		{"", "/dashboard/analytics"},
		{"/dashboard/analytics?range=90d&listing=12", "/dashboard/analytics?listing=12&range=90d"},
		{"/dashboard/analytics?range=2026-03&next=https://evil.example/", "/dashboard/analytics?range=2026-03"},
		{"/dashboard/analytics?range=//evil.example&listing=-1", "/dashboard/analytics"},
		{"https://evil.example/dashboard/analytics", "/dashboard/analytics"},
		{"//evil.example/dashboard/analytics", "/dashboard/analytics"},
		{"/\\evil.example/dashboard/analytics", "/dashboard/analytics"},
		{"/dashboard/analytics/../../logout", "/dashboard/analytics"},
		{"/dashboard/leads", "/dashboard/analytics"},
		{"javascript:alert(1)", "/dashboard/analytics"},
	} {
		res, _ := app.post(t, views.OrderValuePath, url.Values{catalog.OrderValueField: {"100"}, "back": {c.back}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != c.want {
			t.Errorf("back %q: %d to %q, want %q", c.back, res.StatusCode, res.Header.Get("Location"), c.want)
		}
	}
}

func TestResponseTimeInWords(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{20 * time.Second, "under 1 min"},
		{15 * time.Minute, "15 min"},
		{2*time.Hour + 15*time.Minute + 10*time.Second, "2 h 15 min"},
		{3 * time.Hour, "3 h"},
		{26*time.Hour + 30*time.Minute, "1 day 2 h"},
		{72 * time.Hour, "3 days"},
	} {
		if got := views.WaitText(c.d); got != c.want {
			t.Errorf("%v reads %q, want %q", c.d, got, c.want)
		}
	}
}

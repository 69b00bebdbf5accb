package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"

	"github.com/PuerkitoBio/goquery"
)

// The listing the business sign-up makes starts with the wizard's hours
// (one definition, store.DefaultWeek), not seven closed days.
func TestBusinessSignupListingStartsWithTheWizardsHours(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		res, _ := app.post(t, "/business/signup", url.Values{"business_name": {"Rose City Bakery"}, "owner_name": {"Rosa Baker"}, "email": {"rosa@example.com"},
			"category": {"food"}, "location": {"Portland, OR"}, "description": {"Bread and pastries."}, "password": {goodPassword}, "confirm_password": {goodPassword}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("business sign-up: %d", res.StatusCode)
		}
		u, err := app.store.UserByEmail(context.Background(), "rosa@example.com")
		must(t, err)
		drafts, err := app.store.Drafts(context.Background(), u.ID)
		must(t, err)
		if len(drafts) != 1 {
			t.Fatalf("%d drafts", len(drafts))
		}
		if !reflect.DeepEqual(drafts[0].Hours, store.DefaultWeek()) {
			t.Errorf("the sign-up's listing has hours %+v, want the wizard's %+v", drafts[0].Hours, store.DefaultWeek())
		}
		if wizard := domain.NewListingInput(""); wizard.Hours[0].Open != drafts[0].Hours[0].Open || wizard.Hours[6].Closed != drafts[0].Hours[6].Closed {
			t.Errorf("the wizard starts from %+v", wizard.Hours)
		}
	})
}

// An owner reaches the listing's edit page from "Complete Profile", and
// the AI insights from the header, the dashboard and their listing's
// page; a person without a business and a visitor see no insights link.
func TestOwnerScreensLeadToTheListingAndItsInsights(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "owner@example.com")
		b, err := app.store.CreateBusiness(ctx, store.Business{Name: "Rose City Bakery", Description: "Bread.", Category: "food", City: "Portland", State: "OR",
			Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
		must(t, err)
		edit, insightsOf := "/dashboard/businesses/"+itoa(int(b.ID)), views.ListingInsightsPath(b.ID)

		_, body := app.get(t, "/dashboard")
		page := parseHTML(t, body)
		quick := region(page, "Quick Actions")
		if nameStarts(linksTo(quick, edit), "Complete Profile").Length() != 1 {
			t.Errorf("'Complete Profile' does not open the listing's edit page: %q", texts(quick.Find("a")))
		}
		if linksTo(quick, "/profile").Length() != 1 || nameStarts(linksTo(quick, "/profile"), "Complete Profile").Length() != 0 {
			t.Error("the personal profile is not 'Your Account'")
		}
		if !hasLink(quick, "AI Insights", insightsOf) {
			t.Error("the dashboard does not link the listing's AI insights")
		}
		if !hasLink(page.Find("header"), "AI Insights", views.InsightsPath) {
			t.Error("the owner's header does not link the AI insights")
		}
		_, body = app.get(t, "/directory/"+b.Slug)
		if !hasLink(parseHTML(t, body), "AI insights for Rose City Bakery", insightsOf) {
			t.Error("the owner's view of the listing does not link its AI insights")
		}

		visitor := app.newClient()
		_, body = visitor.get(t, "/directory/"+b.Slug)
		if linksTo(parseHTML(t, body), insightsOf).Length() != 0 {
			t.Error("a visitor sees the owner's insights link")
		}
		person := app.newClient()
		person.signUp(t, "Pia Person", "pia@example.com", goodPassword)
		person.signIn(t, "pia@example.com", goodPassword)
		_, body = person.get(t, "/directory")
		if linksTo(parseHTML(t, body).Find("header"), views.InsightsPath).Length() != 0 {
			t.Error("a person without a business has an AI insights link")
		}
	})
}

// "Upgrade Plan" shows while a dearer plan exists: not on the top plan.
func TestUpgradePlanIsHiddenOnTheTopPlan(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		for _, c := range []struct {
			plan  string
			shown bool
		}{{"starter", true}, {"growth", true}, {"pro", false}} {
			owner := app.newClient()
			u := signedInOwner(t, owner, c.plan+"@example.com")
			if c.plan != "starter" {
				onPlan(t, app, u.ID, c.plan)
			}
			_, body := owner.get(t, "/dashboard")
			// Neither the plan panel nor the quick actions offer it on Pro.
			if got := links(parseHTML(t, body).Find("main"), "Upgrade Plan").Length() > 0; got != c.shown {
				t.Errorf("on %s, 'Upgrade Plan' shown: %v, want %v", c.plan, got, c.shown)
			}
		}
	})
}

// Lead times are written in UTC and say so, with the moment in datetime
// for the browser to show in the reader's zone (islands/localtime.ts).
func TestLeadTimesNameTheirZone(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		_, b, _ := inboxOwner(t, app, "zone@example.com")
		at := time.Date(2026, 3, 5, 14, 5, 0, 0, time.UTC)
		l := inboxLead(t, app, b, "Priya Shah", "priya@example.com", "Do you bake wedding cakes?", at)
		for _, path := range []string{"/dashboard", "/dashboard/leads", leadURL(l)} {
			_, body := app.get(t, path)
			times := parseHTML(t, body).Find("main time[data-local-time]").FilterFunction(func(_ int, s *goquery.Selection) bool {
				return s.AttrOr("datetime", "") == "2026-03-05T14:05:00Z"
			})
			if times.Length() == 0 {
				t.Errorf("%s: no lead time the browser can rewrite", path)
				continue
			}
			if got := textOf(times.First()); got != "Mar 5, 2026 14:05 UTC" {
				t.Errorf("%s: the lead time reads %q, want it in UTC and saying so", path, got)
			}
		}
	})
}

// There is no price to show, so there is no "Show Pricing" switch, and
// the FAQ and the help do not offer one.
func TestNoPricingSwitchWithoutPrices(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := ownerWithListing(t, app, "switch@example.com", "Switchless Cafe")
		for _, path := range []string{"/dashboard/businesses/" + itoa(int(b.ID)), "/business/create-profile"} {
			_, body := app.get(t, path)
			page := parseHTML(t, body)
			if len(controls(page, "Show Email address").Nodes) == 0 && path != "/business/create-profile" {
				t.Errorf("%s: the visibility switches are missing", path)
			}
			if len(controls(page, "Show Pricing").Nodes) != 0 {
				t.Errorf("%s: a 'Show Pricing' switch with no price to show", path)
			}
		}
		for _, path := range []string{"/faq", "/help"} {
			_, body := app.get(t, path)
			for _, p := range texts(parseHTML(t, body).Find("main p, main li")) {
				if strings.Contains(p, "pricing") && strings.Contains(p, "visib") {
					t.Errorf("%s offers a pricing switch: %q", path, p)
				}
			}
		}
	})
}

// The help's answer on creating a profile says the sign-up made the
// listing, and no longer sends the owner to create it again.
func TestHelpSaysTheSignupMakesTheListing(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/help")
	answer := parseHTML(t, body).Find("article#create-business-profile")
	if answer.Length() != 1 {
		t.Fatal("no answer on creating a business profile")
	}
	text := textOf(answer)
	if strings.Contains(text, "choose Create Business Profile") {
		t.Errorf("the help sends a new owner to create the listing the sign-up made: %q", text)
	}
	if !strings.Contains(text, "creates your account and your first listing") {
		t.Errorf("the help does not say the sign-up made the listing: %q", text)
	}
}

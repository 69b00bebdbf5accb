package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"slices"
	"testing"

	"bizprofile/store"
)

// What a person asked, wrote and saved stays theirs when they also manage
// a listing (issue 40): after 'Add your business' or joining a team, their
// navigation keeps 'My requests', 'My reviews' and 'Saved', and each shows
// what it showed on their home.
func TestAPersonKeepsTheirHistoryWhenTheyManageABusiness(t *testing.T) {
	for _, tc := range []struct {
		name   string
		become func(t *testing.T, app *testApp, f homeFixture)
	}{
		{"after 'Add your business'", func(t *testing.T, app *testApp, f homeFixture) {
			if res, _ := app.post(t, "/dashboard/business-account", nil); res.StatusCode != http.StatusSeeOther {
				t.Fatalf("Add your business: %d", res.StatusCode)
			}
			_, err := app.store.CreateBusiness(context.Background(), store.Business{Name: "Jane's Tacos", Category: "food", City: "Portland", State: "OR",
				Published: true, OwnerID: sql.NullInt64{Int64: f.jane.ID, Valid: true}})
			must(t, err)
		}},
		{"after joining a team", func(t *testing.T, app *testApp, f homeFixture) {
			must(t, app.store.AddTeamMember(context.Background(), f.rooferOwner.ID, f.jane.ID, f.rooferOwner.ID))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eachEngine(t, func(t *testing.T, app *testApp) {
				f := newHomeFixture(t, app)
				tc.become(t, app, f)
				_, body := app.get(t, "/dashboard")
				page := parseHTML(t, body)
				if region(page.Find("main"), "Your quote requests").Length() != 0 {
					t.Fatal("the dashboard is still the individual's home: the case tests nothing")
				}
				nav := region(page, "Your activity")
				for label, href := range map[string]string{"My requests": "/dashboard/requests", "My reviews": "/dashboard/reviews", "Saved": "/dashboard/saved"} {
					if !hasLink(nav, label, href) {
						t.Errorf("the navigation has no %q link to %s", label, href)
					}
				}

				_, body = app.get(t, "/dashboard/requests")
				page = parseHTML(t, body)
				if got := texts(byTestID(homeSection(t, page, "Your quote requests"), "home-request").Find(".item-title")); len(got) != 1 {
					t.Errorf("My requests lists %q, want the quote request", got)
				}
				if got := matchStatuses(homeSection(t, page, "Enquiries you sent")); len(got) != 1 {
					t.Errorf("My requests lists the enquiries %v, want the one sent", got)
				}
				if region(page.Find("main"), "Your reviews").Length() != 0 {
					t.Error("My requests shows the reviews too")
				}
				if links := linksTo(region(page, "Your activity"), "/dashboard/requests"); links.AttrOr("aria-current", "") != "page" {
					t.Error("the navigation does not mark My requests as the page shown")
				}

				_, body = app.get(t, "/dashboard/reviews")
				page = parseHTML(t, body)
				if got := texts(byTestID(homeSection(t, page, "Your reviews"), "home-review").Find(".item-title")); !slices.Equal(got, []string{"Corner Cafe"}) {
					t.Errorf("My reviews lists %q, want the review of Corner Cafe", got)
				}

				_, body = app.get(t, "/dashboard/saved")
				if got := parseHTML(t, body).Find(`[data-testid="saved-business"]`); got.Length() != 1 || got.AttrOr("data-slug", "") != f.builders.Slug {
					t.Errorf("Saved lists %d businesses, want %s", got.Length(), f.builders.Slug)
				}
			})
		})
	}
}

package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"testing"

	"bizprofile/store"
)

// The market insight of a bakery in Portland, OR counts the food listings
// of Portland, OR only: a city is a city of a state (Portland, ME is
// another place), and the insight names the state.
func TestInsightsCompareByCityAndState(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := signedInOwner(t, app, "baker@example.com")
		b, err := app.store.CreateBusiness(ctx, store.Business{Name: "Rose City Bakery", Description: "Bread.", Category: "food", City: "Portland", State: "OR",
			Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
		must(t, err)
		for _, l := range []store.Business{
			{Name: "Casco Bay Bagels", City: "Portland", State: "ME"},
			{Name: "Old Port Pies", City: "Portland", State: "ME"},
			{Name: "Munjoy Hill Deli", City: "Portland", State: "ME"},
			{Name: "Pearl District Cafe", City: "portland", State: "OR"},
		} {
			l.Category, l.Description, l.Published = "food", "Food.", true
			_, err := app.store.CreateBusiness(ctx, l)
			must(t, err)
		}
		if res, _ := app.post(t, "/ai-insights/generate", url.Values{"business_id": {itoa(int(b.ID))}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("generate: %d", res.StatusCode)
		}
		_, body := app.get(t, "/ai-insights?business="+itoa(int(b.ID)))
		page := parseHTML(t, body)
		insightTitled(t, page, "1 competitor in Portland, OR")
	})
}

package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
)

// The pages are valid HTML: htmx's attributes carry the data- prefix (htmx
// reads both spellings; only data-hx-* is allowed by the HTML standard), so
// the Nu checker in the browser suite (e2e/conformance.test.mjs) finds
// nothing on the pages that offer htmx.
func TestPagesUseDataPrefixedHtmxAttributes(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	seeded(t, app)
	public := []string{
		"/directory/harbor-street-bakery", // the contact dialog's link
		"/directory/harbor-street-bakery/contact",
		"/directory/harbor-street-bakery/reviews", // Helpful
		"/contact", "/whats-new", "/blog", // (the partner sign-up makes an account: a plain form, as the other sign-ups)
	}
	owner := app.newClient()
	u := signedInOwner(t, owner, "owner@bizprofile.test")
	b, err := app.store.CreateBusiness(context.Background(), store.Business{Name: "Owned Diner", Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	must(t, err)
	signedIn := []string{"/directory/harbor-street-bakery/review", "/dashboard/businesses/" + strconv.FormatInt(b.ID, 10) + "/reviews"}

	check := func(client *testApp, path string) {
		t.Helper()
		res, body := client.get(t, path)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", path, res.StatusCode)
		}
		doc := parseHTML(t, body)
		htmx := 0
		doc.Find("*").Each(func(_ int, el *goquery.Selection) {
			var invalid []string
			for _, a := range el.Nodes[0].Attr {
				if strings.HasPrefix(a.Key, "hx-") {
					invalid = append(invalid, a.Key)
				}
				if strings.HasPrefix(a.Key, "data-hx-") {
					htmx++
				}
			}
			if invalid != nil {
				t.Errorf("%s: <%s> has %v, not valid HTML: prefix them with data-", path, goquery.NodeName(el), invalid)
			}
		})
		if htmx == 0 {
			t.Errorf("%s: no data-hx-* attribute: the page lost its htmx enhancement", path)
		}
	}
	for _, p := range public {
		check(app, p)
	}
	for _, p := range signedIn {
		check(owner, p)
	}
}

// The wizard's address fields ask the browser for the right part of a
// saved address: one line of street (street-address is a whole multi-line
// address, for a textarea), the city, the state, the ZIP code.
func TestWizardAddressAutocomplete(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	signedInOwner(t, app, "wizard@bizprofile.test")
	for _, tc := range []struct {
		path   string
		fields map[string]string // label: autocomplete token
	}{
		{"/business/create-profile", map[string]string{"Street address": "address-line1", "City": "address-level2", "State": "address-level1", "ZIP code": "postal-code"}},
		{"/request", map[string]string{"City": "address-level2", "State": "address-level1"}},
	} {
		res, body := app.get(t, tc.path)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d", tc.path, res.StatusCode)
		}
		doc := parseHTML(t, body)
		for label, token := range tc.fields {
			if got := labelled(t, doc, label).AttrOr("autocomplete", ""); got != token {
				t.Errorf("%s: %q field: autocomplete=%q, want %q", tc.path, label, got, token)
			}
		}
	}
}

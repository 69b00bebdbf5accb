package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"testing"

	"bizprofile/internal/samples"
	"bizprofile/store"
)

// The Verified badge says we confirmed who runs the business (issue 40):
// no listing page shows it beside 'Is this your business? Claim it', and
// the administration offers Verify only on owned listings; the domain
// refuses it on the others, in words.
func TestOnlyOwnedListingsAreVerified(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)
		bs, err := samples.Businesses()
		must(t, err)
		for _, b := range bs {
			_, body := app.get(t, "/directory/"+b.Slug)
			page := parseHTML(t, body)
			badge := page.Find(`[data-testid="verified-badge"], [data-testid="verified-explanation"]`).Length() > 0
			if claim := links(page, "Claim this business").Length() > 0; badge && claim {
				t.Errorf("%s shows Verified beside 'Claim this business'", b.Slug)
			}
		}
		_, body := app.get(t, "/directory?verified=1")
		if got := resultNames(parseHTML(t, body)); len(got) != 0 {
			t.Errorf("the directory's Verified filter finds listings nobody owns: %q", got)
		}

		admin := app.asAdmin(t)
		unowned, err := app.store.BusinessBySlug(ctx, bs[0].Slug)
		must(t, err)
		page := "/admin/businesses/" + strconv.FormatInt(unowned.ID, 10)
		_, body = admin.get(t, page)
		doc := parseHTML(t, body)
		if buttons(doc, "Verify "+unowned.Name).Length() != 0 {
			t.Error("the administration offers Verify on a listing nobody owns")
		}
		if doc.Find(`[data-testid="not-verifiable"]`).Length() != 1 {
			t.Error("the administration does not say why an unowned listing cannot be verified")
		}
		res, _ := admin.post(t, page+"/moderate", url.Values{"action": {"verify"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("verify an unowned listing: %d", res.StatusCode)
		}
		_, body = admin.get(t, page)
		if !hasToast(parseHTML(t, body), "Not done", "") {
			t.Error("a refused verification has no toast saying so")
		}
		if got, _ := app.store.BusinessByID(ctx, unowned.ID); got.Verified {
			t.Error("the administration verified a listing nobody owns")
		}

		owner := app.newClient().account(t, "owner@example.com", store.KindBusiness)
		owned, err := app.store.CreateBusiness(ctx, store.Business{Name: "Owned Bakery", City: "Portland", State: "OR", Published: true,
			OwnerID: sql.NullInt64{Int64: owner.ID, Valid: true}})
		must(t, err)
		// The administration's list of listings to verify holds the owned
		// ones only.
		_, body = admin.get(t, "/admin/businesses?filter=unverified")
		if got := adminListings(parseHTML(t, body)); !slices.Equal(got, []string{owned.Name}) {
			t.Errorf("the listings not verified are %q, want the owned one only", got)
		}
		page = "/admin/businesses/" + strconv.FormatInt(owned.ID, 10)
		_, body = admin.get(t, page)
		if buttons(parseHTML(t, body), "Verify "+owned.Name).Length() != 1 {
			t.Fatal("the administration offers no Verify on an owned listing")
		}
		admin.post(t, page+"/moderate", url.Values{"action": {"verify"}})
		if got, _ := app.store.BusinessByID(ctx, owned.ID); !got.Verified {
			t.Error("an owned listing was not verified")
		}
		_, body = app.get(t, "/directory/"+owned.Slug)
		if parseHTML(t, body).Find(`[data-testid="verified-badge"]`).Length() != 1 {
			t.Error("the owned, verified listing shows no badge")
		}
		_, body = app.get(t, "/directory?verified=1")
		if got := resultNames(parseHTML(t, body)); !slices.Equal(got, []string{owned.Name}) {
			t.Errorf("the directory's Verified filter finds %q, want the owned listing", got)
		}
	}, withAdmin)
}

// ownedAndVerified gives the sample listings of slugs an owner, as an
// approved claim does, and has our team verify them: nobody owns a sample,
// and only an owned listing is verified.
func ownedAndVerified(t *testing.T, app *testApp, slugs ...string) {
	t.Helper()
	ctx := context.Background()
	owner, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: "verified-owner@example.com", PasswordHash: "x", Kind: store.KindBusiness})
	must(t, err)
	for _, slug := range slugs {
		b, err := app.store.BusinessBySlug(ctx, slug)
		must(t, err)
		c, err := app.store.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: owner.ID, Role: "owner", Message: "The sample is ours for this test."})
		must(t, err)
		_, _, err = app.store.DecideClaim(ctx, c.ID, owner, true)
		must(t, err)
		_, err = app.store.Moderate(ctx, b.ID, owner, store.ActionVerify)
		must(t, err)
	}
}

package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bizprofile/store"

	"github.com/PuerkitoBio/goquery"
)

func claimForm(role, message string) url.Values {
	return url.Values{"role": {role}, "message": {message}}
}

const bakery = "/directory/harbor-street-bakery"

func TestClaimApproveAndOwn(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)

		// Signed out: the invitation, which leads through sign-in.
		_, body := app.get(t, bakery)
		if !hasLink(parseHTML(t, body), "Claim this business", bakery+"/claim") {
			t.Fatal("an ownerless listing does not offer 'Claim this business'")
		}
		res, _ := app.get(t, bakery+"/claim")
		if loc := res.Header.Get("Location"); loc != "/login?next="+url.QueryEscape(bakery+"/claim") {
			t.Errorf("signed-out claim page sends to %q", loc)
		}

		owner := app.newClient()
		u := owner.account(t, "maria@harborbakery.test", store.KindBusiness)
		res, body = owner.get(t, bakery+"/claim")
		page := parseHTML(t, body)
		if res.StatusCode != 200 || headings(page, 1, "Claim Harbor Street Bakery").Length() != 1 || buttons(page, "Send claim").Length() != 1 {
			t.Fatalf("claim page: %d", res.StatusCode)
		}

		// Each invalid field gets its message; what was typed is kept.
		const role, message = "Your role at the business", "How can we confirm it is yours?"
		for _, tc := range []struct {
			form        url.Values
			label, want string
		}{
			{claimForm("", "I have run the bakery since 2012, call the shop."), role, "Choose your role at the business."},
			{claimForm("captain", "I have run the bakery since 2012, call the shop."), role, "Choose your role at the business."},
			{claimForm("owner", ""), message, "Tell us how we can confirm the business is yours."},
			{claimForm("owner", "It is mine."), message, "at least 20 characters"},
			{claimForm("owner", strings.Repeat("x", 2001)), message, "Keep this under 2000 characters."},
		} {
			res, body := owner.post(t, bakery+"/claim", tc.form)
			page := parseHTML(t, body)
			if msg := fieldError(labelled(t, page, tc.label)); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(msg, tc.want) {
				t.Errorf("%v: %d, %q says %q, want 422 with %q", tc.form, res.StatusCode, tc.label, msg, tc.want)
			}
			if m := tc.form.Get("message"); m != "" && len(m) < 100 && valueOf(labelled(t, page, message)) != m {
				t.Errorf("%v: the message typed is lost", tc.form)
			}
		}
		if _, err := app.store.PendingClaim(ctx, 1, u.ID); err == nil {
			t.Fatal("an invalid claim was stored")
		}

		res, _ = owner.post(t, bakery+"/claim", claimForm("owner", "I have run the bakery since 2012; call the shop to check."))
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != bakery {
			t.Fatalf("claim: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body = owner.get(t, bakery)
		page = parseHTML(t, body)
		if !hasToast(page, "Claim sent", "") {
			t.Errorf("after the claim no 'Claim sent' toast: %+v", toasts(page))
		}
		if headings(page, 0, "Your claim is being reviewed").Length() != 1 {
			t.Error("after the claim the listing does not say it is being reviewed")
		}
		if links(page, "Claim this business").Length() != 0 {
			t.Error("the claimant is invited to claim again")
		}
		if m := app.inbox.waitFor(t, adminEmail); !strings.Contains(m.Subject, "New claim on Harbor Street Bakery") || !strings.Contains(m.Text, "/admin/claims") {
			t.Errorf("administrator's email: %q", m.Subject)
		}
		if res, body := owner.post(t, bakery+"/claim", claimForm("owner", "Once more, I really am the owner.")); res.StatusCode != http.StatusConflict || !anyContains(notices(parseHTML(t, body), "status"), "Your claim is being reviewed") {
			t.Errorf("second claim: %d", res.StatusCode)
		}

		// The administrator approves it.
		admin := app.asAdmin(t)
		_, body = admin.get(t, "/admin/claims")
		claim := claimItem(t, parseHTML(t, body), "Harbor Street Bakery")
		for _, want := range []string{"maria@harborbakery.test", "Owner", "call the shop to check"} {
			if !strings.Contains(textOf(claim), want) {
				t.Errorf("the queued claim lacks %q: %q", want, textOf(claim))
			}
		}
		if nameStarts(claim.Find("button"), "Approve").Length() != 1 {
			t.Errorf("the queued claim has no Approve button: %q", texts(claim.Find("button")))
		}
		pending, _, err := app.store.Claims(ctx, store.ClaimPending, store.Page{Limit: 10})
		must(t, err)
		if len(pending) != 1 {
			t.Fatalf("%d pending claims, want 1", len(pending))
		}
		res, _ = admin.post(t, "/admin/claims/"+strconv.FormatInt(pending[0].ID, 10)+"/approve", nil)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("approve: %d", res.StatusCode)
		}
		_, body = admin.get(t, "/admin/claims")
		page = parseHTML(t, body)
		if !hasToast(page, "Claim approved", "") || !strings.Contains(textOf(page.Find("main")), "No claim waits for review.") {
			t.Error("after approval the queue does not say so")
		}
		if m := app.inbox.waitFor(t, "maria@harborbakery.test"); !strings.Contains(m.Subject, "Your claim on Harbor Street Bakery was approved") {
			t.Errorf("claimant's email: %q", m.Subject)
		}

		// The listing is hers, with its badge, on her dashboard.
		b, err := app.store.BusinessBySlug(ctx, "harbor-street-bakery")
		must(t, err)
		if !b.OwnedBy(u.ID) || !b.Claimed {
			t.Fatalf("listing owner %v claimed %v", b.OwnerID, b.Claimed)
		}
		_, body = owner.get(t, "/dashboard")
		page = parseHTML(t, body)
		if got := badges(dashboardListing(t, page, "Harbor Street Bakery")); !slices.Contains(got, "Claimed") {
			t.Errorf("the dashboard's Harbor Street Bakery has badges %q, want Claimed", got)
		}
		if got := terms(page.Find("main"))["Claimed"]; got != "100%" {
			t.Errorf("the dashboard shows %q claimed, want 100%%", got)
		}
		_, body = owner.get(t, bakery)
		page = parseHTML(t, body)
		if headings(page, 0, "You manage this listing").Length() != 1 || !hasLink(page, "Edit listing", "/dashboard/businesses/"+strconv.FormatInt(b.ID, 10)) {
			t.Error("the owner's view of the listing does not say it is hers, or lacks the edit link")
		}
		if got := badges(headings(page, 1, "Harbor Street Bakery").Parent()); !slices.Contains(got, "Claimed") {
			t.Errorf("the listing's badges are %q, want Claimed", got)
		}
		_, body = app.get(t, "/directory?q=sourdough")
		if got := badges(directoryCard(t, parseHTML(t, body), "Harbor Street Bakery")); !slices.Contains(got, "Claimed") {
			t.Errorf("the directory card's badges are %q, want Claimed", got)
		}
		_, body = admin.get(t, "/admin/businesses/"+strconv.FormatInt(b.ID, 10))
		page = parseHTML(t, body)
		if got := terms(region(page, "Moderation"))["Owner"]; got != "maria@harborbakery.test" {
			t.Errorf("the listing's admin page gives its owner as %q", got)
		}
		if history := tableRows(region(page, "Moderation history")); len(history) != 1 || history[0][1] != adminEmail || history[0][2] != "Approved a claim Claim by maria@harborbakery.test (owner)" {
			t.Errorf("the moderation history lacks the approval: %q", tableRows(region(page, "Moderation history")))
		}

		// Nobody else may claim it now.
		other := app.newClient()
		other.account(t, "rival@example.com", store.KindBusiness)
		_, body = other.get(t, bakery)
		if links(parseHTML(t, body), "Claim this business").Length() != 0 {
			t.Error("a claimed listing still offers 'Claim this business'")
		}
		res, body = other.post(t, bakery+"/claim", claimForm("owner", "No, it is actually mine, honestly."))
		if res.StatusCode != http.StatusConflict || !anyContains(notices(parseHTML(t, body), "status"), "This listing has been claimed already.") {
			t.Errorf("claim on a claimed listing: %d", res.StatusCode)
		}
	}, withAdmin)
}

// claimItem is the claim on the listing named business in the admin's
// claims queue; it fails the test when there is not exactly one.
func claimItem(t *testing.T, page *goquery.Document, business string) *goquery.Selection {
	t.Helper()
	item := headings(page.Find("main"), 3, business).Closest("li")
	if item.Length() != 1 {
		t.Fatalf("%d claims on %s in the queue, want 1", item.Length(), business)
	}
	return item
}

func TestRejectedClaimLeavesTheListingOpen(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)
		owner := app.newClient()
		owner.account(t, "sam@example.com", store.KindBusiness)
		owner.post(t, bakery+"/claim", claimForm("employee", "I answer the phone there every morning."))
		admin := app.asAdmin(t)
		pending, _, err := app.store.Claims(ctx, store.ClaimPending, store.Page{Limit: 10})
		must(t, err)
		if len(pending) != 1 {
			t.Fatalf("%d pending claims", len(pending))
		}
		id := strconv.FormatInt(pending[0].ID, 10)
		if res, _ := admin.post(t, "/admin/claims/"+id+"/reject", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("reject: %d", res.StatusCode)
		}
		if m := app.inbox.waitFor(t, "sam@example.com"); !strings.Contains(m.Subject, "could not be confirmed") {
			t.Errorf("claimant's email: %q", m.Subject)
		}
		b, _ := app.store.BusinessBySlug(ctx, "harbor-street-bakery")
		if b.OwnerID.Valid || b.Claimed {
			t.Error("a rejected claim gave the listing an owner")
		}
		// Deciding again is refused, the listing may be claimed anew.
		admin.post(t, "/admin/claims/"+id+"/approve", nil)
		_, body := admin.get(t, "/admin/claims?status=rejected")
		page := parseHTML(t, body)
		if !hasToast(page, "Already decided", "") || !strings.Contains(textOf(claimItem(t, page, "Harbor Street Bakery")), "sam@example.com") {
			t.Error("a second decision is not refused")
		}
		if b, _ := app.store.BusinessBySlug(ctx, "harbor-street-bakery"); b.OwnerID.Valid {
			t.Error("approving a rejected claim gave the listing an owner")
		}
		if _, body := owner.get(t, bakery+"/claim"); buttons(parseHTML(t, body), "Send claim").Length() != 1 {
			t.Error("after a rejection the claimant cannot try again")
		}
	}, withAdmin)
}

func TestPersonalAccountsCannotClaim(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	seeded(t, app)
	app.account(t, "reader@example.com", store.KindIndividual)
	_, body := app.get(t, bakery)
	if links(parseHTML(t, body), "Claim this business").Length() != 0 {
		t.Error("a personal account is offered 'Claim this business'")
	}
	if _, body := app.get(t, bakery+"/claim"); !anyContains(notices(parseHTML(t, body), "status"), "Only business accounts can claim a listing.") {
		t.Error("the claim page does not explain why a personal account cannot claim")
	}
	if res, _ := app.post(t, bakery+"/claim", claimForm("owner", "I would like this listing please.")); res.StatusCode != http.StatusForbidden {
		t.Errorf("claim by a personal account: %d, want 403", res.StatusCode)
	}
	// One that manages a listing of its own is a business user.
	if _, err := app.store.CreateBusiness(context.Background(), store.Business{Name: "Reader Books", OwnerID: sql.NullInt64{Int64: mustUser(t, app, "reader@example.com").ID, Valid: true}, Published: true}); err != nil {
		t.Fatal(err)
	}
	if _, body := app.get(t, bakery); !hasLink(parseHTML(t, body), "Claim this business", bakery+"/claim") {
		t.Error("an account with a listing is not offered 'Claim this business'")
	}
}

func TestClaimSurvivesMailFailure(t *testing.T) {
	var outage mailOutage
	app := newTestApp(t, store.SQLite, withMailOutage(&outage), withAdmin)
	seeded(t, app)
	app.account(t, "kim@example.com", store.KindBusiness)
	if res, _ := app.post(t, bakery+"/claim", claimForm("owner", "Kim here, I own the bakery outright.")); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("claim with mail down: %d", res.StatusCode)
	}
	pending, _, _ := app.store.Claims(context.Background(), store.ClaimPending, store.Page{Limit: 10})
	if len(pending) != 1 {
		t.Fatal("the claim was lost with the mail")
	}
	admin := app.asAdmin(t)
	admin.post(t, "/admin/claims/"+strconv.FormatInt(pending[0].ID, 10)+"/approve", nil)
	_, body := admin.get(t, "/admin/claims")
	told := false
	for _, ts := range toasts(parseHTML(t, body)) {
		told = told || ts.Title == "Claim approved" && strings.HasSuffix(ts.Description, "they will be told by email.")
	}
	if !told {
		t.Error("the administrator is not told the claimant will be emailed")
	}
	if b, _ := app.store.BusinessBySlug(context.Background(), "harbor-street-bakery"); !b.Claimed {
		t.Error("the approval was lost with the mail")
	}
	// The emails wait in the queue and go out when the server is back.
	in := outage.restore(t)
	if m := in.waitFor(t, "kim@example.com"); m.Subject != "Your claim on Harbor Street Bakery was approved" {
		t.Errorf("the claimant's email once mail is back: %q", m.Subject)
	}
}

func mustUser(t *testing.T, app *testApp, email string) store.User {
	t.Helper()
	u, err := app.store.UserByEmail(context.Background(), email)
	must(t, err)
	return u
}

func TestApprovalTellsTheOtherClaimants(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		seeded(t, app)
		for _, email := range []string{"maria@harborbakery.test", "rival@example.com"} {
			c := app.newClient()
			c.account(t, email, store.KindBusiness)
			if res, _ := c.post(t, bakery+"/claim", claimForm("owner", "I run the bakery; call the shop to check.")); res.StatusCode != http.StatusSeeOther {
				t.Fatalf("claim by %s: %d", email, res.StatusCode)
			}
		}
		pending, _, err := app.store.Claims(ctx, store.ClaimPending, store.Page{Limit: 10})
		must(t, err)
		var maria int64
		for _, c := range pending {
			if c.UserEmail == "maria@harborbakery.test" {
				maria = c.ID
			}
		}
		admin := app.asAdmin(t)
		admin.post(t, "/admin/claims/"+strconv.FormatInt(maria, 10)+"/approve", nil)
		_, body := admin.get(t, "/admin/claims")
		told := false
		for _, ts := range toasts(parseHTML(t, body)) {
			told = told || ts.Title == "Claim approved" && strings.Contains(ts.Description, "1 other open claim(s) on it were closed and their claimants will be told.")
		}
		if !told {
			t.Error("the toast does not say the other claim was closed")
		}
		m := app.inbox.waitFor(t, "rival@example.com")
		if m.Subject != "Your claim on Harbor Street Bakery was closed" || !strings.Contains(m.Text, "Another claim on Harbor Street Bakery was confirmed") {
			t.Errorf("the other claimant's email: %q\n%s", m.Subject, m.Text)
		}
		if m := app.inbox.waitFor(t, "maria@harborbakery.test"); !strings.Contains(m.Subject, "was approved") {
			t.Errorf("the new owner's email: %q", m.Subject)
		}
	}, withAdmin)
}

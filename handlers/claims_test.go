package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"bizprofile/store"
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
		if !strings.Contains(body, "Claim this business") || !strings.Contains(body, `href="`+bakery+`/claim"`) {
			t.Fatal("an ownerless listing does not offer 'Claim this business'")
		}
		res, _ := app.get(t, bakery+"/claim")
		if loc := res.Header.Get("Location"); loc != "/login?next="+url.QueryEscape(bakery+"/claim") {
			t.Errorf("signed-out claim page sends to %q", loc)
		}

		owner := app.newClient()
		u := owner.account(t, "maria@harborbakery.test", store.KindBusiness)
		res, body = owner.get(t, bakery+"/claim")
		if res.StatusCode != 200 || !strings.Contains(body, "Claim Harbor Street Bakery") || !strings.Contains(body, "Send claim") {
			t.Fatalf("claim page: %d", res.StatusCode)
		}

		// Each invalid field gets its message; what was typed is kept.
		for _, tc := range []struct {
			form        url.Values
			field, want string
		}{
			{claimForm("", "I have run the bakery since 2012, call the shop."), "role", "Choose your role at the business."},
			{claimForm("captain", "I have run the bakery since 2012, call the shop."), "role", "Choose your role at the business."},
			{claimForm("owner", ""), "message", "Tell us how we can confirm the business is yours."},
			{claimForm("owner", "It is mine."), "message", "at least 20 characters"},
			{claimForm("owner", strings.Repeat("x", 2001)), "message", "Keep this under 2000 characters."},
		} {
			res, body := owner.post(t, bakery+"/claim", tc.form)
			if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, tc.want) {
				t.Errorf("%v: %d, want 422 with %q", tc.form, res.StatusCode, tc.want)
			}
			if m := tc.form.Get("message"); m != "" && len(m) < 100 && !strings.Contains(body, m) {
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
		for _, want := range []string{"Claim sent", "Your claim is being reviewed"} {
			if !strings.Contains(body, want) {
				t.Errorf("after the claim the listing lacks %q", want)
			}
		}
		if strings.Contains(body, "Claim this business") {
			t.Error("the claimant is invited to claim again")
		}
		if m := app.inbox.waitFor(t, adminEmail); !strings.Contains(m.Subject, "New claim on Harbor Street Bakery") || !strings.Contains(m.Text, "/admin/claims") {
			t.Errorf("administrator's email: %q", m.Subject)
		}
		if res, body := owner.post(t, bakery+"/claim", claimForm("owner", "Once more, I really am the owner.")); res.StatusCode != http.StatusConflict || !strings.Contains(body, "Your claim is being reviewed") {
			t.Errorf("second claim: %d", res.StatusCode)
		}

		// The administrator approves it.
		admin := app.asAdmin(t)
		_, body = admin.get(t, "/admin/claims")
		for _, want := range []string{"Harbor Street Bakery", "maria@harborbakery.test", "Owner", "call the shop to check", "Approve"} {
			if !strings.Contains(body, want) {
				t.Errorf("claims queue lacks %q", want)
			}
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
		if !strings.Contains(body, "Claim approved") || !strings.Contains(body, "No claim waits for review.") {
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
		for _, want := range []string{"Harbor Street Bakery", `<span class="badge badge-primary">Claimed</span>`, "<dt>Claimed</dt><dd>100%</dd>"} {
			if !strings.Contains(body, want) {
				t.Errorf("dashboard lacks %q", want)
			}
		}
		_, body = owner.get(t, bakery)
		if !strings.Contains(body, "You manage this listing") || !strings.Contains(body, "Claimed") {
			t.Error("the owner's view of the listing lacks its badge or the edit link")
		}
		_, body = app.get(t, "/directory?q=sourdough")
		if !strings.Contains(body, `<span class="badge badge-primary">Claimed</span>`) {
			t.Error("the directory card lacks the Claimed badge")
		}
		_, body = admin.get(t, "/admin/businesses/"+strconv.FormatInt(b.ID, 10))
		for _, want := range []string{"Approved a claim", adminEmail, "Claim by maria@harborbakery.test (owner)", "maria@harborbakery.test"} {
			if !strings.Contains(body, want) {
				t.Errorf("the listing's admin page lacks %q", want)
			}
		}

		// Nobody else may claim it now.
		other := app.newClient()
		other.account(t, "rival@example.com", store.KindBusiness)
		_, body = other.get(t, bakery)
		if strings.Contains(body, "Claim this business") {
			t.Error("a claimed listing still offers 'Claim this business'")
		}
		res, body = other.post(t, bakery+"/claim", claimForm("owner", "No, it is actually mine, honestly."))
		if res.StatusCode != http.StatusConflict || !strings.Contains(body, "This listing has been claimed already.") {
			t.Errorf("claim on a claimed listing: %d", res.StatusCode)
		}
	}, withAdmin)
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
		if _, body := admin.get(t, "/admin/claims?status=rejected"); !strings.Contains(body, "Already decided") || !strings.Contains(body, "sam@example.com") {
			t.Error("a second decision is not refused")
		}
		if b, _ := app.store.BusinessBySlug(ctx, "harbor-street-bakery"); b.OwnerID.Valid {
			t.Error("approving a rejected claim gave the listing an owner")
		}
		if _, body := owner.get(t, bakery+"/claim"); !strings.Contains(body, "Send claim") {
			t.Error("after a rejection the claimant cannot try again")
		}
	}, withAdmin)
}

func TestPersonalAccountsCannotClaim(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	seeded(t, app)
	app.account(t, "reader@example.com", store.KindIndividual)
	_, body := app.get(t, bakery)
	if strings.Contains(body, "Claim this business") {
		t.Error("a personal account is offered 'Claim this business'")
	}
	if _, body := app.get(t, bakery+"/claim"); !strings.Contains(body, "Only business accounts can claim a listing.") {
		t.Error("the claim page does not explain why a personal account cannot claim")
	}
	if res, _ := app.post(t, bakery+"/claim", claimForm("owner", "I would like this listing please.")); res.StatusCode != http.StatusForbidden {
		t.Errorf("claim by a personal account: %d, want 403", res.StatusCode)
	}
	// One that manages a listing of its own is a business user.
	if _, err := app.store.CreateBusiness(context.Background(), store.Business{Name: "Reader Books", OwnerID: sql.NullInt64{Int64: mustUser(t, app, "reader@example.com").ID, Valid: true}, Published: true}); err != nil {
		t.Fatal(err)
	}
	if _, body := app.get(t, bakery); !strings.Contains(body, "Claim this business") {
		t.Error("an account with a listing is not offered 'Claim this business'")
	}
}

func TestClaimSurvivesMailFailure(t *testing.T) {
	down := func(d *Deps) {
		m, err := newDownMailer(d)
		if err != nil {
			panic(err)
		}
		d.Mailer = m
		withAdmin(d)
	}
	app := newTestApp(t, store.SQLite, down)
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
	if !strings.Contains(body, "Claim approved") || !strings.Contains(body, "could not be sent: please let them know yourself.") {
		t.Error("the administrator is not told the email failed")
	}
	if b, _ := app.store.BusinessBySlug(context.Background(), "harbor-street-bakery"); !b.Claimed {
		t.Error("the approval was lost with the mail")
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
		if _, body := admin.get(t, "/admin/claims"); !strings.Contains(body, "1 other open claim(s) on it were closed and their claimants told.") {
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

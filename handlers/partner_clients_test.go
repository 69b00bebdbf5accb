package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bizprofile/domain"
	"bizprofile/store"
)

// An agency creates a client listing by the wizard's rules, invites its
// owner, who accepts it: the listing is theirs and public, and the agency
// manages it until the owner removes the agency; then the agency's page of
// it is gone.
func TestAgencyHandsAClientListingOverAndLosesItWhenRemoved(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		p := approvedPartner(t, app, "pia@agency.example")
		agency := app.newClient()
		agency.signIn(t, p.Email, goodPassword)

		_, body := agency.get(t, "/partners/clients")
		doc := parseHTML(t, body)
		if byTestID(doc, "clients-empty").Length() != 1 || !hasLink(doc, "Add a client listing", "/partners/clients/new") {
			t.Fatal("a new agency's clients page has no empty state with the way to add one")
		}

		// The wizard's rules: a listing without a name is refused by the field.
		bad := listingForm("")
		res, body := agency.post(t, "/partners/clients", bad)
		if res.StatusCode != http.StatusUnprocessableEntity || fieldError(labelled(t, parseHTML(t, body), "Business name")) == "" {
			t.Fatalf("a nameless client listing: %d, want 422 with the name's error", res.StatusCode)
		}
		form := listingForm("Lone Star Plumbing")
		form.Set("email", "owner@plumbing.example")
		res, _ = agency.post(t, "/partners/clients", form)
		page := res.Header.Get("Location")
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(page, "/partners/clients/") {
			t.Fatalf("create: %d → %q", res.StatusCode, page)
		}
		cs, err := app.store.ClientListingsOf(ctx, p.UserID)
		must(t, err)
		if len(cs) != 1 || cs[0].Published || cs[0].OwnerID.Valid {
			t.Fatalf("the agency's client listings: %+v; want one, hidden and nobody's", cs)
		}
		b := cs[0].Business
		if res, _ := app.newClient().get(t, "/directory/"+b.Slug); res.StatusCode != http.StatusNotFound {
			t.Errorf("the listing is public before its client accepts: %d", res.StatusCode)
		}
		rival := app.newClient()
		rp := approvedPartner(t, app, "oz@rival.example")
		rival.signIn(t, rp.Email, goodPassword)
		for _, path := range []string{page, page + "/edit"} {
			if res, _ := rival.get(t, path); res.StatusCode != http.StatusNotFound {
				t.Errorf("another agency GET %s: %d, want 404", path, res.StatusCode)
			}
		}

		// The invitation: a bad address is refused by the field, kept.
		res, body = agency.post(t, page+"/invite", url.Values{"email": {"owner at plumbing"}})
		invite := labelled(t, parseHTML(t, body), "The owner's email")
		if res.StatusCode != http.StatusUnprocessableEntity || fieldError(invite) == "" || valueOf(invite) != "owner at plumbing" {
			t.Fatalf("a bad invitation: %d, error %q, value %q", res.StatusCode, fieldError(invite), valueOf(invite))
		}
		if res, _ := agency.post(t, page+"/invite", url.Values{"email": {"owner@plumbing.example"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("invite: %d", res.StatusCode)
		}
		_, body = agency.get(t, "/partners/clients")
		if row := byTestID(parseHTML(t, body), "client-row"); row.AttrOr("data-status", "") != "invited" || !hasLink(row, "Lone Star Plumbing", page) {
			t.Errorf("the listed client after the invitation: status %q", row.AttrOr("data-status", ""))
		}
		link := strings.TrimPrefix(app.inbox.waitFor(t, "owner@plumbing.example").link(t, "/clients/invite?token="), testSite.BaseURL)

		// The owner opens it signed out, then signed in, and accepts.
		owner := app.newClient()
		res, body = owner.get(t, link)
		if st := byTestID(parseHTML(t, body), "client-invitation").AttrOr("data-state", ""); res.StatusCode != http.StatusOK || st != "sign-in" {
			t.Fatalf("the invitation signed out: %d, state %q", res.StatusCode, st)
		}
		signedInOwner(t, owner, "owner@plumbing.example")
		_, body = owner.get(t, link)
		doc = parseHTML(t, body)
		accept := formOf(doc, "Accept the listing")
		if accept.Length() != 1 {
			t.Fatalf("the owner's invitation has no Accept button: %s", textOf(byTestID(doc, "client-invitation")))
		}
		res, _ = owner.post(t, "/clients/invite", url.Values{"token": {accept.Find(`input[name="token"]`).AttrOr("value", "")}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != manageURL(b.ID) {
			t.Fatalf("accept: %d → %q", res.StatusCode, res.Header.Get("Location"))
		}
		if res, _ := app.newClient().get(t, "/directory/"+b.Slug); res.StatusCode != http.StatusOK {
			t.Errorf("the accepted listing's public page: %d", res.StatusCode)
		}
		if res, _ := owner.get(t, link); res.StatusCode != http.StatusNotFound {
			t.Errorf("the used link: %d, want 404", res.StatusCode)
		}

		// The agency still manages it: its page, and its edits by the rules.
		_, body = agency.get(t, page)
		if st := byTestID(parseHTML(t, body), "client-handover").AttrOr("data-status", ""); st != "accepted" {
			t.Errorf("the agency's page of the accepted listing: status %q", st)
		}
		edit := listingForm("Lone Star Plumbing")
		edit.Set("email", "owner@plumbing.example")
		edit.Set("tagline", "Same-day plumbing")
		if res, _ := agency.post(t, page+"/edit", edit); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("the agency's edit: %d", res.StatusCode)
		}
		if got, _ := app.store.BusinessByID(ctx, b.ID); got.Tagline != "Same-day plumbing" {
			t.Errorf("the tagline after the agency's edit: %q", got.Tagline)
		}

		// The owner removes the agency from the listing's page.
		_, body = owner.get(t, manageURL(b.ID))
		section := byTestID(parseHTML(t, body), "listing-agency")
		removePath := manageURL(b.ID) + "/agency/remove"
		if !hasLink(section, "Remove Pat Co…", removePath) {
			t.Fatalf("the owner's listing page names no agency to remove: %q", textOf(section))
		}
		if res, _ := owner.post(t, removePath, nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("remove: %d", res.StatusCode)
		}
		for _, path := range []string{page, page + "/edit"} {
			if res, _ := agency.get(t, path); res.StatusCode != http.StatusNotFound {
				t.Errorf("the removed agency GET %s: %d, want 404", path, res.StatusCode)
			}
		}
		if res, _ := agency.post(t, page+"/edit", edit); res.StatusCode != http.StatusNotFound {
			t.Errorf("the removed agency's edit: %d, want 404", res.StatusCode)
		}
		_, body = owner.get(t, manageURL(b.ID))
		if byTestID(parseHTML(t, body), "listing-agency").Length() != 0 {
			t.Error("the listing's page still names the removed agency")
		}
		if m := app.inbox.waitForSubject(t, p.Email, "no longer manage"); !strings.Contains(m.Text, "Lone Star Plumbing") {
			t.Errorf("the agency's news of its removal: %q", m.Text)
		}
	})
}

// Only approved partners have clients: a pending one is sent to its
// dashboard, a business owner to the partner sign-up.
func TestClientListingsAreApprovedPartners(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		pending := app.newClient()
		u := pending.account(t, "pending@agency.example", store.KindPartner)
		must(t, app.h.domain.Partners.Apply(context.Background(), u, domain.PartnerApplication{Name: "Pen", Company: "Pen Co", Kind: "referral", Plan: "partner", AcceptTerms: true}))
		owner := app.newClient()
		owner.account(t, "owner@example.com", store.KindBusiness)
		for who, c := range map[string]struct {
			client *testApp
			to     string
		}{"pending": {pending, "/partners/dashboard"}, "owner": {owner, "/partners/signup"}} {
			for _, path := range []string{"/partners/clients", "/partners/clients/new"} {
				if res, _ := c.client.get(t, path); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != c.to {
					t.Errorf("%s GET %s: %d → %q, want %s", who, path, res.StatusCode, res.Header.Get("Location"), c.to)
				}
			}
			if res, _ := c.client.post(t, "/partners/clients", listingForm("Sneaky Listing")); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != c.to {
				t.Errorf("%s POST /partners/clients: %d", who, res.StatusCode)
			}
		}
	})
}

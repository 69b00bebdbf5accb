package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/catalog"
	"bizprofile/store"
	"bizprofile/views"
)

// verifiableListing is a published listing at website owned by a signed-in
// business account at email (its address verified).
func verifiableListing(t *testing.T, app *testApp, email, name, website string) store.Business {
	t.Helper()
	u := app.account(t, email, store.KindBusiness)
	b, err := app.store.CreateBusiness(context.Background(), store.Business{Name: name, City: "Austin", State: "TX", Website: website,
		Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	must(t, err)
	return b
}

// verificationSection is the manage page's Verification section.
func verificationSection(t *testing.T, app *testApp, id int64) *goquery.Selection {
	t.Helper()
	res, body := app.get(t, manageURL(id))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("manage page: %d", res.StatusCode)
	}
	s := region(parseHTML(t, body), "Verification")
	if s.Length() != 1 {
		t.Fatalf("%d Verification sections, want 1", s.Length())
	}
	return s
}

// listingBadge is the verified badge of a listing's public page, with its
// explanation.
func listingBadge(t *testing.T, app *testApp, slug string) (badge, explanation string) {
	t.Helper()
	res, body := app.get(t, "/directory/"+slug)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("listing page: %d", res.StatusCode)
	}
	doc := parseHTML(t, body)
	return textOf(byTestID(doc, "verified-badge")), textOf(byTestID(doc, "verified-explanation"))
}

func TestDomainVerificationRules(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		for i, tc := range []struct {
			name, email, website string
			verifies             bool
			why                  string // what the section says instead of the button
		}{
			{"same domain", "ann@acme-tacos.com", "https://acme-tacos.com", true, ""},
			{"subdomains", "ann@mail.acme-bakes.com", "https://www.acme-bakes.com/shop", true, ""},
			{"different domain", "ann@acme-grill.com", "https://other-grill.com", false, "your website at other-grill.com: they must be the same domain"},
			{"free mail never", "acme.pizza@gmail.com", "https://gmail.com", false, "a free email provider anyone can use"},
			{"no website", "ann@acme-deli.com", "", false, "no website at a domain of its own"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				owner := app.newClient()
				b := verifiableListing(t, owner, tc.email, "Listing "+itoa(i), tc.website)
				s := verificationSection(t, owner, b.ID)
				button := buttons(s, "Verify with my email domain")
				if got := button.Length() == 1; got != tc.verifies {
					t.Fatalf("the domain button is there: %v, want %v", got, tc.verifies)
				}
				if why := textOf(byTestID(s, "domain-why")); !tc.verifies && !strings.Contains(why, tc.why) {
					t.Errorf("the section says %q, want it to say %q", why, tc.why)
				}
				res, body := owner.post(t, manageURL(b.ID)+"/verification/domain", url.Values{})
				got, err := app.store.BusinessByID(context.Background(), b.ID)
				must(t, err)
				if !tc.verifies {
					if res.StatusCode != http.StatusUnprocessableEntity || got.Verified {
						t.Errorf("a refused domain verification: %d, verified %v", res.StatusCode, got.Verified)
					}
					if !hasToast(parseHTML(t, body), "Your email's domain can't verify this listing", "") {
						t.Errorf("toasts = %+v", toasts(parseHTML(t, body)))
					}
					return
				}
				if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != manageURL(b.ID)+"#verification" {
					t.Fatalf("domain verification: %d to %q", res.StatusCode, res.Header.Get("Location"))
				}
				if !got.Verified || got.VerifiedMethod != store.VerifiedByDomain {
					t.Errorf("listing verified %v by %q", got.Verified, got.VerifiedMethod)
				}
				s = verificationSection(t, owner, b.ID)
				if bs := badges(s); len(bs) != 1 || bs[0] != "Verified: domain" {
					t.Errorf("section badges = %v", bs)
				}
				if buttons(s, "Request verification by our team").Length() != 0 || buttons(s, "Verify with my email domain").Length() != 0 {
					t.Error("a verified listing still offers to verify it")
				}
				badge, why := listingBadge(t, app.newClient(), b.Slug)
				if badge != "Verified: domain" || why != "Its owner's email address is at the business's website domain." {
					t.Errorf("listing page badge %q, explanation %q", badge, why)
				}
				// Moving the website to another domain takes the badge away,
				// and the owner is told.
				form := listingForm(b.Name)
				form.Set("website", "https://elsewhere-"+itoa(i)+".com")
				res, _ = owner.post(t, manageURL(b.ID), form)
				if res.StatusCode != http.StatusSeeOther {
					t.Fatalf("edit: %d", res.StatusCode)
				}
				_, body = owner.get(t, manageURL(b.ID))
				if !hasToast(parseHTML(t, body), "Verified badge removed", "") {
					t.Errorf("toasts after moving the website = %+v", toasts(parseHTML(t, body)))
				}
				if got, _ := app.store.BusinessByID(context.Background(), b.ID); got.Verified {
					t.Error("a listing whose website moved to another domain kept its domain badge")
				}
			})
		}
	})
}

func TestVerificationRequestApprovedByAnAdministrator(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := verifiableListing(t, app, "ann@gmail.com", "Harbor Tacos", "https://harbor-tacos.com")
		admin := app.asAdmin(t)
		s := verificationSection(t, app, b.ID)
		if bs := badges(s); len(bs) != 1 || bs[0] != "Not verified" {
			t.Errorf("badges before = %v", bs)
		}
		form := formOf(s, "Request verification by our team")
		if form.Length() != 1 || form.AttrOr("action", "") != manageURL(b.ID)+"/verification#verification" {
			t.Fatalf("request form = %d, action %q", form.Length(), form.AttrOr("action", ""))
		}
		res, _ := app.post(t, manageURL(b.ID)+"/verification", url.Values{
			"statement":      {"I own Harbor Tacos since 2015; my name is on the state registry."},
			"callback_phone": {"(512) 555-0147"}, "evidence_url": {"https://registry.example/harbor-tacos"},
		})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("request: %d", res.StatusCode)
		}
		m := app.inbox.waitForSubject(t, adminEmail, "Verification requested for Harbor Tacos")
		for _, want := range []string{"I own Harbor Tacos since 2015", "(512) 555-0147", "https://registry.example/harbor-tacos", testSite.BaseURL + "/admin/verifications"} {
			if !strings.Contains(m.Text, want) {
				t.Errorf("the administrators' email lacks %q:\n%s", want, m.Text)
			}
		}
		_, body := app.get(t, manageURL(b.ID))
		doc := parseHTML(t, body)
		if !hasToast(doc, "Request sent", "") {
			t.Errorf("toasts = %+v", toasts(doc))
		}
		s = region(doc, "Verification")
		if bs := badges(s); len(bs) != 1 || bs[0] != "Waiting for our team" {
			t.Errorf("badges while waiting = %v", bs)
		}
		if !strings.Contains(textOf(byTestID(s, "verification-state")), "You asked us to verify Harbor Tacos on "+views.LongDate(time.Now().UTC())) {
			t.Errorf("waiting state = %q", textOf(byTestID(s, "verification-state")))
		}
		if buttons(s, "Request verification by our team").Length() != 0 {
			t.Error("a second request is offered while one waits")
		}
		if why := strings.ToLower(textOf(byTestID(s, "domain-why"))); why == "" || strings.Contains(why, "ask our team") {
			t.Errorf("while the request waits, the email's domain part says %q: no form to ask our team is left", why)
		}
		// A second request sent anyway changes nothing.
		res, _ = app.post(t, manageURL(b.ID)+"/verification", url.Values{"statement": {"Once more, with feeling: it is mine."}})
		if res.StatusCode != http.StatusSeeOther {
			t.Errorf("a second request: %d", res.StatusCode)
		}

		// The administrator sees the evidence and approves.
		res, body = admin.get(t, "/admin/verifications")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("/admin/verifications: %d", res.StatusCode)
		}
		doc = parseHTML(t, body)
		waiting := region(doc, "Waiting").Find("li")
		if waiting.Length() != 1 {
			t.Fatalf("%d requests waiting, want 1", waiting.Length())
		}
		if !hasLink(waiting, "(512) 555-0147", "tel:5125550147") {
			t.Error("the phone to call back is no tel: link")
		}
		link := links(waiting, "https://registry.example/harbor-tacos (opens in a new tab)")
		if link.Length() != 1 || !strings.Contains(link.AttrOr("rel", ""), "nofollow") || !strings.Contains(link.AttrOr("rel", ""), "noopener") {
			t.Errorf("the evidence link: %d, rel %q", link.Length(), link.AttrOr("rel", ""))
		}
		_, body = admin.get(t, "/admin")
		card := parseHTML(t, body).Find(`.admin-cards a[href="/admin/verifications"]`)
		if textOf(card) != "1 Verification requests waiting" {
			t.Errorf("the overview's card = %q", textOf(card))
		}
		approve := formOf(waiting, "Approve the verification of Harbor Tacos")
		res, _ = admin.post(t, approve.AttrOr("action", ""), url.Values{})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("approve: %d", res.StatusCode)
		}
		m = app.inbox.waitForSubject(t, "ann@gmail.com", "Harbor Tacos is verified")
		if !strings.Contains(m.Text, testSite.BaseURL+"/directory/"+b.Slug) {
			t.Errorf("the approval email lacks the listing's link:\n%s", m.Text)
		}
		today := views.LongDate(time.Now().UTC())
		badge, why := listingBadge(t, app.newClient(), b.Slug)
		if badge != "Verified by our team on "+today || why != "Our team checked this business on "+today+"." {
			t.Errorf("listing page badge %q, explanation %q", badge, why)
		}
		_, body = app.get(t, "/directory?verified=1")
		if card := directoryCard(t, parseHTML(t, body), "Harbor Tacos"); !strings.Contains(strings.Join(badges(card), " "), "Verified") {
			t.Errorf("directory card badges = %v", badges(card))
		}
		_, body = admin.get(t, "/admin/verifications")
		doc = parseHTML(t, body)
		if rows := tableRows(region(doc, "Decisions")); len(rows) != 1 || rows[0][1] != "Harbor Tacos" || rows[0][3] != "Approved" || rows[0][4] != adminEmail {
			t.Errorf("decisions = %v", rows)
		}
	}, withAdmin)
}

func TestVerificationRejectedWithItsReason(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := verifiableListing(t, app, "bo@yahoo.com", "Bo's Bikes", "https://bos-bikes.com")
		admin := app.asAdmin(t)
		res, _ := app.post(t, manageURL(b.ID)+"/verification", url.Values{"statement": {"I repair bikes there every day."}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("request: %d", res.StatusCode)
		}
		_, body := admin.get(t, "/admin/verifications")
		item := region(parseHTML(t, body), "Waiting").Find("li")
		reject := formOf(item, "Reject the verification of Bo's Bikes")
		action := reject.AttrOr("action", "")

		// No reason: 422, by the field.
		res, body = admin.post(t, action, url.Values{"reason": {"   "}})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("reject without a reason: %d", res.StatusCode)
		}
		item = region(parseHTML(t, body), "Waiting").Find("li")
		if msg := fieldError(labelled(t, item, "Reason")); !strings.HasPrefix(msg, "Give the reason") {
			t.Errorf("the reason's error = %q", msg)
		}
		if got, _ := app.store.LatestVerificationRequest(context.Background(), b.ID); got.Status != store.VerificationPending {
			t.Errorf("a rejection without a reason decided the request: %s", got.Status)
		}
		long := strings.Repeat("x", views.VerificationReasonMax+1)
		res, body = admin.post(t, action, url.Values{"reason": {long}})
		item = region(parseHTML(t, body), "Waiting").Find("li")
		if c := labelled(t, item, "Reason"); res.StatusCode != http.StatusUnprocessableEntity || valueOf(c) != long || fieldError(c) == "" {
			t.Errorf("a long reason: %d, kept %v, error %q", res.StatusCode, valueOf(c) == long, fieldError(c))
		}

		res, _ = admin.post(t, action, url.Values{"reason": {"Nobody answered at the listing's phone number."}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("reject: %d", res.StatusCode)
		}
		m := app.inbox.waitForSubject(t, "bo@yahoo.com", "We could not verify Bo's Bikes yet")
		if !strings.Contains(m.Text, "“Nobody answered at the listing's phone number.”") || !strings.Contains(m.Text, testSite.BaseURL+manageURL(b.ID)+"#verification") {
			t.Errorf("the rejection email:\n%s", m.Text)
		}
		if got, _ := app.store.BusinessByID(context.Background(), b.ID); got.Verified {
			t.Error("a rejected listing is verified")
		}
		_, body = admin.get(t, "/admin/verifications")
		if rows := tableRows(region(parseHTML(t, body), "Decisions")); len(rows) != 1 || rows[0][3] != "Rejected" || rows[0][5] != "Nobody answered at the listing's phone number." {
			t.Errorf("decisions = %v", rows)
		}

		// The owner reads the reason and asks again.
		s := verificationSection(t, app, b.ID)
		if state := textOf(byTestID(s, "verification-state")); !strings.Contains(state, "Nobody answered at the listing's phone number.") {
			t.Errorf("the owner's state = %q", state)
		}
		if buttons(s, "Request verification by our team").Length() != 1 {
			t.Fatal("no way to ask again after a rejection")
		}
		res, _ = app.post(t, manageURL(b.ID)+"/verification", url.Values{"statement": {"Call my mobile instead, please."}, "callback_phone": {"512 555 0199"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("asking again: %d", res.StatusCode)
		}
		if got, _ := app.store.LatestVerificationRequest(context.Background(), b.ID); got.Status != store.VerificationPending || got.CallbackPhone != "512 555 0199" {
			t.Errorf("the new request = %+v", got)
		}
	}, withAdmin)
}

func TestVerificationRequestFormErrors(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := verifiableListing(t, app, "cy@outlook.com", "Cy's Cakes", "https://cys-cakes.com")
		for _, tc := range []struct {
			name  string
			form  url.Values
			label string // the field with the error
			want  string
		}{
			{"no statement", url.Values{"statement": {""}, "callback_phone": {"(512) 555-0100"}}, "How can we check the business is yours?", "Tell us how we can check that the business is yours."},
			{"a short statement", url.Values{"statement": {"It's mine."}}, "How can we check the business is yours?", "Give a little more detail (at least 20 characters), so we can check it."},
			{"a long statement", url.Values{"statement": {strings.Repeat("a", views.VerificationStatementMax+1)}}, "How can we check the business is yours?", catalog.TooLong(views.VerificationStatementMax)},
			{"a bad phone", url.Values{"statement": {"I bake every cake myself."}, "callback_phone": {"call me"}}, "A phone number to call you back", catalog.PhoneRule.Invalid},
			{"a bad link", url.Values{"statement": {"I bake every cake myself."}, "evidence_url": {"javascript:alert(1)"}}, "A link that shows it", catalog.WebsiteRule.Invalid},
		} {
			t.Run(tc.name, func(t *testing.T) {
				res, body := app.post(t, manageURL(b.ID)+"/verification", tc.form)
				if res.StatusCode != http.StatusUnprocessableEntity {
					t.Fatalf("status %d, want 422", res.StatusCode)
				}
				doc := parseHTML(t, body)
				s := region(doc, "Verification")
				if got := fieldError(labelled(t, s, tc.label)); got != tc.want {
					t.Errorf("%s: error %q, want %q", tc.label, got, tc.want)
				}
				for label, name := range map[string]string{"How can we check the business is yours?": "statement", "A phone number to call you back": "callback_phone", "A link that shows it": "evidence_url"} {
					if got := valueOf(labelled(t, s, label)); got != strings.TrimSpace(tc.form.Get(name)) {
						t.Errorf("%s kept %q, want %q", label, got, tc.form.Get(name))
					}
				}
				if !hasToast(doc, "Your request was not sent", "") {
					t.Errorf("toasts = %+v", toasts(doc))
				}
			})
		}
		if _, err := app.store.LatestVerificationRequest(context.Background(), b.ID); err != store.ErrNotFound {
			t.Errorf("a refused form stored a request: %v", err)
		}
	})
}

func TestVerificationOfAnotherOwnersListingIsNotFound(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := verifiableListing(t, app, "dee@dee-dogs.com", "Dee's Dogs", "https://dee-dogs.com")
		other := app.newClient()
		other.account(t, "eve@dee-dogs.com", store.KindBusiness)
		for _, path := range []string{manageURL(b.ID) + "/verification", manageURL(b.ID) + "/verification/domain", "/dashboard/businesses/999999/verification"} {
			if res, _ := other.post(t, path, url.Values{"statement": {"This is my business, honestly."}}); res.StatusCode != http.StatusNotFound {
				t.Errorf("POST %s by another owner: %d, want 404", path, res.StatusCode)
			}
		}
		if got, _ := app.store.BusinessByID(context.Background(), b.ID); got.Verified {
			t.Error("another owner verified the listing")
		}
		// A listing our moderators took down cannot ask.
		mod, _, err := app.store.CreateAccount(context.Background(), store.NewAccount{Email: "mod@example.com", PasswordHash: "x", Kind: store.KindBusiness})
		must(t, err)
		if _, err := app.store.Moderate(context.Background(), b.ID, mod, store.ActionUnpublish); err != nil {
			t.Fatal(err)
		}
		res, body := app.post(t, manageURL(b.ID)+"/verification/domain", url.Values{})
		if res.StatusCode != http.StatusConflict {
			t.Errorf("a suspended listing's domain verification: %d, want 409", res.StatusCode)
		}
		s := region(parseHTML(t, body), "Verification")
		if buttons(s, "Verify with my email domain").Length() != 0 || buttons(s, "Request verification by our team").Length() != 0 {
			t.Error("a suspended listing offers verification")
		}
		if res, _ := app.post(t, manageURL(b.ID)+"/verification", url.Values{"statement": {"Please verify it all the same."}}); res.StatusCode != http.StatusConflict {
			t.Errorf("a suspended listing's request: %d, want 409", res.StatusCode)
		}
	})
}

// An owner's new address that is not at a listing's website domain takes
// away the badge that domain gave it, and the owner is told; a listing at
// the new address's domain, or verified by our team, keeps its badge.
func TestEmailChangeTakesAwayTheDomainBadge(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		old := verifiableListing(t, app, "ann@acme-tacos.com", "Acme Tacos", "https://acme-tacos.com")
		if res, _ := app.post(t, manageURL(old.ID)+"/verification/domain", url.Values{}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("domain verification: %d", res.StatusCode)
		}
		listing := func(name, website string) store.Business {
			b, err := app.store.CreateBusiness(ctx, store.Business{Name: name, City: "Austin", State: "TX", Website: website, Published: true, OwnerID: old.OwnerID})
			must(t, err)
			return b
		}
		// Verified by the domain the owner moves to (as before a website
		// change), and by our team.
		moved := listing("Newco Tacos", "https://www.newco-tacos.com")
		_, err := app.store.VerifyByDomain(ctx, moved.ID, old.OwnerID.Int64)
		must(t, err)
		team := listing("Harbor Tacos", "https://harbor-tacos.com")
		app.asAdmin(t)
		admin, err := app.store.UserByEmail(ctx, adminEmail)
		must(t, err)
		_, err = app.store.Moderate(ctx, team.ID, admin, store.ActionVerify)
		must(t, err)

		res, _ := app.post(t, "/profile/email", url.Values{"new_email": {"ann@newco-tacos.com"}, "current_password": {goodPassword}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("email change: %d", res.StatusCode)
		}
		if badge, _ := listingBadge(t, app.newClient(), old.Slug); badge != "Verified: domain" {
			t.Errorf("before the new address is confirmed, the badge = %q", badge)
		}
		link := app.inbox.link(t, "ann@newco-tacos.com", "/profile/confirm-email?token=")
		res, _ = app.get(t, strings.TrimPrefix(link, testSite.BaseURL))
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/profile" {
			t.Fatalf("confirm: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body := app.get(t, "/profile")
		doc := parseHTML(t, body)
		if !hasToast(doc, "Verified badge removed", "Your listing Acme Tacos is no longer verified: its website is not at your new address's domain. Verify it again from its page.") {
			t.Errorf("toasts = %+v", toasts(doc))
		}
		for _, ts := range toasts(doc) {
			if strings.Contains(ts.Description, "Newco Tacos") || strings.Contains(ts.Description, "Harbor Tacos") {
				t.Errorf("a listing that kept its badge is named: %+v", ts)
			}
		}

		visitor := app.newClient()
		if badge, _ := listingBadge(t, visitor, old.Slug); badge != "" {
			t.Errorf("Acme Tacos still shows %q", badge)
		}
		if badge, _ := listingBadge(t, visitor, moved.Slug); badge != "Verified: domain" {
			t.Errorf("the listing at the new address's domain shows %q", badge)
		}
		if badge, _ := listingBadge(t, visitor, team.Slug); !strings.HasPrefix(badge, "Verified by our team on ") {
			t.Errorf("the team-verified listing shows %q", badge)
		}
		s := verificationSection(t, app, old.ID)
		if bs := badges(s); len(bs) != 1 || bs[0] != "Not verified" {
			t.Errorf("the manage page's badges = %v", bs)
		}
		if buttons(s, "Verify with my email domain").Length() != 0 || buttons(s, "Request verification by our team").Length() != 1 {
			t.Error("the owner is not offered to verify the listing again by our team")
		}
	}, withAdmin)
}

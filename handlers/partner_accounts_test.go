package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
)

// partnerForm is the partner sign-up's fields, signed in (no email or
// password) or not (with them: add signedOut).
func partnerForm() url.Values {
	return url.Values{"name": {"Cy Partner"}, "company": {"Cy Consulting"}, "website": {"https://cy.example.com"}, "kind": {"integration"},
		"plan": {"partner-plus"}, "message": {"We build booking software for salons."}, "terms": {"accept"}}
}

func signedOut(f url.Values, email string) url.Values {
	f.Set("email", email)
	f.Set("password", goodPassword)
	f.Set("confirm_password", goodPassword)
	return f
}

// approvedPartner makes an approved partner account with email, as an
// administrator would, without signing it in anywhere.
func approvedPartner(t *testing.T, app *testApp, email string) store.Partner {
	t.Helper()
	ctx := context.Background()
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: mustHash(t), Kind: store.KindPartner, Profile: store.Profile{FullName: "Pat"}})
	must(t, err)
	must(t, app.store.MarkEmailVerified(ctx, u.ID))
	d := app.h.domain.Partners
	must(t, d.Apply(ctx, u, domain.PartnerApplication{Name: "Pat", Company: "Pat Co", Kind: "referral", Plan: "partner", AcceptTerms: true}))
	must(t, d.Decide(ctx, store.User{ID: u.ID}, u.ID, domain.PartnerDecision{Approve: true}))
	p, err := d.Account(ctx, u.ID)
	must(t, err)
	return p
}

func TestPartnerSignupSignedOutMakesAPartnerAccount(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		res, body := app.get(t, "/partners/signup")
		doc := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || controls(doc, "Email").Length() != 1 || controls(doc, "Password").Length() != 1 {
			t.Fatalf("signed-out form: %d, without email or password", res.StatusCode)
		}
		if !hasLink(doc, "partner terms", "/partners/terms") || labelled(t, doc, "I accept the partner terms").AttrOr("type", "") != "checkbox" {
			t.Error("no terms checkbox linking the partner terms")
		}
		for _, label := range []string{"Partner (Free): 20% commission", "Partner+ (Revenue share): 25% commission"} {
			if labelled(t, doc, label).AttrOr("type", "") != "radio" {
				t.Errorf("no plan %q", label)
			}
		}

		// Sent without the terms and with a short password: 422, by the field, values kept.
		bad := signedOut(partnerForm(), "cy@example.com")
		bad.Del("terms")
		bad.Set("password", "abc")
		bad.Set("kind", "gold")
		res, body = app.post(t, "/partners/signup", bad)
		doc = parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("bad form: %d", res.StatusCode)
		}
		for label, want := range map[string]string{"I accept the partner terms": "Accept the partner terms to apply.", "Kind of partner": "Choose what kind of partner you are."} {
			if got := fieldError(labelled(t, doc, label)); got != want {
				t.Errorf("%s: %q, want %q", label, got, want)
			}
		}
		if fieldError(labelled(t, doc, "Password")) == "" || valueOf(labelled(t, doc, "Company")) != "Cy Consulting" || valueOf(labelled(t, doc, "Email")) != "cy@example.com" ||
			!checked(labelled(t, doc, "Partner+ (Revenue share): 25% commission")) {
			t.Error("the form lost what was typed, or has no password message")
		}
		if _, err := app.store.UserByEmail(ctx, "cy@example.com"); err == nil {
			t.Fatal("a bad form made an account")
		}

		res, _ = app.post(t, "/partners/signup", signedOut(partnerForm(), "cy@example.com"))
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login?next=%2Fpartners%2Fdashboard" {
			t.Fatalf("sign-up: %d → %s", res.StatusCode, res.Header.Get("Location"))
		}
		u, err := app.store.UserByEmail(ctx, "cy@example.com")
		if err != nil || u.Kind != store.KindPartner || u.Verified() {
			t.Fatalf("account = %+v, %v", u, err)
		}
		p, err := app.store.PartnerByUser(ctx, u.ID)
		if err != nil || p.State != store.PartnerPending || p.Plan != "partner-plus" || p.Kind != "integration" || p.Company != "Cy Consulting" || p.TermsAcceptedAt.IsZero() {
			t.Fatalf("partner = %+v, %v", p, err)
		}
		if m := app.inbox.waitForSubject(t, adminEmail, "Partner application"); m.Subject != "Partner application from Cy Consulting" || !strings.Contains(m.Text, "Partner+") {
			t.Errorf("administrators' notice: %q\n%s", m.Subject, m.Text)
		}
		link := app.inbox.link(t, "cy@example.com", "/verify-email?token=")
		app.get(t, strings.TrimPrefix(link, testSite.BaseURL))
		if res := app.signIn(t, "cy@example.com", goodPassword); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign in: %d", res.StatusCode)
		}
		// A partner asking again goes to their dashboard.
		if res, _ := app.get(t, "/partners/signup"); res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/partners/dashboard" {
			t.Errorf("a partner's sign-up page: %d → %s", res.StatusCode, res.Header.Get("Location"))
		}
	}, withAdmin)
}

func TestPartnerSignupSignedInMakesTheAccountAPartner(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := app.account(t, "ann@example.com", store.KindIndividual)
		_, body := app.get(t, "/partners/signup")
		doc := parseHTML(t, body)
		if controls(doc, "Email").Length() != 0 || controls(doc, "Password").Length() != 0 {
			t.Error("a signed-in visitor is asked an email or a password")
		}
		f := partnerForm()
		f.Set("company", "")
		res, body := app.post(t, "/partners/signup", f)
		if got := fieldError(labelled(t, parseHTML(t, body), "Company")); res.StatusCode != http.StatusUnprocessableEntity || got != "Enter your company's name." {
			t.Fatalf("no company: %d, %q", res.StatusCode, got)
		}
		res, _ = app.post(t, "/partners/signup", partnerForm())
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/partners/dashboard" {
			t.Fatalf("apply: %d → %s", res.StatusCode, res.Header.Get("Location"))
		}
		p, err := app.store.PartnerByUser(ctx, u.ID)
		if err != nil || p.State != store.PartnerPending {
			t.Fatalf("partner = %+v, %v", p, err)
		}
		if got, _ := app.store.UserByID(ctx, u.ID); got.Kind != store.KindIndividual {
			t.Errorf("the account's kind became %q", got.Kind)
		}
		if res, _ := app.post(t, "/partners/signup", partnerForm()); res.Header.Get("Location") != "/partners/dashboard" {
			t.Errorf("applying again: %d → %s", res.StatusCode, res.Header.Get("Location"))
		}
	})
}

func TestAdministratorsApproveAndDeclinePartners(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		applicant := app.newClient()
		u := applicant.account(t, "cy@agency.example", store.KindIndividual)
		applicant.post(t, "/partners/signup", partnerForm())
		admin := app.asAdmin(t)
		path := "/admin/partners/" + itoa(int(u.ID))

		_, body := admin.get(t, "/admin/partners")
		rows := tableRows(byTestID(parseHTML(t, body), "partners"))
		if len(rows) != 1 || rows[0][0] != "Cy Consulting Cy Partner" || rows[0][1] != "Pending" || rows[0][2] != "Partner+" || rows[0][4] != "cy@agency.example" {
			t.Fatalf("partners list = %q", rows)
		}

		_, body = admin.get(t, "/admin")
		if got := textOf(linksTo(parseHTML(t, body).Find("main .stat"), "/admin/partners")); got != "1 Partner applications waiting" {
			t.Errorf("overview card = %q", got)
		}
		res, body := admin.post(t, path+"/decline", url.Values{"reason": {" "}})
		if got := fieldError(labelled(t, parseHTML(t, body), "Reason for declining")); res.StatusCode != http.StatusUnprocessableEntity || got == "" {
			t.Fatalf("decline without a reason: %d, %q", res.StatusCode, got)
		}
		res, _ = admin.post(t, path+"/decline", url.Values{"reason": {"We need to see your clients first."}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("decline: %d", res.StatusCode)
		}
		if m := app.inbox.waitForSubject(t, "cy@agency.example", "declined"); !strings.Contains(m.Text, "We need to see your clients first.") {
			t.Errorf("decline email:\n%s", m.Text)
		}
		// Approved later, on the Partner plan.
		res, _ = admin.post(t, path+"/approve", url.Values{"plan": {"partner"}, "note": {"Welcome!"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("approve: %d", res.StatusCode)
		}
		p, _ := app.store.PartnerByUser(ctx, u.ID)
		if p.State != store.PartnerApproved || p.Plan != "partner" || !domain.ValidPartnerCode(p.Code) {
			t.Fatalf("approved partner = %+v", p)
		}
		m := app.inbox.waitForSubject(t, "cy@agency.example", "approved")
		if !strings.Contains(m.Text, testSite.BaseURL+"/r/"+p.Code) || !strings.Contains(m.Text, testSite.BaseURL+"/partners/dashboard") || !strings.Contains(m.Text, "20%") {
			t.Errorf("approval email:\n%s", m.Text)
		}
		_, body = admin.get(t, path)
		doc := parseHTML(t, body)
		if textOf(byTestID(doc, "partner-state")) != "Approved" || terms(doc)["Referral link"] != testSite.BaseURL+"/r/"+p.Code {
			t.Errorf("partner page: state %q, facts %q", textOf(byTestID(doc, "partner-state")), terms(doc))
		}
		if res, _ := applicant.get(t, path); res.StatusCode != http.StatusNotFound {
			t.Errorf("a partner reads the administration: %d", res.StatusCode)
		}
		if res, _ := applicant.post(t, path+"/approve", url.Values{"plan": {"partner-plus"}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("a partner approves themselves: %d", res.StatusCode)
		}
	}, withAdmin)
}

// bpRef is the referral cookie res sets, nil for none.
func bpRef(res *http.Response) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == domain.ReferralCookie {
			return c
		}
	}
	return nil
}

func TestReferralLinkSetsTheCookieAndCountsPeople(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		p := approvedPartner(t, app, "pat@example.com")
		visitor := app.newClient()
		before := time.Now().Unix()
		res, _ := visitor.browse(t, "/r/"+p.Code)
		c := bpRef(res)
		if res.StatusCode != http.StatusFound || res.Header.Get("Location") != "/" || c == nil {
			t.Fatalf("/r/{code}: %d → %s, cookie %v", res.StatusCode, res.Header.Get("Location"), c)
		}
		code, at, ok := domain.ParseReferralCookie(c.Value)
		if !ok || code != p.Code || at.Unix() < before || c.MaxAge != 90*24*3600 || c.Path != "/" || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Secure {
			t.Errorf("cookie = %+v", c)
		}
		// A bot or a prefetch: no click counted.
		visitor.get(t, "/r/"+p.Code)
		day := store.Day(time.Now())
		if n, _ := app.store.PartnerClicks(ctx, p.UserID, day); n != 1 {
			t.Errorf("clicks = %d, want 1 (the browser's)", n)
		}
		for to, want := range map[string]string{
			"/pricing?plan=growth": "/pricing?plan=growth", "//evil.example": "/", "/\\evil.example": "/", "https://evil.example": "/",
			"/%2F/evil.example": "/", "evil": "/",
		} {
			res, _ := visitor.get(t, "/r/"+p.Code+"?to="+url.QueryEscape(to))
			if got := res.Header.Get("Location"); got != want {
				t.Errorf("?to=%s → %q, want %q", to, got, want)
			}
		}
		// An unknown code, or one not approved: nothing changes.
		pending := app.newClient()
		for _, code := range []string{"abcd2345", "not-a-code", strings.ToUpper(p.Code) + "x"} {
			if res, _ := pending.browse(t, "/r/"+code); bpRef(res) != nil || res.Header.Get("Location") != "/" {
				t.Errorf("/r/%s set %v", code, bpRef(res))
			}
		}
		must(t, app.h.domain.Partners.Decide(ctx, store.User{}, p.UserID, domain.PartnerDecision{Reason: "Spam"}))
		if res, _ := pending.browse(t, "/r/"+p.Code); bpRef(res) != nil {
			t.Error("a declined partner's link sets the cookie")
		}
	})
}

func TestRefParameterOnAnyPage(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		p := approvedPartner(t, app, "pat@example.com")
		visitor := app.newClient()
		for path, want := range map[string]string{
			"/pricing?ref=" + p.Code:               "/pricing",
			"/directory?q=bakery&ref=" + p.Code:    "/directory?q=bakery",
			"/directory/in/tx?ref=" + p.Code:       "/directory/in/tx",
			"/partners?ref=" + p.Code + "&utm=a+b": "/partners?utm=a+b",
		} {
			res, _ := visitor.browse(t, path)
			if res.StatusCode != http.StatusFound || res.Header.Get("Location") != want || bpRef(res) == nil {
				t.Errorf("%s: %d → %q, cookie %v", path, res.StatusCode, res.Header.Get("Location"), bpRef(res))
			}
		}
		if n, _ := app.store.PartnerClicks(context.Background(), p.UserID, store.Day(time.Now())); n != 4 {
			t.Errorf("clicks = %d, want 4", n)
		}
		res, _ := visitor.browse(t, "/pricing?ref=zzzz2345")
		if res.Header.Get("Location") != "/pricing" || bpRef(res) != nil {
			t.Errorf("an unknown ref: → %q, cookie %v", res.Header.Get("Location"), bpRef(res))
		}
	})
}

func TestBusinessSignupAfterAPartnersLinkIsTheirReferral(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		pa := approvedPartner(t, app, "pa@example.com")
		pb := approvedPartner(t, app, "pb@example.com")
		visitor := app.newClient()
		visitor.browse(t, "/r/"+pa.Code)
		visitor.browse(t, "/pricing?ref="+pb.Code) // the last click wins
		if res, _ := visitor.post(t, "/business/signup", businessSignupForm("Blue Door Bakery", "maria@bluedoor.example")); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up: %d", res.StatusCode)
		}
		u, err := app.store.UserByEmail(ctx, "maria@bluedoor.example")
		must(t, err)
		r, err := app.store.ReferralOf(ctx, u.ID)
		if err != nil || r.PartnerID != pb.UserID || !r.ClickedAt.Valid {
			t.Fatalf("referral = %+v, %v", r, err)
		}

		// The partner signs in from this address: a sign-up from it today is not theirs.
		partner := app.newClient()
		if res := partner.signIn(t, "pb@example.com", goodPassword); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("partner sign-in: %d", res.StatusCode)
		}
		other := app.newClient()
		other.browse(t, "/r/"+pb.Code)
		other.post(t, "/business/signup", businessSignupForm("Green Door Cafe", "gus@greendoor.example"))
		u, err = app.store.UserByEmail(ctx, "gus@greendoor.example")
		must(t, err)
		if _, err := app.store.ReferralOf(ctx, u.ID); err == nil {
			t.Error("a sign-up from the partner's own address that day is their referral")
		}
		if !strings.Contains(app.logs.String(), `rule="partner's address that day"`) {
			t.Error("the refusal is not logged with its rule")
		}
	})
}

func mustHash(t *testing.T) string {
	t.Helper()
	h, err := domain.HashPassword(goodPassword)
	must(t, err)
	return h
}

func TestAdministratorsChangeAListingOwnersReferral(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		pa := approvedPartner(t, app, "pa@example.com")
		b := ownedListing(t, app, "owner@shop.example", "Blue Door Bakery")
		u, _ := app.store.UserByEmail(ctx, "owner@shop.example")
		must(t, app.store.MarkEmailVerified(ctx, u.ID))
		owner := app.newClient()
		owner.signIn(t, "owner@shop.example", goodPassword)
		admin := app.asAdmin(t)
		path := "/admin/businesses/" + itoa(int(b.ID))

		_, body := admin.get(t, path)
		if got := textOf(byTestID(parseHTML(t, body), "referred-by")); got != "Referred by no partner" {
			t.Errorf("referral = %q", got)
		}
		res, body := admin.post(t, path+"/referral", url.Values{"partner_id": {itoa(int(pa.UserID))}})
		if got := fieldError(labelled(t, parseHTML(t, body), "Reason")); res.StatusCode != http.StatusUnprocessableEntity || got == "" {
			t.Fatalf("no reason: %d, %q", res.StatusCode, got)
		}
		res, _ = admin.post(t, path+"/referral", url.Values{"partner_id": {itoa(int(pa.UserID))}, "reason": {"Met at the partner's event"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("change: %d", res.StatusCode)
		}
		_, body = admin.get(t, path)
		doc := parseHTML(t, body)
		if got := textOf(byTestID(doc, "referred-by")); got != "Referred by Pat Co (pa@example.com)" {
			t.Errorf("referral = %q", got)
		}
		if rows := tableRows(byTestID(doc, "referral-changes")); len(rows) != 1 || rows[0][2] != "None" || rows[0][3] != "pa@example.com" || rows[0][4] != adminEmail || rows[0][5] != "Met at the partner's event" {
			t.Errorf("changes = %q", rows)
		}
		// The partner's page lists the account, and removes it with a reason.
		ppath := "/admin/partners/" + itoa(int(pa.UserID))
		_, body = admin.get(t, ppath)
		if rows := tableRows(byTestID(parseHTML(t, body), "referred")); len(rows) != 1 || rows[0][0] != "owner@shop.example" || rows[0][1] != "Blue Door Bakery" {
			t.Errorf("referred = %q", rows)
		}
		res, _ = admin.post(t, ppath+"/referrals", url.Values{"user_id": {itoa(int(u.ID))}, "reason": {"Duplicate"}})
		if r, _ := app.store.ReferralOf(ctx, u.ID); res.StatusCode != http.StatusSeeOther || r.PartnerID != 0 {
			t.Errorf("remove: %d, referral %+v", res.StatusCode, r)
		}
		res, body = admin.post(t, ppath+"/referrals", url.Values{"email": {"nobody@example.com"}, "reason": {"x"}})
		if got := fieldError(labelled(t, parseHTML(t, body), "Account email")); res.StatusCode != http.StatusUnprocessableEntity || got != "No account has this email." {
			t.Errorf("unknown account: %d, %q", res.StatusCode, got)
		}
		res, _ = admin.post(t, ppath+"/referrals", url.Values{"email": {"owner@shop.example"}, "reason": {"Back to Pat"}})
		if r, _ := app.store.ReferralOf(ctx, u.ID); res.StatusCode != http.StatusSeeOther || r.PartnerID != pa.UserID {
			t.Errorf("attribute: %d, referral %+v", res.StatusCode, r)
		}
		// Nobody but an administrator changes it.
		if res, _ := owner.post(t, path+"/referral", url.Values{"partner_id": {"0"}, "reason": {"mine"}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("an owner changes their referral: %d", res.StatusCode)
		}
	}, withAdmin)
}

func TestAnIndividualBecomingABusinessAfterAPartnersLinkIsTheirReferral(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		p := approvedPartner(t, app, "pat@example.com")
		u := app.account(t, "ivy@ivy.example", store.KindIndividual)
		app.browse(t, "/r/"+p.Code)
		if res, _ := app.post(t, "/dashboard/business-account", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("become a business: %d", res.StatusCode)
		}
		if r, err := app.store.ReferralOf(context.Background(), u.ID); err != nil || r.PartnerID != p.UserID {
			t.Errorf("referral = %+v, %v", r, err)
		}
	})
}

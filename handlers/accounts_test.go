package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/ratelimit"
	"bizprofile/store"

	"github.com/PuerkitoBio/goquery"
)

func (a *testApp) sessionCookie() string {
	u, _ := url.Parse(a.URL)
	for _, c := range a.client.Jar.Cookies(u) {
		if c.Name == "bizprofile_session" {
			return c.Value
		}
	}
	return ""
}

func TestSignUpVerifySignInSignOut(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		res, _ := app.post(t, "/signup", url.Values{"full_name": {"Jane Doe"}, "email": {"Jane@Example.com"}, "password": {goodPassword}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login" {
			t.Fatalf("sign-up = %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body := app.get(t, "/login")
		page := parseHTML(t, body)
		if !hasToast(page, "Account created!", "Please check your email to verify your account.") {
			t.Errorf("after sign-up no 'Account created!' toast: %+v", toasts(page))
		}
		if !anyContains(notices(page, "status"), "We sent a verification link to jane@example.com.") {
			t.Errorf("after sign-up the page does not say where the link went: %q", notices(page, "status"))
		}
		if got := resendOffer(page); got != "jane@example.com" {
			t.Errorf("after sign-up 'Resend verification email' asks for %q", got)
		}
		m := app.inbox.waitFor(t, "jane@example.com")
		if m.HTML == "" || m.Text == "" {
			t.Error("verification email lacks an HTML or a text body")
		}
		link := m.link(t, "/verify-email?token=")

		// Signing in before verifying is refused, with a way to resend.
		res, body = app.post(t, "/login", url.Values{"email": {"jane@example.com"}, "password": {goodPassword}})
		page = parseHTML(t, body)
		if res.StatusCode != http.StatusForbidden || !anyContains(notices(page, "alert"), "Please verify your email address") || resendOffer(page) != "jane@example.com" {
			t.Fatalf("unverified sign-in: %d, alerts %q", res.StatusCode, notices(page, "alert"))
		}

		res, _ = app.get(t, strings.TrimPrefix(link, testSite.BaseURL))
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("verify = %d", res.StatusCode)
		}
		if res, _ := app.get(t, strings.TrimPrefix(link, testSite.BaseURL)); res.StatusCode != http.StatusBadRequest {
			t.Errorf("a used verification link answered %d, want 400", res.StatusCode)
		}

		before := app.sessionCookie()
		res = app.signIn(t, "JANE@example.com", goodPassword)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/dashboard" {
			t.Fatalf("sign-in = %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		after := app.sessionCookie()
		if after == "" || after == before {
			t.Error("the session token did not change at sign-in")
		}
		_, body = app.get(t, "/dashboard")
		page = parseHTML(t, body)
		if !hasToast(page, "Welcome back!", "You have been signed in successfully.") {
			t.Errorf("no 'Welcome back!' toast: %+v", toasts(page))
		}
		if headings(page, 1, "Welcome back, Jane Doe").Length() != 1 {
			t.Error("the dashboard does not greet Jane Doe by name")
		}
		if formOf(page.Find("main"), "Sign Out").AttrOr("action", "") != "/logout" {
			t.Error("the dashboard has no 'Sign Out' button")
		}
		if !strings.Contains(app.logs.String(), "outcome=ok") || strings.Contains(app.logs.String(), goodPassword) {
			t.Error("sign-in not logged, or the password was logged")
		}

		res, _ = app.post(t, "/logout", nil)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/" {
			t.Fatalf("sign-out = %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		if _, found, _ := app.store.Sessions().Find(after); found {
			t.Error("the signed-in session still exists on the server after sign-out")
		}
		if res, _ := app.get(t, "/dashboard"); res.StatusCode != http.StatusSeeOther {
			t.Error("still signed in after sign-out")
		}
	})
}

// resendOffer is the address that the page's 'Resend verification email'
// button asks a new link for ("" when there is no such button).
func resendOffer(page *goquery.Document) string {
	form := formOf(page.Find("main"), "Resend verification email")
	if form.AttrOr("action", "") != "/verify-email/resend" {
		return ""
	}
	return form.Find(`input[name="email"]`).AttrOr("value", "")
}

func TestWrongPasswordAndUnknownEmailLookTheSame(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.signUp(t, "Sam", "sam@example.com", goodPassword)
		app.get(t, "/") // shows (and so clears) the "Email verified!" toast
		resWrong, bodyWrong := app.post(t, "/login", url.Values{"email": {"sam@example.com"}, "password": {"not-the-password"}})
		resUnknown, bodyUnknown := app.post(t, "/login", url.Values{"email": {"nobody@example.com"}, "password": {"not-the-password"}})
		if resWrong.StatusCode != resUnknown.StatusCode || resWrong.StatusCode != http.StatusUnauthorized {
			t.Fatalf("statuses %d and %d, want both 401", resWrong.StatusCode, resUnknown.StatusCode)
		}
		normal := func(s, email string) string { return strings.ReplaceAll(s, email, "EMAIL") }
		if normal(bodyWrong, "sam@example.com") != normal(bodyUnknown, "nobody@example.com") {
			t.Error("the pages for a wrong password and an unknown email differ")
		}
		page := parseHTML(t, bodyWrong)
		if !anyContains(notices(page, "alert"), invalidCredentials) || valueOf(labelled(t, page, "Email")) != "sam@example.com" {
			t.Error("failure does not say 'Invalid login credentials' or loses the email")
		}
		if strings.Contains(bodyWrong, "not-the-password") {
			t.Error("the password was sent back")
		}
	})
}

func TestSignUpValidation(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	cases := []struct {
		form  url.Values
		label string
		want  string
	}{
		{url.Values{"email": {"a@example.com"}, "password": {goodPassword}}, "Full name", "Enter your full name."},
		{url.Values{"full_name": {"A"}, "email": {"not-an-email"}, "password": {goodPassword}}, "Email", "Enter a valid email address"},
		{url.Values{"full_name": {"A"}, "email": {"a@example.com"}, "password": {"abc"}}, "Password", "Use at least 6 characters."},
		{url.Values{"full_name": {"A"}, "email": {"a@example.com"}, "password": {"password1"}}, "Password", "most common"},
		{url.Values{"full_name": {"A"}, "email": {"a@example.com"}, "password": {strings.Repeat("x", 129)}}, "Password", "at most 128"},
	}
	for _, tc := range cases {
		res, body := app.post(t, "/signup", tc.form)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", tc.label, res.StatusCode)
		}
		page := parseHTML(t, body)
		if msg := fieldError(labelled(t, page, tc.label)); !strings.Contains(msg, tc.want) {
			t.Errorf("%s: the field says %q, want %q beside it", tc.label, msg, tc.want)
		}
		if v := tc.form.Get("email"); v != "" && valueOf(labelled(t, page, "Email")) != v {
			t.Errorf("%s: the email typed was lost", tc.label)
		}
		if p := tc.form.Get("password"); p != "" && strings.Contains(body, p) {
			t.Errorf("%s: the password was sent back", tc.label)
		}
	}
	// 128 characters are accepted.
	res, _ := app.post(t, "/signup", url.Values{"full_name": {"Long"}, "email": {"long@example.com"}, "password": {strings.Repeat("harbor lights over the bay, ", 5)[:128]}})
	if res.StatusCode != http.StatusSeeOther {
		t.Errorf("a 128-character password was refused: %d", res.StatusCode)
	}
}

func TestBusinessSignup(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		form := url.Values{
			"business_name": {"Blue Door Bakery"}, "owner_name": {"Maria Lopez"}, "email": {"maria@bluedoor.example"},
			"phone": {"(512) 555-0147"}, "category": {"food"}, "location": {"Austin, TX"}, "website": {"https://bluedoor.example"},
			"description": {"Sourdough and pastries baked every morning."}, "password": {goodPassword}, "confirm_password": {"different-pass-1"},
		}
		res, body := app.post(t, "/business/signup", form)
		page := parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(labelled(t, page, "Confirm password")), "The passwords do not match.") {
			t.Fatalf("mismatched confirmation: %d", res.StatusCode)
		}
		for label, want := range map[string]string{
			"Business name": "Blue Door Bakery", "Owner/manager name": "Maria Lopez", "Business email": "maria@bluedoor.example",
			"Phone": "(512) 555-0147", "Location": "Austin, TX", "Website": "https://bluedoor.example",
			"Business description": "Sourdough and pastries baked every morning.", "Business category": "food",
		} {
			if got := valueOf(labelled(t, page, label)); got != want {
				t.Errorf("%s holds %q after a validation error, want %q", label, got, want)
			}
		}
		if strings.Contains(body, goodPassword) {
			t.Error("password sent back")
		}

		bad := url.Values{"business_name": {""}, "category": {"weapons"}, "website": {"bluedoor"}, "phone": {"call me"}}
		_, body = app.post(t, "/business/signup", bad)
		page = parseHTML(t, body)
		for label, want := range map[string]string{
			"Business name": "Enter your business name.", "Business category": "Choose a business category.", "Website": "Enter a full web address",
			"Phone": "Enter a phone number", "Owner/manager name": "Enter the owner", "Business description": "Describe your business",
			"Location": "Enter where the business is",
		} {
			if msg := fieldError(labelled(t, page, label)); !strings.Contains(msg, want) {
				t.Errorf("%s says %q, want %q", label, msg, want)
			}
		}

		form.Set("confirm_password", goodPassword)
		res, _ = app.post(t, "/business/signup", form)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("valid business sign-up: %d", res.StatusCode)
		}
		u, err := app.store.UserByEmail(context.Background(), "maria@bluedoor.example")
		if err != nil || u.Kind != store.KindBusiness {
			t.Fatalf("user %+v %v", u, err)
		}
		// The listing is made when the address is verified (publication_test.go).
		link := app.inbox.link(t, "maria@bluedoor.example", "/verify-email?token=")
		app.get(t, strings.TrimPrefix(link, testSite.BaseURL))
		bs, _ := app.store.BusinessesOwnedBy(context.Background(), u.ID)
		if len(bs) != 1 || bs[0].Name != "Blue Door Bakery" || bs[0].Verified || bs[0].City != "Austin" || bs[0].State != "TX" || bs[0].Category != "food" {
			t.Fatalf("listing %+v", bs)
		}
		app.signIn(t, "maria@bluedoor.example", goodPassword)
		_, body = app.get(t, "/dashboard")
		page = parseHTML(t, body)
		if headings(page, 1, "Welcome back, Maria Lopez").Length() != 1 {
			t.Error("the dashboard does not greet Maria Lopez")
		}
		if b := badges(dashboardListing(t, page, "Blue Door Bakery")); !slices.Contains(b, "Not verified") {
			t.Errorf("Blue Door Bakery's badges are %q, want 'Not verified' among them", b)
		}
		if !hasLink(page, "Add Another Business", "/business/create-profile") {
			t.Error("the dashboard has no 'Add Another Business' link")
		}
	})
}

func TestIndividualSignup(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		form := url.Values{
			"first_name": {"Ada"}, "last_name": {"Park"}, "email": {"ada@example.com"}, "location": {""},
			"interests": {"fintech, retail"}, "bio": {"Consultant for small shops."},
			"password": {goodPassword}, "confirm_password": {goodPassword},
		}
		res, body := app.post(t, "/individual/signup", form)
		page := parseHTML(t, body)
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(labelled(t, page, "Location")), "Enter where you are") {
			t.Fatalf("no location: %d", res.StatusCode)
		}
		if valueOf(labelled(t, page, "Interests & industries")) != "fintech, retail" || valueOf(labelled(t, page, "Bio")) != "Consultant for small shops." {
			t.Error("values lost")
		}
		form.Set("location", "Denver, CO")
		if res, _ := app.post(t, "/individual/signup", form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("valid: %d", res.StatusCode)
		}
		u, _ := app.store.UserByEmail(context.Background(), "ada@example.com")
		p, _ := app.store.ProfileOf(context.Background(), u.ID)
		if u.Kind != store.KindIndividual || p.FullName != "Ada Park" || p.Location != "Denver, CO" || p.Interests != "fintech, retail" {
			t.Fatalf("profile %+v", p)
		}
	})
}

func TestSignUpWithARegisteredEmailRevealsNothing(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	app.signUp(t, "First", "taken@example.com", goodPassword)
	res, _ := app.post(t, "/signup", url.Values{"full_name": {"Second"}, "email": {"TAKEN@example.com"}, "password": {goodPassword}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login" {
		t.Fatalf("second sign-up = %d, want the same answer as a new one", res.StatusCode)
	}
	// The notice is queued like every email: wait for the second one.
	waitUntil(t, "the notice to the owner of the address", func() bool { return app.inbox.count(t, "taken@example.com") == 2 })
	if m := app.inbox.waitFor(t, "taken@example.com"); strings.Contains(m.Text, "/verify-email") {
		t.Error("the existing account's owner got a verification link instead of a notice")
	}
}

func TestForgotAndResetPassword(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.signUp(t, "Rae", "rae@example.com", goodPassword)
		other := app.newClient()
		other.signIn(t, "rae@example.com", goodPassword)
		if res, _ := other.get(t, "/dashboard"); res.StatusCode != http.StatusOK {
			t.Fatal("second device not signed in")
		}

		res, body := app.post(t, "/password/forgot", url.Values{"email": {""}})
		if res.StatusCode != http.StatusUnprocessableEntity || !hasToast(parseHTML(t, body), "Email required", "Please enter your email address first.") {
			t.Fatalf("forgot without email: %d", res.StatusCode)
		}
		resKnown, bodyKnown := app.post(t, "/password/forgot", url.Values{"email": {"rae@example.com"}})
		resUnknown, bodyUnknown := app.post(t, "/password/forgot", url.Values{"email": {"ghost@example.com"}})
		if resKnown.StatusCode != 200 || resUnknown.StatusCode != 200 {
			t.Fatalf("statuses %d %d", resKnown.StatusCode, resUnknown.StatusCode)
		}
		for _, b := range []string{bodyKnown, bodyUnknown} {
			if !hasToast(parseHTML(t, b), "Password reset sent!", "Check your email for password reset instructions.") {
				t.Error("reset answer lacks the spec's toast")
			}
		}
		if strings.ReplaceAll(bodyKnown, "rae@example.com", "E") != strings.ReplaceAll(bodyUnknown, "ghost@example.com", "E") {
			t.Error("the answer differs for a known and an unknown address")
		}
		link := strings.TrimPrefix(app.inbox.link(t, "rae@example.com", "/reset-password?token="), testSite.BaseURL)
		if app.inbox.count(t, "ghost@example.com") != 0 {
			t.Error("mail sent to an unknown address")
		}

		res, body = app.get(t, link)
		if res.StatusCode != 200 || headings(parseHTML(t, body), 1, "Set a new password").Length() != 1 {
			t.Fatalf("reset page: %d", res.StatusCode)
		}
		token := strings.SplitN(link, "token=", 2)[1]
		res, body = app.post(t, "/reset-password", url.Values{"token": {token}, "password": {"new-pass-77x"}, "confirm_password": {"other-pass-77x"}})
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(labelled(t, parseHTML(t, body), "Confirm new password")), "The passwords do not match.") {
			t.Fatalf("mismatch: %d", res.StatusCode)
		}
		res, _ = app.post(t, "/reset-password", url.Values{"token": {token}, "password": {"new-pass-77x"}, "confirm_password": {"new-pass-77x"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("reset: %d", res.StatusCode)
		}
		if res, _ := other.get(t, "/dashboard"); res.StatusCode != http.StatusSeeOther {
			t.Error("the other device is still signed in after a reset")
		}
		if res, _ := app.get(t, link); res.StatusCode != http.StatusBadRequest {
			t.Error("a used reset link still shows the form")
		}
		if res, _ := app.post(t, "/reset-password", url.Values{"token": {token}, "password": {"again-pass-88y"}, "confirm_password": {"again-pass-88y"}}); res.StatusCode != http.StatusBadRequest {
			t.Error("a used reset link was accepted twice")
		}
		if res := app.signIn(t, "rae@example.com", goodPassword); res.StatusCode != http.StatusUnauthorized {
			t.Error("the old password still works")
		}
		if res := app.signIn(t, "rae@example.com", "new-pass-77x"); res.StatusCode != http.StatusSeeOther {
			t.Error("the new password does not work")
		}
	})
}

func TestExpiredResetLinkIsRefused(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	app.signUp(t, "Old", "old@example.com", goodPassword)
	u, _ := app.store.UserByEmail(context.Background(), "old@example.com")
	must(t, app.store.CreateToken(context.Background(), store.Token{Hash: store.Digest("expired"), UserID: u.ID, Purpose: store.TokenReset, Email: u.Email, ExpiresAt: time.Now().Add(-time.Minute)}))
	if res, body := app.get(t, "/reset-password?token=expired"); res.StatusCode != http.StatusBadRequest || !anyContains(notices(parseHTML(t, body), "alert"), "expired") {
		t.Fatalf("expired link: %d", res.StatusCode)
	}
}

func TestNextIsOnlyFollowedWithinTheSite(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	app.signUp(t, "Nia", "nia@example.com", goodPassword)
	res, _ := app.get(t, "/profile")
	if loc := res.Header.Get("Location"); loc != "/login?next=%2Fprofile" {
		t.Fatalf("signed-out /profile goes to %q", loc)
	}
	if _, body := app.get(t, "/login?next=%2Fprofile"); formOf(parseHTML(t, body), "Sign In").Find(`input[name="next"]`).AttrOr("value", "") != "/profile" {
		t.Fatal("the login form does not carry next")
	}
	res, _ = app.post(t, "/login", url.Values{"email": {"nia@example.com"}, "password": {goodPassword}, "next": {"/profile"}})
	if loc := res.Header.Get("Location"); loc != "/profile" {
		t.Errorf("next=/profile led to %q", loc)
	}
	for _, evil := range []string{"https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"} {
		c := app.newClient()
		res, _ := c.post(t, "/login", url.Values{"email": {"nia@example.com"}, "password": {goodPassword}, "next": {evil}})
		if loc := res.Header.Get("Location"); loc != "/dashboard" {
			t.Errorf("next=%s led to %q, want /dashboard", evil, loc)
		}
	}
}

func TestRateLimits(t *testing.T) {
	limits := func(d *testDeps) {
		d.RateLimits = ratelimit.Limits{
			SignInPerEmailAndIP: ratelimit.Rate{Limit: 3, Window: time.Hour},
			SignUpPerIP:         ratelimit.Rate{Limit: 2, Window: time.Hour},
			ResetPerIP:          ratelimit.Rate{Limit: 2, Window: time.Hour},
			ResendPerIP:         ratelimit.Rate{Limit: 1, Window: time.Hour},
		}
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		for i := range 3 {
			if res := app.signIn(t, "victim@example.com", "guess-"+itoa(i)); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("attempt %d: %d", i, res.StatusCode)
			}
		}
		res, body := app.post(t, "/login", url.Values{"email": {"VICTIM@example.com"}, "password": {"guess"}})
		if res.StatusCode != http.StatusTooManyRequests || !anyContains(notices(parseHTML(t, body), "alert"), "Too many attempts") || res.Header.Get("Retry-After") == "" {
			t.Fatalf("4th sign-in for one email: %d", res.StatusCode)
		}
		if !strings.Contains(app.logs.String(), "outcome=rate_limited") {
			t.Error("rate-limited attempt not logged")
		}

		for i := range 2 {
			app.post(t, "/signup", url.Values{"full_name": {"S"}, "email": {"s" + itoa(i) + "@example.com"}, "password": {goodPassword}})
		}
		if res, _ := app.post(t, "/signup", url.Values{"full_name": {"S"}, "email": {"s9@example.com"}, "password": {goodPassword}}); res.StatusCode != http.StatusTooManyRequests {
			t.Errorf("3rd sign-up from one IP: %d", res.StatusCode)
		}
		for range 2 {
			app.post(t, "/password/forgot", url.Values{"email": {"x@example.com"}})
		}
		if res, _ := app.post(t, "/password/forgot", url.Values{"email": {"x@example.com"}}); res.StatusCode != http.StatusTooManyRequests {
			t.Errorf("3rd reset from one IP: %d", res.StatusCode)
		}
		app.post(t, "/verify-email/resend", url.Values{"email": {"x@example.com"}})
		if res, _ := app.post(t, "/verify-email/resend", url.Values{"email": {"x@example.com"}}); res.StatusCode != http.StatusTooManyRequests {
			t.Errorf("2nd resend from one IP: %d", res.StatusCode)
		}
	}, limits)
}

func TestDashboardFigures(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		// A business account: the sign-up makes an individual's, whose
		// dashboard is their home (individual_home_test.go).
		u := app.account(t, "owner@example.com", store.KindBusiness)

		_, body := app.get(t, "/dashboard")
		page := parseHTML(t, body)
		if !strings.Contains(textOf(region(page, "Your Businesses")), "You haven't created any business listings yet.") {
			t.Error("an empty dashboard does not say there is no listing yet")
		}
		if !strings.Contains(textOf(region(page, "Recent Leads")), "No leads yet") {
			t.Error("an empty dashboard does not say there is no lead yet")
		}
		for name, href := range map[string]string{
			"Create Business Profile": "/business/create-profile", "Your Account": "/profile", "Upgrade Plan": "/pricing",
			"Browse Directory": "/directory", "View Analytics": "/dashboard/analytics", "Saved Businesses": "/dashboard/saved",
		} {
			if !hasLink(page.Find("main"), name, href) {
				t.Errorf("empty dashboard has no %q link to %s", name, href)
			}
		}

		owner := sql.NullInt64{Int64: u.ID, Valid: true}
		a, _ := app.store.CreateBusiness(ctx, store.Business{Name: "Alpha", OwnerID: owner, Verified: true, Claimed: true})
		app.store.CreateBusiness(ctx, store.Business{Name: "Beta", OwnerID: owner, Verified: true})
		app.store.CreateBusiness(ctx, store.Business{Name: "Gamma", OwnerID: owner})
		app.store.CreateBusiness(ctx, store.Business{Name: "Someone Else's"})
		now := time.Now().UTC()
		thisMonth := time.Date(now.Year(), now.Month(), 1, 12, 0, 0, 0, time.UTC)
		for _, at := range []time.Time{thisMonth, thisMonth, thisMonth, thisMonth.AddDate(0, -1, 0)} {
			app.store.CreateLead(ctx, store.Lead{BusinessID: a.ID, Name: "Lead Person", Email: "lead@example.com", Message: "Do you cater weddings?", CreatedAt: at})
		}
		_, body = app.get(t, "/dashboard")
		page = parseHTML(t, body)
		for _, name := range []string{"Alpha", "Beta", "Gamma"} {
			dashboardListing(t, page, name)
		}
		if !hasLink(page, "Add Another Business", "/business/create-profile") {
			t.Error("no 'Add Another Business' link")
		}
		stats := terms(page.Find("main"))
		for term, want := range map[string]string{
			"Total Businesses": "3",
			"Verified":         "67%",  // 2 of 3, rounded
			"Claimed":          "100%", // owned listings are claimed, whether claimed or created (issue 40)
			"Leads Generated":  "4",
		} {
			if stats[term] != want {
				t.Errorf("%s shows %q, want %q", term, stats[term], want)
			}
		}
		if card := textOf(termGroup(page, "Leads Generated")); !strings.Contains(card, "+2 from last month") {
			t.Errorf("the leads card reads %q, want '+2 from last month'", card)
		}
		if !strings.Contains(textOf(region(page, "Recent Leads")), "Do you cater weddings?") {
			t.Error("the lead's message is not under Recent Leads")
		}
		if strings.Contains(body, "Someone Else") {
			t.Error("the dashboard lists another owner's business")
		}
	})
}

func TestCompleteProfileAlert(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	ctx := context.Background()
	hash, _ := domain.HashPassword(goodPassword)
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: "noname@example.com", PasswordHash: hash, Kind: store.KindBusiness})
	must(t, err)
	must(t, app.store.MarkEmailVerified(ctx, u.ID))
	app.signIn(t, "noname@example.com", goodPassword)
	_, body := app.get(t, "/dashboard")
	page := parseHTML(t, body)
	if headings(page, 1, "Welcome back, noname@example.com").Length() != 1 || !anyContains(notices(page, "note"), "Complete your profile") {
		t.Fatal("without a name the dashboard should greet by email and ask to complete the profile")
	}
	if !hasLink(page.Find(`main [role="note"]`), "Complete your profile", "/profile") {
		t.Error("the alert does not lead to the profile")
	}
	res, _ := app.post(t, "/profile", url.Values{"full_name": {"Named Now"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save profile: %d", res.StatusCode)
	}
	_, body = app.get(t, "/dashboard")
	page = parseHTML(t, body)
	if anyContains(notices(page, "note"), "Complete your profile") || headings(page, 1, "Welcome back, Named Now").Length() != 1 {
		t.Error("the alert stays after the name was saved")
	}
}

func TestChangePasswordAndEmail(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.signUp(t, "Cy", "cy@example.com", goodPassword)
		app.signIn(t, "cy@example.com", goodPassword)
		other := app.newClient()
		other.signIn(t, "cy@example.com", goodPassword)

		res, body := app.post(t, "/profile/password", url.Values{"current_password": {"wrong"}, "password": {"next-pass-99z"}, "confirm_password": {"next-pass-99z"}})
		passwordForm := formOf(parseHTML(t, body), "Change password")
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(fieldError(labelled(t, passwordForm, "Current password")), "That is not your current password.") {
			t.Fatalf("wrong current password: %d", res.StatusCode)
		}
		before := app.sessionCookie()
		res, _ = app.post(t, "/profile/password", url.Values{"current_password": {goodPassword}, "password": {"next-pass-99z"}, "confirm_password": {"next-pass-99z"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("change password: %d", res.StatusCode)
		}
		if app.sessionCookie() == before {
			t.Error("session token not renewed at password change")
		}
		if res, _ := app.get(t, "/profile"); res.StatusCode != http.StatusOK {
			t.Error("this device was signed out by its own password change")
		}
		if res, _ := other.get(t, "/profile"); res.StatusCode != http.StatusSeeOther {
			t.Error("the other device is still signed in")
		}

		res, body = app.post(t, "/profile/email", url.Values{"new_email": {"cy.new@example.com"}, "current_password": {"nope"}})
		if res.StatusCode != http.StatusUnprocessableEntity || valueOf(labelled(t, parseHTML(t, body), "New email address")) != "cy.new@example.com" {
			t.Fatalf("email change with a wrong password: %d", res.StatusCode)
		}
		res, _ = app.post(t, "/profile/email", url.Values{"new_email": {"cy.new@example.com"}, "current_password": {"next-pass-99z"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("email change: %d", res.StatusCode)
		}
		link := app.inbox.link(t, "cy.new@example.com", "/profile/confirm-email?token=")
		app.get(t, strings.TrimPrefix(link, testSite.BaseURL))
		if _, err := app.store.UserByEmail(context.Background(), "cy.new@example.com"); err != nil {
			t.Fatalf("email not changed: %v", err)
		}
		if res := app.newClient().signIn(t, "cy.new@example.com", "next-pass-99z"); res.StatusCode != http.StatusSeeOther {
			t.Error("cannot sign in with the new address")
		}
	})
}

// A mail outage delays the verification email but never loses it: the
// account is kept, the visitor is told to check their email, and the
// queue delivers the link once the mail server is back.
func TestMailOutageDelaysTheVerificationEmail(t *testing.T) {
	var outage mailOutage
	app := newTestApp(t, store.SQLite, withMailOutage(&outage))
	res, _ := app.post(t, "/signup", url.Values{"full_name": {"Lia"}, "email": {"lia@example.com"}, "password": {goodPassword}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-up with mail down: %d", res.StatusCode)
	}
	_, body := app.get(t, "/login")
	page := parseHTML(t, body)
	told := false
	for _, ts := range toasts(page) {
		told = told || ts.Title == "Account created!" && ts.Description == "Please check your email to verify your account."
	}
	if !told || resendOffer(page) != "lia@example.com" {
		t.Errorf("the visitor is not told to check their email, or cannot ask again: %+v", toasts(page))
	}
	if _, err := app.store.UserByEmail(context.Background(), "lia@example.com"); err != nil {
		t.Error("the account was lost because mail failed")
	}
	waitUntil(t, "a failed attempt logged", func() bool { return strings.Contains(app.logs.String(), "job failed; will retry") })
	queued, _, _ := app.store.Jobs(context.Background(), store.JobQueued, store.Page{Limit: 10})
	if len(queued) != 1 || !queued[0].LastError.Valid {
		t.Fatalf("the email is not waiting in the queue with its error: %+v", queued)
	}

	in := outage.restore(t)
	link := in.link(t, "lia@example.com", "/verify-email?token=")
	res, _ = app.get(t, strings.TrimPrefix(link, testSite.BaseURL))
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the late link does not verify: %d", res.StatusCode)
	}
	if in.count(t, "lia@example.com") != 1 {
		t.Errorf("sent %d times, want once", in.count(t, "lia@example.com"))
	}
}

func TestSignedOutPostReturnsToItsPageAfterSignIn(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	req, _ := http.NewRequest(http.MethodPost, app.URL+"/business/create-profile", strings.NewReader("name=x"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Referer", app.URL+"/business/create-profile?step=2")
	res, _ := app.do(t, req)
	if loc := res.Header.Get("Location"); loc != "/login?next=%2Fbusiness%2Fcreate-profile%3Fstep%3D2" {
		t.Errorf("signed-out POST sent to %q", loc)
	}
	req, _ = http.NewRequest(http.MethodPost, app.URL+"/profile", strings.NewReader("x=1"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("Referer", "https://evil.example/phish")
	res, _ = app.do(t, req)
	if loc := res.Header.Get("Location"); loc != "/login?next=%2Fdashboard" {
		t.Errorf("a foreign Referer was followed: %q", loc)
	}
}

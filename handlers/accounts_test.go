package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bizprofile/store"
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
		for _, want := range []string{"Account created!", "Please check your email to verify your account.", "jane@example.com", "Resend verification email"} {
			if !strings.Contains(body, want) {
				t.Errorf("after sign-up the page lacks %q", want)
			}
		}
		m := app.inbox.waitFor(t, "jane@example.com")
		if m.HTML == "" || m.Text == "" {
			t.Error("verification email lacks an HTML or a text body")
		}
		link := m.link(t, "/verify-email?token=")

		// Signing in before verifying is refused, with a way to resend.
		res, body = app.post(t, "/login", url.Values{"email": {"jane@example.com"}, "password": {goodPassword}})
		if res.StatusCode != http.StatusForbidden || !strings.Contains(body, "Please verify your email address") || !strings.Contains(body, `action="/verify-email/resend"`) {
			t.Fatalf("unverified sign-in: %d", res.StatusCode)
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
		for _, want := range []string{"Welcome back!", "You have been signed in successfully.", "Welcome back, Jane Doe", "Sign Out"} {
			if !strings.Contains(body, want) {
				t.Errorf("dashboard lacks %q", want)
			}
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
		if !strings.Contains(bodyWrong, invalidCredentials) || !strings.Contains(bodyWrong, `value="sam@example.com"`) {
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
		field string
		want  string
	}{
		{url.Values{"email": {"a@example.com"}, "password": {goodPassword}}, "full_name", "Enter your full name."},
		{url.Values{"full_name": {"A"}, "email": {"not-an-email"}, "password": {goodPassword}}, "email", "Enter a valid email address"},
		{url.Values{"full_name": {"A"}, "email": {"a@example.com"}, "password": {"abc"}}, "password", "Use at least 6 characters."},
		{url.Values{"full_name": {"A"}, "email": {"a@example.com"}, "password": {"password1"}}, "password", "most common"},
		{url.Values{"full_name": {"A"}, "email": {"a@example.com"}, "password": {strings.Repeat("x", 129)}}, "password", "at most 128"},
	}
	for _, tc := range cases {
		res, body := app.post(t, "/signup", tc.form)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422", tc.field, res.StatusCode)
		}
		if !strings.Contains(body, `id="f-`+tc.field+`-error"`) || !strings.Contains(body, tc.want) {
			t.Errorf("%s: no message %q beside the field", tc.field, tc.want)
		}
		if v := tc.form.Get("email"); v != "" && !strings.Contains(body, `value="`+v+`"`) {
			t.Errorf("%s: the email typed was lost", tc.field)
		}
		if p := tc.form.Get("password"); p != "" && strings.Contains(body, p) {
			t.Errorf("%s: the password was sent back", tc.field)
		}
	}
	// 128 characters are accepted.
	res, _ := app.post(t, "/signup", url.Values{"full_name": {"Long"}, "email": {"long@example.com"}, "password": {strings.Repeat("xy", 64)}})
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
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "The passwords do not match.") {
			t.Fatalf("mismatched confirmation: %d", res.StatusCode)
		}
		for _, v := range []string{"Blue Door Bakery", "Maria Lopez", "maria@bluedoor.example", "(512) 555-0147", "Austin, TX", "https://bluedoor.example", "Sourdough and pastries baked every morning.", `value="food" selected`} {
			if !strings.Contains(body, v) {
				t.Errorf("value %q lost after a validation error", v)
			}
		}
		if strings.Contains(body, goodPassword) {
			t.Error("password sent back")
		}

		bad := url.Values{"business_name": {""}, "category": {"weapons"}, "website": {"bluedoor"}, "phone": {"call me"}}
		_, body = app.post(t, "/business/signup", bad)
		for _, want := range []string{"Enter your business name.", "Choose a business category.", "Enter a full web address", "Enter a phone number", "Enter the owner", "Describe your business", "Enter where the business is"} {
			if !strings.Contains(body, want) {
				t.Errorf("no message %q", want)
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
		bs, _ := app.store.BusinessesOwnedBy(context.Background(), u.ID)
		if len(bs) != 1 || bs[0].Name != "Blue Door Bakery" || bs[0].Verified || bs[0].City != "Austin" || bs[0].State != "TX" || bs[0].Category != "food" {
			t.Fatalf("listing %+v", bs)
		}
		link := app.inbox.link(t, "maria@bluedoor.example", "/verify-email?token=")
		app.get(t, strings.TrimPrefix(link, testSite.BaseURL))
		app.signIn(t, "maria@bluedoor.example", goodPassword)
		_, body = app.get(t, "/dashboard")
		for _, want := range []string{"Welcome back, Maria Lopez", "Blue Door Bakery", "Not verified", "Add Another Business"} {
			if !strings.Contains(body, want) {
				t.Errorf("dashboard lacks %q", want)
			}
		}
	})
}

func TestIndividualSignup(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		form := url.Values{
			"first_name": {"Ada"}, "last_name": {"Park"}, "email": {"ada@example.com"}, "location": {"Denver, CO"},
			"profession": {"astronaut"}, "interests": {"fintech, retail"}, "bio": {"Consultant for small shops."},
			"password": {goodPassword}, "confirm_password": {goodPassword},
		}
		res, body := app.post(t, "/individual/signup", form)
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "Choose your profession.") {
			t.Fatalf("bad profession: %d", res.StatusCode)
		}
		if !strings.Contains(body, "fintech, retail") || !strings.Contains(body, "Consultant for small shops.") {
			t.Error("values lost")
		}
		form.Set("profession", "consultant")
		if res, _ := app.post(t, "/individual/signup", form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("valid: %d", res.StatusCode)
		}
		u, _ := app.store.UserByEmail(context.Background(), "ada@example.com")
		p, _ := app.store.ProfileOf(context.Background(), u.ID)
		if u.Kind != store.KindIndividual || p.FullName != "Ada Park" || p.Profession != "consultant" || p.Location != "Denver, CO" || p.Interests != "fintech, retail" {
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
	m := app.inbox.waitFor(t, "taken@example.com")
	if strings.Contains(m.Text, "/verify-email") {
		t.Error("the existing account's owner got a verification link instead of a notice")
	}
	if app.inbox.count(t, "taken@example.com") != 2 {
		t.Error("the owner of the address was not told about the attempt")
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
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "Email required") || !strings.Contains(body, "Please enter your email address first.") {
			t.Fatalf("forgot without email: %d", res.StatusCode)
		}
		resKnown, bodyKnown := app.post(t, "/password/forgot", url.Values{"email": {"rae@example.com"}})
		resUnknown, bodyUnknown := app.post(t, "/password/forgot", url.Values{"email": {"ghost@example.com"}})
		if resKnown.StatusCode != 200 || resUnknown.StatusCode != 200 {
			t.Fatalf("statuses %d %d", resKnown.StatusCode, resUnknown.StatusCode)
		}
		for _, b := range []string{bodyKnown, bodyUnknown} {
			if !strings.Contains(b, "Password reset sent!") || !strings.Contains(b, "Check your email for password reset instructions.") {
				t.Error("reset answer lacks the spec's message")
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
		if res.StatusCode != 200 || !strings.Contains(body, "Set a new password") {
			t.Fatalf("reset page: %d", res.StatusCode)
		}
		token := strings.SplitN(link, "token=", 2)[1]
		res, body = app.post(t, "/reset-password", url.Values{"token": {token}, "password": {"new-pass-77x"}, "confirm_password": {"other-pass-77x"}})
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "The passwords do not match.") {
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
	must(t, app.store.CreateToken(context.Background(), store.Token{Hash: hashToken("expired"), UserID: u.ID, Purpose: store.TokenReset, Email: u.Email, ExpiresAt: time.Now().Add(-time.Minute)}))
	if res, body := app.get(t, "/reset-password?token=expired"); res.StatusCode != http.StatusBadRequest || !strings.Contains(body, "expired") {
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
	if _, body := app.get(t, "/login?next=%2Fprofile"); !strings.Contains(body, `name="next" value="/profile"`) {
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
	limits := func(d *Deps) {
		d.RateLimits = RateLimits{
			SignInPerEmail: RateLimit{3, time.Hour},
			SignUpPerIP:    RateLimit{2, time.Hour},
			ResetPerIP:     RateLimit{2, time.Hour},
			ResendPerIP:    RateLimit{1, time.Hour},
		}
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		for i := range 3 {
			if res := app.signIn(t, "victim@example.com", "guess-"+itoa(i)); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("attempt %d: %d", i, res.StatusCode)
			}
		}
		res, body := app.post(t, "/login", url.Values{"email": {"VICTIM@example.com"}, "password": {"guess"}})
		if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "Too many attempts") || res.Header.Get("Retry-After") == "" {
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
		app.signUp(t, "Owner", "owner@example.com", goodPassword)
		u, _ := app.store.UserByEmail(ctx, "owner@example.com")
		app.signIn(t, "owner@example.com", goodPassword)

		_, body := app.get(t, "/dashboard")
		for _, want := range []string{"You haven't created any business listings yet.", "No leads yet", "Create Business Profile", `href="/profile"`, `href="/pricing"`, `href="/directory"`, `href="#stats"`} {
			if !strings.Contains(body, want) {
				t.Errorf("empty dashboard lacks %q", want)
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
		for _, want := range []string{
			"Alpha", "Beta", "Gamma", "Add Another Business",
			"<dd>3</dd>",   // total businesses
			"<dd>67%</dd>", // 2 of 3 verified, rounded
			"<dd>33%</dd>", // 1 of 3 claimed
			"<dd>4</dd>",   // leads
			"+2 from last month",
			"Do you cater weddings?",
		} {
			if !strings.Contains(body, want) {
				t.Errorf("dashboard lacks %q", want)
			}
		}
		if strings.Contains(body, "Someone Else") {
			t.Error("the dashboard lists another owner's business")
		}
	})
}

func TestCompleteProfileAlert(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	ctx := context.Background()
	hash, _ := hashPassword(goodPassword)
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: "noname@example.com", PasswordHash: hash, Kind: store.KindBusiness})
	must(t, err)
	must(t, app.store.MarkEmailVerified(ctx, u.ID))
	app.signIn(t, "noname@example.com", goodPassword)
	_, body := app.get(t, "/dashboard")
	if !strings.Contains(body, "Welcome back, noname@example.com") || !strings.Contains(body, "Complete your profile") {
		t.Fatal("without a name the dashboard should greet by email and ask to complete the profile")
	}
	res, _ := app.post(t, "/profile", url.Values{"full_name": {"Named Now"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save profile: %d", res.StatusCode)
	}
	_, body = app.get(t, "/dashboard")
	if strings.Contains(body, "Complete your profile") || !strings.Contains(body, "Welcome back, Named Now") {
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
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, "That is not your current password.") {
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
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body, `value="cy.new@example.com"`) {
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

func TestMailFailureKeepsTheAccount(t *testing.T) {
	down := func(d *Deps) {
		m, err := newDownMailer(d)
		if err != nil {
			panic(err)
		}
		d.Mailer = m
	}
	app := newTestApp(t, store.SQLite, down)
	res, _ := app.post(t, "/signup", url.Values{"full_name": {"Lia"}, "email": {"lia@example.com"}, "password": {goodPassword}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-up with mail down: %d", res.StatusCode)
	}
	_, body := app.get(t, "/login")
	if !strings.Contains(body, "could not send the verification email") || !strings.Contains(body, "Resend verification email") {
		t.Error("the visitor is not told the email failed, or cannot retry")
	}
	if _, err := app.store.UserByEmail(context.Background(), "lia@example.com"); err != nil {
		t.Error("the account was lost because mail failed")
	}
	if !strings.Contains(app.logs.String(), "email not sent") {
		t.Error("mail failure not logged")
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

package handlers

import (
	"context"
	"net/http"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/ratelimit"
	"bizprofile/store"
)

// behindProxy trusts the test client's address as a load balancer, so each
// request's X-Forwarded-For names the visitor's address.
func behindProxy(d *testDeps) {
	d.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
}

// signInFrom posts the sign-in form from the visitor at ip, in a browser
// of its own.
func signInFrom(t *testing.T, app *testApp, ip, email, password string) (*http.Response, string) {
	t.Helper()
	c := app.newClient()
	req, _ := http.NewRequest(http.MethodPost, c.URL+"/login", strings.NewReader(url.Values{"email": {email}, "password": {password}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", c.URL)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	req.Header.Set("X-Forwarded-For", ip)
	return c.do(t, req)
}

// verifiedAccount creates a verified account with goodPassword, without
// signing anyone in.
func verifiedAccount(t *testing.T, app *testApp, email string) store.User {
	t.Helper()
	ctx := context.Background()
	hash, err := domain.HashPassword(goodPassword)
	must(t, err)
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: hash, Kind: store.KindIndividual, Profile: store.Profile{FullName: "Owner"}})
	must(t, err)
	must(t, app.store.MarkEmailVerified(ctx, u.ID))
	return u
}

// Wrong passwords from one address lock that address out for the email;
// they do not lock out the owner, who signs in from another address.
func TestSignInLockoutIsPerAddressAndSparesTheOwner(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		verifiedAccount(t, app, "owner@example.com")
		const attacker = "203.0.113.66"
		limit := ratelimit.Defaults.SignInPerEmailAndIP.Limit
		for i := range limit {
			if res, _ := signInFrom(t, app, attacker, "owner@example.com", "guess-"+itoa(i)); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("guess %d: %d, want 401", i+1, res.StatusCode)
			}
		}
		res, body := signInFrom(t, app, attacker, "owner@example.com", goodPassword)
		if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" || !anyContains(notices(parseHTML(t, body), "alert"), "Too many attempts") {
			t.Fatalf("the guessing address, even with the right password: %d, want 429 with Retry-After", res.StatusCode)
		}

		res, _ = signInFrom(t, app, "198.51.100.7", "owner@example.com", goodPassword)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/dashboard" {
			t.Fatalf("the owner from their own address: %d, want 303 to /dashboard", res.StatusCode)
		}

		// A right password clears the address's failures: typos before
		// and after a sign-in do not add up to a lockout.
		verifiedAccount(t, app, "typo@example.com")
		const home = "198.51.100.8"
		for round := range 2 {
			for i := range limit - 1 {
				if res, _ := signInFrom(t, app, home, "typo@example.com", "tpyo-"+itoa(i)); res.StatusCode != http.StatusUnauthorized {
					t.Fatalf("round %d, typo %d: %d, want 401", round+1, i+1, res.StatusCode)
				}
			}
			if res, _ := signInFrom(t, app, home, "typo@example.com", goodPassword); res.StatusCode != http.StatusSeeOther {
				t.Fatalf("round %d, the right password: %d, want 303", round+1, res.StatusCode)
			}
		}
	}, behindProxy)
}

// Guesses for one email spread over many addresses slow down those
// addresses, more with every failure, without refusing an address that
// has not failed: the owner's right password from there gets in.
func TestSpreadGuessesSlowDownTheGuessersNotTheOwner(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		verifiedAccount(t, app, "owner@example.com")
		guesser := func(i int) string { return "203.0.113." + strconv.Itoa(i+1) }
		limit := ratelimit.Defaults.SignInPerEmail.Limit
		for i := range limit + 2 {
			if res, _ := signInFrom(t, app, guesser(i), "owner@example.com", "guess-"+itoa(i)); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("first guess from address %d: %d, want 401", i+1, res.StatusCode)
			}
		}
		// An address that failed must wait before its next try.
		wait := func(ip string) int {
			t.Helper()
			res, body := signInFrom(t, app, ip, "owner@example.com", "another-guess")
			page := parseHTML(t, body)
			if res.StatusCode != http.StatusTooManyRequests || !anyContains(notices(page, "alert"), "Please wait") {
				t.Fatalf("a guesser's second try: %d, alerts %q; want 429 asking to wait", res.StatusCode, notices(page, "alert"))
			}
			n, err := strconv.Atoi(res.Header.Get("Retry-After"))
			if err != nil || n <= 0 {
				t.Fatalf("Retry-After %q", res.Header.Get("Retry-After"))
			}
			return n
		}
		first := wait(guesser(0))
		for i := limit + 2; i < limit+6; i++ {
			signInFrom(t, app, guesser(i), "owner@example.com", "guess-"+itoa(i))
		}
		if later := wait(guesser(1)); later <= first {
			t.Errorf("the wait did not grow with more failures: %d s, then %d s", first, later)
		}

		res, _ := signInFrom(t, app, "198.51.100.7", "owner@example.com", goodPassword)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/dashboard" {
			t.Fatalf("the owner from an address that never failed: %d, want 303 to /dashboard", res.StatusCode)
		}
	}, behindProxy)
}

// Under the limits an unknown email gets the same answers as a real one,
// so the limits tell nobody which addresses have accounts.
func TestSignInLimitsLookTheSameForUnknownEmails(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		verifiedAccount(t, app, "owner@example.com")
		answers := func(email string) (statuses []int, last string) {
			limit := ratelimit.Defaults.SignInPerEmailAndIP.Limit
			for i := range limit + 2 {
				res, body := signInFrom(t, app, "203.0.113.9", email, "guess-"+itoa(i))
				statuses = append(statuses, res.StatusCode)
				last = strings.ReplaceAll(body, email, "EMAIL")
			}
			return statuses, last
		}
		realStatuses, realPage := answers("owner@example.com")
		ghostStatuses, ghostPage := answers("ghost@example.com")
		if !slices.Equal(realStatuses, ghostStatuses) {
			t.Errorf("statuses for a real email %v, for an unknown one %v", realStatuses, ghostStatuses)
		}
		if realPage != ghostPage {
			t.Error("the refusal for a real email and an unknown one differ")
		}
	}, behindProxy)
}

// Finding 6 of issue 34: the forms that ask a signed-in person for their
// password again (change password, change email, close the account) count
// wrong passwords with the sign-in limits, per account and address: past
// the limit they answer 429 with Retry-After, without checking the
// password, the right one included, until the window passes. A right
// password counts nothing.
func TestCurrentPasswordGuessesAreHeldBack(t *testing.T) {
	const window = 6 * time.Second
	limit := ratelimit.Defaults.SignInPerEmailAndIP.Limit
	forms := []struct {
		name, path, button, label string
		fields                    url.Values
	}{
		{"password change", "/profile/password", "Change password", "Current password",
			url.Values{"password": {"new-lantern-ferry-8"}, "confirm_password": {"new-lantern-ferry-8"}}},
		{"email change", "/profile/email", "Send confirmation link", "Current password", url.Values{"new_email": {"moved@example.com"}}},
		{"closing", "/profile/close", "", "Your password", url.Values{}},
	}
	eachEngine(t, func(t *testing.T, app *testApp) {
		for i, f := range forms {
			email := "guessed-" + itoa(i) + "@example.com"
			client := app.newClient()
			client.signUp(t, "Guessed Person", email, goodPassword)
			client.signIn(t, email, goodPassword)
			// Each form's account on its own, at the same time: the
			// window passes once for all three.
			t.Run(f.name, func(t *testing.T) {
				t.Parallel()
				send := func(password string, fields url.Values) (*http.Response, string) {
					t.Helper()
					values := url.Values{"current_password": {password}}
					for k, v := range fields {
						values[k] = v
					}
					res, body := client.post(t, f.path, values)
					if res.StatusCode == http.StatusSeeOther {
						return res, ""
					}
					var scope finder = parseHTML(t, body)
					if f.button != "" {
						scope = formOf(scope, f.button)
					}
					return res, fieldError(labelled(t, scope, f.label))
				}
				if f.path == "/profile/email" {
					// The right password, with an address refused: never held.
					for range limit + 2 {
						if res, msg := send(goodPassword, url.Values{"new_email": {email}}); res.StatusCode != http.StatusUnprocessableEntity || msg != "" {
							t.Fatalf("the right password with a refused address: %d, %q by the password", res.StatusCode, msg)
						}
					}
				}
				for n := range limit {
					if res, msg := send("guess-"+itoa(n), f.fields); res.StatusCode != http.StatusUnprocessableEntity || msg == "" {
						t.Fatalf("guess %d: %d, %q by the password; want 422 with a message", n+1, res.StatusCode, msg)
					}
				}
				retry := 0
				for _, pw := range []string{"guess-more", goodPassword} {
					res, msg := send(pw, f.fields)
					var err error
					retry, err = strconv.Atoi(res.Header.Get("Retry-After"))
					if res.StatusCode != http.StatusTooManyRequests || err != nil || retry <= 0 || !strings.Contains(msg, "Too many") {
						t.Fatalf("past the limit with %q: %d, Retry-After %q, %q by the password; want 429", pw, res.StatusCode, res.Header.Get("Retry-After"), msg)
					}
				}
				time.Sleep(time.Duration(retry) * time.Second)
				if res, msg := send(goodPassword, f.fields); res.StatusCode != http.StatusSeeOther {
					t.Errorf("once the window passed, the right password: %d, %q", res.StatusCode, msg)
				}
			})
		}
	}, func(d *testDeps) { d.RateLimits.SignInPerEmailAndIP = ratelimit.Rate{Limit: limit, Window: window} })
}

package handlers

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"bizprofile/domain"
	"bizprofile/store"
)

// Where a listing can be seen by anyone: the directory page, its JSON,
// the sitemap and the listing's own address.

// publicPlaces says where the listing named name (at /directory/slug) is
// visible to a visitor who is not signed in.
func publicPlaces(t *testing.T, app *testApp, name, slug string) []string {
	t.Helper()
	visitor := app.newClient()
	var seen []string
	if _, body := visitor.get(t, "/directory?q="+url.QueryEscape(name)); slices.Contains(resultNames(parseHTML(t, body)), name) {
		seen = append(seen, "directory")
	}
	if slices.Contains(directoryJSONSlugs(t, visitor, "/directory.json?q="+url.QueryEscape(name)), slug) {
		seen = append(seen, "directory.json")
	}
	if slices.Contains(sitemapLocs(t, visitor), testSite.BaseURL+"/directory/"+slug) {
		seen = append(seen, "sitemap")
	}
	if res, _ := visitor.get(t, "/directory/"+slug); res.StatusCode != http.StatusNotFound {
		seen = append(seen, "listing page")
	}
	return seen
}

// directoryJSONSlugs are the slugs of the cards /directory.json answers.
func directoryJSONSlugs(t *testing.T, client *testApp, path string) []string {
	t.Helper()
	_, body := client.get(t, path)
	var out struct {
		Cards []struct {
			Slug string `json:"slug"`
		} `json:"cards"`
	}
	if err := json.Unmarshal([]byte(body), &out); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	slugs := []string{}
	for _, c := range out.Cards {
		slugs = append(slugs, c.Slug)
	}
	return slugs
}

// sitemapLocs are the addresses the sitemap lists.
func sitemapLocs(t *testing.T, client *testApp) []string {
	t.Helper()
	_, body := client.get(t, "/sitemap.xml")
	var set struct {
		URLs []struct {
			Loc string `xml:"loc"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(body), &set); err != nil {
		t.Fatalf("sitemap: %v", err)
	}
	var locs []string
	for _, u := range set.URLs {
		locs = append(locs, u.Loc)
	}
	return locs
}

// businessSignupForm is a valid 'Join as Business' form.
func businessSignupForm(business, email string) url.Values {
	return url.Values{
		"business_name": {business}, "owner_name": {"Maria Lopez"}, "email": {email},
		"phone": {"(512) 555-0147"}, "category": {"food"}, "location": {"Austin, TX"}, "website": {"https://bluedoor.example"},
		"description": {"Sourdough and pastries baked every morning."}, "password": {goodPassword}, "confirm_password": {goodPassword},
	}
}

func TestBusinessSignupListingGoesPublicWhenTheEmailIsVerified(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		res, body := app.post(t, "/business/signup", businessSignupForm("Blue Door Bakery", "maria@bluedoor.example"))
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up: %d %s", res.StatusCode, body)
		}
		if seen := publicPlaces(t, app, "Blue Door Bakery", "blue-door-bakery"); len(seen) > 0 {
			t.Fatalf("before the email is verified, the listing is public in %q", seen)
		}
		// The sign-up's answer says the listing waits for the address.
		_, body = app.get(t, "/login")
		if !hasToast(parseHTML(t, body), "Your listing waits for your email", "") {
			t.Errorf("the sign-up does not say the listing waits for the email: %+v", toasts(parseHTML(t, body)))
		}

		link := app.inbox.link(t, "maria@bluedoor.example", "/verify-email?token=")
		if res, _ := app.get(t, strings.TrimPrefix(link, testSite.BaseURL)); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("verification: %d", res.StatusCode)
		}
		want := []string{"directory", "directory.json", "sitemap", "listing page"}
		if seen := publicPlaces(t, app, "Blue Door Bakery", "blue-door-bakery"); !slices.Equal(seen, want) {
			t.Fatalf("after verification, the listing is public in %q, want %q", seen, want)
		}
		// Its contact email is the verified address: shown at once.
		_, body = app.newClient().get(t, "/directory/blue-door-bakery")
		page := parseHTML(t, body)
		if got := terms(headings(page, 2, "Contact details").Parent())["Email"]; got != "maria@bluedoor.example" {
			t.Errorf("the listing's email reads %q, want the verified address", got)
		}
		app.signIn(t, "maria@bluedoor.example", goodPassword)
		_, body = app.get(t, "/dashboard")
		item := dashboardListing(t, parseHTML(t, body), "Blue Door Bakery")
		if !hasLink(item, "Blue Door Bakery", "/directory/blue-door-bakery") {
			t.Error("the dashboard does not link to the published listing")
		}
	})
}

// A sign-up with an address that has an account already creates nothing;
// one with a new address creates a listing that waits for verification.
// Nobody else can tell the two apart: not from the directory, its JSON or
// the sitemap, nor from the address or the number their own next listing
// gets.
func TestBusinessSignupDoesNotRevealWhetherTheEmailIsRegistered(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		app.newClient().account(t, "taken@example.com", "business")
		prober := app.newClient()
		prober.account(t, "prober@example.com", "business")
		stranger := app.newClient()

		// snapshot is what the stranger sees of the directory and the
		// sitemap, the prober's own listings left out.
		snapshot := func() string {
			t.Helper()
			var seen []string
			for _, slug := range directoryJSONSlugs(t, stranger, "/directory.json") {
				if !strings.HasPrefix(slug, "probe-kiosk") {
					seen = append(seen, slug)
				}
			}
			for _, loc := range sitemapLocs(t, stranger) {
				if !strings.Contains(loc, "/probe-kiosk") {
					seen = append(seen, loc)
				}
			}
			return strings.Join(seen, " ")
		}
		// probe creates a listing as the prober and returns the address
		// its page has and the number its manage link has.
		probe := func(name string) (slug, number string) {
			t.Helper()
			res, _ := prober.post(t, "/business/create-profile", listingForm(name))
			if res.StatusCode != http.StatusSeeOther {
				t.Fatalf("probe %s: %d", name, res.StatusCode)
			}
			_, body := prober.get(t, "/dashboard")
			manage := nameStarts(dashboardListing(t, parseHTML(t, body), name).Find("a[href]"), "Manage")
			number = strings.TrimPrefix(manage.AttrOr("href", ""), "/dashboard/businesses/")
			return strings.TrimPrefix(res.Header.Get("Location"), "/directory/"), number
		}

		before := snapshot()
		_, first := probe("Probe Kiosk One")
		if res, _ := stranger.post(t, "/business/signup", businessSignupForm("Zephyr Quill Studio", "taken@example.com")); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up with a registered address: %d", res.StatusCode)
		}
		_, second := probe("Probe Kiosk Two")
		afterTaken := snapshot()
		if res, _ := stranger.newClient().post(t, "/business/signup", businessSignupForm("Zephyr Quill Studio", "fresh@example.com")); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up with a new address: %d", res.StatusCode)
		}
		_, third := probe("Probe Kiosk Three")
		afterFresh := snapshot()

		if before != afterTaken || afterTaken != afterFresh {
			t.Errorf("the directory or the sitemap changed after a sign-up:\nbefore:     %s\nregistered: %s\nnew:        %s", before, afterTaken, afterFresh)
		}
		if !consecutive(first, second) || !consecutive(second, third) {
			t.Errorf("the prober's listings are numbered %s, %s, %s: a sign-up took a number in between", first, second, third)
		}
		if slug, _ := probe("Zephyr Quill Studio"); slug != "zephyr-quill-studio" {
			t.Errorf("the prober's 'Zephyr Quill Studio' is at /directory/%s: the name was taken by a sign-up nobody verified", slug)
		}
	})
}

// consecutive reports whether b is the number after a.
func consecutive(a, b string) bool {
	return a != "" && b != "" && itoa(atoiOr(a)+1) == b
}

func atoiOr(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// An address verified another way than by the verification link (a
// password reset proves it too) releases the sign-up's listing at the
// owner's next visit to the dashboard.
func TestDraftsOfAVerifiedOwnerAreReleasedOnTheirDashboard(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		hash, err := domain.HashPassword(goodPassword)
		must(t, err)
		u, _, err := app.store.CreateAccount(ctx, store.NewAccount{
			Email: "late@example.com", PasswordHash: hash, Kind: store.KindBusiness,
			Business: &store.Business{Name: "Late Bloom Florist", City: "Austin", State: "TX", Email: "late@example.com", ShowEmail: true},
		})
		must(t, err)
		must(t, app.store.MarkEmailVerified(ctx, u.ID))
		if seen := publicPlaces(t, app, "Late Bloom Florist", "late-bloom-florist"); len(seen) > 0 {
			t.Fatalf("public before the owner came back: %q", seen)
		}
		app.signIn(t, "late@example.com", goodPassword)
		_, body := app.get(t, "/dashboard")
		if !hasLink(dashboardListing(t, parseHTML(t, body), "Late Bloom Florist"), "Late Bloom Florist", "/directory/late-bloom-florist") {
			t.Error("the dashboard does not show the released listing, public")
		}
		if seen := publicPlaces(t, app, "Late Bloom Florist", "late-bloom-florist"); len(seen) != 4 {
			t.Errorf("released, the listing is public only in %q", seen)
		}
	})
}

// Signing in needs a verified address, so the wizard never sees an
// unverified account through the router; should one reach it, its listing
// waits as a draft like a sign-up's, and goes live with the verification.
func TestWizardListingOfAnUnverifiedAccountWaitsForVerification(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: "early@example.com", PasswordHash: "x", Kind: store.KindBusiness})
		must(t, err)
		wizard := app.h.sessions.LoadAndSave(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			app.h.createProfile(w, r.WithContext(context.WithValue(r.Context(), userKey{}, &u)))
		}))
		req := httptest.NewRequest(http.MethodPost, "/business/create-profile", strings.NewReader(listingForm("Early Bird Cafe").Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		rec := httptest.NewRecorder()
		wizard.ServeHTTP(rec, req)
		if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/dashboard" {
			t.Fatalf("the wizard answered %d to %q", rec.Code, rec.Header().Get("Location"))
		}
		if seen := publicPlaces(t, app, "Early Bird Cafe", "early-bird-cafe"); len(seen) > 0 {
			t.Fatalf("an unverified account's listing is public in %q", seen)
		}
		must(t, app.store.MarkEmailVerified(ctx, u.ID))
		must(t, app.h.domain.Listings.Release(ctx, u.ID))
		if seen := publicPlaces(t, app, "Early Bird Cafe", "early-bird-cafe"); len(seen) != 4 {
			t.Errorf("verified, the listing is public only in %q", seen)
		}
		// Its email is not the account's: it waits for its own link.
		app.inbox.link(t, "hello@taco.example", "/listing-email/confirm?token=")
	})
}

// A password reset proves the address as the verification link does, so
// a sign-up's listing goes public as soon as the reset is done.
func TestBusinessSignupListingGoesPublicWithAPasswordReset(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		if res, body := app.post(t, "/business/signup", businessSignupForm("Blue Door Bakery", "maria@bluedoor.example")); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up: %d %s", res.StatusCode, body)
		}
		if res, _ := app.post(t, "/password/forgot", url.Values{"email": {"maria@bluedoor.example"}}); res.StatusCode != http.StatusOK {
			t.Fatalf("forgot password: %d", res.StatusCode)
		}
		link := strings.TrimPrefix(app.inbox.link(t, "maria@bluedoor.example", "/reset-password?token="), testSite.BaseURL)
		token := strings.TrimPrefix(link, "/reset-password?token=")
		newPassword := "amber-lantern-77"
		res, _ := app.post(t, "/reset-password", url.Values{"token": {token}, "password": {newPassword}, "confirm_password": {newPassword}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("reset: %d", res.StatusCode)
		}
		want := []string{"directory", "directory.json", "sitemap", "listing page"}
		if seen := publicPlaces(t, app, "Blue Door Bakery", "blue-door-bakery"); !slices.Equal(seen, want) {
			t.Fatalf("after the reset, the listing is public in %q, want %q", seen, want)
		}
	})
}

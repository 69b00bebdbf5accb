package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"bizprofile/store"
)

// ownListing gives u a published listing with a lead from a visitor.
func ownListing(t *testing.T, app *testApp, u *store.User, name string) store.Business {
	t.Helper()
	ctx := context.Background()
	b, err := app.store.CreateBusiness(ctx, store.Business{Name: name, Category: "food", City: "Austin", State: "TX",
		Published: true, Claimed: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	must(t, err)
	_, err = app.store.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Visitor of " + name, Email: "visitor@example.com", Message: "Do you cater for " + name + "?"})
	must(t, err)
	return b
}

// accountFile is the part of the data file the tests read.
type accountFile struct {
	Site    string `json:"site"`
	Account struct {
		Email    string `json:"email"`
		Kind     string `json:"kind"`
		FullName string `json:"full_name"`
	} `json:"account"`
	Listings []struct {
		Name      string `json:"name"`
		Published bool   `json:"published"`
	} `json:"listings"`
	Leads []struct {
		Name    string `json:"name"`
		Message string `json:"message"`
	} `json:"leads_received"`
}

func TestDownloadMyDataGivesTheAccountsRecordsOnly(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		alice := signedInOwner(t, app, "alice@example.com")
		ownListing(t, app, alice, "Alice Tacos")
		bob := app.newClient()
		bobUser := signedInOwner(t, bob, "bob@example.com")
		ownListing(t, bob, bobUser, "Bob Burgers")

		_, body := app.get(t, "/profile")
		page := parseHTML(t, body)
		if !hasLink(region(page, "Your data"), "Download my data", "/profile/data.json") {
			t.Error("/profile has no 'Download my data' link")
		}

		res, raw := app.get(t, "/profile/data.json")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET /profile/data.json = %d", res.StatusCode)
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
			t.Errorf("Content-Type = %q", ct)
		}
		if cd, want := res.Header.Get("Content-Disposition"), `attachment; filename="bizprofile-data-`+time.Now().UTC().Format("2006-01-02")+`.json"`; cd != want {
			t.Errorf("Content-Disposition = %q, want %q", cd, want)
		}
		if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
			t.Errorf("Cache-Control = %q, want no-store", cc)
		}
		var f accountFile
		if err := json.Unmarshal([]byte(raw), &f); err != nil {
			t.Fatalf("the data file is not JSON: %v\n%s", err, raw)
		}
		if f.Site != "BizProfile" || f.Account.Email != "alice@example.com" || f.Account.Kind != store.KindBusiness || f.Account.FullName != "Owner alice@example.com" {
			t.Errorf("file = %+v", f)
		}
		if len(f.Listings) != 1 || f.Listings[0].Name != "Alice Tacos" || !f.Listings[0].Published {
			t.Errorf("listings = %+v", f.Listings)
		}
		if len(f.Leads) != 1 || f.Leads[0].Name != "Visitor of Alice Tacos" {
			t.Errorf("leads = %+v", f.Leads)
		}
		for _, other := range []string{"bob@example.com", "Bob Burgers", "Visitor of Bob"} {
			if strings.Contains(raw, other) {
				t.Errorf("alice's data holds %q", other)
			}
		}

		signedOut := app.newClient()
		if res, _ := signedOut.get(t, "/profile/data.json"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
			t.Errorf("signed out: %d to %q, want the sign-in page", res.StatusCode, res.Header.Get("Location"))
		}
	})
}

func TestClosingAnAccount(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "closing@example.com")
		b := ownListing(t, app, u, "Closing Tacos")
		phone := app.newClient() // the same person on another device
		if res := phone.signIn(t, u.Email, goodPassword); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("second sign-in = %d", res.StatusCode)
		}
		if _, body := app.get(t, "/directory?q=Closing"); !slices.Contains(resultNames(parseHTML(t, body)), "Closing Tacos") {
			t.Fatal("the listing is not in the directory to begin with")
		}

		_, body := app.get(t, "/profile")
		if !hasLink(region(parseHTML(t, body), "Close account"), "Close my account…", "/profile/close") {
			t.Fatal("/profile has no way to close the account")
		}
		res, body := app.get(t, "/profile/close")
		page := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || headings(page, 1, "Close your account?").Length() != 1 {
			t.Fatalf("GET /profile/close = %d", res.StatusCode)
		}
		if !strings.Contains(textOf(page.Find("main li").First()), "Closing Tacos leaves the directory") {
			t.Errorf("the page does not name the listing: %q", textOf(page.Find("main li").First()))
		}
		if byTestID(page, "last-admin").Length() != 0 {
			t.Error("a member is warned as the last administrator")
		}

		// A wrong password closes nothing.
		res, body = app.post(t, "/profile/close", url.Values{"current_password": {"not-my-password"}})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("wrong password = %d, want 422", res.StatusCode)
		}
		if msg := fieldError(labelled(t, parseHTML(t, body), "Your password")); msg != "That is not your current password." {
			t.Errorf("password error = %q", msg)
		}
		if _, err := app.store.UserByID(context.Background(), u.ID); err != nil {
			t.Fatalf("a wrong password closed the account: %v", err)
		}

		res, _ = app.post(t, "/profile/close", url.Values{"current_password": {goodPassword}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/" {
			t.Fatalf("close = %d to %q, want 303 to /; logs:\n%s", res.StatusCode, res.Header.Get("Location"), app.logs.String())
		}
		_, body = app.get(t, "/")
		if home := parseHTML(t, body); !hasToast(home, "Your account is closed", closedToast.Description) {
			t.Errorf("home toasts = %+v", toasts(home))
		}

		// Signed out here and on the other device.
		for name, client := range map[string]*testApp{"this browser": app, "the other device": phone} {
			if res, _ := client.get(t, "/profile"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/login") {
				t.Errorf("%s still signed in: /profile = %d", name, res.StatusCode)
			}
		}
		// Signing in answers as for an address nobody uses.
		res, body = app.newClient().post(t, "/login", url.Values{"email": {u.Email}, "password": {goodPassword}})
		if res.StatusCode != http.StatusUnauthorized || !hasToast(parseHTML(t, body), "Error", invalidCredentials) {
			t.Errorf("sign-in of a closed account = %d, want 401 with %q", res.StatusCode, invalidCredentials)
		}

		// The listing is gone from the directory.
		if res, _ := app.get(t, "/directory/"+b.Slug); res.StatusCode != http.StatusNotFound {
			t.Errorf("/directory/%s = %d, want 404", b.Slug, res.StatusCode)
		}
		if _, body := app.get(t, "/directory?q=Closing"); slices.Contains(resultNames(parseHTML(t, body)), "Closing Tacos") {
			t.Error("the listing is still in the directory's results")
		}

		m := app.inbox.waitForSubject(t, u.Email, "account is closed")
		if !strings.Contains(m.Text, "Your listing Closing Tacos was taken out of the directory") || !strings.Contains(m.Text, "The 1 enquiry sent to it was erased") {
			t.Errorf("confirmation email:\n%s", m.Text)
		}

		// The address can sign up afresh.
		// (the old verification email is in the inbox: wait for the new one)
		before := app.inbox.count(t, u.Email)
		again := app.newClient()
		if res, _ := again.post(t, "/signup", url.Values{"full_name": {"New Me"}, "email": {u.Email}, "password": {goodPassword}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up again = %d", res.StatusCode)
		}
		for deadline := time.Now().Add(5 * time.Second); app.inbox.count(t, u.Email) == before; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("no email after signing up again")
			}
		}
		if m := app.inbox.waitFor(t, u.Email); m.Subject != "Verify your email address" {
			t.Errorf("signing up again sent %q, want a new account's verification", m.Subject)
		}
		fresh, err := app.store.UserByEmail(context.Background(), u.Email)
		if err != nil || fresh.ID == u.ID {
			t.Errorf("a new account with the address = %+v, %v", fresh, err)
		}
	})
}

// stripeRecorder passes calls to stripe-mock and remembers them.
type stripeRecorder struct {
	mu    sync.Mutex
	calls []string
}

func (s *stripeRecorder) seen() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

func recordingStripe(t *testing.T) (*stripeRecorder, string) {
	t.Helper()
	target, err := url.Parse(stripeMockURL(t))
	must(t, err)
	rec := &stripeRecorder{}
	proxy := httputil.NewSingleHostReverseProxy(target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.mu.Lock()
		rec.calls = append(rec.calls, r.Method+" "+r.URL.Path)
		rec.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return rec, srv.URL
}

// subscribed records a Growth subscription of u, as Stripe's webhook does.
func subscribed(t *testing.T, app *testApp, u *store.User, id string) {
	t.Helper()
	_, e := event("customer.subscription.created", time.Now(), sub{id: id, customer: "cus_" + id, plan: "growth", status: "active", userID: u.ID, periodEnd: time.Now().Add(20 * 24 * time.Hour)}.object())
	app.mustDeliver(t, e)
}

func TestClosingAnAccountCancelsItsPlanAtStripeFirst(t *testing.T) {
	rec, api := recordingStripe(t)
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "payer@example.com")
		subscribed(t, app, u, "sub_closing_"+string(app.store.Dialect()))
		_, body := app.get(t, "/profile/close")
		if li := textOf(parseHTML(t, body).Find("main ul li").First()); !strings.Contains(li, "Your Growth plan is cancelled at once") {
			t.Errorf("the page does not say the plan is cancelled: %q", li)
		}
		res, _ := app.post(t, "/profile/close", url.Values{"current_password": {goodPassword}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("close = %d; logs:\n%s", res.StatusCode, app.logs.String())
		}
		if want := "DELETE /v1/subscriptions/sub_closing_" + string(app.store.Dialect()); !slices.Contains(rec.seen(), want) {
			t.Errorf("Stripe was asked %v, want %q", rec.seen(), want)
		}
		if m := app.inbox.waitForSubject(t, u.Email, "account is closed"); !strings.Contains(m.Text, "Your Growth plan was cancelled at once") {
			t.Errorf("the email does not tell of the plan:\n%s", m.Text)
		}
	}, withStripe(api))
}

func TestAStripeFailureKeepsTheAccount(t *testing.T) {
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":{"type":"api_error","message":"Stripe is having a bad day"}}`)
	}))
	t.Cleanup(refusing.Close)
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "kept@example.com")
		b := ownListing(t, app, u, "Kept Tacos")
		subscribed(t, app, u, "sub_kept")
		res, body := app.post(t, "/profile/close", url.Values{"current_password": {goodPassword}})
		if res.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("close with Stripe failing = %d, want 503", res.StatusCode)
		}
		if p := textOf(byTestID(parseHTML(t, body), "close-problem")); !strings.Contains(p, "your account is still open and nothing was removed") {
			t.Errorf("the page says %q", p)
		}
		if !strings.Contains(app.logs.String(), "account not closed") || !strings.Contains(app.logs.String(), "Stripe is having a bad day") {
			t.Errorf("the log does not say why:\n%s", app.logs.String())
		}
		if res, _ := app.get(t, "/profile"); res.StatusCode != http.StatusOK {
			t.Errorf("signed out after a failed closing: /profile = %d", res.StatusCode)
		}
		if got, err := app.store.BusinessByID(context.Background(), b.ID); err != nil || !got.Published || !got.OwnedBy(u.ID) {
			t.Errorf("the listing changed: %+v, %v", got, err)
		}
		time.Sleep(100 * time.Millisecond) // the queue would have sent by now
		if n := app.inbox.count(t, u.Email); n != 1 {
			t.Errorf("%d emails to the account, want only the sign-up's", n)
		}
	}, withStripe(refusing.URL))
}

func TestTheLastAdministratorIsWarned(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		admin := app.asAdmin(t)
		_, body := admin.get(t, "/profile/close")
		if byTestID(parseHTML(t, body), "last-admin").Length() != 1 {
			t.Error("the only administrator is not warned")
		}
		must(t, app.store.SetAdmin(context.Background(), signedInOwner(t, app, "second@example.com").Email, true))
		_, body = admin.get(t, "/profile/close")
		if byTestID(parseHTML(t, body), "last-admin").Length() != 0 {
			t.Error("an administrator is warned though another one exists")
		}
	}, withAdmin)
}

// The privacy page is the contract: it describes the download and the
// closing, and /profile points to it.
func TestPrivacyPageDescribesTheDownloadAndClosing(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/privacy")
	page := parseHTML(t, body)
	for id, heading := range map[string]string{"your-data": "10. Downloading your data", "closing": "11. Closing your account"} {
		if h := headings(page, 2, heading); h.Length() != 1 || h.AttrOr("id", "") != id {
			t.Errorf("no heading %q with id %q", heading, id)
		}
		if linksTo(page.Find(".legal-toc"), "#"+id).Length() != 1 {
			t.Errorf("the contents do not link to #%s", id)
		}
	}
	signedInOwner(t, app, "reader@example.com")
	_, body = app.get(t, "/profile")
	if !hasLink(parseHTML(t, body), "What the file contains", "/privacy#your-data") {
		t.Error("/profile does not say where the file is described")
	}
}

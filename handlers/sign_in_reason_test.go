package handlers

import (
	"net/http"
	"net/url"
	"testing"

	"bizprofile/store"
)

// A signed-out Save sends the visitor to sign in with a reason the page
// shows ("Sign in to save businesses"), and back to the listing after.
func TestSignedOutSaveSaysWhyOnTheSignInPage(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b, _ := homeListing(t, app, "owner@example.com", "Harbor Dental")
		res, _ := app.post(t, "/directory/"+b.Slug+"/save", url.Values{})
		loc, err := url.Parse(res.Header.Get("Location"))
		if res.StatusCode != http.StatusSeeOther || err != nil || loc.Path != "/login" {
			t.Fatalf("signed-out save: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		if q := loc.Query(); q.Get("why") != "save" || q.Get("next") != "/directory/"+b.Slug {
			t.Errorf("sign-in query %v, want why=save and next=the listing", q)
		}
		_, body := app.get(t, loc.String())
		doc := parseHTML(t, body)
		reason := doc.Find(`[role="status"][data-sign-in-reason="save"]`)
		if reason.Length() != 1 || !anyContains([]string{textOf(reason)}, "Sign in to save businesses") {
			t.Errorf("sign-in page's reason: %q", texts(doc.Find("[data-sign-in-reason]")))
		}
		form := formOf(doc, "Sign In")
		if v := form.Find(`input[name="why"]`).AttrOr("value", ""); v != "save" {
			t.Errorf("the form carries why %q, want save (a failed attempt keeps the reason)", v)
		}
		// A failed attempt shows the reason again; a good one returns to the listing.
		app.account(t, "jane@example.com", store.KindIndividual)
		out := app.newClient()
		res, body = out.post(t, "/login", url.Values{"email": {"jane@example.com"}, "password": {"wrong-password-1"}, "next": {"/directory/" + b.Slug}, "why": {"save"}})
		if parseHTML(t, body).Find(`[data-sign-in-reason="save"]`).Length() != 1 {
			t.Errorf("failed sign-in (%d) lost the reason", res.StatusCode)
		}
		res, _ = out.post(t, "/login", url.Values{"email": {"jane@example.com"}, "password": {goodPassword}, "next": {"/directory/" + b.Slug}, "why": {"save"}})
		if res.Header.Get("Location") != "/directory/"+b.Slug {
			t.Errorf("after signing in: to %q, want the listing", res.Header.Get("Location"))
		}
	})
}

// The reason comes from an allow-list: any other why shows nothing and is
// not carried, and the address's text never reaches the page.
func TestSignInReasonIsAllowListed(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		for _, why := range []string{"", "Save", "<script>alert(1)</script>", "save businesses", "review"} {
			q := url.Values{"why": {why}, "next": {"https://evil.example/"}}
			_, body := app.get(t, "/login?"+q.Encode())
			doc := parseHTML(t, body)
			if n := doc.Find("[data-sign-in-reason]").Length(); n != 0 {
				t.Errorf("why %q: %d reasons shown", why, n)
			}
			form := formOf(doc, "Sign In")
			if form.Find(`input[name="why"]`).Length() != 0 {
				t.Errorf("why %q is carried by the form", why)
			}
			if v := form.Find(`input[name="next"]`).AttrOr("value", ""); v != "" {
				t.Errorf("why %q: next %q, want none (not a local path)", why, v)
			}
		}
	})
}

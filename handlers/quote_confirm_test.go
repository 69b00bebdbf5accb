package handlers

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"bizprofile/ratelimit"
	"bizprofile/store"
)

// sendConfirmedRequest posts a quote request signed out, then confirms it
// as its requester would: the emailed link's page, then its button. It
// returns the request's page.
func sendConfirmedRequest(t *testing.T, app *testApp, form url.Values) string {
	t.Helper()
	res, _ := app.post(t, "/request", form)
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("request: %d", res.StatusCode)
	}
	return confirmRequest(t, app, form.Get("email"))
}

// confirmRequest follows, in app's browser, the newest confirmation link
// emailed to email and presses its button; it returns the request's page.
func confirmRequest(t *testing.T, app *testApp, email string) string {
	t.Helper()
	link := mustURL(t, app.inbox.link(t, email, "?confirm="))
	_, body := app.get(t, link.RequestURI())
	form := formOf(parseHTML(t, body), "Confirm and send my request")
	if form.Length() != 1 {
		t.Fatalf("the emailed link's page has no confirmation button:\n%s", textOf(parseHTML(t, body).Find("main")))
	}
	action, _ := form.Attr("action")
	key, _ := form.Find(`input[name="confirm"]`).Attr("value")
	res, _ := app.post(t, action, url.Values{"confirm": {key}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirming: %d", res.StatusCode)
	}
	return res.Header.Get("Location")
}

// Security probe 2, finding 7: the same request posted 10 times signed out
// made 50 leads, and a Starter listing's next real lead arrived locked.
// A signed-out request makes no lead until its address is confirmed, the
// same request from one address is one request, and unconfirmed requests
// use up no listing's monthly cap.
func TestQuoteRequestSpamNeedsAConfirmedAddress(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		var listings []store.Business
		for _, owner := range []string{"a", "b", "c", "d", "e"} {
			listings = append(listings, builder(t, app, owner+"@builders.example", "Austin Builders "+strings.ToUpper(owner)))
		}
		spammer := app.newClient()
		var pages []string
		for range 10 {
			res, _ := spammer.post(t, "/request", requestForm())
			if res.StatusCode != http.StatusSeeOther {
				t.Fatalf("request: %d", res.StatusCode)
			}
			pages = append(pages, res.Header.Get("Location"))
		}
		if n := countRows(t, app, "leads"); n != 0 {
			t.Fatalf("%d leads before the address was confirmed, want 0", n)
		}
		if n := countRows(t, app, "quote_requests"); n != 1 {
			t.Errorf("the same request 10 times is %d requests, want 1", n)
		}
		for _, p := range pages[1:] {
			if p != pages[0] {
				t.Fatalf("repeats land on %s, not the first request's page %s", p, pages[0])
			}
		}
		_, body := spammer.get(t, pages[0])
		page := parseHTML(t, body)
		if w := byTestID(page, "request-waiting"); !strings.Contains(textOf(w), "jane@example.com") || byTestID(page, "request-match").Length() != 0 {
			t.Errorf("the request's page does not say it waits for jane@example.com: %q", textOf(page.Find("main")))
		}
		app.inbox.waitForSubject(t, "jane@example.com", "Confirm your quote request")
		confirmations := 0
		for _, m := range app.inbox.all(t) {
			if strings.Contains(m.Subject, "Confirm your quote request") {
				confirmations++
			}
		}
		if confirmations != 1 {
			t.Errorf("%d confirmation emails for 10 posts, want 1", confirmations)
		}

		// A Starter listing (10 leads a month) is not capped by the spam:
		// a real enquiry is not locked.
		capped := listings[0]
		res, _ := app.newClient().post(t, "/directory/"+capped.Slug+"/contact", url.Values{
			"name": {"Real Customer"}, "email": {"real@example.com"}, "message": {"Could you quote for a new bathroom floor next month?"},
		})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("enquiry: %d", res.StatusCode)
		}
		app.inbox.waitForSubject(t, "a@builders.example", "New enquiry for "+capped.Name+" from Real Customer")

		// Confirmed, it goes out once: one lead per matched listing.
		loc := confirmRequest(t, app, "jane@example.com")
		if loc != pages[0] {
			t.Errorf("confirming lands on %s, want %s", loc, pages[0])
		}
		if n := countRows(t, app, "leads"); n != 5+1 {
			t.Errorf("%d leads after confirming, want 5 matches and the enquiry", n)
		}
		_, body = spammer.get(t, pages[0])
		if n := byTestID(parseHTML(t, body), "request-match").Length(); n != 5 {
			t.Errorf("%d matches shown after confirming, want 5", n)
		}
		// The link works once; the same request again is not sent again.
		res, _ = spammer.post(t, "/request", requestForm())
		_, body = spammer.get(t, res.Header.Get("Location"))
		if !hasToast(parseHTML(t, body), "Already sent", "You sent this request before; here is where it went.") {
			t.Errorf("a repeat after confirming: toasts %v", toasts(parseHTML(t, body)))
		}
		if n := countRows(t, app, "leads"); n != 6 {
			t.Errorf("%d leads after a repeat, want 6", n)
		}
	}, func(d *testDeps) { d.RateLimits.LeadPerIP = ratelimit.Rate{Limit: 100, Window: time.Hour} }) // the real customer is elsewhere
}

// A signed-in person whose verified address sends the request needs no
// confirmation; a wrong confirmation link is not found.
func TestQuoteRequestFromItsSignedInAddressGoesAtOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		builder(t, app, "tiles@example.com", "Austin Tiles")
		person := app.newClient()
		person.account(t, "jane@example.com", store.KindIndividual)
		res, _ := person.post(t, "/request", requestForm())
		if n := countRows(t, app, "leads"); n != 1 {
			t.Errorf("%d leads, want 1", n)
		}
		if res, _ := app.newClient().post(t, res.Header.Get("Location")+"/confirm", url.Values{"confirm": {"guess"}}); res.StatusCode != http.StatusSeeOther {
			t.Errorf("a confirmation of a sent request: %d, want to land on its page", res.StatusCode)
		}
		if res, _ := app.newClient().post(t, "/requests/nope/confirm", url.Values{"confirm": {"guess"}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("a wrong link: %d, want 404", res.StatusCode)
		}
	})
}

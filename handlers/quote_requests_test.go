package handlers

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/jmoiron/sqlx"

	"bizprofile/domain"
	"bizprofile/store"
)

// requestForm is a valid quote request for a construction job in Austin, TX.
func requestForm() url.Values {
	return url.Values{
		"category": {"construction"}, "description": {"Our kitchen needs new tiles and the sink re-plumbed, about 12 square metres."},
		"city": {"Austin"}, "state": {"TX"}, "timing": {"week"}, "budget": {"2000_10000"},
		"name": {"Jane Doe"}, "email": {"jane@example.com"}, "phone": {"512 555 0147"},
	}
}

// builder is a published construction listing in Austin, TX owned by a new
// account with the email owner.
func builder(t *testing.T, app *testApp, owner, name string) store.Business {
	t.Helper()
	ctx := context.Background()
	hash, err := domain.HashPassword(goodPassword)
	must(t, err)
	u, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: owner, PasswordHash: hash, Kind: store.KindBusiness})
	must(t, err)
	must(t, app.store.MarkEmailVerified(ctx, u.ID))
	b, err := app.store.CreateBusiness(ctx, store.Business{Name: name, Category: "construction", City: "Austin", State: "TX", BusinessType: store.TypeStorefront,
		Services: store.Lines{"Tiling"}, Published: true, OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}})
	must(t, err)
	return b
}

// countRows counts the rows of a table.
func countRows(t *testing.T, app *testApp, table string) int {
	t.Helper()
	var n int
	must(t, app.store.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		return tx.GetContext(context.Background(), &n, "SELECT COUNT(*) FROM "+table)
	}))
	return n
}

func TestQuoteRequestValidationKeepsValues(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		form := url.Values{
			"category": {"spaceships"}, "description": {"Too short."}, "city": {"Austin 2"}, "state": {"ZZ"},
			"timing": {"someday"}, "budget": {"a lot"}, "name": {""}, "email": {"jane@"}, "phone": {"call me"},
		}
		res, body := app.post(t, "/request", form)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("status %d, want 422", res.StatusCode)
		}
		page := parseHTML(t, body)
		for label, want := range map[string]string{
			"Kind of business":     "Choose the kind of business you need.",
			"Describe the job":     "at least 30 characters",
			"City":                 "Use letters, spaces",
			"State":                "Choose the state from the list.",
			"When do you need it?": "Choose when you need it.",
			"Budget":               "Choose a budget from the list",
			"Your name":            "Enter your name.",
			"Email":                "Enter a valid email address",
			"Phone":                "Enter a phone number",
		} {
			if got := fieldError(labelled(t, page, label)); !strings.Contains(got, want) {
				t.Errorf("%s: error %q, want %q", label, got, want)
			}
		}
		for label, want := range map[string]string{"Describe the job": "Too short.", "City": "Austin 2", "Email": "jane@", "Phone": "call me"} {
			if got := valueOf(labelled(t, page, label)); got != want {
				t.Errorf("%s kept %q, want %q", label, got, want)
			}
		}
		if n := countRows(t, app, "quote_requests"); n != 0 {
			t.Errorf("%d requests stored", n)
		}

		// A long description is refused too, and a good one with a state
		// given by name goes through.
		long := requestForm()
		long.Set("description", strings.Repeat("x", 2001))
		if res, body := app.post(t, "/request", long); res.StatusCode != http.StatusUnprocessableEntity ||
			!strings.Contains(fieldError(labelled(t, parseHTML(t, body), "Describe the job")), "under 2000 characters") {
			t.Errorf("a 2,001-character description: %d", res.StatusCode)
		}
		good := requestForm()
		good.Set("state", "texas")
		good.Del("budget")
		good.Del("phone")
		if res, _ := app.post(t, "/request", good); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "/requests/") {
			t.Errorf("a good request without budget or phone: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
	})
}

func TestQuoteRequestHoneypotStoresNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		builder(t, app, "tiles@example.com", "Austin Tiles")
		form := requestForm()
		form.Set("company_site", "http://spam.example")
		res, _ := app.post(t, "/request", form)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/request" {
			t.Fatalf("honeypot: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		if _, body := app.get(t, "/request"); !hasToast(parseHTML(t, body), "Request sent!", "") {
			t.Error("the bot is not told it was sent")
		}
		if n := countRows(t, app, "quote_requests"); n != 0 {
			t.Errorf("%d requests stored", n)
		}
		if n := countRows(t, app, "leads"); n != 0 {
			t.Errorf("%d leads stored", n)
		}
	})
}

func TestQuoteRequestGoesToMatchingOwners(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		tiles := builder(t, app, "tiles@example.com", "Austin Tiles")
		pipes := builder(t, app, "pipes@example.com", "Austin Pipes")
		unowned, err := app.store.CreateBusiness(ctx, store.Business{Name: "Nobody's Builders", Category: "construction", City: "Austin", State: "TX", Published: true})
		must(t, err)

		loc := sendConfirmedRequest(t, app, requestForm())
		if !strings.HasPrefix(loc, "/requests/") {
			t.Fatalf("request: to %q", loc)
		}
		_, body := app.get(t, loc)
		page := parseHTML(t, body)
		if !hasToast(page, "Request sent!", "It went to 2 matching businesses.") {
			t.Errorf("toasts %v", toasts(page))
		}
		matches := byTestID(page, "request-match")
		if matches.Length() != 2 {
			t.Fatalf("%d matches shown, want 2", matches.Length())
		}
		// Austin Tiles lists tiling, which the request names: it ranks first.
		for i, b := range []store.Business{tiles, pipes} {
			m := matches.Eq(i)
			if !hasLink(m, b.Name, "/directory/"+b.Slug) || textOf(byTestID(m, "match-status")) != "Not answered yet" {
				t.Errorf("match %d: %q", i, textOf(m))
			}
		}
		if linksTo(page, "/directory/"+unowned.Slug).Length() != 0 {
			t.Error("the unowned listing was matched")
		}
		summary := terms(byTestID(page, "request-summary"))
		if summary["Kind of business"] != "Construction" || summary["Where"] != "Austin, TX" || summary["When"] != "Within a week" || summary["Budget"] != "$2,000 to $10,000" ||
			!strings.HasPrefix(summary["Description"], "Our kitchen needs new tiles") {
			t.Errorf("summary %v", summary)
		}

		for _, owner := range []struct{ email, business string }{{"tiles@example.com", "Austin Tiles"}, {"pipes@example.com", "Austin Pipes"}} {
			m := app.inbox.waitForSubject(t, owner.email, "Quote request for "+owner.business)
			if !strings.Contains(m.Text, "Our kitchen needs new tiles") || !strings.Contains(m.Text, "jane@example.com") ||
				!strings.Contains(m.Text, testSite.BaseURL+"/dashboard/leads/") {
				t.Errorf("%s's email:\n%s", owner.email, m.Text)
			}
		}
		confirmation := app.inbox.waitForSubject(t, "jane@example.com", "Your quote request")
		if !strings.Contains(confirmation.Text, "Austin Tiles, Austin Pipes") || !strings.Contains(confirmation.Text, testSite.BaseURL+loc) {
			t.Errorf("confirmation:\n%s", confirmation.Text)
		}

		// The token is the only way in.
		if res, _ := app.newClient().get(t, "/requests/not-a-real-token"); res.StatusCode != http.StatusNotFound {
			t.Errorf("an unknown token: %d", res.StatusCode)
		}
		if res, _ := app.newClient().get(t, loc); res.StatusCode != http.StatusOK {
			t.Errorf("the emailed link in another browser: %d", res.StatusCode)
		}
	})
}

func TestQuoteRequestWithoutMatchesSaysSo(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		form := requestForm()
		form.Set("city", "Marfa")
		_, body := app.get(t, sendConfirmedRequest(t, app, form))
		page := parseHTML(t, body)
		if byTestID(page, "no-matches").Length() != 1 || byTestID(page, "request-match").Length() != 0 {
			t.Error("the page does not say that nothing matched")
		}
		if !hasLink(page, "Browse Construction businesses", "/directory?category=construction&location=Marfa%2C+TX") {
			t.Error("no link to browse the directory")
		}
		if m := app.inbox.waitForSubject(t, "jane@example.com", "Your quote request"); !strings.Contains(m.Text, "no business that manages its listing here matches it, so it went to no one") {
			t.Errorf("confirmation:\n%s", m.Text)
		}
	})
}

func TestQuoteRequestOverTheCapSaysALeadIsWaiting(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		b := builder(t, app, "capped@example.com", "Capped Builders")
		for i := range 10 {
			_, err := app.store.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: "Earlier", Email: "e" + itoa(i) + "@example.com", Message: "Hello"})
			must(t, err)
		}
		sendConfirmedRequest(t, app, requestForm())
		m := app.inbox.waitForSubject(t, "capped@example.com", "over your plan")
		if strings.Contains(m.Text, "Our kitchen needs new tiles") || strings.Contains(m.Text, "jane@example.com") {
			t.Errorf("the locked lead's email tells the request:\n%s", m.Text)
		}
	})
}

func TestQuoteRequestFormPrefills(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		// From a directory search.
		_, body := app.get(t, "/request?category=food&location=Portland,%20OR")
		page := parseHTML(t, body)
		for label, want := range map[string]string{"Kind of business": "food", "City": "Portland", "State": "OR", "Your name": "", "Email": ""} {
			if got := valueOf(labelled(t, page, label)); got != want {
				t.Errorf("from a search, %s = %q, want %q", label, got, want)
			}
		}
		_, body = app.get(t, "/request?location=Oregon&category=nonsense")
		page = parseHTML(t, body)
		if valueOf(labelled(t, page, "State")) != "OR" || valueOf(labelled(t, page, "City")) != "" || valueOf(labelled(t, page, "Kind of business")) != "" {
			t.Error("a state alone or an unknown category is not read as the search meant it")
		}

		// A signed-in person's details.
		person := app.newClient()
		u := person.account(t, "ivy@example.com", store.KindIndividual)
		p, err := app.store.ProfileOf(context.Background(), u.ID)
		must(t, err)
		p.Phone = "503 555 0199"
		must(t, app.store.SaveProfile(context.Background(), p))
		_, body = person.get(t, "/request")
		page = parseHTML(t, body)
		for label, want := range map[string]string{"Your name": "User ivy@example.com", "Email": "ivy@example.com", "Phone": "503 555 0199"} {
			if got := valueOf(labelled(t, page, label)); got != want {
				t.Errorf("signed in, %s = %q, want %q", label, got, want)
			}
		}
		// Their request and its leads carry their account.
		builder(t, app, "tiles@example.com", "Austin Tiles")
		own := requestForm()
		own.Set("email", "ivy@example.com") // their account's address: it goes at once
		person.post(t, "/request", own)
		var users []sql.NullInt64
		must(t, app.store.WithTx(context.Background(), func(tx *sqlx.Tx) error {
			return tx.SelectContext(context.Background(), &users, "SELECT user_id FROM quote_requests UNION ALL SELECT user_id FROM leads")
		}))
		if len(users) != 2 || users[0].Int64 != u.ID || users[1].Int64 != u.ID {
			t.Errorf("the request and its lead record accounts %v, want %d", users, u.ID)
		}
	})
}

func TestEnquiryToUnmanagedListingOffersAQuoteRequest(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		b, err := app.store.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", Category: "food", City: "Portland", State: "OR", Published: true})
		must(t, err)
		visitor := app.newClient()
		_, body := visitor.get(t, "/directory/"+b.Slug+"/contact")
		if byTestID(parseHTML(t, body), "unmanaged-listing").Length() != 1 {
			t.Error("the form does not say the listing is not managed yet")
		}
		enquiry := url.Values{"name": {"Ann Lee"}, "email": {"Ann@Example.com"}, "phone": {"503 555 0100"}, "message": {"Could you bake a three-tier wedding cake for June 12?"}}
		res, _ := visitor.post(t, "/directory/"+b.Slug+"/contact", enquiry)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("enquiry: %d", res.StatusCode)
		}
		_, body = visitor.get(t, res.Header.Get("Location"))
		page := parseHTML(t, body)
		if !hasToast(page, "Message saved", "") || byTestID(page, "unmanaged-sent").Length() != 1 {
			t.Error("the visitor is not told the business may not see the message")
		}
		if !hasLink(byTestID(page, "quote-offer"), "Send it as a quote request", "/request?from=enquiry") {
			t.Fatal("no offer to send it as a quote request")
		}
		if n := countRows(t, app, "leads"); n != 1 {
			t.Errorf("%d leads stored, want the enquiry kept", n)
		}
		if strings.Contains(res.Header.Get("Location"), "wedding") {
			t.Error("the enquiry is in the address")
		}

		// The form is prefilled from the enquiry kept in the session.
		_, body = visitor.get(t, "/request?from=enquiry")
		page = parseHTML(t, body)
		for label, want := range map[string]string{
			"Kind of business": "food", "City": "Portland", "State": "OR", "Describe the job": "Could you bake a three-tier wedding cake for June 12?",
			"Your name": "Ann Lee", "Email": "Ann@Example.com", "Phone": "503 555 0100",
		} {
			if got := valueOf(labelled(t, page, label)); got != want {
				t.Errorf("from the enquiry, %s = %q, want %q", label, got, want)
			}
		}
		if !strings.Contains(textOf(byTestID(page, "from-enquiry")), "Harbor Bakery") {
			t.Error("the form does not say where it was filled in from")
		}
		// Another browser gets nothing of it.
		_, body = app.newClient().get(t, "/request?from=enquiry")
		if valueOf(labelled(t, parseHTML(t, body), "Describe the job")) != "" {
			t.Error("the enquiry leaks to another session")
		}

		// htmx: the dialog's fragment makes the same offer.
		res, body = visitor.htmxPost(t, "/directory/"+b.Slug+"/contact", enquiry)
		fragment := parseHTML(t, body)
		if res.StatusCode != http.StatusOK || isPage(fragment) || !hasLink(byTestID(fragment, "quote-offer"), "Send it as a quote request", "/request?from=enquiry") ||
			!strings.Contains(res.Header.Get("HX-Trigger"), "Message saved") {
			t.Errorf("htmx enquiry: %d %q", res.StatusCode, res.Header.Get("HX-Trigger"))
		}

		// A signed-in sender's account is kept on the lead.
		person := app.newClient()
		u := person.account(t, "bo@example.com", store.KindIndividual)
		person.post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {"Bo"}, "email": {"bo@example.com"}, "message": {"Do you bake rye?"}})
		var sender sql.NullInt64
		must(t, app.store.WithTx(ctx, func(tx *sqlx.Tx) error {
			return tx.GetContext(ctx, &sender, tx.Rebind("SELECT user_id FROM leads WHERE email = ?"), "bo@example.com")
		}))
		if sender.Int64 != u.ID {
			t.Errorf("the signed-in sender's lead has user_id %v, want %d", sender, u.ID)
		}
	})
}

package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"bizprofile/catalog"
	"bizprofile/resource"
	"bizprofile/store"
)

// Security issue 34, findings 2 and 8: control characters, text-direction
// overrides and line breaks in one-line fields were stored as sent through
// the JSON API (PostgreSQL answered a NUL with a 500), and a lead's name
// "Evil\r\nBcc: x" became fake header lines in the owner's email. Every
// input's Check refuses them by field (domain.CheckText): the API answers
// 422 naming the field, the forms 422 by the field, and nothing is stored.

// The values the text rule refuses in any field, and line breaks, which a
// one-line field refuses.
var (
	refusedAnywhere = map[string]string{
		"NUL": "Harbor\x00Bakery", "ESC": "Harbor \x1b[2JBakery", "C1": "Harbor\u009bBakery",
		"RLO": "Harbor \u202eyrekaB", "LRI": "\u2066Harbor Bakery", "DEL": "Harbor\x7fBakery",
	}
	lineBreaks = map[string]string{"CRLF": "Harbor\r\nBcc: x@evil.example", "LF": "Harbor\nBakery", "LS": "Harbor\u2028Bakery"}
)

func TestAPIRefusesControlCharactersInListings(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newAPIAccount(t, app)
		path := pathf("/account/listings/%d", f.bakery.ID)
		_, before := apiDo(t, app, f.ro, "GET", path, nil)
		type patch struct {
			field string
			body  map[string]any
		}
		var patches []patch
		for _, v := range refusedAnywhere {
			patches = append(patches,
				patch{"name", map[string]any{"name": v}},
				patch{"city", map[string]any{"city": strings.ReplaceAll(v, "Harbor", "Port")}},
				patch{"description", map[string]any{"description": "Bread and pastries. " + v}},
				patch{"services", map[string]any{"services": []string{"Cakes", v}}},
				patch{"tags", map[string]any{"tags": []string{"rye", v}}},
			)
		}
		for _, v := range lineBreaks {
			patches = append(patches,
				patch{"name", map[string]any{"name": v}},
				patch{"tagline", map[string]any{"tagline": v}},
				patch{"services", map[string]any{"services": []string{"Cakes", v}}},
				patch{"tags", map[string]any{"tags": []string{"rye", v}}},
			)
		}
		for _, p := range patches {
			res, body := apiDo(t, app, f.rw, "PATCH", path, p.body)
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Errorf("PATCH %q: %d, want 422: %s", p.body, res.StatusCode, body)
				continue
			}
			// A city's pattern (in the API's document) refuses any such
			// character before the text rule is asked, with its own message.
			if msg := fieldMessage(t, body, p.field); !strings.HasPrefix(msg, "Remove the") && (p.field != "city" || msg != catalog.CityRule.Invalid) {
				t.Errorf("PATCH %q: the message for %s is %q", p.body, p.field, msg)
			}
		}
		if _, after := apiDo(t, app, f.ro, "GET", path, nil); string(after) != string(before) {
			t.Errorf("a refused change was stored:\n%s\nwas\n%s", after, before)
		}
		// A multi-line field keeps its lines and tabs.
		res, body := apiDo(t, app, f.rw, "PATCH", path, map[string]any{"description": "Bread and pastries.\r\n\tBaked every morning."})
		if res.StatusCode != http.StatusOK || apiJSON(t, body)["description"] != "Bread and pastries.\r\n\tBaked every morning." {
			t.Errorf("a description of two lines: %d %s", res.StatusCode, body)
		}
	})
}

func TestAPIRefusesControlCharactersInRepliesAndNotes(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newAPIAccount(t, app)
		review := customerReview(t, app, f.bakery, "Ann", 5, store.SentimentPositive, time.Now().UTC().AddDate(0, 0, -1))
		lead := apiLead(t, app, f.bakery, "Ada Baker", time.Now().UTC().AddDate(0, 0, -1))
		for kind, v := range refusedAnywhere {
			res, body := apiDo(t, app, f.rw, "POST", pathf("/reviews/%d/reply", review.ID), map[string]any{"body": "Thank you! " + v})
			wantProblem(t, res, body, http.StatusUnprocessableEntity, "body")
			res, body = apiDo(t, app, f.rw, "PATCH", pathf("/leads/%d", lead.ID), map[string]any{"note": "Called back. " + v})
			wantProblem(t, res, body, http.StatusUnprocessableEntity, "note")
			if !strings.HasPrefix(fieldMessage(t, body, "note"), "Remove the") {
				t.Errorf("%s: the note's message is %q", kind, fieldMessage(t, body, "note"))
			}
		}
		if r, _ := app.store.ReviewByID(context.Background(), review.ID); r.Reply != "" {
			t.Errorf("a refused reply was stored: %q", r.Reply)
		}
		_, body := apiDo(t, app, f.ro, "GET", pathf("/leads/%d", lead.ID), nil)
		var got struct {
			History []resource.LeadEvent `json:"history"`
		}
		must(t, json.Unmarshal(body, &got))
		if slices.ContainsFunc(got.History, func(e resource.LeadEvent) bool { return e.Body != nil }) {
			t.Errorf("a refused note was stored: %s", body)
		}
		// Replies and notes keep their lines.
		res, body := apiDo(t, app, f.rw, "POST", pathf("/reviews/%d/reply", review.ID), map[string]any{"body": "Thank you!\r\n\r\nAna"})
		if res.StatusCode != http.StatusCreated {
			t.Errorf("a reply of two paragraphs: %d %s", res.StatusCode, body)
		}
	})
}

// A name with a line break is a one-line field's: refused by the field on
// the forms too, before anything is stored or emailed.
func TestFormsRefuseLineBreaksInOneLineFields(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := builder(t, app, "owner@build.example", "Austin Builders")
		visitor := app.newClient()
		res, body := visitor.post(t, "/directory/"+b.Slug+"/contact", url.Values{
			"name": {"Evil\r\nBcc: victim@example.com"}, "email": {"evil@example.com"}, "message": {"Hello,\r\nare you free on Monday?"}})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("an enquiry whose name has a line break: %d", res.StatusCode)
		}
		page := parseHTML(t, body)
		if got := fieldError(labelled(t, page, "Your name")); !strings.Contains(got, "Remove the line break") {
			t.Errorf("the name's error is %q", got)
		}
		if got := valueOf(labelled(t, page, "Message")); got == "" {
			t.Error("the message was not kept")
		}

		form := requestForm()
		form.Set("name", "Evil\r\nBcc: victim@example.com")
		res, body = visitor.post(t, "/request", form)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("a quote request whose name has a line break: %d", res.StatusCode)
		}
		if got := fieldError(labelled(t, parseHTML(t, body), "Your name")); !strings.Contains(got, "Remove the line break") {
			t.Errorf("the name's error is %q", got)
		}
		if n, m := countRows(t, app, "leads"), countRows(t, app, "quote_requests"); n+m != 0 {
			t.Errorf("%d leads and %d quote requests stored", n, m)
		}
		if n := app.inbox.count(t, "owner@build.example"); n != 0 {
			t.Errorf("the owner got %d emails", n)
		}

		signedInOwner(t, app, "maker@example.com")
		listing := listingForm("Harbor\nBakery")
		res, body = app.post(t, "/business/create-profile", listing)
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("a business name with a line break: %d", res.StatusCode)
		}
		if got := fieldError(labelled(t, parseHTML(t, body), "Business name")); !strings.Contains(got, "Remove the line break") {
			t.Errorf("the name's error is %q", got)
		}
	})
}

package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"bizprofile/catalog"
	"bizprofile/handlers/api"
	"bizprofile/store"
)

// The public API's account endpoints (handlers/api listings.go, leads.go,
// reviews.go), through the real router, every exchange checked against
// the OpenAPI document by apiDo.

// apiAccount is a Pro account with a read-write and a read-only key, a
// published listing and an unpublished one, and another Pro account with
// a listing of its own.
type apiAccount struct {
	owner          store.User
	rw, ro         string
	bakery, pantry store.Business // published, unpublished
	other          store.Business // another account's
	otherKey       string
}

func newAPIAccount(t *testing.T, app *testApp) apiAccount {
	t.Helper()
	ctx := context.Background()
	var f apiAccount
	f.owner, f.rw = apiOwner(t, app, "owner@harbor.example", store.ScopeReadWrite)
	f.ro = apiKeyOf(t, app, f.owner.ID, store.ScopeRead)
	listing := func(owner int64, name string, published bool) store.Business {
		b, err := app.store.CreateBusiness(ctx, store.Business{
			Name: name, Email: "hello@" + store.Slugify(name) + ".example", EmailConfirmed: true, Description: "Bread and pastries baked every morning.", Category: "food", BusinessType: store.TypeStorefront,
			City: "Portland", State: "OR", Published: published, OwnerID: sql.NullInt64{Int64: owner, Valid: true},
			Hours: store.DefaultWeek(), ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowPricing: true, ShowHours: true,
		})
		must(t, err)
		return b
	}
	f.bakery = listing(f.owner.ID, "Harbor Bakery", true)
	f.pantry = listing(f.owner.ID, "Harbor Pantry", false)
	otherOwner, otherKey := apiOwner(t, app, "owner@rival.example", store.ScopeReadWrite)
	f.other, f.otherKey = listing(otherOwner.ID, "Rival Rolls", true), otherKey
	return f
}

// apiLead is a lead of b received at.
func apiLead(t *testing.T, app *testApp, b store.Business, name string, at time.Time) store.Lead {
	t.Helper()
	l, err := app.store.CreateLead(context.Background(), store.Lead{BusinessID: b.ID, Name: name, Email: strings.ToLower(strings.Fields(name)[0]) + "@example.com",
		Phone: "(503) 555-0100", Message: "Could you bake " + name + " a birthday cake?", CreatedAt: at})
	must(t, err)
	return l
}

// webhookFor registers an endpoint of account that wants events.
func webhookFor(t *testing.T, app *testApp, account int64, events ...string) store.WebhookEndpoint {
	t.Helper()
	e, err := app.store.CreateWebhookEndpoint(context.Background(), account, store.WebhookEndpointFields{URL: "https://crm.example.com/hooks", Events: events})
	must(t, err)
	return e
}

// deliveredObjects are the data.object of the events queued for e, newest
// first, with their types.
func deliveredObjects(t *testing.T, app *testApp, e store.WebhookEndpoint) (types []string, objects []map[string]any) {
	t.Helper()
	ds, _, err := app.store.WebhookDeliveriesOf(context.Background(), e.ID, store.Page{Limit: 50})
	must(t, err)
	for _, d := range ds {
		var ev struct {
			Type string `json:"type"`
			Data struct {
				Object map[string]any `json:"object"`
			} `json:"data"`
		}
		must(t, json.Unmarshal([]byte(d.Payload), &ev))
		types, objects = append(types, ev.Type), append(objects, ev.Data.Object)
	}
	return types, objects
}

func pathf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// revokeKey revokes the key whose secret is given.
func revokeKey(t *testing.T, app *testApp, secret string) {
	t.Helper()
	ctx := context.Background()
	k, err := app.store.APIKeyByHash(ctx, store.Digest(secret))
	must(t, err)
	must(t, app.store.RevokeAPIKey(ctx, k.AccountID, k.ID, time.Now()))
}

// wantProblem checks an answer is a problem with status and, when given,
// a field error for each of fields.
func wantProblem(t *testing.T, res *http.Response, body []byte, status int, fields ...string) {
	t.Helper()
	if res.StatusCode != status {
		t.Fatalf("status %d, want %d: %s", res.StatusCode, status, body)
	}
	p := apiProblem(t, body)
	for _, f := range fields {
		if !slices.ContainsFunc(p.Errors, func(e api.FieldError) bool { return e.Field == f && e.Message != "" }) {
			t.Fatalf("no error for %s in %+v", f, p.Errors)
		}
	}
}

// fieldMessage is the problem's message for field.
func fieldMessage(t *testing.T, body []byte, field string) string {
	t.Helper()
	for _, e := range apiProblem(t, body).Errors {
		if e.Field == field {
			return e.Message
		}
	}
	t.Fatalf("no error for %s: %s", field, body)
	return ""
}

func TestAPIAccountListings(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		f := newAPIAccount(t, app)

		res, body := apiDo(t, app, f.rw, "GET", "/account/listings", nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("list: %d %s", res.StatusCode, body)
		}
		var list struct {
			Data []map[string]any `json:"data"`
		}
		must(t, json.Unmarshal(body, &list))
		status := map[string]any{}
		for _, l := range list.Data {
			status[l["name"].(string)] = l["status"]
		}
		if len(list.Data) != 2 || status["Harbor Bakery"] != "published" || status["Harbor Pantry"] != "unpublished" {
			t.Fatalf("the account's listings in every state, and only them: %v", status)
		}

		// One listing, with an ETag that a second read can send back.
		res, body = apiDo(t, app, f.ro, "GET", pathf("/account/listings/%d", f.bakery.ID), nil)
		if got := apiJSON(t, body); res.StatusCode != http.StatusOK || got["name"] != "Harbor Bakery" || got["city"] != "Portland" || len(got["hours"].([]any)) != 7 {
			t.Fatalf("listing: %d %s", res.StatusCode, body)
		}
		tag := res.Header.Get("ETag")
		if res, _ := apiDo(t, app, f.ro, "GET", pathf("/account/listings/%d", f.bakery.ID), nil, "If-None-Match", tag); res.StatusCode != http.StatusNotModified {
			t.Fatalf("unchanged listing with its ETag: %d, want 304", res.StatusCode)
		}

		// Another account's listing does not exist for this key.
		for _, c := range []struct{ method, path string }{
			{"GET", "/account/listings/%d"}, {"PATCH", "/account/listings/%d"}, {"POST", "/account/listings/%d/publish"}, {"POST", "/account/listings/%d/unpublish"},
		} {
			var b any
			if c.method == "PATCH" {
				b = map[string]any{"tagline": "Ours now"}
			}
			res, body := apiDo(t, app, f.rw, c.method, pathf(c.path, f.other.ID), b)
			wantProblem(t, res, body, http.StatusNotFound)
		}

		// A change, checked and saved as the edit page does.
		hours := []map[string]any{}
		for i := range 7 {
			hours = append(hours, map[string]any{"open": "07:00", "close": "15:00", "closed": i == 6})
		}
		res, body = apiDo(t, app, f.rw, "PATCH", pathf("/account/listings/%d", f.bakery.ID), map[string]any{
			"tagline": "Sourdough since 1998", "tags": []string{"bread", "cakes"}, "state": "oregon", "hours": hours, "show_phone": false,
		})
		got := apiJSON(t, body)
		if res.StatusCode != http.StatusOK || got["tagline"] != "Sourdough since 1998" || got["state"] != "OR" || got["show_phone"] != false || got["name"] != "Harbor Bakery" {
			t.Fatalf("patch: %d %s", res.StatusCode, body)
		}
		saved, err := app.store.BusinessByID(context.Background(), f.bakery.ID)
		must(t, err)
		if saved.Tagline != "Sourdough since 1998" || !slices.Equal(saved.Tags, store.Lines{"bread", "cakes"}) || saved.Hours[0].Open != "07:00" || !saved.Hours[6].Closed || saved.ShowPhone {
			t.Fatalf("saved: %+v", saved)
		}

		// The form's rules and messages, by field.
		res, body = apiDo(t, app, f.rw, "PATCH", pathf("/account/listings/%d", f.bakery.ID), map[string]any{"name": "", "website": "not a site"})
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "name", "website")
		if msg := fieldMessage(t, body, "name"); msg != "Enter the business name." {
			t.Fatalf("name's message %q, want the form's", msg)
		}
		bad := slices.Clone(hours)
		bad[2] = map[string]any{"open": "18:00", "close": "09:00", "closed": false}
		res, body = apiDo(t, app, f.rw, "PATCH", pathf("/account/listings/%d", f.bakery.ID), map[string]any{"hours": bad})
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "hours[2]")
		if msg := fieldMessage(t, body, "hours[2]"); msg != "On Wednesday, closing must come after opening." {
			t.Fatalf("hours' message %q", msg)
		}
		res, body = apiDo(t, app, f.rw, "PATCH", pathf("/account/listings/%d", f.bakery.ID), map[string]any{"hours": hours[:3]})
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "hours")
		res, body = apiDo(t, app, f.rw, "PATCH", pathf("/account/listings/%d", f.bakery.ID), map[string]any{"published": false})
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "published")
		if saved, _ := app.store.BusinessByID(context.Background(), f.bakery.ID); saved.Name != "Harbor Bakery" || !saved.Published {
			t.Fatalf("a refused change changed nothing: %+v", saved)
		}

		// A read-only key reads, and changes nothing.
		res, body = apiDo(t, app, f.ro, "PATCH", pathf("/account/listings/%d", f.bakery.ID), map[string]any{"tagline": "Read-only"})
		wantProblem(t, res, body, http.StatusForbidden)
		for _, p := range []string{"/account/listings/%d/publish", "/account/listings/%d/unpublish"} {
			res, body := apiDo(t, app, f.ro, "POST", pathf(p, f.bakery.ID), nil)
			wantProblem(t, res, body, http.StatusForbidden)
		}

		// A revoked key opens nothing.
		revokeKey(t, app, f.ro)
		for _, p := range []string{"/account/listings", pathf("/account/listings/%d", f.bakery.ID)} {
			res, body := apiDo(t, app, f.ro, "GET", p, nil)
			wantProblem(t, res, body, http.StatusUnauthorized)
		}
	})
}

func TestAPIListingPublication(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		f := newAPIAccount(t, app)
		hook := webhookFor(t, app, f.owner.ID, store.EventListingUpdated)

		res, body := apiDo(t, app, f.rw, "POST", pathf("/account/listings/%d/unpublish", f.bakery.ID), nil)
		if got := apiJSON(t, body); res.StatusCode != http.StatusOK || got["status"] != "unpublished" {
			t.Fatalf("unpublish: %d %s", res.StatusCode, body)
		}

		// Publishing with an Idempotency-Key acts once; a retry gets the
		// first answer without acting again.
		res, first := apiDo(t, app, f.rw, "POST", pathf("/account/listings/%d/publish", f.bakery.ID), nil, "Idempotency-Key", "publish-1")
		if got := apiJSON(t, first); res.StatusCode != http.StatusOK || got["status"] != "published" {
			t.Fatalf("publish: %d %s", res.StatusCode, first)
		}
		apiDo(t, app, f.rw, "POST", pathf("/account/listings/%d/unpublish", f.bakery.ID), nil)
		res, again := apiDo(t, app, f.rw, "POST", pathf("/account/listings/%d/publish", f.bakery.ID), nil, "Idempotency-Key", "publish-1")
		if res.StatusCode != http.StatusOK || string(again) != string(first) || res.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("replay: %d %s, want the first answer", res.StatusCode, again)
		}
		if b, _ := app.store.BusinessByID(ctx, f.bakery.ID); b.Published {
			t.Fatal("the replay published the listing again")
		}

		// Each change of state is a listing.updated event with the API's
		// listing.
		types, objects := deliveredObjects(t, app, hook)
		if len(types) != 3 || types[0] != store.EventListingUpdated || objects[0]["status"] != "unpublished" || objects[1]["status"] != "published" || objects[0]["id"] != float64(f.bakery.ID) {
			t.Fatalf("events %v %v", types, objects)
		}

		// A listing the moderators took down stays down, with their reason.
		mod, _, err := app.store.CreateAccount(ctx, store.NewAccount{Email: "moderator@example.com", PasswordHash: "x", Kind: store.KindBusiness})
		must(t, err)
		_, err = app.store.Moderate(ctx, f.pantry.ID, mod, store.ActionUnpublish)
		must(t, err)
		res, body = apiDo(t, app, f.rw, "POST", pathf("/account/listings/%d/publish", f.pantry.ID), nil)
		wantProblem(t, res, body, http.StatusConflict)
		if p := apiProblem(t, body); !strings.Contains(p.Detail, "moderators unpublished") {
			t.Fatalf("detail %q", p.Detail)
		}
		_, body = apiDo(t, app, f.rw, "GET", pathf("/account/listings/%d", f.pantry.ID), nil)
		if got := apiJSON(t, body); got["status"] != "suspended" {
			t.Fatalf("suspended listing: %s", body)
		}
	})
}

func TestAPILeads(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		f := newAPIAccount(t, app)
		hook := webhookFor(t, app, f.owner.ID, store.EventLeadUpdated)
		day := time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)
		var leads []store.Lead // oldest first
		for i, name := range []string{"Ada Baker", "Ben Cole", "Cy Dunn", "Di Eve", "Ed Fox"} {
			b := f.bakery
			if i == 3 {
				b = f.pantry
			}
			leads = append(leads, apiLead(t, app, b, name, day.AddDate(0, 0, i)))
		}
		otherLead := apiLead(t, app, f.other, "Zed Rival", day)

		// Walk the pages: every lead once, newest first.
		var seen []int64
		next := "/leads?limit=2"
		for pages := 0; next != ""; pages++ {
			if pages > 3 {
				t.Fatal("the pages do not end")
			}
			res, body := apiDo(t, app, f.ro, "GET", next, nil)
			var page struct {
				Data []struct {
					ID    int64  `json:"id"`
					Email string `json:"email"`
				} `json:"data"`
				NextCursor *string `json:"next_cursor"`
			}
			must(t, json.Unmarshal(body, &page))
			if res.StatusCode != http.StatusOK || len(page.Data) > 2 {
				t.Fatalf("page: %d %s", res.StatusCode, body)
			}
			for _, l := range page.Data {
				seen = append(seen, l.ID)
			}
			next = ""
			if page.NextCursor != nil {
				next = "/leads?limit=2&cursor=" + url.QueryEscape(*page.NextCursor)
			}
		}
		want := []int64{leads[4].ID, leads[3].ID, leads[2].ID, leads[1].ID, leads[0].ID}
		if !slices.Equal(seen, want) {
			t.Fatalf("walked %v, want %v", seen, want)
		}

		// The inbox's filters.
		ids := func(query string) []int64 {
			t.Helper()
			res, body := apiDo(t, app, f.ro, "GET", "/leads?"+query, nil)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: %d %s", query, res.StatusCode, body)
			}
			var page struct {
				Data []struct {
					ID int64 `json:"id"`
				} `json:"data"`
			}
			must(t, json.Unmarshal(body, &page))
			var out []int64
			for _, l := range page.Data {
				out = append(out, l.ID)
			}
			return out
		}
		if got := ids(pathf("listing=%d", f.pantry.ID)); !slices.Equal(got, []int64{leads[3].ID}) {
			t.Fatalf("by listing: %v", got)
		}
		if got := ids("from=2026-03-03&to=2026-03-04"); !slices.Equal(got, []int64{leads[2].ID, leads[1].ID}) {
			t.Fatalf("by dates: %v", got)
		}
		if got := ids("q=COLE"); !slices.Equal(got, []int64{leads[1].ID}) {
			t.Fatalf("by text: %v", got)
		}
		res, body := apiDo(t, app, f.ro, "GET", "/leads?cursor=nonsense", nil)
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "cursor")
		res, body = apiDo(t, app, f.ro, "GET", "/leads?from=March&to=2026-02-30", nil)
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "from", "to")

		// One lead; another account's is not found.
		res, body = apiDo(t, app, f.ro, "GET", pathf("/leads/%d", leads[0].ID), nil)
		if got := apiJSON(t, body); res.StatusCode != http.StatusOK || got["email"] != "ada@example.com" || got["status"] != "new" || got["locked"] != false {
			t.Fatalf("lead: %d %s", res.StatusCode, body)
		}
		for _, m := range []string{"GET", "PATCH"} {
			var b any
			if m == "PATCH" {
				b = map[string]any{"status": "won"}
			}
			res, body := apiDo(t, app, f.rw, m, pathf("/leads/%d", otherLead.ID), b)
			wantProblem(t, res, body, http.StatusNotFound)
		}

		// Status and note, with the lead page's rules.
		res, body = apiDo(t, app, f.rw, "PATCH", pathf("/leads/%d", leads[0].ID), map[string]any{"status": "maybe", "note": "  "})
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "status", "note")
		if fieldMessage(t, body, "status") != catalog.LeadStatusRule.Invalid || fieldMessage(t, body, "note") != catalog.LeadNoteRule.Required {
			t.Fatalf("the page's messages: %s", body)
		}
		res, body = apiDo(t, app, f.ro, "PATCH", pathf("/leads/%d", leads[0].ID), map[string]any{"status": "won"})
		wantProblem(t, res, body, http.StatusForbidden)

		res, body = apiDo(t, app, f.rw, "PATCH", pathf("/leads/%d", leads[0].ID), map[string]any{"status": "contacted", "note": "Called back; wants a quote."})
		got := apiJSON(t, body)
		if res.StatusCode != http.StatusOK || got["status"] != "contacted" {
			t.Fatalf("patch: %d %s", res.StatusCode, body)
		}
		history := got["history"].([]any)
		if len(history) != 2 {
			t.Fatalf("history %v", history)
		}
		change, note := history[0].(map[string]any), history[1].(map[string]any)
		if change["kind"] != "status" || change["from_status"] != "new" || change["status"] != "contacted" || change["by"] != f.owner.Email ||
			note["kind"] != "note" || note["body"] != "Called back; wants a quote." {
			t.Fatalf("history %v", history)
		}
		events, err := app.store.LeadEvents(ctx, leads[0].ID)
		must(t, err)
		if len(events) != 2 || events[0].UserID.Int64 != f.owner.ID {
			t.Fatalf("events recorded as the page records them, by the key's creator: %+v", events)
		}

		// The change is a lead.updated event carrying the API's lead.
		types, objects := deliveredObjects(t, app, hook)
		if len(types) != 1 || types[0] != store.EventLeadUpdated || objects[0]["status"] != "contacted" || objects[0]["email"] != "ada@example.com" || objects[0]["history"] != nil {
			t.Fatalf("events %v %v", types, objects)
		}

		// A revoked key.
		revokeKey(t, app, f.ro)
		res, body = apiDo(t, app, f.ro, "GET", "/leads", nil)
		wantProblem(t, res, body, http.StatusUnauthorized)
	})
}

func TestAPIReviews(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		f := newAPIAccount(t, app)
		day := time.Now().UTC().AddDate(0, 0, -10)
		five := customerReview(t, app, f.bakery, "Ann", 5, store.SentimentPositive, day)
		four := customerReview(t, app, f.bakery, "Bob", 4, store.SentimentPositive, day.Add(time.Hour))
		two := customerReview(t, app, f.pantry, "Cat", 2, store.SentimentNegative, day.Add(2*time.Hour))
		hidden := customerReview(t, app, f.pantry, "Dan", 1, store.SentimentNegative, day.Add(3*time.Hour))
		hideReview(t, app, hidden.ID, "Written by a competitor.")
		rival := customerReview(t, app, f.other, "Eve", 5, "", day)

		ids := func(key, query string) ([]int64, *string) {
			t.Helper()
			res, body := apiDo(t, app, key, "GET", "/reviews?"+query, nil)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: %d %s", query, res.StatusCode, body)
			}
			var page struct {
				Data []struct {
					ID int64 `json:"id"`
				} `json:"data"`
				NextCursor *string `json:"next_cursor"`
			}
			must(t, json.Unmarshal(body, &page))
			var out []int64
			for _, r := range page.Data {
				out = append(out, r.ID)
			}
			return out, page.NextCursor
		}
		all, _ := ids(f.ro, "")
		if !slices.Equal(all, []int64{hidden.ID, two.ID, four.ID, five.ID}) {
			t.Fatalf("the account's reviews, newest first, hidden too: %v", all)
		}
		// Pages of two, and the filters.
		first, cursor := ids(f.ro, "limit=3")
		rest, end := ids(f.ro, "limit=3&cursor="+url.QueryEscape(*cursor))
		if !slices.Equal(append(first, rest...), all) || end != nil {
			t.Fatalf("pages %v %v", first, rest)
		}
		if got, _ := ids(f.ro, pathf("listing=%d&rating=4", f.bakery.ID)); !slices.Equal(got, []int64{four.ID}) {
			t.Fatalf("by listing and stars: %v", got)
		}
		res, body := apiDo(t, app, f.ro, "GET", "/reviews?rating=9&replied=maybe", nil)
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "rating", "replied")

		// A first reply is created (201); an Idempotency-Key replays it.
		res, first201 := apiDo(t, app, f.rw, "POST", pathf("/reviews/%d/reply", five.ID), map[string]any{"body": "Thank you, Ann!"}, "Idempotency-Key", "reply-ann")
		got := apiJSON(t, first201)
		if res.StatusCode != http.StatusCreated || got["reply"].(map[string]any)["body"] != "Thank you, Ann!" {
			t.Fatalf("reply: %d %s", res.StatusCode, first201)
		}
		res, body = apiDo(t, app, f.rw, "POST", pathf("/reviews/%d/reply", five.ID), map[string]any{"body": "Thanks again, Ann."})
		if got := apiJSON(t, body); res.StatusCode != http.StatusOK || got["reply"].(map[string]any)["body"] != "Thanks again, Ann." {
			t.Fatalf("a new reply replaces the old: %d %s", res.StatusCode, body)
		}
		res, again := apiDo(t, app, f.rw, "POST", pathf("/reviews/%d/reply", five.ID), map[string]any{"body": "Thank you, Ann!"}, "Idempotency-Key", "reply-ann")
		if res.StatusCode != http.StatusCreated || string(again) != string(first201) || res.Header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("replay: %d %s", res.StatusCode, again)
		}
		if r, _ := app.store.ReviewByID(ctx, five.ID); r.Reply != "Thanks again, Ann." {
			t.Fatalf("the replay acted again: reply %q", r.Reply)
		}
		if got, _ := ids(f.ro, "replied=true"); !slices.Equal(got, []int64{five.ID}) {
			t.Fatalf("replied: %v", got)
		}
		if got, _ := ids(f.ro, "replied=false"); !slices.Equal(got, []int64{hidden.ID, two.ID, four.ID}) {
			t.Fatalf("not replied: %v", got)
		}

		// The page's rules and refusals.
		res, body = apiDo(t, app, f.rw, "POST", pathf("/reviews/%d/reply", four.ID), map[string]any{"body": " "})
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "body")
		if msg := fieldMessage(t, body, "body"); msg != "Write a reply." {
			t.Fatalf("message %q", msg)
		}
		res, body = apiDo(t, app, f.rw, "POST", pathf("/reviews/%d/reply", four.ID), map[string]any{"body": strings.Repeat("a", 2001)})
		wantProblem(t, res, body, http.StatusUnprocessableEntity, "body")
		res, body = apiDo(t, app, f.rw, "POST", pathf("/reviews/%d/reply", hidden.ID), map[string]any{"body": "Not true!"})
		wantProblem(t, res, body, http.StatusConflict)
		res, body = apiDo(t, app, f.rw, "POST", pathf("/reviews/%d/reply", rival.ID), map[string]any{"body": "Hello"})
		wantProblem(t, res, body, http.StatusNotFound)
		res, body = apiDo(t, app, f.ro, "POST", pathf("/reviews/%d/reply", four.ID), map[string]any{"body": "Read-only"})
		wantProblem(t, res, body, http.StatusForbidden)
		if r, _ := app.store.ReviewByID(ctx, four.ID); r.Reply != "" {
			t.Fatalf("a refused reply was saved: %q", r.Reply)
		}

		revokeKey(t, app, f.ro)
		res, body = apiDo(t, app, f.ro, "GET", "/reviews", nil)
		wantProblem(t, res, body, http.StatusUnauthorized)
	})
}

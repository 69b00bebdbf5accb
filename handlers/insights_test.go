package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bizprofile/store"
)

// ownerWithListing signs up a user owning one listing without hours.
func ownerWithListing(t *testing.T, app *testApp, email, name string) store.Business {
	t.Helper()
	u := signedInOwner(t, app, email)
	b, err := app.store.CreateBusiness(context.Background(), store.Business{
		Name: name, Description: "Short.", Category: "food", City: "Austin", State: "TX", Published: true,
		OwnerID: sql.NullInt64{Int64: u.ID, Valid: true}, ShowHours: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestInsightsPageStates(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, body := app.get(t, "/ai-insights")
	if !strings.Contains(body, `href="/business/signup">Start Free Trial`) || !strings.Contains(body, `href="/roi-breakdown"`) {
		t.Error("signed-out page lacks its calls to action")
	}
	signedInOwner(t, app, "nolisting@example.com")
	_, body = app.get(t, "/ai-insights")
	if !strings.Contains(body, "Create a listing first") || !strings.Contains(body, `href="/business/create-profile"`) {
		t.Error("a user without listings is not asked to create one")
	}
}

func TestGenerateInsights(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := ownerWithListing(t, app, "chef@example.com", "Hourless Kitchen")
		_, body := app.get(t, "/ai-insights")
		for _, want := range []string{"Hourless Kitchen", "Generate New Insights", "No insights yet for Hourless Kitchen", "Built-in analyser"} {
			if !strings.Contains(body, want) {
				t.Errorf("page lacks %q", want)
			}
		}
		// Without JavaScript: a form post, then back with a toast.
		res, _ := app.post(t, "/ai-insights/generate", url.Values{"business_id": {itoa(int(b.ID))}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/ai-insights?business="+itoa(int(b.ID)) {
			t.Fatalf("generate: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body = app.get(t, res.Header.Get("Location"))
		for _, want := range []string{"Success", "New AI insights generated successfully!", "Add your opening hours", "insight-operations", "Operational efficiency", "Built-in analyser"} {
			if !strings.Contains(body, want) {
				t.Errorf("after generating, page lacks %q", want)
			}
		}
		if n := strings.Count(body, `class="card insight `); n != 5 {
			t.Errorf("%d insights shown, want 5", n)
		}

		// The island: JSON in, JSON out; the list reloads as a fragment.
		req, _ := http.NewRequest(http.MethodPost, app.URL+"/ai-insights/generate", strings.NewReader("business_id="+itoa(int(b.ID))))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept", "application/json")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res, body = app.do(t, req)
		var out struct {
			Success bool   `json:"success"`
			Error   string `json:"error"`
		}
		if err := json.Unmarshal([]byte(body), &out); err != nil || res.StatusCode != 200 || !out.Success {
			t.Fatalf("JSON generate: %d %s", res.StatusCode, body)
		}
		_, list := app.get(t, "/ai-insights/list?business="+itoa(int(b.ID)))
		if strings.Count(list, `class="card insight `) != 10 || strings.Contains(list, "<html") {
			t.Error("the list fragment should hold both runs' 10 insights, without the page around it")
		}
	})
}

func TestInsightsAreOwnerOnly(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := ownerWithListing(t, app, "first@example.com", "First Owner Cafe")
		app.post(t, "/ai-insights/generate", url.Values{"business_id": {itoa(int(b.ID))}})

		other := app.newClient()
		ownerWithListing(t, other, "second@example.com", "Second Owner Cafe")
		for _, p := range []string{"/ai-insights?business=" + itoa(int(b.ID)), "/ai-insights/list?business=" + itoa(int(b.ID))} {
			if res, body := other.get(t, p); res.StatusCode != http.StatusNotFound || strings.Contains(body, "First Owner Cafe") {
				t.Errorf("%s for another owner: %d", p, res.StatusCode)
			}
		}
		if res, _ := other.post(t, "/ai-insights/generate", url.Values{"business_id": {itoa(int(b.ID))}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("generate for another owner's business: %d", res.StatusCode)
		}
		_, body := other.get(t, "/ai-insights")
		if strings.Contains(body, "First Owner Cafe") || strings.Contains(body, "Add your opening hours") {
			t.Error("another owner's insights are shown")
		}
		if res, _ := app.newClient().post(t, "/ai-insights/generate", url.Values{"business_id": {itoa(int(b.ID))}}); res.StatusCode != http.StatusSeeOther {
			t.Error("signed-out generate should send to sign-in")
		}
	})
}

func TestInsightsRateLimit(t *testing.T) {
	app := newTestApp(t, store.SQLite, func(d *Deps) { d.RateLimits.InsightsUser = RateLimit{1, 3600e9} })
	b := ownerWithListing(t, app, "rl@example.com", "Limited Bakery")
	app.post(t, "/ai-insights/generate", url.Values{"business_id": {itoa(int(b.ID))}})
	req, _ := http.NewRequest(http.MethodPost, app.URL+"/ai-insights/generate", strings.NewReader("business_id="+itoa(int(b.ID))))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	res, body := app.do(t, req)
	if res.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, `"success":false`) || !strings.Contains(body, "Please wait") {
		t.Fatalf("second generation: %d %s", res.StatusCode, body)
	}
}

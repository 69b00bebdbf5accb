package handlers

import (
	"context"
	"net/http/httptest"
	"slices"
	"time"

	"database/sql"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bizprofile/ai"
	"bizprofile/ratelimit"

	"bizprofile/store"

	"github.com/PuerkitoBio/goquery"
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
	if page := parseHTML(t, body); !hasLink(page, "Start Free Trial", "/business/signup") || !hasLink(page, "See the ROI breakdown", "/roi-breakdown") {
		t.Error("signed-out page lacks its calls to action")
	}
	signedInOwner(t, app, "nolisting@example.com")
	_, body = app.get(t, "/ai-insights")
	if page := parseHTML(t, body); headings(page, 2, "Create a listing first").Length() != 1 || !hasLink(page, "Create Business Profile", "/business/create-profile") {
		t.Error("a user without listings is not asked to create one")
	}
}

func TestGenerateInsights(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := ownerWithListing(t, app, "chef@example.com", "Hourless Kitchen")
		_, body := app.get(t, "/ai-insights")
		page := parseHTML(t, body)
		if got := textOf(labelled(t, page, "Business").Find("option[selected]")); got != "Hourless Kitchen" {
			t.Errorf("the business shown is %q", got)
		}
		if formOf(page, "Generate New Insights").AttrOr("action", "") != "/ai-insights/generate" {
			t.Error("no 'Generate New Insights' button")
		}
		if list := textOf(region(page, "Insights for Hourless Kitchen")); !strings.Contains(list, "No insights yet for Hourless Kitchen") {
			t.Errorf("the insights list reads %q, want it empty", list)
		}
		if !strings.Contains(textOf(page.Find("main")), "New insights by: Built-in analyser") {
			t.Error("the page does not say what generates the insights")
		}
		// Without JavaScript: a form post, then back with a toast.
		res, _ := app.post(t, "/ai-insights/generate", url.Values{"business_id": {itoa(int(b.ID))}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/ai-insights?business="+itoa(int(b.ID)) {
			t.Fatalf("generate: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body = app.get(t, res.Header.Get("Location"))
		page = parseHTML(t, body)
		if !hasToast(page, "Success", "New AI insights generated successfully!") {
			t.Errorf("no success toast: %+v", toasts(page))
		}
		if n := insights(region(page, "Insights for Hourless Kitchen")).Length(); n != 5 {
			t.Errorf("%d insights shown, want 5", n)
		}
		hours := insightTitled(t, page, "Add your opening hours")
		if insightType(hours) != "Operational efficiency" || !hours.HasClass("insight-operations") || !strings.HasSuffix(textOf(hours), "· Built-in analyser") {
			t.Errorf("the opening hours insight reads %q", textOf(hours))
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
		if fragment := parseHTML(t, list); insights(fragment).Length() != 10 || isPage(fragment) {
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
	app := newTestApp(t, store.SQLite, func(d *testDeps) { d.RateLimits.InsightsUser = ratelimit.Rate{Limit: 1, Window: 3600e9} })
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

// llmServer is a local OpenAI-compatible endpoint: the one outside service
// the tests replace (it is paid).
func llmServer(t *testing.T, status int, content string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if status != http.StatusOK {
			http.Error(w, `{"error":{"message":"upstream down"}}`, status)
			return
		}
		b, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{"message": map[string]string{"role": "assistant", "content": content}}}})
		w.Header().Set("Content-Type", "application/json")
		w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/v1"
}

func generateJSON(t *testing.T, app *testApp, id int64) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, app.URL+"/ai-insights/generate", strings.NewReader("business_id="+itoa(int(id))))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	return app.do(t, req)
}

func TestGenerateWithAnOpenAICompatibleProvider(t *testing.T) {
	reply := `{"insights":[{"type":"revenue_growth","title":"Raise weekday lunch prices","content":"Your lunch menu is 20% below peers.","recommendations":["Add a premium lunch set."]}]}`
	app := newTestApp(t, store.SQLite, func(d *testDeps) {
		d.Insights = ai.NewOpenAI(llmServer(t, http.StatusOK, reply), "test-key", "test-model", ai.WithBackoff(time.Millisecond))
	})
	b := ownerWithListing(t, app, "llm@example.com", "Model Diner")
	if res, body := generateJSON(t, app, b.ID); res.StatusCode != 200 || !strings.Contains(body, `"success":true`) {
		t.Fatalf("generate: %d %s", res.StatusCode, body)
	}
	_, body := app.get(t, "/ai-insights")
	in := insightTitled(t, parseHTML(t, body), "Raise weekday lunch prices")
	if insightType(in) != "Revenue growth" || !in.HasClass("insight-revenue") {
		t.Errorf("the insight is not shown as revenue growth: %q", textOf(in))
	}
	if got := texts(in.Find("ul li")); !slices.Equal(got, []string{"Add a premium lunch set."}) {
		t.Errorf("the insight recommends %q", got)
	}
	if !strings.HasSuffix(textOf(in), "· AI model test-model") {
		t.Errorf("the insight does not say which model wrote it: %q", textOf(in))
	}
}

func TestGenerateReportsProviderFailure(t *testing.T) {
	app := newTestApp(t, store.SQLite, func(d *testDeps) {
		d.Insights = ai.NewOpenAI(llmServer(t, http.StatusBadGateway, ""), "k", "m", ai.WithBackoff(time.Millisecond))
	})
	b := ownerWithListing(t, app, "down@example.com", "Offline Diner")
	res, body := generateJSON(t, app, b.ID)
	var out struct {
		Success bool   `json:"success"`
		Error   string `json:"error"`
	}
	json.Unmarshal([]byte(body), &out)
	if res.StatusCode != http.StatusBadGateway || out.Success || out.Error == "" {
		t.Fatalf("provider down: %d %s", res.StatusCode, body)
	}
	if !strings.Contains(app.logs.String(), "insights: provider failed") {
		t.Error("provider failure not logged")
	}
	// Without JavaScript: back to the page with an error toast, nothing stored.
	res, _ = app.post(t, "/ai-insights/generate", url.Values{"business_id": {itoa(int(b.ID))}})
	_, body = app.get(t, res.Header.Get("Location"))
	page := parseHTML(t, body)
	failed := slices.ContainsFunc(toasts(page), func(ts toast) bool { return ts.Role == "alert" })
	if !failed || !strings.Contains(textOf(region(page, "Insights for Offline Diner")), "No insights yet") {
		t.Error("no error toast, or something was stored")
	}
}

// insights are the insight cards of scope.
func insights(scope finder) *goquery.Selection {
	return scope.Find("li").Has("h3")
}

// insightTitled is the insight card titled title; it fails the test when
// there is not exactly one.
func insightTitled(t *testing.T, page *goquery.Document, title string) *goquery.Selection {
	t.Helper()
	in := headings(page.Find("main"), 3, title).Closest("li")
	if in.Length() != 1 {
		t.Fatalf("%d insights titled %q, want 1", in.Length(), title)
	}
	return in
}

// insightType is what kind of insight a card says it is, above its title.
func insightType(in *goquery.Selection) string {
	return textOf(in.Find("h3").Prev())
}

// The built-in analyser reads the listing's analytics of the last 30 days
// against the 30 before: it quotes them and advises from them, and before
// the first view it only says the figures will come.
func TestInsightsReadTheListingsAnalytics(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	ctx := context.Background()
	quiet := ownerWithListing(t, app, "kitchens@example.com", "Quiet Kitchen")
	busy, err := app.store.CreateBusiness(ctx, store.Business{Name: "Busy Kitchen", Category: "food", City: "Austin", Published: true, OwnerID: quiet.OwnerID})
	must(t, err)
	now := time.Now()
	must(t, app.store.AddListingStats(ctx, map[store.StatKey]store.StatCounts{
		{BusinessID: busy.ID, Day: store.Day(now)}:                    {Views: 40, Visitors: 30, Impressions: 1500, PhoneClicks: 1},
		{BusinessID: busy.ID, Day: store.Day(now.AddDate(0, 0, -29))}: {Views: 20, Visitors: 20, Impressions: 1000, ContactClicks: 1},
		{BusinessID: busy.ID, Day: store.Day(now.AddDate(0, 0, -30))}: {Views: 100, Visitors: 90, Impressions: 2000},
		{BusinessID: busy.ID, Day: store.Day(now.AddDate(0, 0, -60))}: {Views: 500}, // before both periods
	}, nil))

	for _, tc := range []struct {
		b        store.Business
		says     string
		advice   []string
		noAdvice string
	}{
		{quiet, "No visits to Quiet Kitchen have been counted in the last 30 days yet", nil, "search results"},
		{busy, "In the last 30 days: 60 views from 50 visitors, 2500 appearances in search results (2.4% opened the listing), 2 contact clicks and 0 leads (0.0% of views). Views fell 40% against the 30 days before (60 against 100).",
			[]string{"Views are falling", "60 views brought 0 leads (0.0%)", "Your listing appeared 2500 times in search results but was opened 60 times (2.4%)"}, ""},
	} {
		if res, body := generateJSON(t, app, tc.b.ID); res.StatusCode != http.StatusOK {
			t.Fatalf("generate for %s: %d %s", tc.b.Name, res.StatusCode, body)
		}
		_, body := app.get(t, "/ai-insights?business="+itoa(int(tc.b.ID)))
		page := parseHTML(t, body)
		acquisition := insightTitled(t, page, "No leads yet")
		if !strings.Contains(textOf(acquisition), tc.says) {
			t.Errorf("%s: the acquisition insight reads %q, want %q in it", tc.b.Name, textOf(acquisition), tc.says)
		}
		advice := strings.Join(texts(insights(page).Find("ul li")), "\n")
		for _, a := range tc.advice {
			if !strings.Contains(advice, a) {
				t.Errorf("%s: no advice %q in\n%s", tc.b.Name, a, advice)
			}
		}
		if tc.noAdvice != "" && strings.Contains(advice, tc.noAdvice) {
			t.Errorf("%s: advice from figures that are not there:\n%s", tc.b.Name, advice)
		}
	}
}

package handlers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"bizprofile/store"
	"bizprofile/views"
)

// The home page states how many businesses the directory lists, read from
// the data: the five sample listings, then one more once its page is
// published and the cached count is read again.
func TestHomePageShowsTheListedCount(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		seeded(t, app)
		n, err := app.store.CountPublished(context.Background())
		must(t, err)
		if n != 5 {
			t.Fatalf("seeded %d published listings, want the 5 samples", n)
		}
		_, body := app.get(t, "/")
		page := parseHTML(t, body)
		if got := terms(page.Find("main"))["businesses listed"]; got != "5" {
			t.Errorf("home page: businesses listed = %q, want 5 (stats %v)", got, terms(page.Find("main")))
		}
		if d := page.Find(`meta[name="description"]`).AttrOr("content", ""); !strings.Contains(d, "5 businesses are listed") {
			t.Errorf("home page description %q does not give the count", d)
		}
		for _, path := range []string{"/features", "/about", "/press"} {
			_, body := app.get(t, path)
			if got := terms(parseHTML(t, body).Find("main"))["businesses listed"]; got != "5" {
				t.Errorf("%s: businesses listed = %q, want 5", path, got)
			}
		}
	})
}

// The 500 page gives the request's id, which the error's log line carries,
// and the support link quotes it.
func TestServerErrorPageGivesTheLoggedReference(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	boom := withRequestID(app.h.recoverPanic(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("broken")
	})))
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/x", nil)
	req.Header.Set("X-Request-Id", "req-7f3a")
	boom.ServeHTTP(rec, req)
	if rec.Code != http.StatusInternalServerError {
		t.Fatalf("status = %d, want 500", rec.Code)
	}
	page := parseHTML(t, rec.Body.String())
	if got := textOf(byTestID(page, "error-reference")); got != "req-7f3a" {
		t.Errorf("the page's reference is %q, want the request id req-7f3a", got)
	}
	if href := linksTo(page.Find("main"), "mailto:support@bizprofile.test?subject=Error%20req-7f3a"); href.Length() != 1 {
		t.Error("the support link does not quote the reference")
	}
	var logged bool
	for _, line := range strings.Split(app.logs.String(), "\n") {
		if strings.Contains(line, `msg="server error"`) && strings.Contains(line, "request_id=req-7f3a") {
			logged = true
		}
	}
	if !logged {
		t.Errorf("no server error logged with the reference:\n%s", app.logs.String())
	}
}

// A page without the count (the domain answers 0 when the database could
// not give it: domain's TestListedCountIsCachedAndSurvivesAFailingDatabase)
// shows no figure and keeps its others.
func TestPagesWithoutTheListedCountShowNoFigure(t *testing.T) {
	var buf strings.Builder
	must(t, views.HomePage(views.Chrome{Site: testSite, Path: "/"}).Render(context.Background(), &buf))
	stats := terms(parseHTML(t, buf.String()).Find("main"))
	if _, ok := stats["businesses listed"]; ok {
		t.Errorf("home page states a count it could not read: %v", stats)
	}
	if stats["categories to list in"] == "" {
		t.Errorf("home page lost its other figures: %v", stats)
	}
}

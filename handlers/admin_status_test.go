package handlers

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
)

// incidentOn is the incident titled title in scope, and the statuses of
// its timeline as shown (newest first).
func incidentOn(scope *goquery.Selection, title string) (*goquery.Selection, []string) {
	inc := byTestID(scope, "incident").FilterFunction(func(_ int, a *goquery.Selection) bool {
		return textOf(a.Find("h3")) == title
	})
	return inc, texts(inc.Find(".incident-updates li strong"))
}

// An administrator opens an incident, posts an update and resolves it: the
// status page shows it at the top with its timeline, then among the past
// incidents; each step is recorded with who wrote it and emails the
// confirmed status subscribers (and nobody unconfirmed).
func TestIncidentLifecycleOnTheStatusPage(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		sub, _, err := app.store.Subscribe(ctx, "watcher@example.com", store.ListStatus, time.Hour)
		must(t, err)
		_, err = app.store.ConfirmSubscription(ctx, sub.Token)
		must(t, err)
		_, _, err = app.store.Subscribe(ctx, "unsure@example.com", store.ListStatus, time.Hour) // never confirmed
		must(t, err)
		admin := app.asAdmin(t)
		visitor := app.newClient()
		const title = "Emails are delayed"

		res, _ := admin.post(t, "/admin/status/incidents", url.Values{
			"title": {title}, "impact": {"minor"}, "components": {"email", "jobs"},
			"status": {"investigating"}, "message": {"Sign-up emails arrive late; we are looking into it."},
		})
		loc := res.Header.Get("Location")
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "/admin/status#incident-") {
			t.Fatalf("open incident: %d to %q", res.StatusCode, loc)
		}
		id := strings.TrimPrefix(loc, "/admin/status#incident-")
		mail := app.inbox.waitForSubject(t, "watcher@example.com", "Incident: "+title)
		if !strings.Contains(mail.Text, "Sign-up emails arrive late") || !strings.Contains(mail.Text, "/status#incident-"+id) {
			t.Errorf("the incident's email: %q", mail.Text)
		}

		_, doc := visitor.statusPage(t)
		inc, timeline := incidentOn(region(doc, "Current incidents"), title)
		if inc.Length() != 1 || !slices.Equal(timeline, []string{"Investigating"}) {
			t.Fatalf("current incidents: %q, timeline %q", texts(region(doc, "Current incidents").Find("h3")), timeline)
		}
		if got := textOf(byTestID(doc, "status-banner").Find(".status-banner-title")); got != "Some systems are degraded" {
			t.Errorf("banner with a minor incident open: %q", got)
		}
		if got := statusParts(t, doc)["email"].Incidents; !slices.Equal(got, []string{"Incident: " + title}) {
			t.Errorf("email delivery's incidents: %q", got)
		}

		update := func(status, message string) *http.Response {
			t.Helper()
			res, _ := admin.post(t, "/admin/status/incidents/"+id+"/updates", url.Values{"status": {status}, "message": {message}})
			return res
		}
		if res := update("identified", "Our mail provider limits our sending; we have asked for more."); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("post update: %d", res.StatusCode)
		}
		app.inbox.waitForSubject(t, "watcher@example.com", "Update: "+title+" (Identified)")
		if res := update("resolved", "Emails are delivered within seconds again."); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("resolve: %d", res.StatusCode)
		}
		app.inbox.waitForSubject(t, "watcher@example.com", "Resolved: "+title)
		if n := app.inbox.count(t, "unsure@example.com"); n != 0 {
			t.Errorf("an unconfirmed subscriber got %d emails", n)
		}

		_, doc = visitor.statusPage(t)
		if region(doc, "Current incidents").Length() != 0 {
			t.Error("a resolved incident is still current")
		}
		if _, timeline := incidentOn(region(doc, "Past incidents"), title); !slices.Equal(timeline, []string{"Resolved", "Identified", "Investigating"}) {
			t.Errorf("past incident's timeline %q", timeline)
		}
		if got := textOf(byTestID(doc, "status-banner").Find(".status-banner-title")); got != "All systems operational" {
			t.Errorf("banner after resolving: %q", got)
		}

		// The administrators see who wrote each update.
		_, body := admin.get(t, "/admin/status")
		page := parseHTML(t, body)
		past, _ := incidentOn(region(page, "Resolved in the last 90 days"), title)
		for _, line := range texts(past.Find(".incident-time")) {
			if !strings.HasSuffix(line, adminEmail) {
				t.Errorf("update without its author: %q", line)
			}
		}
		// A resolved incident takes no more updates.
		res = update("monitoring", "Too late.")
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("update of a resolved incident: %d", res.StatusCode)
		}
		_, body = admin.get(t, res.Header.Get("Location"))
		if !hasToast(parseHTML(t, body), "Already resolved", "") {
			t.Errorf("no toast about the resolved incident: %+v", toasts(parseHTML(t, body)))
		}
		if res := update("monitoring", "Nobody"); res.StatusCode != http.StatusSeeOther {
			t.Errorf("second late update: %d", res.StatusCode)
		}
		if res, _ := admin.post(t, "/admin/status/incidents/99999/updates", url.Values{"status": {"monitoring"}, "message": {"x"}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("update of no incident: %d", res.StatusCode)
		}
	}, withAdmin)
}

func TestOpeningAnIncidentWithErrorsKeepsWhatWasTyped(t *testing.T) {
	app := newTestApp(t, store.SQLite, withAdmin)
	admin := app.asAdmin(t)
	res, body := admin.post(t, "/admin/status/incidents", url.Values{
		"title": {""}, "impact": {"dramatic"}, "components": {"email", "mainframe"},
		"status": {"resolved"}, "message": {"Kept as typed."},
	})
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("incident with errors: %d", res.StatusCode)
	}
	form := region(parseHTML(t, body), "Open an incident")
	for label, want := range map[string]string{
		"Title":                         "Give the incident a title.",
		"Critical: the service is down": "Choose the impact.",
		"Email delivery":                "Choose among the systems listed.",
	} {
		if got := fieldError(labelled(t, form, label)); got != want {
			t.Errorf("%s: error %q, want %q", label, got, want)
		}
	}
	if got := valueOf(labelled(t, form, "First update")); got != "Kept as typed." {
		t.Errorf("message not kept: %q", got)
	}
	if got := valueOf(labelled(t, form, "Status")); got != "resolved" {
		t.Errorf("status not kept: %q", got)
	}
	if !checked(labelled(t, form, "Email delivery")) || checked(labelled(t, form, "Background jobs")) {
		t.Error("the affected systems ticked are not kept")
	}
	if open, _ := app.store.OpenIncidents(context.Background()); len(open) != 0 {
		t.Errorf("an incident with errors was stored: %+v", open)
	}
}

func TestAdminStatusIsForAdministratorsOnly(t *testing.T) {
	app := newTestApp(t, store.SQLite, withAdmin)
	member := app.newClient()
	member.account(t, "member@example.com", store.KindBusiness)
	for name, c := range map[string]*testApp{"signed out": app.newClient(), "a member": member} {
		if res, _ := c.get(t, "/admin/status"); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: GET /admin/status %d, want 404", name, res.StatusCode)
		}
		res, _ := c.post(t, "/admin/status/incidents", url.Values{"title": {"x"}, "impact": {"minor"}, "status": {"investigating"}, "message": {"x"}})
		if res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: open incident %d, want 404", name, res.StatusCode)
		}
	}
	if open, _ := app.store.OpenIncidents(context.Background()); len(open) != 0 {
		t.Errorf("a non-administrator opened an incident: %+v", open)
	}
	admin := app.asAdmin(t)
	res, body := admin.get(t, "/admin/status")
	if res.StatusCode != http.StatusOK || headings(parseHTML(t, body), 1, "Status and incidents").Length() != 1 {
		t.Errorf("administrator: %d", res.StatusCode)
	}
	if !hasLink(region(parseHTML(t, body), "Administration"), "Status and incidents", "/admin/status") {
		t.Error("/admin/status is not in the administration's navigation")
	}
}

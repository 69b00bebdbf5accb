package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
	"bizprofile/views"
)

func TestVerificationsAreForAdministratorsOnly(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := verifiableListing(t, app, "fay@fays.com", "Fay's Flowers", "https://fays-flowers.com")
		res, _ := app.post(t, manageURL(b.ID)+"/verification", url.Values{"statement": {"I arrange every bouquet myself."}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("request: %d", res.StatusCode)
		}
		req, err := app.store.LatestVerificationRequest(context.Background(), b.ID)
		must(t, err)
		for _, client := range []*testApp{app, app.newClient()} {
			if res, _ := client.get(t, "/admin/verifications"); res.StatusCode != http.StatusNotFound {
				t.Errorf("/admin/verifications for a non-administrator: %d, want 404", res.StatusCode)
			}
			if res, _ := client.post(t, "/admin/verifications/"+itoa(int(req.ID))+"/approve", url.Values{}); res.StatusCode != http.StatusNotFound {
				t.Errorf("approving as a non-administrator: %d, want 404", res.StatusCode)
			}
		}
		if got, _ := app.store.BusinessByID(context.Background(), b.ID); got.Verified {
			t.Error("a non-administrator verified a listing")
		}
		admin := app.asAdmin(t)
		if res, _ := admin.post(t, "/admin/verifications/999999/approve", url.Values{}); res.StatusCode != http.StatusNotFound {
			t.Errorf("approving no request: %d, want 404", res.StatusCode)
		}
		if res, _ := admin.post(t, "/admin/verifications/999999/reject", url.Values{}); res.StatusCode != http.StatusNotFound {
			t.Errorf("rejecting no request without a reason: %d, want 404", res.StatusCode)
		}
		// Deciding twice: the second is told.
		path := "/admin/verifications/" + itoa(int(req.ID))
		admin.post(t, path+"/approve", url.Values{})
		res, _ = admin.post(t, path+"/reject", url.Values{"reason": {"Changed my mind."}})
		_, body := admin.get(t, res.Header.Get("Location"))
		if !hasToast(parseHTML(t, body), "Already decided", "") {
			t.Errorf("toasts after deciding twice = %+v", toasts(parseHTML(t, body)))
		}
		if got, _ := app.store.BusinessByID(context.Background(), b.ID); !got.Verified {
			t.Error("the second decision undid the first")
		}
	}, withAdmin)
}

// While the app has no administrator at all, a signed-in visitor of any
// /admin address is told how to make one; once there is one, /admin is a
// page that does not exist again.
func TestFirstAdministratorHint(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		if res, _ := app.get(t, "/admin"); res.StatusCode != http.StatusNotFound {
			t.Errorf("/admin signed out: %d, want 404", res.StatusCode)
		}
		app.account(t, "gus@example.com", store.KindBusiness)
		for _, path := range []string{"/admin", "/admin/verifications", "/admin/claims", "/admin/nothing-here"} {
			res, body := app.get(t, path)
			doc := parseHTML(t, body)
			if res.StatusCode != http.StatusForbidden || headings(doc, 1, "No administrator yet").Length() != 1 {
				t.Fatalf("%s without any administrator: %d %q", path, res.StatusCode, textOf(doc.Find("h1")))
			}
			command := textOf(doc.Find("pre code"))
			if command != "bin/bizprofile admin grant gus@example.com" {
				t.Errorf("the command shown = %q", command)
			}
			if !strings.Contains(textOf(doc.Find("main")), "go run . admin grant gus@example.com") {
				t.Errorf("the page does not give the development command: %q", textOf(doc.Find("main")))
			}
		}
		must(t, app.store.SetAdmin(context.Background(), "gus@example.com", true))
		if res, _ := app.get(t, "/admin/verifications"); res.StatusCode != http.StatusOK {
			t.Errorf("/admin/verifications once granted: %d, want 200", res.StatusCode)
		}
		other := app.newClient()
		other.account(t, "hal@example.com", store.KindBusiness)
		if res, _ := other.get(t, "/admin"); res.StatusCode != http.StatusNotFound {
			t.Errorf("/admin for a non-administrator once one exists: %d, want 404", res.StatusCode)
		}
	})
}

// ADMIN_EMAILS names an administrator, even one without an account yet:
// /admin stays a page that does not exist for everyone else.
func TestNoFirstAdministratorHintWithAdminEmails(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.account(t, "ida@example.com", store.KindBusiness)
		if res, _ := app.get(t, "/admin"); res.StatusCode != http.StatusNotFound {
			t.Errorf("/admin for a non-administrator with ADMIN_EMAILS set: %d, want 404", res.StatusCode)
		}
	}, withAdmin)
}

// A listing's administration page shows how and when it is verified now,
// and every request of its owner with its decision (who, when, why), a
// waiting one linking to the queue that decides it.
func TestAdminBusinessPageShowsItsVerificationHistory(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		b := verifiableListing(t, app, "gia@gmail.com", "Gia's Garden", "https://gias-garden.com")
		admin := app.asAdmin(t)
		page := func() *goquery.Selection {
			t.Helper()
			res, body := admin.get(t, "/admin/businesses/"+itoa(int(b.ID)))
			if res.StatusCode != http.StatusOK {
				t.Fatalf("/admin/businesses/%d: %d", b.ID, res.StatusCode)
			}
			s := region(parseHTML(t, body), "Verification")
			if s.Length() != 1 {
				t.Fatalf("%d Verification sections, want 1", s.Length())
			}
			return s
		}
		s := page()
		if now := terms(s)["Now"]; now != "Not verified" {
			t.Errorf("now = %q", now)
		}
		if rows := tableRows(s); len(rows) != 0 || textOf(s.Find("p.muted")) != "Its owner has not asked for verification." {
			t.Errorf("a listing nobody asked to verify: rows %v, says %q", rows, textOf(s.Find("p.muted")))
		}

		ask := func(statement string) store.VerificationRequest {
			t.Helper()
			if res, _ := app.post(t, manageURL(b.ID)+"/verification", url.Values{"statement": {statement}}); res.StatusCode != http.StatusSeeOther {
				t.Fatalf("request: %d", res.StatusCode)
			}
			req, err := app.store.LatestVerificationRequest(ctx, b.ID)
			must(t, err)
			return req
		}
		first := ask("I planted every bed of this garden myself.")
		s = page()
		rows := tableRows(s)
		if len(rows) != 1 || rows[0][1] != "gia@gmail.com" || rows[0][2] != "Waiting" || rows[0][3] != "Approve or reject it among the waiting verifications" {
			t.Fatalf("a waiting request: %v", rows)
		}
		if !hasLink(s, "Approve or reject it among the waiting verifications", "/admin/verifications#request-"+itoa(int(first.ID))) {
			t.Error("the waiting request does not link to the queue")
		}
		if s.Find("tbody time[datetime]").Length() != 1 {
			t.Error("the request's date is no time element")
		}

		res, _ := admin.post(t, "/admin/verifications/"+itoa(int(first.ID))+"/reject", url.Values{"reason": {"The registry names someone else."}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("reject: %d", res.StatusCode)
		}
		second := ask("Here is the registry page under my married name.")
		if res, _ := admin.post(t, "/admin/verifications/"+itoa(int(second.ID))+"/approve", url.Values{}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("approve: %d", res.StatusCode)
		}
		s = page()
		if now, want := terms(s)["Now"], "Verified by our team on "+views.LongDate(time.Now().UTC()); now != want {
			t.Errorf("now = %q, want %q", now, want)
		}
		rows = tableRows(s)
		if len(rows) != 2 {
			t.Fatalf("history = %v, want 2 requests", rows)
		}
		if r := rows[0]; r[1] != "gia@gmail.com" || r[2] != "Approved" || r[3] == "" || r[4] != adminEmail || r[5] != "" {
			t.Errorf("the approval, newest first: %v", r)
		}
		if r := rows[1]; r[2] != "Rejected" || r[3] == "" || r[4] != adminEmail || r[5] != "The registry names someone else." {
			t.Errorf("the rejection: %v", r)
		}
		if links(s, "Approve or reject it among the waiting verifications").Length() != 0 {
			t.Error("a decided request still links to the queue")
		}

		// A domain verification is the app's decision.
		d := verifiableListing(t, app.newClient(), "hal@hals-hardware.com", "Hal's Hardware", "https://hals-hardware.com")
		_, err := app.store.VerifyByDomain(ctx, d.ID, d.OwnerID.Int64)
		must(t, err)
		_, body := admin.get(t, "/admin/businesses/"+itoa(int(d.ID)))
		s = region(parseHTML(t, body), "Verification")
		if now := terms(s)["Now"]; !strings.HasPrefix(now, "Verified: domain since ") {
			t.Errorf("now = %q", now)
		}
		if rows := tableRows(s); len(rows) != 1 || rows[0][2] != "Approved by domain" || rows[0][4] != "The app" {
			t.Errorf("a domain verification: %v", rows)
		}
	}, withAdmin)
}

package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"bizprofile/store"
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

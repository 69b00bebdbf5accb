package handlers

import (
	"cmp"
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"bizprofile/store"
)

// A reset link sent before the password or the email changes stops
// working once it has.
func TestResetLinkDiesWithAPasswordOrEmailChange(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.signUp(t, "Cy", "cy@example.com", goodPassword)
		app.signIn(t, "cy@example.com", goodPassword)
		resetLink := func(email string) string {
			t.Helper()
			before := app.inbox.count(t, email)
			if res, _ := app.newClient().post(t, "/password/forgot", url.Values{"email": {email}}); res.StatusCode != http.StatusOK {
				t.Fatalf("forgot password: %d", res.StatusCode)
			}
			waitUntil(t, "the reset email", func() bool { return app.inbox.count(t, email) > before })
			return strings.TrimPrefix(app.inbox.link(t, email, "/reset-password?token="), testSite.BaseURL)
		}

		link := resetLink("cy@example.com")
		res, _ := app.post(t, "/profile/password", url.Values{"current_password": {goodPassword}, "password": {"next-pass-99z"}, "confirm_password": {"next-pass-99z"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("change password: %d", res.StatusCode)
		}
		if res, _ := app.get(t, link); res.StatusCode != http.StatusBadRequest {
			t.Errorf("a reset link from before the password change still shows the form: %d", res.StatusCode)
		}
		token := strings.SplitN(link, "token=", 2)[1]
		if res, _ := app.newClient().post(t, "/reset-password", url.Values{"token": {token}, "password": {"taken-over-11q"}, "confirm_password": {"taken-over-11q"}}); res.StatusCode != http.StatusBadRequest {
			t.Errorf("a reset link from before the password change set a password: %d", res.StatusCode)
		}

		link = resetLink("cy@example.com")
		res, _ = app.post(t, "/profile/email", url.Values{"new_email": {"cy.new@example.com"}, "current_password": {"next-pass-99z"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("email change: %d", res.StatusCode)
		}
		confirm := app.inbox.link(t, "cy.new@example.com", "/profile/confirm-email?token=")
		app.get(t, strings.TrimPrefix(confirm, testSite.BaseURL))
		if _, err := app.store.UserByEmail(context.Background(), "cy.new@example.com"); err != nil {
			t.Fatalf("email not changed: %v", err)
		}
		if res, _ := app.get(t, link); res.StatusCode != http.StatusBadRequest {
			t.Errorf("a reset link sent to the old address still works after the email change: %d", res.StatusCode)
		}
	})
}

// 'Forgot password' and 'resend verification' do the same work in the
// request for every address: they queue one job carrying the address, and
// the job, off the request path, finds the account, makes the link and
// sends it. Until the job runs there is no new link.
func TestResetAndResendQueueTheSameJobForEveryAddress(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		app.signUp(t, "Rae", "rae@example.com", goodPassword)
		if res, _ := app.newClient().post(t, "/signup", url.Values{"full_name": {"Una"}, "email": {"una@example.com"}, "password": {goodPassword}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign-up: %d", res.StatusCode)
		}
		app.inbox.waitFor(t, "una@example.com")
		queued := func() []store.Job {
			t.Helper()
			js, _, err := app.store.Jobs(ctx, store.JobQueued, store.Page{Limit: 20})
			must(t, err)
			return js
		}
		waitUntil(t, "the sign-up emails sent", func() bool { return len(queued()) == 0 })
		app.stopQueue()
		sentBefore := len(app.inbox.all(t))
		links := map[string][]store.Token{} // each account's working links before the requests
		for _, email := range []string{"rae@example.com", "una@example.com"} {
			u, err := app.store.UserByEmail(ctx, email)
			must(t, err)
			links[email], err = app.store.OpenTokens(ctx, u.ID)
			must(t, err)
		}

		forms := []struct{ path, known, unknown string }{
			{"/password/forgot", "rae@example.com", "ghost@example.com"},
			{"/verify-email/resend", "una@example.com", "nobody@example.com"},
		}
		for _, f := range forms {
			for _, email := range []string{f.known, f.unknown} {
				if res, _ := app.newClient().post(t, f.path, url.Values{"email": {email}}); res.StatusCode >= 400 {
					t.Fatalf("%s for %s: %d", f.path, email, res.StatusCode)
				}
			}
		}
		jobs := queued()
		slices.SortFunc(jobs, func(a, b store.Job) int { return cmp.Compare(a.ID, b.ID) })
		if len(jobs) != 2*len(forms) {
			t.Fatalf("%d jobs queued, want one per request, for known and unknown addresses alike: %+v", len(jobs), jobs)
		}
		for i, f := range forms {
			known, unknown := jobs[2*i], jobs[2*i+1]
			if known.Kind != unknown.Kind || strings.ReplaceAll(known.Payload, f.known, "E") != strings.ReplaceAll(unknown.Payload, f.unknown, "E") {
				t.Errorf("%s: the job for a known address (%s %s) differs from the one for an unknown address (%s %s)", f.path, known.Kind, known.Payload, unknown.Kind, unknown.Payload)
			}
		}
		if n := len(app.inbox.all(t)); n != sentBefore {
			t.Fatalf("%d emails sent with the queue stopped", n-sentBefore)
		}

		for _, email := range []string{"rae@example.com", "una@example.com"} {
			u, err := app.store.UserByEmail(ctx, email)
			must(t, err)
			open, err := app.store.OpenTokens(ctx, u.ID)
			must(t, err)
			if want := links[email]; len(open) != len(want) || len(open) == 1 && open[0].Hash != want[0].Hash {
				t.Errorf("%s's links changed in the request, before the job ran: %+v, had %+v", email, open, want)
			}
		}

		runQueue(t, app.work) // the queue works again
		reset := app.inbox.link(t, "rae@example.com", "/reset-password?token=")
		if res, _ := app.get(t, strings.TrimPrefix(reset, testSite.BaseURL)); res.StatusCode != http.StatusOK {
			t.Errorf("the reset link from the job: %d", res.StatusCode)
		}
		waitUntil(t, "a second verification email to una", func() bool { return app.inbox.count(t, "una@example.com") == 2 })
		for _, f := range forms {
			if n := app.inbox.count(t, f.unknown); n != 0 {
				t.Errorf("%d emails to %s, which has no account", n, f.unknown)
			}
		}
	})
}

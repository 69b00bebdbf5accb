package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"bizprofile/store"
	"bizprofile/webhooks"
)

// A lead is committed with the email job that tells its owner. If the
// process dies before the send, the email waits in the database; the
// next start sends it, once.
func TestLeadEmailSurvivesAProcessKilledBeforeTheSend(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		b := ownedListing(t, app, "owner@example.com", "Night Owl Bakery")
		app.stopQueue() // the process is killed before any send

		res, _ := app.newClient().post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {"Vic"}, "email": {"vic@example.com"}, "message": {"Do you bake rye on Sundays?"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("lead: %d", res.StatusCode)
		}
		queued, _, err := app.store.Jobs(ctx, store.JobQueued, store.Page{Limit: 10})
		must(t, err)
		if len(queued) != 1 || !strings.Contains(queued[0].Payload, "Do you bake rye on Sundays?") {
			t.Fatalf("the lead's email is not waiting in the queue: %+v", queued)
		}
		if n := len(app.inbox.all(t)); n != 0 {
			t.Fatalf("%d emails sent with the queue stopped", n)
		}

		runQueue(t, app.work) // the restart
		m := app.inbox.waitForSubject(t, "owner@example.com", "New enquiry")
		if !strings.Contains(m.Text, "Do you bake rye on Sundays?") {
			t.Errorf("the late email lacks the message: %s", m.Text)
		}
		waitUntil(t, "the job marked done", func() bool {
			done, _, _ := app.store.Jobs(ctx, store.JobDone, store.Page{Limit: 10})
			return len(done) == 1
		})
		if n := app.inbox.count(t, "owner@example.com"); n != 1 {
			t.Errorf("the owner got %d emails, want 1", n)
		}
	})
}

// jobCard is the job's entry on /admin/jobs.
func jobCard(t *testing.T, body string, id int64) *goquery.Selection {
	t.Helper()
	card := parseHTML(t, body).Find(`li[data-job="` + strconv.FormatInt(id, 10) + `"]`)
	if card.Length() != 1 {
		t.Fatalf("job %d is not listed", id)
	}
	return card
}

// An email that keeps failing ends as a failed job on /admin/jobs, with
// its error; Retry sends it once the mail server is back.
func TestFailedEmailShowsOnAdminJobsAndRetrySendsIt(t *testing.T) {
	var outage mailOutage // each engine's app sets its own port before its run
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		b := ownedListing(t, app, "owner@example.com", "Stormy Weather Roofing")
		res, _ := app.newClient().post(t, "/directory/"+b.Slug+"/contact", url.Values{"name": {"Vic"}, "email": {"vic@example.com"}, "message": {"My roof leaks."}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("lead: %d", res.StatusCode)
		}
		var job store.Job
		waitUntil(t, "the email to fail for good", func() bool {
			failed, _, _ := app.store.Jobs(ctx, store.JobFailed, store.Page{Limit: 10})
			if len(failed) == 1 {
				job = failed[0]
			}
			return len(failed) == 1
		})
		if job.Attempts != store.DefaultMaxAttempts {
			t.Errorf("failed after %d attempts, want %d", job.Attempts, store.DefaultMaxAttempts)
		}

		admin := app.asAdmin(t)
		_, body := admin.get(t, "/admin")
		if card := linksTo(parseHTML(t, body), "/admin/jobs?status=failed"); card.Length() != 1 || !strings.HasPrefix(textOf(card), "1 ") {
			t.Errorf("the overview does not count the failed job: %q", textOf(card))
		}
		_, body = admin.get(t, "/admin/jobs?status=failed")
		card := jobCard(t, body, job.ID)
		if got := textOf(card.Find("h2")); got != "Email to owner@example.com: New enquiry for Stormy Weather Roofing from Vic" {
			t.Errorf("job summary %q", got)
		}
		if got := textOf(card.Find(".badge")); got != "Failed" {
			t.Errorf("job badge %q", got)
		}
		if errText := textOf(card.Find(".job-error code")); !strings.Contains(errText, "connect") && !strings.Contains(errText, "refused") {
			t.Errorf("the job's last error is not shown: %q", errText)
		}
		if buttons(card, "Retry job #"+strconv.FormatInt(job.ID, 10)).Length() != 1 || buttons(card, "Discard job #"+strconv.FormatInt(job.ID, 10)).Length() != 1 {
			t.Error("a failed job has no Retry and Discard buttons")
		}

		in := outage.restore(t)
		res, _ = admin.post(t, "/admin/jobs/"+strconv.FormatInt(job.ID, 10)+"/retry", nil)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("retry: %d", res.StatusCode)
		}
		if m := in.waitFor(t, "owner@example.com"); !strings.Contains(m.Text, "My roof leaks.") {
			t.Errorf("the retried email: %s", m.Text)
		}
		waitUntil(t, "the job done", func() bool {
			j, _ := app.store.JobByID(ctx, job.ID)
			return j.Status == store.JobDone
		})
		_, body = admin.get(t, "/admin/jobs")
		card = jobCard(t, body, job.ID)
		if got := textOf(card.Find(".badge")); got != "Done" || buttons(card, "Retry job #"+strconv.FormatInt(job.ID, 10)).Length() != 0 {
			t.Errorf("after the retry: badge %q, Retry still offered", got)
		}
		if n := in.count(t, "owner@example.com"); n != 1 {
			t.Errorf("sent %d times, want once", n)
		}
	}, withMailOutage(&outage), withAdmin)
}

func TestDiscardAJob(t *testing.T) {
	app := newTestApp(t, store.SQLite, withAdmin)
	ctx := context.Background()
	app.stopQueue()
	must(t, app.store.Enqueue(ctx, store.NewJob{Kind: "email", Payload: []byte(`{"To":"x@example.com","Subject":"Hello"}`)}))
	queued, _, _ := app.store.Jobs(ctx, store.JobQueued, store.Page{Limit: 1})
	admin := app.asAdmin(t)
	path := "/admin/jobs/" + strconv.FormatInt(queued[0].ID, 10) + "/discard"
	admin.post(t, path, nil)
	if j, _ := app.store.JobByID(ctx, queued[0].ID); j.Status != store.JobDiscarded {
		t.Fatalf("status after discard: %s", j.Status)
	}
	admin.post(t, path, nil)
	_, body := admin.get(t, "/admin/jobs?status=discarded")
	if !hasToast(parseHTML(t, body), "Nothing to discard", "That job is running or already ended.") {
		t.Error("discarding twice is not explained")
	}
	jobCard(t, body, queued[0].ID)
	// Someone else: the page does not exist for them.
	other := app.newClient()
	other.account(t, "nosy@example.com", store.KindBusiness)
	if res, _ := other.post(t, path, nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("a non-administrator's discard: %d", res.StatusCode)
	}
	if res, _ := other.get(t, "/admin/jobs"); res.StatusCode != http.StatusNotFound {
		t.Errorf("a non-administrator sees /admin/jobs: %d", res.StatusCode)
	}
}

// A webhook delivery's job says on /admin/jobs which event goes to which
// endpoint, as an email's names its recipient.
func TestAdminJobsDescribeAWebhookDelivery(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		app.stopQueue()
		u := app.newClient().account(t, "hooked@example.com", store.KindBusiness)
		e, err := app.store.CreateWebhookEndpoint(ctx, u.ID, store.WebhookEndpointFields{URL: "https://crm.example.com/hooks", Events: []string{store.EventLeadCreated}})
		must(t, err)
		deliveryID, err := webhooks.SendTest(ctx, app.store, e)
		must(t, err)
		queued, _, err := app.store.Jobs(ctx, store.JobQueued, store.Page{Limit: 1})
		must(t, err)
		if len(queued) != 1 || queued[0].Kind != webhooks.Kind {
			t.Fatalf("queued = %+v, want the delivery's job", queued)
		}
		_, body := app.asAdmin(t).get(t, "/admin/jobs")
		want := "Webhook ping to endpoint " + strconv.FormatInt(e.ID, 10) + " (delivery " + strconv.FormatInt(deliveryID, 10) + ")"
		if got := textOf(jobCard(t, body, queued[0].ID).Find("h2")); got != want {
			t.Errorf("the job reads %q, want %q", got, want)
		}
	}, withAdmin)
}

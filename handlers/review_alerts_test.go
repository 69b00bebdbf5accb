package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"bizprofile/ai"
	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// onPlan records a subscription to plan in force for the user, as
// Stripe's webhook does.
func onPlan(t *testing.T, app *testApp, userID int64, plan string) {
	t.Helper()
	subscriptionEvent(t, app, userID, plan, false)
}

// offPlan ends the subscription onPlan recorded, as Stripe's webhook does
// when a cancelled plan's period is over.
func offPlan(t *testing.T, app *testApp, userID int64, plan string) {
	t.Helper()
	subscriptionEvent(t, app, userID, plan, true)
}

// subscriptionEvent applies Stripe's event of the user's subscription to
// plan starting, or ended.
func subscriptionEvent(t *testing.T, app *testApp, userID int64, plan string, ended bool) {
	t.Helper()
	ctx := context.Background()
	id := plan + "_" + strconv.FormatInt(userID, 10)
	evt, kind, status, end, at := "evt_"+id, "customer.subscription.created", store.StatusActive, time.Now().AddDate(0, 1, 0), time.Now().Unix()
	if ended {
		evt, kind, status, end, at = "evt_end_"+id, "customer.subscription.deleted", store.StatusCanceled, time.Now().Add(-time.Hour), at+1
	}
	_, err := app.store.ProcessStripeEvent(ctx, evt, kind, func(b *store.BillingTx) error {
		_, err := b.ApplySubscriptionState(ctx, store.SubscriptionState{
			SubscriptionID: "sub_" + id, CustomerID: "cus_" + id, UserID: userID, Plan: plan,
			Status: status, CurrentPeriodEnd: end, At: at,
		})
		return err
	})
	must(t, err)
}

// customer is an account that writes reviews.
func customer(t *testing.T, app *testApp, email string) store.User {
	t.Helper()
	u, _, err := app.store.CreateAccount(context.Background(), store.NewAccount{Email: email, PasswordHash: "x", Kind: store.KindIndividual, Profile: store.Profile{FullName: "Customer"}})
	must(t, err)
	return u
}

// writeReview stores a review of b by author as the review form does
// (domain.Reviews.Write: the review and what it sets off in one
// transaction).
func writeReview(t *testing.T, app *testApp, b store.Business, author store.User, stars int, title string) store.Review {
	t.Helper()
	body := "We came on a Saturday morning; " + title + " is what we will remember."
	r, err := app.h.domain.Reviews.Write(context.Background(), b, author, nil, domain.ReviewInput{
		Rating: strconv.Itoa(stars), Title: title, Body: body, Name: "Reviewer " + strconv.FormatInt(author.ID, 10),
	})
	must(t, err)
	return r
}

// queuedJobs are the jobs waiting in the queue, by kind.
func queuedJobs(t *testing.T, app *testApp) map[string][]store.Job {
	t.Helper()
	js, _, err := app.store.Jobs(context.Background(), store.JobQueued, store.Page{Limit: 100})
	must(t, err)
	byKind := map[string][]store.Job{}
	for _, j := range js {
		byKind[j.Kind] = append(byKind[j.Kind], j)
	}
	return byKind
}

// queuedMail are the emails waiting in the queue.
func queuedMail(t *testing.T, app *testApp) []bizmail.Message {
	t.Helper()
	var ms []bizmail.Message
	for _, j := range queuedJobs(t, app)[jobs.KindEmail] {
		var m bizmail.Message
		must(t, json.Unmarshal([]byte(j.Payload), &m))
		ms = append(ms, m)
	}
	return ms
}

// Alerts are queued only for plans that bring them, as the owner chose:
// Starter owners get none whatever their setting; on Growth and Pro,
// 'each' queues an email per review, 'daily' one digest however many
// reviews come, 'off' nothing.
func TestReviewAlertsFollowThePlanAndTheSetting(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.stopQueue() // what is queued stays in the table to be read
		ctx := context.Background()
		for i, tc := range []struct {
			plan, setting string
			emails        int
			digests       int
		}{
			{"starter", store.ReviewAlertsEach, 0, 0},
			{"starter", store.ReviewAlertsDaily, 0, 0},
			{"growth", store.ReviewAlertsEach, 3, 0},
			{"growth", store.ReviewAlertsDaily, 0, 1},
			{"growth", store.ReviewAlertsOff, 0, 0},
			{"pro", store.ReviewAlertsEach, 3, 0},
		} {
			t.Run(tc.plan+"-"+tc.setting, func(t *testing.T) {
				before := queuedJobs(t, app)
				owner := "owner" + strconv.Itoa(i) + "@example.com"
				b := ownedListing(t, app, owner, "Listing "+strconv.Itoa(i))
				if tc.plan != "starter" {
					onPlan(t, app, b.OwnerID.Int64, tc.plan)
				}
				must(t, app.store.SetReviewAlerts(ctx, b.OwnerID.Int64, tc.setting))
				var last store.Review
				for n := range 3 {
					last = writeReview(t, app, b, customer(t, app, "c"+strconv.Itoa(i)+"-"+strconv.Itoa(n)+"@example.com"), 5-n, "Visit "+strconv.Itoa(n))
				}
				after := queuedJobs(t, app)
				var mails []bizmail.Message
				for _, m := range queuedMail(t, app) {
					if m.To == owner {
						mails = append(mails, m)
					}
				}
				if len(mails) != tc.emails {
					t.Errorf("%d emails queued to the owner, want %d", len(mails), tc.emails)
				}
				if tc.emails > 0 {
					m := mails[0]
					link := testSite.BaseURL + "/dashboard/businesses/" + strconv.FormatInt(b.ID, 10) + "/reviews#review-" + strconv.FormatInt(last.ID, 10)
					if !strings.HasPrefix(m.Subject, "New ") || !strings.Contains(m.Subject, "-star review of "+b.Name) {
						t.Errorf("alert subject %q", m.Subject)
					}
					if !anyMail(mails, func(m bizmail.Message) bool {
						return strings.Contains(m.Text, link) && strings.Contains(m.Text, "“Visit 2”")
					}) {
						t.Errorf("no alert quotes the last review with a link to it (%s)", link)
					}
				}
				digests := len(after[jobs.KindReviewDigest]) - len(before[jobs.KindReviewDigest])
				if digests != tc.digests {
					t.Errorf("%d digests queued, want %d", digests, tc.digests)
				}
				if tc.digests > 0 {
					d := after[jobs.KindReviewDigest][0]
					if want := jobs.NextDigestAt(time.Now()); !d.RunAt.Equal(want) && !d.RunAt.Equal(want.AddDate(0, 0, -1)) {
						t.Errorf("the digest runs at %v, want the next 8:00 UTC (%v)", d.RunAt, want)
					}
				}
			})
		}
	})
}

func anyMail(ms []bizmail.Message, ok func(bizmail.Message) bool) bool {
	for _, m := range ms {
		if ok(m) {
			return true
		}
	}
	return false
}

// The daily digest sends one email with the reviews written since the
// last one, and nothing when there are none; a digest that finds the
// owner no longer wants it sends nothing.
func TestReviewDigestSendsTheNewReviewsOnce(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		app.stopQueue()
		ctx := context.Background()
		bakery := ownedListing(t, app, "digest@example.com", "Harbor Bakery")
		ownerID := bakery.OwnerID.Int64
		cafe, err := app.store.CreateBusiness(ctx, store.Business{Name: "Corner Cafe", Published: true, OwnerID: bakery.OwnerID})
		must(t, err)
		onPlan(t, app, ownerID, "growth")
		must(t, app.store.SetReviewAlerts(ctx, ownerID, store.ReviewAlertsDaily))
		writeReview(t, app, bakery, customer(t, app, "a@example.com"), 5, "Best rye in town")
		writeReview(t, app, cafe, customer(t, app, "b@example.com"), 2, "Cold coffee")
		writeReview(t, app, bakery, customer(t, app, "c@example.com"), 4, "Friendly staff")
		digests := queuedJobs(t, app)[jobs.KindReviewDigest]
		if len(digests) != 1 || len(queuedMail(t, app)) != 0 {
			t.Fatalf("%d digests and %d emails queued, want one digest and no email", len(digests), len(queuedMail(t, app)))
		}
		runDigest := jobs.ForOwner(app.h.domain.Reviews.SendDigest)
		must(t, runDigest(ctx, []byte(digests[0].Payload)))
		mails := queuedMail(t, app)
		if len(mails) != 1 {
			t.Fatalf("%d emails queued by the digest, want 1", len(mails))
		}
		m := mails[0]
		if m.To != "digest@example.com" || m.Subject != "3 new reviews of your listings" {
			t.Errorf("digest to %q: %q", m.To, m.Subject)
		}
		for _, s := range []string{"“Best rye in town”", "“Cold coffee”", "“Friendly staff”", "on Corner Cafe", "Read and reply:\n" + testSite.BaseURL + "/dashboard"} {
			if !strings.Contains(m.Text, s) {
				t.Errorf("the digest lacks %q:\n%s", s, m.Text)
			}
		}
		if since, _ := app.store.ReviewDigestSince(ctx, ownerID, time.Now()); time.Since(since) > time.Minute {
			t.Errorf("the digest's time was not recorded: %v", since)
		}

		// Nothing new: nothing sent.
		must(t, runDigest(ctx, []byte(digests[0].Payload)))
		if n := len(queuedMail(t, app)); n != 1 {
			t.Errorf("a digest without new reviews queued an email (%d in all)", n)
		}
		// One new review: the next digest has it alone, and links its
		// listing's reviews page.
		writeReview(t, app, cafe, customer(t, app, "d@example.com"), 5, "Warm welcome")
		must(t, runDigest(ctx, []byte(digests[0].Payload)))
		mails = queuedMail(t, app)
		if len(mails) != 2 {
			t.Fatalf("%d emails, want the second digest", len(mails))
		}
		second := mails[0] // newest first
		if second.Subject != "1 new review of Corner Cafe" || strings.Contains(second.Text, "Best rye in town") ||
			!strings.Contains(second.Text, testSite.BaseURL+"/dashboard/businesses/"+strconv.FormatInt(cafe.ID, 10)+"/reviews") {
			t.Errorf("second digest %q:\n%s", second.Subject, second.Text)
		}
		// The owner turns review emails off before the digest runs.
		writeReview(t, app, cafe, customer(t, app, "e@example.com"), 3, "Fine")
		must(t, app.store.SetReviewAlerts(ctx, ownerID, store.ReviewAlertsOff))
		must(t, runDigest(ctx, []byte(digests[0].Payload)))
		if n := len(queuedMail(t, app)); n != 2 {
			t.Errorf("a digest for an owner who turned emails off queued an email (%d in all)", n)
		}

		// Delivered by the queue, once.
		runQueue(t, app.work)
		app.inbox.waitForSubject(t, "digest@example.com", "3 new reviews of your listings")
		app.inbox.waitForSubject(t, "digest@example.com", "1 new review of Corner Cafe")
		if n := app.inbox.count(t, "digest@example.com"); n != 2 {
			t.Errorf("the owner got %d emails, want the 2 digests", n)
		}
	})
}

// An owner on the 'each' setting reads the review in their inbox, with a
// link to it on their reviews page.
func TestReviewAlertEmailReachesTheOwner(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	b := ownedListing(t, app, "each@example.com", "Night Owl Bakery")
	onPlan(t, app, b.OwnerID.Int64, "pro")
	r := writeReview(t, app, b, customer(t, app, "fan@example.com"), 5, "Croissants at midnight")
	m := app.inbox.waitForSubject(t, "each@example.com", "New 5-star review of Night Owl Bakery")
	if !strings.Contains(m.Text, "“Croissants at midnight”") || !strings.Contains(m.Text, "★★★★★ 5 of 5 stars") {
		t.Errorf("the alert does not quote the review:\n%s", m.Text)
	}
	if link := m.link(t, "#review-"); link != testSite.BaseURL+"/dashboard/businesses/"+strconv.FormatInt(b.ID, 10)+"/reviews#review-"+strconv.FormatInt(r.ID, 10) {
		t.Errorf("the alert links %q", link)
	}
}

// With an AI provider configured, a review's sentiment is the provider's,
// read by a job; until it answers, the built-in analyser's reading stays,
// and a failed reading is tried again.
func TestReviewSentimentFromTheProvider(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		status int
		want   string // the sentiment stored once the job has run (or failed)
	}{
		{"the provider answers", http.StatusOK, store.SentimentNegative},
		{"the provider fails", http.StatusBadGateway, store.SentimentPositive},
	} {
		t.Run(tc.name, func(t *testing.T) {
			app := newTestApp(t, store.SQLite, func(d *testDeps) {
				d.Insights = ai.NewOpenAI(llmServer(t, tc.status, `{"sentiment":"negative"}`), "k", "m", ai.WithRetries(0), ai.WithBackoff(time.Millisecond))
			})
			b := ownedListing(t, app, "owner@example.com", "Sunny Side Diner")
			app.stopQueue()
			r := writeReview(t, app, b, customer(t, app, "fan@example.com"), 5, "Wonderful friendly staff")
			if r.Sentiment != store.SentimentPositive {
				t.Fatalf("the built-in analyser read %q", r.Sentiment)
			}
			js := queuedJobs(t, app)[jobs.KindReviewSentiment]
			if len(js) != 1 || js[0].Payload != `{"review_id":`+strconv.FormatInt(r.ID, 10)+`}` {
				t.Fatalf("sentiment jobs queued: %+v", js)
			}
			runQueue(t, app.work)
			var j store.Job
			waitUntil(t, "the sentiment job to end", func() bool {
				j, _ = app.store.JobByID(ctx, js[0].ID)
				return j.Status == store.JobDone || j.Status == store.JobFailed
			})
			if tc.status != http.StatusOK && (j.Status != store.JobFailed || j.Attempts != store.DefaultMaxAttempts || !j.LastError.Valid) {
				t.Errorf("a failing provider's job: %s after %d attempts (%v), want retried until it failed", j.Status, j.Attempts, j.LastError)
			}
			got, err := app.store.ReviewByID(ctx, r.ID)
			must(t, err)
			if got.Sentiment != tc.want {
				t.Errorf("sentiment %q, want %q", got.Sentiment, tc.want)
			}
		})
	}
	// The built-in analyser alone: its reading is stored with the review,
	// and no job is queued.
	app := newTestApp(t, store.SQLite)
	app.stopQueue()
	b := ownedListing(t, app, "plain@example.com", "Plain Diner")
	writeReview(t, app, b, customer(t, app, "x@example.com"), 4, "Good food")
	if js := queuedJobs(t, app)[jobs.KindReviewSentiment]; len(js) != 0 {
		t.Errorf("%d sentiment jobs queued without a provider", len(js))
	}
}

// reviewAlertChoices are the radio buttons of the review alert setting,
// by label.
var reviewAlertChoices = []string{"Email me about each new review", "One email a day with the new reviews", "No review emails"}

// The setting is a business owner's, on /profile: disabled on Starter
// with the plan that brings it, saved on Growth, refused with 422 for a
// value that is not a choice; individuals have none.
func TestReviewAlertSettingOnTheProfile(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		u := app.account(t, "owner@example.com", store.KindBusiness)
		setting := func() string {
			t.Helper()
			v, err := app.store.ReviewAlertsOf(ctx, u.ID)
			must(t, err)
			return v
		}
		_, body := app.get(t, "/profile")
		page := parseHTML(t, body)
		for _, label := range reviewAlertChoices {
			if _, disabled := labelled(t, page, label).Attr("disabled"); !disabled {
				t.Errorf("on Starter, %q can be chosen", label)
			}
		}
		if !checked(labelled(t, page, reviewAlertChoices[0])) {
			t.Error("the default, an email for each review, is not shown chosen")
		}
		if _, disabled := buttons(page, "Save review alerts").Attr("disabled"); !disabled {
			t.Error("on Starter, the setting can be saved")
		}
		note := byTestID(page, "review-alerts-plan")
		if !strings.Contains(textOf(note), "Reputation alerts come with the Growth plan") || !hasLink(note, "Compare plans", "/pricing") {
			t.Errorf("the plan note reads %q", textOf(note))
		}
		if res, _ := app.post(t, "/profile/review-alerts", url.Values{"review_alerts": {"off"}}); res.StatusCode != http.StatusForbidden || setting() != store.ReviewAlertsEach {
			t.Errorf("a Starter post: %d, setting %q", res.StatusCode, setting())
		}

		onPlan(t, app, u.ID, "growth")
		_, body = app.get(t, "/profile")
		page = parseHTML(t, body)
		if _, disabled := labelled(t, page, reviewAlertChoices[1]).Attr("disabled"); disabled || byTestID(page, "review-alerts-plan").Length() != 0 {
			t.Fatal("on Growth the setting is still disabled")
		}
		form := formOf(page, "Save review alerts")
		if form.AttrOr("action", "") != "/profile/review-alerts" || form.AttrOr("method", "") != "post" {
			t.Fatalf("the setting's form posts to %q", form.AttrOr("action", ""))
		}
		res, _ := app.post(t, "/profile/review-alerts", url.Values{"review_alerts": {"daily"}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/profile#review-alerts" || setting() != store.ReviewAlertsDaily {
			t.Fatalf("saving daily: %d to %q, setting %q", res.StatusCode, res.Header.Get("Location"), setting())
		}
		_, body = app.get(t, "/profile")
		page = parseHTML(t, body)
		if !hasToast(page, "Review alerts saved", "We email you once a day when there are new reviews.") || !checked(labelled(t, page, reviewAlertChoices[1])) {
			t.Error("the saved setting is not confirmed and shown")
		}
		for _, bad := range []string{"weekly", ""} {
			res, body := app.post(t, "/profile/review-alerts", url.Values{"review_alerts": {bad}})
			page := parseHTML(t, body)
			if res.StatusCode != http.StatusUnprocessableEntity || fieldError(labelled(t, page, reviewAlertChoices[0])) != "Choose how we tell you about new reviews." {
				t.Errorf("%q: %d, error %q", bad, res.StatusCode, fieldError(labelled(t, page, reviewAlertChoices[0])))
			}
			if setting() != store.ReviewAlertsDaily {
				t.Errorf("%q changed the setting to %q", bad, setting())
			}
		}

		person := app.newClient()
		person.account(t, "person@example.com", store.KindIndividual)
		_, body = person.get(t, "/profile")
		if controls(parseHTML(t, body), reviewAlertChoices[0]).Length() != 0 {
			t.Error("an individual is offered review alerts")
		}
		if res, _ := person.post(t, "/profile/review-alerts", url.Values{"review_alerts": {"off"}}); res.StatusCode != http.StatusNotFound {
			t.Errorf("an individual's post: %d", res.StatusCode)
		}
	})
}

// emailsTo are the email jobs to the address, whatever their state.
func emailsTo(t *testing.T, app *testApp, to string) []bizmail.Message {
	t.Helper()
	js, _, err := app.store.Jobs(context.Background(), "", store.Page{Limit: 200})
	must(t, err)
	var ms []bizmail.Message
	for _, j := range js {
		var m bizmail.Message
		if j.Kind == jobs.KindEmail && json.Unmarshal([]byte(j.Payload), &m) == nil && m.To == to {
			ms = append(ms, m)
		}
	}
	return ms
}

// Through the review form: a new review alerts the owner of a Growth
// listing, an edit does not; a Starter owner gets no email.
func TestReviewFormAlertsOwnersWhosePlanBringsIt(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		b := reviewedListing(t, app)
		onPlan(t, app, b.OwnerID.Int64, "growth")
		starter := ownedListing(t, app, "starter@example.com", "Starter Bakery")
		reviewer, _ := reviewerClient(t, app, "dana@example.com", "Dana", "Kim")
		for _, l := range []store.Business{b, starter} {
			if res, _ := reviewer.post(t, reviewPath(l), goodReview(5)); res.StatusCode != http.StatusSeeOther {
				t.Fatalf("review of %s: %d", l.Name, res.StatusCode)
			}
		}
		m := app.inbox.waitForSubject(t, "owner@harbor.test", "New 5-star review of "+b.Name)
		if !strings.Contains(m.Text, "“Best flat white in town”") || !strings.Contains(m.Text, "Dana K. reviewed "+b.Name) {
			t.Errorf("the alert:\n%s", m.Text)
		}
		edit := goodReview(4)
		edit.Set("title", "Still a good flat white")
		if res, _ := reviewer.post(t, reviewPath(b), edit); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("edit: %d", res.StatusCode)
		}
		if n := len(emailsTo(t, app, "owner@harbor.test")); n != 1 {
			t.Errorf("%d emails to the Growth owner after a review and its edit, want 1", n)
		}
		if n := len(emailsTo(t, app, "starter@example.com")); n != 0 {
			t.Errorf("%d emails to the Starter owner", n)
		}
	})
}

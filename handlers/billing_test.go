package handlers

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/form"
	"github.com/stripe/stripe-go/v85/webhook"

	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/payments"
	"bizprofile/plans"
	"bizprofile/store"
)

const testWebhookSecret = "whsec_bizprofile_test"

// withStripe gives the app a Stripe client talking to stripe-mock.
func withStripe(apiBase string) func(*testDeps) {
	return func(d *testDeps) {
		d.Stripe = payments.NewClient("sk_test_bizprofile", apiBase)
		d.StripeWebhookSecret = testWebhookSecret
	}
}

// withWebhooks lets the app receive Stripe's events (no API calls needed).
func withWebhooks(d *testDeps) { d.StripeWebhookSecret = testWebhookSecret }

func TestChoosingStarter(t *testing.T) {
	cases := []struct {
		name     string
		signedIn bool
		to       string    // where the choice leads
		toast    [2]string // shown there
	}{
		// Starter needs an account: a signed-out visitor is sent to make one.
		{"signed out", false, "/business/signup", [2]string{"Free Plan Selected", "Create your business account: every account starts on the free Starter plan."}},
		{"signed in", true, "/pricing", [2]string{"Free Plan Selected", "You're all set with the free plan!"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := newTestApp(t, store.SQLite, withStripe("http://127.0.0.1:1")) // any call would fail
			if c.signedIn {
				signedInOwner(t, app, "free@example.com")
			}
			if !c.signedIn {
				// The plan card's form, which a browser without JavaScript sends.
				_, pricing := app.get(t, "/pricing")
				form := formOf(parseHTML(t, pricing), "Get Started with Starter")
				if form.AttrOr("action", "") != "/pricing" || form.AttrOr("method", "") != "post" {
					t.Fatalf("the Starter button's form is %q to %q", form.AttrOr("method", ""), form.AttrOr("action", ""))
				}
			}
			res, _ := app.post(t, "/pricing", url.Values{"plan": {"starter"}})
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != c.to {
				t.Fatalf("starter = %d to %q, want %s", res.StatusCode, res.Header.Get("Location"), c.to)
			}
			_, body := app.get(t, c.to)
			if page := parseHTML(t, body); !hasToast(page, c.toast[0], c.toast[1]) {
				t.Errorf("toasts %+v, want %q", toasts(page), c.toast)
			}
			if strings.Contains(app.logs.String(), "payment failed") || strings.Contains(app.logs.String(), "checkout started") {
				t.Error("choosing the free plan called Stripe")
			}
		})
	}
}

func TestChoosingAPaidPlanSignedOutGoesToSignInAndBack(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	app.signUp(t, "Pat", "pat@example.com", goodPassword)
	for _, plan := range []string{"growth", "pro"} {
		res, _ := app.post(t, "/pricing", url.Values{"plan": {plan}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/login?next=%2Fpricing" {
			t.Fatalf("%s signed out = %d to %q", plan, res.StatusCode, res.Header.Get("Location"))
		}
	}
	_, body := app.get(t, "/login?next=%2Fpricing")
	if formOf(parseHTML(t, body), "Sign In").Find(`input[name="next"]`).AttrOr("value", "") != "/pricing" {
		t.Fatal("the sign-in form does not carry the way back to /pricing")
	}
	res, _ := app.post(t, "/login", url.Values{"email": {"pat@example.com"}, "password": {goodPassword}, "next": {"/pricing"}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/pricing" {
		t.Fatalf("sign-in = %d to %q, want /pricing", res.StatusCode, res.Header.Get("Location"))
	}
}

func TestUnknownPlanIsRefused(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	if res, _ := app.post(t, "/pricing", url.Values{"plan": {"enterprise"}}); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("unknown plan = %d, want 400", res.StatusCode)
	}
}

func TestChoosingGrowthOpensStripeCheckout(t *testing.T) {
	api := stripeMockURL(t)
	eachEngine(t, func(t *testing.T, app *testApp) {
		signedInOwner(t, app, "grow@example.com")
		_, body := app.get(t, "/pricing")
		page := parseHTML(t, body)
		for _, plan := range []string{"Growth", "Pro"} {
			form := formOf(region(page, plan), "Get Started with "+plan)
			if form.AttrOr("action", "") != "/pricing" || form.AttrOr("target", "") != "_blank" || form.AttrOr("rel", "") != "noopener" {
				t.Errorf("%s does not open Checkout in a new tab for a signed-in user", plan)
			}
		}
		res, _ := app.post(t, "/pricing", url.Values{"plan": {"growth"}})
		loc := res.Header.Get("Location")
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "https://checkout.stripe.com/") {
			t.Fatalf("growth = %d to %q, want a 303 to Stripe Checkout", res.StatusCode, loc)
		}
		if !strings.Contains(app.logs.String(), "checkout started") || !strings.Contains(app.logs.String(), "plan=growth") {
			t.Errorf("checkout not logged:\n%s", app.logs.String())
		}
		// Back from Checkout, the dashboard says the plan is on its way.
		if _, body := app.get(t, "/dashboard?checkout=growth"); !hasToast(parseHTML(t, body), "Thank you!", "Your Growth plan shows here as soon as Stripe confirms it.") {
			t.Error("no word on the dashboard after Checkout")
		}
		// Chrome applies form-action to the redirect after the post.
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' https://checkout.stripe.com https://billing.stripe.com;") {
			t.Errorf("CSP %q does not let the form's redirect reach Stripe", csp)
		}
	}, withStripe(api))
}

func TestCheckoutParams(t *testing.T) {
	u := store.User{ID: 42, Email: "owner@example.com"}
	for _, tc := range []struct {
		plan   string
		cents  int64
		cust   string
		trial  bool
		absent []string
		want   map[string]string
	}{
		{
			plan: "growth", cents: 1900, trial: true,
			want: map[string]string{
				"mode":                                           "subscription",
				"line_items[0][price_data][unit_amount]":         "1900",
				"line_items[0][price_data][currency]":            "usd",
				"line_items[0][price_data][recurring][interval]": "month",
				"line_items[0][quantity]":                        "1",
				"subscription_data[trial_period_days]":           "14",
				"payment_method_collection":                      "if_required",
				"subscription_data[trial_settings][end_behavior][missing_payment_method]": "cancel",
				"customer_email":                       "owner@example.com",
				"client_reference_id":                  "42",
				"metadata[user_id]":                    "42",
				"metadata[plan]":                       "growth",
				"subscription_data[metadata][user_id]": "42",
				"subscription_data[metadata][plan]":    "growth",
				"success_url":                          testSite.BaseURL + "/dashboard?checkout=growth",
				"cancel_url":                           testSite.BaseURL + "/pricing",
			},
			absent: []string{"customer"},
		},
		{
			plan: "pro", cents: 4900, trial: true,
			want: map[string]string{"line_items[0][price_data][unit_amount]": "4900", "metadata[plan]": "pro", "subscription_data[trial_period_days]": "14"},
		},
		{
			// A returning customer: no second trial, no second customer.
			plan: "growth", cents: 1900, cust: "cus_123", trial: false,
			want:   map[string]string{"customer": "cus_123", "line_items[0][price_data][unit_amount]": "1900"},
			absent: []string{"customer_email", "subscription_data[trial_period_days]", "payment_method_collection"},
		},
	} {
		p, _ := plans.ByID(tc.plan)
		params := domain.CheckoutParams(bizmail.Site{Name: testSite.Name, BaseURL: testSite.BaseURL}, p, u, tc.cust, tc.trial)
		// The struct, as the code reads it.
		pd := params.LineItems[0].PriceData
		if *params.Mode != "subscription" || *pd.UnitAmount != tc.cents || *pd.Recurring.Interval != "month" || *pd.Currency != "usd" {
			t.Errorf("%s: mode %s amount %d interval %s", tc.plan, *params.Mode, *pd.UnitAmount, *pd.Recurring.Interval)
		}
		if tc.trial && (params.SubscriptionData.TrialPeriodDays == nil || *params.SubscriptionData.TrialPeriodDays != 14) {
			t.Errorf("%s: no 14-day trial", tc.plan)
		}
		// The form Stripe receives.
		var v form.Values
		form.AppendTo(&v, params)
		got := v.ToValues()
		for k, want := range tc.want {
			if got.Get(k) != want {
				t.Errorf("%s: %s = %q, want %q", tc.plan, k, got.Get(k), want)
			}
		}
		for _, k := range tc.absent {
			if got.Has(k) {
				t.Errorf("%s: %s = %q, want it absent", tc.plan, k, got.Get(k))
			}
		}
	}
}

// Without Stripe configured, a paid plan's card says payments are not set
// up and offers no checkout in a new tab; a post all the same (a page
// from before) says no payment was attempted, and the log says why.
func TestPaidPlanWithoutStripeSaysPaymentsAreNotSetUp(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		signedInOwner(t, app, "nokey@example.com")
		_, body := app.get(t, "/pricing")
		page := parseHTML(t, body)
		for _, p := range []string{"growth", "pro"} {
			card := page.Find("article").Has("h3#plan-" + p)
			if card.Find("form[target=_blank]").Length() != 0 || buttons(card, "Get Started with "+nameOfPlan(p)).Length() != 0 {
				t.Errorf("%s offers a checkout without payments", p)
			}
			if byTestID(card, "payments-off").Length() != 1 {
				t.Errorf("%s does not say payments are not set up", p)
			}
		}
		res, _ := app.post(t, "/pricing", url.Values{"plan": {"growth"}})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/pricing" {
			t.Fatalf("growth without a key = %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body = app.get(t, "/pricing")
		page = parseHTML(t, body)
		if !hasToast(page, "Payments are not set up", "Paid plans cannot be bought on this site yet, so no payment was attempted. Your plan is unchanged.") {
			t.Errorf("toasts %+v", toasts(page))
		}
		if slices.ContainsFunc(toasts(page), func(t toast) bool { return strings.Contains(t.Description, "Failed to process payment") }) {
			t.Error("it says a payment failed")
		}
		if logs := app.logs.String(); !strings.Contains(logs, "checkout not started: payments are not set up") || strings.Contains(logs, "payment failed") {
			t.Errorf("the log does not say why:\n%s", logs)
		}
	})
}

func nameOfPlan(id string) string {
	p, _ := plans.ByID(id)
	return p.Name
}

func TestStripeRefusalFailsWithTheSpecToast(t *testing.T) {
	refusing := http.NewServeMux()
	refusing.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"error":{"type":"invalid_request_error","message":"No such price"}}`)
	})
	srv := httptest.NewServer(refusing)
	t.Cleanup(srv.Close)
	app := newTestApp(t, store.SQLite, withStripe(srv.URL))
	signedInOwner(t, app, "refused@example.com")
	res, _ := app.post(t, "/pricing", url.Values{"plan": {"growth"}})
	if res.Header.Get("Location") != "/pricing" {
		t.Fatalf("refused checkout went to %q", res.Header.Get("Location"))
	}
	_, body := app.get(t, "/pricing")
	if page := parseHTML(t, body); !hasToast(page, "Error", "Failed to process payment. Please try again.") {
		t.Errorf("the payment failure toast is missing: %+v", toasts(page))
	}
	if logs := app.logs.String(); !strings.Contains(logs, "payment failed") || !strings.Contains(logs, "No such price") {
		t.Errorf("the log does not give Stripe's reason:\n%s", logs)
	}
}

// --- webhooks ---

var eventSeq atomic.Int64

// event is a Stripe event around object, as Stripe would send it.
func event(typ string, created time.Time, object map[string]any) (id string, payload []byte) {
	id = "evt_" + strconv.FormatInt(eventSeq.Add(1), 10)
	b, _ := json.Marshal(map[string]any{
		"id": id, "object": "event", "api_version": stripe.APIVersion, "created": created.Unix(),
		"type": typ, "livemode": false, "pending_webhooks": 1,
		"data": map[string]any{"object": object},
	})
	return id, b
}

// deliver posts a signed event as Stripe does: no cookies, no Origin.
func (a *testApp) deliver(t *testing.T, payload []byte) (*http.Response, string) {
	t.Helper()
	signed := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: testWebhookSecret})
	return a.deliverSigned(t, payload, signed.Header)
}

func (a *testApp) deliverSigned(t *testing.T, payload []byte, signature string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, a.URL+"/webhooks/stripe", strings.NewReader(string(payload)))
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	if signature != "" {
		req.Header.Set("Stripe-Signature", signature)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// mustDeliver delivers an event and expects Stripe to be told it is done.
func (a *testApp) mustDeliver(t *testing.T, payload []byte) {
	t.Helper()
	if res, _ := a.deliver(t, payload); res.StatusCode != http.StatusOK {
		t.Fatalf("webhook = %d, want 200; logs:\n%s", res.StatusCode, a.logs.String())
	}
}

// sub describes a subscription object of a webhook event.
type sub struct {
	id, customer, plan, status string
	userID                     int64 // 0: no metadata (as if another tool created it)
	periodEnd                  time.Time
	cancelAtPeriodEnd          bool
}

func (s sub) object() map[string]any {
	p, _ := plans.ByID(s.plan)
	meta := map[string]any{}
	if s.userID > 0 {
		meta = map[string]any{"user_id": strconv.FormatInt(s.userID, 10), "plan": s.plan}
	}
	return map[string]any{
		"id": s.id, "object": "subscription", "customer": s.customer, "status": s.status,
		"cancel_at_period_end": s.cancelAtPeriodEnd, "metadata": meta,
		"items": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "si_" + s.id, "object": "subscription_item",
			"current_period_start": s.periodEnd.AddDate(0, -1, 0).Unix(), "current_period_end": s.periodEnd.Unix(),
			"price": map[string]any{"id": "price_" + s.plan, "object": "price", "currency": "usd", "unit_amount": p.AmountCents(),
				"recurring": map[string]any{"interval": "month", "interval_count": 1}, "product": "prod_" + s.plan},
		}}},
	}
}

func invoice(subID, customer string, amountPaid int64, periodEnd time.Time) map[string]any {
	return map[string]any{
		"id": "in_" + subID + strconv.FormatInt(eventSeq.Add(1), 10), "object": "invoice", "customer": customer, "amount_paid": amountPaid,
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{"subscription": subID}},
		"lines": map[string]any{"object": "list", "data": []any{map[string]any{
			"id": "il_1", "object": "line_item", "period": map[string]any{"start": periodEnd.AddDate(0, -1, 0).Unix(), "end": periodEnd.Unix()},
		}}},
	}
}

func checkoutCompleted(userID int64, plan, customer, subID string) map[string]any {
	id := strconv.FormatInt(userID, 10)
	return map[string]any{
		"id": "cs_" + subID, "object": "checkout.session", "mode": "subscription", "status": "complete",
		"client_reference_id": id, "customer": customer, "subscription": subID,
		"metadata": map[string]any{"user_id": id, "plan": plan},
	}
}

// planPanel is what the dashboard's plan panel says.
type planPanel struct {
	Name, Status    string
	Period, Usage   string // its sentences on the period and on this month's leads
	Manage, Upgrade bool   // its 'Manage billing' button, its 'Upgrade Plan' link
}

// planOn reads the dashboard's plan panel.
func (a *testApp) planOn(t *testing.T) planPanel {
	t.Helper()
	res, body := a.get(t, "/dashboard")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("dashboard = %d", res.StatusCode)
	}
	panel := byTestID(parseHTML(t, body), "plan")
	if panel.Length() != 1 {
		t.Fatal("no plan panel on the dashboard")
	}
	return planPanel{
		Name:    textOf(byTestID(panel, "plan-name")),
		Status:  textOf(byTestID(panel, "plan-status")),
		Period:  textOf(byTestID(panel, "plan-period")),
		Usage:   textOf(byTestID(panel, "plan-usage")),
		Manage:  formOf(panel, "Manage billing").AttrOr("action", "") == "/billing/portal",
		Upgrade: hasLink(panel, "Upgrade Plan", "/pricing"),
	}
}

func day(t time.Time) string { return t.UTC().Format("Jan 2, 2006") }

func TestWebhookRecordsASubscription(t *testing.T) {
	// A configured client (never called here) shows 'Manage billing'.
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "hook@example.com")
		panel := app.planOn(t)
		if panel.Name != "Starter" || panel.Usage != "0 of 10 leads this month" {
			t.Errorf("before any event the panel reads %+v", panel)
		}
		if panel.Manage {
			t.Error("'Manage billing' shown to a user Stripe does not know")
		}

		trialEnd := time.Now().Add(14 * 24 * time.Hour)
		_, e := event("checkout.session.completed", time.Now(), checkoutCompleted(u.ID, "growth", "cus_hook", "sub_hook"))
		app.mustDeliver(t, e)
		if panel := app.planOn(t); !strings.Contains(panel.Period, "Stripe is confirming your Growth plan") {
			t.Errorf("after checkout, before the subscription event: %+v", panel)
		}
		_, e = event("customer.subscription.created", time.Now(), sub{id: "sub_hook", customer: "cus_hook", plan: "growth", status: "trialing", userID: u.ID, periodEnd: trialEnd}.object())
		res, body := app.deliver(t, e)
		if res.StatusCode != http.StatusOK || !strings.Contains(body, `"received":true`) {
			t.Fatalf("webhook = %d %q", res.StatusCode, body)
		}
		if res.Header.Get("Set-Cookie") != "" {
			t.Error("the webhook answer sets a cookie")
		}
		want := planPanel{Name: "Growth", Status: "Trialing", Period: "Trial ends on " + day(trialEnd) + ".", Usage: "0 of 100 leads this month", Manage: true, Upgrade: true}
		if panel = app.planOn(t); panel != want {
			t.Errorf("the plan panel reads %+v, want %+v", panel, want)
		}
		_, body = app.get(t, "/pricing")
		if buttons(region(parseHTML(t, body), "Growth"), "Current Plan: Growth").Length() != 1 {
			t.Error("/pricing does not mark the user's plan")
		}
	}, withStripe("http://127.0.0.1:1"))
}

func TestWebhookRefusesBadSignatures(t *testing.T) {
	app := newTestApp(t, store.SQLite, withWebhooks)
	u := signedInOwner(t, app, "sig@example.com")
	_, e := event("customer.subscription.created", time.Now(), sub{id: "sub_sig", customer: "cus_sig", plan: "pro", status: "active", userID: u.ID, periodEnd: time.Now().AddDate(0, 1, 0)}.object())
	forged := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: e, Secret: "whsec_someone_else"})
	old := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: e, Secret: testWebhookSecret, Timestamp: time.Now().Add(-time.Hour)})
	valid := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: e, Secret: testWebhookSecret})
	tampered := strings.Replace(string(e), `"status":"active"`, `"status":"trialing"`, 1)
	for name, tc := range map[string]struct {
		body, sig string
	}{
		"no signature":     {string(e), ""},
		"wrong secret":     {string(e), forged.Header},
		"replayed":         {string(e), old.Header},
		"tampered body":    {tampered, valid.Header},
		"garbage header":   {string(e), "t=abc,v1=zz"},
		"unsigned garbage": {"not json", ""},
	} {
		res, _ := app.deliverSigned(t, []byte(tc.body), tc.sig)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", name, res.StatusCode)
		}
	}
	if !strings.Contains(app.logs.String(), "stripe webhook refused") {
		t.Error("refusals are not logged")
	}
	if panel := app.planOn(t); panel.Name != "Starter" {
		t.Errorf("a refused event changed the plan: %+v", panel)
	}
	// An event of another API version is refused too: its objects may not
	// read the same.
	b, _ := json.Marshal(map[string]any{"id": "evt_old", "object": "event", "api_version": "2020-08-27", "created": time.Now().Unix(),
		"type": "customer.subscription.created", "data": map[string]any{"object": map[string]any{"id": "sub_x"}}})
	if res, _ := app.deliver(t, b); res.StatusCode != http.StatusBadRequest {
		t.Errorf("old API version: %d, want 400", res.StatusCode)
	}
}

func TestWebhookWithoutASecretIsRefused(t *testing.T) {
	app := newTestApp(t, store.SQLite)
	_, e := event("invoice.paid", time.Now(), map[string]any{"id": "in_1", "object": "invoice"})
	if res, _ := app.deliver(t, e); res.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("no secret configured: %d, want 503", res.StatusCode)
	}
	if !strings.Contains(app.logs.String(), "webhooks are not configured") {
		t.Error("the log does not say why")
	}
}

func TestWebhookDuplicateDeliveryChangesNothing(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "dup@example.com")
		at := time.Now().Add(-time.Minute)
		end := time.Now().AddDate(0, 1, 0)
		s := sub{id: "sub_dup", customer: "cus_dup", plan: "growth", userID: u.ID, periodEnd: end}
		s.status = "active"
		_, first := event("customer.subscription.updated", at, s.object())
		app.mustDeliver(t, first)
		// A second update in the same second: the payment failed.
		s.status = "past_due"
		_, second := event("customer.subscription.updated", at, s.object())
		app.mustDeliver(t, second)
		// Stripe delivers the first event again: it was applied once already.
		app.mustDeliver(t, first)
		if !strings.Contains(app.logs.String(), "stripe event already processed") {
			t.Error("the repeated delivery is not logged as such")
		}
		if panel := app.planOn(t); panel.Status != "Past due" {
			t.Errorf("the repeated delivery changed the status: %+v", panel)
		}
	}, withWebhooks)
}

func TestWebhookEventsOutOfOrder(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "order@example.com")
		created := time.Now().Add(-10 * time.Minute)
		trialEnd := time.Now().Add(14 * 24 * time.Hour)
		renewal := time.Now().AddDate(0, 1, 0)
		s := sub{id: "sub_order", customer: "cus_order", plan: "pro", userID: u.ID}

		// The update (trial converted to a paid plan) arrives first...
		s.status, s.periodEnd = "active", renewal
		_, updated := event("customer.subscription.updated", created.Add(5*time.Minute), s.object())
		app.mustDeliver(t, updated)
		// ...then the creation it follows.
		s.status, s.periodEnd = "trialing", trialEnd
		_, creation := event("customer.subscription.created", created, s.object())
		app.mustDeliver(t, creation)
		// ...then the checkout that started it all.
		_, checkout := event("checkout.session.completed", created.Add(-time.Second), checkoutCompleted(u.ID, "growth", "cus_order", "sub_order"))
		app.mustDeliver(t, checkout)

		panel := app.planOn(t)
		if panel.Name != "Pro" || panel.Status != "Active" || panel.Period != "Renews on "+day(renewal)+"." || !strings.HasSuffix(panel.Usage, " leads this month (unlimited)") {
			t.Errorf("the panel reads %+v", panel)
		}
		if !strings.Contains(app.logs.String(), "older than the subscription's state: ignored") {
			t.Error("the stale event is not logged")
		}
	}, withWebhooks)
}

func TestWebhookSubscriptionBeforeItsUserIsKnown(t *testing.T) {
	app := newTestApp(t, store.SQLite, withWebhooks)
	u := signedInOwner(t, app, "late@example.com")
	end := time.Now().AddDate(0, 1, 0)
	// No metadata: the subscription names only its customer.
	_, e := event("customer.subscription.created", time.Now(), sub{id: "sub_late", customer: "cus_late", plan: "growth", status: "active", periodEnd: end}.object())
	app.mustDeliver(t, e)
	if panel := app.planOn(t); panel.Name != "Starter" {
		t.Fatalf("a subscription of an unknown customer went to this user: %+v", panel)
	}
	_, e = event("checkout.session.completed", time.Now(), checkoutCompleted(u.ID, "growth", "cus_late", "sub_late"))
	app.mustDeliver(t, e)
	if panel := app.planOn(t); panel.Name != "Growth" || panel.Status != "Active" {
		t.Errorf("the checkout did not hand the subscription to its user: %+v", panel)
	}
}

func TestWebhookCancellationKeepsThePlanUntilThePeriodEnds(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "cancel@example.com")
		start := time.Now().Add(-20 * 24 * time.Hour)
		end := time.Now().Add(10 * 24 * time.Hour)
		s := sub{id: "sub_cancel", customer: "cus_cancel", plan: "growth", userID: u.ID, status: "active", periodEnd: end}
		_, e := event("customer.subscription.created", start, s.object())
		app.mustDeliver(t, e)

		// Canceled in the portal, to take effect at the end of the period.
		s.cancelAtPeriodEnd = true
		_, e = event("customer.subscription.updated", time.Now().Add(-time.Hour), s.object())
		app.mustDeliver(t, e)
		panel := app.planOn(t)
		if panel.Name != "Growth" || panel.Status != "Active" || panel.Period != "Your Growth plan stays active until "+day(end)+", then moves to Starter." {
			t.Errorf("set to cancel: the panel reads %+v", panel)
		}

		// Canceled at once: the plan still runs to the end of the period.
		s.status, s.cancelAtPeriodEnd = "canceled", false
		_, e = event("customer.subscription.deleted", time.Now(), s.object())
		app.mustDeliver(t, e)
		panel = app.planOn(t)
		if panel.Name != "Growth" || panel.Status != "Canceled" || !strings.Contains(panel.Period, "stays active until "+day(end)) || panel.Usage != "0 of 100 leads this month" {
			t.Errorf("canceled: the panel reads %+v", panel)
		}

		// Once the period is over, the account is back on Starter (the
		// test moves the period's end into the past rather than waiting).
		over := time.Now().Add(-time.Hour)
		s.periodEnd = over
		_, e = event("customer.subscription.deleted", time.Now().Add(time.Second), s.object())
		app.mustDeliver(t, e)
		panel = app.planOn(t)
		if panel.Name != "Starter" || panel.Period != "Your Growth plan ended on "+day(over)+"." || panel.Usage != "0 of 10 leads this month" {
			t.Errorf("after the period: the panel reads %+v", panel)
		}
	}, withWebhooks)
}

func TestWebhookPaymentFailureMakesThePlanPastDue(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "failed@example.com")
		end := time.Now().Add(2 * 24 * time.Hour)
		_, e := event("customer.subscription.created", time.Now().Add(-time.Hour), sub{id: "sub_fail", customer: "cus_fail", plan: "pro", userID: u.ID, status: "active", periodEnd: end}.object())
		app.mustDeliver(t, e)

		_, e = event("invoice.payment_failed", time.Now().Add(-time.Minute), invoice("sub_fail", "cus_fail", 0, end.AddDate(0, 1, 0)))
		app.mustDeliver(t, e)
		panel := app.planOn(t)
		if panel.Name != "Pro" || panel.Status != "Past due" || !strings.Contains(panel.Period, "update your card in Manage billing") {
			t.Errorf("after a failed payment the panel reads %+v", panel)
		}

		// The retry succeeds: active again, into the next period.
		next := end.AddDate(0, 1, 0)
		_, e = event("invoice.paid", time.Now(), invoice("sub_fail", "cus_fail", 4900, next))
		app.mustDeliver(t, e)
		panel = app.planOn(t)
		if panel.Status != "Active" || panel.Period != "Renews on "+day(next)+"." {
			t.Errorf("after the paid retry the panel reads %+v", panel)
		}
	}, withWebhooks)
}

// addLeads stores n leads for a new listing of the user, arriving one
// second apart from the start of this month, named "Lead 1" to "Lead n".
func addLeads(t *testing.T, s *store.Store, ownerID int64, n int) {
	t.Helper()
	ctx := context.Background()
	b, err := s.CreateBusiness(ctx, store.Business{Name: "Lead Magnet " + strconv.FormatInt(ownerID, 10), OwnerID: sql.NullInt64{Int64: ownerID, Valid: true}, Published: true})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	for i := 1; i <= n; i++ {
		_, err := s.CreateLead(ctx, store.Lead{BusinessID: b.ID, Name: fmt.Sprintf("Lead %d", i), Email: fmt.Sprintf("lead%d@example.com", i),
			Message: fmt.Sprintf("Message number %d", i), CreatedAt: month.Add(time.Duration(i) * time.Second)})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func TestLeadsPastTheCapAreLockedUntilAnUpgrade(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "capped@example.com")
		addLeads(t, app.store, u.ID, 11)

		_, body := app.get(t, "/dashboard")
		page := parseHTML(t, body)
		panel := byTestID(page, "plan")
		if usage := textOf(byTestID(panel, "plan-usage")); usage != "11 of 10 leads this month" {
			t.Errorf("usage reads %q, want it against the Starter cap", usage)
		}
		if n := byTestID(region(page, "Recent Leads"), "locked-lead").Length(); n != 1 {
			t.Errorf("%d locked leads, want exactly one (the 11th)", n)
		}
		for _, hidden := range []string{"Lead 11", "lead11@example.com", "Message number 11"} {
			if strings.Contains(body, hidden) {
				t.Errorf("the locked lead's %q is on the page", hidden)
			}
		}
		leads := textOf(region(page, "Recent Leads"))
		for _, shown := range []string{"Lead 10", "lead10@example.com", "Message number 10"} {
			if !strings.Contains(leads, shown) {
				t.Errorf("Recent Leads lack %q", shown)
			}
		}
		if note := panel.Find(`[role="note"]`); !strings.Contains(textOf(note), "reached this month") || !hasLink(note, "Upgrade Plan", "/pricing") {
			t.Errorf("the plan panel does not say the cap is reached, with a way to upgrade: %q", textOf(note))
		}

		// The upgrade event arrives: the same lead opens.
		_, e := event("customer.subscription.created", time.Now(), sub{id: "sub_up", customer: "cus_up", plan: "growth", userID: u.ID, status: "active", periodEnd: time.Now().AddDate(0, 1, 0)}.object())
		app.mustDeliver(t, e)
		_, body = app.get(t, "/dashboard")
		page = parseHTML(t, body)
		if byTestID(page, "locked-lead").Length() != 0 {
			t.Error("a lead is still locked after the upgrade")
		}
		leads = textOf(region(page, "Recent Leads"))
		for _, shown := range []string{"Lead 11", "lead11@example.com", "Message number 11"} {
			if !strings.Contains(leads, shown) {
				t.Errorf("after the upgrade Recent Leads lack %q", shown)
			}
		}
		if usage := textOf(byTestID(page, "plan-usage")); usage != "11 of 100 leads this month" {
			t.Errorf("after the upgrade usage reads %q", usage)
		}
	}, withWebhooks)
}

func TestManageBillingOpensThePortal(t *testing.T) {
	api := stripeMockURL(t)
	eachEngine(t, func(t *testing.T, app *testApp) {
		u := signedInOwner(t, app, "portal@example.com")
		// Without a Stripe customer there is nothing to manage.
		res, _ := app.post(t, "/billing/portal", nil)
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/dashboard" {
			t.Fatalf("portal without a customer = %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		if !strings.Contains(app.logs.String(), "the user has no Stripe customer") {
			t.Error("the refusal is not logged")
		}

		_, e := event("customer.subscription.created", time.Now(), sub{id: "sub_portal", customer: "cus_portal", plan: "growth", userID: u.ID, status: "active", periodEnd: time.Now().AddDate(0, 1, 0)}.object())
		app.mustDeliver(t, e)
		if !app.planOn(t).Manage {
			t.Fatal("no 'Manage billing' button for a paying user")
		}
		res, _ = app.post(t, "/billing/portal", nil)
		loc := res.Header.Get("Location")
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "https://") || !strings.Contains(loc, "stripe") {
			t.Fatalf("manage billing = %d to %q, want a 303 to the portal", res.StatusCode, loc)
		}

		// A paying user who picks another plan manages it in the portal
		// rather than starting a second subscription.
		res, _ = app.post(t, "/pricing", url.Values{"plan": {"pro"}})
		if loc2 := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || strings.Contains(loc2, "checkout") || !strings.Contains(loc2, "stripe") {
			t.Fatalf("pro while on growth = %d to %q, want the portal", res.StatusCode, loc2)
		}
	}, withStripe(api))
}

func TestPortalWithoutPaymentsConfigured(t *testing.T) {
	// The button is hidden then; a post sent anyway fails cleanly.
	app := newTestApp(t, store.SQLite, withWebhooks)
	u := signedInOwner(t, app, "noportal@example.com")
	_, e := event("customer.subscription.created", time.Now(), sub{id: "sub_np", customer: "cus_np", plan: "growth", userID: u.ID, status: "active", periodEnd: time.Now().AddDate(0, 1, 0)}.object())
	app.mustDeliver(t, e)
	if _, body := app.get(t, "/dashboard"); buttons(parseHTML(t, body), "Manage billing").Length() != 0 {
		t.Error("'Manage billing' shown while payments are not configured")
	}
	res, _ := app.post(t, "/billing/portal", nil)
	if res.Header.Get("Location") != "/dashboard" {
		t.Fatalf("portal without a key went to %q", res.Header.Get("Location"))
	}
	_, body := app.get(t, "/dashboard")
	if !hasToast(parseHTML(t, body), "Error", "Failed to open billing. Please try again.") || !strings.Contains(app.logs.String(), "payments are not configured") {
		t.Error("the failure is not shown and logged")
	}
}

func TestDashboardShowsProUsageAsUnlimited(t *testing.T) {
	app := newTestApp(t, store.SQLite, withWebhooks)
	u := signedInOwner(t, app, "pro@example.com")
	addLeads(t, app.store, u.ID, 3)
	_, e := event("customer.subscription.created", time.Now(), sub{id: "sub_pro", customer: "cus_pro", plan: "pro", userID: u.ID, status: "active", periodEnd: time.Now().AddDate(0, 1, 0)}.object())
	app.mustDeliver(t, e)
	if panel := app.planOn(t); panel.Usage != "3 leads this month (unlimited)" {
		t.Errorf("pro usage: %+v", panel)
	}
}

func TestCurrentBilling(t *testing.T) {
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	at := func(d time.Duration) sql.NullTime { return sql.NullTime{Time: now.Add(d), Valid: true} }
	day := 24 * time.Hour
	for _, tc := range []struct {
		name string
		subs []store.Subscription
		want string
	}{
		{"no subscription", nil, "starter"},
		{"trialing", []store.Subscription{{Plan: "growth", Status: "trialing", CurrentPeriodEnd: at(5 * day)}}, "growth"},
		{"active", []store.Subscription{{Plan: "pro", Status: "active", CurrentPeriodEnd: at(5 * day)}}, "pro"},
		{"active, renewal late", []store.Subscription{{Plan: "pro", Status: "active", CurrentPeriodEnd: at(-day)}}, "pro"},
		{"past due", []store.Subscription{{Plan: "growth", Status: "past_due", CurrentPeriodEnd: at(-day)}}, "growth"},
		{"cancels at period end, before", []store.Subscription{{Plan: "growth", Status: "active", CancelAtPeriodEnd: true, CurrentPeriodEnd: at(time.Hour)}}, "growth"},
		{"cancels at period end, after", []store.Subscription{{Plan: "growth", Status: "active", CancelAtPeriodEnd: true, CurrentPeriodEnd: at(-time.Hour)}}, "starter"},
		{"canceled, period running", []store.Subscription{{Plan: "pro", Status: "canceled", CurrentPeriodEnd: at(time.Hour)}}, "pro"},
		{"canceled, period over", []store.Subscription{{Plan: "pro", Status: "canceled", CurrentPeriodEnd: at(-time.Hour)}}, "starter"},
		{"unpaid", []store.Subscription{{Plan: "pro", Status: "unpaid", CurrentPeriodEnd: at(day)}}, "starter"},
		{"incomplete", []store.Subscription{{Plan: "pro", Status: "incomplete", CurrentPeriodEnd: at(day)}}, "starter"},
		{"pending checkout", []store.Subscription{{Plan: "pro", Status: ""}}, "starter"},
		{"unknown plan", []store.Subscription{{Plan: "enterprise", Status: "active", CurrentPeriodEnd: at(day)}}, "starter"},
		{"best of two", []store.Subscription{
			{Plan: "growth", Status: "active", CurrentPeriodEnd: at(day)},
			{Plan: "pro", Status: "trialing", CurrentPeriodEnd: at(day)},
		}, "pro"},
	} {
		if got := domain.CurrentBilling(tc.subs, now).Plan.ID; got != tc.want {
			t.Errorf("%s: plan %s, want %s", tc.name, got, tc.want)
		}
	}
}

func TestSubscriptionPlanFollowsThePrice(t *testing.T) {
	read := func(t *testing.T, obj map[string]any) string {
		b, _ := json.Marshal(obj)
		var s stripe.Subscription
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatal(err)
		}
		return domain.SubscriptionPlan(&s)
	}
	// Bought as Growth, changed to Pro's price in the portal.
	o := sub{id: "sub_1", plan: "pro", userID: 1, status: "active", periodEnd: time.Now()}.object()
	o["metadata"] = map[string]any{"user_id": "1", "plan": "growth"}
	if got := read(t, o); got != "pro" {
		t.Errorf("plan %q, want the price's (pro)", got)
	}
	// A price the catalogue does not know: the checkout's metadata decides.
	items := o["items"].(map[string]any)["data"].([]any)
	items[0].(map[string]any)["price"].(map[string]any)["unit_amount"] = 2500
	if got := read(t, o); got != "growth" {
		t.Errorf("plan %q, want the metadata's (growth)", got)
	}
}

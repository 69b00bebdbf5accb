package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
)

// sqlFixture runs a statement the partner tests need as a fixture.
func sqlFixture(t *testing.T, st *store.Store, q string, args ...any) {
	t.Helper()
	must(t, st.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		_, err := tx.Exec(tx.Rebind(q), args...)
		return err
	}))
}

// partnerAccount makes this client a signed-in partner on plan in state,
// with a Connect account when connect is set (ready for payouts).
func (a *testApp) partnerAccount(t *testing.T, email, plan, state, connect string) store.User {
	t.Helper()
	u := a.account(t, email, store.KindPartner)
	now := time.Now().UTC()
	sqlFixture(t, a.store, `INSERT INTO partners (user_id, plan, state, code, name, terms_accepted_at, connect_account_id, connect_ready, created_at, updated_at)
		VALUES (?, ?, ?, ?, 'Pat Partner', ?, ?, ?, ?, ?)`, u.ID, plan, state, "code"+strconv.FormatInt(u.ID, 10), now, connect, connect != "", now, now)
	return u
}

// referredOwner is a business account with a listing that partner
// referred.
func referredOwner(t *testing.T, app *testApp, partner store.User, email string) store.User {
	t.Helper()
	b := ownedListing(t, app, email, "Harbor Street Bakery")
	u, err := app.store.UserByID(context.Background(), b.OwnerID.Int64)
	must(t, err)
	sqlFixture(t, app.store, `INSERT INTO referrals (user_id, partner_id, created_at) VALUES (?, ?, ?)`, u.ID, partner.ID, time.Now().UTC())
	return u
}

// payableCommission is a commission of cents earned 31 days ago, payable
// now.
func payableCommission(t *testing.T, st *store.Store, partner, referred store.User, invoice string, cents int64) {
	t.Helper()
	at := time.Now().UTC().AddDate(0, 0, -31)
	sqlFixture(t, st, `INSERT INTO partner_ledger (partner_id, kind, amount_cents, currency, referred_user_id, invoice_id, base_cents, rate_percent, payable_at, created_at)
		VALUES (?, 'commission', ?, 'usd', ?, ?, ?, 20, ?, ?)`, partner.ID, cents, referred.ID, invoice, cents*5, at.AddDate(0, 0, 30), at)
}

func ledgerOf(t *testing.T, st *store.Store, partner store.User) []store.LedgerEntry {
	t.Helper()
	es, err := st.PartnerLedger(context.Background(), partner.ID)
	must(t, err)
	return es
}

// Stripe's signed events earn and reverse commissions: a referred
// account's paid invoice earns its partner 25% on Partner+ (once, however
// often Stripe delivers the event), a partial refund takes back the same
// share of the commission, and a dispute what remains of it.
func TestSignedWebhooksEarnAndReverseCommissions(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		partner := app.newClient().partnerAccount(t, "pat@example.com", "partner-plus", store.PartnerApproved, "")
		owner := referredOwner(t, app, partner, "owner@example.com")
		now := time.Now()
		inv := map[string]any{
			"id": "in_growth_1", "object": "invoice", "customer": "cus_1", "amount_paid": 4900, "currency": "usd",
			"period_start": now.Unix(), "status_transitions": map[string]any{"paid_at": now.Unix()},
			"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{
				"subscription": "sub_growth", "metadata": map[string]any{"user_id": strconv.FormatInt(owner.ID, 10)}}},
			"payments": map[string]any{"object": "list", "data": []any{map[string]any{
				"id": "inpay_1", "object": "invoice_payment", "payment": map[string]any{"type": "payment_intent", "payment_intent": "pi_growth_1"}}}},
		}
		_, paid := event("invoice.paid", now, inv)
		app.mustDeliver(t, paid)
		app.mustDeliver(t, paid)
		es := ledgerOf(t, app.store, partner)
		if len(es) != 1 || es[0].Kind != store.LedgerCommission || es[0].AmountCents != 1225 || !es[0].PayableAt.After(now.Add(29*24*time.Hour)) {
			t.Fatalf("after the paid invoice (twice): %+v", es)
		}
		_, refunded := event("charge.refunded", now, map[string]any{"id": "ch_1", "object": "charge", "amount": 4900,
			"amount_refunded": 980, "payment_intent": "pi_growth_1"})
		app.mustDeliver(t, refunded)
		_, disputed := event("charge.dispute.created", now, map[string]any{"id": "dp_1", "object": "dispute", "amount": 4900,
			"charge": "ch_1", "payment_intent": "pi_growth_1"})
		app.mustDeliver(t, disputed)
		es = ledgerOf(t, app.store, partner)
		if len(es) != 3 || es[1].Kind != store.LedgerRefund || es[1].AmountCents != -245 || es[0].Kind != store.LedgerDispute || es[0].AmountCents != -980 {
			t.Fatalf("after a 20%% refund and a dispute: %+v", es)
		}
	}, withWebhooks)
}

// An approved partner connects Stripe from their dashboard: the button
// creates their Express account once and sends them to Stripe's
// onboarding, whose return records whether it can be paid. Before
// approval, they are told why and nothing changes.
func TestPartnerConnectOnboarding(t *testing.T) {
	mock := stripeMockURL(t)
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		pat := app.newClient()
		u := pat.partnerAccount(t, "pat@example.com", "partner", store.PartnerApproved, "")
		res, _ := pat.post(t, "/partners/dashboard/connect", url.Values{})
		if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(res.Header.Get("Location"), "https://") {
			t.Fatalf("connect = %d to %q; logs:\n%s", res.StatusCode, res.Header.Get("Location"), app.logs.String())
		}
		p, err := app.store.PartnerByUser(ctx, u.ID)
		must(t, err)
		if !strings.HasPrefix(p.ConnectAccountID, "acct_") {
			t.Fatalf("the partner's connect account: %q", p.ConnectAccountID)
		}
		pat.post(t, "/partners/dashboard/connect", url.Values{})
		if again, _ := app.store.PartnerByUser(ctx, u.ID); again.ConnectAccountID != p.ConnectAccountID {
			t.Fatalf("a second click made another account: %q, then %q", p.ConnectAccountID, again.ConnectAccountID)
		}
		res, _ = pat.get(t, "/partners/dashboard/connect/return")
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/partners/dashboard" {
			t.Fatalf("return = %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body := pat.get(t, "/partners/dashboard")
		doc := parseHTML(t, body)
		if !hasToast(doc, "Stripe account connected", "") && !hasToast(doc, "Stripe set-up not finished", "") {
			t.Fatalf("toasts after the return: %+v", toasts(doc))
		}

		pending := app.newClient()
		pending.partnerAccount(t, "wait@example.com", "partner", store.PartnerPending, "")
		res, _ = pending.post(t, "/partners/dashboard/connect", url.Values{})
		_, body = pending.get(t, res.Header.Get("Location"))
		if !hasToast(parseHTML(t, body), "Not yet", "") {
			t.Fatalf("a pending partner's connect: %+v", toasts(parseHTML(t, body)))
		}
	}, withStripe(mock))
}

// Without Stripe, the Connect button tells the partner payouts are made
// by hand, and nothing changes.
func TestPartnerConnectWithoutStripe(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		pat := app.newClient()
		u := pat.partnerAccount(t, "pat@example.com", "partner", store.PartnerApproved, "")
		res, _ := pat.post(t, "/partners/dashboard/connect", url.Values{})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/partners/dashboard" {
			t.Fatalf("connect without Stripe = %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		_, body := pat.get(t, "/partners/dashboard")
		if !hasToast(parseHTML(t, body), "Stripe Connect isn't available", "") {
			t.Fatalf("toasts: %+v", toasts(parseHTML(t, body)))
		}
		if p, _ := app.store.PartnerByUser(context.Background(), u.ID); p.ConnectAccountID != "" {
			t.Fatalf("an account without Stripe: %q", p.ConnectAccountID)
		}
	})
}

// The monthly run pays a partner with a ready Connect account by a
// Stripe transfer, through the job queue, and emails the statement.
func TestConnectPayoutIsATransfer(t *testing.T) {
	mock := stripeMockURL(t)
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		partner := app.newClient().partnerAccount(t, "pat@example.com", "partner", store.PartnerApproved, "acct_1032D82eZvKYlo2C")
		payableCommission(t, app.store, partner, referredOwner(t, app, partner, "owner@example.com"), "in_1", 6000)
		month := time.Now().UTC().Format(store.MonthFormat)
		must(t, app.h.domain.Partners.RunPayouts(ctx, month))
		msg := app.inbox.waitForSubject(t, "pat@example.com", "partner payout")
		ps, err := app.store.PartnerPayouts(ctx, partner.ID)
		must(t, err)
		if len(ps) != 1 || ps[0].Method != store.PayoutConnect || ps[0].State != store.PayoutPaid || !strings.HasPrefix(ps[0].TransferID, "tr_") {
			t.Fatalf("the payout: %+v; logs:\n%s", ps, app.logs.String())
		}
		if !strings.Contains(msg.Subject, "$60.00") || !strings.Contains(msg.Text, ps[0].TransferID) {
			t.Fatalf("the statement: %q\n%s", msg.Subject, msg.Text)
		}
	}, withStripe(mock))
}

// An administrator sees the month's payouts, marks a manual one paid with
// a reference (required: 422 with the message by the field), which emails
// the partner the statement, exports the month as CSV, and voids a
// commission with a reason.
func TestAdminPayouts(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		ctx := context.Background()
		partner := app.newClient().partnerAccount(t, "pat@example.com", "partner", store.PartnerApproved, "")
		owner := referredOwner(t, app, partner, "owner@example.com")
		payableCommission(t, app.store, partner, owner, "in_1", 5000)
		month := time.Now().UTC().Format(store.MonthFormat)
		must(t, app.h.domain.Partners.RunPayouts(ctx, month))
		payableCommission(t, app.store, partner, owner, "in_2", 700) // after the payout
		admin := app.asAdmin(t)

		if res, _ := app.newClient().get(t, "/admin/payouts"); res.StatusCode != http.StatusNotFound {
			t.Fatalf("/admin/payouts to a visitor = %d", res.StatusCode)
		}
		res, body := admin.get(t, "/admin/payouts")
		if res.StatusCode != http.StatusOK {
			t.Fatalf("/admin/payouts = %d", res.StatusCode)
		}
		doc := parseHTML(t, body)
		rows := tableRows(byTestID(doc, "admin-payouts"))
		if len(rows) != 1 || !strings.Contains(rows[0][0], "pat@example.com") || rows[0][1] != "$50.00" || rows[0][3] != "Due" {
			t.Fatalf("payout rows: %q", rows)
		}
		form := formOf(doc, "Mark paid")
		action := form.AttrOr("action", "")
		res, body = admin.post(t, action, url.Values{"reference": {"  "}})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("mark paid without a reference = %d", res.StatusCode)
		}
		if msg := fieldError(controls(parseHTML(t, body), "Payment reference")); msg == "" {
			t.Fatal("no message by the reference field")
		}
		res, _ = admin.post(t, action, url.Values{"reference": {"BANK-0042"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("mark paid = %d", res.StatusCode)
		}
		msg := app.inbox.waitForSubject(t, "pat@example.com", "partner payout")
		if !strings.Contains(msg.Subject, "$50.00") || !strings.Contains(msg.Text, "BANK-0042") {
			t.Fatalf("the statement: %q\n%s", msg.Subject, msg.Text)
		}
		_, body = admin.get(t, "/admin/payouts?month="+month)
		if rows := tableRows(byTestID(parseHTML(t, body), "admin-payouts")); rows[0][3] != "Paid" || rows[0][4] != "BANK-0042" {
			t.Fatalf("after marking paid: %q", rows)
		}

		_, csvRows := readCSV(t, admin, "/admin/payouts.csv?month="+month)
		if len(csvRows) != 2 || !hasRow([][]string{csvRows[1][1:10]}, month, "Pat Partner", "pat@example.com", "50.00", "USD", "manual", "paid", "", "BANK-0042") {
			t.Fatalf("CSV: %q", csvRows)
		}

		void := formOf(parseHTML(t, body), "Void")
		res, body = admin.post(t, void.AttrOr("action", ""), url.Values{"reason": {""}})
		if res.StatusCode != http.StatusUnprocessableEntity || fieldError(controls(parseHTML(t, body), "Reason")) == "" {
			t.Fatalf("void without a reason = %d", res.StatusCode)
		}
		res, _ = admin.post(t, void.AttrOr("action", ""), url.Values{"reason": {"Self-referral"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("void = %d", res.StatusCode)
		}
		if es := ledgerOf(t, app.store, partner); es[0].Kind != store.LedgerVoid || es[0].AmountCents != -700 || es[0].Note != "Self-referral" {
			t.Fatalf("after the void: %+v", es[0])
		}
	}, withAdmin)
}

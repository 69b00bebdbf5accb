package domain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/stripe/stripe-go/v85"

	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// testClock is a clock a test moves.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time           { return c.t }
func (c *testClock) advance(d time.Duration)  { c.t = c.t.Add(d) }
func (c *testClock) days(n int) time.Duration { return time.Duration(n) * 24 * time.Hour }

// clockedDomain is the rules on st with the clock c.
func clockedDomain(st *store.Store, c *testClock) *Domain {
	return New(Deps{Store: st, Now: c.now, Site: bizmail.Site{Name: "BizProfile", BaseURL: "http://bizprofile.test", SupportEmail: "support@bizprofile.test"}})
}

// execSQL runs statements the partner tests need as fixtures.
func execSQL(t *testing.T, st *store.Store, q string, args ...any) {
	t.Helper()
	err := st.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		_, err := tx.Exec(tx.Rebind(q), args...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// testPartner is a partner account on plan in state (approved, pending…).
func testPartner(t *testing.T, st *store.Store, email, plan, state string) store.User {
	t.Helper()
	u, _, err := st.CreateAccount(context.Background(), store.NewAccount{Email: email, PasswordHash: "x", Kind: store.KindPartner})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	execSQL(t, st, `INSERT INTO partners (user_id, plan, state, code, name, terms_accepted_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, u.ID, plan, state, fmt.Sprintf("code%d", u.ID), "Pat Partner", now, now, now)
	return u
}

// referred is a business account with a listing that partner referred.
func referred(t *testing.T, st *store.Store, partner store.User, email string) store.User {
	t.Helper()
	u, _ := ownedListing(t, st, email)
	execSQL(t, st, `INSERT INTO referrals (user_id, partner_id, clicked_at, created_at) VALUES (?, ?, ?, ?)`,
		u.ID, partner.ID, time.Now().UTC(), time.Now().UTC())
	return u
}

// stripeEvent is a signed event's content, as the webhook handler passes
// it on.
func stripeEvent(id string, typ stripe.EventType, at time.Time, object string) stripe.Event {
	return stripe.Event{ID: id, Type: typ, Created: at.Unix(), Data: &stripe.EventData{Raw: json.RawMessage(object)}}
}

// paidInvoice is an invoice.paid event of amount cents for user's
// subscription, paid at at, its payment intent pi_{invoice}.
func paidInvoice(eventID, invoice string, user store.User, amount int64, at time.Time) stripe.Event {
	return stripeEvent(eventID, stripe.EventTypeInvoicePaid, at, fmt.Sprintf(`{"id": %q, "object": "invoice", "amount_paid": %d,
		"currency": "usd", "period_start": %d, "status_transitions": {"paid_at": %d},
		"parent": {"subscription_details": {"subscription": "sub_%d", "metadata": {"user_id": "%d"}}},
		"payments": {"data": [{"payment": {"type": "payment_intent", "payment_intent": "pi_%s"}}]}}`,
		invoice, amount, at.Unix(), at.Unix(), user.ID, user.ID, invoice))
}

// refund is a charge.refunded event: the charge of invoice, amount cents,
// refunded cumulative cents so far.
func refund(eventID, invoice string, amount, refunded int64, at time.Time) stripe.Event {
	return stripeEvent(eventID, stripe.EventTypeChargeRefunded, at, fmt.Sprintf(`{"id": "ch_%s", "object": "charge",
		"amount": %d, "amount_refunded": %d, "payment_intent": "pi_%s"}`, invoice, amount, refunded, invoice))
}

func dispute(eventID, invoice string, amount int64, at time.Time) stripe.Event {
	return stripeEvent(eventID, stripe.EventTypeChargeDisputeCreated, at, fmt.Sprintf(`{"id": "dp_%s", "object": "dispute",
		"amount": %d, "charge": "ch_%s", "payment_intent": "pi_%s"}`, eventID, amount, invoice, invoice))
}

func apply(t *testing.T, d *Domain, ev stripe.Event) bool {
	t.Helper()
	first, err := d.Plans.ApplyStripeEvent(context.Background(), ev)
	if err != nil {
		t.Fatalf("event %s: %v", ev.ID, err)
	}
	return first
}

// ledger is partner's ledger, oldest first, as (kind, cents) pairs.
func ledger(t *testing.T, st *store.Store, partner store.User) []string {
	t.Helper()
	es, err := st.PartnerLedger(context.Background(), partner.ID)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := len(es) - 1; i >= 0; i-- {
		out = append(out, fmt.Sprintf("%s %d", es[i].Kind, es[i].AmountCents))
	}
	return out
}

func sameList(t *testing.T, what string, got, want []string) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: %q, want %q", what, got, want)
	}
}

// A referred account's paid invoice earns its approved partner the plan's
// rate of the amount paid (rounded down), once per event: 20% on Partner,
// 25% on Partner+. Nothing for a free invoice, for an account nobody
// referred or for a partner not approved.
func TestCommissionsFromPaidInvoices(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clock := &testClock{t: time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)}
		d := clockedDomain(st, clock)
		partner := testPartner(t, st, "pat@example.com", "partner", store.PartnerApproved)
		plus := testPartner(t, st, "plus@example.com", "partner-plus", store.PartnerApproved)
		pending := testPartner(t, st, "wait@example.com", "partner-plus", store.PartnerPending)
		a := referred(t, st, partner, "a@example.com")
		b := referred(t, st, plus, "b@example.com")
		c := referred(t, st, pending, "c@example.com")
		lone, _ := ownedListing(t, st, "lone@example.com")

		if !apply(t, d, paidInvoice("evt_1", "in_a1", a, 4999, clock.t)) || apply(t, d, paidInvoice("evt_1", "in_a1", a, 4999, clock.t)) {
			t.Fatal("the first delivery of an event is applied, a second is not")
		}
		apply(t, d, paidInvoice("evt_2", "in_a0", a, 0, clock.t)) // a trial's invoice
		apply(t, d, paidInvoice("evt_3", "in_b1", b, 4900, clock.t))
		apply(t, d, paidInvoice("evt_4", "in_c1", c, 4900, clock.t))
		apply(t, d, paidInvoice("evt_5", "in_l1", lone, 4900, clock.t))
		// The same invoice in another event earns nothing more.
		apply(t, d, paidInvoice("evt_6", "in_b1", b, 4900, clock.t))

		sameList(t, "Partner's ledger", ledger(t, st, partner), []string{"commission 999"})
		sameList(t, "Partner+'s ledger", ledger(t, st, plus), []string{"commission 1225"})
		sameList(t, "a pending partner's ledger", ledger(t, st, pending), nil)
		es, _ := st.PartnerLedger(context.Background(), plus.ID)
		e := es[0]
		if e.BaseCents != 4900 || e.RatePercent != 25 || e.Currency != "usd" || e.ReferredUserID != b.ID || e.PaymentIntentID != "pi_in_b1" ||
			!e.PayableAt.Equal(clock.t.Add(30*24*time.Hour)) || e.Business != "Harbor Street Bakery" {
			t.Fatalf("the commission: %+v", e)
		}
	})
}

// Commissions run for 12 months from the referred account's first paid
// invoice: the invoice 11 months in earns one, the one 12 months in does
// not.
func TestCommissionWindow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		start := time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC)
		clock := &testClock{t: start}
		d := clockedDomain(st, clock)
		partner := testPartner(t, st, "pat@example.com", "partner", store.PartnerApproved)
		a := referred(t, st, partner, "a@example.com")
		for i, months := range []int{0, 11, 12, 13} {
			at := start.AddDate(0, months, 0)
			clock.t = at
			apply(t, d, paidInvoice(fmt.Sprintf("evt_%d", i), fmt.Sprintf("in_%d", i), a, 1000, at))
		}
		sameList(t, "the ledger", ledger(t, st, partner), []string{"commission 200", "commission 200"})
	})
}

// Refunds take back the commission's share of what was refunded (Stripe
// tells the total refunded so far), so two partial refunds that make the
// whole take the whole commission; a dispute takes its share of the
// disputed amount, never more than what remains. Each event once.
func TestRefundsAndDisputesReverseCommissions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clock := &testClock{t: time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)}
		d := clockedDomain(st, clock)
		partner := testPartner(t, st, "pat@example.com", "partner", store.PartnerApproved)
		a := referred(t, st, partner, "a@example.com")
		b := referred(t, st, partner, "b@example.com")
		apply(t, d, paidInvoice("evt_1", "in_a", a, 4900, clock.t)) // 980
		apply(t, d, paidInvoice("evt_2", "in_b", b, 4900, clock.t)) // 980

		apply(t, d, refund("evt_r1", "in_a", 4900, 1000, clock.t)) // 980×1000/4900 = 200
		apply(t, d, refund("evt_r1", "in_a", 4900, 1000, clock.t)) // the same event again
		apply(t, d, refund("evt_r2", "in_a", 4900, 4900, clock.t)) // the rest: 780
		apply(t, d, refund("evt_r3", "in_unknown", 4900, 4900, clock.t))

		apply(t, d, dispute("evt_d1", "in_b", 2450, clock.t)) // half: 490
		apply(t, d, dispute("evt_d2", "in_b", 4900, clock.t)) // capped at what remains: 490
		apply(t, d, dispute("evt_d3", "in_b", 4900, clock.t)) // nothing left

		sameList(t, "the ledger", ledger(t, st, partner), []string{
			"commission 980", "commission 980", "refund -200", "refund -780", "dispute -490", "dispute -490",
		})
		es, _ := st.PartnerLedger(context.Background(), partner.ID)
		for _, e := range es {
			if e.Kind != store.LedgerCommission && !e.PayableAt.Equal(clock.t.Add(30*24*time.Hour)) {
				t.Errorf("a reversal of a pending commission is payable at %v, with it", e.PayableAt)
			}
		}
		m, err := d.Partners.Money(context.Background(), partner.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Balances) != 1 || m.Balances[0].PendingCents != 0 || m.Balances[0].PayableCents != 0 {
			t.Fatalf("balances %+v, want nothing left", m.Balances)
		}
		if m.Ledger[len(m.Ledger)-1].State != EntryReversed {
			t.Fatalf("the refunded commission is %q", m.Ledger[len(m.Ledger)-1].State)
		}
	})
}

// An administrator voids what remains of a commission, with a reason;
// a second void has nothing left to take.
func TestVoidCommission(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clock := &testClock{t: time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)}
		d := clockedDomain(st, clock)
		partner := testPartner(t, st, "pat@example.com", "partner", store.PartnerApproved)
		admin, _ := ownedListing(t, st, "admin@example.com")
		a := referred(t, st, partner, "a@example.com")
		apply(t, d, paidInvoice("evt_1", "in_a", a, 4900, clock.t))
		apply(t, d, refund("evt_r1", "in_a", 4900, 1000, clock.t))
		es, _ := st.PartnerLedger(ctx, partner.ID)
		id := es[len(es)-1].ID
		var inv Invalid
		if err := d.Partners.VoidCommission(ctx, admin.ID, id, "  "); !errors.As(err, &inv) || !inv.Fields().Has("reason") {
			t.Fatalf("a void without a reason: %v", err)
		}
		if err := d.Partners.VoidCommission(ctx, admin.ID, id, "Self-referral through a second account"); err != nil {
			t.Fatal(err)
		}
		if err := d.Partners.VoidCommission(ctx, admin.ID, id, "Again"); !errors.Is(err, ErrNothingToVoid) {
			t.Fatalf("a second void: %v", err)
		}
		sameList(t, "the ledger", ledger(t, st, partner), []string{"commission 980", "refund -200", "void -780"})
		es, _ = st.PartnerLedger(ctx, partner.ID)
		if es[0].Note != "Self-referral through a second account" || es[0].CreatedBy != admin.ID {
			t.Fatalf("the void: %+v", es[0])
		}
	})
}

package domain

import (
	"context"
	"errors"
	"testing"
	"time"

	"bizprofile/jobs"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// balance is partner's balance in US dollars now: payable and pending.
func balance(t *testing.T, d *Domain, partner store.User) (payable, pending int64) {
	t.Helper()
	m, err := d.Partners.Money(context.Background(), partner.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range m.Balances {
		if b.Currency == "usd" {
			return b.PayableCents, b.PendingCents
		}
	}
	return 0, 0
}

func payouts(t *testing.T, st *store.Store, partner store.User) []store.Payout {
	t.Helper()
	ps, err := st.PartnerPayouts(context.Background(), partner.ID)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// A commission is pending for 30 days, then payable; the monthly run pays
// a payable balance of $50 or more (by hand for a partner without a
// Connect account), and not one of $49.99. Marking a manual payout paid
// takes a reference and emails the partner the statement.
func TestHoldThresholdAndManualPayout(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		paidAt := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
		clock := &testClock{t: paidAt}
		d := clockedDomain(st, clock)
		short := testPartner(t, st, "short@example.com", "partner", store.PartnerApproved)
		enough := testPartner(t, st, "enough@example.com", "partner", store.PartnerApproved)
		admin, _ := ownedListing(t, st, "admin@example.com")
		apply(t, d, paidInvoice("evt_1", "in_s", referred(t, st, short, "s@example.com"), 24995, paidAt))  // $49.99
		apply(t, d, paidInvoice("evt_2", "in_e", referred(t, st, enough, "e@example.com"), 25000, paidAt)) // $50.00

		clock.advance(clock.days(30) - time.Second)
		if payable, pending := balance(t, d, enough); payable != 0 || pending != 5000 {
			t.Fatalf("a second before the hold ends: payable %d, pending %d", payable, pending)
		}
		m, _ := d.Partners.Money(ctx, enough.ID)
		if m.Ledger[0].State != EntryPending || !m.Ledger[0].PayableAt.Equal(paidAt.Add(30*24*time.Hour)) {
			t.Fatalf("the commission in its hold: %+v", m.Ledger[0])
		}
		if err := d.Partners.RunPayouts(ctx, "2026-04"); err != nil {
			t.Fatal(err)
		}
		if len(payouts(t, st, enough)) != 0 {
			t.Fatal("a pending commission was paid out")
		}
		clock.advance(time.Second)
		if payable, pending := balance(t, d, enough); payable != 5000 || pending != 0 {
			t.Fatalf("once the hold ended: payable %d, pending %d", payable, pending)
		}
		if err := d.Partners.RunPayouts(ctx, "2026-05"); err != nil {
			t.Fatal(err)
		}
		if ps := payouts(t, st, short); len(ps) != 0 {
			t.Fatalf("$49.99 was paid out: %+v", ps)
		}
		ps := payouts(t, st, enough)
		if len(ps) != 1 || ps[0].AmountCents != 5000 || ps[0].Method != store.PayoutManual || ps[0].State != store.PayoutDue {
			t.Fatalf("the payout of $50: %+v", ps)
		}
		if payable, _ := balance(t, d, enough); payable != 0 {
			t.Fatalf("after the payout, payable %d", payable)
		}
		if got := emailsTo(t, st, "enough@example.com"); len(got) != 0 {
			t.Fatalf("a statement before the payout is paid: %q", got)
		}

		var inv Invalid
		if err := d.Partners.MarkPaid(ctx, admin.ID, ps[0].ID, " "); !errors.As(err, &inv) || !inv.Fields().Has("reference") {
			t.Fatalf("marked paid without a reference: %v", err)
		}
		if err := d.Partners.MarkPaid(ctx, admin.ID, ps[0].ID, "BANK-2026-05-001"); err != nil {
			t.Fatal(err)
		}
		if err := d.Partners.MarkPaid(ctx, admin.ID, ps[0].ID, "again"); !errors.Is(err, ErrPayoutNotDue) {
			t.Fatalf("marked paid twice: %v", err)
		}
		po := payouts(t, st, enough)[0]
		if po.State != store.PayoutPaid || po.Reference != "BANK-2026-05-001" {
			t.Fatalf("the paid payout: %+v", po)
		}
		sameList(t, "emails to the partner", emailsTo(t, st, "enough@example.com"), []string{"Your BizProfile partner payout of May 2026: $50.00"})
		m, _ = d.Partners.Money(ctx, enough.ID)
		if m.Ledger[0].What != "Payout" || m.Ledger[0].State != EntryPaid || m.Ledger[1].State != EntryPaid {
			t.Fatalf("the ledger after the payout: %+v", m.Ledger)
		}
	})
}

// A refund after the payout makes the payable balance negative; later
// commissions settle it before anything is paid out again.
func TestReversalAfterPayoutSettledLater(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clock := &testClock{t: time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)}
		d := clockedDomain(st, clock)
		partner := testPartner(t, st, "pat@example.com", "partner", store.PartnerApproved)
		a := referred(t, st, partner, "a@example.com")
		apply(t, d, paidInvoice("evt_1", "in_1", a, 25000, clock.t)) // 5000
		clock.advance(clock.days(31))
		if err := d.Partners.RunPayouts(ctx, "2026-04"); err != nil {
			t.Fatal(err)
		}
		apply(t, d, refund("evt_r", "in_1", 25000, 25000, clock.t))
		if payable, _ := balance(t, d, partner); payable != -5000 {
			t.Fatalf("after a refund of a paid-out commission: payable %d, want -5000", payable)
		}
		apply(t, d, paidInvoice("evt_2", "in_2", a, 50000, clock.t)) // 10000
		clock.advance(clock.days(31))
		if payable, _ := balance(t, d, partner); payable != 5000 {
			t.Fatalf("after the next commission: payable %d, want 5000", payable)
		}
		if err := d.Partners.RunPayouts(ctx, "2026-05"); err != nil {
			t.Fatal(err)
		}
		ps := payouts(t, st, partner)
		if len(ps) != 2 || ps[0].AmountCents != 5000 || ps[0].Month != "2026-05" {
			t.Fatalf("payouts: %+v", ps)
		}
	})
}

// The monthly run is one job waiting in the queue, however many instances
// schedule it, and two instances running the same month pay each partner
// once.
func TestMonthlyPayoutRunOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clock := &testClock{t: time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)}
		one, two := clockedDomain(st, clock), clockedDomain(st, clock)
		partner := testPartner(t, st, "pat@example.com", "partner", store.PartnerApproved)
		apply(t, one, paidInvoice("evt_1", "in_1", referred(t, st, partner, "a@example.com"), 30000, clock.t))
		clock.advance(clock.days(31))
		for _, d := range []*Domain{one, two} {
			if err := d.Partners.SchedulePayouts(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if n := waiting(t, st, jobs.KindPartnerPayouts); n != 1 {
			t.Fatalf("%d payout runs waiting, want 1", n)
		}
		for _, d := range []*Domain{one, two} {
			if err := d.Partners.RunPayouts(ctx, "2026-04"); err != nil {
				t.Fatal(err)
			}
		}
		if ps := payouts(t, st, partner); len(ps) != 1 || ps[0].AmountCents != 6000 {
			t.Fatalf("payouts: %+v", ps)
		}
		sameList(t, "the ledger", ledger(t, st, partner), []string{"commission 6000", "payout -6000"})
	})
}

// waiting counts the queued jobs of kind.
func waiting(t *testing.T, st *store.Store, kind string) int {
	t.Helper()
	js, _, err := st.Jobs(context.Background(), "queued", store.Page{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, j := range js {
		if j.Kind == kind {
			n++
		}
	}
	return n
}

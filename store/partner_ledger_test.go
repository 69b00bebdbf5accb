package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// The ledger's rules on both engines: one commission per invoice, the
// balance split at its rows' payable time, at most one payout a month in
// each currency, whose ledger row takes it off the balance, and a
// statement covering what became payable since the payout before.
func TestPartnerLedgerAndPayouts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, store.NewAccount{Email: "pat@example.com", PasswordHash: "x", Kind: store.KindPartner})
		must(t, err)
		now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
		must(t, s.WithTx(ctx, func(tx *sqlx.Tx) error {
			_, err := tx.Exec(tx.Rebind(`INSERT INTO partners (user_id, plan, state, name, terms_accepted_at, created_at, updated_at)
				VALUES (?, 'partner', 'approved', 'Pat', ?, ?, ?)`), u.ID, now, now, now)
			return err
		}))
		add := func(eventID, invoice string, cents int64, payable, at time.Time) (added bool) {
			_, err := s.ProcessStripeEvent(ctx, eventID, "invoice.paid", func(b *store.BillingTx) error {
				added, err = b.AddCommission(ctx, store.NewCommission{PartnerID: u.ID, AmountCents: cents, BaseCents: cents * 5,
					RatePercent: 20, Currency: "usd", InvoiceID: invoice, IntentID: "pi_" + invoice, PayableAt: payable, At: at})
				return err
			})
			must(t, err)
			return added
		}
		if !add("evt_1", "in_1", 3000, now, now) || add("evt_2", "in_1", 3000, now, now) {
			t.Fatal("an invoice earns one commission")
		}
		add("evt_3", "in_2", 2500, now.Add(time.Hour), now)

		bs, err := s.PartnerBalances(ctx, u.ID, now)
		must(t, err)
		if len(bs) != 1 || bs[0].PayableCents != 3000 || bs[0].PendingCents != 2500 {
			t.Fatalf("balances %+v", bs)
		}
		pay := func(month string, at time.Time) (store.Payout, bool) {
			var p store.Payout
			var ok bool
			must(t, s.InTx(ctx, func(tx *store.Store) error {
				var err error
				p, ok, err = tx.CreatePayout(ctx, u.ID, month, "usd", store.PayoutManual, at, 5000)
				return err
			}))
			return p, ok
		}
		if _, ok := pay("2026-03", now); ok {
			t.Fatal("$30 paid out under a $50 threshold")
		}
		later := now.Add(2 * time.Hour)
		p, ok := pay("2026-03", later)
		if !ok || p.AmountCents != 5500 || p.State != store.PayoutDue || p.PartnerEmail != "pat@example.com" {
			t.Fatalf("the payout: %+v, %v", p, ok)
		}
		add("evt_4", "in_3", 9000, later, later.Add(time.Minute)) // recorded after the payout
		if _, ok := pay("2026-03", later.Add(time.Hour)); ok {
			t.Fatal("a second payout in the same month")
		}
		covers, err := s.PayoutCovers(ctx, p)
		must(t, err)
		if len(covers) != 2 {
			t.Fatalf("the payout covers %d rows, want the 2 commissions", len(covers))
		}
		bs, err = s.PartnerBalances(ctx, u.ID, later.Add(time.Hour))
		must(t, err)
		if bs[0].PayableCents != 9000 {
			t.Fatalf("after the payout: %+v", bs)
		}
		second, ok := pay("2026-04", later.Add(time.Hour))
		if !ok {
			t.Fatal("no payout the next month")
		}
		covers, err = s.PayoutCovers(ctx, second)
		must(t, err)
		if len(covers) != 1 || covers[0].InvoiceID != "in_3" {
			t.Fatalf("the second payout covers %+v", covers)
		}
		done, err := s.MarkPayoutPaid(ctx, p.ID, "", "REF-1", 0, later)
		must(t, err)
		again, err := s.MarkPayoutPaid(ctx, p.ID, "", "REF-2", 0, later)
		must(t, err)
		if !done || again {
			t.Fatalf("marked paid: %v, then %v", done, again)
		}
	})
}

package domain

import (
	"context"
	"time"

	"bizprofile/store"
)

// PartnerMoney is a partner's money as their dashboard shows it: the
// balances, the ledger, the payouts and the state of their Stripe Connect
// account (the figures by month are Partners.Months').
type PartnerMoney struct {
	Balances []MoneyBalance // by currency; none before the first commission
	Ledger   []MoneyEntry   // newest first
	Payouts  []MoneyPayout  // newest first
	Connect  ConnectState
}

// MoneyBalance is a partner's balance in one currency: payable now (after
// what was paid out) and pending (in the hold).
type MoneyBalance struct {
	Currency                   string
	PayableCents, PendingCents int64
}

// States of a ledger row as the partner sees it.
const (
	EntryPending  = "pending"   // in the hold until PayableAt
	EntryPayable  = "payable"   // in the next payout
	EntryReversed = "reversed"  // a commission its reversals took back
	EntryInPayout = "in-payout" // taken into a payout not yet paid
	EntryPaid     = "paid"      // paid out
)

// MoneyEntry is one row of a partner's ledger. (Its fields are those of
// the dashboard's views.PartnerLedgerRow, which converts it.)
type MoneyEntry struct {
	At          time.Time
	What        string // the kind in words (LedgerKindText)
	Business    string // the referred business, when there is one
	AmountCents int64
	Currency    string
	State       string // Entry*
	PayableAt   time.Time
}

// MoneyPayout is one payout of a partner's balance. (Its fields are those
// of views.PartnerPayoutRow.)
type MoneyPayout struct {
	Month       string // store.MonthFormat
	AmountCents int64
	Currency    string
	Method      string // store.PayoutConnect, store.PayoutManual
	State       string // store.PayoutDue, store.PayoutPaid
	Reference   string
	TransferID  string
	PaidAt      time.Time
}

// ConnectState is a partner's Stripe Connect account.
type ConnectState struct {
	Approved  bool   // the partner may connect
	AccountID string // "" until they started onboarding
	Ready     bool   // Stripe can pay it: payouts go by transfer
}

// Money is partner partnerID's money now.
func (p *Partners) Money(ctx context.Context, partnerID int64) (PartnerMoney, error) {
	now := p.now().UTC()
	pa, err := p.store.PartnerByUser(ctx, partnerID)
	if err != nil {
		return PartnerMoney{}, err
	}
	rows, err := p.store.PartnerLedger(ctx, partnerID)
	if err != nil {
		return PartnerMoney{}, err
	}
	payouts, err := p.store.PartnerPayouts(ctx, partnerID)
	if err != nil {
		return PartnerMoney{}, err
	}
	bs, err := p.store.PartnerBalances(ctx, partnerID, now)
	if err != nil {
		return PartnerMoney{}, err
	}
	m := PartnerMoney{
		Connect: ConnectState{Approved: pa.State == store.PartnerApproved, AccountID: pa.ConnectAccountID, Ready: pa.ConnectReady},
	}
	for _, b := range bs {
		m.Balances = append(m.Balances, MoneyBalance{Currency: b.Currency, PayableCents: b.PayableCents, PendingCents: b.PendingCents})
	}
	for _, r := range rows {
		m.Ledger = append(m.Ledger, MoneyEntry{
			At: r.CreatedAt, What: LedgerKindText(r), Business: r.Business,
			AmountCents: r.AmountCents, Currency: r.Currency, State: entryState(r, payouts, now), PayableAt: r.PayableAt,
		})
	}
	for _, po := range payouts {
		m.Payouts = append(m.Payouts, MoneyPayout{Month: po.Month, AmountCents: po.AmountCents, Currency: po.Currency, Method: po.Method,
			State: po.State, Reference: po.Reference, TransferID: po.TransferID, PaidAt: po.PaidAt.Time})
	}
	return m, nil
}

// entryState is what became of ledger row r at now, given the partner's
// payouts (newest first): a payout takes every row of its currency
// payable by its time.
func entryState(r store.LedgerEntry, payouts []store.Payout, now time.Time) string {
	if r.Kind == store.LedgerPayout {
		for _, po := range payouts {
			if po.ID == r.PayoutID && po.State != store.PayoutPaid {
				return EntryInPayout
			}
		}
		return EntryPaid
	}
	if r.Kind == store.LedgerCommission && r.Remaining() <= 0 {
		return EntryReversed
	}
	if r.PayableAt.After(now) {
		return EntryPending
	}
	// The first payout after the row became payable took it.
	var by *store.Payout
	for i := range payouts {
		po := &payouts[i]
		if po.Currency == r.Currency && !po.CreatedAt.Before(r.PayableAt) {
			by = po
		}
	}
	switch {
	case by == nil:
		return EntryPayable
	case by.State == store.PayoutPaid:
		return EntryPaid
	}
	return EntryInPayout
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The partners' money (issue 36): an append-only ledger. A commission (+)
// is a share of one paid invoice of a referred account; a refund, a
// dispute or a void (−) reverses part of one commission; a payout (−)
// pays the payable balance out. A row counts as payable from payable_at.

// Kinds of ledger rows.
const (
	LedgerCommission = "commission"
	LedgerRefund     = "refund"
	LedgerDispute    = "dispute"
	LedgerVoid       = "void"
	LedgerPayout     = "payout"
)

// LedgerEntry is one row of a partner's ledger.
type LedgerEntry struct {
	ID              int64     `db:"id"`
	PartnerID       int64     `db:"partner_id"`
	Kind            string    `db:"kind"`
	AmountCents     int64     `db:"amount_cents"`
	Currency        string    `db:"currency"`
	CommissionID    int64     `db:"commission_id"`    // a reversal's commission; 0 otherwise
	PayoutID        int64     `db:"payout_id"`        // a payout row's payout; 0 otherwise
	ReferredUserID  int64     `db:"referred_user_id"` // the account whose invoice earned it; 0: none
	InvoiceID       string    `db:"invoice_id"`
	ChargeID        string    `db:"charge_id"`
	PaymentIntentID string    `db:"payment_intent_id"`
	BaseCents       int64     `db:"base_cents"` // a commission's invoice amount
	RatePercent     int       `db:"rate_percent"`
	StripeEventID   string    `db:"stripe_event_id"`
	Note            string    `db:"note"`
	CreatedBy       int64     `db:"created_by"` // the administrator of a void; 0 otherwise
	PayableAt       time.Time `db:"payable_at"`
	CreatedAt       time.Time `db:"created_at"`
	// Business is the referred account's first listing's name, joined
	// ("" when it has none).
	Business string `db:"business"`
	// Reversed is, for a commission, the sum of its reversals (positive),
	// joined.
	Reversed int64 `db:"reversed"`
	// PartnerEmail is the partner account's address, joined.
	PartnerEmail string `db:"partner_email"`
}

// Remaining is what is left of a commission after its reversals.
func (e LedgerEntry) Remaining() int64 { return e.AmountCents - e.Reversed }

const ledgerColumns = `l.id, l.partner_id, l.kind, l.amount_cents, l.currency, COALESCE(l.commission_id, 0) AS commission_id,
	COALESCE(l.payout_id, 0) AS payout_id, COALESCE(l.referred_user_id, 0) AS referred_user_id, l.invoice_id, l.charge_id,
	l.payment_intent_id, l.base_cents, l.rate_percent, l.stripe_event_id, l.note, COALESCE(l.created_by, 0) AS created_by,
	l.payable_at, l.created_at,
	COALESCE((SELECT b.name FROM businesses b WHERE b.owner_id = l.referred_user_id ORDER BY b.created_at, b.id LIMIT 1), '') AS business,
	COALESCE((SELECT -SUM(r.amount_cents) FROM partner_ledger r WHERE r.commission_id = l.id), 0) AS reversed,
	COALESCE((SELECT u.email FROM users u WHERE u.id = l.partner_id), '') AS partner_email`

// PartnerReferral is the approved partner a referred account earns
// commissions for.
type PartnerReferral struct {
	PartnerID   int64        `db:"partner_id"`
	Plan        string       `db:"plan"`
	WindowStart sql.NullTime `db:"window_start"`
}

// ReferralOf is the referral of account userID when its partner is
// approved; false when there is none.
func (b *BillingTx) ReferralOf(ctx context.Context, userID int64) (PartnerReferral, bool, error) {
	var r PartnerReferral
	err := b.tx.GetContext(ctx, &r, b.tx.Rebind(`SELECT r.partner_id, p.plan, r.window_start FROM referrals r
		JOIN partners p ON p.user_id = r.partner_id WHERE r.user_id = ? AND p.state = ?`), userID, PartnerApproved)
	if errors.Is(err, sql.ErrNoRows) {
		return PartnerReferral{}, false, nil
	}
	if err != nil {
		return PartnerReferral{}, false, fmt.Errorf("store: referral of: %w", err)
	}
	return r, true, nil
}

// SubscriptionOwner is the account a subscription belongs to; 0 when
// unknown.
func (b *BillingTx) SubscriptionOwner(ctx context.Context, subscriptionID string) (int64, error) {
	var id sql.NullInt64
	err := b.tx.GetContext(ctx, &id, b.tx.Rebind(`SELECT user_id FROM subscriptions WHERE stripe_subscription_id = ?`), subscriptionID)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("store: subscription owner: %w", err)
	}
	return id.Int64, nil
}

// StartReferralWindow sets the start of a referred account's commission
// window to at unless it has one, and returns the window's start.
func (b *BillingTx) StartReferralWindow(ctx context.Context, userID int64, at time.Time) (time.Time, error) {
	if _, err := b.tx.ExecContext(ctx, b.tx.Rebind(`UPDATE referrals SET window_start = ? WHERE user_id = ? AND window_start IS NULL`),
		at.UTC(), userID); err != nil {
		return time.Time{}, fmt.Errorf("store: start referral window: %w", err)
	}
	var start time.Time
	if err := b.tx.GetContext(ctx, &start, b.tx.Rebind(`SELECT window_start FROM referrals WHERE user_id = ?`), userID); err != nil {
		return time.Time{}, fmt.Errorf("store: referral window: %w", err)
	}
	return start.UTC(), nil
}

// NewCommission is a commission earned on one paid invoice.
type NewCommission struct {
	PartnerID, ReferredUserID     int64
	AmountCents, BaseCents        int64
	RatePercent                   int
	Currency                      string
	InvoiceID, ChargeID, IntentID string
	StripeEventID                 string
	PayableAt, At                 time.Time
}

// AddCommission appends a commission, once per invoice; it reports whether
// it did.
func (b *BillingTx) AddCommission(ctx context.Context, c NewCommission) (bool, error) {
	res, err := b.tx.ExecContext(ctx, b.tx.Rebind(`INSERT INTO partner_ledger (partner_id, kind, amount_cents, currency,
		referred_user_id, invoice_id, charge_id, payment_intent_id, base_cents, rate_percent, stripe_event_id, payable_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (invoice_id) WHERE kind = 'commission' DO NOTHING`),
		c.PartnerID, LedgerCommission, c.AmountCents, c.Currency, c.ReferredUserID, c.InvoiceID, c.ChargeID, c.IntentID,
		c.BaseCents, c.RatePercent, c.StripeEventID, c.PayableAt.UTC(), c.At.UTC())
	if err != nil {
		return false, fmt.Errorf("store: add commission: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// CommissionByPayment is the commission of the invoice paid by a charge or
// payment intent, with what its reversals took already, locked (on
// PostgreSQL) until the transaction ends; false when none is known.
func (b *BillingTx) CommissionByPayment(ctx context.Context, chargeID, intentID string) (LedgerEntry, bool, error) {
	if chargeID == "" && intentID == "" {
		return LedgerEntry{}, false, nil
	}
	var id int64
	err := b.tx.GetContext(ctx, &id, b.tx.Rebind(`SELECT id FROM partner_ledger WHERE kind = ?
		AND ((charge_id <> '' AND charge_id = ?) OR (payment_intent_id <> '' AND payment_intent_id = ?)) ORDER BY id LIMIT 1`),
		LedgerCommission, chargeID, intentID)
	if errors.Is(err, sql.ErrNoRows) {
		return LedgerEntry{}, false, nil
	}
	if err != nil {
		return LedgerEntry{}, false, fmt.Errorf("store: commission by payment: %w", err)
	}
	c, err := lockedCommission(ctx, b.tx, id)
	return c, err == nil, err
}

// lockedCommission reads commission id, locking its row on PostgreSQL so
// that two reversals of it at once cannot take more than it holds.
func lockedCommission(ctx context.Context, q queryer, id int64) (LedgerEntry, error) {
	if q.DriverName() == "postgres" {
		if _, err := q.ExecContext(ctx, `SELECT id FROM partner_ledger WHERE id = $1 FOR UPDATE`, id); err != nil {
			return LedgerEntry{}, fmt.Errorf("store: lock commission: %w", err)
		}
	}
	var c LedgerEntry
	err := sqlxGet(ctx, q, &c, `SELECT `+ledgerColumns+` FROM partner_ledger l WHERE l.id = ? AND l.kind = ?`, id, LedgerCommission)
	if errors.Is(err, sql.ErrNoRows) {
		return LedgerEntry{}, ErrNotFound
	}
	if err != nil {
		return LedgerEntry{}, fmt.Errorf("store: commission: %w", err)
	}
	return c, nil
}

func sqlxGet(ctx context.Context, q queryer, dest any, query string, args ...any) error {
	return q.GetContext(ctx, dest, q.Rebind(query), args...)
}

// ReversedBy is the sum (positive) of a commission's reversals of kind.
func (b *BillingTx) ReversedBy(ctx context.Context, commissionID int64, kind string) (int64, error) {
	var n int64
	err := sqlxGet(ctx, b.tx, &n, `SELECT COALESCE(-SUM(amount_cents), 0) FROM partner_ledger WHERE commission_id = ? AND kind = ?`, commissionID, kind)
	if err != nil {
		return 0, fmt.Errorf("store: reversed: %w", err)
	}
	return n, nil
}

// Reversal takes Cents (positive) back from a commission.
type Reversal struct {
	Kind          string // LedgerRefund, LedgerDispute, LedgerVoid
	Cents         int64
	StripeEventID string
	Note          string
	CreatedBy     int64 // the administrator of a void
	PayableAt, At time.Time
}

// AddReversal appends a reversal of commission c.
func (b *BillingTx) AddReversal(ctx context.Context, c LedgerEntry, r Reversal) error {
	return addReversal(ctx, b.tx, c, r)
}

func addReversal(ctx context.Context, q queryer, c LedgerEntry, r Reversal) error {
	var by sql.NullInt64
	if r.CreatedBy > 0 {
		by = sql.NullInt64{Int64: r.CreatedBy, Valid: true}
	}
	_, err := q.ExecContext(ctx, q.Rebind(`INSERT INTO partner_ledger (partner_id, kind, amount_cents, currency, commission_id,
		referred_user_id, invoice_id, charge_id, payment_intent_id, stripe_event_id, note, created_by, payable_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		c.PartnerID, r.Kind, -r.Cents, c.Currency, c.ID, c.ReferredUserID, c.InvoiceID, c.ChargeID, c.PaymentIntentID,
		r.StripeEventID, r.Note, by, r.PayableAt.UTC(), r.At.UTC())
	if err != nil {
		return fmt.Errorf("store: add reversal: %w", err)
	}
	return nil
}

// VoidCommission reverses what remains of commission id on an
// administrator's word; build gives the reversal from the commission (and
// what remains of it), or false when there is nothing to void. It reports
// the commission as it was.
func (s *Store) VoidCommission(ctx context.Context, id int64, build func(c LedgerEntry) (Reversal, bool)) (LedgerEntry, error) {
	var c LedgerEntry
	err := s.InTx(ctx, func(tx *Store) error {
		var err error
		if c, err = lockedCommission(ctx, tx.db, id); err != nil {
			return err
		}
		r, ok := build(c)
		if !ok {
			return nil
		}
		return addReversal(ctx, tx.db, c, r)
	})
	return c, err
}

// Commission is commission id with what its reversals took.
func (s *Store) Commission(ctx context.Context, id int64) (LedgerEntry, error) {
	var c LedgerEntry
	err := sqlxGet(ctx, s.db, &c, `SELECT `+ledgerColumns+` FROM partner_ledger l WHERE l.id = ? AND l.kind = ?`, id, LedgerCommission)
	if err != nil {
		return LedgerEntry{}, notFound(err, "commission")
	}
	return c, nil
}

// PartnerLedger is a partner's ledger, newest first.
func (s *Store) PartnerLedger(ctx context.Context, partnerID int64) ([]LedgerEntry, error) {
	var es []LedgerEntry
	err := s.db.SelectContext(ctx, &es, s.db.Rebind(`SELECT `+ledgerColumns+` FROM partner_ledger l
		WHERE l.partner_id = ? ORDER BY l.created_at DESC, l.id DESC`), partnerID)
	if err != nil {
		return nil, fmt.Errorf("store: partner ledger: %w", err)
	}
	return es, nil
}

// RecentCommissions are the latest commissions of every partner, newest
// first, with what their reversals took.
func (s *Store) RecentCommissions(ctx context.Context, p Page) ([]LedgerEntry, int, error) {
	var es []LedgerEntry
	err := s.db.SelectContext(ctx, &es, s.db.Rebind(`SELECT `+ledgerColumns+` FROM partner_ledger l
		WHERE l.kind = ? ORDER BY l.created_at DESC, l.id DESC LIMIT ? OFFSET ?`), LedgerCommission, p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: recent commissions: %w", err)
	}
	var total int
	if err := sqlxGet(ctx, s.db, &total, `SELECT COUNT(*) FROM partner_ledger WHERE kind = ?`, LedgerCommission); err != nil {
		return nil, 0, fmt.Errorf("store: count commissions: %w", err)
	}
	return es, total, nil
}

// Balance is a partner's money in one currency at a moment: what is
// payable (rows payable by then, payouts taken off) and what is pending.
type Balance struct {
	PartnerID    int64  `db:"partner_id"`
	Currency     string `db:"currency"`
	PayableCents int64  `db:"payable"`
	PendingCents int64  `db:"pending"`
}

const balanceColumns = `l.partner_id, l.currency,
	COALESCE(SUM(CASE WHEN l.payable_at <= ? THEN l.amount_cents ELSE 0 END), 0) AS payable,
	COALESCE(SUM(CASE WHEN l.payable_at > ? THEN l.amount_cents ELSE 0 END), 0) AS pending`

// PartnerBalances are partnerID's balances at now, by currency.
func (s *Store) PartnerBalances(ctx context.Context, partnerID int64, now time.Time) ([]Balance, error) {
	var bs []Balance
	err := s.db.SelectContext(ctx, &bs, s.db.Rebind(`SELECT `+balanceColumns+` FROM partner_ledger l
		WHERE l.partner_id = ? GROUP BY l.partner_id, l.currency ORDER BY l.currency`), now.UTC(), now.UTC(), partnerID)
	if err != nil {
		return nil, fmt.Errorf("store: partner balances: %w", err)
	}
	return bs, nil
}

// PayableBalances are the balances at now of approved partners whose
// payable balance is at least threshold, by partner and currency.
func (s *Store) PayableBalances(ctx context.Context, now time.Time, threshold int64) ([]Balance, error) {
	var bs []Balance
	err := s.db.SelectContext(ctx, &bs, s.db.Rebind(`SELECT `+balanceColumns+` FROM partner_ledger l
		JOIN partners p ON p.user_id = l.partner_id WHERE p.state = ?
		GROUP BY l.partner_id, l.currency
		HAVING COALESCE(SUM(CASE WHEN l.payable_at <= ? THEN l.amount_cents ELSE 0 END), 0) >= ?
		ORDER BY l.partner_id, l.currency`), now.UTC(), now.UTC(), PartnerApproved, now.UTC(), threshold)
	if err != nil {
		return nil, fmt.Errorf("store: payable balances: %w", err)
	}
	return bs, nil
}

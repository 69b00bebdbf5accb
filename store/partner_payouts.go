package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Partner payouts (issue 36): once a month, a partner's payable balance,
// when it reaches the threshold, is paid out through Stripe Connect or by
// an administrator by hand. A payout and the ledger row that takes its
// amount off the balance are written together.

// Payout states and methods.
const (
	PayoutDue     = "due"
	PayoutPaid    = "paid"
	PayoutConnect = "connect"
	PayoutManual  = "manual"
)

// Payout is one payout of a partner's balance.
type Payout struct {
	ID          int64        `db:"id"`
	PartnerID   int64        `db:"partner_id"`
	Month       string       `db:"month"` // MonthFormat: the month of the run that made it
	AmountCents int64        `db:"amount_cents"`
	Currency    string       `db:"currency"`
	Method      string       `db:"method"`
	State       string       `db:"state"`
	TransferID  string       `db:"transfer_id"`
	Reference   string       `db:"reference"`
	Error       string       `db:"error"` // the last failed transfer's
	PaidAt      sql.NullTime `db:"paid_at"`
	CreatedAt   time.Time    `db:"created_at"`
	// The partner's, joined.
	PartnerEmail     string `db:"partner_email"`
	PartnerName      string `db:"partner_name"`
	ConnectAccountID string `db:"connect_account_id"`
}

const payoutColumns = `o.id, o.partner_id, o.month, o.amount_cents, o.currency, o.method, o.state, o.transfer_id, o.reference,
	o.error, o.paid_at, o.created_at, COALESCE(u.email, '') AS partner_email, COALESCE(p.name, '') AS partner_name,
	COALESCE(p.connect_account_id, '') AS connect_account_id`

const payoutFrom = ` FROM partner_payouts o LEFT JOIN partners p ON p.user_id = o.partner_id LEFT JOIN users u ON u.id = o.partner_id`

// CreatePayout pays out partnerID's payable balance in currency at now
// when it is at least threshold: a payout of month and the ledger row
// that takes it off the balance. It reports false when the balance is
// short or the partner already has this month's payout in currency (a
// second run, or another instance's). Call it inside InTx so that what
// the payout causes (its transfer job, its email) commits with it.
func (s *Store) CreatePayout(ctx context.Context, partnerID int64, month, currency, method string, now time.Time, threshold int64) (Payout, bool, error) {
	now = now.UTC()
	var payable int64
	if err := sqlxGet(ctx, s.db, &payable, `SELECT COALESCE(SUM(amount_cents), 0) FROM partner_ledger
		WHERE partner_id = ? AND currency = ? AND payable_at <= ?`, partnerID, currency, now); err != nil {
		return Payout{}, false, fmt.Errorf("store: payable balance: %w", err)
	}
	if payable < threshold || payable <= 0 {
		return Payout{}, false, nil
	}
	var id int64
	err := sqlxGet(ctx, s.db, &id, `INSERT INTO partner_payouts (partner_id, month, amount_cents, currency, method, state, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (partner_id, month, currency) DO NOTHING RETURNING id`,
		partnerID, month, payable, currency, method, PayoutDue, now)
	if errors.Is(err, sql.ErrNoRows) {
		return Payout{}, false, nil
	}
	if err != nil {
		return Payout{}, false, fmt.Errorf("store: create payout: %w", err)
	}
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO partner_ledger (partner_id, kind, amount_cents, currency, payout_id, payable_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`), partnerID, LedgerPayout, -payable, currency, id, now, now); err != nil {
		return Payout{}, false, fmt.Errorf("store: payout ledger row: %w", err)
	}
	p, err := s.Payout(ctx, id)
	return p, err == nil, err
}

// Payout is payout id.
func (s *Store) Payout(ctx context.Context, id int64) (Payout, error) {
	var p Payout
	if err := sqlxGet(ctx, s.db, &p, `SELECT `+payoutColumns+payoutFrom+` WHERE o.id = ?`, id); err != nil {
		return Payout{}, notFound(err, "payout")
	}
	return p, nil
}

// PayoutsOfMonth are the payouts of month, due ones first, then by
// partner.
func (s *Store) PayoutsOfMonth(ctx context.Context, month string) ([]Payout, error) {
	var ps []Payout
	err := s.db.SelectContext(ctx, &ps, s.db.Rebind(`SELECT `+payoutColumns+payoutFrom+` WHERE o.month = ?
		ORDER BY CASE WHEN o.state = 'due' THEN 0 ELSE 1 END, o.partner_id, o.currency`), month)
	if err != nil {
		return nil, fmt.Errorf("store: payouts of month: %w", err)
	}
	return ps, nil
}

// PayoutMonths are the months that have payouts, the latest first.
func (s *Store) PayoutMonths(ctx context.Context) ([]string, error) {
	var ms []string
	if err := s.db.SelectContext(ctx, &ms, `SELECT DISTINCT month FROM partner_payouts ORDER BY month DESC`); err != nil {
		return nil, fmt.Errorf("store: payout months: %w", err)
	}
	return ms, nil
}

// PartnerPayouts are a partner's payouts, the latest first.
func (s *Store) PartnerPayouts(ctx context.Context, partnerID int64) ([]Payout, error) {
	var ps []Payout
	err := s.db.SelectContext(ctx, &ps, s.db.Rebind(`SELECT `+payoutColumns+payoutFrom+` WHERE o.partner_id = ?
		ORDER BY o.created_at DESC, o.id DESC`), partnerID)
	if err != nil {
		return nil, fmt.Errorf("store: partner payouts: %w", err)
	}
	return ps, nil
}

// MarkPayoutPaid records that a due payout was paid: by a transfer
// (transferID) or by hand (reference, by an administrator). It reports
// false when the payout was not due (already paid).
func (s *Store) MarkPayoutPaid(ctx context.Context, id int64, transferID, reference string, by int64, at time.Time) (bool, error) {
	var paidBy sql.NullInt64
	if by > 0 {
		paidBy = sql.NullInt64{Int64: by, Valid: true}
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE partner_payouts SET state = ?, transfer_id = ?, reference = ?, error = '',
		paid_by = ?, paid_at = ? WHERE id = ? AND state = ?`), PayoutPaid, transferID, reference, paidBy, at.UTC(), id, PayoutDue)
	if err != nil {
		return false, fmt.Errorf("store: mark payout paid: %w", err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// SetPayoutError keeps the last error of a payout's transfer, for the
// administrators.
func (s *Store) SetPayoutError(ctx context.Context, id int64, msg string) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE partner_payouts SET error = ? WHERE id = ?`), clipError(msg), id); err != nil {
		return fmt.Errorf("store: payout error: %w", err)
	}
	return nil
}

// PayoutCovers are the ledger rows a payout paid out: the partner's rows
// in its currency that were there and payable when it was made, and were
// not when the partner's payout before it was.
func (s *Store) PayoutCovers(ctx context.Context, p Payout) ([]LedgerEntry, error) {
	since := time.Unix(0, 0).UTC()
	err := sqlxGet(ctx, s.db, &since, `SELECT created_at FROM partner_payouts
		WHERE partner_id = ? AND currency = ? AND id < ? ORDER BY id DESC LIMIT 1`, p.PartnerID, p.Currency, p.ID)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: previous payout: %w", err)
	}
	var es []LedgerEntry
	err = s.db.SelectContext(ctx, &es, s.db.Rebind(`SELECT `+ledgerColumns+` FROM partner_ledger l
		WHERE l.partner_id = ? AND l.currency = ? AND l.kind <> ? AND l.payable_at <= ? AND l.created_at <= ?
			AND NOT (l.payable_at <= ? AND l.created_at <= ?)
		ORDER BY l.created_at, l.id`), p.PartnerID, p.Currency, LedgerPayout, p.CreatedAt.UTC(), p.CreatedAt.UTC(), since.UTC(), since.UTC())
	if err != nil {
		return nil, fmt.Errorf("store: payout covers: %w", err)
	}
	return es, nil
}

// SetPartnerConnectAccount gives partner userID its Stripe Connect account
// unless it has one, and returns the one it has.
func (s *Store) SetPartnerConnectAccount(ctx context.Context, userID int64, accountID string) (string, error) {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE partners SET connect_account_id = ?, updated_at = ?
		WHERE user_id = ? AND connect_account_id = ''`), accountID, time.Now().UTC(), userID); err != nil {
		return "", fmt.Errorf("store: set connect account: %w", err)
	}
	var id string
	if err := sqlxGet(ctx, s.db, &id, `SELECT connect_account_id FROM partners WHERE user_id = ?`, userID); err != nil {
		return "", notFound(err, "partner")
	}
	return id, nil
}

// SetPartnerConnectReady records whether partner userID's Connect account
// can receive payouts.
func (s *Store) SetPartnerConnectReady(ctx context.Context, userID int64, ready bool) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE partners SET connect_ready = ?, updated_at = ? WHERE user_id = ?`),
		ready, time.Now().UTC(), userID); err != nil {
		return fmt.Errorf("store: set connect ready: %w", err)
	}
	return nil
}

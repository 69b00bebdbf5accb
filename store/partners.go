package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// The partner programme's accounts (issue 36): a partner is a user with a
// row in partners, pending until an administrator approves or declines
// it; an approved partner has a referral code.

// States of a partner account.
const (
	PartnerPending  = "pending"
	PartnerApproved = "approved"
	PartnerDeclined = "declined"
)

// Partner is a partner account's standing in the programme.
type Partner struct {
	UserID           int64        `db:"user_id"`
	Plan             string       `db:"plan"` // plans.PartnerPlans
	Kind             string       `db:"kind"` // catalog.PartnerTiers: what kind of partner
	State            string       `db:"state"`
	Code             string       `db:"code"` // "" until approved
	Name             string       `db:"name"`
	Company          string       `db:"company"`
	Website          string       `db:"website"`
	Message          string       `db:"message"`
	TermsAcceptedAt  time.Time    `db:"terms_accepted_at"`
	DecisionReason   string       `db:"decision_reason"`
	DecidedAt        sql.NullTime `db:"decided_at"`
	ConnectAccountID string       `db:"connect_account_id"`
	ConnectReady     bool         `db:"connect_ready"`
	CreatedAt        time.Time    `db:"created_at"`
	UpdatedAt        time.Time    `db:"updated_at"`
	Email            string       `db:"email"` // the account's, joined
}

// partnerColumns are the columns a Partner is read from (p: partners, u:
// users).
const partnerColumns = `p.user_id, p.plan, p.kind, p.state, COALESCE(p.code, '') AS code, p.name, p.company, p.website,
	p.message, p.terms_accepted_at, p.decision_reason, p.decided_at, p.connect_account_id, p.connect_ready,
	p.created_at, p.updated_at, u.email`

// PartnerByUser is the partner account of user id; ErrNotFound when the
// user is not a partner.
func (s *Store) PartnerByUser(ctx context.Context, id int64) (Partner, error) {
	var p Partner
	err := s.db.GetContext(ctx, &p, s.db.Rebind(`SELECT `+partnerColumns+`
		FROM partners p JOIN users u ON u.id = p.user_id WHERE p.user_id = ?`), id)
	if errors.Is(err, sql.ErrNoRows) {
		return Partner{}, ErrNotFound
	}
	if err != nil {
		return Partner{}, fmt.Errorf("store: partner: %w", err)
	}
	return p, nil
}

// ErrAlreadyPartner is returned when the user already has a partner
// account.
var ErrAlreadyPartner = errors.New("store: already a partner")

// NewPartner is an application to the programme: a partners row, pending.
type NewPartner struct {
	UserID                                   int64
	Plan, Kind, Name, Company, Website, Text string
	TermsAcceptedAt                          time.Time
}

// CreatePartner makes user p.UserID a partner, pending approval; the
// user's kind is left as it is. ErrAlreadyPartner when it is one.
func (s *Store) CreatePartner(ctx context.Context, p NewPartner) error {
	now := time.Now().UTC()
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO partners
		(user_id, plan, kind, state, name, company, website, message, terms_accepted_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING`),
		p.UserID, p.Plan, p.Kind, PartnerPending, p.Name, p.Company, p.Website, p.Text, p.TermsAcceptedAt.UTC(), now, now)
	if err != nil {
		return fmt.Errorf("store: create partner: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrAlreadyPartner
	}
	return nil
}

// PartnerByCode is the partner whose referral code is code (any state);
// ErrNotFound when none has it.
func (s *Store) PartnerByCode(ctx context.Context, code string) (Partner, error) {
	var p Partner
	err := s.db.GetContext(ctx, &p, s.db.Rebind(`SELECT `+partnerColumns+`
		FROM partners p JOIN users u ON u.id = p.user_id WHERE p.code = ?`), code)
	if errors.Is(err, sql.ErrNoRows) {
		return Partner{}, ErrNotFound
	}
	if err != nil {
		return Partner{}, fmt.Errorf("store: partner by code: %w", err)
	}
	return p, nil
}

// PartnerCodeTaken reports whether a partner has code.
func (s *Store) PartnerCodeTaken(ctx context.Context, code string) (bool, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM partners WHERE code = ?`), code); err != nil {
		return false, fmt.Errorf("store: partner code: %w", err)
	}
	return n > 0, nil
}

// AdminPartner is a partner account as the administrators list it.
type AdminPartner struct {
	Partner
	Referrals int `db:"referrals"` // the accounts attributed to it now
}

// AdminPartners are the partner accounts, pending first, then the newest
// applications first, with the total.
func (s *Store) AdminPartners(ctx context.Context, p Page) ([]AdminPartner, int, error) {
	var total int
	if err := s.db.GetContext(ctx, &total, `SELECT COUNT(*) FROM partners`); err != nil {
		return nil, 0, fmt.Errorf("store: count partners: %w", err)
	}
	var ps []AdminPartner
	err := s.db.SelectContext(ctx, &ps, s.db.Rebind(`SELECT `+partnerColumns+`,
		(SELECT COUNT(*) FROM referrals r WHERE r.partner_id = p.user_id) AS referrals
		FROM partners p JOIN users u ON u.id = p.user_id
		ORDER BY CASE p.state WHEN 'pending' THEN 0 ELSE 1 END, p.created_at DESC, p.user_id DESC
		LIMIT ? OFFSET ?`), p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: partners: %w", err)
	}
	return ps, total, nil
}

// PartnerDecision is an administrator's answer to a partner account.
type PartnerDecision struct {
	UserID int64
	State  string // PartnerApproved or PartnerDeclined
	Plan   string
	Code   string // an approved partner's; kept when it already has one
	Reason string // the note of an approval, the reason of a decline
	By     int64  // the administrator; 0 for none (a command, a test)
	At     time.Time
}

// DecidePartner records an administrator's decision on a partner
// account. A partner keeps the code it had (a code once given out stays
// its own); ErrNotFound when the user is not a partner.
func (s *Store) DecidePartner(ctx context.Context, d PartnerDecision) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE partners SET state = ?, plan = ?,
		code = CASE WHEN code IS NULL OR code = '' THEN NULLIF(?, '') ELSE code END,
		decision_reason = ?, decided_at = ?, decided_by = ?, updated_at = ? WHERE user_id = ?`),
		d.State, d.Plan, d.Code, d.Reason, d.At.UTC(), sql.NullInt64{Int64: d.By, Valid: d.By != 0}, d.At.UTC(), d.UserID)
	if err != nil {
		return fmt.Errorf("store: decide partner: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// CountPartnerClick adds a click on the partner's link on day.
func (s *Store) CountPartnerClick(ctx context.Context, partnerID int64, day string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO partner_clicks (partner_id, day, clicks) VALUES (?, ?, 1)
		ON CONFLICT (partner_id, day) DO UPDATE SET clicks = partner_clicks.clicks + 1`), partnerID, day)
	if err != nil {
		return fmt.Errorf("store: count partner click: %w", err)
	}
	return nil
}

// PartnerClicks is the clicks on the partner's link on day.
func (s *Store) PartnerClicks(ctx context.Context, partnerID int64, day string) (int64, error) {
	var n int64
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COALESCE(SUM(clicks), 0) FROM partner_clicks WHERE partner_id = ? AND day = ?`), partnerID, day)
	if err != nil {
		return 0, fmt.Errorf("store: partner clicks: %w", err)
	}
	return n, nil
}

// AddPartnerAddress records that the partner's own session used the
// address of hash (salted with day's visitor salt) on day, and forgets
// the addresses of the days before day: past its day, a hash is never
// asked for again.
func (s *Store) AddPartnerAddress(ctx context.Context, partnerID int64, day string, hash []byte) error {
	return s.InTx(ctx, func(tx *Store) error {
		if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`DELETE FROM partner_addresses WHERE day < ?`), day); err != nil {
			return fmt.Errorf("store: prune partner addresses: %w", err)
		}
		if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`INSERT INTO partner_addresses (partner_id, day, hash) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`), partnerID, day, hash); err != nil {
			return fmt.Errorf("store: add partner address: %w", err)
		}
		return nil
	})
}

// PartnerUsedAddress reports whether the partner's own session used the
// address of hash on day.
func (s *Store) PartnerUsedAddress(ctx context.Context, partnerID int64, day string, hash []byte) (bool, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM partner_addresses WHERE partner_id = ? AND day = ? AND hash = ?`), partnerID, day, hash)
	if err != nil {
		return false, fmt.Errorf("store: partner address: %w", err)
	}
	return n > 0, nil
}

// Referral is the partner a business account is attributed to.
type Referral struct {
	UserID      int64        `db:"user_id"`
	PartnerID   int64        `db:"partner_id"` // 0: none (cleared by an administrator, or its partner gone)
	ClickedAt   sql.NullTime `db:"clicked_at"`
	WindowStart sql.NullTime `db:"window_start"`
	CreatedAt   time.Time    `db:"created_at"`
}

// CreateReferral attributes user r.UserID to partner r.PartnerID, and
// reports whether it did: an account already attributed (or cleared by
// an administrator) keeps its row.
func (s *Store) CreateReferral(ctx context.Context, r Referral) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO referrals (user_id, partner_id, clicked_at, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO NOTHING`), r.UserID, r.PartnerID, r.ClickedAt, r.CreatedAt.UTC())
	if err != nil {
		return false, fmt.Errorf("store: create referral: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// ReferralOf is the referral of the account; ErrNotFound when it has none.
func (s *Store) ReferralOf(ctx context.Context, userID int64) (Referral, error) {
	var r Referral
	err := s.db.GetContext(ctx, &r, s.db.Rebind(`SELECT user_id, COALESCE(partner_id, 0) AS partner_id, clicked_at, window_start, created_at
		FROM referrals WHERE user_id = ?`), userID)
	if errors.Is(err, sql.ErrNoRows) {
		return Referral{}, ErrNotFound
	}
	if err != nil {
		return Referral{}, fmt.Errorf("store: referral: %w", err)
	}
	return r, nil
}

// ReferralChange is an administrator's change of an account's partner.
type ReferralChange struct {
	UserID      int64     `db:"user_id"`
	UserEmail   string    `db:"user_email"`
	FromPartner int64     `db:"from_partner"` // 0: none
	FromEmail   string    `db:"from_email"`
	ToPartner   int64     `db:"to_partner"` // 0: none
	ToEmail     string    `db:"to_email"`
	ChangedBy   string    `db:"changed_by"` // the administrator's email; "" when gone
	Reason      string    `db:"reason"`
	CreatedAt   time.Time `db:"created_at"`
}

// ChangeReferral sets the partner of account userID (0: none) for reason,
// logging who changed it from what: the only way an attribution changes
// after it is made. It reports the partner it had (0: none).
func (s *Store) ChangeReferral(ctx context.Context, userID, partnerID, by int64, reason string, at time.Time) (from int64, err error) {
	at = at.UTC()
	err = s.InTx(ctx, func(tx *Store) error {
		old, err := tx.ReferralOf(ctx, userID)
		switch {
		case errors.Is(err, ErrNotFound):
		case err != nil:
			return err
		}
		from = old.PartnerID
		to := sql.NullInt64{Int64: partnerID, Valid: partnerID != 0}
		if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`INSERT INTO referrals (user_id, partner_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id) DO UPDATE SET partner_id = excluded.partner_id, clicked_at = NULL`), userID, to, at); err != nil {
			return fmt.Errorf("store: change referral: %w", err)
		}
		if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`INSERT INTO referral_changes (user_id, from_partner, to_partner, changed_by, reason, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`), userID, sql.NullInt64{Int64: from, Valid: from != 0}, to, sql.NullInt64{Int64: by, Valid: by != 0}, reason, at); err != nil {
			return fmt.Errorf("store: log referral change: %w", err)
		}
		return nil
	})
	return from, err
}

const referralChangeColumns = `c.user_id, u.email AS user_email, COALESCE(c.from_partner, 0) AS from_partner, COALESCE(fu.email, '') AS from_email,
	COALESCE(c.to_partner, 0) AS to_partner, COALESCE(tu.email, '') AS to_email, COALESCE(bu.email, '') AS changed_by, c.reason, c.created_at
	FROM referral_changes c JOIN users u ON u.id = c.user_id
	LEFT JOIN users fu ON fu.id = c.from_partner LEFT JOIN users tu ON tu.id = c.to_partner LEFT JOIN users bu ON bu.id = c.changed_by`

// ReferralChanges are the changes that moved an account to or from the
// partner, newest first.
func (s *Store) ReferralChanges(ctx context.Context, partnerID int64) ([]ReferralChange, error) {
	var cs []ReferralChange
	err := s.db.SelectContext(ctx, &cs, s.db.Rebind(`SELECT `+referralChangeColumns+`
		WHERE c.from_partner = ? OR c.to_partner = ? ORDER BY c.created_at DESC, c.id DESC`), partnerID, partnerID)
	if err != nil {
		return nil, fmt.Errorf("store: referral changes: %w", err)
	}
	return cs, nil
}

// ReferralChangesOf are the changes of the account's partner, newest first.
func (s *Store) ReferralChangesOf(ctx context.Context, userID int64) ([]ReferralChange, error) {
	var cs []ReferralChange
	err := s.db.SelectContext(ctx, &cs, s.db.Rebind(`SELECT `+referralChangeColumns+`
		WHERE c.user_id = ? ORDER BY c.created_at DESC, c.id DESC`), userID)
	if err != nil {
		return nil, fmt.Errorf("store: referral changes: %w", err)
	}
	return cs, nil
}

// ReferredAccount is an account attributed to a partner.
type ReferredAccount struct {
	UserID     int64     `db:"user_id"`
	Email      string    `db:"email"` // for the administrators only
	Since      time.Time `db:"created_at"`
	Businesses []string  // the names of its listings, by name
}

// ReferredAccounts are the accounts attributed to the partner now,
// newest first.
func (s *Store) ReferredAccounts(ctx context.Context, partnerID int64) ([]ReferredAccount, error) {
	var out []ReferredAccount
	err := s.readTx(ctx, func(tx *Store) error {
		if err := tx.db.SelectContext(ctx, &out, tx.db.Rebind(`SELECT r.user_id, u.email, r.created_at
			FROM referrals r JOIN users u ON u.id = r.user_id WHERE r.partner_id = ? ORDER BY r.created_at DESC, r.user_id DESC`), partnerID); err != nil {
			return fmt.Errorf("store: referred accounts: %w", err)
		}
		var names []struct {
			Owner int64  `db:"owner_id"`
			Name  string `db:"name"`
		}
		if err := tx.db.SelectContext(ctx, &names, tx.db.Rebind(`SELECT b.owner_id, b.name FROM businesses b
			JOIN referrals r ON r.user_id = b.owner_id WHERE r.partner_id = ? ORDER BY b.name, b.id`), partnerID); err != nil {
			return fmt.Errorf("store: referred businesses: %w", err)
		}
		at := map[int64]int{}
		for i, a := range out {
			at[a.UserID] = i
		}
		for _, n := range names {
			if i, ok := at[n.Owner]; ok {
				out[i].Businesses = append(out[i].Businesses, n.Name)
			}
		}
		return nil
	})
	return out, err
}

// ApprovedPartners are the approved partners, by company, for an
// administrator's choice.
func (s *Store) ApprovedPartners(ctx context.Context) ([]Partner, error) {
	var ps []Partner
	err := s.db.SelectContext(ctx, &ps, s.db.Rebind(`SELECT `+partnerColumns+`
		FROM partners p JOIN users u ON u.id = p.user_id WHERE p.state = ? ORDER BY p.company, p.user_id`), PartnerApproved)
	if err != nil {
		return nil, fmt.Errorf("store: approved partners: %w", err)
	}
	return ps, nil
}

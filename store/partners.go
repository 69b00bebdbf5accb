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

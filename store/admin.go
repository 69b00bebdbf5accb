package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Page is a window on a long list: Limit rows after the first Offset.
type Page struct{ Limit, Offset int }

// Moderation actions an administrator takes on a listing.
const (
	ActionVerify       = "verify"
	ActionUnverify     = "unverify"
	ActionFeature      = "feature"
	ActionUnfeature    = "unfeature"
	ActionPublish      = "publish"
	ActionUnpublish    = "unpublish"
	ActionApproveClaim = "approve_claim"
	ActionRejectClaim  = "reject_claim"
	ActionApproveName  = "approve_name" // a listing held for its name goes live
	ActionRejectName   = "reject_name"  // ... or is taken down, with the reason
)

// ErrUnknownAction is returned for a moderation action Moderate does not
// know.
var ErrUnknownAction = errors.New("store: unknown moderation action")

// flag is one column of a listing a moderation action sets.
type flag struct {
	column string
	value  bool
}

// flagActions are the flags each action sets. Unpublishing also suspends
// the listing, so that its owner cannot publish it again; only publishing
// by an administrator lifts that.
var flagActions = map[string][]flag{
	ActionVerify:    {{"verified", true}},
	ActionUnverify:  {{"verified", false}},
	ActionFeature:   {{"featured", true}},
	ActionUnfeature: {{"featured", false}},
	ActionPublish:   {{"published", true}, {"suspended", false}},
	ActionUnpublish: {{"published", false}, {"suspended", true}},
}

// ModerationAction is one thing an administrator did to a listing.
type ModerationAction struct {
	ID         int64         `db:"id"`
	BusinessID int64         `db:"business_id"`
	AdminID    sql.NullInt64 `db:"admin_id"`
	AdminEmail string        `db:"admin_email"`
	Action     string        `db:"action"`
	Detail     string        `db:"detail"`
	CreatedAt  time.Time     `db:"created_at"`
}

// Moderate sets the flags that action names (verify, feature, publish and
// their opposites) on a listing and records who did it. A listing that
// already has them changes nothing and records nothing (a form sent
// twice); changed says which happened.
func (s *Store) Moderate(ctx context.Context, businessID int64, admin User, action string) (changed bool, err error) {
	flags, ok := flagActions[action]
	if !ok {
		return false, ErrUnknownAction
	}
	columns, sets, args := make([]string, len(flags)), make([]string, len(flags)), make([]any, 0, len(flags)+2)
	for i, f := range flags {
		columns[i], sets[i] = f.column, f.column+" = ?"
		args = append(args, f.value)
	}
	now := time.Now().UTC()
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		current := make([]bool, len(flags))
		dest := make([]any, len(flags))
		for i := range current {
			dest[i] = &current[i]
		}
		row := tx.QueryRowxContext(ctx, tx.Rebind(`SELECT `+strings.Join(columns, ", ")+` FROM businesses WHERE id = ?`), businessID)
		if err := row.Scan(dest...); err != nil {
			return notFound(err, "moderate: business")
		}
		same := true
		for i, f := range flags {
			same = same && current[i] == f.value
		}
		if same {
			return nil
		}
		_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET `+strings.Join(sets, ", ")+`, updated_at = ? WHERE id = ?`), append(args, now, businessID)...)
		if err != nil {
			return fmt.Errorf("store: moderate %s: %w", action, err)
		}
		changed = true
		if err := verifiedBy(ctx, tx, businessID, action, now); err != nil {
			return err
		}
		return recordAction(ctx, tx, businessID, admin, action, "", now)
	})
	return changed, err
}

// verifiedBy records how a listing an administrator verified (or
// unverified) with Moderate was: by our team, now (or no longer).
func verifiedBy(ctx context.Context, tx *sqlx.Tx, businessID int64, action string, now time.Time) error {
	switch action {
	case ActionVerify:
		return setVerified(ctx, tx, businessID, VerifiedByTeam, now)
	case ActionUnverify:
		return setVerified(ctx, tx, businessID, "", now)
	}
	return nil
}

// recordAction adds an entry to a listing's moderation history.
func recordAction(ctx context.Context, tx *sqlx.Tx, businessID int64, admin User, action, detail string, at time.Time) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO moderation_actions (business_id, admin_id, admin_email, action, detail, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`), businessID, admin.ID, admin.Email, action, detail, at)
	if err != nil {
		return fmt.Errorf("store: record moderation action: %w", err)
	}
	return nil
}

// ModerationHistory lists what administrators did to a listing, the
// newest first.
func (s *Store) ModerationHistory(ctx context.Context, businessID int64) ([]ModerationAction, error) {
	var as []ModerationAction
	err := s.db.SelectContext(ctx, &as, s.db.Rebind(`
		SELECT id, business_id, admin_id, admin_email, action, detail, created_at
		FROM moderation_actions WHERE business_id = ? ORDER BY created_at DESC, id DESC`), businessID)
	if err != nil {
		return nil, fmt.Errorf("store: moderation history: %w", err)
	}
	return as, nil
}

// Listing states an administrator filters the businesses list by.
const (
	FilterUnverified  = "unverified"
	FilterVerified    = "verified"
	FilterFeatured    = "featured"
	FilterUnpublished = "unpublished"
	FilterSuspended   = "suspended"
	FilterClaimed     = "claimed"
	FilterUnowned     = "unowned"
	FilterHeld        = "held"
)

var adminFilters = map[string]string{
	FilterUnverified:  "b.verified = FALSE AND b.owner_id IS NOT NULL", // those that can be verified
	FilterVerified:    "b.verified = TRUE",
	FilterFeatured:    "b.featured = TRUE",
	FilterUnpublished: "b.published = FALSE",
	FilterSuspended:   "b.suspended = TRUE",
	FilterClaimed:     "b.claimed = TRUE",
	FilterUnowned:     "b.owner_id IS NULL",
	FilterHeld:        "b.held = TRUE",
}

// AdminBusiness is a listing as administrators see it: with its owner.
type AdminBusiness struct {
	Business
	OwnerEmail sql.NullString `db:"owner_email"`
}

// AdminBusinesses finds listings, published or not, whose name, slug,
// city or email contains query (any case), in a state (filter, "" for
// any), the newest first.
func (s *Store) AdminBusinesses(ctx context.Context, query, filter string, p Page) ([]AdminBusiness, int, error) {
	where, args := []string{"TRUE"}, []any{}
	if q := strings.TrimSpace(query); q != "" {
		like := "LIKE"
		if s.dialect == Postgres {
			like = "ILIKE"
		}
		where = append(where, `(b.name `+like+` ? ESCAPE '\' OR b.slug `+like+` ? ESCAPE '\' OR b.city `+like+` ? ESCAPE '\' OR b.email `+like+` ? ESCAPE '\')`)
		pattern := "%" + escapeLike(q) + "%"
		args = append(args, pattern, pattern, pattern, pattern)
	}
	if cond, ok := adminFilters[filter]; ok {
		where = append(where, cond)
	}
	cond := strings.Join(where, " AND ")
	var bs []AdminBusiness
	err := s.db.SelectContext(ctx, &bs, s.db.Rebind(`
		SELECT `+prefixed("b.", businessColumns)+`, u.email AS owner_email
		FROM businesses b LEFT JOIN users u ON u.id = b.owner_id
		WHERE `+cond+` ORDER BY b.created_at DESC, b.id DESC LIMIT ? OFFSET ?`), concat(args, []any{p.Limit, p.Offset})...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: admin businesses: %w", err)
	}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM businesses b WHERE `+cond), args...); err != nil {
		return nil, 0, fmt.Errorf("store: count admin businesses: %w", err)
	}
	return bs, total, nil
}

// AdminBusinessByID returns a listing with its owner's address.
func (s *Store) AdminBusinessByID(ctx context.Context, id int64) (AdminBusiness, error) {
	var b AdminBusiness
	err := s.db.GetContext(ctx, &b, s.db.Rebind(`
		SELECT `+prefixed("b.", businessColumns)+`, u.email AS owner_email
		FROM businesses b LEFT JOIN users u ON u.id = b.owner_id WHERE b.id = ?`), id)
	if err != nil {
		return AdminBusiness{}, notFound(err, "admin business")
	}
	return b, nil
}

// SetAdmin grants (or revokes) administration to the account of email.
func (s *Store) SetAdmin(ctx context.Context, email string, admin bool) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE users SET is_admin = ?, updated_at = ? WHERE email = ?`),
		admin, time.Now().UTC(), NormalizeEmail(email))
	return affectedOne(res, err, "set admin")
}

// AdminEmails lists the accounts granted administration (ADMIN_EMAILS,
// which names more, is configuration the store does not know).
func (s *Store) AdminEmails(ctx context.Context) ([]string, error) {
	var es []string
	if err := s.db.SelectContext(ctx, &es, `SELECT email FROM users WHERE is_admin = TRUE ORDER BY email`); err != nil {
		return nil, fmt.Errorf("store: admin emails: %w", err)
	}
	return es, nil
}

// AdministratorsExist reports whether any account was granted
// administration (ADMIN_EMAILS, which names more, is configuration the
// store does not know).
func (s *Store) AdministratorsExist(ctx context.Context) (bool, error) {
	var exists bool
	if err := s.db.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM users WHERE is_admin = TRUE)`); err != nil {
		return false, fmt.Errorf("store: administrators exist: %w", err)
	}
	return exists, nil
}

// AdminCounts are the figures of the administration's overview.
type AdminCounts struct {
	PendingClaims        int `db:"pending_claims"`
	PendingVerifications int `db:"pending_verifications"` // requests waiting for an administrator
	HeldListings         int `db:"held_listings"`         // waiting for a review of their name
	UnverifiedListings   int `db:"unverified_listings"`
	ContactMessages      int `db:"contact_messages"`
	FeatureSuggestions   int `db:"feature_suggestions"`
	PartnerApplications  int `db:"partner_applications"` // partner accounts waiting for a decision
	Subscribers          int `db:"subscribers"`
	FailedJobs           int `db:"failed_jobs"` // background work that gave up
}

// CountForAdmin counts what waits for the administrators.
func (s *Store) CountForAdmin(ctx context.Context) (AdminCounts, error) {
	var c AdminCounts
	err := s.db.GetContext(ctx, &c, s.db.Rebind(`SELECT
		(SELECT COUNT(*) FROM claims WHERE status = ?) AS pending_claims,
		(SELECT COUNT(*) FROM verification_requests WHERE status = ?) AS pending_verifications,
		(SELECT COUNT(*) FROM listing_holds WHERE status = ?) AS held_listings,
		(SELECT COUNT(*) FROM businesses WHERE verified = FALSE AND published = TRUE AND owner_id IS NOT NULL) AS unverified_listings,
		(SELECT COUNT(*) FROM contact_messages) AS contact_messages,
		(SELECT COUNT(*) FROM feature_suggestions) AS feature_suggestions,
		(SELECT COUNT(*) FROM partners WHERE state = 'pending') AS partner_applications,
		(SELECT COUNT(*) FROM subscribers) AS subscribers,
		(SELECT COUNT(*) FROM jobs WHERE status = ?) AS failed_jobs`), ClaimPending, VerificationPending, HoldPending, JobFailed)
	if err != nil {
		return AdminCounts{}, fmt.Errorf("store: admin counts: %w", err)
	}
	return c, nil
}

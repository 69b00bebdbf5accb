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

// Reviews of names: a listing whose owner wants it public goes live at
// once, unless its name is alike (NamesAlike) that of a published listing
// of another owner in its city. Then it is held, unpublished, until an
// administrator approves it (it goes live) or rejects it (it is taken
// down, with the reason).

// Review statuses.
const (
	ReviewPending   = "pending"
	ReviewApproved  = "approved"
	ReviewRejected  = "rejected"
	ReviewWithdrawn = "withdrawn" // the owner renamed or moved the listing before a decision
)

// ErrReviewDecided is returned when a review was decided already.
var ErrReviewDecided = errors.New("store: review already decided")

// Publication is what became of a listing its owner wanted public.
type Publication struct {
	Held    bool     // held for an administrator's review instead
	Similar Business // when held: the published listing whose name it resembles
}

// PublishListing puts a listing its owner wants public in the directory,
// or holds it for review when its name is alike that of a published
// listing of another owner in its city (a name and place an administrator
// approved for it are not held again). A listing taken down stays down
// (ErrSuspended); a held one waits for its review (ErrHeld).
func (s *Store) PublishListing(ctx context.Context, id int64) (Publication, error) {
	var p Publication
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		var b Business
		if err := tx.GetContext(ctx, &b, tx.Rebind(`SELECT `+businessColumns+` FROM businesses WHERE id = ?`), id); err != nil {
			return notFound(err, "publish listing")
		}
		switch {
		case b.Suspended:
			return ErrSuspended
		case b.Held:
			return ErrHeld
		}
		similar, found, err := similarListing(ctx, tx, b)
		if err != nil {
			return err
		}
		if found {
			approved, err := nameApproved(ctx, tx, b)
			if err != nil {
				return err
			}
			found = !approved
		}
		now := time.Now().UTC()
		if !found {
			if b.Published {
				return nil
			}
			_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET published = TRUE, updated_at = ? WHERE id = ?`), now, id)
			if err != nil {
				return fmt.Errorf("store: publish listing: %w", err)
			}
			return nil
		}
		p = Publication{Held: true, Similar: similar}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET published = FALSE, held = TRUE, updated_at = ? WHERE id = ?`), now, id); err != nil {
			return fmt.Errorf("store: hold listing: %w", err)
		}
		_, err = tx.ExecContext(ctx, tx.Rebind(`
			INSERT INTO listing_reviews (business_id, similar_id, name, city, state, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`),
			id, similar.ID, b.Name, b.City, b.State, ReviewPending, now)
		if err != nil {
			return fmt.Errorf("store: hold listing for review: %w", err)
		}
		return nil
	})
	return p, err
}

// samePlace reports whether two listings are in the same city: the same
// city name (any case), and the same state when both give one.
func samePlace(cityA, stateA, cityB, stateB string) bool {
	if !strings.EqualFold(strings.TrimSpace(cityA), strings.TrimSpace(cityB)) {
		return false
	}
	stateA, stateB = strings.TrimSpace(stateA), strings.TrimSpace(stateB)
	return stateA == "" || stateB == "" || strings.EqualFold(stateA, stateB)
}

// similarListing finds a published listing of another owner in b's city
// whose name is alike b's, the same name (by NameKey) first.
func similarListing(ctx context.Context, tx *sqlx.Tx, b Business) (Business, bool, error) {
	cond, args := `published = TRUE AND lower(city) = lower(?) AND id <> ?`, []any{strings.TrimSpace(b.City), b.ID}
	if b.OwnerID.Valid {
		cond += ` AND (owner_id IS NULL OR owner_id <> ?)`
		args = append(args, b.OwnerID.Int64)
	}
	var candidates []struct {
		ID    int64  `db:"id"`
		Name  string `db:"name"`
		City  string `db:"city"`
		State string `db:"state"`
	}
	if err := tx.SelectContext(ctx, &candidates, tx.Rebind(`SELECT id, name, city, state FROM businesses WHERE `+cond+` ORDER BY id`), args...); err != nil {
		return Business{}, false, fmt.Errorf("store: listings of the city: %w", err)
	}
	key, found := NameKey(b.Name), int64(0)
	for _, c := range candidates {
		if !samePlace(b.City, b.State, c.City, c.State) || !NamesAlike(b.Name, c.Name) {
			continue
		}
		if found == 0 || NameKey(c.Name) == key {
			found = c.ID
		}
		if NameKey(c.Name) == key {
			break
		}
	}
	if found == 0 {
		return Business{}, false, nil
	}
	var similar Business
	if err := tx.GetContext(ctx, &similar, tx.Rebind(`SELECT `+businessColumns+` FROM businesses WHERE id = ?`), found); err != nil {
		return Business{}, false, notFound(err, "similar listing")
	}
	return similar, true, nil
}

// nameApproved reports whether an administrator approved b's name in b's
// place.
func nameApproved(ctx context.Context, tx *sqlx.Tx, b Business) (bool, error) {
	var approved []struct {
		Name  string `db:"name"`
		City  string `db:"city"`
		State string `db:"state"`
	}
	err := tx.SelectContext(ctx, &approved, tx.Rebind(`SELECT name, city, state FROM listing_reviews WHERE business_id = ? AND status = ?`), b.ID, ReviewApproved)
	if err != nil {
		return false, fmt.Errorf("store: approved names: %w", err)
	}
	for _, a := range approved {
		if NameKey(a.Name) == NameKey(b.Name) && samePlace(a.City, a.State, b.City, b.State) {
			return true, nil
		}
	}
	return false, nil
}

// WithdrawReview lifts the hold of a listing whose name or place its owner
// changed before a decision: the pending review is withdrawn and the
// listing, still unpublished, can be published again (and checked again).
func (s *Store) WithdrawReview(ctx context.Context, businessID int64) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		now := time.Now().UTC()
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE listing_reviews SET status = ?, decided_at = ? WHERE business_id = ? AND status = ?`),
			ReviewWithdrawn, now, businessID, ReviewPending); err != nil {
			return fmt.Errorf("store: withdraw review: %w", err)
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET held = FALSE, updated_at = ? WHERE id = ?`), now, businessID); err != nil {
			return fmt.Errorf("store: lift hold: %w", err)
		}
		return nil
	})
}

// ReviewedListing is one side of a review: the held listing, or the
// published one it resembles (empty if that one was deleted since).
type ReviewedListing struct {
	ID             int64          `db:"id"`
	Name           string         `db:"name"`
	Slug           string         `db:"slug"`
	Category       string         `db:"category"`
	City           string         `db:"city"`
	State          string         `db:"state"`
	Email          string         `db:"email"`
	EmailConfirmed bool           `db:"email_confirmed"`
	Phone          string         `db:"phone"`
	Website        string         `db:"website"`
	Published      bool           `db:"published"`
	OwnerEmail     sql.NullString `db:"owner_email"`
	CreatedAt      sql.NullTime   `db:"created_at"`
}

// Review is a listing held for its name, with both listings as they are
// now.
type Review struct {
	ID           int64         `db:"id"`
	BusinessID   int64         `db:"business_id"`
	SimilarID    sql.NullInt64 `db:"similar_id"`
	Name         string        `db:"name"` // the name and place reviewed
	City         string        `db:"city"`
	State        string        `db:"state"`
	Status       string        `db:"status"`
	Reason       string        `db:"reason"` // why it was rejected
	DecidedAt    sql.NullTime  `db:"decided_at"`
	CreatedAt    time.Time     `db:"created_at"`
	DeciderEmail string        `db:"decider_email"`

	Listing ReviewedListing `db:"listing"`
	Similar ReviewedListing `db:"similar"`
}

// reviewSide selects a listing (alias a, its owner o) as one side of a
// review.
func reviewSide(a, o, side string) string {
	cols := []string{"id", "name", "slug", "category", "city", "state", "email", "phone", "website"}
	var out []string
	for _, c := range cols {
		def := "''"
		if c == "id" {
			def = "0"
		}
		out = append(out, fmt.Sprintf(`COALESCE(%s.%s, %s) AS "%s.%s"`, a, c, def, side, c))
	}
	for _, c := range []string{"email_confirmed", "published"} {
		out = append(out, fmt.Sprintf(`COALESCE(%s.%s, FALSE) AS "%s.%s"`, a, c, side, c))
	}
	out = append(out, fmt.Sprintf(`%s.email AS "%s.owner_email"`, o, side), fmt.Sprintf(`%s.created_at AS "%s.created_at"`, a, side))
	return strings.Join(out, ", ")
}

var reviewSelect = `SELECT r.id, r.business_id, r.similar_id, r.name, r.city, r.state, r.status, r.reason, r.decided_at, r.created_at,
	COALESCE(d.email, '') AS decider_email, ` + reviewSide("b", "bo", "listing") + `, ` + reviewSide("s", "so", "similar") + `
	FROM listing_reviews r JOIN businesses b ON b.id = r.business_id LEFT JOIN users bo ON bo.id = b.owner_id
	LEFT JOIN businesses s ON s.id = r.similar_id LEFT JOIN users so ON so.id = s.owner_id
	LEFT JOIN users d ON d.id = r.decided_by`

// Reviews lists reviews with a status ("" for all but withdrawn ones):
// the pending ones oldest first (the queue to work through), the others
// newest first.
func (s *Store) Reviews(ctx context.Context, status string, p Page) ([]Review, int, error) {
	where, args := ` WHERE r.status <> ?`, []any{ReviewWithdrawn}
	if status != "" {
		where, args = ` WHERE r.status = ?`, []any{status}
	}
	order := ` ORDER BY r.created_at DESC, r.id DESC`
	if status == ReviewPending {
		order = ` ORDER BY r.created_at, r.id`
	}
	var rs []Review
	if err := s.db.SelectContext(ctx, &rs, s.db.Rebind(reviewSelect+where+order+` LIMIT ? OFFSET ?`), append(args, p.Limit, p.Offset)...); err != nil {
		return nil, 0, fmt.Errorf("store: reviews: %w", err)
	}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM listing_reviews r`+where), args...); err != nil {
		return nil, 0, fmt.Errorf("store: count reviews: %w", err)
	}
	return rs, total, nil
}

// ReviewByID returns a review.
func (s *Store) ReviewByID(ctx context.Context, id int64) (Review, error) {
	var r Review
	if err := s.db.GetContext(ctx, &r, s.db.Rebind(reviewSelect+` WHERE r.id = ?`), id); err != nil {
		return Review{}, notFound(err, "review by id")
	}
	return r, nil
}

// PendingReview is the review a held listing waits for (ErrNotFound when
// none).
func (s *Store) PendingReview(ctx context.Context, businessID int64) (Review, error) {
	var r Review
	err := s.db.GetContext(ctx, &r, s.db.Rebind(reviewSelect+` WHERE r.business_id = ? AND r.status = ?`), businessID, ReviewPending)
	if err != nil {
		return Review{}, notFound(err, "pending review")
	}
	return r, nil
}

// DecideReview approves or rejects a pending review as admin, recording
// the decision among the listing's moderation actions. Approving puts the
// listing live (unless it was taken down meanwhile); rejecting takes it
// down, so that only an administrator can publish it, with the reason.
func (s *Store) DecideReview(ctx context.Context, id int64, admin User, approve bool, reason string) (Review, error) {
	r, err := s.ReviewByID(ctx, id)
	if err != nil {
		return Review{}, err
	}
	now := time.Now().UTC()
	status, action, set := ReviewRejected, ActionRejectName, `held = FALSE, published = FALSE, suspended = TRUE`
	detail := "Reason: " + reason
	if approve {
		status, action, set, reason = ReviewApproved, ActionApproveName, `held = FALSE, published = NOT suspended`, ""
		detail = "Held for resembling " + r.Similar.Name
		if r.Similar.Name == "" {
			detail = "Held for resembling a listing deleted since"
		}
	}
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// Only a pending review changes: of two administrators deciding at
		// once, the second is told it was decided.
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE listing_reviews SET status = ?, reason = ?, decided_by = ?, decided_at = ? WHERE id = ? AND status = ?`),
			status, reason, admin.ID, now, id, ReviewPending)
		if err := affectedOne(res, err, "decide review"); errors.Is(err, ErrNotFound) {
			return ErrReviewDecided
		} else if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET `+set+`, updated_at = ? WHERE id = ?`), now, r.BusinessID); err != nil {
			return fmt.Errorf("store: decide review: listing: %w", err)
		}
		return recordAction(ctx, tx, r.BusinessID, admin, action, detail, now)
	})
	if err != nil {
		return Review{}, err
	}
	return s.ReviewByID(ctx, id)
}

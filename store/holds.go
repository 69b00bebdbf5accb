package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/lookalike"
)

// Held listings: a listing whose owner wants it public goes live at
// once, unless its name is alike (lookalike.NamesAlike) that of a
// published listing of another owner in its city (by lookalike.CityKey),
// or mixes alphabets (lookalike.MixedScripts), as a look-alike does. Then
// it is held, unpublished, until an administrator approves it (it goes
// live) or rejects it (it is taken down, with the reason).

// Hold statuses.
const (
	HoldPending   = "pending"
	HoldApproved  = "approved"
	HoldRejected  = "rejected"
	HoldWithdrawn = "withdrawn" // the owner renamed or moved the listing before a decision
)

// ErrHoldDecided is returned when a hold was decided already.
var ErrHoldDecided = errors.New("store: hold already decided")

// Publication is what became of a listing its owner wanted public.
type Publication struct {
	Held bool // held for an administrator's review instead
	// Similar is, when held, the published listing whose name it
	// resembles (none when it was held only for Scripts).
	Similar Business
	// Scripts are, when held for it, the alphabets its name mixes.
	Scripts []string
}

// PublishListing puts a listing its owner wants public in the directory,
// or holds it for review when its name is alike that of a published
// listing of another owner in its city or mixes alphabets (a name and
// place an administrator approved for it are not held again). A listing taken down stays down
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
		scripts := lookalike.MixedScripts(b.Name)
		hold := found || scripts != nil
		if hold {
			approved, err := nameApproved(ctx, tx, b)
			if err != nil {
				return err
			}
			hold = !approved
		}
		now := time.Now().UTC()
		if !hold {
			if b.Published {
				return nil
			}
			_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET published = TRUE, updated_at = ? WHERE id = ?`), now, id)
			if err != nil {
				return fmt.Errorf("store: publish listing: %w", err)
			}
			return nil
		}
		p = Publication{Held: true, Similar: similar, Scripts: scripts}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET published = FALSE, held = TRUE, updated_at = ? WHERE id = ?`), now, id); err != nil {
			return fmt.Errorf("store: hold listing: %w", err)
		}
		similarID := sql.NullInt64{Int64: similar.ID, Valid: found}
		_, err = tx.ExecContext(ctx, tx.Rebind(`
			INSERT INTO listing_holds (business_id, similar_id, resembles, scripts, name, city, state, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
			id, similarID, found, lookalike.ScriptList(scripts), b.Name, b.City, b.State, HoldPending, now)
		if err != nil {
			return fmt.Errorf("store: hold listing for review: %w", err)
		}
		return nil
	})
	return p, err
}

// samePlace reports whether two listings are in the same city: cities a
// reader cannot tell apart (lookalike.CityKey), and the same state when
// both give one.
func samePlace(cityA, stateA, cityB, stateB string) bool {
	if lookalike.CityKey(cityA) != lookalike.CityKey(cityB) {
		return false
	}
	stateA, stateB = strings.TrimSpace(stateA), strings.TrimSpace(stateB)
	return stateA == "" || stateB == "" || strings.EqualFold(stateA, stateB)
}

// similarListing finds a published listing of another owner in b's city
// whose name is alike b's, the same name (by lookalike.NameKey) first.
func similarListing(ctx context.Context, tx *sqlx.Tx, b Business) (Business, bool, error) {
	cond, args := `published = TRUE AND city_key = ? AND id <> ?`, []any{lookalike.CityKey(b.City), b.ID}
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
	name, found := lookalike.NewName(b.Name), int64(0)
	for _, c := range candidates {
		other := lookalike.NewName(c.Name)
		if !samePlace(b.City, b.State, c.City, c.State) || !name.Alike(other) {
			continue
		}
		same := other.Key() == name.Key()
		if found == 0 || same {
			found = c.ID
		}
		if same {
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
	err := tx.SelectContext(ctx, &approved, tx.Rebind(`SELECT name, city, state FROM listing_holds WHERE business_id = ? AND status = ?`), b.ID, HoldApproved)
	if err != nil {
		return false, fmt.Errorf("store: approved names: %w", err)
	}
	for _, a := range approved {
		if lookalike.NameKey(a.Name) == lookalike.NameKey(b.Name) && samePlace(a.City, a.State, b.City, b.State) {
			return true, nil
		}
	}
	return false, nil
}

// WithdrawHold lifts the hold of a listing whose name or place its owner
// changed before a decision: the pending hold is withdrawn and the
// listing, still unpublished, can be published again (and checked again).
func (s *Store) WithdrawHold(ctx context.Context, businessID int64) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		now := time.Now().UTC()
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE listing_holds SET status = ?, decided_at = ? WHERE business_id = ? AND status = ?`),
			HoldWithdrawn, now, businessID, HoldPending); err != nil {
			return fmt.Errorf("store: withdraw hold: %w", err)
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET held = FALSE, updated_at = ? WHERE id = ?`), now, businessID); err != nil {
			return fmt.Errorf("store: lift hold: %w", err)
		}
		return nil
	})
}

// HeldListing is one side of a hold: the held listing, or the
// published one it resembles (empty if that one was deleted since).
type HeldListing struct {
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

// Hold is a listing held for its name, with both listings as they are
// now.
type Hold struct {
	ID         int64         `db:"id"`
	BusinessID int64         `db:"business_id"`
	SimilarID  sql.NullInt64 `db:"similar_id"`
	// Resembles: held for resembling a published listing (Similar, empty
	// if it was deleted since).
	Resembles bool `db:"resembles"`
	// Scripts names the alphabets the name mixes ("Latin and Cyrillic"),
	// when it was held for that.
	Scripts      string       `db:"scripts"`
	Name         string       `db:"name"` // the name and place held
	City         string       `db:"city"`
	State        string       `db:"state"`
	Status       string       `db:"status"`
	Reason       string       `db:"reason"` // why it was rejected
	DecidedAt    sql.NullTime `db:"decided_at"`
	CreatedAt    time.Time    `db:"created_at"`
	DeciderEmail string       `db:"decider_email"`

	Listing HeldListing `db:"listing"`
	Similar HeldListing `db:"similar"`
}

// holdSide selects a listing (alias a, its owner o) as one side of a
// hold.
func holdSide(a, o, side string) string {
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

var holdSelect = `SELECT h.id, h.business_id, h.similar_id, h.resembles, h.scripts, h.name, h.city, h.state, h.status, h.reason, h.decided_at, h.created_at,
	COALESCE(d.email, '') AS decider_email, ` + holdSide("b", "bo", "listing") + `, ` + holdSide("s", "so", "similar") + `
	FROM listing_holds h JOIN businesses b ON b.id = h.business_id LEFT JOIN users bo ON bo.id = b.owner_id
	LEFT JOIN businesses s ON s.id = h.similar_id LEFT JOIN users so ON so.id = s.owner_id
	LEFT JOIN users d ON d.id = h.decided_by`

// Holds lists holds with a status ("" for all but withdrawn ones):
// the pending ones oldest first (the queue to work through), the others
// newest first.
func (s *Store) Holds(ctx context.Context, status string, p Page) ([]Hold, int, error) {
	where, args := ` WHERE h.status <> ?`, []any{HoldWithdrawn}
	if status != "" {
		where, args = ` WHERE h.status = ?`, []any{status}
	}
	order := ` ORDER BY h.created_at DESC, h.id DESC`
	if status == HoldPending {
		order = ` ORDER BY h.created_at, h.id`
	}
	var hs []Hold
	if err := s.db.SelectContext(ctx, &hs, s.db.Rebind(holdSelect+where+order+` LIMIT ? OFFSET ?`), append(args, p.Limit, p.Offset)...); err != nil {
		return nil, 0, fmt.Errorf("store: holds: %w", err)
	}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM listing_holds h`+where), args...); err != nil {
		return nil, 0, fmt.Errorf("store: count holds: %w", err)
	}
	return hs, total, nil
}

// HoldByID returns a hold.
func (s *Store) HoldByID(ctx context.Context, id int64) (Hold, error) {
	var h Hold
	if err := s.db.GetContext(ctx, &h, s.db.Rebind(holdSelect+` WHERE h.id = ?`), id); err != nil {
		return Hold{}, notFound(err, "hold by id")
	}
	return h, nil
}

// PendingHold is the hold a held listing waits for (ErrNotFound when
// none).
func (s *Store) PendingHold(ctx context.Context, businessID int64) (Hold, error) {
	var h Hold
	err := s.db.GetContext(ctx, &h, s.db.Rebind(holdSelect+` WHERE h.business_id = ? AND h.status = ?`), businessID, HoldPending)
	if err != nil {
		return Hold{}, notFound(err, "pending hold")
	}
	return h, nil
}

// DecideHold approves or rejects a pending hold as admin, recording
// the decision among the listing's moderation actions. Approving puts the
// listing live (unless it was taken down meanwhile); rejecting takes it
// down, so that only an administrator can publish it, with the reason.
func (s *Store) DecideHold(ctx context.Context, id int64, admin User, approve bool, reason string) (Hold, error) {
	h, err := s.HoldByID(ctx, id)
	if err != nil {
		return Hold{}, err
	}
	now := time.Now().UTC()
	status, action, set := HoldRejected, ActionRejectName, `held = FALSE, published = FALSE, suspended = TRUE`
	detail := "Reason: " + reason
	if approve {
		status, action, set, reason = HoldApproved, ActionApproveName, `held = FALSE, published = NOT suspended`, ""
		detail = "Held for resembling " + h.Similar.Name
		switch {
		case !h.Resembles:
			detail = "Held for a name that mixes alphabets (" + h.Scripts + ")"
		case h.Similar.Name == "":
			detail = "Held for resembling a listing deleted since"
		}
	}
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// Only a pending hold changes: of two administrators deciding at
		// once, the second is told it was decided.
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE listing_holds SET status = ?, reason = ?, decided_by = ?, decided_at = ? WHERE id = ? AND status = ?`),
			status, reason, admin.ID, now, id, HoldPending)
		if err := affectedOne(res, err, "decide hold"); errors.Is(err, ErrNotFound) {
			return ErrHoldDecided
		} else if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET `+set+`, updated_at = ? WHERE id = ?`), now, h.BusinessID); err != nil {
			return fmt.Errorf("store: decide hold: listing: %w", err)
		}
		return recordAction(ctx, tx, h.BusinessID, admin, action, detail, now)
	})
	if err != nil {
		return Hold{}, err
	}
	return s.HoldByID(ctx, id)
}

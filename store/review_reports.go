package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
)

// Reports of reviews and their moderation: anyone signed in reports a
// published review, once, with a reason; an administrator keeps the review
// (the reports close), hides it (it leaves the page and the listing's
// figures, with a reason its author is told) or deletes it. Each decision
// is a moderation action of the review's listing, beside the listing's
// own.

// Why a review was reported.
const (
	ReportSpam      = "spam"
	ReportOffensive = "offensive"
	ReportConflict  = "conflict" // written by the owner, a competitor, a relative
	ReportNotReal   = "not_real" // not a real experience of the business
)

// How a report was closed.
const (
	ReportKept   = "kept"
	ReportHidden = "hidden"
)

// Moderation actions on a listing's reviews (beside Moderate's).
const (
	ActionKeepReview   = "keep_review"
	ActionHideReview   = "hide_review"
	ActionDeleteReview = "delete_review"
)

var (
	// ErrAlreadyReported is returned when the account already reported
	// the review.
	ErrAlreadyReported = errors.New("store: review already reported by this account")
	// ErrReviewModerated is returned when an administrator keeps a review
	// with no open report, or hides a hidden one: another administrator
	// decided first.
	ErrReviewModerated = errors.New("store: review already moderated")
	// ErrReasonRequired is returned when a review is hidden without the
	// reason its author is told.
	ErrReasonRequired = errors.New("store: a reason is required")
)

// ReviewReport is one person's report of a review.
type ReviewReport struct {
	ID            int64          `db:"id"`
	ReviewID      int64          `db:"review_id"`
	UserID        sql.NullInt64  `db:"user_id"`
	ReporterEmail sql.NullString `db:"reporter_email"` // none: the account was deleted
	Reason        string         `db:"reason"`
	Detail        string         `db:"detail"`
	Resolution    string         `db:"resolution"` // empty while open
	ResolvedAt    sql.NullTime   `db:"resolved_at"`
	CreatedAt     time.Time      `db:"created_at"`
}

const reportColumns = `rr.id, rr.review_id, rr.user_id, u.email AS reporter_email, rr.reason, rr.detail, rr.resolution, rr.resolved_at, rr.created_at`

// ReportReview records userID's report of a published review of a
// published listing (ErrNotFound otherwise). An author cannot report
// their own review (ErrOwnReview), and an account reports a review once
// (ErrAlreadyReported), whatever became of the report.
func (s *Store) ReportReview(ctx context.Context, reviewID, userID int64, reason, detail string) (ReviewReport, error) {
	var rep ReviewReport
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// Under the listing's lock, so that a report cannot land on a
		// review an administrator is hiding at the same moment.
		r, err := lockedReview(ctx, tx, reviewID)
		if err != nil {
			return err
		}
		var published bool
		if err := tx.GetContext(ctx, &published, tx.Rebind(`SELECT published FROM businesses WHERE id = ?`), r.BusinessID); err != nil {
			return notFound(err, "report: listing")
		}
		if r.Status != ReviewPublished || !published {
			return ErrNotFound
		}
		if r.WrittenBy(userID) {
			return ErrOwnReview
		}
		var id int64
		err = tx.QueryRowxContext(ctx, tx.Rebind(`
			INSERT INTO review_reports (review_id, user_id, reason, detail, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id`),
			reviewID, userID, reason, detail, time.Now().UTC()).Scan(&id)
		if isUniqueViolation(err) {
			return ErrAlreadyReported
		}
		if err != nil {
			return fmt.Errorf("store: report review: %w", err)
		}
		return tx.GetContext(ctx, &rep, tx.Rebind(`SELECT `+reportColumns+`
			FROM review_reports rr LEFT JOIN users u ON u.id = rr.user_id WHERE rr.id = ?`), id)
	})
	return rep, err
}

// HasReported reports whether userID has reported the review.
func (s *Store) HasReported(ctx context.Context, reviewID, userID int64) (bool, error) {
	var n int
	err := s.db.GetContext(ctx, &n, s.db.Rebind(`SELECT COUNT(*) FROM review_reports WHERE review_id = ? AND user_id = ?`), reviewID, userID)
	if err != nil {
		return false, fmt.Errorf("store: has reported: %w", err)
	}
	return n > 0, nil
}

// ReportedReview is a review with open reports, as administrators judge
// it.
type ReportedReview struct {
	Review
	BusinessName string         `db:"business_name"`
	BusinessSlug string         `db:"business_slug"`
	AuthorEmail  sql.NullString `db:"author_email"` // none: seed data, or a deleted account
	OpenReports  int            `db:"open_reports"`
	Reports      []ReviewReport `db:"-"` // the open ones, the oldest first
}

// ReportedReviews is a page of the reviews with open reports, the most
// reported first, then the one reported first, and how many there are.
func (s *Store) ReportedReviews(ctx context.Context, p Page) ([]ReportedReview, int, error) {
	var total int
	if err := s.db.GetContext(ctx, &total, `SELECT COUNT(DISTINCT review_id) FROM review_reports WHERE resolved_at IS NULL`); err != nil {
		return nil, 0, fmt.Errorf("store: count reported reviews: %w", err)
	}
	var rs []ReportedReview
	err := s.db.SelectContext(ctx, &rs, s.db.Rebind(`
		SELECT `+prefixed("r.", reviewColumns)+`, b.name AS business_name, b.slug AS business_slug, u.email AS author_email, o.n AS open_reports
		FROM (SELECT review_id, COUNT(*) AS n, MIN(created_at) AS first_at FROM review_reports WHERE resolved_at IS NULL GROUP BY review_id) o
		JOIN reviews r ON r.id = o.review_id
		JOIN businesses b ON b.id = r.business_id
		LEFT JOIN users u ON u.id = r.user_id
		ORDER BY o.n DESC, o.first_at ASC, r.id ASC LIMIT ? OFFSET ?`), p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: reported reviews: %w", err)
	}
	if len(rs) == 0 {
		return rs, total, nil
	}
	ids := make([]int64, len(rs))
	at := make(map[int64]int, len(rs))
	for i, r := range rs {
		ids[i], at[r.ID] = r.ID, i
	}
	var reports []ReviewReport
	err = s.db.SelectContext(ctx, &reports, s.db.Rebind(`SELECT `+reportColumns+`
		FROM review_reports rr LEFT JOIN users u ON u.id = rr.user_id
		WHERE rr.resolved_at IS NULL AND rr.review_id IN (`+inList(len(ids))+`) ORDER BY rr.created_at, rr.id`), anys(ids)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: open reports: %w", err)
	}
	for _, rep := range reports {
		i := at[rep.ReviewID]
		rs[i].Reports = append(rs[i].Reports, rep)
	}
	return rs, total, nil
}

// OpenReviewReports counts the reports no administrator has decided on.
func (s *Store) OpenReviewReports(ctx context.Context) (int, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, `SELECT COUNT(*) FROM review_reports WHERE resolved_at IS NULL`); err != nil {
		return 0, fmt.Errorf("store: open review reports: %w", err)
	}
	return n, nil
}

// ModeratedReview is a review as it was when an administrator decided on
// it, with whom to tell.
type ModeratedReview struct {
	Review
	BusinessName  string `db:"business_name"`
	BusinessSlug  string `db:"business_slug"`
	AuthorEmail   string `db:"author_email"` // empty: no account to tell
	ReportsClosed int    `db:"-"`            // the open reports the decision closed
}

// ModerateReview keeps (ActionKeepReview), hides (ActionHideReview, with
// the reason the author is told) or deletes (ActionDeleteReview, the
// reason optional) a review for admin, closes its open reports, and
// records the action in its listing's moderation history. Hiding and
// deleting recompute the listing's figures in the same transaction.
// Keeping a review without open reports, or hiding a hidden one, is
// ErrReviewModerated (another administrator decided first).
func (s *Store) ModerateReview(ctx context.Context, reviewID int64, admin User, action, reason string) (ModeratedReview, error) {
	reason = strings.TrimSpace(reason)
	switch action {
	case ActionKeepReview, ActionDeleteReview:
	case ActionHideReview:
		if reason == "" {
			return ModeratedReview{}, ErrReasonRequired
		}
	default:
		return ModeratedReview{}, ErrUnknownAction
	}
	var m ModeratedReview
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		r, err := lockedReview(ctx, tx, reviewID)
		if err != nil {
			return err
		}
		m.Review = r
		if err := tx.GetContext(ctx, &m, tx.Rebind(`
			SELECT b.name AS business_name, b.slug AS business_slug, COALESCE(u.email, '') AS author_email
			FROM businesses b LEFT JOIN users u ON u.id = ? WHERE b.id = ?`), r.UserID, r.BusinessID); err != nil {
			return notFound(err, "moderate review: listing")
		}
		if err := tx.GetContext(ctx, &m.ReportsClosed, tx.Rebind(`
			SELECT COUNT(*) FROM review_reports WHERE review_id = ? AND resolved_at IS NULL`), r.ID); err != nil {
			return fmt.Errorf("store: moderate review: reports: %w", err)
		}
		now := time.Now().UTC()
		switch action {
		case ActionKeepReview:
			if m.ReportsClosed == 0 {
				return ErrReviewModerated
			}
			if err := resolveReports(ctx, tx, r.ID, ReportKept, now); err != nil {
				return err
			}
		case ActionHideReview:
			if r.Status != ReviewPublished {
				return ErrReviewModerated
			}
			if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE reviews SET status = ?, hidden_reason = ? WHERE id = ?`), ReviewHidden, reason, r.ID); err != nil {
				return fmt.Errorf("store: hide review: %w", err)
			}
			if err := resolveReports(ctx, tx, r.ID, ReportHidden, now); err != nil {
				return err
			}
			if err := refreshFigures(ctx, tx, r.BusinessID); err != nil {
				return err
			}
		case ActionDeleteReview:
			if err := deleteReview(ctx, tx, r); err != nil {
				return err
			}
		}
		return recordAction(ctx, tx, r.BusinessID, admin, action, moderationDetail(m, reason), now)
	})
	if err != nil {
		return ModeratedReview{}, err
	}
	if action == ActionHideReview {
		m.Status, m.HiddenReason = ReviewHidden, reason
	}
	return m, nil
}

// resolveReports closes a review's open reports with resolution.
func resolveReports(ctx context.Context, tx *sqlx.Tx, reviewID int64, resolution string, at time.Time) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`
		UPDATE review_reports SET resolution = ?, resolved_at = ? WHERE review_id = ? AND resolved_at IS NULL`), resolution, at, reviewID)
	if err != nil {
		return fmt.Errorf("store: resolve review reports: %w", err)
	}
	return nil
}

// moderationDetail says in the listing's history which review a decision
// was about (it may be gone since), whose it was, and why.
func moderationDetail(m ModeratedReview, reason string) string {
	author := m.AuthorName
	if m.AuthorEmail != "" {
		author += " (" + m.AuthorEmail + ")"
	}
	stars := "stars"
	if m.Rating == 1 {
		stars = "star"
	}
	parts := []string{fmt.Sprintf("Review #%d “%s” by %s, %d %s", m.ID, m.Title, author, m.Rating, stars)}
	switch m.ReportsClosed {
	case 0:
	case 1:
		parts = append(parts, "1 report closed")
	default:
		parts = append(parts, strconv.Itoa(m.ReportsClosed)+" reports closed")
	}
	if reason != "" {
		parts = append(parts, "reason: "+reason)
	}
	return strings.Join(parts, "; ")
}

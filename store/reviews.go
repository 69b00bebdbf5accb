package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
)

// Reviews: what customers say about a listing. A listing's rating and
// review count are computed from its published reviews in the transaction
// of every change, so the directory's sorts and filters (and the search
// index, through the listing's change record) always agree with them.

// Review states.
const (
	ReviewPublished = "published"
	ReviewHidden    = "hidden" // by an administrator, with a reason the author is told
)

// Review sentiments (empty: not analysed yet).
const (
	SentimentPositive = "positive"
	SentimentNeutral  = "neutral"
	SentimentNegative = "negative"
)

// ReviewEditWindow is how long after writing it an author may edit a
// review; deleting it is allowed at any time.
const ReviewEditWindow = 30 * 24 * time.Hour

var (
	// ErrAlreadyReviewed is returned when the account already reviewed
	// the listing.
	ErrAlreadyReviewed = errors.New("store: listing already reviewed by this account")
	// ErrOwnListing is returned when someone reviews a listing they own.
	ErrOwnListing = errors.New("store: cannot review own listing")
	// ErrEditWindowClosed is returned when a review is edited after
	// ReviewEditWindow.
	ErrEditWindowClosed = errors.New("store: review can no longer be edited")
	// ErrNotAuthor is returned when someone other than its author edits
	// or deletes a review, or someone other than the listing's owner
	// replies to it.
	ErrNotAuthor = errors.New("store: not the review's author")
)

// Review is one customer's review of a listing.
type Review struct {
	ID           int64         `db:"id"`
	BusinessID   int64         `db:"business_id"`
	UserID       sql.NullInt64 `db:"user_id"` // none: seed data
	AuthorName   string        `db:"author_name"`
	Rating       int           `db:"rating"` // 1-5 stars
	Title        string        `db:"title"`
	Body         string        `db:"body"`
	VisitedOn    string        `db:"visited_on"` // YYYY-MM-DD or empty
	Status       string        `db:"status"`
	HiddenReason string        `db:"hidden_reason"`
	Sentiment    string        `db:"sentiment"`
	HelpfulCount int           `db:"helpful_count"`
	Reply        string        `db:"reply"` // the owner's answer; empty: none
	ReplyBy      sql.NullInt64 `db:"reply_by"`
	RepliedAt    sql.NullTime  `db:"replied_at"`
	CreatedAt    time.Time     `db:"created_at"`
	UpdatedAt    time.Time     `db:"updated_at"`
}

// EditableAt reports whether the author may still edit the review at now.
func (r Review) EditableAt(now time.Time) bool { return now.Sub(r.CreatedAt) < ReviewEditWindow }

// WrittenBy reports whether userID wrote the review.
func (r Review) WrittenBy(userID int64) bool { return r.UserID.Valid && r.UserID.Int64 == userID }

const reviewColumns = `id, business_id, user_id, author_name, rating, title, body, visited_on, status, hidden_reason,
	sentiment, helpful_count, reply, reply_by, replied_at, created_at, updated_at`

// ReviewText is what an author writes (and may edit).
type ReviewText struct {
	Rating    int
	Title     string
	Body      string
	VisitedOn string // YYYY-MM-DD or empty
	Sentiment string // the analyser's reading of Title and Body
}

// NewReview is a review to store.
type NewReview struct {
	BusinessID int64
	UserID     sql.NullInt64 // none only for seed data
	AuthorName string
	ReviewText
	CreatedAt time.Time // zero: now
}

// CreateReview stores a published review and recomputes the listing's
// figures. An account reviews a listing once (ErrAlreadyReviewed) and
// never one it owns or manages as a team member (ErrOwnListing).
func (s *Store) CreateReview(ctx context.Context, n NewReview) (Review, error) {
	now := time.Now().UTC()
	created := n.CreatedAt.UTC()
	if n.CreatedAt.IsZero() {
		created = now
	}
	var r Review
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		owner, err := lockListing(ctx, tx, n.BusinessID)
		if err != nil {
			return err
		}
		if n.UserID.Valid && owner.Valid {
			// Nor one of the account the author works in (a member's).
			account, err := accountOf(ctx, tx, n.UserID.Int64)
			if err != nil {
				return err
			}
			if owner.Int64 == account {
				return ErrOwnListing
			}
		}
		var id int64
		err = tx.QueryRowxContext(ctx, tx.Rebind(`
			INSERT INTO reviews (business_id, user_id, author_name, rating, title, body, visited_on, status, sentiment, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, 'published', ?, ?, ?) RETURNING id`),
			n.BusinessID, n.UserID, n.AuthorName, n.Rating, n.Title, n.Body, n.VisitedOn, n.Sentiment, created, created).Scan(&id)
		if isUniqueViolation(err) {
			return ErrAlreadyReviewed
		}
		if err != nil {
			return fmt.Errorf("store: create review: %w", err)
		}
		if err := refreshFigures(ctx, tx, n.BusinessID); err != nil {
			return err
		}
		return tx.GetContext(ctx, &r, tx.Rebind(`SELECT `+reviewColumns+` FROM reviews WHERE id = ?`), id)
	})
	return r, err
}

// UpdateReview changes what the author wrote, and the name shown with it
// (empty: kept), within ReviewEditWindow of writing it; the listing's
// figures follow.
func (s *Store) UpdateReview(ctx context.Context, id, authorID int64, name string, t ReviewText) (Review, error) {
	var r Review
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		old, err := lockedReview(ctx, tx, id)
		if err != nil {
			return err
		}
		if !old.WrittenBy(authorID) {
			return ErrNotAuthor
		}
		if !old.EditableAt(time.Now()) {
			return ErrEditWindowClosed
		}
		if name == "" {
			name = old.AuthorName
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`
			UPDATE reviews SET author_name = ?, rating = ?, title = ?, body = ?, visited_on = ?, sentiment = ?, updated_at = ? WHERE id = ?`),
			name, t.Rating, t.Title, t.Body, t.VisitedOn, t.Sentiment, time.Now().UTC(), id); err != nil {
			return fmt.Errorf("store: update review: %w", err)
		}
		if err := refreshFigures(ctx, tx, old.BusinessID); err != nil {
			return err
		}
		return tx.GetContext(ctx, &r, tx.Rebind(`SELECT `+reviewColumns+` FROM reviews WHERE id = ?`), id)
	})
	return r, err
}

// DeleteReview deletes a review by its author; the listing's figures
// follow.
func (s *Store) DeleteReview(ctx context.Context, id, authorID int64) error {
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		r, err := lockedReview(ctx, tx, id)
		if err != nil {
			return err
		}
		if !r.WrittenBy(authorID) {
			return ErrNotAuthor
		}
		return deleteReview(ctx, tx, r)
	})
}

// deleteReview deletes r (its marks and reports go with it) and recomputes
// its listing's figures, on a transaction holding the listing's lock.
func deleteReview(ctx context.Context, tx *sqlx.Tx, r Review) error {
	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM reviews WHERE id = ?`), r.ID); err != nil {
		return fmt.Errorf("store: delete review: %w", err)
	}
	return refreshFigures(ctx, tx, r.BusinessID)
}

// SetReviewSentiment records the provider's reading of a review (a job
// may replace the built-in analyser's).
func (s *Store) SetReviewSentiment(ctx context.Context, id int64, sentiment string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE reviews SET sentiment = ? WHERE id = ?`), sentiment, id)
	if err != nil {
		return fmt.Errorf("store: review sentiment: %w", err)
	}
	return nil
}

// lockListing takes the listing's row lock for the rest of the
// transaction and returns its owner. Every change of a listing's reviews
// takes it first, so that two changes at once recompute the figures one
// after the other, each seeing the other's review (on PostgreSQL a
// statement sees what committed before it started; SQLite writes one
// transaction at a time anyway).
func lockListing(ctx context.Context, tx *sqlx.Tx, businessID int64) (sql.NullInt64, error) {
	var owner sql.NullInt64
	q := `SELECT owner_id FROM businesses WHERE id = ?`
	if tx.DriverName() == "postgres" {
		q += ` FOR UPDATE`
	}
	if err := tx.GetContext(ctx, &owner, tx.Rebind(q), businessID); err != nil {
		return owner, notFound(err, "lock listing")
	}
	return owner, nil
}

// lockedReview reads a review after taking its listing's lock.
func lockedReview(ctx context.Context, tx *sqlx.Tx, id int64) (Review, error) {
	var businessID int64
	if err := tx.GetContext(ctx, &businessID, tx.Rebind(`SELECT business_id FROM reviews WHERE id = ?`), id); err != nil {
		return Review{}, notFound(err, "review")
	}
	if _, err := lockListing(ctx, tx, businessID); err != nil {
		return Review{}, err
	}
	var r Review
	if err := tx.GetContext(ctx, &r, tx.Rebind(`SELECT `+reviewColumns+` FROM reviews WHERE id = ?`), id); err != nil {
		return Review{}, notFound(err, "review")
	}
	return r, nil
}

// refreshFigures sets a listing's rating (the mean of its published
// reviews' stars) and review count from its reviews.
func refreshFigures(ctx context.Context, tx *sqlx.Tx, businessID int64) error {
	var f struct {
		N   int     `db:"n"`
		Sum float64 `db:"total"`
	}
	if err := tx.GetContext(ctx, &f, tx.Rebind(`
		SELECT COUNT(*) AS n, COALESCE(SUM(rating), 0) AS total FROM reviews WHERE business_id = ? AND status = 'published'`), businessID); err != nil {
		return fmt.Errorf("store: review figures: %w", err)
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE businesses SET rating = ?, review_count = ? WHERE id = ?`), meanStars(int(f.Sum), f.N), f.N, businessID); err != nil {
		return fmt.Errorf("store: set review figures: %w", err)
	}
	return nil
}

// ReviewByID reads a review, whatever its state.
func (s *Store) ReviewByID(ctx context.Context, id int64) (Review, error) {
	var r Review
	if err := s.db.GetContext(ctx, &r, s.db.Rebind(`SELECT `+reviewColumns+` FROM reviews WHERE id = ?`), id); err != nil {
		return Review{}, notFound(err, "review")
	}
	return r, nil
}

// ReviewBy is the review userID wrote of a listing (ErrNotFound: none).
func (s *Store) ReviewBy(ctx context.Context, businessID, userID int64) (Review, error) {
	var r Review
	if err := s.db.GetContext(ctx, &r, s.db.Rebind(`SELECT `+reviewColumns+` FROM reviews WHERE business_id = ? AND user_id = ?`), businessID, userID); err != nil {
		return Review{}, notFound(err, "review by")
	}
	return r, nil
}

// Orders of a listing's reviews.
const (
	ReviewsNewest  = "newest"
	ReviewsHighest = "highest"
	ReviewsLowest  = "lowest"
	ReviewsHelpful = "helpful"
)

// reviewOrders are the ORDER BY of each order; unknown orders are newest.
var reviewOrders = map[string]string{
	ReviewsNewest:  `created_at DESC, id DESC`,
	ReviewsHighest: `rating DESC, created_at DESC, id DESC`,
	ReviewsLowest:  `rating ASC, created_at DESC, id DESC`,
	ReviewsHelpful: `helpful_count DESC, created_at DESC, id DESC`,
}

// ListingReviews is a page of a listing's published reviews in order
// (ReviewsNewest, ...), and how many there are in all.
func (s *Store) ListingReviews(ctx context.Context, businessID int64, order string, p Page) ([]Review, int, error) {
	by, ok := reviewOrders[order]
	if !ok {
		by = reviewOrders[ReviewsNewest]
	}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM reviews WHERE business_id = ? AND status = 'published'`), businessID); err != nil {
		return nil, 0, fmt.Errorf("store: count reviews: %w", err)
	}
	var rs []Review
	err := s.db.SelectContext(ctx, &rs, s.db.Rebind(`SELECT `+reviewColumns+` FROM reviews
		WHERE business_id = ? AND status = 'published' ORDER BY `+by+` LIMIT ? OFFSET ?`), businessID, p.Limit, p.Offset)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list reviews: %w", err)
	}
	return rs, total, nil
}

// RatingSummary is a listing's published reviews in figures.
type RatingSummary struct {
	Count   int
	Average float64 // 0 without reviews
	Stars   [5]int  // how many reviews gave 1, 2, ... 5 stars (Stars[0] is one star)
}

// RatingSummaryOf counts a listing's published reviews by stars.
func (s *Store) RatingSummaryOf(ctx context.Context, businessID int64) (RatingSummary, error) {
	var rows []struct {
		Rating int `db:"rating"`
		N      int `db:"n"`
	}
	if err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`
		SELECT rating, COUNT(*) AS n FROM reviews WHERE business_id = ? AND status = 'published' GROUP BY rating`), businessID); err != nil {
		return RatingSummary{}, fmt.Errorf("store: rating summary: %w", err)
	}
	var sum RatingSummary
	total := 0
	for _, r := range rows {
		if r.Rating < 1 || r.Rating > 5 {
			continue
		}
		sum.Stars[r.Rating-1] = r.N
		sum.Count += r.N
		total += r.Rating * r.N
	}
	sum.Average = meanStars(total, sum.Count)
	return sum, nil
}

// MarkHelpful records that userID found a published review helpful, once
// per account; added is false when they had already said so. An author
// cannot mark their own review (ErrOwnReview).
func (s *Store) MarkHelpful(ctx context.Context, reviewID, userID int64) (added bool, err error) {
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		// The review's row lock orders marks made at once: on PostgreSQL
		// the count below then sees every mark committed before it.
		q := `SELECT ` + reviewColumns + ` FROM reviews WHERE id = ? AND status = 'published'`
		if tx.DriverName() == "postgres" {
			q += ` FOR UPDATE`
		}
		var r Review
		if err := tx.GetContext(ctx, &r, tx.Rebind(q), reviewID); err != nil {
			return notFound(err, "helpful review")
		}
		if r.WrittenBy(userID) {
			return ErrOwnReview
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`
			INSERT INTO review_helpful (review_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`), reviewID, userID, time.Now().UTC())
		if err != nil {
			return fmt.Errorf("store: mark helpful: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		added = true
		_, err = tx.ExecContext(ctx, tx.Rebind(`
			UPDATE reviews SET helpful_count = (SELECT COUNT(*) FROM review_helpful WHERE review_id = ?) WHERE id = ?`), reviewID, reviewID)
		if err != nil {
			return fmt.Errorf("store: count helpful: %w", err)
		}
		return nil
	})
	return added, err
}

// ErrOwnReview is returned when an author marks their own review helpful
// or reports it.
var ErrOwnReview = errors.New("store: own review")

// HelpfulMarked says which of reviewIDs userID marked helpful.
func (s *Store) HelpfulMarked(ctx context.Context, userID int64, reviewIDs []int64) (map[int64]bool, error) {
	marked := map[int64]bool{}
	if len(reviewIDs) == 0 {
		return marked, nil
	}
	var ids []int64
	err := s.db.SelectContext(ctx, &ids, s.db.Rebind(`SELECT review_id FROM review_helpful WHERE user_id = ? AND review_id IN (`+inList(len(reviewIDs))+`)`),
		concat([]any{userID}, anys(reviewIDs))...)
	if err != nil {
		return nil, fmt.Errorf("store: helpful marks: %w", err)
	}
	for _, id := range ids {
		marked[id] = true
	}
	return marked, nil
}

// SetReply writes (or rewrites) the reply of userID to a review of a
// listing of the account they work in (theirs, or the one they are a
// member of, read in the same transaction); an empty text deletes it. The
// reply is signed by userID (reply_by), owner or member.
func (s *Store) SetReply(ctx context.Context, reviewID, userID int64, text string) (Review, error) {
	var r Review
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		old, err := lockedReview(ctx, tx, reviewID)
		if err != nil {
			return err
		}
		var owner sql.NullInt64
		if err := tx.GetContext(ctx, &owner, tx.Rebind(`SELECT owner_id FROM businesses WHERE id = ?`), old.BusinessID); err != nil {
			return notFound(err, "reply listing")
		}
		account, err := accountOf(ctx, tx, userID)
		if err != nil {
			return err
		}
		if !owner.Valid || owner.Int64 != account {
			return ErrNotAuthor
		}
		var by sql.NullInt64
		var at sql.NullTime
		if text != "" {
			by, at = sql.NullInt64{Int64: userID, Valid: true}, sql.NullTime{Time: time.Now().UTC(), Valid: true}
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE reviews SET reply = ?, reply_by = ?, replied_at = ? WHERE id = ?`), text, by, at, reviewID); err != nil {
			return fmt.Errorf("store: reply: %w", err)
		}
		return tx.GetContext(ctx, &r, tx.Rebind(`SELECT `+reviewColumns+` FROM reviews WHERE id = ?`), reviewID)
	})
	return r, err
}

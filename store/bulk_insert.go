package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/lookalike"
)

// Listings loaded many at once, with their reviews, by the tools that fill
// a directory for a demo or a benchmark (internal/samples,
// internal/synthetic): they make the listings, the store writes them.

// ListingWithReviews is a listing to load with its published reviews
// (their BusinessID is set when the listing is inserted).
type ListingWithReviews struct {
	Business Business
	Reviews  []NewReview
}

// AddMissingListings adds, in one transaction, the listings whose slugs
// are not taken, each with its reviews, and returns how many it added, so
// it can run at every start. A listing that is there already, still
// without an owner, and has no reviews (a database from before reviews
// existed) gets its reviews too; one somebody owns is left alone.
func (s *Store) AddMissingListings(ctx context.Context, ls []ListingWithReviews) (int, error) {
	added := 0
	err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
		for _, l := range ls {
			var old struct {
				ID    int64         `db:"id"`
				Owner sql.NullInt64 `db:"owner_id"`
			}
			err := tx.GetContext(ctx, &old, tx.Rebind(`SELECT id, owner_id FROM businesses WHERE slug = ?`), l.Business.Slug)
			switch {
			case err == nil:
				if old.Owner.Valid {
					continue // claimed: its reviews are its customers' now
				}
				if err := addReviewsToUnreviewed(ctx, tx, old.ID, l.Reviews); err != nil {
					return err
				}
			case errors.Is(err, sql.ErrNoRows):
				id, err := insertWithSlug(ctx, tx, l.Business)
				if err != nil {
					return err
				}
				if err := addReviewsToUnreviewed(ctx, tx, id, l.Reviews); err != nil {
					return err
				}
				added++
			default:
				return fmt.Errorf("store: add listings: %w", err)
			}
		}
		return nil
	})
	return added, err
}

// addReviewsToUnreviewed gives a listing reviews, unless it has reviews
// already, and recomputes its figures.
func addReviewsToUnreviewed(ctx context.Context, tx *sqlx.Tx, businessID int64, rs []NewReview) error {
	if _, err := lockListing(ctx, tx, businessID); err != nil {
		return err
	}
	var n int
	if err := tx.GetContext(ctx, &n, tx.Rebind(`SELECT COUNT(*) FROM reviews WHERE business_id = ?`), businessID); err != nil {
		return fmt.Errorf("store: count reviews: %w", err)
	}
	if n > 0 || len(rs) == 0 {
		return nil
	}
	for i := range rs {
		rs[i].BusinessID = businessID
	}
	if err := insertReviews(ctx, tx, rs); err != nil {
		return err
	}
	return refreshFigures(ctx, tx, businessID)
}

// StarsSentiment is a review's sentiment read from its stars alone, for
// reviews no analyser read (the samples' and the benchmarks').
func StarsSentiment(stars int) string {
	switch {
	case stars >= 4:
		return SentimentPositive
	case stars == 3:
		return SentimentNeutral
	default:
		return SentimentNegative
	}
}

// InsertListings inserts listings whose slugs are new, with their
// reviews, in one transaction, many rows to a statement: the way to load
// hundreds of thousands (benchmarks, load tests); call AnalyzeAfterLoad
// once they are all in. Each listing's rating and review count are those
// its reviews give, whatever the listing says.
func (s *Store) InsertListings(ctx context.Context, ls []ListingWithReviews) error {
	// 500 rows of 36 parameters stay well within SQLite's limit of 32,766
	// parameters a statement (PostgreSQL's is 65,535).
	const perStatement = 500
	return s.WithTx(ctx, func(tx *sqlx.Tx) error {
		if s.dialect == Postgres {
			// VACUUM can only mark rows all-visible (so counts can read
			// indexes alone) once their commit is flushed: commit
			// synchronously even where the server's default is not to.
			if _, err := tx.ExecContext(ctx, "SET LOCAL synchronous_commit = on"); err != nil {
				return fmt.Errorf("store: insert listings: %w", err)
			}
		}
		rows := make([]Business, 0, perStatement)
		var reviews []NewReview
		var of []int // the index in rows of each review's listing
		for chunk := range slices.Chunk(ls, perStatement) {
			rows, reviews, of = rows[:0], reviews[:0], of[:0]
			for _, l := range chunk {
				b, sum := l.Business, 0
				for _, r := range l.Reviews {
					sum += r.Rating
					reviews = append(reviews, r)
					of = append(of, len(rows))
				}
				b.Rating, b.ReviewCount = meanStars(sum, len(l.Reviews)), len(l.Reviews)
				rows = append(rows, b)
			}
			ids, err := insertMany(ctx, tx, rows)
			if err != nil {
				return err
			}
			for i := range reviews {
				reviews[i].BusinessID = ids[of[i]]
			}
			if err := insertReviews(ctx, tx, reviews); err != nil {
				return err
			}
		}
		return nil
	})
}

// insertMany inserts listings whose slugs are already chosen, in one
// statement, and returns their ids in the order of bs.
func insertMany(ctx context.Context, tx *sqlx.Tx, bs []Business) ([]int64, error) {
	now := time.Now().UTC()
	args := make([]any, 0, len(bs)*insertColumnCount)
	for _, b := range bs {
		if b.Verified && !b.OwnerID.Valid {
			return nil, fmt.Errorf("store: insert %s: %w", b.Slug, ErrUnowned)
		}
		if b.CreatedAt.IsZero() {
			b.CreatedAt = now
		}
		args = append(args, insertArgs(b, now)...)
	}
	query := tx.Rebind(`INSERT INTO businesses (` + insertColumns + `) VALUES ` + placeholders(len(bs), insertColumnCount) + ` RETURNING id, slug`)
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: insert %d listings: %w", len(bs), err)
	}
	defer rows.Close()
	// Neither engine promises RETURNING's order: the slugs say which is
	// which.
	bySlug := make(map[string]int64, len(bs))
	for rows.Next() {
		var id int64
		var slug string
		if err := rows.Scan(&id, &slug); err != nil {
			return nil, fmt.Errorf("store: insert %d listings: %w", len(bs), err)
		}
		bySlug[slug] = id
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: insert %d listings: %w", len(bs), err)
	}
	ids := make([]int64, len(bs))
	for i, b := range bs {
		if ids[i] = bySlug[b.Slug]; ids[i] == 0 {
			return nil, fmt.Errorf("store: insert %d listings: no id for %s", len(bs), b.Slug)
		}
	}
	return ids, nil
}

// AnalyzeAfterLoad readies the database after a bulk load
// (InsertListings): both engines refresh the statistics the query planner
// chooses indexes by, and PostgreSQL marks the new rows all-visible, so
// counts can read indexes alone.
func (s *Store) AnalyzeAfterLoad(ctx context.Context) error {
	stmts := []string{
		`ANALYZE`,
	}
	if s.dialect == Postgres {
		// The reviews too: left to autovacuum, hundreds of thousands of
		// new rows are vacuumed while the app serves (during a benchmark).
		stmts = []string{`VACUUM ANALYZE businesses`, `VACUUM ANALYZE reviews`}
	}
	for _, stmt := range stmts {
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("store: analyze after loading: %w", err)
		}
	}
	return nil
}

// reviewInsertColumns are the columns loaded reviews are inserted with,
// in the order of reviewInsertArgs.
var reviewInsertColumns = []string{"business_id", "user_id", "author_name", "rating", "title", "body", "visited_on", "status", "sentiment", "created_at", "updated_at"}

// reviewInsertArgs are the values of reviewInsertColumns for r.
func reviewInsertArgs(r NewReview) []any {
	return []any{r.BusinessID, r.UserID, r.AuthorName, r.Rating, r.Title, r.Body, r.VisitedOn, ReviewPublished, r.Sentiment, r.CreatedAt, r.CreatedAt}
}

// insertReviews inserts published reviews in bulk, without recomputing
// their listings' figures (the caller does, or inserts the listings with
// them). PostgreSQL copies them (COPY: for the benchmarks' hundreds of
// thousands, three times as fast as INSERTs of many rows); SQLite inserts
// 2,500 a statement (27,500 parameters, within its limit of 32,766).
func insertReviews(ctx context.Context, tx *sqlx.Tx, rs []NewReview) error {
	if len(rs) == 0 {
		return nil
	}
	if tx.DriverName() == "postgres" {
		return copyReviews(ctx, tx, rs)
	}
	for chunk := range slices.Chunk(rs, 2500) {
		args := make([]any, 0, len(chunk)*len(reviewInsertColumns))
		for _, r := range chunk {
			args = append(args, reviewInsertArgs(r)...)
		}
		query := tx.Rebind(`INSERT INTO reviews (` + strings.Join(reviewInsertColumns, ", ") + `) VALUES ` + placeholders(len(chunk), len(reviewInsertColumns)))
		if _, err := tx.ExecContext(ctx, query, args...); err != nil {
			return fmt.Errorf("store: insert %d reviews: %w", len(chunk), err)
		}
	}
	return nil
}

// copyReviews copies reviews into PostgreSQL's reviews table (lib/pq
// sends the rows of a prepared COPY ... FROM STDIN, then ends the copy on
// the call without values).
func copyReviews(ctx context.Context, tx *sqlx.Tx, rs []NewReview) error {
	stmt, err := tx.PrepareContext(ctx, `COPY reviews (`+strings.Join(reviewInsertColumns, ", ")+`) FROM STDIN`)
	if err != nil {
		return fmt.Errorf("store: copy reviews: %w", err)
	}
	defer stmt.Close()
	for _, r := range rs {
		if _, err := stmt.ExecContext(ctx, reviewInsertArgs(r)...); err != nil {
			return fmt.Errorf("store: copy reviews: %w", err)
		}
	}
	if _, err := stmt.ExecContext(ctx); err != nil {
		return fmt.Errorf("store: copy %d reviews: %w", len(rs), err)
	}
	return stmt.Close()
}

// insertColumns are the columns a new listing is inserted with, in the
// order of insertArgs.
const insertColumns = `slug, owner_id, name, tagline, description, category, sub_category, tags, address, city, city_key,
	state, zip_code, phone, website, email, hours, services, business_type, rating, review_count, verified, verified_method, verified_at,
	claimed, featured, published, held, email_confirmed, show_email, show_phone, show_address, show_pricing, show_hours,
	lat, lng, geo_source, service_radius, created_at, updated_at`

// insertColumnCount is how many columns insertColumns lists.
var insertColumnCount = strings.Count(insertColumns, ",") + 1

// insertArgs are the values of insertColumns for b, updated now. A listing
// inserted verified (by a tool that loads owned listings) without saying
// how was verified by the team when it was created. The tools' loaders
// insert no unowned listing verified (insertWithSlug, insertMany:
// ErrUnowned).
func insertArgs(b Business, now time.Time) []any {
	if b.Verified && b.VerifiedMethod == "" {
		b.VerifiedMethod = VerifiedByTeam
	}
	if b.Verified && !b.VerifiedAt.Valid {
		b.VerifiedAt = sql.NullTime{Time: cmp.Or(b.CreatedAt, now), Valid: true}
	}
	b = located(b)
	return []any{b.Slug, b.OwnerID, b.Name, b.Tagline, b.Description, b.Category, b.SubCategory, b.Tags, b.Address, b.City, lookalike.CityKey(b.City),
		b.State, b.ZipCode, b.Phone, b.Website, b.Email, b.Hours, b.Services, b.BusinessType, b.Rating, b.ReviewCount, b.Verified, b.VerifiedMethod, b.VerifiedAt,
		b.Claimed, b.Featured, b.Published, b.Held, b.EmailConfirmed, b.ShowEmail, b.ShowPhone, b.ShowAddress, b.ShowPricing, b.ShowHours,
		b.Lat, b.Lng, b.GeoSource, b.ServiceRadius, b.CreatedAt, now}
}

// insertWithSlug inserts a listing whose slug is already chosen.
func insertWithSlug(ctx context.Context, tx *sqlx.Tx, b Business) (int64, error) {
	now := time.Now().UTC()
	if b.Verified && !b.OwnerID.Valid {
		return 0, fmt.Errorf("store: insert %s: %w", b.Slug, ErrUnowned)
	}
	if b.CreatedAt.IsZero() {
		b.CreatedAt = now
	}
	id, err := insertRow(ctx, tx, b, now)
	if err != nil {
		return 0, fmt.Errorf("store: insert %s: %w", b.Slug, err)
	}
	return id, nil
}

// insertRow inserts b as it is (slug included), updated now, and returns
// its id; the error is the driver's, for the caller to judge.
func insertRow(ctx context.Context, tx *sqlx.Tx, b Business, now time.Time) (int64, error) {
	var id int64
	err := tx.QueryRowxContext(ctx, tx.Rebind(`INSERT INTO businesses (`+insertColumns+`) VALUES `+placeholders(1, insertColumnCount)+` RETURNING id`),
		insertArgs(b, now)...).Scan(&id)
	return id, err
}

// placeholders is the VALUES list of rows rows of cols parameters each.
func placeholders(rows, cols int) string {
	row := "(" + inList(cols) + ")"
	return strings.TrimSuffix(strings.Repeat(row+", ", rows), ", ")
}

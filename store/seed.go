package store

import (
	"cmp"
	"context"
	"database/sql"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/places"
)

//go:embed seed/sample-businesses.json
var sampleBusinessesJSON []byte

// SampleBusinesses are the directory's five sample listings (spec §3),
// kept as data in seed/sample-businesses.json.
func SampleBusinesses() ([]Business, error) {
	var raw []struct {
		Slug, Name, Tagline, Description, Category string
		SubCategory                                string `json:"sub_category"`
		Tags, Services                             []string
		Address, City, State                       string
		ZipCode                                    string `json:"zip_code"`
		Phone, Website, Email                      string
		Hours                                      Week
		BusinessType                               string `json:"business_type"`
		Verified, Featured, Claimed                bool
	}
	if err := json.Unmarshal(sampleBusinessesJSON, &raw); err != nil {
		return nil, fmt.Errorf("store: sample businesses: %w", err)
	}
	bs := make([]Business, len(raw))
	for i, r := range raw {
		// A sample's place is what the forms accept (places): a valid
		// city as cleaned, a state by its code.
		if code, ok := places.StateCode(r.State); !ok || code != r.State || !places.ValidCity(r.City) || places.CleanCity(r.City) != r.City {
			return nil, fmt.Errorf("store: sample business %s: %q, %q is not a city and a state code", r.Slug, r.City, r.State)
		}
		bs[i] = Business{
			Slug: r.Slug, Name: r.Name, Tagline: r.Tagline, Description: r.Description, Category: r.Category,
			SubCategory: r.SubCategory, Tags: r.Tags, Address: r.Address, City: r.City, State: r.State, ZipCode: r.ZipCode,
			Phone: r.Phone, Website: r.Website, Email: r.Email, Hours: r.Hours, Services: r.Services, BusinessType: r.BusinessType,
			Verified: r.Verified, Featured: r.Featured, Claimed: r.Claimed, Published: true, EmailConfirmed: true,
			ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowPricing: true, ShowHours: true,
		}
	}
	return bs, nil
}

// SeedSamples adds the sample listings that are missing, by slug, each
// with its reviews (SampleReviews), so it can run at every start. A sample
// listing that is there already, still without an owner, and has no
// reviews (a database from before reviews existed) gets them too. It
// returns how many listings it added.
func (s *Store) SeedSamples(ctx context.Context) (int, error) {
	bs, err := SampleBusinesses()
	if err != nil {
		return 0, err
	}
	reviews, err := SampleReviews(time.Now().UTC())
	if err != nil {
		return 0, err
	}
	added := 0
	err = s.WithTx(ctx, func(tx *sqlx.Tx) error {
		for _, b := range bs {
			var old struct {
				ID    int64         `db:"id"`
				Owner sql.NullInt64 `db:"owner_id"`
			}
			err := tx.GetContext(ctx, &old, tx.Rebind(`SELECT id, owner_id FROM businesses WHERE slug = ?`), b.Slug)
			switch {
			case err == nil:
				if old.Owner.Valid {
					continue // claimed: its reviews are its customers' now
				}
				if err := seedSampleReviews(ctx, tx, old.ID, reviews[b.Slug]); err != nil {
					return err
				}
			case errors.Is(err, sql.ErrNoRows):
				id, err := insertWithSlug(ctx, tx, b)
				if err != nil {
					return err
				}
				if err := seedSampleReviews(ctx, tx, id, reviews[b.Slug]); err != nil {
					return err
				}
				added++
			default:
				return fmt.Errorf("store: seed lookup: %w", err)
			}
		}
		return nil
	})
	return added, err
}

// seedSampleReviews gives a sample listing its reviews, unless it has
// reviews already, and recomputes its figures.
func seedSampleReviews(ctx context.Context, tx *sqlx.Tx, businessID int64, rs []NewReview) error {
	if _, err := lockListing(ctx, tx, businessID); err != nil {
		return err
	}
	var n int
	if err := tx.GetContext(ctx, &n, tx.Rebind(`SELECT COUNT(*) FROM reviews WHERE business_id = ?`), businessID); err != nil {
		return fmt.Errorf("store: seed reviews: %w", err)
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

//go:embed seed/sample-reviews.json
var sampleReviewsJSON []byte

// SampleReviews are the sample listings' reviews (seed/sample-reviews.json)
// by the listing's slug, dated as if written before now: each review
// days_ago days before now, its visit (when it says) visited_days_before
// days before that. They have no account, so nobody edits them, and no
// BusinessID yet. Their sentiment follows their stars (4-5 positive, 3
// neutral, 1-2 negative).
func SampleReviews(now time.Time) (map[string][]NewReview, error) {
	var raw map[string][]struct {
		Author        string `json:"author"`
		Rating        int    `json:"rating"`
		Title         string `json:"title"`
		Body          string `json:"body"`
		DaysAgo       int    `json:"days_ago"`
		VisitedBefore *int   `json:"visited_days_before"`
	}
	if err := json.Unmarshal(sampleReviewsJSON, &raw); err != nil {
		return nil, fmt.Errorf("store: sample reviews: %w", err)
	}
	bs, err := SampleBusinesses()
	if err != nil {
		return nil, err
	}
	samples := map[string]bool{}
	for _, b := range bs {
		samples[b.Slug] = true
	}
	out := make(map[string][]NewReview, len(raw))
	for slug, rs := range raw {
		if !samples[slug] {
			return nil, fmt.Errorf("store: sample reviews of %s: not a sample listing", slug)
		}
		for i, r := range rs {
			if r.Rating < 1 || r.Rating > 5 || r.Author == "" || r.Title == "" || r.Body == "" || r.DaysAgo < 0 ||
				(r.VisitedBefore != nil && *r.VisitedBefore < 0) {
				return nil, fmt.Errorf("store: sample review %d of %s is incomplete or out of range", i+1, slug)
			}
			// Midday minus a few minutes a review, so that no two share
			// a time.
			written := now.Truncate(24*time.Hour).Add(12*time.Hour-time.Duration(i)*7*time.Minute).AddDate(0, 0, -r.DaysAgo)
			if written.After(now) {
				written = now.Add(-time.Duration(i+1) * time.Minute)
			}
			visited := ""
			if r.VisitedBefore != nil {
				visited = written.AddDate(0, 0, -*r.VisitedBefore).Format(time.DateOnly)
			}
			out[slug] = append(out[slug], NewReview{
				AuthorName: r.Author,
				ReviewText: ReviewText{Rating: r.Rating, Title: r.Title, Body: r.Body, VisitedOn: visited, Sentiment: starsSentiment(r.Rating)},
				CreatedAt:  written,
			})
		}
	}
	return out, nil
}

// starsSentiment is a review's sentiment read from its stars alone, for
// reviews no analyser read (the seed's and the benchmarks').
func starsSentiment(stars int) string {
	switch {
	case stars >= 4:
		return SentimentPositive
	case stars == 3:
		return SentimentNeutral
	default:
		return SentimentNegative
	}
}

// reviewInsertColumns are the columns seeded reviews are inserted with,
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
const insertColumns = `slug, owner_id, name, tagline, description, category, sub_category, tags, address, city,
	state, zip_code, phone, website, email, hours, services, business_type, rating, review_count, verified, verified_method, verified_at,
	claimed, featured, published, held, email_confirmed, show_email, show_phone, show_address, show_pricing, show_hours, created_at, updated_at`

// insertColumnCount is how many columns insertColumns lists.
var insertColumnCount = strings.Count(insertColumns, ",") + 1

// insertArgs are the values of insertColumns for b, updated now. A listing
// inserted verified (the samples, synthetic listings) without saying how
// was verified by the team when it was created.
func insertArgs(b Business, now time.Time) []any {
	if b.Verified && b.VerifiedMethod == "" {
		b.VerifiedMethod = VerifiedByTeam
	}
	if b.Verified && !b.VerifiedAt.Valid {
		b.VerifiedAt = sql.NullTime{Time: cmp.Or(b.CreatedAt, now), Valid: true}
	}
	return []any{b.Slug, b.OwnerID, b.Name, b.Tagline, b.Description, b.Category, b.SubCategory, b.Tags, b.Address, b.City,
		b.State, b.ZipCode, b.Phone, b.Website, b.Email, b.Hours, b.Services, b.BusinessType, b.Rating, b.ReviewCount, b.Verified, b.VerifiedMethod, b.VerifiedAt,
		b.Claimed, b.Featured, b.Published, b.Held, b.EmailConfirmed, b.ShowEmail, b.ShowPhone, b.ShowAddress, b.ShowPricing, b.ShowHours, b.CreatedAt, now}
}

// insertWithSlug inserts a listing whose slug is already chosen.
func insertWithSlug(ctx context.Context, tx *sqlx.Tx, b Business) (int64, error) {
	now := time.Now().UTC()
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

// SeedSynthetic adds n generated listings (for benchmarks and load tests),
// with slugs that cannot clash with real ones, each with a few generated
// reviews (none to a dozen) and the figures they give. It inserts the
// listings many rows to a statement, then their reviews (insertReviews),
// a few statements a transaction, then optimizes the search indexes for
// the new rows. The same seed gives the
// same listings and reviews (their dates aside, which count back from
// now).
func (s *Store) SeedSynthetic(ctx context.Context, n int, seed uint64) error {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	// Reviews are drawn from a stream of their own, so that a seed's
	// listings do not depend on how their reviews are made.
	rr := rand.New(rand.NewPCG(seed^0x7265766965777321, seed+1))
	now := time.Now().UTC()
	// 500 rows of 33 parameters stay well within SQLite's limit of 32,766
	// parameters a statement (PostgreSQL's is 65,535).
	const perStatement, perTx = 500, 5000
	rows := make([]Business, 0, perStatement)
	var reviews []NewReview
	var of []int // the index in rows of each review's listing
	for start := 0; start < n; start += perTx {
		err := s.WithTx(ctx, func(tx *sqlx.Tx) error {
			if s.dialect == Postgres {
				// VACUUM can only mark rows all-visible (so counts can read
				// indexes alone) once their commit is flushed: commit
				// synchronously even where the server's default is not to.
				if _, err := tx.ExecContext(ctx, "SET LOCAL synchronous_commit = on"); err != nil {
					return fmt.Errorf("store: seed: %w", err)
				}
			}
			for from := start; from < min(start+perTx, n); from += perStatement {
				rows, reviews, of = rows[:0], reviews[:0], of[:0]
				for i := from; i < min(from+perStatement, start+perTx, n); i++ {
					b := synthBusiness(r, i)
					reviews = synthReviews(reviews, rr, &b, now)
					for len(of) < len(reviews) {
						of = append(of, len(rows))
					}
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
		if err != nil {
			return err
		}
	}
	return s.optimizeSearch(ctx)
}

// insertMany inserts listings whose slugs are already chosen, in one
// statement, and returns their ids in the order of bs.
func insertMany(ctx context.Context, tx *sqlx.Tx, bs []Business) ([]int64, error) {
	now := time.Now().UTC()
	args := make([]any, 0, len(bs)*insertColumnCount)
	for _, b := range bs {
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

// optimizeSearch readies the database after a bulk load: both engines
// refresh the statistics the query planner chooses indexes by, and
// PostgreSQL marks the new rows all-visible, so counts can read indexes
// alone.
func (s *Store) optimizeSearch(ctx context.Context) error {
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
			return fmt.Errorf("store: optimize after seeding: %w", err)
		}
	}
	return nil
}

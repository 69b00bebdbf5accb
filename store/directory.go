package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// PageSize is how many listings a directory page shows.
const PageSize = 20

// Sorts of the directory (spec §5).
const (
	SortRelevance = "relevance"
	SortRating    = "rating"
	SortReviews   = "reviews"
	SortName      = "name"
)

// Search is one directory query: every control of the directory page.
type Search struct {
	Query        string  // substring of name, description, a tag or the sub-category
	Category     string  // exact category
	Location     string  // substring of "city, state"
	Sort         string  // SortRelevance (default), SortRating, SortReviews, SortName
	MinRating    float64 // 0 = any
	VerifiedOnly bool
	Type         string // business type, "" = any
	Page         int    // 1-based
}

// SearchResult is one page of matching listings.
type SearchResult struct {
	Businesses []Business
	Total      int
	Page       int
	Pages      int
}

// SearchBusinesses runs a directory search among published listings. On
// SQLite a query of 3 characters or more goes through the FTS5 trigram
// index; on PostgreSQL through the pg_trgm index; shorter queries scan.
func (s *Store) SearchBusinesses(ctx context.Context, q Search) (SearchResult, error) {
	where, args := []string{"b.published = TRUE"}, []any{}
	like := "LIKE"
	if s.dialect == Postgres {
		like = "ILIKE"
	}
	text := strings.TrimSpace(q.Query)
	pattern := "%" + escapeLike(text) + "%"
	if text != "" {
		switch {
		case s.dialect == Postgres:
			where = append(where, `b.search_text ILIKE ? ESCAPE '\'`)
			args = append(args, pattern)
		case utf8.RuneCountInString(text) >= 3:
			where = append(where, `b.id IN (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?)`)
			args = append(args, `"`+strings.ReplaceAll(text, `"`, `""`)+`"`)
		default:
			where = append(where, `(b.name LIKE ? ESCAPE '\' OR b.description LIKE ? ESCAPE '\' OR b.tags LIKE ? ESCAPE '\' OR b.sub_category LIKE ? ESCAPE '\')`)
			args = append(args, pattern, pattern, pattern, pattern)
		}
	}
	if q.Category != "" {
		where = append(where, "b.category = ?")
		args = append(args, q.Category)
	}
	if loc := strings.TrimSpace(q.Location); loc != "" {
		where = append(where, "(b.city || ', ' || b.state) "+like+` ? ESCAPE '\'`)
		args = append(args, "%"+escapeLike(loc)+"%")
	}
	if q.MinRating > 0 {
		where = append(where, "b.rating >= ?")
		args = append(args, q.MinRating)
	}
	if q.VerifiedOnly {
		where = append(where, "b.verified = TRUE")
	}
	if q.Type != "" {
		where = append(where, "b.business_type = ?")
		args = append(args, q.Type)
	}
	cond := strings.Join(where, " AND ")

	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind("SELECT COUNT(*) FROM businesses b WHERE "+cond), args...); err != nil {
		return SearchResult{}, fmt.Errorf("store: count search: %w", err)
	}
	res := SearchResult{Total: total, Page: max(q.Page, 1), Pages: int(math.Ceil(float64(total) / PageSize))}
	if total == 0 || res.Page > res.Pages {
		return res, nil
	}

	nameOrder := "b.name COLLATE NOCASE"
	if s.dialect == Postgres {
		nameOrder = "lower(b.name)"
	}
	var order string
	orderArgs := []any{}
	switch q.Sort {
	case SortRating:
		order = "b.rating DESC, b.review_count DESC, " + nameOrder
	case SortReviews:
		order = "b.review_count DESC, b.rating DESC, " + nameOrder
	case SortName:
		order = nameOrder + ", b.id"
	default:
		// Relevance: featured listings first, then the best text match (in
		// the name, then a tag or sub-category, then the description),
		// then the best rated.
		order = "b.featured DESC"
		if text != "" {
			order += ", CASE WHEN b.name " + like + ` ? ESCAPE '\' THEN 0 WHEN (b.tags || ' ' || b.sub_category) ` + like + ` ? ESCAPE '\' THEN 1 ELSE 2 END`
			orderArgs = append(orderArgs, pattern, pattern)
		}
		order += ", b.rating DESC, b.review_count DESC, " + nameOrder
	}
	query := s.db.Rebind("SELECT " + prefixed("b.", businessColumns) + " FROM businesses b WHERE " + cond +
		" ORDER BY " + order + ", b.id LIMIT ? OFFSET ?")
	all := append(append(append([]any{}, args...), orderArgs...), PageSize, (res.Page-1)*PageSize)
	if err := s.db.SelectContext(ctx, &res.Businesses, query, all...); err != nil {
		return SearchResult{}, fmt.Errorf("store: search: %w", err)
	}
	return res, nil
}

// escapeLike makes s match literally inside a LIKE pattern.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// prefixed qualifies each column of a column list with a table alias.
func prefixed(alias, columns string) string {
	cols := strings.Split(columns, ",")
	for i, c := range cols {
		cols[i] = alias + strings.TrimSpace(c)
	}
	return strings.Join(cols, ", ")
}

// BusinessBySlug returns the listing with that URL name, published or not.
func (s *Store) BusinessBySlug(ctx context.Context, slug string) (Business, error) {
	var b Business
	err := s.db.GetContext(ctx, &b, s.db.Rebind(`SELECT `+businessColumns+` FROM businesses WHERE slug = ?`), slug)
	if err != nil {
		return Business{}, notFound(err, "business by slug")
	}
	return b, nil
}

// BusinessByID returns a listing by id.
func (s *Store) BusinessByID(ctx context.Context, id int64) (Business, error) {
	var b Business
	err := s.db.GetContext(ctx, &b, s.db.Rebind(`SELECT `+businessColumns+` FROM businesses WHERE id = ?`), id)
	if err != nil {
		return Business{}, notFound(err, "business by id")
	}
	return b, nil
}

// SitemapEntry is a published listing as the sitemap lists it.
type SitemapEntry struct {
	Slug      string       `db:"slug"`
	UpdatedAt sql.NullTime `db:"updated_at"`
}

// PublishedSlugs lists published listings in a stable order, a page at a
// time (offset, limit), for the sitemap.
func (s *Store) PublishedSlugs(ctx context.Context, offset, limit int) ([]SitemapEntry, error) {
	var es []SitemapEntry
	err := s.db.SelectContext(ctx, &es, s.db.Rebind(`SELECT slug, updated_at FROM businesses WHERE published = TRUE ORDER BY id LIMIT ? OFFSET ?`), limit, offset)
	if err != nil {
		return nil, fmt.Errorf("store: published slugs: %w", err)
	}
	return es, nil
}

// CountPublished is how many listings the directory shows.
func (s *Store) CountPublished(ctx context.Context) (int, error) {
	var n int
	if err := s.db.GetContext(ctx, &n, `SELECT COUNT(*) FROM businesses WHERE published = TRUE`); err != nil {
		return 0, fmt.Errorf("store: count published: %w", err)
	}
	return n, nil
}

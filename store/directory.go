package store

import (
	"context"
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
	Location     string  // what a visitor typed: "TX", "Austin", "Austin, TX", or a substring of "city, state"
	State        string  // two-letter state code, exact ("" = any)
	City         string  // a city of State, by name or places.CitySlug ("" = any)
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

// SearchBusinesses runs a directory search among published listings, in
// one statement that counts every match and reads one page of them.
//
// On SQLite a query of 3 characters or more goes through the FTS5 trigram
// index, and a location through a second one; on PostgreSQL both go
// through pg_trgm indexes, except that a query within a category reads
// the category's index, which holds the search text. Shorter queries scan.
// Only the page's own listings are read in full: the page's ids come
// first, from an index in the page's order where there is one (so the
// listings skipped to reach a deep page are never read), or from the
// sorted matches of a search by text or location, which are collected
// once for both the count and the page.
func (s *Store) SearchBusinesses(ctx context.Context, q Search) (SearchResult, error) {
	res := SearchResult{Page: max(q.Page, 1)}
	st := s.searchStatements(q, res.Page)
	var rows []struct {
		Business
		Total int `db:"total"`
	}
	if err := s.db.SelectContext(ctx, &rows, st.page, st.pageArgs...); err != nil {
		return SearchResult{}, fmt.Errorf("store: search: %w", err)
	}
	switch {
	case len(rows) > 0:
		res.Total = rows[0].Total
	case res.Page > 1:
		// Past the last page: the count came with no row to carry it.
		if err := s.db.GetContext(ctx, &res.Total, st.count, st.countArgs...); err != nil {
			return SearchResult{}, fmt.Errorf("store: count search: %w", err)
		}
	}
	res.Pages = int(math.Ceil(float64(res.Total) / PageSize))
	res.Businesses = make([]Business, len(rows))
	for i, r := range rows {
		res.Businesses[i] = r.Business
	}
	return res, nil
}

// searchStatements are the SQL of a search: page reads one page of
// listings, each with the count of all matches (as total); count counts
// them alone.
type searchStatements struct {
	page, count         string
	pageArgs, countArgs []any
}

func (s *Store) searchStatements(q Search, page int) searchStatements {
	sq := s.searchSQL(q)
	with, withArgs := sq.with, sq.withArgs
	source, sourceArgs := "businesses b WHERE "+sq.cond, sq.args
	if sq.collect {
		with = append(with, "m AS MATERIALIZED (SELECT "+prefixed("b.", matchColumns)+" FROM businesses b WHERE "+sq.cond+")")
		withArgs = concat(withArgs, sq.args)
		source, sourceArgs = "m b", nil
	}
	prefix := ""
	if len(with) > 0 {
		prefix = "WITH " + strings.Join(with, ", ") + " "
	}
	count, countArgs := "(SELECT COUNT(*) FROM "+source+")", sourceArgs
	if sq.everything && s.dialect == SQLite {
		// SQLite counts a whole table without reading its rows (nor
		// the entries of an index), and the few unpublished listings
		// from an index: much faster than counting the published ones.
		count, countArgs = "((SELECT COUNT(*) FROM businesses) - (SELECT COUNT(*) FROM businesses WHERE published = FALSE))", nil
	}
	return searchStatements{
		page: s.db.Rebind(prefix + "SELECT " + prefixed("b.", businessColumns) + ", " + count + " AS total" +
			" FROM businesses b WHERE b.id IN (SELECT b.id FROM " + source + " ORDER BY " + sq.order + " LIMIT ? OFFSET ?)" +
			" ORDER BY " + sq.order),
		pageArgs:  concat(withArgs, countArgs, sourceArgs, sq.orderArgs, []any{PageSize, (page - 1) * PageSize}, sq.orderArgs),
		count:     s.db.Rebind(prefix + "SELECT " + count),
		countArgs: concat(withArgs, countArgs),
	}
}

// matchColumns are what a search's order needs of a match.
const matchColumns = "id, featured, name, tags, sub_category, rating, review_count"

// searchSQL is a directory search as SQL on listings aliased b: common
// table expressions it needs, the condition of a match and the order of
// the results, with their arguments.
type searchSQL struct {
	with      []string
	withArgs  []any
	cond      string
	args      []any
	order     string // ends with b.id, so every order is total
	orderArgs []any
	// collect: find the matches once (as m), then count and order them,
	// rather than count them and read the page in an index's order: the
	// better way when a trigram index (or a scan) finds the matches, in
	// no useful order, and no category's index can drive instead.
	collect bool
	// everything: every published listing matches.
	everything bool
}

// searchSQL turns the search rules (spec §5) into SQL for this engine.
func (s *Store) searchSQL(q Search) searchSQL {
	var sq searchSQL
	where, args := []string{"b.published = TRUE"}, []any{}
	like := "LIKE"
	if s.dialect == Postgres {
		like = "ILIKE"
	}
	text := strings.TrimSpace(q.Query)
	pattern := "%" + escapeLike(text) + "%"
	if text != "" {
		// Within a category, the category's index (which holds every sort
		// key, and on PostgreSQL the search text) finds the matches: for
		// the count, then in the page's order if it is by rating, the
		// index's; otherwise the matches are collected and sorted.
		sq.collect = q.Category == "" || q.Sort != SortRating
		fts := "(SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?)"
		switch {
		case s.dialect == Postgres && q.Category != "":
			// "|| ''" keeps the planner, which misjudges how many rows a
			// trigram search matches, from visiting every match's row
			// rather than reading the category's index.
			where = append(where, `(b.search_text || '') LIKE lower(?) ESCAPE '\'`)
			args = append(args, pattern)
		case s.dialect == Postgres:
			// search_text is stored lower-cased: lower(x) LIKE lower(p)
			// is how PostgreSQL defines x ILIKE p.
			where = append(where, `b.search_text LIKE lower(?) ESCAPE '\'`)
			args = append(args, pattern)
		case utf8.RuneCountInString(text) >= 3 && q.Category != "":
			// Each entry of the category's index is looked up among the
			// text's matches. "+" keeps SQLite from rather looking up
			// each match among the listings: cheaper for a rare text, far
			// dearer for a common one. Counted and paged apart, they use
			// the matches twice, found once as hits.
			if !sq.collect {
				sq.with, sq.withArgs, fts = []string{"hits(id) AS MATERIALIZED " + fts}, []any{ftsPhrase(text)}, "hits"
			} else {
				args = append(args, ftsPhrase(text))
			}
			where = append(where, "+b.id IN "+fts)
		case utf8.RuneCountInString(text) >= 3:
			where = append(where, "b.id IN "+fts)
			args = append(args, ftsPhrase(text))
		default:
			// A scan, which SQLite had better do once.
			sq.collect = true
			where = append(where, `(b.name LIKE ? ESCAPE '\' OR b.description LIKE ? ESCAPE '\' OR b.tags LIKE ? ESCAPE '\' OR b.sub_category LIKE ? ESCAPE '\')`)
			args = append(args, pattern, pattern, pattern, pattern)
		}
	}
	if q.Category != "" {
		where = append(where, "b.category = ?")
		args = append(args, q.Category)
	}
	if loc := strings.TrimSpace(q.Location); loc != "" {
		sq.collect = true
		switch {
		case s.dialect == Postgres:
			where = append(where, `lower(b.city || ', ' || b.state) LIKE lower(?) ESCAPE '\'`)
		case escapeLike(loc) == loc:
			// FTS5 serves LIKE only without an ESCAPE clause, which a
			// location without %, _ or \ does not need.
			where = append(where, "b.id IN (SELECT rowid FROM businesses_location_fts WHERE location LIKE ?)")
		default:
			where = append(where, `(b.city || ', ' || b.state) LIKE ? ESCAPE '\'`)
		}
		args = append(args, "%"+escapeLike(loc)+"%")
	}
	if q.State != "" {
		where = append(where, "upper(b.state) = upper(?)")
		args = append(args, q.State)
		if q.City != "" {
			where = append(where, "lower(b.city) = lower(?)")
			args = append(args, q.City)
		}
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
	if sq.collect && q.Category == "" && s.dialect == SQLite {
		// The text or location index finds the matches (or, for a short
		// text, a scan does): "+" keeps SQLite from walking an index of
		// the published listings instead, almost all of them, as it may
		// when it has no statistics.
		where[0] = "+b.published = TRUE"
	}
	sq.cond, sq.args, sq.everything = strings.Join(where, " AND "), args, len(where) == 1

	nameOrder := "b.name COLLATE NOCASE"
	if s.dialect == Postgres {
		nameOrder = "lower(b.name)"
	}
	switch q.Sort {
	case SortRating:
		sq.order = "b.rating DESC, b.review_count DESC, " + nameOrder
	case SortReviews:
		sq.order = "b.review_count DESC, b.rating DESC, " + nameOrder
	case SortName:
		sq.order = nameOrder
	default:
		// Relevance: featured listings first, then the best text match (in
		// the name, then a tag or sub-category, then the description),
		// then the best rated.
		sq.order = "b.featured DESC"
		if text != "" {
			sq.order += ", CASE WHEN b.name " + like + ` ? ESCAPE '\' THEN 0 WHEN (b.tags || ' ' || b.sub_category) ` + like + ` ? ESCAPE '\' THEN 1 ELSE 2 END`
			sq.orderArgs = []any{pattern, pattern}
		}
		sq.order += ", b.rating DESC, b.review_count DESC, " + nameOrder
	}
	sq.order += ", b.id"
	return sq
}

// ftsPhrase is text as one FTS5 phrase: with the trigram tokenizer, any
// row with text as a substring (in any case) of one of its columns.
func ftsPhrase(text string) string {
	return `"` + strings.ReplaceAll(text, `"`, `""`) + `"`
}

// concat joins argument lists.
func concat(lists ...[]any) []any {
	var all []any
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
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

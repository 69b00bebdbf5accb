package store

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Owner analytics, the writing side: the counts the app buffers in memory
// (package analytics) arrive here in batches and are added to each
// listing's day. Adding is an upsert that sums, so any number of instances
// flushing at once add up. Unique visitors are counted by inserting each
// visitor's salted hash into the day's set: only a hash not yet there
// counts. The reading side is analytics_report.go.

// DayFormat is how a day of the analytics is written: a UTC date.
const DayFormat = "2006-01-02"

// MonthFormat is how a calendar month of the analytics is written: the
// page's ?range=, a summary's month, the months of the return on
// investment.
const MonthFormat = "2006-01"

// Day is the analytics day (UTC) of t.
func Day(t time.Time) string { return t.UTC().Format(DayFormat) }

// StatKey is one listing's day.
type StatKey struct {
	BusinessID int64
	Day        string // DayFormat
}

// StatCounts are the events of a listing's day, or what a batch adds to
// them.
type StatCounts struct {
	Views         int64 `db:"views"`
	Visitors      int64 `db:"visitors"` // unique visitors; a batch adds them through its hashes
	Impressions   int64 `db:"impressions"`
	WebsiteClicks int64 `db:"website_clicks"`
	PhoneClicks   int64 `db:"phone_clicks"`
	EmailClicks   int64 `db:"email_clicks"`
	ContactClicks int64 `db:"contact_clicks"`
}

// Add sums c and d.
func (c StatCounts) Add(d StatCounts) StatCounts {
	return StatCounts{
		Views: c.Views + d.Views, Visitors: c.Visitors + d.Visitors, Impressions: c.Impressions + d.Impressions,
		WebsiteClicks: c.WebsiteClicks + d.WebsiteClicks, PhoneClicks: c.PhoneClicks + d.PhoneClicks,
		EmailClicks: c.EmailClicks + d.EmailClicks, ContactClicks: c.ContactClicks + d.ContactClicks,
	}
}

// Clicks is every contact click of c: website, phone, email and 'Contact'.
func (c StatCounts) Clicks() int64 {
	return c.WebsiteClicks + c.PhoneClicks + c.EmailClicks + c.ContactClicks
}

// VisitorHash is a visitor of a listing's day, as the day's salted hash.
type VisitorHash struct {
	StatKey
	Hash []byte
}

// statBatchRows bounds the rows of one INSERT, well under either engine's
// limit of bound parameters.
const statBatchRows = 500

// AddListingStats adds a batch of counts to the listings' days, and counts
// as unique visitors the hashes of visitors not yet seen on their
// listing's day; all or nothing, in one transaction. Counts of a listing
// deleted since they were taken are dropped.
func (s *Store) AddListingStats(ctx context.Context, counts map[StatKey]StatCounts, visitors []VisitorHash) error {
	if len(counts) == 0 && len(visitors) == 0 {
		return nil
	}
	return s.InTx(ctx, func(tx *Store) error {
		live, err := tx.existingBusinesses(ctx, counts, visitors)
		if err != nil {
			return err
		}
		add := make(map[StatKey]StatCounts, len(counts))
		for k, c := range counts {
			if live[k.BusinessID] {
				add[k] = add[k].Add(c)
			}
		}
		seen, err := tx.insertVisitors(ctx, visitors, live)
		if err != nil {
			return err
		}
		for k, n := range seen {
			c := add[k]
			c.Visitors += n
			add[k] = c
		}
		return tx.upsertStats(ctx, add)
	})
}

// existingBusinesses are the listings among a batch's that still exist.
func (s *Store) existingBusinesses(ctx context.Context, counts map[StatKey]StatCounts, visitors []VisitorHash) (map[int64]bool, error) {
	ids := map[int64]bool{}
	for k := range counts {
		ids[k.BusinessID] = true
	}
	for _, v := range visitors {
		ids[v.BusinessID] = true
	}
	all := slices.Sorted(maps.Keys(ids))
	live := make(map[int64]bool, len(all))
	for chunk := range slices.Chunk(all, statBatchRows) {
		var found []int64
		if err := s.selectIn(ctx, &found, `SELECT id FROM businesses WHERE id IN (?)`, chunk); err != nil {
			return nil, fmt.Errorf("store: listings of analytics batch: %w", err)
		}
		for _, id := range found {
			live[id] = true
		}
	}
	return live, nil
}

// insertVisitors adds the hashes to their days' sets and counts, per
// listing's day, those that were not there yet.
func (s *Store) insertVisitors(ctx context.Context, visitors []VisitorHash, live map[int64]bool) (map[StatKey]int64, error) {
	byDay := map[string][]VisitorHash{}
	for _, v := range visitors {
		if live[v.BusinessID] {
			byDay[v.Day] = append(byDay[v.Day], v)
		}
	}
	seen := map[StatKey]int64{}
	for _, day := range slices.Sorted(maps.Keys(byDay)) {
		// One order for every writer, as upsertStats keeps: two flushes
		// adding the same visitors in opposite orders would each wait on
		// the other's unique-index entry, and PostgreSQL ends that as a
		// deadlock.
		slices.SortFunc(byDay[day], func(a, b VisitorHash) int {
			if c := cmp.Compare(a.BusinessID, b.BusinessID); c != 0 {
				return c
			}
			return bytes.Compare(a.Hash, b.Hash)
		})
		for chunk := range slices.Chunk(byDay[day], statBatchRows) {
			var q strings.Builder
			q.WriteString("INSERT INTO visitor_hashes (day, business_id, hash) VALUES ")
			args := make([]any, 0, 3*len(chunk))
			for i, v := range chunk {
				if i > 0 {
					q.WriteString(", ")
				}
				q.WriteString("(?, ?, ?)")
				args = append(args, day, v.BusinessID, v.Hash)
			}
			q.WriteString(" ON CONFLICT DO NOTHING RETURNING business_id")
			var fresh []int64
			if err := s.db.SelectContext(ctx, &fresh, s.db.Rebind(q.String()), args...); err != nil {
				return nil, fmt.Errorf("store: add visitors: %w", err)
			}
			for _, id := range fresh {
				seen[StatKey{BusinessID: id, Day: day}]++
			}
		}
	}
	return seen, nil
}

// upsertStats adds counts to the listings' days, creating the days not yet
// counted.
func (s *Store) upsertStats(ctx context.Context, counts map[StatKey]StatCounts) error {
	keys := slices.SortedFunc(maps.Keys(counts), func(a, b StatKey) int {
		// One order for every writer: two flushes never wait on each
		// other's rows in opposite orders.
		if c := strings.Compare(a.Day, b.Day); c != 0 {
			return c
		}
		return cmp.Compare(a.BusinessID, b.BusinessID)
	})
	for chunk := range slices.Chunk(keys, statBatchRows) {
		var q strings.Builder
		q.WriteString(`INSERT INTO listing_stats (business_id, day, views, visitors, impressions, website_clicks, phone_clicks, email_clicks, contact_clicks) VALUES `)
		args := make([]any, 0, 9*len(chunk))
		for i, k := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?)")
			c := counts[k]
			args = append(args, k.BusinessID, k.Day, c.Views, c.Visitors, c.Impressions, c.WebsiteClicks, c.PhoneClicks, c.EmailClicks, c.ContactClicks)
		}
		q.WriteString(` ON CONFLICT (business_id, day) DO UPDATE SET
			views = listing_stats.views + excluded.views,
			visitors = listing_stats.visitors + excluded.visitors,
			impressions = listing_stats.impressions + excluded.impressions,
			website_clicks = listing_stats.website_clicks + excluded.website_clicks,
			phone_clicks = listing_stats.phone_clicks + excluded.phone_clicks,
			email_clicks = listing_stats.email_clicks + excluded.email_clicks,
			contact_clicks = listing_stats.contact_clicks + excluded.contact_clicks`)
		if _, err := s.db.ExecContext(ctx, s.db.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("store: add listing stats: %w", err)
		}
	}
	return nil
}

// VisitorSalt is day's salt for hashing visitors, the same on every
// instance: made at the first ask, deleted by PruneVisitors once the day
// is over.
func (s *Store) VisitorSalt(ctx context.Context, day string) ([]byte, error) {
	salt := make([]byte, 32)
	_, _ = rand.Read(salt)
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO visitor_salts (day, salt) VALUES (?, ?) ON CONFLICT DO NOTHING`), day, salt); err != nil {
		return nil, fmt.Errorf("store: make visitor salt: %w", err)
	}
	var kept []byte
	if err := s.db.GetContext(ctx, &kept, s.db.Rebind(`SELECT salt FROM visitor_salts WHERE day = ?`), day); err != nil {
		return nil, fmt.Errorf("store: visitor salt: %w", err)
	}
	return kept, nil
}

// PruneVisitors discards the salts and visitor hashes of the days before
// day: once a day is over its unique visitors are counted, and nothing
// should be able to tell who they were.
func (s *Store) PruneVisitors(ctx context.Context, day string) error {
	return s.InTx(ctx, func(tx *Store) error {
		for _, table := range []string{"visitor_hashes", "visitor_salts"} {
			if _, err := tx.db.ExecContext(ctx, tx.db.Rebind(`DELETE FROM `+table+` WHERE day < ?`), day); err != nil {
				return fmt.Errorf("store: prune %s: %w", table, err)
			}
		}
		return nil
	})
}

// dayText is the SQL that reads a day column as DayFormat text.
func (s *Store) dayText(column string) string {
	if s.dialect == Postgres {
		return "to_char(" + column + ", 'YYYY-MM-DD')"
	}
	return column
}

// ListingDay is one listing's counted day.
type ListingDay struct {
	BusinessID int64  `db:"business_id"`
	Day        string `db:"day"` // DayFormat
	StatCounts
}

// ListingDays are the counted days from one day to another (DayFormat,
// both included) of the listings, by day then listing; a day nothing was
// counted on is not there.
func (s *Store) ListingDays(ctx context.Context, ids []int64, from, to string) ([]ListingDay, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	var days []ListingDay
	err := s.selectIn(ctx, &days, `SELECT business_id, `+s.dayText("day")+` AS day, views, visitors, impressions,
		website_clicks, phone_clicks, email_clicks, contact_clicks
		FROM listing_stats WHERE business_id IN (?) AND day >= ? AND day <= ?
		ORDER BY day, business_id`, ids, from, to)
	if err != nil {
		return nil, fmt.Errorf("store: listing days: %w", err)
	}
	return days, nil
}

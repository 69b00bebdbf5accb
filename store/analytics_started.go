package store

import (
	"context"
	"fmt"
	"time"
)

// AnalyticsStarted is the day counting for the owners' analytics began on
// this database: the day its migration (00019, listing_stats) was applied.
// Nothing before it was counted, which the analytics page says.
func (s *Store) AnalyticsStarted(ctx context.Context) (string, error) {
	// goose records each applied migration with its time (UTC on both
	// engines: SQLite's datetime('now'), PostgreSQL's now() of the
	// server's zone, close enough to name a day).
	day := "substr(MIN(tstamp), 1, 10)" // SQLite's 'YYYY-MM-DD HH:MM:SS'
	if s.dialect == Postgres {
		day = "to_char(MIN(tstamp), 'YYYY-MM-DD')"
	}
	err := s.db.GetContext(ctx, &day, `SELECT `+day+` FROM goose_db_version WHERE version_id = 19 AND is_applied`)
	if err != nil {
		return "", fmt.Errorf("store: analytics started: %w", err)
	}
	if _, err := time.Parse(DayFormat, day); err != nil {
		return "", fmt.Errorf("store: analytics started: %q: %w", day, err)
	}
	return day, nil
}

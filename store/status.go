package store

import (
	"context"
	"fmt"
	"time"
)

// The status page's recorded checks (status_checks): one check of each
// part a minute, kept as each day's counts for StatusDays days.

// StatusDays is how many days of checks are kept and shown.
const StatusDays = 90

// ComponentCheck is one part's check in one minute.
type ComponentCheck struct {
	Component string
	Failed    bool
}

// statusDay and statusMinute are how status_checks writes a day and a
// minute (UTC).
const (
	statusDay    = "2006-01-02"
	statusMinute = "2006-01-02T15:04"
)

// RecordStatusChecks counts the checks of minute in their day's row. Each
// part's minute counts once, however many instances record it: the row
// changes only when its last_minute is earlier than this one.
func (s *Store) RecordStatusChecks(ctx context.Context, minute time.Time, checks []ComponentCheck) error {
	minute = minute.UTC()
	day, at := minute.Format(statusDay), minute.Format(statusMinute)
	return s.InTx(ctx, func(tx *Store) error {
		for _, c := range checks {
			failed := 0
			if c.Failed {
				failed = 1
			}
			_, err := tx.db.ExecContext(ctx, tx.db.Rebind(`INSERT INTO status_checks (component, day, checks, failures, last_minute) VALUES (?, ?, 1, ?, ?)
				ON CONFLICT (component, day) DO UPDATE SET checks = status_checks.checks + 1, failures = status_checks.failures + excluded.failures, last_minute = excluded.last_minute
				WHERE status_checks.last_minute < excluded.last_minute`), c.Component, day, failed, at)
			if err != nil {
				return fmt.Errorf("store: record status check of %s: %w", c.Component, err)
			}
		}
		return nil
	})
}

// Uptime is a part's recorded checks since a day.
type Uptime struct {
	Checks, Failures int
	First            time.Time // the first day with checks (UTC midnight)
}

// Ratio is the share of checks that did not fail (0 to 1).
func (u Uptime) Ratio() float64 {
	if u.Checks == 0 {
		return 0
	}
	return 1 - float64(u.Failures)/float64(u.Checks)
}

// StatusDay is one part's checks of one day.
type StatusDay struct {
	Day              time.Time // UTC midnight
	Checks, Failures int
}

// StatusDayCounts gives each part's days with checks among the StatusDays days
// up to and including the day of now, oldest first, by component.
func (s *Store) StatusDayCounts(ctx context.Context, now time.Time) (map[string][]StatusDay, error) {
	var rows []struct {
		Component string `db:"component"`
		Day       string `db:"day"`
		Checks    int    `db:"checks"`
		Failures  int    `db:"failures"`
	}
	err := s.db.SelectContext(ctx, &rows, s.db.Rebind(`SELECT component, `+s.dayText("day")+` AS day, checks, failures
		FROM status_checks WHERE day >= ? ORDER BY component, day`), statusSince(now))
	if err != nil {
		return nil, fmt.Errorf("store: status days: %w", err)
	}
	out := map[string][]StatusDay{}
	for _, r := range rows {
		day, err := time.Parse(statusDay, r.Day)
		if err != nil {
			return nil, fmt.Errorf("store: status days: day %q: %w", r.Day, err)
		}
		out[r.Component] = append(out[r.Component], StatusDay{Day: day, Checks: r.Checks, Failures: r.Failures})
	}
	return out, nil
}

// UptimeOf sums a part's days (StatusDayCounts, oldest first) into its
// uptime over them.
func UptimeOf(days []StatusDay) Uptime {
	var u Uptime
	for _, d := range days {
		u.Checks += d.Checks
		u.Failures += d.Failures
	}
	if len(days) > 0 {
		u.First = days[0].Day
	}
	return u
}

// PruneStatusChecks deletes the days older than the StatusDays up to now.
func (s *Store) PruneStatusChecks(ctx context.Context, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM status_checks WHERE day < ?`), statusSince(now)); err != nil {
		return fmt.Errorf("store: prune status checks: %w", err)
	}
	return nil
}

// statusSince is the first day of the StatusDays up to now.
func statusSince(now time.Time) string {
	return now.UTC().AddDate(0, 0, -(StatusDays - 1)).Format(statusDay)
}

// QueueHealth is what the job queue looks like for the status page.
type QueueHealth struct {
	Late   int // due jobs waiting since before lateBefore
	Failed int // jobs kept as failed since failedSince
}

// JobQueueHealth counts the jobs due before lateBefore still waiting
// (queued, or running under a lease that lapsed), and the jobs that failed
// for good since failedSince.
func (s *Store) JobQueueHealth(ctx context.Context, lateBefore, failedSince time.Time) (QueueHealth, error) {
	var q QueueHealth
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT
			COALESCE(SUM(CASE WHEN (status = 'queued' AND run_at < ?) OR (status = 'running' AND locked_until < ?) THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN status = 'failed' AND finished_at >= ? THEN 1 ELSE 0 END), 0)
		FROM jobs WHERE status IN ('queued', 'running', 'failed')`), lateBefore.UTC(), lateBefore.UTC(), failedSince.UTC()).Scan(&q.Late, &q.Failed)
	if err != nil {
		return QueueHealth{}, fmt.Errorf("store: job queue health: %w", err)
	}
	return q, nil
}

// JobOutcomes counts jobs of one kind: done since a time, and failing
// (failed for good since then, or waiting to be tried again after a failed
// attempt).
type JobOutcomes struct {
	Done, Failing int
}

// JobOutcomesSince counts the outcomes of the jobs of kind since since.
func (s *Store) JobOutcomesSince(ctx context.Context, kind string, since time.Time) (JobOutcomes, error) {
	var o JobOutcomes
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT
			COALESCE(SUM(CASE WHEN status = 'done' AND finished_at >= ? THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN (status = 'failed' AND finished_at >= ?) OR (status IN ('queued', 'running') AND last_error IS NOT NULL) THEN 1 ELSE 0 END), 0)
		FROM jobs WHERE kind = ? AND status IN ('done', 'failed', 'queued', 'running')`), since.UTC(), since.UTC(), kind).Scan(&o.Done, &o.Failing)
	if err != nil {
		return JobOutcomes{}, fmt.Errorf("store: %s job outcomes: %w", kind, err)
	}
	return o, nil
}

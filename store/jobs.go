package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jmoiron/sqlx"
)

// Job states. A job is queued until a worker claims it (running), then
// done, or queued again with a later run_at after a failure, or failed
// once its attempts are spent; an administrator may retry a failed job or
// discard it.
const (
	JobQueued    = "queued"
	JobRunning   = "running"
	JobDone      = "done"
	JobFailed    = "failed"
	JobDiscarded = "discarded"
)

// DefaultMaxAttempts is how many times a job is tried before it is kept as
// failed.
const DefaultMaxAttempts = 8

// NewJob is background work to enqueue: a kind a worker handles, and its
// payload (JSON).
type NewJob struct {
	Kind    string
	Payload []byte
	// RunAt delays the first attempt; zero: as soon as a worker is free.
	RunAt time.Time
	// MaxAttempts; zero: DefaultMaxAttempts.
	MaxAttempts int
}

// Job is a stored job.
type Job struct {
	ID          int64          `db:"id"`
	Kind        string         `db:"kind"`
	Payload     string         `db:"payload"`
	Status      string         `db:"status"`
	Attempts    int            `db:"attempts"`
	MaxAttempts int            `db:"max_attempts"`
	RunAt       time.Time      `db:"run_at"`
	LockedBy    sql.NullString `db:"locked_by"`
	LockedUntil sql.NullTime   `db:"locked_until"`
	LastError   sql.NullString `db:"last_error"`
	CreatedAt   time.Time      `db:"created_at"`
	FinishedAt  sql.NullTime   `db:"finished_at"`
}

const jobColumns = `id, kind, payload, status, attempts, max_attempts, run_at, locked_by, locked_until, last_error, created_at, finished_at`

// Enqueue stores jobs for the workers. Called on a Store of InTx, the jobs
// commit with the records that caused them, or not at all.
func (s *Store) Enqueue(ctx context.Context, jobs ...NewJob) error {
	now := time.Now().UTC()
	for _, j := range jobs {
		runAt := j.RunAt.UTC()
		if j.RunAt.IsZero() {
			runAt = now
		}
		max := j.MaxAttempts
		if max <= 0 {
			max = DefaultMaxAttempts
		}
		_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO jobs (kind, payload, status, attempts, max_attempts, run_at, created_at)
			VALUES (?, ?, 'queued', 0, ?, ?, ?)`), j.Kind, string(j.Payload), max, runAt, now)
		if err != nil {
			return fmt.Errorf("store: enqueue %s: %w", j.Kind, err)
		}
	}
	switch {
	case s.enqueued != nil:
		*s.enqueued = true // told when the transaction commits
	case s.onEnqueue != nil:
		s.onEnqueue()
	}
	return nil
}

// OnEnqueue has fn called whenever jobs are committed through this store,
// so that a worker in this process starts them at once instead of at its
// next poll. Set it before the store is shared.
func (s *Store) OnEnqueue(fn func()) { s.onEnqueue = fn }

// dueJobs is the condition of a job a worker may claim at ? (twice): queued
// and due, or running under a lease that lapsed (its worker died).
const dueJobs = `((status = 'queued' AND run_at <= ?) OR (status = 'running' AND locked_until < ?))`

// ClaimJobs hands up to n due jobs to worker, leased until now+lease, and
// counts the attempt. Two workers never get the same job: PostgreSQL skips
// rows another claim has locked; SQLite runs one writer at a time.
func (s *Store) ClaimJobs(ctx context.Context, worker string, n int, lease time.Duration) ([]Job, error) {
	now := time.Now().UTC()
	// A read first: most polls find nothing, and need not take SQLite's
	// write lock to say so.
	var due int
	err := s.db.GetContext(ctx, &due, s.db.Rebind(`SELECT COUNT(*) FROM (SELECT 1 FROM jobs WHERE `+dueJobs+` LIMIT 1) d`), now, now)
	if err != nil {
		return nil, fmt.Errorf("store: due jobs: %w", err)
	}
	if due == 0 {
		return nil, nil
	}
	lock := ""
	if s.dialect == Postgres {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	var jobs []Job
	err = s.db.SelectContext(ctx, &jobs, s.db.Rebind(`UPDATE jobs
		SET status = 'running', attempts = attempts + 1, locked_by = ?, locked_until = ?
		WHERE id IN (SELECT id FROM jobs WHERE `+dueJobs+` ORDER BY run_at, id LIMIT ?`+lock+`)
		RETURNING `+jobColumns), worker, now.Add(lease), now, now, n)
	if err != nil {
		return nil, fmt.Errorf("store: claim jobs: %w", err)
	}
	return jobs, nil
}

// CompleteJob records that worker finished job id. A worker that lost its
// lease to another (it took too long) changes nothing.
func (s *Store) CompleteJob(ctx context.Context, id int64, worker string) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE jobs SET status = 'done', finished_at = ?, locked_by = NULL, locked_until = NULL, last_error = NULL
		WHERE id = ? AND status = 'running' AND locked_by = ?`), time.Now().UTC(), id, worker)
	if err != nil {
		return fmt.Errorf("store: complete job: %w", err)
	}
	return nil
}

// FailJob records a failed attempt of job id: it runs again at retryAt, or,
// when its attempts are spent, it is kept as failed with the error.
func (s *Store) FailJob(ctx context.Context, id int64, worker, message string, retryAt time.Time) error {
	now := time.Now().UTC()
	at := "?" // PostgreSQL cannot tell a parameter's type inside CASE
	if s.dialect == Postgres {
		at = "CAST(? AS TIMESTAMPTZ)"
	}
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE jobs SET
			status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'queued' END,
			finished_at = CASE WHEN attempts >= max_attempts THEN `+at+` ELSE NULL END,
			run_at = ?, last_error = ?, locked_by = NULL, locked_until = NULL
		WHERE id = ? AND status = 'running' AND locked_by = ?`), now, retryAt.UTC(), clipError(message), id, worker)
	if err != nil {
		return fmt.Errorf("store: fail job: %w", err)
	}
	return nil
}

// ReleaseJobs hands worker's running jobs back to the queue, uncounted, for
// another worker to take at once: a graceful shutdown calls it for what did
// not finish in time.
func (s *Store) ReleaseJobs(ctx context.Context, worker string, ids ...int64) error {
	if len(ids) == 0 {
		return nil
	}
	q, args, err := sqlx.In(`UPDATE jobs SET status = 'queued', attempts = attempts - 1, locked_by = NULL, locked_until = NULL, run_at = ?
		WHERE status = 'running' AND locked_by = ? AND id IN (?)`, time.Now().UTC(), worker, ids)
	if err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(q), args...); err != nil {
		return fmt.Errorf("store: release jobs: %w", err)
	}
	return nil
}

// PruneJobs deletes jobs done (or discarded) before t: the queue keeps a
// few days of history, not all of it.
func (s *Store) PruneJobs(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM jobs WHERE status IN ('done', 'discarded') AND finished_at < ?`), before.UTC())
	if err != nil {
		return 0, fmt.Errorf("store: prune jobs: %w", err)
	}
	return res.RowsAffected()
}

// JobByID returns one job.
func (s *Store) JobByID(ctx context.Context, id int64) (Job, error) {
	var j Job
	if err := s.db.GetContext(ctx, &j, s.db.Rebind(`SELECT `+jobColumns+` FROM jobs WHERE id = ?`), id); err != nil {
		return Job{}, notFound(err, "job")
	}
	return j, nil
}

// Jobs lists the jobs in status (all when empty), newest first, with their
// total.
func (s *Store) Jobs(ctx context.Context, status string, p Page) ([]Job, int, error) {
	where, args := "", []any{}
	if status != "" {
		where, args = " WHERE status = ?", append(args, status)
	}
	var total int
	if err := s.db.GetContext(ctx, &total, s.db.Rebind(`SELECT COUNT(*) FROM jobs`+where), args...); err != nil {
		return nil, 0, fmt.Errorf("store: count jobs: %w", err)
	}
	var jobs []Job
	err := s.db.SelectContext(ctx, &jobs, s.db.Rebind(`SELECT `+jobColumns+` FROM jobs`+where+` ORDER BY id DESC LIMIT ? OFFSET ?`), append(args, p.Limit, p.Offset)...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list jobs: %w", err)
	}
	return jobs, total, nil
}

// JobCounts counts the jobs in each status.
func (s *Store) JobCounts(ctx context.Context) (map[string]int, error) {
	var rows []struct {
		Status string `db:"status"`
		N      int    `db:"n"`
	}
	if err := s.db.SelectContext(ctx, &rows, `SELECT status, COUNT(*) AS n FROM jobs GROUP BY status`); err != nil {
		return nil, fmt.Errorf("store: count jobs: %w", err)
	}
	counts := map[string]int{}
	for _, r := range rows {
		counts[r.Status] = r.N
	}
	return counts, nil
}

// RetryJob puts a failed (or discarded) job back in the queue with its
// attempts renewed; ErrNotFound when there is no such job.
func (s *Store) RetryJob(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE jobs SET status = 'queued', attempts = 0, run_at = ?, finished_at = NULL
		WHERE id = ? AND status IN ('failed', 'discarded')`), time.Now().UTC(), id)
	if err := affectedOne(res, err, "retry job"); err != nil {
		return err
	}
	if s.onEnqueue != nil && s.tx == nil {
		s.onEnqueue()
	}
	return nil
}

// DiscardJob gives up on a failed or queued job; ErrNotFound when there is
// no such job.
func (s *Store) DiscardJob(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE jobs SET status = 'discarded', finished_at = ?
		WHERE id = ? AND status IN ('failed', 'queued')`), time.Now().UTC(), id)
	return affectedOne(res, err, "discard job")
}

// clipError keeps a stored error to a readable length.
func clipError(s string) string {
	const max = 2000
	s = strings.ToValidUTF8(s, "")
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

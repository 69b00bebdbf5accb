// Package jobs runs the app's background work (emails today; review
// alerts, webhooks and newsletters later) from a queue kept in the app's own
// database (store/jobs.go). A job is enqueued in the same transaction as
// the record that causes it (store.InTx + Store.Enqueue), so a restart, a
// deploy or a crash between the commit and the work loses nothing. Any
// number of app instances may run a Queue on one PostgreSQL: a job is
// claimed by one worker at a time, under a lease that lets another take it
// over if that worker dies. A failed attempt is retried with exponential
// back-off; after the last it is kept, with its error, for /admin/jobs.
package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math"
	mrand "math/rand/v2"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"bizprofile/store"
)

// Handler does the work of one job kind. An error is one failed attempt;
// ctx ends at the job's timeout or when a shutdown runs out of patience.
type Handler func(ctx context.Context, payload []byte) error

// Options tune a Queue; zero values take the defaults.
type Options struct {
	// Concurrency is how many jobs this instance runs at once (4).
	Concurrency int
	// Poll is how often the queue looks for due jobs (1 s).
	Poll time.Duration
	// Timeout bounds one attempt (1 min).
	Timeout time.Duration
	// Lease is how long a claimed job stays with this worker before
	// another may take it as abandoned (5 min, more than Timeout).
	Lease time.Duration
	// Grace is how long a shutdown waits for running jobs before it
	// hands them back to the queue (10 s).
	Grace time.Duration
	// Backoff is the wait before attempt n+1 after attempt n failed
	// (30 s doubling, at most 1 h, with jitter).
	Backoff func(attempt int) time.Duration
	// Retention is how long finished jobs are kept (7 days).
	Retention time.Duration
}

// Queue claims due jobs and runs their handlers.
type Queue struct {
	store    *store.Store
	log      *slog.Logger
	opt      Options
	worker   string
	handlers map[string]Handler
	timeouts map[string]time.Duration // of the kinds HandleWithin registered
	wake     chan struct{}
}

// New returns a queue working on st's jobs. Register handlers with Handle
// before Run.
func New(st *store.Store, log *slog.Logger, opt Options) *Queue {
	if opt.Concurrency <= 0 {
		opt.Concurrency = 4
	}
	if opt.Poll <= 0 {
		opt.Poll = time.Second
	}
	if opt.Timeout <= 0 {
		opt.Timeout = time.Minute
	}
	if opt.Lease <= opt.Timeout {
		opt.Lease = 5 * opt.Timeout
	}
	if opt.Grace <= 0 {
		opt.Grace = 10 * time.Second
	}
	if opt.Backoff == nil {
		opt.Backoff = DefaultBackoff
	}
	if opt.Retention <= 0 {
		opt.Retention = 7 * 24 * time.Hour
	}
	return &Queue{
		store:    st,
		log:      log,
		opt:      opt,
		worker:   workerName(),
		handlers: map[string]Handler{},
		wake:     make(chan struct{}, 1),
	}
}

// DefaultBackoff waits 30 s after the first failure, doubling each time up
// to an hour, give or take a tenth so that retries spread out.
func DefaultBackoff(attempt int) time.Duration {
	d := 30 * time.Second * time.Duration(math.Pow(2, float64(max(attempt-1, 0))))
	if d > time.Hour || d <= 0 {
		d = time.Hour
	}
	jitter := time.Duration(mrand.Int64N(int64(d)/5+1)) - d/10
	return d + jitter
}

// workerName tells this process's claims apart from other instances'.
func workerName() string {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b))
}

// Handle registers the handler of a job kind.
func (q *Queue) Handle(kind string, h Handler) { q.handlers[kind] = h }

// HandleWithin registers the handler of a job kind whose attempts may take
// up to timeout instead of Options.Timeout (a backup of a big database),
// though never as long as the lease: another worker would take the job
// as abandoned while it still ran.
func (q *Queue) HandleWithin(kind string, h Handler, timeout time.Duration) {
	q.handlers[kind] = h
	if q.timeouts == nil {
		q.timeouts = map[string]time.Duration{}
	}
	q.timeouts[kind] = min(timeout, q.opt.Lease*4/5)
}

// Wake asks the queue to look for due jobs now rather than at its next
// poll.
func (q *Queue) Wake() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// Run works until ctx ends, then stops claiming, lets running jobs finish
// for up to Grace and hands back to the queue those that did not.
func (q *Queue) Run(ctx context.Context) {
	jobCtx, stopJobs := context.WithCancel(context.WithoutCancel(ctx))
	defer stopJobs()
	var (
		mu      sync.Mutex
		running = map[int64]bool{}
		wg      sync.WaitGroup
		done    = make(chan struct{}, q.opt.Concurrency)
	)
	poll := time.NewTicker(q.opt.Poll)
	defer poll.Stop()
	prune := time.NewTicker(time.Hour)
	defer prune.Stop()
	failing := false
	for ctx.Err() == nil {
		mu.Lock()
		free := q.opt.Concurrency - len(running)
		mu.Unlock()
		if free > 0 {
			claimed, err := q.store.ClaimJobs(ctx, q.worker, free, q.opt.Lease)
			switch {
			case err != nil && ctx.Err() == nil:
				if !failing {
					q.log.Warn("job queue: cannot reach the database; will keep trying", slog.Any("error", err))
				}
				failing = true
			case err == nil && failing:
				q.log.Info("job queue: database reachable again")
				failing = false
			}
			for _, j := range claimed {
				mu.Lock()
				running[j.ID] = true
				mu.Unlock()
				wg.Add(1)
				go func() {
					defer wg.Done()
					q.work(jobCtx, j)
					mu.Lock()
					delete(running, j.ID)
					mu.Unlock()
					select { // a slot is free: claim again
					case done <- struct{}{}:
					default:
					}
				}()
			}
			if len(claimed) == free {
				continue // more may be due: claim again when a slot frees
			}
		}
		select {
		case <-ctx.Done():
		case <-poll.C:
		case <-q.wake:
		case <-done:
		case <-prune.C:
			q.prune(ctx)
		}
	}
	q.drain(&wg, &mu, running, stopJobs)
}

// drain waits up to Grace for running jobs, then stops them and hands back
// to the queue any whose outcome was not recorded.
func (q *Queue) drain(wg *sync.WaitGroup, mu *sync.Mutex, running map[int64]bool, stopJobs context.CancelFunc) {
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	select {
	case <-finished:
		return
	case <-time.After(q.opt.Grace):
	}
	stopJobs()
	select {
	case <-finished:
	case <-time.After(5 * time.Second):
	}
	mu.Lock()
	ids := make([]int64, 0, len(running))
	for id := range running {
		ids = append(ids, id)
	}
	mu.Unlock()
	if len(ids) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := q.store.ReleaseJobs(ctx, q.worker, ids...); err != nil {
		q.log.Error("job queue: jobs not handed back; another worker takes them when their lease ends", slog.Any("error", err), "jobs", ids)
		return
	}
	q.log.Info("job queue: unfinished jobs handed back", "jobs", ids)
}

// work runs one job and records how it went.
func (q *Queue) work(jobCtx context.Context, j store.Job) {
	timeout := q.opt.Timeout
	if t, ok := q.timeouts[j.Kind]; ok {
		timeout = t
	}
	ctx, cancel := context.WithTimeout(jobCtx, timeout)
	defer cancel()
	start := time.Now()
	err := q.call(ctx, j)
	// The outcome is recorded even when the job was stopped by a
	// shutdown: the record must not be lost with the process.
	rec, cancelRec := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancelRec()
	if err == nil {
		if err := q.store.CompleteJob(rec, j.ID, q.worker); err != nil {
			q.log.Error("job queue: job done but not recorded (it may run again)", slog.Any("error", err), "job_id", j.ID, "kind", j.Kind)
			return
		}
		q.log.Info("job done", "job_id", j.ID, "kind", j.Kind, "attempt", j.Attempts, "duration", time.Since(start).Round(time.Millisecond))
		return
	}
	if jobCtx.Err() != nil {
		// Stopped by the shutdown, not failed: hand it back uncounted.
		if err := q.store.ReleaseJobs(rec, q.worker, j.ID); err != nil {
			q.log.Error("job queue: job not handed back; another worker takes it when its lease ends", slog.Any("error", err), "job_id", j.ID)
		}
		return
	}
	retry := q.opt.Backoff(j.Attempts)
	if err := q.store.FailJob(rec, j.ID, q.worker, err.Error(), time.Now().Add(retry)); err != nil {
		q.log.Error("job queue: failure not recorded", slog.Any("error", err), "job_id", j.ID)
	}
	if j.Attempts >= j.MaxAttempts {
		q.log.Error("job failed for good: retry it from /admin/jobs", slog.Any("error", err), "job_id", j.ID, "kind", j.Kind, "attempts", j.Attempts)
		return
	}
	q.log.Warn("job failed; will retry", slog.Any("error", err), "job_id", j.ID, "kind", j.Kind, "attempt", j.Attempts, "of", j.MaxAttempts, "retry_in", retry.Round(time.Second))
}

// call runs the handler of j's kind, turning a panic into an error.
func (q *Queue) call(ctx context.Context, j store.Job) (err error) {
	h, ok := q.handlers[j.Kind]
	if !ok {
		return fmt.Errorf("no handler for jobs of kind %q", j.Kind)
	}
	defer func() {
		if p := recover(); p != nil {
			q.log.Error("job panicked", "job_id", j.ID, "kind", j.Kind, "panic", p, "stack", string(debug.Stack()))
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return h(ctx, []byte(j.Payload))
}

func (q *Queue) prune(ctx context.Context) {
	n, err := q.store.PruneJobs(ctx, time.Now().Add(-q.opt.Retention))
	if err != nil && !errors.Is(err, context.Canceled) {
		q.log.Warn("job queue: old jobs not pruned", slog.Any("error", err))
		return
	}
	if n > 0 {
		q.log.Info("job queue: old jobs pruned", "count", n)
	}
}

package jobs_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bizprofile/jobs"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// fast are options for tests: frequent polls, no waiting between attempts.
func fast(o jobs.Options) jobs.Options {
	o.Poll = 10 * time.Millisecond
	if o.Backoff == nil {
		o.Backoff = func(int) time.Duration { return 0 }
	}
	return o
}

// start runs q until the test ends (or stop is called) and waits for it.
func start(t *testing.T, q *jobs.Queue) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.Run(ctx); close(done) }()
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return stop
}

// counter is a handler that records how often each payload ran.
type counter struct {
	mu   sync.Mutex
	runs map[string]int
}

func newCounter() *counter { return &counter{runs: map[string]int{}} }

func (c *counter) handle(_ context.Context, p []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.runs[string(p)]++
	return nil
}

func (c *counter) get(p string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.runs[p]
}

func (c *counter) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.runs {
		n += v
	}
	return n
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func jobStatus(t *testing.T, s *store.Store, id int64) store.Job {
	t.Helper()
	j, err := s.JobByID(context.Background(), id)
	if err != nil {
		t.Fatalf("job %d: %v", id, err)
	}
	return j
}

func onlyJob(t *testing.T, s *store.Store) store.Job {
	t.Helper()
	js, total, err := s.Jobs(context.Background(), "", store.Page{Limit: 10})
	if err != nil || total != 1 {
		t.Fatalf("jobs: %d, %v; want exactly one", total, err)
	}
	return js[0]
}

func TestEnqueueCommitsWithTheTransaction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		boom := errors.New("the record could not be stored")
		err := s.InTx(ctx, func(tx *store.Store) error {
			if err := tx.Enqueue(ctx, store.NewJob{Kind: "test", Payload: []byte("rolled back")}); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("InTx = %v, want the callback's error", err)
		}
		if _, total, _ := s.Jobs(ctx, "", store.Page{Limit: 10}); total != 0 {
			t.Fatalf("a rolled-back transaction left %d jobs", total)
		}
		err = s.InTx(ctx, func(tx *store.Store) error {
			return tx.Enqueue(ctx, store.NewJob{Kind: "test", Payload: []byte("committed")})
		})
		if err != nil {
			t.Fatal(err)
		}
		if j := onlyJob(t, s); j.Payload != "committed" || j.Status != store.JobQueued {
			t.Fatalf("job = %+v, want the committed one, queued", j)
		}
	})
}

func TestQueueRunsEachJobOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		c := newCounter()
		q := jobs.New(s, quiet, fast(jobs.Options{}))
		q.Handle("test", c.handle)
		start(t, q)
		for i := range 20 {
			if err := s.Enqueue(ctx, store.NewJob{Kind: "test", Payload: fmt.Appendf(nil, "job %d", i)}); err != nil {
				t.Fatal(err)
			}
		}
		q.Wake()
		eventually(t, "20 jobs done", func() bool {
			done, _, _ := s.Jobs(ctx, store.JobDone, store.Page{Limit: 50})
			return len(done) == 20
		})
		time.Sleep(50 * time.Millisecond)
		for i := range 20 {
			if n := c.get(fmt.Sprintf("job %d", i)); n != 1 {
				t.Errorf("job %d ran %d times, want once", i, n)
			}
		}
	})
}

func TestFailedJobIsRetriedThenKeptWithItsError(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		var attempts atomic.Int32
		var healthy atomic.Bool
		q := jobs.New(s, quiet, fast(jobs.Options{}))
		q.Handle("flaky", func(context.Context, []byte) error {
			attempts.Add(1)
			if healthy.Load() {
				return nil
			}
			return errors.New("smtp: 421 service not available")
		})
		if err := s.Enqueue(ctx, store.NewJob{Kind: "flaky", Payload: []byte("{}"), MaxAttempts: 3}); err != nil {
			t.Fatal(err)
		}
		id := onlyJob(t, s).ID
		start(t, q)
		eventually(t, "the job to fail for good", func() bool { return jobStatus(t, s, id).Status == store.JobFailed })
		j := jobStatus(t, s, id)
		if j.Attempts != 3 || attempts.Load() != 3 {
			t.Fatalf("attempts recorded %d, made %d; want 3", j.Attempts, attempts.Load())
		}
		if j.LastError.String != "smtp: 421 service not available" {
			t.Fatalf("last error = %q", j.LastError.String)
		}
		time.Sleep(50 * time.Millisecond)
		if attempts.Load() != 3 {
			t.Fatalf("a failed job was tried again by itself (%d attempts)", attempts.Load())
		}

		healthy.Store(true)
		if err := s.RetryJob(ctx, id); err != nil {
			t.Fatal(err)
		}
		q.Wake()
		eventually(t, "the retried job to be done", func() bool { return jobStatus(t, s, id).Status == store.JobDone })
		if err := s.RetryJob(ctx, id); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("retrying a done job = %v, want ErrNotFound", err)
		}
	})
}

func TestBackoffWaitsBetweenAttempts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		q := jobs.New(s, quiet, fast(jobs.Options{Backoff: func(int) time.Duration { return time.Hour }}))
		q.Handle("flaky", func(context.Context, []byte) error { return errors.New("down") })
		if err := s.Enqueue(ctx, store.NewJob{Kind: "flaky", Payload: []byte("{}")}); err != nil {
			t.Fatal(err)
		}
		id := onlyJob(t, s).ID
		start(t, q)
		eventually(t, "a failed attempt", func() bool { return jobStatus(t, s, id).LastError.Valid })
		j := jobStatus(t, s, id)
		if j.Status != store.JobQueued || j.Attempts != 1 {
			t.Fatalf("after one failure: status %s, attempts %d; want queued after 1", j.Status, j.Attempts)
		}
		if wait := time.Until(j.RunAt); wait < 59*time.Minute {
			t.Fatalf("next attempt in %v, want the back-off of an hour", wait)
		}
	})
}

// A worker that dies after claiming a job (the process killed mid-send)
// leaves it running under a lease; once the lease lapses another worker
// takes it, and it runs once.
func TestJobOfADeadWorkerIsTakenOverAfterItsLease(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, store.NewJob{Kind: "test", Payload: []byte("orphan")}); err != nil {
			t.Fatal(err)
		}
		claimed, err := s.ClaimJobs(ctx, "dead-worker", 10, 300*time.Millisecond)
		if err != nil || len(claimed) != 1 {
			t.Fatalf("claim: %v, %d jobs", err, len(claimed))
		}
		if again, _ := s.ClaimJobs(ctx, "other", 10, time.Minute); len(again) != 0 {
			t.Fatal("a leased job was claimed twice")
		}
		c := newCounter()
		q := jobs.New(s, quiet, fast(jobs.Options{}))
		q.Handle("test", c.handle)
		start(t, q)
		eventually(t, "the orphan to run", func() bool { return c.get("orphan") == 1 })
		eventually(t, "the orphan to be done", func() bool { return jobStatus(t, s, claimed[0].ID).Status == store.JobDone })
		// The dead worker's late report changes nothing.
		if err := s.FailJob(ctx, claimed[0].ID, "dead-worker", "late", time.Now()); err != nil {
			t.Fatal(err)
		}
		if j := jobStatus(t, s, claimed[0].ID); j.Status != store.JobDone {
			t.Fatalf("a stale worker's report changed the job to %s", j.Status)
		}
	})
}

// A shutdown lets running jobs finish within the grace period and hands
// back those that do not, uncounted, for the next worker.
func TestShutdownHandsBackUnfinishedJobs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		started := make(chan struct{})
		q := jobs.New(s, quiet, fast(jobs.Options{Grace: 100 * time.Millisecond}))
		q.Handle("slow", func(ctx context.Context, _ []byte) error {
			close(started)
			<-ctx.Done() // the send never completes before the shutdown
			return ctx.Err()
		})
		if err := s.Enqueue(ctx, store.NewJob{Kind: "slow", Payload: []byte("{}")}); err != nil {
			t.Fatal(err)
		}
		id := onlyJob(t, s).ID
		stop := start(t, q)
		<-started
		stop()
		j := jobStatus(t, s, id)
		if j.Status != store.JobQueued || j.Attempts != 0 || j.LockedBy.Valid {
			t.Fatalf("after shutdown: status %s, attempts %d, locked by %q; want queued, 0, nobody", j.Status, j.Attempts, j.LockedBy.String)
		}
		c := newCounter()
		next := jobs.New(s, quiet, fast(jobs.Options{}))
		next.Handle("slow", c.handle)
		start(t, next)
		eventually(t, "the next instance to run it", func() bool { return jobStatus(t, s, id).Status == store.JobDone })
		if c.total() != 1 {
			t.Fatalf("ran %d times after the restart, want once", c.total())
		}
	})
}

func TestUnknownKindFailsWithAMessage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		if err := s.Enqueue(ctx, store.NewJob{Kind: "mystery", Payload: []byte("{}"), MaxAttempts: 1}); err != nil {
			t.Fatal(err)
		}
		id := onlyJob(t, s).ID
		start(t, jobs.New(s, quiet, fast(jobs.Options{})))
		eventually(t, "the job to fail", func() bool { return jobStatus(t, s, id).Status == store.JobFailed })
		if got := jobStatus(t, s, id).LastError.String; got != `no handler for jobs of kind "mystery"` {
			t.Fatalf("last error = %q", got)
		}
	})
}

// Two app instances on one PostgreSQL: every job runs exactly once.
func TestTwoInstancesOnOnePostgresRunEachJobOnce(t *testing.T) {
	url := storetest.PostgresDatabase(t)
	open := func() *store.Store {
		s, err := store.Open(context.Background(), url, "", quiet)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	a, b := open(), open()
	ctx := context.Background()
	const n = 300
	for i := range n {
		if err := a.Enqueue(ctx, store.NewJob{Kind: "test", Payload: fmt.Appendf(nil, "job %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	c := newCounter()
	for _, s := range []*store.Store{a, b, a, b} {
		q := jobs.New(s, quiet, fast(jobs.Options{Concurrency: 8}))
		q.Handle("test", c.handle)
		start(t, q)
	}
	eventually(t, "every job done", func() bool {
		counts, _ := a.JobCounts(ctx)
		return counts[store.JobDone] == n
	})
	for i := range n {
		if got := c.get(fmt.Sprintf("job %d", i)); got != 1 {
			t.Errorf("job %d ran %d times, want once", i, got)
		}
	}
}

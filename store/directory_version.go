package store

import (
	"context"
	"sync"
	"time"
)

// versionReads shares reads of the directory's version among the
// searches that need one at the same moment: at most one read is under
// way, and the searches that arrive meanwhile wait for the next, which
// starts when it ends. Each search still sees a version read after it
// arrived (a change committed before it is searchable), but under load
// the database answers one read per round trip rather than one per
// search, and a search waits at most two of them.
type versionReads struct {
	mu      sync.Mutex
	running bool
	next    *versionRead // the read the searches that arrive now will get
}

type versionRead struct {
	done    chan struct{}
	v       int64
	err     error
	waiters int // the searches that joined it (for tests)
}

// read is the directory's version as read by fn after the call began.
func (r *versionReads) read(ctx context.Context, fn func(context.Context) (int64, error)) (int64, error) {
	r.mu.Lock()
	c := r.next
	if c == nil {
		c = &versionRead{done: make(chan struct{})}
		r.next = c
	}
	c.waiters++
	if !r.running {
		r.running, r.next = true, nil
		go r.run(c, fn)
	}
	r.mu.Unlock()
	select {
	case <-c.done:
		return c.v, c.err
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// run reads for c, then for the searches that came meanwhile, until none
// is waiting. The reads are the waiters', not one request's: a search
// that goes away does not cancel the others' read.
func (r *versionReads) run(c *versionRead, fn func(context.Context) (int64, error)) {
	for c != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c.v, c.err = fn(ctx)
		cancel()
		close(c.done)
		r.mu.Lock()
		c, r.next = r.next, nil
		r.running = c != nil
		r.mu.Unlock()
	}
}

// waiting is how many searches wait for a read not yet begun (for
// tests).
func (r *versionReads) waiting() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.next == nil {
		return 0
	}
	return r.next.waiters
}

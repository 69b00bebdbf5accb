package images

import (
	"context"
	"errors"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
)

// ErrBusy: the uploads being checked and resized already hold all of
// Work's memory, and none finished within its wait. Not the file's fault:
// the person is asked to try again.
var ErrBusy = errors.New("images: too many uploads being processed")

// Work bounds the memory of the uploads being decoded and resized at once
// (security finding 3: four 16-bit PNGs at once took the process to 2.7
// GB). Each holds its Cost's bytes while it runs, and at least 1/atOnce
// of them, so that no more than atOnce run at once; one that cannot start
// within wait gives up with ErrBusy rather than queue without end.
type Work struct {
	sem         *semaphore.Weighted
	size, least int64
	wait        time.Duration
}

// NewWork bounds uploads to bytes of memory together, atOnce at a time,
// each waiting at most wait for its turn.
func NewWork(bytes int64, atOnce int, wait time.Duration) *Work {
	return &Work{sem: semaphore.NewWeighted(bytes), size: bytes, least: bytes / int64(atOnce), wait: wait}
}

// Start waits for c's memory, at most the Work's wait and no longer than
// ctx, and returns the function that gives it back when the upload is
// done. ErrBusy when the wait ran out, ctx's error when ctx ended.
func (w *Work) Start(ctx context.Context, c Cost) (done func(), err error) {
	n := min(max(c.Bytes(), w.least), w.size)
	wctx, cancel := context.WithTimeout(ctx, w.wait)
	defer cancel()
	if err := w.sem.Acquire(wctx, n); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, ErrBusy
	}
	return sync.OnceFunc(func() { w.sem.Release(n) }), nil
}

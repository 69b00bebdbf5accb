package domain

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"
)

// How long a count of the published listings is shown before it is read
// again, and how long after a failed read the next one is tried.
const (
	listedCountTTL      = 5 * time.Minute
	listedCountRetry    = 30 * time.Second
	listedCountDeadline = 3 * time.Second
)

// listedCount keeps how many listings the directory shows, for the copy
// that quotes it ("5 businesses", "1,200+ businesses"). Pages read it on
// every request, so a read is one atomic load: the database is asked once
// every listedCountTTL, in the background once a figure is known, and a
// failing database only means no figure is shown.
type listedCount struct {
	load func(context.Context) (int, error)
	log  *slog.Logger

	cur  atomic.Pointer[listedSnapshot]
	busy atomic.Bool // a read of the database is under way
	now  func() time.Time
}

type listedSnapshot struct {
	n     int // 0 when unknown
	until time.Time
}

func newListedCount(load func(context.Context) (int, error), log *slog.Logger) *listedCount {
	return &listedCount{load: load, log: log, now: time.Now}
}

// get is the count of published listings; 0 when it is not known (never
// read, or the database failed), which the pages show as no figure.
func (c *listedCount) get(ctx context.Context) int {
	s := c.cur.Load()
	if s != nil && c.now().Before(s.until) {
		return s.n
	}
	if !c.busy.CompareAndSwap(false, true) {
		// Another request is reading it: the figure known so far.
		if s != nil {
			return s.n
		}
		return 0
	}
	if s == nil {
		// The first page since start-up waits for the figure.
		defer c.busy.Store(false)
		return c.refresh(context.WithoutCancel(ctx))
	}
	go func() {
		defer c.busy.Store(false)
		c.refresh(context.Background())
	}()
	return s.n
}

// refresh reads the count and keeps it; a failure keeps no figure until
// the retry.
func (c *listedCount) refresh(ctx context.Context) int {
	ctx, cancel := context.WithTimeout(ctx, listedCountDeadline)
	defer cancel()
	n, err := c.load(ctx)
	if err != nil {
		c.log.Warn("published listings count", slog.Any("error", err))
		c.cur.Store(&listedSnapshot{until: c.now().Add(listedCountRetry)})
		return 0
	}
	c.cur.Store(&listedSnapshot{n: n, until: c.now().Add(listedCountTTL)})
	return n
}

// Listed is how many listings the directory shows, for the copy that
// quotes it; 0 when it is not known (never read, or the database failed),
// which the pages show as no figure.
func (l *Listings) Listed(ctx context.Context) int {
	if l.listed == nil {
		return 0
	}
	return l.listed.get(ctx)
}

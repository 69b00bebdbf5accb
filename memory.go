package main

import (
	"context"
	"log/slog"
	"os"
	"runtime/debug"
	"time"

	"bizprofile/store"
)

// requestsHeadroom is the least memory the app keeps for everything but
// the directory's search index: requests under way, the pages they
// render and compress, the caches of matches and pages, sessions, the job
// queue. A bigger index keeps half its size again (its caches of matches
// grow with it, and the collector needs room to run seldom).
const requestsHeadroom = 64 << 20

// memoryLimit is the limit for an index of n bytes.
func memoryLimit(n int64) int64 { return n + max(requestsHeadroom, n/2) }

// keepMemoryLimit gives the Go runtime a soft memory limit of the search
// index's size plus its headroom (memoryLimit), and follows the index as
// it grows, every minute until ctx ends. Without it the garbage collector lets the
// heap grow to twice what is live and returns freed memory to the system
// slowly, so a process holding a 50 MB index sat at 400 MB under load;
// with it the collector runs earlier and hands memory back as the limit
// nears. An operator's GOMEMLIMIT takes precedence: the runtime read it
// at start, and the app does not touch it.
func keepMemoryLimit(ctx context.Context, db *store.Store, log *slog.Logger) {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	set := func() int64 {
		limit := memoryLimit(db.DirectoryStats().Bytes)
		debug.SetMemoryLimit(limit)
		return limit
	}
	log.Info("memory limit set from the search index's size", "limit_mb", set()>>20)
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			set()
		}
	}
}

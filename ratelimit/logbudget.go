package ratelimit

import (
	"sync"
	"time"
)

// LogBudget bounds how many lines a kind of event may write to the log in
// a window, so that requests anyone can send (unsigned webhook posts) can
// not fill the log. The first line after a window that dropped some says
// how many.
type LogBudget struct {
	mu      sync.Mutex
	window  time.Duration
	lines   int
	now     func() time.Time
	started map[string]time.Time
	written map[string]int
	dropped map[string]int
}

func NewLogBudget(lines int, window time.Duration) *LogBudget {
	return &LogBudget{window: window, lines: lines, now: time.Now,
		started: map[string]time.Time{}, written: map[string]int{}, dropped: map[string]int{}}
}

// Allow reports whether a line of kind may be written now and, when it
// may, how many lines of kind were dropped since the last one written.
func (b *LogBudget) Allow(kind string) (ok bool, dropped int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	if now.Sub(b.started[kind]) >= b.window {
		b.started[kind], b.written[kind] = now, 0
	}
	if b.written[kind] >= b.lines {
		b.dropped[kind]++
		return false, 0
	}
	b.written[kind]++
	dropped, b.dropped[kind] = b.dropped[kind], 0
	return true, dropped
}

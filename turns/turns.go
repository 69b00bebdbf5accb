// Package turns gives work its turn: at most n pieces of work run at
// once, and the others wait in the order they came.
//
// A server that lets every request it has accepted run at once shares
// its processors among all of them: with 64 searches under way on 2
// cores, a search that needs 15 ms of processor time takes about 15 × 32
// ms, and each time one waits for the database it goes back behind the
// others. Letting a few run at a time while the rest queue makes the
// wait about the same for everyone, and a request's time its wait plus
// its own work — the tail of the latencies follows the work the requests
// need, not how many came at once.
package turns

import (
	"bytes"
	"container/list"
	"context"
	"net/http"
	"sync"
)

// Queue hands out turns, at most n at once, first come first served.
type Queue struct {
	mu      sync.Mutex
	n, busy int
	waiting list.List // of chan struct{}, closed when the turn is given
}

// New is a queue of n turns at once.
func New(n int) *Queue { return &Queue{n: max(n, 1)} }

// Take waits for a turn, in the order callers came, and returns the
// function that gives it back; or, if ctx ends first, leaves the queue
// and returns ctx's error.
func (q *Queue) Take(ctx context.Context) (release func(), err error) {
	q.mu.Lock()
	if q.busy < q.n && q.waiting.Len() == 0 {
		q.busy++
		q.mu.Unlock()
		return q.release, nil
	}
	turn := make(chan struct{})
	place := q.waiting.PushBack(turn)
	q.mu.Unlock()
	select {
	case <-turn:
		return q.release, nil
	case <-ctx.Done():
		q.mu.Lock()
		select {
		case <-turn:
			// Given the turn as ctx ended: pass it on.
			q.mu.Unlock()
			q.release()
		default:
			q.waiting.Remove(place)
			q.mu.Unlock()
		}
		return nil, ctx.Err()
	}
}

// release gives a turn back: to the first in line, if anyone waits.
func (q *Queue) release() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if first := q.waiting.Front(); first != nil {
		q.waiting.Remove(first)
		close(first.Value.(chan struct{}))
		return
	}
	q.busy--
}

// Waiting is how many wait for a turn.
func (q *Queue) Waiting() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.waiting.Len()
}

// Handler runs next in its turn. The answer is kept in memory until the
// turn is given back, then sent: a turn covers the work (the search, the
// rendering, the compression of a middleware inside it), not the network,
// so a client that reads slowly, or not at all, holds no turn while the
// others wait (the handlers under it cannot stream). A request that goes away while it waits is answered
// nothing (the client is gone). A nil queue runs every request at once.
func (q *Queue) Handler(next http.Handler) http.Handler {
	if q == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		release, err := q.Take(r.Context())
		if err != nil {
			return
		}
		a := answers.Get().(*answer)
		a.header = w.Header()
		func() {
			defer release()
			next.ServeHTTP(a, r)
		}()
		a.send(w)
		if a.body.Cap() <= 1<<20 {
			// Sent: its bytes are the server's now. A body an unusually
			// big answer grew is left to the collector.
			*a = answer{body: a.body}
			a.body.Reset()
			answers.Put(a)
		}
	})
}

// answers are kept for the next requests: an answer's body grown afresh
// for each (a directory page, 8 KB gzipped) was a tenth of what a search
// allocated.
var answers = sync.Pool{New: func() any { return new(answer) }}

// answer is a response kept in memory while its request has its turn.
// Its headers are the real response's (nothing is sent before
// WriteHeader).
type answer struct {
	header http.Header
	status int // 0 until written
	body   bytes.Buffer
}

func (a *answer) Header() http.Header { return a.header }

func (a *answer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

func (a *answer) Write(p []byte) (int, error) {
	a.WriteHeader(http.StatusOK)
	return a.body.Write(p)
}

// send writes the answer to w; one never written is left to the server
// (an empty 200).
func (a *answer) send(w http.ResponseWriter) {
	if a.status == 0 {
		return
	}
	w.WriteHeader(a.status)
	_, _ = w.Write(a.body.Bytes())
}

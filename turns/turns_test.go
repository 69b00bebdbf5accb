package turns

import (
	"context"
	"errors"
	"testing"
)

// Turns go to at most n at once, then to the waiting in the order they
// came; one that gives up waiting leaves its place to the next.
func TestTurnsAreFirstComeFirstServed(t *testing.T) {
	q := New(2)
	ctx := context.Background()
	var releases []func()
	for range 2 {
		r, err := q.Take(ctx)
		if err != nil {
			t.Fatal(err)
		}
		releases = append(releases, r)
	}
	got := make(chan int, 10)
	gone, leave := context.WithCancel(ctx)
	wait := func(i int, ctx context.Context) {
		start := q.Waiting()
		go func() {
			r, err := q.Take(ctx)
			if err != nil {
				got <- -i
				return
			}
			got <- i
			<-ctx.Done() // holds its turn until the test ends
			r()
		}()
		for q.Waiting() == start {
			// until it is in line
		}
	}
	end, stop := context.WithCancel(ctx)
	defer stop()
	wait(1, end)
	wait(2, gone)
	wait(3, end)
	if q.Waiting() != 3 {
		t.Fatalf("%d waiting, with both turns taken", q.Waiting())
	}
	leave()
	if i := <-got; i != -2 {
		t.Fatalf("%d answered first: the one that gave up should", i)
	}
	if q.Waiting() != 2 {
		t.Fatalf("%d waiting after one gave up", q.Waiting())
	}
	releases[0]()
	if i := <-got; i != 1 {
		t.Errorf("turn given to %d, not the first in line", i)
	}
	releases[1]()
	if i := <-got; i != 3 {
		t.Errorf("turn given to %d, not the next in line", i)
	}
	if q.Waiting() != 0 {
		t.Errorf("%d still waiting", q.Waiting())
	}
	// Nobody waits: a turn is taken at once while one is free.
	full, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := q.Take(full); !errors.Is(err, context.Canceled) {
		t.Errorf("both turns held, a cancelled caller got one: %v", err)
	}
}

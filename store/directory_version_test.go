package store

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
)

// A search never takes a version read that began before it arrived (it
// could miss a change committed just before), yet searches that arrive
// together share one read, and one that gives up leaves the others'.
func TestVersionReadsAreSharedNeverStale(t *testing.T) {
	var r versionReads
	var reads atomic.Int64
	started := make(chan int64, 10)
	release := make(chan struct{}, 10)
	fn := func(context.Context) (int64, error) {
		n := reads.Add(1)
		started <- n
		<-release
		return n, nil
	}
	ctx := context.Background()
	type answer struct {
		v   int64
		err error
	}
	ask := func(ctx context.Context) chan answer {
		c := make(chan answer, 1)
		go func() {
			v, err := r.read(ctx, fn)
			c <- answer{v, err}
		}()
		return c
	}
	first := ask(ctx)
	if n := <-started; n != 1 {
		t.Fatalf("read %d", n)
	}
	// Three searches arrive while read 1 is under way, one of which gives
	// up: they wait for read 2, which starts when read 1 ends.
	later := []chan answer{ask(ctx), ask(ctx)}
	gone, leave := context.WithCancel(ctx)
	left := ask(gone)
	for r.waiting() < 3 {
		runtime.Gosched() // until the three have joined the next read
	}
	leave()
	if a := <-left; !errors.Is(a.err, context.Canceled) {
		t.Errorf("a search that gave up: %+v", a)
	}
	release <- struct{}{}
	if a := <-first; a.v != 1 || a.err != nil {
		t.Errorf("first search: %+v", a)
	}
	if n := <-started; n != 2 {
		t.Fatalf("read %d", n)
	}
	release <- struct{}{}
	for i, c := range later {
		if a := <-c; a.v != 2 || a.err != nil {
			t.Errorf("search %d, arrived during read 1: %+v (a read that began before it)", i, a)
		}
	}
	if n := reads.Load(); n != 2 {
		t.Errorf("%d reads for four searches", n)
	}
}

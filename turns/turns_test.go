package turns

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
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
			runtime.Gosched() // until it is in line
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

// A turn ends when the work does, not when the client has read the
// answer: a client that reads slowly holds no turn while the answer is
// sent, and the answer it gets is the handler's, whole.
func TestAnswerIsSentAfterTheTurn(t *testing.T) {
	q := New(1)
	h := q.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusTeapot)
		_, _ = io.WriteString(w, "short ")
		_, _ = io.WriteString(w, "and stout")
	}))
	slow := &slowClient{got: httptest.NewRecorder(), reading: make(chan struct{}), read: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		h.ServeHTTP(slow, httptest.NewRequest(http.MethodGet, "/", nil))
		close(done)
	}()
	<-slow.reading
	gone, cancel := context.WithCancel(context.Background())
	cancel() // takes a turn only if one is free at once
	release, err := q.Take(gone)
	if err != nil {
		t.Fatal("the only turn is held while the answer waits for its client")
	}
	release()
	close(slow.read)
	<-done
	if got := slow.got; got.Code != http.StatusTeapot || got.Header().Get("Content-Type") != "text/plain" || got.Body.String() != "short and stout" {
		t.Errorf("answer %d %q %q, want the handler's", got.Code, got.Header().Get("Content-Type"), got.Body.String())
	}
}

// slowClient is a response whose body waits for read to be closed
// before it is taken (as a client that does not read fills the
// connection's buffers); reading is closed when the body starts.
type slowClient struct {
	got           *httptest.ResponseRecorder
	reading, read chan struct{}
	started       bool
}

func (c *slowClient) Header() http.Header { return c.got.Header() }

func (c *slowClient) WriteHeader(status int) { c.got.WriteHeader(status) }

func (c *slowClient) Write(p []byte) (int, error) {
	if !c.started {
		c.started = true
		close(c.reading)
		<-c.read
	}
	return c.got.Write(p)
}

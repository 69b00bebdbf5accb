package clientgone

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Only a request cancelled as net/http cancels it when the connection
// closes is a client that went away: the server's shutdown (a signal's
// cause) and a deadline of its own are not.
func TestOnlyAClosedConnectionIsAClientGone(t *testing.T) {
	closed, cancel := context.WithCancel(context.Background())
	cancel()
	// The server's shutdown, as main.go's context sees it: a real signal.
	shutdown, stop := signal.NotifyContext(context.Background(), syscall.SIGUSR1)
	defer stop()
	if err := syscall.Kill(os.Getpid(), syscall.SIGUSR1); err != nil {
		t.Fatal(err)
	}
	<-shutdown.Done()
	late, done := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer done()
	for _, c := range []struct {
		name string
		ctx  context.Context
		gone bool
	}{
		{"live", context.Background(), false},
		{"connection closed", closed, true},
		{"server shutting down", shutdown, false},
		{"server's deadline", late, false},
	} {
		var logs bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logs, nil))
		r := httptest.NewRequestWithContext(c.ctx, "GET", "/directory.json?q=bakery", nil)
		w := httptest.NewRecorder()
		w.Header().Set("X-Request-Id", "req-1")
		if got := Handled(log, w, r, errors.New("store: directory version: failed")); got != c.gone {
			t.Errorf("%s: Handled = %v, want %v", c.name, got, c.gone)
		}
		Error(log, r, "lead not stored")
		want := "level=ERROR"
		if c.gone {
			want = `level=INFO msg="lead not stored" client_gone=true`
			if !strings.Contains(logs.String(), `level=INFO msg="client went away" method=GET route=/directory.json path=/directory.json request_id=req-1`) {
				t.Errorf("%s: the line lacks what says which request it was:\n%s", c.name, logs.String())
			}
		}
		if !strings.Contains(logs.String(), want) {
			t.Errorf("%s: logs lack %s:\n%s", c.name, want, logs.String())
		}
	}
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"bizprofile/domain"
	"bizprofile/store"
)

// TestShutdownLetsInFlightRequestsFinish: a request that is running when
// the shutdown signal arrives still gets its whole answer, and new
// connections are refused.
func TestShutdownLetsInFlightRequestsFinish(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()

	started := make(chan struct{})
	srv := &http.Server{Addr: addr, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		time.Sleep(500 * time.Millisecond)
		fmt.Fprint(w, "finished")
	})}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, srv, slog.New(slog.NewTextHandler(io.Discard, nil)), shutdownGrace) }()
	waitForListener(t, addr)

	var body string
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		res, err := http.Get("http://" + addr + "/")
		if err != nil {
			t.Errorf("in-flight request failed: %v", err)
			return
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		body = string(b)
	}()
	<-started
	cancel() // SIGINT/SIGTERM
	wg.Wait()
	if body != "finished" {
		t.Fatalf("in-flight request got %q, want its full answer", body)
	}
	if err := <-done; err != nil {
		t.Fatalf("serve returned %v after a clean shutdown", err)
	}
	if _, err := http.Get("http://" + addr + "/"); err == nil {
		t.Fatal("server still accepts connections after shutdown")
	}
}

// TestShutdownCutsOffWhatOutlastsTheGrace: a request still running when
// the grace ends is cut off, logged, and the stop goes on as a clean one.
func TestShutdownCutsOffWhatOutlastsTheGrace(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	started, release := make(chan struct{}), make(chan struct{})
	defer close(release)
	srv := &http.Server{Addr: addr, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-release
	})}
	var logs syncWriter
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(ctx, srv, slog.New(slog.NewTextHandler(&logs, nil)), 100*time.Millisecond) }()
	waitForListener(t, addr)
	go func() {
		if res, err := http.Get("http://" + addr + "/"); err == nil {
			res.Body.Close()
		}
	}()
	<-started
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v: a request past the grace made the stop a failure", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("serve did not return after its grace")
	}
	if !strings.Contains(logs.String(), `level=WARN msg="requests still running after the grace were cut off"`) {
		t.Errorf("the cut-off requests are not logged:\n%s", logs.String())
	}
}

func waitForListener(t *testing.T, addr string) {
	t.Helper()
	for range 100 {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("nothing listening on %s", addr)
}

func TestRunStartsServesAndStops(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	vars := map[string]string{"PORT": fmt.Sprint(port), "DATA_DIR": t.TempDir(), "LOG_FORMAT": "json"}
	var out syncWriter
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, func(k string) string { return vars[k] }, &out) }()
	waitForListener(t, fmt.Sprintf("127.0.0.1:%d", port))

	res, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/readyz", port))
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("/readyz: %v %v", res, err)
	}
	res.Body.Close()
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}
	logs := out.String()
	for _, want := range []string{`"msg":"database ready"`, `"msg":"request"`, `"route":"/readyz"`, `"msg":"stopped"`} {
		if !strings.Contains(logs, want) {
			t.Errorf("logs lack %s:\n%s", want, logs)
		}
	}
}

func TestRunRefusesBadConfiguration(t *testing.T) {
	err := run(context.Background(), func(k string) string {
		if k == "PORT" {
			return "eighty"
		}
		return ""
	}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "PORT") {
		t.Fatalf("run with a bad PORT = %v, want an error naming PORT", err)
	}
}

type syncWriter struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

func TestAdminGrantCommand(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	getenv := env(map[string]string{"DATA_DIR": dir})
	db, err := store.Open(ctx, "", filepath.Join(dir, "bizprofile.db"), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	u, _, err := db.CreateAccount(ctx, store.NewAccount{Email: "ops@example.com", PasswordHash: "x", Kind: store.KindBusiness})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := admin(ctx, []string{"grant", "OPS@example.com"}, getenv, &out); err != nil {
		t.Fatalf("grant: %v", err)
	}
	if got, _ := db.UserByID(ctx, u.ID); !got.IsAdmin {
		t.Error("grant did not make the account an administrator")
	}
	if !strings.Contains(out.String(), "is now an administrator") {
		t.Errorf("grant said %q", out.String())
	}
	if err := admin(ctx, []string{"revoke", "ops@example.com"}, getenv, &out); err != nil {
		t.Fatalf("revoke: %v", err)
	}
	if got, _ := db.UserByID(ctx, u.ID); got.IsAdmin {
		t.Error("revoke left the account an administrator")
	}
	if err := admin(ctx, []string{"grant", "nobody@example.com"}, getenv, &out); err == nil || !strings.Contains(err.Error(), "no account uses nobody@example.com") {
		t.Errorf("grant to an unknown address: %v", err)
	}
	if err := admin(ctx, []string{"promote"}, getenv, &out); err == nil || !strings.Contains(err.Error(), "usage") {
		t.Errorf("bad arguments: %v", err)
	}
}

// The app hashes passwords at OWASP's argon2id cost; only test binaries
// lower it (domain.LightPasswordWork), and this one does not.
func TestPasswordsAreHashedAtOWASPCost(t *testing.T) {
	h, err := domain.HashPassword("correct horse battery staple")
	if err != nil {
		t.Fatal(err)
	}
	if parts := strings.Split(h, "$"); len(parts) != 6 || parts[1] != "argon2id" || parts[3] != "m=19456,t=2,p=1" {
		t.Errorf("hash %q: want argon2id at m=19456,t=2,p=1", h)
	}
	if !domain.PasswordMatches(h, "correct horse battery staple") || domain.PasswordMatches(h, "wrong") {
		t.Error("the hash does not check the password it was made from")
	}
}

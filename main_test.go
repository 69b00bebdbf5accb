package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
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
	go func() { done <- serve(ctx, srv, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
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

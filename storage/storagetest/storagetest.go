// Package storagetest starts a real S3-compatible server for tests: versitygw's
// POSIX gateway (install with `go tool task versitygw`, or
// `go install github.com/versity/versitygw/cmd/versitygw@v1.8.0`), each bucket
// a folder of a temporary directory.
package storagetest

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"bizprofile/storage"

	"github.com/minio/minio-go/v7"
)

// RequireEnv, when "1", makes a missing versitygw fail the test instead of
// skipping it (the Taskfile's test:go sets it, after installing versitygw).
const RequireEnv = "BIZPROFILE_REQUIRE_S3"

// Server is a running versitygw gateway.
type Server struct {
	Endpoint  string // 127.0.0.1:port
	AccessKey string
	SecretKey string
	Dir       string // the POSIX root: one folder per bucket
}

// Binary finds versitygw in PATH or in $(go env GOPATH)/bin.
func Binary() (string, error) {
	if p, err := exec.LookPath("versitygw"); err == nil {
		return p, nil
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
			gopath = strings.TrimSpace(string(out))
		}
	}
	for p := range strings.SplitSeq(gopath, string(os.PathListSeparator)) {
		if p == "" {
			continue
		}
		bin := filepath.Join(p, "bin", "versitygw")
		if st, err := os.Stat(bin); err == nil && !st.IsDir() {
			return bin, nil
		}
	}
	return "", fmt.Errorf("versitygw not found in PATH or $(go env GOPATH)/bin")
}

// Start runs versitygw on a free local port for the test's lifetime. When
// the binary is missing it skips the test, or fails it when
// BIZPROFILE_REQUIRE_S3=1.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := Binary()
	if err != nil {
		msg := fmt.Sprintf("%v: run `go tool task versitygw` (or go install github.com/versity/versitygw/cmd/versitygw@v1.8.0) to run the S3 storage tests", err)
		if os.Getenv(RequireEnv) == "1" {
			t.Fatalf("%s (%s=1)", msg, RequireEnv)
		}
		t.Skip(msg)
	}
	s := &Server{AccessKey: "storagetest-access", SecretKey: "storagetest-secret-key", Dir: t.TempDir()}
	// Another process may take the port between Close and versitygw's
	// listen: try a few.
	var lastErr error
	for range 3 {
		port, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		s.Endpoint = fmt.Sprintf("127.0.0.1:%d", port)
		if lastErr = s.run(t, bin); lastErr == nil {
			return s
		}
	}
	t.Fatalf("versitygw did not start: %v", lastErr)
	return nil
}

func (s *Server) run(t testing.TB, bin string) error {
	cmd := exec.Command(bin, "--quiet", "--access", s.AccessKey, "--secret", s.SecretKey,
		"--port", s.Endpoint, "posix", s.Dir)
	var out lockedBuffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if err := cmd.Start(); err != nil {
		return err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stop := func() {
		cmd.Process.Kill()
		<-exited
	}
	deadline := time.Now().Add(15 * time.Second)
	for {
		select {
		case err := <-exited:
			return fmt.Errorf("exited (%v): %s", err, out.String())
		default:
		}
		// Any HTTP answer (an S3 error for the unsigned request) means the
		// gateway is serving.
		resp, err := http.Get("http://" + s.Endpoint + "/")
		if err == nil {
			resp.Body.Close()
			t.Cleanup(stop)
			return nil
		}
		if time.Now().After(deadline) {
			stop()
			return fmt.Errorf("no answer on %s after 15s: %s", s.Endpoint, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Config is an S3Config for bucket on this server (plain http, path style).
func (s *Server) Config(bucket string) storage.S3Config {
	return storage.S3Config{
		Bucket: bucket, Endpoint: s.Endpoint, Region: "us-east-1",
		AccessKey: s.AccessKey, SecretKey: s.SecretKey,
	}
}

// URL is the STORAGE_URL for bucket on this server; Env gives the
// credentials variables Open reads.
func (s *Server) URL(bucket string) string {
	return "s3://" + bucket + "?endpoint=" + s.Endpoint + "&region=us-east-1&secure=false"
}

// Env returns AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY for this server,
// as a getenv function for storage.Open.
func (s *Server) Env(name string) string {
	switch name {
	case "AWS_ACCESS_KEY_ID":
		return s.AccessKey
	case "AWS_SECRET_ACCESS_KEY":
		return s.SecretKey
	}
	return ""
}

// NewBucket creates bucket (through the S3 API) and returns a store on it.
func (s *Server) NewBucket(t testing.TB, bucket string) *storage.S3 {
	t.Helper()
	st, err := storage.NewS3(s.Config(bucket))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := st.Client().MakeBucket(ctx, bucket, minio.MakeBucketOptions{Region: "us-east-1"}); err != nil {
		t.Fatalf("make bucket %s: %v", bucket, err)
	}
	return st
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.b.Len() > 64<<10 {
		return len(p), nil
	}
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

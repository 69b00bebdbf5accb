package handlers

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// stripeMockVersion is the stripe-mock the tests are written against; the
// Taskfile's test task installs it.
const stripeMockVersion = "v0.203.0"

// stripeMock is the stripe-mock server this test binary shares: started
// on first use, on free ports of 127.0.0.1, stopped by TestMain.
var stripeMock struct {
	once sync.Once
	url  string
	err  error
	cmd  *exec.Cmd
	out  lockedWriter
}

// stripeMockURL is the address of stripe-mock, started if need be. Without
// the binary the test is skipped, except in CI (BIZPROFILE_REQUIRE_POSTGRES=1),
// where a missing stripe-mock fails the run.
func stripeMockURL(t testing.TB) string {
	t.Helper()
	stripeMock.once.Do(startStripeMock)
	if stripeMock.err != nil {
		msg := fmt.Sprintf("stripe-mock not available: %v (install it with: go install github.com/stripe/stripe-mock@%s)", stripeMock.err, stripeMockVersion)
		if os.Getenv("BIZPROFILE_REQUIRE_POSTGRES") == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return stripeMock.url
}

// stripeMockBinary finds stripe-mock: $STRIPE_MOCK, $PATH, then the Go bin
// folder `go install` puts it in.
func stripeMockBinary() (string, error) {
	if p := os.Getenv("STRIPE_MOCK"); p != "" {
		return p, nil
	}
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p, nil
	}
	out, err := exec.Command("go", "env", "GOBIN", "GOPATH").Output()
	if err == nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		for i, dir := range lines {
			if dir == "" {
				continue
			}
			if i == 1 {
				dir = filepath.Join(strings.Split(dir, string(filepath.ListSeparator))[0], "bin")
			}
			p := filepath.Join(dir, "stripe-mock")
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("stripe-mock is not on PATH nor in the Go bin folder")
}

func startStripeMock() {
	bin, err := stripeMockBinary()
	if err != nil {
		stripeMock.err = err
		return
	}
	httpPort, err := freeTCPPort()
	if err != nil {
		stripeMock.err = err
		return
	}
	httpsPort, err := freeTCPPort()
	if err != nil {
		stripeMock.err = err
		return
	}
	addr := fmt.Sprintf("127.0.0.1:%d", httpPort)
	cmd := exec.Command(bin, "-http-addr", addr, "-https-addr", fmt.Sprintf("127.0.0.1:%d", httpsPort))
	cmd.Stdout, cmd.Stderr = &stripeMock.out, &stripeMock.out
	// Killed with the test binary even if that dies without TestMain's
	// cleanup (a test timeout): the parent-death signal is tied to the
	// thread that starts the process, so that thread stays locked and alive.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	started := make(chan error)
	go func() {
		runtime.LockOSThread()
		started <- cmd.Start()
		select {}
	}()
	if err := <-started; err != nil {
		stripeMock.err = err
		return
	}
	stripeMock.cmd = cmd
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			stripeMock.url = "http://" + addr
			return
		}
		if time.Now().After(deadline) {
			stopStripeMock()
			stripeMock.err = fmt.Errorf("stripe-mock did not listen on %s: %s", addr, stripeMock.out.String())
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stopStripeMock ends the stripe-mock this binary started, if any.
func stopStripeMock() {
	if stripeMock.cmd != nil && stripeMock.cmd.Process != nil {
		_ = stripeMock.cmd.Process.Kill()
		_ = stripeMock.cmd.Wait()
		stripeMock.cmd = nil
	}
}

func freeTCPPort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// lockedWriter keeps stripe-mock's output for an error message.
type lockedWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.buf.Len() > 64<<10 {
		l.buf.Reset() // only the start-up lines matter
	}
	return l.buf.Write(p)
}

func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

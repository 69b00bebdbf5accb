package main

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptrace"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	smtpmock "github.com/mocktools/go-smtp-mock/v2"

	"bizprofile/internal/loadmix"
	"bizprofile/internal/synthetic"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// A rolling restart loses nothing (issue 39): two instances of the app,
// each a process of its own, serve one PostgreSQL database and work its
// job queue while 16 visitors browse both (home, directory searches,
// listing pages) and 200 emails are enqueued; the first instance is
// stopped as a deploy stops it (SIGTERM) in the middle of it all, at a
// slow moment (the listings' table locked for half a second, so that
// requests are waiting on the database when the signal arrives) and just
// after it took an email to send (its SMTP server takes a second to
// accept each message).
//
// The visitors stand behind a load balancer's rule: a request the stopped
// instance refuses to connect (its listener closed) goes to the other one
// and is no failure; anything else is. The test checks that
//   - every request was answered 200 with a whole page: none broke off,
//     none came back empty or 5xx;
//   - the stopped instance finished the requests it had started: its log
//     shows requests answered after "shutting down", and every request it
//     logged reached the client from it, with the status it logged (Go's
//     client, like a proxy, quietly resends a GET whose kept-alive
//     connection closed without an answer, so a dropped request shows as
//     one the other instance answered);
//   - it exited 0 within its grace, having finished the emails it was
//     sending after the signal;
//   - every email was delivered exactly once (a job stopped halfway and
//     done again by the other instance would send it twice), and no job
//     is left queued, running or failed.
func TestRollingRestartLosesNoRequestAndNoJob(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL and two app processes")
	}
	began := time.Now()
	ctx := context.Background()
	pg := storetest.StartServer(t)
	st, err := store.Open(ctx, pg.URL, "", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	const listings = 2000
	if err := synthetic.Add(ctx, st, listings, 39); err != nil {
		t.Fatal(err)
	}
	slugs, err := st.PublishedSlugs(ctx, 0, 100)
	if err != nil || len(slugs) == 0 {
		t.Fatalf("published slugs: %v (%d)", err, len(slugs))
	}
	bin := buildRestartBinary(t)
	// Instance 1's mail server takes a second to accept each message, so
	// that it is in the middle of sending some when it is stopped.
	slowMail, fastMail := restartSMTP(t, 1), restartSMTP(t, 0)
	one := startRestartInstance(t, "instance 1", bin, pg.URL, slowMail)
	two := startRestartInstance(t, "instance 2", bin, pg.URL, fastMail)
	one.ready(t)
	two.ready(t)
	t.Logf("set up in %s (PostgreSQL, %d listings, the binary, two instances)", time.Since(began).Round(time.Millisecond), listings)

	// Visitors: 16 connections, each kept to one instance as a load
	// balancer keeps a client, until that instance refuses connections.
	lb := &restartBalancer{instances: []*restartInstance{one, two}, client: &http.Client{
		Transport: &http.Transport{MaxIdleConnsPerHost: 16},
		Timeout:   30 * time.Second,
	}}
	defer lb.client.CloseIdleConnections()
	mix := loadmix.New(39, listings)
	var seq atomic.Int64
	next := func() string {
		switch n := seq.Add(1); n % 3 {
		case 0:
			return "/"
		case 1:
			return "/directory/" + slugs[int(n)%len(slugs)].Slug
		default:
			return mix.Next().Path
		}
	}
	stopLoad := make(chan struct{})
	var visitors sync.WaitGroup
	for i := range 16 {
		visitors.Go(func() { lb.visit(i, i%2, next, stopLoad) })
	}

	// Emails, enqueued while the visitors browse: 200 addresses, 10 every
	// 200 ms, through the queue both instances work.
	const emails = 200
	enqueued := make(chan error, 1)
	go func() {
		for i := range emails {
			m := bizmail.Message{To: fmt.Sprintf("restart-%03d@example.com", i), Subject: "Rolling restart", Text: "One of 200."}
			if err := st.Enqueue(ctx, jobs.Email(m)); err != nil {
				enqueued <- err
				return
			}
			if i%10 == 9 {
				time.Sleep(200 * time.Millisecond)
			}
		}
		enqueued <- nil
	}()

	// The stop: once the visitors have browsed a while, and just after
	// instance 1 took an email to send (it has a second's work left).
	time.Sleep(1500 * time.Millisecond)
	if !one.claims(t, st, 10*time.Second) {
		t.Fatal("instance 1 claimed no email job within 10 s: the stop would test nothing")
	}
	// A slow moment, as deploys meet: the listings' table locked for half
	// a second, so that requests are waiting on the database, in flight
	// on both instances, when the signal arrives.
	db, err := sql.Open("postgres", pg.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lock, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lock.Exec(`LOCK TABLE businesses IN ACCESS EXCLUSIVE MODE`); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	stopped := time.Now()
	if err := one.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if err := lock.Rollback(); err != nil {
		t.Fatal(err)
	}
	// Its grace: 10 s for the requests and, at the same time, 10 s for the
	// jobs (then 5 s to stop them and hand them back).
	select {
	case <-one.exited:
	case <-time.After(30 * time.Second):
		t.Fatalf("instance 1 did not stop within 30 s of SIGTERM: see %s", one.logPath)
	}
	stopTook := time.Since(stopped)
	if code := one.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("instance 1 exited %d; want 0 (see %s)", code, one.logPath)
	}
	if stopTook > 20*time.Second {
		t.Errorf("instance 1 took %s to stop; want it within its grace (requests and jobs drain together, 10 s each)", stopTook.Round(time.Millisecond))
	}
	time.Sleep(time.Second) // the visitors carry on, on instance 2 alone
	close(stopLoad)
	visitors.Wait()
	if err := <-enqueued; err != nil {
		t.Fatal(err)
	}

	// Every email job done, by one instance or the other.
	var counts map[string]int
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		counts = restartJobCounts(t, st)
		if counts["email/"+store.JobDone] == emails || time.Now().After(deadline) {
			break
		}
	}
	lb.mu.Lock()
	answered, failures := lb.answered, lb.failures
	lb.mu.Unlock()
	t.Logf("instance 1 stopped %s after SIGTERM; %d requests answered (%d resent after instance 1 refused the connection); %d failed; jobs %v; whole test %s",
		stopTook.Round(time.Millisecond), len(answered), lb.refused.Load(), len(failures), counts, time.Since(began).Round(time.Millisecond))

	for i, f := range failures {
		if i == 5 {
			t.Errorf("… and %d more failed requests", len(failures)-i)
			break
		}
		t.Errorf("request failed: %s", f)
	}
	if counts["email/"+store.JobDone] != emails {
		t.Errorf("%d email jobs done; want all %d", counts["email/"+store.JobDone], emails)
	}
	for _, s := range []string{store.JobQueued, store.JobRunning, store.JobFailed} {
		if counts["email/"+s] > 0 {
			t.Errorf("%d email jobs left %s; want none", counts["email/"+s], s)
		}
	}
	if counts["any/"+store.JobRunning]+counts["any/"+store.JobFailed] > 0 {
		t.Errorf("jobs left running or failed: %v", counts)
	}

	// Each address received its email once, from one instance or the
	// other: a job stopped halfway and done again would send it twice.
	got := map[string]int{}
	for _, srv := range []*smtpmock.Server{slowMail, fastMail} {
		for _, to := range restartRecipients(srv) {
			got[to]++
		}
	}
	for i := range emails {
		to := fmt.Sprintf("restart-%03d@example.com", i)
		if got[to] != 1 {
			t.Errorf("%s received %d emails; want 1", to, got[to])
		}
	}
	if len(restartRecipients(slowMail)) == 0 {
		t.Error("instance 1 sent no email: it never worked the queue")
	}

	// Instance 1's own account: the requests it answered after the
	// signal (those in flight at the stop), and that every request it
	// handled reached the client from it, with the status it logged.
	log := readRestartLog(t, one.logPath)
	if log.shutdown.IsZero() {
		t.Fatalf("instance 1 never logged \"shutting down\": see %s", one.logPath)
	}
	draining := 0
	for _, r := range log.requests {
		if r.Time.After(log.shutdown) {
			draining++
		}
		a, ok := answered[r.RequestID]
		switch {
		case !ok:
			t.Errorf("instance 1 answered request %s (%s, %d) but the client never received it", r.RequestID, r.Route, r.Status)
		case a.failed:
		case a.by != one:
			t.Errorf("instance 1 handled request %s (%s) but the client's answer came from instance 2: it was dropped and sent again", r.RequestID, r.Route)
		case a.status != r.Status:
			t.Errorf("instance 1 logged request %s (%s) as %d but the client received %d", r.RequestID, r.Route, r.Status, a.status)
		}
	}
	t.Logf("instance 1 answered %d requests, %d of them after the signal; finished %d jobs after it", len(log.requests), draining, log.jobsDoneAfterShutdown)
	if draining == 0 {
		t.Error("instance 1 answered no request after the signal: the stop did not land on requests in flight, so it tested nothing")
	}
	if log.jobsDoneAfterShutdown == 0 {
		t.Error("instance 1 finished no job after the signal: the stop did not land on jobs in flight, so it tested nothing")
	}
	for _, inst := range []*restartInstance{one, two} {
		if lines := readRestartLog(t, inst.logPath).errors; len(lines) > 0 {
			t.Errorf("%s logged %d errors, the first: %s", inst.name, len(lines), lines[0])
		}
	}
}

// buildRestartBinary builds the app into the test's temporary folder.
func buildRestartBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bizprofile")
	start := time.Now()
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Logf("built the app in %s", time.Since(start).Round(time.Millisecond))
	return bin
}

// restartSMTP starts an SMTP server that takes delay seconds to accept
// each message.
func restartSMTP(t *testing.T, delay int) *smtpmock.Server {
	t.Helper()
	srv := smtpmock.New(smtpmock.ConfigurationAttr{HostAddress: "127.0.0.1", MultipleMessageReceiving: true, ResponseDelayMessage: delay})
	if err := srv.Start(); err != nil {
		t.Fatalf("start SMTP server: %v", err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	return srv
}

var rcptTo = regexp.MustCompile(`<([^>]+)>`)

// restartRecipients lists the recipient of every whole message srv
// received.
func restartRecipients(srv *smtpmock.Server) []string {
	var to []string
	for _, m := range srv.Messages() {
		if !m.Msg() {
			continue // the session ended before its message was whole
		}
		for _, rr := range m.RcpttoRequestResponse() {
			if sub := rcptTo.FindStringSubmatch(rr[0]); sub != nil {
				to = append(to, sub[1])
			}
		}
	}
	return to
}

// restartJobCounts counts the jobs by status, as "email/STATUS" for the
// email jobs and "any/STATUS" for all.
func restartJobCounts(t *testing.T, st *store.Store) map[string]int {
	t.Helper()
	counts := map[string]int{}
	for p := 0; ; p++ {
		page, total, err := st.Jobs(context.Background(), "", store.Page{Limit: 500, Offset: p * 500})
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range page {
			counts["any/"+j.Status]++
			if j.Kind == jobs.KindEmail {
				counts["email/"+j.Status]++
			}
		}
		if (p+1)*500 >= total {
			return counts
		}
	}
}

// restartInstance is the app running in a process of its own.
type restartInstance struct {
	name    string
	cmd     *exec.Cmd
	addr    string // host:port
	logPath string
	exited  chan struct{}
}

// startRestartInstance starts the app on the database at url, with a
// data folder of its own, sending its emails to mail.
func startRestartInstance(t *testing.T, name, bin, url string, mail *smtpmock.Server) *restartInstance {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	l.Close()
	dir := t.TempDir()
	inst := &restartInstance{
		name: name, addr: "127.0.0.1:" + port,
		logPath: filepath.Join(dir, "app.log"), exited: make(chan struct{}),
	}
	logFile, err := os.Create(inst.logPath)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	inst.cmd = exec.Command(bin)
	// Only what this test sets, whatever the environment holds.
	inst.cmd.Env = slices.DeleteFunc(os.Environ(), func(v string) bool {
		name, _, _ := strings.Cut(v, "=")
		return name != "PATH" && name != "HOME" && name != "TMPDIR"
	})
	inst.cmd.Env = append(inst.cmd.Env, "PORT="+port, "BASE_URL=http://"+inst.addr, "DATA_DIR="+dir, "DATABASE_URL="+url,
		fmt.Sprintf("SMTP_URL=smtp://127.0.0.1:%d", mail.PortNumber()), "LOG_FORMAT=json", "LOG_LEVEL=info", "BACKUP_INTERVAL=off")
	inst.cmd.Stdout, inst.cmd.Stderr = logFile, logFile
	if err := inst.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { _ = inst.cmd.Wait(); close(inst.exited) }()
	t.Cleanup(func() {
		_ = inst.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-inst.exited:
		case <-time.After(30 * time.Second):
			_ = inst.cmd.Process.Kill()
			<-inst.exited
		}
	})
	return inst
}

// ready waits until the instance answers /healthz.
func (inst *restartInstance) ready(t *testing.T) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		select {
		case <-inst.exited:
			t.Fatalf("%s stopped at start: see %s", inst.name, inst.logPath)
		default:
		}
		resp, err := http.Get("http://" + inst.addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
	}
	t.Fatalf("%s did not answer /healthz within a minute: see %s", inst.name, inst.logPath)
}

// claims reports whether the instance claims a job within d, one it did
// not hold when last looked at, 10 ms before. (Its queue's worker name
// carries its process id.)
func (inst *restartInstance) claims(t *testing.T, st *store.Store, d time.Duration) bool {
	t.Helper()
	pid := fmt.Sprintf("-%d-", inst.cmd.Process.Pid)
	var held map[int64]bool
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		running, _, err := st.Jobs(context.Background(), store.JobRunning, store.Page{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		now := map[int64]bool{}
		for _, j := range running {
			if strings.Contains(j.LockedBy.String, pid) {
				now[j.ID] = true
				if held != nil && !held[j.ID] {
					return true
				}
			}
		}
		held = now
	}
	return false
}

// restartBalancer sends the visitors' requests as a load balancer does:
// each visitor to its instance, and to the next one once its instance
// refuses connections.
type restartBalancer struct {
	instances []*restartInstance
	client    *http.Client
	refused   atomic.Int64

	mu       sync.Mutex
	answered map[string]restartAnswer // by request id
	failures []string
}

// restartAnswer is who answered a request, and how.
type restartAnswer struct {
	by     *restartInstance
	status int
	failed bool // a failure, already reported
}

// visit sends visitor v's requests, to instance i while it takes them,
// until stop closes.
func (lb *restartBalancer) visit(v, i int, next func() string, stop <-chan struct{}) {
	for n := 0; ; n++ {
		select {
		case <-stop:
			return
		default:
		}
		id := fmt.Sprintf("restart-%d-%d", v, n)
		path := next()
		for {
			inst := lb.instances[i]
			status, by, err := lb.get(inst, path, id)
			if errors.Is(err, syscall.ECONNREFUSED) && i+1 < len(lb.instances) {
				lb.refused.Add(1)
				i++ // this instance is down: the next one, from now on
				continue
			}
			lb.mu.Lock()
			if lb.answered == nil {
				lb.answered = map[string]restartAnswer{}
			}
			switch {
			case err != nil:
				lb.failures = append(lb.failures, fmt.Sprintf("GET %s (%s, id %s): %v", path, inst.name, id, err))
			case status != http.StatusOK:
				lb.failures = append(lb.failures, fmt.Sprintf("GET %s (%s, id %s): %d", path, by.name, id, status))
			}
			if by != nil {
				lb.answered[id] = restartAnswer{by: by, status: status, failed: err != nil}
			}
			lb.mu.Unlock()
			break
		}
	}
}

// get sends one request to inst and reads its whole answer; by is the
// instance whose connection answered (nil when none did).
func (lb *restartBalancer) get(inst *restartInstance, path, id string) (status int, by *restartInstance, err error) {
	var remote string
	trace := &httptrace.ClientTrace{GotConn: func(c httptrace.GotConnInfo) { remote = c.Conn.RemoteAddr().String() }}
	req, err := http.NewRequestWithContext(httptrace.WithClientTrace(context.Background(), trace), http.MethodGet, "http://"+inst.addr+path, nil)
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("X-Request-Id", id)
	resp, err := lb.client.Do(req)
	for _, in := range lb.instances {
		if in.addr == remote {
			by = in
		}
	}
	if err != nil {
		return 0, by, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return resp.StatusCode, by, fmt.Errorf("reading the answer: %w", err)
	}
	// A whole page, not only a status: a handler that gives up writes
	// nothing, and net/http sends that as an empty 200.
	if resp.StatusCode == http.StatusOK {
		ct := resp.Header.Get("Content-Type")
		isHTML := strings.HasPrefix(ct, "text/html") && strings.Contains(string(body), "</html>")
		isJSON := strings.HasPrefix(ct, "application/json") && json.Valid(body)
		if !isHTML && !isJSON {
			return resp.StatusCode, by, fmt.Errorf("200 with no whole page (%q, %d bytes)", ct, len(body))
		}
	}
	return resp.StatusCode, by, nil
}

// restartLog is what an instance's JSON log tells of its run.
type restartLog struct {
	shutdown              time.Time // when it logged "shutting down"
	requests              []restartLogLine
	jobsDoneAfterShutdown int
	errors                []string
}

// restartLogLine is one line of the app's JSON log.
type restartLogLine struct {
	Time      time.Time `json:"time"`
	Level     string    `json:"level"`
	Msg       string    `json:"msg"`
	Route     string    `json:"route"`
	Status    int       `json:"status"`
	RequestID string    `json:"request_id"`
}

func readRestartLog(t *testing.T, path string) restartLog {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var log restartLog
	lines := bufio.NewScanner(f)
	lines.Buffer(make([]byte, 1<<20), 1<<20)
	for lines.Scan() {
		var l restartLogLine
		if json.Unmarshal(lines.Bytes(), &l) != nil {
			continue // not the app's log (a panic's trace would show in errors below)
		}
		switch {
		case l.Level == "ERROR":
			log.errors = append(log.errors, lines.Text())
		case l.Msg == "shutting down":
			log.shutdown = l.Time
		case l.Msg == "request" && strings.HasPrefix(l.RequestID, "restart-"):
			log.requests = append(log.requests, l)
		case l.Msg == "job done" && !log.shutdown.IsZero():
			log.jobsDoneAfterShutdown++
		}
	}
	if err := lines.Err(); err != nil {
		t.Fatal(err)
	}
	return log
}

package webhooks_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/store/storetest"
	"bizprofile/webhooks"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

var site = bizmail.Site{Name: "BizProfile", BaseURL: "https://bizprofile.test", SupportEmail: "help@bizprofile.test"}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// account makes a business account and an endpoint of it at url.
func account(t *testing.T, st *store.Store, email, url string, events ...string) (store.User, store.WebhookEndpoint) {
	t.Helper()
	ctx := context.Background()
	u, _, err := st.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: "hash", Kind: store.KindBusiness, Profile: store.Profile{FullName: "Olive Owner"}})
	must(t, err)
	e, err := st.CreateWebhookEndpoint(ctx, u.ID, store.WebhookEndpointFields{URL: url, Events: events})
	must(t, err)
	return u, e
}

// received is one request a receiver got.
type received struct {
	header http.Header
	body   []byte
	at     time.Time
}

// receiver is a local HTTP server answering every request with status.
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	got    []received
	status int
}

func newReceiver(t *testing.T, status int) *receiver {
	r := &receiver{status: status}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, received{req.Header.Clone(), b, time.Now()})
		status := r.status
		r.mu.Unlock()
		if status >= 300 && status < 400 {
			w.Header().Set("Location", "http://127.0.0.1:1/elsewhere")
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte("ok"))
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) requests() []received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]received(nil), r.got...)
}

// runQueue runs a job queue that delivers with s until the test ends.
func runQueue(t *testing.T, st *store.Store, s *webhooks.Sender) {
	t.Helper()
	q := jobs.New(st, quiet, jobs.Options{Poll: 10 * time.Millisecond, Backoff: func(int) time.Duration { return 0 }})
	q.Handle(webhooks.Kind, s.Deliver)
	q.Handle(jobs.KindEmail, func(context.Context, []byte) error { return nil })
	st.OnEnqueue(q.Wake)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { q.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// verify checks a request's signature as the docs tell receivers to: the
// HMAC-SHA256, keyed by the secret, of the timestamp, a dot and the raw
// body, in hex; and a timestamp at most 5 minutes old.
func verify(t *testing.T, secret string, h http.Header, body []byte) {
	t.Helper()
	var ts, v1 string
	for _, part := range strings.Split(h.Get("BizProfile-Signature"), ",") {
		k, v, _ := strings.Cut(part, "=")
		switch k {
		case "t":
			ts = v
		case "v1":
			v1 = v
		}
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(body)))
	if want := hex.EncodeToString(mac.Sum(nil)); !hmac.Equal([]byte(v1), []byte(want)) {
		t.Errorf("signature %q does not verify (want v1=%s)", h.Get("BizProfile-Signature"), want)
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || time.Since(time.Unix(sec, 0)) > 5*time.Minute || time.Until(time.Unix(sec, 0)) > time.Minute {
		t.Errorf("timestamp %q is not now", ts)
	}
}

func TestADeliveryIsSignedAndCarriesTheEvent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		r := newReceiver(t, http.StatusNoContent)
		owner, e := account(t, st, "signed@example.com", r.URL+"/hooks", store.EventLeadCreated)
		runQueue(t, st, webhooks.New(st, webhooks.Options{Log: quiet, Site: site}))

		lead := map[string]any{"id": 42, "name": "Pat Buyer", "message": "A quote, please"}
		must(t, st.InTx(ctx, func(tx *store.Store) error { return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadCreated, lead) }))
		// An event the endpoint did not ask for is not sent.
		must(t, st.InTx(ctx, func(tx *store.Store) error {
			return webhooks.Emit(ctx, tx, owner.ID, store.EventListingUpdated, map[string]any{"slug": "x"})
		}))
		waitFor(t, "the delivery", func() bool { return len(r.requests()) == 1 })

		got := r.requests()[0]
		verify(t, e.Secret, got.header, got.body)
		for k, want := range map[string]string{"Content-Type": "application/json", "User-Agent": "BizProfile-Webhooks/1.0", "BizProfile-Event": "lead.created"} {
			if v := got.header.Get(k); v != want {
				t.Errorf("%s = %q, want %q", k, v, want)
			}
		}
		var ev struct {
			ID      string `json:"id"`
			Type    string `json:"type"`
			Created int64  `json:"created"`
			Data    struct {
				Object map[string]any `json:"object"`
			} `json:"data"`
		}
		must(t, json.Unmarshal(got.body, &ev))
		if !strings.HasPrefix(ev.ID, "evt_") || ev.Type != "lead.created" || time.Since(time.Unix(ev.Created, 0)) > time.Minute ||
			ev.Data.Object["name"] != "Pat Buyer" || ev.Data.Object["id"] != float64(42) {
			t.Errorf("body = %s", got.body)
		}

		ds, total, err := st.WebhookDeliveriesOf(ctx, e.ID, store.Page{Limit: 10})
		must(t, err)
		if total != 1 || got.header.Get("BizProfile-Delivery") != strconv.FormatInt(ds[0].ID, 10) {
			t.Fatalf("deliveries = %+v; header %q", ds, got.header.Get("BizProfile-Delivery"))
		}
		waitFor(t, "the delivery recorded", func() bool {
			d, _ := st.WebhookDeliveryOf(ctx, owner.ID, ds[0].ID)
			return d.Status == store.WebhookDelivered
		})
		d, _ := st.WebhookDeliveryOf(ctx, owner.ID, ds[0].ID)
		if d.Attempts != 1 || d.ResponseCode.Int64 != 204 || !d.ResponseMS.Valid || d.EventID != ev.ID || d.Payload != string(got.body) {
			t.Errorf("delivery = %+v", d)
		}

		// Resend: a new delivery of the same event, same body.
		must(t, webhooks.Resend(ctx, st, owner.ID, d.ID))
		waitFor(t, "the resend", func() bool { return len(r.requests()) == 2 })
		again := r.requests()[1]
		verify(t, e.Secret, again.header, again.body)
		if string(again.body) != string(got.body) || again.header.Get("BizProfile-Delivery") == got.header.Get("BizProfile-Delivery") {
			t.Errorf("resent body %s with delivery %s", again.body, again.header.Get("BizProfile-Delivery"))
		}
		if _, total, _ := st.WebhookDeliveriesOf(ctx, e.ID, store.Page{Limit: 10}); total != 2 {
			t.Errorf("%d deliveries in the log after a resend, want 2", total)
		}
		other, _ := account(t, st, "other-signed@example.com", r.URL, store.EventLeadCreated)
		if err := webhooks.Resend(ctx, st, other.ID, d.ID); err == nil {
			t.Error("another account resent the delivery")
		}

		// The test event: a ping naming the endpoint.
		id, err := webhooks.SendTest(ctx, st, e)
		must(t, err)
		waitFor(t, "the test event", func() bool { return len(r.requests()) == 3 })
		ping := r.requests()[2]
		verify(t, e.Secret, ping.header, ping.body)
		var pe struct {
			Type string `json:"type"`
			Data struct {
				Object struct {
					EndpointID int64  `json:"endpoint_id"`
					Message    string `json:"message"`
				} `json:"object"`
			} `json:"data"`
		}
		must(t, json.Unmarshal(ping.body, &pe))
		if pe.Type != "ping" || pe.Data.Object.EndpointID != e.ID || pe.Data.Object.Message == "" || ping.header.Get("BizProfile-Delivery") != strconv.FormatInt(id, 10) {
			t.Errorf("test event %s", ping.body)
		}
	})
}

func TestAFailingReceiverGetsRetriesWithGrowingDelaysForTheWindow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		r := newReceiver(t, http.StatusInternalServerError)
		owner, e := account(t, st, "failing@example.com", r.URL, store.EventLeadUpdated)
		backoff := func(n int) time.Duration { return 100 * time.Millisecond << (n - 1) } // 100, 200, 400, 800 ms…
		runQueue(t, st, webhooks.New(st, webhooks.Options{Log: quiet, Site: site, Backoff: backoff, Window: 2 * time.Second}))

		must(t, st.InTx(ctx, func(tx *store.Store) error {
			return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadUpdated, map[string]any{"id": 7})
		}))
		ds, _, err := st.WebhookDeliveriesOf(ctx, e.ID, store.Page{Limit: 1})
		must(t, err)
		waitFor(t, "the delivery to fail", func() bool {
			d, _ := st.WebhookDeliveryOf(ctx, owner.ID, ds[0].ID)
			return d.Status == store.WebhookFailed
		})
		// Attempts at 0, 0.1, 0.3, 0.7 and 1.5 s; the next, at 3.1 s, would
		// be past the 2 s window.
		as, err := st.WebhookAttemptsOf(ctx, ds[0].ID)
		must(t, err)
		if len(as) != 5 || len(r.requests()) != 5 {
			t.Fatalf("%d attempts recorded, %d received; want 5", len(as), len(r.requests()))
		}
		var last time.Duration
		for i := 1; i < len(as); i++ {
			gap := as[i].AttemptedAt.Sub(as[i-1].AttemptedAt)
			if gap < backoff(i) || gap <= last {
				t.Errorf("gap %d = %v after %v, want at least %v and growing", i, gap, last, backoff(i))
			}
			last = gap
		}
		for _, a := range as {
			if a.ResponseCode.Int64 != 500 || a.Error != "answered 500, not a 2xx" {
				t.Errorf("attempt = %+v", a)
			}
		}
		d, _ := st.WebhookDeliveryOf(ctx, owner.ID, ds[0].ID)
		if d.Attempts != 5 || d.ResponseCode.Int64 != 500 || d.NextAttemptAt.Valid {
			t.Errorf("failed delivery = %+v", d)
		}
		ep, _ := st.WebhookEndpointByID(ctx, e.ID)
		if !ep.FailingSince.Valid || !ep.FailingSince.Time.Equal(as[0].AttemptedAt) || !ep.Enabled() {
			t.Errorf("endpoint after a day of failures = %+v, want failing since the first attempt, still enabled", ep)
		}
	})
}

// clock is a settable clock for the Sender.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Set(t time.Time)     { c.mu.Lock(); c.now = t; c.mu.Unlock() }
func (c *clock) Add(d time.Duration) { c.Set(c.Now().Add(d)) }

// deliveryJobs are the queued delivery jobs' payloads and run times.
func deliveryJobs(t *testing.T, st *store.Store) []store.Job {
	t.Helper()
	js, _, err := st.Jobs(context.Background(), store.JobQueued, store.Page{Limit: 100})
	must(t, err)
	var out []store.Job
	for _, j := range js {
		if j.Kind == webhooks.Kind {
			out = append(out, j)
		}
	}
	return out
}

func TestAfter24HoursADeliveryFailsAndAfter3DaysTheEndpointIsDisabled(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		r := newReceiver(t, http.StatusBadGateway)
		owner, e := account(t, st, "disabled@example.com", r.URL, store.EventReviewCreated, store.EventLeadCreated)
		c := &clock{now: time.Now()}
		s := webhooks.New(st, webhooks.Options{Log: quiet, Site: site, Now: c.Now}) // the real schedule
		deliver := func() {
			t.Helper()
			js := deliveryJobs(t, st)
			if len(js) != 1 {
				t.Fatalf("%d delivery jobs queued, want 1", len(js))
			}
			must(t, s.Deliver(ctx, []byte(js[0].Payload)))
			must(t, st.DiscardJob(ctx, js[0].ID))
		}

		must(t, st.InTx(ctx, func(tx *store.Store) error {
			return webhooks.Emit(ctx, tx, owner.ID, store.EventReviewCreated, map[string]any{"id": 1})
		}))
		deliver()
		js := deliveryJobs(t, st)
		if len(js) != 1 || js[0].RunAt.Sub(c.Now()) < 54*time.Second || js[0].RunAt.Sub(c.Now()) > 66*time.Second {
			t.Fatalf("next attempt at %v, want about a minute after %v", js, c.Now())
		}
		// Nearly a day later, the next wait (hours) would end past the 24 hours.
		c.Add(23*time.Hour + 59*time.Minute)
		deliver()
		ds, _, _ := st.WebhookDeliveriesOf(ctx, e.ID, store.Page{Limit: 1})
		if ds[0].Status != store.WebhookFailed || ds[0].Attempts != 2 || len(deliveryJobs(t, st)) != 0 {
			t.Fatalf("after the window: %+v, %d jobs", ds[0], len(deliveryJobs(t, st)))
		}

		// Two days on, still failing: a new event is tried, the endpoint kept.
		c.Add(48 * time.Hour)
		must(t, st.InTx(ctx, func(tx *store.Store) error {
			return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadCreated, map[string]any{"id": 2})
		}))
		deliver()
		if ep, _ := st.WebhookEndpointByID(ctx, e.ID); !ep.Enabled() {
			t.Fatal("disabled before 3 days of failures")
		}
		// Past 3 days since the first failure: disabled, the owner emailed.
		// (This clock runs ahead of the deliveries' real creation times, so
		// each event here is past its window after one attempt.)
		c.Add(15 * time.Minute)
		must(t, st.InTx(ctx, func(tx *store.Store) error {
			return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadCreated, map[string]any{"id": 3})
		}))
		deliver()
		ep, _ := st.WebhookEndpointByID(ctx, e.ID)
		if ep.Enabled() || !strings.HasPrefix(ep.DisabledReason, "every delivery failed since ") {
			t.Fatalf("endpoint after 3 days of failures = %+v", ep)
		}
		if len(deliveryJobs(t, st)) != 0 {
			t.Error("a retry was scheduled to a disabled endpoint")
		}
		all, _, _ := st.Jobs(ctx, store.JobQueued, store.Page{Limit: 100})
		var mails []bizmail.Message
		for _, j := range all {
			if j.Kind == jobs.KindEmail {
				var m bizmail.Message
				must(t, json.Unmarshal([]byte(j.Payload), &m))
				mails = append(mails, m)
			}
		}
		if len(mails) != 1 || mails[0].To != owner.Email || !strings.Contains(mails[0].Text, r.URL) ||
			!strings.Contains(mails[0].Text, site.BaseURL+"/dashboard/api/webhooks/"+strconv.FormatInt(e.ID, 10)) {
			t.Fatalf("emails queued = %+v", mails)
		}

		// New events are not sent to it; SendTest and Resend say why.
		must(t, st.InTx(ctx, func(tx *store.Store) error {
			return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadCreated, map[string]any{"id": 4})
		}))
		if n := len(deliveryJobs(t, st)); n != 0 {
			t.Errorf("%d deliveries to a disabled endpoint", n)
		}
		if _, err := webhooks.SendTest(ctx, st, ep); err != webhooks.ErrDisabled {
			t.Errorf("test event to a disabled endpoint: %v", err)
		}
		if err := webhooks.Resend(ctx, st, owner.ID, ds[0].ID); err != webhooks.ErrDisabled {
			t.Errorf("resend to a disabled endpoint: %v", err)
		}
		if n := len(r.requests()); n != 4 {
			t.Errorf("the receiver got %d requests, want 4", n)
		}
	})
}

func TestRedirectsAreNotFollowed(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, store.SQLite)
	r := newReceiver(t, http.StatusFound)
	owner, e := account(t, st, "redirect@example.com", r.URL, store.EventLeadCreated)
	s := webhooks.New(st, webhooks.Options{Log: quiet, Site: site})
	must(t, st.InTx(ctx, func(tx *store.Store) error { return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadCreated, 1) }))
	js := deliveryJobs(t, st)
	must(t, s.Deliver(ctx, []byte(js[0].Payload)))
	ds, _, _ := st.WebhookDeliveriesOf(ctx, e.ID, store.Page{Limit: 1})
	if ds[0].Status != store.WebhookPending || ds[0].ResponseCode.Int64 != 302 || !strings.Contains(ds[0].LastError, "redirect") {
		t.Errorf("after a 302: %+v", ds[0])
	}
	if len(r.requests()) != 1 {
		t.Errorf("%d requests", len(r.requests()))
	}
}

func TestTheGuardRefusesPrivateAddressesInProduction(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		r := newReceiver(t, http.StatusOK)
		port := r.Listener.Addr().String()
		port = port[strings.LastIndexByte(port, ':')+1:]
		s := webhooks.New(st, webhooks.Options{Log: quiet, Site: site, Production: true, Timeout: 2 * time.Second})
		for i, url := range []string{
			"https://127.0.0.1:" + port + "/hooks",
			"https://10.1.2.3/hooks",
			"https://169.254.169.254/latest/meta-data/",
			"https://[::1]:" + port + "/hooks",
			"https://[::ffff:127.0.0.1]:" + port + "/hooks",
			"https://localhost:" + port + "/hooks", // a name that resolves to loopback
			"https://192.168.1.10/hooks",
			"https://100.64.0.1/hooks",
		} {
			owner, e := account(t, st, "guard"+strconv.Itoa(i)+"@example.com", url, store.EventLeadCreated)
			must(t, st.InTx(ctx, func(tx *store.Store) error { return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadCreated, 1) }))
			js := deliveryJobs(t, st)
			must(t, s.Deliver(ctx, []byte(js[0].Payload)))
			must(t, st.DiscardJob(ctx, js[0].ID))
			ds, _, _ := st.WebhookDeliveriesOf(ctx, e.ID, store.Page{Limit: 1})
			as, _ := st.WebhookAttemptsOf(ctx, ds[0].ID)
			if len(as) != 1 || as[0].ResponseCode.Valid || !strings.HasPrefix(as[0].Error, "refused: the address resolves to a private network") {
				t.Errorf("%s: attempts %+v, want one refused", url, as)
			}
			for _, j := range deliveryJobs(t, st) { // its retry
				must(t, st.DiscardJob(ctx, j.ID))
			}
		}
		if n := len(r.requests()); n != 0 {
			t.Errorf("the loopback receiver got %d requests in production", n)
		}

		// Plain HTTP is refused in production too.
		owner, e := account(t, st, "plain@example.com", "http://203.0.114.1/hooks", store.EventLeadCreated)
		must(t, st.InTx(ctx, func(tx *store.Store) error { return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadCreated, 1) }))
		js := deliveryJobs(t, st)
		must(t, s.Deliver(ctx, []byte(js[0].Payload)))
		ds, _, _ := st.WebhookDeliveriesOf(ctx, e.ID, store.Page{Limit: 1})
		if !strings.Contains(ds[0].LastError, "https://") {
			t.Errorf("plain HTTP in production: %+v", ds[0])
		}
	})
}

func TestDevelopmentDeliversToLocalhost(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t, store.SQLite)
	r := newReceiver(t, http.StatusOK)
	url := strings.Replace(r.URL, "127.0.0.1", "localhost", 1)
	owner, e := account(t, st, "dev@example.com", url+"/hooks", store.EventLeadCreated)
	s := webhooks.New(st, webhooks.Options{Log: quiet, Site: site})
	must(t, st.InTx(ctx, func(tx *store.Store) error { return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadCreated, 1) }))
	must(t, s.Deliver(ctx, []byte(deliveryJobs(t, st)[0].Payload)))
	ds, _, _ := st.WebhookDeliveriesOf(ctx, e.ID, store.Page{Limit: 1})
	if ds[0].Status != store.WebhookDelivered || len(r.requests()) != 1 {
		t.Errorf("development delivery to localhost: %+v", ds[0])
	}
	// Private networks other than loopback stay closed in development.
	owner, e = account(t, st, "dev-private@example.com", "http://10.1.2.3/hooks", store.EventLeadCreated)
	must(t, st.InTx(ctx, func(tx *store.Store) error { return webhooks.Emit(ctx, tx, owner.ID, store.EventLeadCreated, 1) }))
	for _, j := range deliveryJobs(t, st) {
		must(t, s.Deliver(ctx, []byte(j.Payload)))
	}
	ds, _, _ = st.WebhookDeliveriesOf(ctx, e.ID, store.Page{Limit: 1})
	if !strings.HasPrefix(ds[0].LastError, "refused:") {
		t.Errorf("development delivery to 10.1.2.3: %+v", ds[0])
	}
}

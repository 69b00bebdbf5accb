package webhooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Options tune a Sender; zero values take the defaults.
type Options struct {
	// Production turns on the SSRF guard in full: no delivery connects to
	// a loopback, private, link-local or otherwise internal address. In
	// development loopback addresses pass (http://localhost receivers).
	Production bool
	// Site names the app in the email that tells an owner their endpoint
	// was disabled.
	Site bizmail.Site
	Log  *slog.Logger
	// Timeout bounds one attempt, from connecting to the response's
	// headers and the first 64 KB of its body (10 s).
	Timeout time.Duration
	// Window is how long a delivery is retried before it is marked failed
	// (24 h).
	Window time.Duration
	// DisableAfter is how long an endpoint may fail without a single
	// success before it is disabled (3 days).
	DisableAfter time.Duration
	// Backoff is the wait after the attempt-th failed attempt (Backoff:
	// 1 min doubling, at most 4 h, give or take a tenth).
	Backoff func(attempt int) time.Duration
	// Now is the clock (time.Now).
	Now func() time.Time
}

// Sender delivers the events the queue hands it.
type Sender struct {
	st     *store.Store
	opt    Options
	client *http.Client
}

// Defaults of Options.
const (
	DefaultTimeout      = 10 * time.Second
	DefaultWindow       = 24 * time.Hour
	DefaultDisableAfter = 3 * 24 * time.Hour
)

// maxResponse is how much of a response's body is read (and thrown away):
// enough for the connection to be reused, never a receiver's whole page.
const maxResponse = 64 << 10

// Backoff is the default wait after the attempt-th failed attempt: a
// minute after the first, doubling each time up to 4 hours, give or take a
// tenth so that retries spread out. Over 24 hours that is about 13
// attempts.
func Backoff(attempt int) time.Duration {
	d := time.Minute * time.Duration(math.Pow(2, float64(max(attempt-1, 0))))
	if d > 4*time.Hour || d <= 0 {
		d = 4 * time.Hour
	}
	jitter := time.Duration(mrand.Int64N(int64(d)/5+1)) - d/10
	return d + jitter
}

// New returns a Sender working on st's deliveries.
func New(st *store.Store, opt Options) *Sender {
	if opt.Timeout <= 0 {
		opt.Timeout = DefaultTimeout
	}
	if opt.Window <= 0 {
		opt.Window = DefaultWindow
	}
	if opt.DisableAfter <= 0 {
		opt.DisableAfter = DefaultDisableAfter
	}
	if opt.Backoff == nil {
		opt.Backoff = Backoff
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	dialer := &net.Dialer{Timeout: opt.Timeout, Control: control(!opt.Production)}
	transport := &http.Transport{
		Proxy:                 nil, // never through a proxy: the guard must see the real address
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   opt.Timeout,
		ResponseHeaderTimeout: opt.Timeout,
		MaxIdleConns:          20,
		MaxIdleConnsPerHost:   2,
		IdleConnTimeout:       90 * time.Second,
		ForceAttemptHTTP2:     true,
	}
	client := &http.Client{
		Transport: transport,
		Timeout:   opt.Timeout,
		// Redirects are not followed: a 3xx is a failed attempt.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return &Sender{st: st, opt: opt, client: client}
}

// Deliver is the handler of delivery jobs (Kind): one attempt of the
// delivery. It returns an error only when the database fails; a failed
// attempt is recorded, and the next one scheduled as a job of its own, so
// the queue's retries never add attempts of their own.
func (s *Sender) Deliver(ctx context.Context, payload []byte) error {
	var p jobPayload
	if err := json.Unmarshal(payload, &p); err != nil {
		return fmt.Errorf("webhook delivery job: %w", err)
	}
	d, err := s.st.WebhookDeliveryByID(ctx, p.DeliveryID)
	if errors.Is(err, store.ErrNotFound) {
		return nil // pruned, or its endpoint deleted (the rows went with it)
	}
	if err != nil {
		return err
	}
	if d.Status != store.WebhookPending {
		return nil // a job run twice (a lease that lapsed): already settled
	}
	e, err := s.st.WebhookEndpointByID(ctx, d.EndpointID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !e.Enabled() {
		return s.st.FailWebhookDelivery(ctx, d.ID, "not sent: the endpoint is disabled")
	}

	now := s.opt.Now().UTC()
	code, took, failure := s.post(ctx, e, d, now)
	o := store.WebhookOutcome{At: now, Code: code, Duration: took, Error: failure, Status: store.WebhookDelivered}
	disable := false
	if failure != "" {
		next := now.Add(s.opt.Backoff(d.Attempts + 1))
		o.Status, o.NextAttemptAt = store.WebhookPending, next
		if next.Sub(d.CreatedAt) > s.opt.Window {
			o.Status = store.WebhookFailed // no attempt left within the window
		}
		since := now
		if e.FailingSince.Valid {
			since = e.FailingSince.Time
		}
		if now.Sub(since) >= s.opt.DisableAfter {
			disable, o.Status = true, store.WebhookFailed
		}
	}
	return s.st.InTx(ctx, func(tx *store.Store) error {
		if err := tx.RecordWebhookAttempt(ctx, d.ID, o); err != nil {
			return err
		}
		if o.Status == store.WebhookPending {
			return tx.Enqueue(ctx, job(d, o.NextAttemptAt))
		}
		if disable {
			return s.disable(ctx, tx, e, now)
		}
		return nil
	})
}

// disable stops deliveries to e, which has failed for DisableAfter, and
// emails its account's owner, in tx.
func (s *Sender) disable(ctx context.Context, tx *store.Store, e store.WebhookEndpoint, now time.Time) error {
	since := now
	if e.FailingSince.Valid {
		since = e.FailingSince.Time
	}
	// Shown after "Disabled since <date>:" on the endpoint's page.
	reason := "every delivery failed since " + since.UTC().Format("Jan 2, 2006 15:04 UTC")
	changed, err := tx.DisableWebhookEndpoint(ctx, e.ID, now, reason)
	if err != nil || !changed {
		return err // another worker disabled it, and told the owner
	}
	owner, err := tx.UserByID(ctx, e.AccountID)
	if err != nil {
		return err
	}
	s.opt.Log.Warn("webhook endpoint disabled after failing", "endpoint_id", e.ID, "account_id", e.AccountID, "failing_since", since)
	link := s.opt.Site.BaseURL + "/dashboard/api/webhooks/" + strconv.FormatInt(e.ID, 10)
	return tx.Enqueue(ctx, jobs.Email(bizmail.WebhookDisabled(s.opt.Site, owner.Email, e.URL, since, link)))
}

// post makes one attempt: the response's code (0 when none came), how long
// it took, and why it failed ("" when it did not).
func (s *Sender) post(ctx context.Context, e store.WebhookEndpoint, d store.WebhookDelivery, now time.Time) (int, time.Duration, string) {
	if s.opt.Production {
		if u, err := url.Parse(e.URL); err != nil || u.Scheme != "https" {
			return 0, 0, "refused: the endpoint's address must start with https://"
		}
	}
	ctx, cancel := context.WithTimeout(ctx, s.opt.Timeout)
	defer cancel()
	body := []byte(d.Payload)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.URL, bytes.NewReader(body))
	if err != nil {
		return 0, 0, "the endpoint's address is not a valid URL"
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set(HeaderEvent, d.EventType)
	req.Header.Set(HeaderDelivery, strconv.FormatInt(d.ID, 10))
	req.Header.Set(HeaderSignature, Sign(e.Secret, now, body))
	start := time.Now()
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, time.Since(start), describe(err, s.opt.Timeout)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxResponse))
	resp.Body.Close()
	took := time.Since(start)
	switch c := resp.StatusCode; {
	case c >= 200 && c < 300:
		return c, took, ""
	case c >= 300 && c < 400:
		return c, took, fmt.Sprintf("answered %d, a redirect, which is not followed: give the endpoint's final address", c)
	default:
		return c, took, fmt.Sprintf("answered %d, not a 2xx", c)
	}
}

// describe says in a line why no response came.
func describe(err error, timeout time.Duration) string {
	var r refusal
	if errors.As(err, &r) {
		return r.Error()
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		if ue.Timeout() {
			return "no response within " + timeout.String()
		}
		err = ue.Err // without the method and URL the log shows already
	}
	return err.Error()
}

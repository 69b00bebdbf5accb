package status

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"
)

// The parts every instance checks, and the outside services checked when
// they are configured.
var (
	DatabaseComponent = Component{Key: "database", Name: "Database", Description: "Listings, accounts, reviews and leads are stored here"}
	JobsComponent     = Component{Key: "jobs", Name: "Background jobs", Description: "Emails and scheduled work run from this queue"}
	EmailComponent    = Component{Key: "email", Name: "Email delivery", Description: "Sign-up links, lead alerts and other notices by email"}
	StripeComponent   = Component{Key: "payments", Name: "Payments", Description: "Plan checkout and billing, through Stripe"}
	AIComponent       = Component{Key: "ai", Name: "AI insights", Description: "Recommendations for listings, written by the configured AI model"}
)

// Pinger is a database that can say whether it answers.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Database checks that the database answers.
func Database(db Pinger) Check {
	return Check{Component: DatabaseComponent, Run: func(ctx context.Context) Finding {
		if err := db.Ping(ctx); err != nil {
			return Finding{State: Outage, Detail: "The database cannot be reached.", Err: err}
		}
		return Finding{State: Operational, Detail: "Answering."}
	}}
}

// QueueHealth is what the job queue looks like at a moment.
type QueueHealth struct {
	Late   int // due jobs waiting longer than LateAfter
	Failed int // jobs that failed for good in the last hour
}

// LateAfter is how long a due job may wait before the queue is degraded.
const LateAfter = 5 * time.Minute

// Jobs checks the job queue: late jobs or jobs that failed for good in the
// last hour make it degraded; a queue that cannot be read is an outage.
func Jobs(health func(ctx context.Context, now time.Time) (QueueHealth, error)) Check {
	return Check{Component: JobsComponent, Run: func(ctx context.Context) Finding {
		q, err := health(ctx, time.Now())
		switch {
		case err != nil:
			return Finding{State: Outage, Detail: "The queue cannot be read while the database is unreachable.", Err: err}
		case q.Late > 0 && q.Failed > 0:
			return Finding{State: Degraded, Detail: count(q.Late, "job is", "jobs are") + " waiting longer than 5 minutes, and " + count(q.Failed, "job", "jobs") + " failed in the last hour."}
		case q.Late > 0:
			return Finding{State: Degraded, Detail: count(q.Late, "job is", "jobs are") + " waiting longer than 5 minutes."}
		case q.Failed > 0:
			return Finding{State: Degraded, Detail: count(q.Failed, "job", "jobs") + " failed in the last hour."}
		}
		return Finding{State: Operational, Detail: "Jobs are running on time."}
	}}
}

// Deliveries counts the last hour's emails: sent, and failed or being
// tried again.
type Deliveries struct {
	Sent, Failing int
}

// Email checks the last hour's email jobs: all failing is an outage, some
// failing is degraded, none sent is no news (operational).
func Email(deliveries func(ctx context.Context, since time.Time) (Deliveries, error)) Check {
	return Check{Component: EmailComponent, Run: func(ctx context.Context) Finding {
		d, err := deliveries(ctx, time.Now().Add(-time.Hour))
		switch {
		case err != nil:
			return Finding{State: Outage, Detail: "Deliveries cannot be read while the database is unreachable.", Err: err}
		case d.Failing > 0 && d.Sent == 0:
			return Finding{State: Outage, Detail: "No email could be sent in the last hour (" + count(d.Failing, "failure", "failures") + ")."}
		case d.Failing > 0:
			return Finding{State: Degraded, Detail: fmt.Sprintf("%d of %d emails in the last hour failed or are being tried again.", d.Failing, d.Sent+d.Failing)}
		case d.Sent == 0:
			return Finding{State: Operational, Detail: "No emails in the last hour."}
		}
		return Finding{State: Operational, Detail: count(d.Sent, "email", "emails") + " sent in the last hour."}
	}}
}

// Stripe checks that Stripe answers an authenticated read (the balance,
// which changes nothing).
func Stripe(sc *stripe.Client) Check {
	return Check{Component: StripeComponent, Run: func(ctx context.Context) Finding {
		_, err := sc.V1Balance.Retrieve(ctx, &stripe.BalanceRetrieveParams{Params: stripe.Params{Context: ctx}})
		var se *stripe.Error
		switch {
		case err == nil:
			return Finding{State: Operational, Detail: "Stripe is answering."}
		case errors.As(err, &se) && (se.HTTPStatusCode == http.StatusUnauthorized || se.HTTPStatusCode == http.StatusForbidden):
			return Finding{State: Outage, Detail: "Stripe refused our credentials.", Err: err}
		case errors.As(err, &se) && se.HTTPStatusCode == http.StatusTooManyRequests:
			return Finding{State: Degraded, Detail: "Stripe is limiting our requests.", Err: err}
		}
		return Finding{State: Outage, Detail: "Stripe cannot be reached.", Err: err}
	}}
}

// AIServer is an OpenAI-compatible server: its API root (such as
// https://api.openai.com/v1) and key.
type AIServer struct {
	BaseURL, APIKey string
}

// AI checks an OpenAI-compatible server with its cheapest call, the list
// of models (GET /models), which costs no tokens.
func AI(s AIServer, client *http.Client) Check {
	if client == nil {
		client = http.DefaultClient
	}
	return Check{Component: AIComponent, Run: func(ctx context.Context) Finding {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(s.BaseURL, "/")+"/models", nil)
		if err != nil {
			return Finding{State: Outage, Detail: "The AI provider cannot be reached.", Err: err}
		}
		if s.APIKey != "" {
			req.Header.Set("Authorization", "Bearer "+s.APIKey)
		}
		res, err := client.Do(req)
		if err != nil {
			return Finding{State: Outage, Detail: "The AI provider cannot be reached.", Err: err}
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<16))
		res.Body.Close()
		switch {
		case res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden:
			return Finding{State: Outage, Detail: "The AI provider refused our key.", Err: fmt.Errorf("GET /models: %s", res.Status)}
		case res.StatusCode == http.StatusTooManyRequests:
			return Finding{State: Degraded, Detail: "The AI provider is limiting our requests.", Err: fmt.Errorf("GET /models: %s", res.Status)}
		case res.StatusCode >= 500:
			return Finding{State: Outage, Detail: "The AI provider is failing.", Err: fmt.Errorf("GET /models: %s", res.Status)}
		}
		return Finding{State: Operational, Detail: "The AI provider is answering."}
	}}
}

// count writes n with the word that agrees with it: "1 job", "3 jobs".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Components are every part the status page may list, in its order: the
// names of parts that incidents named stay readable when a service is no
// longer configured.
var Components = []Component{DatabaseComponent, JobsComponent, EmailComponent, StripeComponent, AIComponent}

// ComponentName names the part key; the key itself when unknown.
func ComponentName(key string) string {
	for _, c := range Components {
		if c.Key == key {
			return c.Name
		}
	}
	return key
}

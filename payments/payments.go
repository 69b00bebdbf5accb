// Package payments is the boundary with Stripe, which takes the payments
// for the paid plans: the API client the app uses. What a checkout asks
// and what Stripe's events mean are the domain's (domain/stripe.go).
package payments

import (
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v85"
)

// NewClient is the Stripe API client for secretKey, talking to apiBase
// instead of api.stripe.com when it is set (stripe-mock in tests). The app
// logs Stripe failures itself, so the library's own logger is off.
func NewClient(secretKey, apiBase string) *stripe.Client {
	cfg := &stripe.BackendConfig{
		HTTPClient:        &http.Client{Timeout: 20 * time.Second},
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
		MaxNetworkRetries: stripe.Int64(2),
	}
	if apiBase != "" {
		cfg.URL = stripe.String(apiBase)
	}
	return stripe.NewClient(secretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg)))
}

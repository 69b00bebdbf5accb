package handlers

import (
	"errors"
	"io"
	"net/http"

	"bizprofile/clientgone"
	"bizprofile/domain"

	"github.com/stripe/stripe-go/v85/webhook"
)

// stripeWebhook receives Stripe's events. The signature is checked on the
// raw body before anything is read from it; each event id is applied once
// (in the transaction that records it); subscriptions are updated from the
// objects' own state, never older over newer. A 2xx tells Stripe the event
// is done with; any other answer makes it deliver the event again later.
func (h *Handlers) stripeWebhook(w http.ResponseWriter, r *http.Request) {
	log := h.log.With("request_id", requestID(r.Context()))
	// Until its signature is checked a post is anybody's: what refuses it
	// logs at WARN, within a budget.
	refused := func(reason string, args ...any) {
		if ok, dropped := h.webhookLog.Allow("stripe webhook refused"); ok {
			log.Warn("stripe webhook refused", append([]any{"reason", reason, "ip", clientIP(r), "dropped_before", dropped}, args...)...)
		}
	}
	if h.stripeWebhookSecret == "" {
		refused("webhooks are not configured (STRIPE_WEBHOOK_SECRET is not set)")
		http.Error(w, "Webhooks are not configured.", http.StatusServiceUnavailable)
		return
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			refused("body too large")
			http.Error(w, "Too large.", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "Could not read the body.", http.StatusBadRequest)
		return
	}
	ev, err := webhook.ConstructEvent(body, r.Header.Get("Stripe-Signature"), h.stripeWebhookSecret)
	if err != nil {
		refused(err.Error())
		http.Error(w, "Invalid signature.", http.StatusBadRequest)
		return
	}
	log = log.With("event_id", ev.ID, "event_type", string(ev.Type))
	if ev.Data == nil {
		log.Warn("stripe webhook refused", "reason", "event without data")
		http.Error(w, "Event without data.", http.StatusBadRequest)
		return
	}
	first, err := h.domain.Plans.ApplyStripeEvent(r.Context(), ev)
	var bad domain.BadEvent
	switch {
	case errors.As(err, &bad):
		log.Error("stripe event not applied", "reason", bad.Error())
		http.Error(w, "Unreadable event.", http.StatusBadRequest)
		return
	case err != nil:
		clientgone.Error(log, r, "stripe event not applied", "error", err)
		http.Error(w, "Try again later.", http.StatusInternalServerError)
		return
	case !first:
		log.Info("stripe event already processed")
	default:
		log.Info("stripe event processed")
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte(`{"received":true}` + "\n"))
}

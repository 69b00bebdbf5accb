package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"bizprofile/plans"
	"bizprofile/store"
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
		if ok, dropped := h.webhookLog.allow("stripe webhook refused"); ok {
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
	first, err := h.store.ProcessStripeEvent(r.Context(), ev.ID, string(ev.Type), func(b *store.BillingTx) error {
		return h.applyStripeEvent(r.Context(), b, ev)
	})
	var bad badEvent
	switch {
	case errors.As(err, &bad):
		log.Error("stripe event not applied", "reason", bad.Error())
		http.Error(w, "Unreadable event.", http.StatusBadRequest)
		return
	case err != nil:
		log.Error("stripe event not applied", "error", err)
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

// badEvent is a signed event whose object cannot be read: retrying will
// not help, so it is refused rather than failed.
type badEvent struct{ err error }

func (e badEvent) Error() string { return e.err.Error() }

// Ranks of events that happen in the same second: a subscription is
// created, then updated, then deleted.
const (
	rankCreated = iota
	rankUpdated
	rankDeleted
)

// applyStripeEvent keeps the subscriptions table current from one event.
// Event types the app does not use are recorded and otherwise ignored.
func (h *Handlers) applyStripeEvent(ctx context.Context, b *store.BillingTx, ev stripe.Event) error {
	switch ev.Type {
	case stripe.EventTypeCheckoutSessionCompleted:
		var s stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
			return badEvent{fmt.Errorf("checkout session: %w", err)}
		}
		if s.Mode != stripe.CheckoutSessionModeSubscription || s.Subscription == nil || s.Subscription.ID == "" {
			return nil
		}
		userID := metadataUserID(s.ClientReferenceID, s.Metadata)
		if userID == 0 {
			h.log.Warn("checkout without a user", "event_id", ev.ID, "subscription", s.Subscription.ID)
			return nil
		}
		return b.LinkSubscription(ctx, store.SubscriptionLink{
			SubscriptionID: s.Subscription.ID,
			CustomerID:     customerID(s.Customer),
			UserID:         userID,
			Plan:           knownPlan(s.Metadata["plan"]),
		})

	case stripe.EventTypeCustomerSubscriptionCreated, stripe.EventTypeCustomerSubscriptionUpdated, stripe.EventTypeCustomerSubscriptionDeleted:
		var sub stripe.Subscription
		if err := json.Unmarshal(ev.Data.Raw, &sub); err != nil || sub.ID == "" {
			return badEvent{fmt.Errorf("subscription: %v", err)}
		}
		rank := rankUpdated
		switch ev.Type {
		case stripe.EventTypeCustomerSubscriptionCreated:
			rank = rankCreated
		case stripe.EventTypeCustomerSubscriptionDeleted:
			rank = rankDeleted
		}
		st := store.SubscriptionState{
			SubscriptionID:    sub.ID,
			CustomerID:        customerID(sub.Customer),
			UserID:            metadataUserID("", sub.Metadata),
			Plan:              subscriptionPlan(&sub),
			Status:            string(sub.Status),
			CurrentPeriodEnd:  subscriptionEnd(&sub),
			CancelAtPeriodEnd: sub.CancelAtPeriodEnd || sub.CancelAt > 0,
			At:                ev.Created,
			Rank:              rank,
		}
		applied, err := b.ApplySubscriptionState(ctx, st)
		if err == nil && !applied {
			h.log.Info("stripe event older than the subscription's state: ignored", "event_id", ev.ID, "subscription", sub.ID)
		}
		return err

	case stripe.EventTypeInvoicePaid, stripe.EventTypeInvoicePaymentFailed:
		var inv stripe.Invoice
		if err := json.Unmarshal(ev.Data.Raw, &inv); err != nil {
			return badEvent{fmt.Errorf("invoice: %w", err)}
		}
		subID := invoiceSubscription(&inv)
		if subID == "" {
			return nil
		}
		if ev.Type == stripe.EventTypeInvoicePaymentFailed {
			_, err := b.ChangeSubscriptionStatus(ctx, subID, []string{store.StatusActive, store.StatusTrialing}, store.StatusPastDue, ev.Created, rankUpdated)
			return err
		}
		// A paid invoice settles a payment that was due; one that charged
		// money also ends a trial.
		from := []string{store.StatusPastDue, store.StatusUnpaid, store.StatusIncomplete}
		if inv.AmountPaid > 0 {
			from = append(from, store.StatusTrialing)
		}
		if _, err := b.ChangeSubscriptionStatus(ctx, subID, from, store.StatusActive, ev.Created, rankUpdated); err != nil {
			return err
		}
		if end := invoicePeriodEnd(&inv, subID); !end.IsZero() {
			return b.ExtendSubscriptionPeriod(ctx, subID, end)
		}
	}
	return nil
}

// metadataUserID reads the user id the checkout put on Stripe's objects.
func metadataUserID(clientReference string, meta map[string]string) int64 {
	for _, v := range []string{clientReference, meta["user_id"]} {
		if id, err := strconv.ParseInt(v, 10, 64); err == nil && id > 0 {
			return id
		}
	}
	return 0
}

func customerID(c *stripe.Customer) string {
	if c == nil {
		return ""
	}
	return c.ID
}

// knownPlan is id when it names a paid plan of the catalogue, "" otherwise.
func knownPlan(id string) string {
	if p, ok := plans.ByID(id); ok && !p.Free() {
		return id
	}
	return ""
}

// subscriptionPlan tells which plan a subscription is for, from its price:
// the price's (or product's) plan metadata, else a paid plan of the
// catalogue with the same monthly amount, else the plan the checkout wrote
// on the subscription. The price comes first because a plan change in the
// billing portal changes the price, not the subscription's metadata.
func subscriptionPlan(sub *stripe.Subscription) string {
	if sub.Items != nil {
		for _, it := range sub.Items.Data {
			if it == nil || it.Price == nil {
				continue
			}
			if id := knownPlan(it.Price.Metadata["plan"]); id != "" {
				return id
			}
			if it.Price.Product != nil {
				if id := knownPlan(it.Price.Product.Metadata["plan"]); id != "" {
					return id
				}
			}
			for _, p := range plans.All {
				if !p.Free() && p.AmountCents() == it.Price.UnitAmount && it.Price.Recurring != nil && string(it.Price.Recurring.Interval) == p.Period {
					return p.ID
				}
			}
		}
	}
	return knownPlan(sub.Metadata["plan"])
}

// subscriptionEnd is when the subscription's current period ends (the
// latest of its items' periods), or its scheduled cancellation if that
// comes first.
func subscriptionEnd(sub *stripe.Subscription) time.Time {
	var end int64
	if sub.Items != nil {
		for _, it := range sub.Items.Data {
			if it != nil && it.CurrentPeriodEnd > end {
				end = it.CurrentPeriodEnd
			}
		}
	}
	if sub.CancelAt > 0 && (end == 0 || sub.CancelAt < end) {
		end = sub.CancelAt
	}
	if end == 0 {
		return time.Time{}
	}
	return time.Unix(end, 0).UTC()
}

// invoiceSubscription is the id of the subscription that billed the
// invoice, or "".
func invoiceSubscription(inv *stripe.Invoice) string {
	if inv.Parent != nil && inv.Parent.SubscriptionDetails != nil && inv.Parent.SubscriptionDetails.Subscription != nil {
		return inv.Parent.SubscriptionDetails.Subscription.ID
	}
	return ""
}

// invoicePeriodEnd is the end of the service period the invoice billed for
// subscription subID (the latest of its lines).
func invoicePeriodEnd(inv *stripe.Invoice, subID string) time.Time {
	var end int64
	if inv.Lines != nil {
		for _, l := range inv.Lines.Data {
			if l == nil || l.Period == nil {
				continue
			}
			if l.Subscription != nil && l.Subscription.ID != "" && l.Subscription.ID != subID {
				continue
			}
			if l.Period.End > end {
				end = l.Period.End
			}
		}
	}
	if end == 0 {
		return time.Time{}
	}
	return time.Unix(end, 0).UTC()
}

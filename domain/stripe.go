package domain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/stripe/stripe-go/v85"

	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
)

// Payments go through Stripe: a checkout opens a subscription, and
// Stripe's events keep it current here (signed webhooks, checked by the
// handler that receives them).

// BadEvent is a signed event whose object cannot be read: retrying will
// not help, so it is refused rather than failed.
type BadEvent struct{ err error }

func (e BadEvent) Error() string { return e.err.Error() }

// ApplyStripeEvent keeps the subscriptions current from one of Stripe's
// events, whose signature the caller checked: each event id is applied
// once (in the transaction that records it), and subscriptions are
// updated from the objects' own state, never older over newer. It reports
// whether the event was new; BadEvent says it cannot be read.
func (p *Plans) ApplyStripeEvent(ctx context.Context, ev stripe.Event) (first bool, err error) {
	return p.store.ProcessStripeEvent(ctx, ev.ID, string(ev.Type), func(b *store.BillingTx) error {
		return p.applyStripeEvent(ctx, b, ev)
	})
}

// Ranks of events that happen in the same second: a subscription is
// created, then updated, then deleted.
const (
	rankCreated = iota
	rankUpdated
	rankDeleted
)

// applyStripeEvent keeps the subscriptions table current from one event.
// Event types the app does not use are recorded and otherwise ignored.
func (p *Plans) applyStripeEvent(ctx context.Context, b *store.BillingTx, ev stripe.Event) error {
	switch ev.Type {
	case stripe.EventTypeCheckoutSessionCompleted:
		var s stripe.CheckoutSession
		if err := json.Unmarshal(ev.Data.Raw, &s); err != nil {
			return BadEvent{fmt.Errorf("checkout session: %w", err)}
		}
		if s.Mode != stripe.CheckoutSessionModeSubscription || s.Subscription == nil || s.Subscription.ID == "" {
			return nil
		}
		userID := metadataUserID(s.ClientReferenceID, s.Metadata)
		if userID == 0 {
			p.log.Warn("checkout without a user", "event_id", ev.ID, "subscription", s.Subscription.ID)
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
			return BadEvent{fmt.Errorf("subscription: %v", err)}
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
			Plan:              SubscriptionPlan(&sub),
			Status:            string(sub.Status),
			CurrentPeriodEnd:  subscriptionEnd(&sub),
			CancelAtPeriodEnd: sub.CancelAtPeriodEnd || sub.CancelAt > 0,
			At:                ev.Created,
			Rank:              rank,
		}
		applied, err := b.ApplySubscriptionState(ctx, st)
		if err == nil && !applied {
			p.log.Info("stripe event older than the subscription's state: ignored", "event_id", ev.ID, "subscription", sub.ID)
		}
		return err

	case stripe.EventTypeInvoicePaid, stripe.EventTypeInvoicePaymentFailed:
		var inv stripe.Invoice
		if err := json.Unmarshal(ev.Data.Raw, &inv); err != nil {
			return BadEvent{fmt.Errorf("invoice: %w", err)}
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
			if err := b.ExtendSubscriptionPeriod(ctx, subID, end); err != nil {
				return err
			}
		}
		// A referred account's payment earns its partner a commission.
		return p.partners().earnCommission(ctx, b, ev, &inv, subID)

	case stripe.EventTypeChargeRefunded, stripe.EventTypeChargeDisputeCreated:
		// A refund or a dispute takes back the commission it paid.
		return p.partners().reverseCommission(ctx, b, ev)
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

// SubscriptionPlan tells which plan a subscription is for, from its price:
// the price's (or product's) plan metadata, else a paid plan of the
// catalogue with the same monthly amount, else the plan the checkout wrote
// on the subscription. The price comes first because a plan change in the
// billing portal changes the price, not the subscription's metadata.
func SubscriptionPlan(sub *stripe.Subscription) string {
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

// CheckoutParams describes the Checkout session of plan p for user u: a
// monthly subscription at the catalogue's price (dollars × 100 cents), with
// the free trial for a first subscription (no card asked: the trial ends
// in the free plan if none is added by then). Both the session and the
// subscription carry the user and the plan, so each webhook event can be
// matched to the user whatever order events arrive in. An existing Stripe
// customer is reused; otherwise Checkout creates one with the user's email.
func CheckoutParams(site bizmail.Site, p plans.Plan, u store.User, customerID string, trial bool) *stripe.CheckoutSessionCreateParams {
	userID := strconv.FormatInt(u.ID, 10)
	meta := map[string]string{"user_id": userID, "plan": p.ID}
	params := &stripe.CheckoutSessionCreateParams{
		Mode: stripe.String(string(stripe.CheckoutSessionModeSubscription)),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:   stripe.String(string(stripe.CurrencyUSD)),
				UnitAmount: stripe.Int64(p.AmountCents()),
				Recurring: &stripe.CheckoutSessionCreateLineItemPriceDataRecurringParams{
					Interval: stripe.String(p.Period),
				},
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{
					Name:     stripe.String(site.Name + " " + p.Name),
					Metadata: map[string]string{"plan": p.ID},
				},
			},
			Quantity: stripe.Int64(1),
		}},
		SubscriptionData: &stripe.CheckoutSessionCreateSubscriptionDataParams{
			Metadata: meta,
		},
		ClientReferenceID: stripe.String(userID),
		Metadata:          meta,
		SuccessURL:        stripe.String(site.BaseURL + "/dashboard?checkout=" + p.ID),
		CancelURL:         stripe.String(site.BaseURL + "/pricing"),
	}
	if customerID != "" {
		params.Customer = stripe.String(customerID)
	} else {
		params.CustomerEmail = stripe.String(u.Email)
	}
	if trial {
		params.PaymentMethodCollection = stripe.String(string(stripe.CheckoutSessionPaymentMethodCollectionIfRequired))
		params.SubscriptionData.TrialPeriodDays = stripe.Int64(plans.TrialDays)
		params.SubscriptionData.TrialSettings = &stripe.CheckoutSessionCreateSubscriptionDataTrialSettingsParams{
			EndBehavior: &stripe.CheckoutSessionCreateSubscriptionDataTrialSettingsEndBehaviorParams{
				MissingPaymentMethod: stripe.String(string(stripe.SubscriptionTrialSettingsEndBehaviorMissingPaymentMethodCancel)),
			},
		}
	}
	return params
}

// ErrPaymentsOff refuses a payment while Stripe is not configured
// (STRIPE_SECRET_KEY is not set).
var ErrPaymentsOff = errors.New("domain: payments are not configured (STRIPE_SECRET_KEY is not set)")

// ErrNoCustomer refuses the billing portal to an account Stripe does not
// know.
var ErrNoCustomer = errors.New("domain: the user has no Stripe customer")

// StartCheckout opens a Stripe Checkout session of plan p for the
// account's owner u, whose billing is bill (the free trial for a first
// subscription, their customer when they have one), and returns where
// Checkout is. ErrPaymentsOff says payments are not configured; another
// error, that Stripe refused.
func (p *Plans) StartCheckout(ctx context.Context, payments *stripe.Client, u store.User, plan plans.Plan, bill Billing) (string, error) {
	if payments == nil {
		return "", ErrPaymentsOff
	}
	ctx, cancel := context.WithTimeout(ctx, StripeTimeout)
	defer cancel()
	s, err := payments.V1CheckoutSessions.Create(ctx, CheckoutParams(p.site, plan, u, bill.Customer, bill.Latest == nil))
	switch {
	case err != nil:
		return "", fmt.Errorf("stripe refused the checkout session: %w", err)
	case s.URL == "":
		return "", errors.New("stripe returned a checkout session without a URL")
	}
	p.log.Info("checkout started", "user_id", u.ID, "plan", plan.ID, "session", s.ID)
	return s.URL, nil
}

// PortalURL opens a Stripe billing portal session for the account's owner
// u, Stripe's customer, where they change plan, update their card or
// cancel, and returns where it is. ErrPaymentsOff and ErrNoCustomer say
// why there is none; another error, that Stripe refused.
func (p *Plans) PortalURL(ctx context.Context, payments *stripe.Client, u store.User, customer string) (string, error) {
	switch {
	case payments == nil:
		return "", ErrPaymentsOff
	case customer == "":
		return "", ErrNoCustomer
	}
	ctx, cancel := context.WithTimeout(ctx, StripeTimeout)
	defer cancel()
	s, err := payments.V1BillingPortalSessions.Create(ctx, &stripe.BillingPortalSessionCreateParams{
		Customer: stripe.String(customer), ReturnURL: stripe.String(p.link("/dashboard")),
	})
	if err != nil || s.URL == "" {
		return "", fmt.Errorf("stripe refused the billing portal session: %v", err)
	}
	p.log.Info("billing portal opened", "user_id", u.ID)
	return s.URL, nil
}

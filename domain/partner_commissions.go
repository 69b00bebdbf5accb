package domain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"

	"bizprofile/catalog"
	"bizprofile/plans"
	"bizprofile/store"
)

// Commissions (issue 36): a referred account's paid invoices earn its
// partner a share, for plans.CommissionMonths from its first paid
// invoice; refunds and disputes take back the same share of what they
// return, even once it was paid out. Each comes from one Stripe event,
// applied in the transaction that records the event, so once.

// hold is how long a commission stays pending.
const hold = plans.HoldDays * 24 * time.Hour

// partners is the partner programme, for the Stripe events Plans applies.
func (p *Plans) partners() *Partners { return &Partners{p.env} }

// earnCommission records the commission a paid invoice earns the partner
// who referred its account, if any: the invoice must charge money, its
// account have an approved partner, and the invoice fall within the
// commission window, which the account's first paid invoice opens.
func (p *Partners) earnCommission(ctx context.Context, b *store.BillingTx, ev stripe.Event, inv *stripe.Invoice, subID string) error {
	if inv.AmountPaid <= 0 || inv.ID == "" {
		return nil
	}
	userID, err := b.SubscriptionOwner(ctx, subID)
	if err != nil {
		return err
	}
	if userID == 0 && inv.Parent != nil && inv.Parent.SubscriptionDetails != nil {
		userID = metadataUserID("", inv.Parent.SubscriptionDetails.Metadata)
	}
	if userID == 0 {
		return nil
	}
	ref, ok, err := b.ReferralOf(ctx, userID)
	if err != nil || !ok {
		return err
	}
	plan, ok := plans.PartnerPlanByID(ref.Plan)
	if !ok {
		p.log.Warn("partner on an unknown plan: no commission", "partner_id", ref.PartnerID, "plan", ref.Plan, "invoice", inv.ID)
		return nil
	}
	paid := time.Unix(ev.Created, 0).UTC()
	if inv.StatusTransitions != nil && inv.StatusTransitions.PaidAt > 0 {
		paid = time.Unix(inv.StatusTransitions.PaidAt, 0).UTC()
	}
	at := paid
	if inv.PeriodStart > 0 {
		at = time.Unix(inv.PeriodStart, 0).UTC()
	}
	start, err := b.StartReferralWindow(ctx, userID, at)
	if err != nil {
		return err
	}
	if !at.Before(start.AddDate(0, plans.CommissionMonths, 0)) {
		return nil
	}
	c := store.NewCommission{
		PartnerID: ref.PartnerID, ReferredUserID: userID,
		AmountCents: inv.AmountPaid * int64(plan.CommissionPercent) / 100, BaseCents: inv.AmountPaid, RatePercent: plan.CommissionPercent,
		Currency: strings.ToLower(string(inv.Currency)), InvoiceID: inv.ID, StripeEventID: ev.ID,
		PayableAt: paid.Add(hold), At: p.now(),
	}
	if c.Currency == "" {
		c.Currency = string(stripe.CurrencyUSD)
	}
	if inv.Payments != nil {
		for _, ip := range inv.Payments.Data {
			if ip == nil || ip.Payment == nil {
				continue
			}
			if ip.Payment.Charge != nil && c.ChargeID == "" {
				c.ChargeID = ip.Payment.Charge.ID
			}
			if ip.Payment.PaymentIntent != nil && c.IntentID == "" {
				c.IntentID = ip.Payment.PaymentIntent.ID
			}
		}
	}
	added, err := b.AddCommission(ctx, c)
	if added {
		p.log.Info("partner commission", "partner_id", c.PartnerID, "invoice", c.InvoiceID, "cents", c.AmountCents, "currency", c.Currency)
	}
	return err
}

// reverseCommission takes back from the commission of a refunded or
// disputed charge the share of what the customer got back: a refund's
// share of the amount refunded so far (Stripe's charge.refunded carries
// the total), less what earlier refunds took; a dispute's share of the
// disputed amount. Neither takes more than what remains of the
// commission.
func (p *Partners) reverseCommission(ctx context.Context, b *store.BillingTx, ev stripe.Event) error {
	var (
		chargeID, intentID string
		kind               = store.LedgerRefund
		share              func(c store.LedgerEntry) (int64, error)
	)
	switch ev.Type {
	case stripe.EventTypeChargeRefunded:
		var ch stripe.Charge
		if err := json.Unmarshal(ev.Data.Raw, &ch); err != nil {
			return BadEvent{fmt.Errorf("charge: %w", err)}
		}
		chargeID = ch.ID
		if ch.PaymentIntent != nil {
			intentID = ch.PaymentIntent.ID
		}
		share = func(c store.LedgerEntry) (int64, error) {
			if ch.Amount <= 0 {
				return 0, nil
			}
			taken, err := b.ReversedBy(ctx, c.ID, store.LedgerRefund)
			return c.AmountCents*min(ch.AmountRefunded, ch.Amount)/ch.Amount - taken, err
		}
	case stripe.EventTypeChargeDisputeCreated:
		var d stripe.Dispute
		if err := json.Unmarshal(ev.Data.Raw, &d); err != nil {
			return BadEvent{fmt.Errorf("dispute: %w", err)}
		}
		kind = store.LedgerDispute
		if d.Charge != nil {
			chargeID = d.Charge.ID
		}
		if d.PaymentIntent != nil {
			intentID = d.PaymentIntent.ID
		}
		share = func(c store.LedgerEntry) (int64, error) {
			if c.BaseCents <= 0 {
				return c.AmountCents, nil
			}
			return c.AmountCents * min(d.Amount, c.BaseCents) / c.BaseCents, nil
		}
	default:
		return nil
	}
	c, ok, err := b.CommissionByPayment(ctx, chargeID, intentID)
	if err != nil || !ok {
		return err
	}
	cents, err := share(c)
	if err != nil {
		return err
	}
	if cents = min(cents, c.Remaining()); cents <= 0 {
		return nil
	}
	p.log.Info("partner commission reversed", "kind", kind, "commission_id", c.ID, "partner_id", c.PartnerID, "cents", cents)
	return b.AddReversal(ctx, c, p.reversal(c, kind, cents, ev.ID))
}

// reversal is a reversal of cents of commission c, payable when c is (or
// now, when c is payable already): a reversal of a pending commission
// stays pending with it, so the two mature together.
func (p *Partners) reversal(c store.LedgerEntry, kind string, cents int64, eventID string) store.Reversal {
	now := p.now().UTC()
	payable := now
	if c.PayableAt.After(now) {
		payable = c.PayableAt
	}
	return store.Reversal{Kind: kind, Cents: cents, StripeEventID: eventID, PayableAt: payable, At: now}
}

// ErrNothingToVoid refuses to void a commission that its reversals took
// back already.
var ErrNothingToVoid = errors.New("domain: nothing is left of the commission to void")

// VoidCommission reverses what remains of commission id on administrator
// adminID's word, with their reason (required: field "reason").
func (p *Partners) VoidCommission(ctx context.Context, adminID, id int64, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Invalid(catalog.FieldErrors{"reason": "Say why the commission is voided: the partner sees it."})
	}
	voided := false
	c, err := p.store.VoidCommission(ctx, id, func(c store.LedgerEntry) (store.Reversal, bool) {
		if c.Remaining() <= 0 {
			return store.Reversal{}, false
		}
		r := p.reversal(c, store.LedgerVoid, c.Remaining(), "")
		r.Note, r.CreatedBy = reason, adminID
		voided = true
		return r, true
	})
	switch {
	case err != nil:
		return err
	case !voided:
		return ErrNothingToVoid
	}
	p.log.Info("partner commission voided", "commission_id", id, "partner_id", c.PartnerID, "cents", c.Remaining(), "admin_id", adminID)
	return nil
}

package domain

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/stripe/stripe-go/v85"

	"bizprofile/store"
)

// Stripe Connect (issue 36): an approved partner connects an Express
// account from their dashboard; once Stripe says it can be paid, their
// monthly payouts go to it by transfer instead of by hand.

// ConnectReturnPath is where Stripe's onboarding sends the partner back
// (and where an expired onboarding link refreshes from).
const ConnectReturnPath = "/partners/dashboard/connect/return"

// ErrPartnerNotApproved refuses Connect to a partner the programme has
// not approved.
var ErrPartnerNotApproved = errors.New("domain: the partner is not approved")

// StartConnect gives partner pa its Express account, once, and returns
// the address of Stripe's onboarding for it. ErrPaymentsOff says Stripe
// is not configured; ErrPartnerNotApproved, that pa may not connect;
// another error, that Stripe refused.
func (p *Partners) StartConnect(ctx context.Context, payments *stripe.Client, pa store.Partner) (string, error) {
	switch {
	case payments == nil:
		return "", ErrPaymentsOff
	case pa.State != store.PartnerApproved:
		return "", ErrPartnerNotApproved
	}
	ctx, cancel := context.WithTimeout(ctx, StripeTimeout)
	defer cancel()
	account := pa.ConnectAccountID
	if account == "" {
		params := &stripe.AccountCreateParams{
			Type:     stripe.String(string(stripe.AccountTypeExpress)),
			Email:    stripe.String(pa.Email),
			Metadata: map[string]string{"partner_id": strconv.FormatInt(pa.UserID, 10)},
		}
		// Two clicks at once create one account.
		params.IdempotencyKey = stripe.String("partner-connect-" + strconv.FormatInt(pa.UserID, 10))
		a, err := payments.V1Accounts.Create(ctx, params)
		if err != nil {
			return "", fmt.Errorf("stripe refused the connect account: %w", err)
		}
		if account, err = p.store.SetPartnerConnectAccount(ctx, pa.UserID, a.ID); err != nil {
			return "", err
		}
		p.log.Info("partner connect account created", "partner_id", pa.UserID, "account", account)
	}
	back := p.link(ConnectReturnPath)
	l, err := payments.V1AccountLinks.Create(ctx, &stripe.AccountLinkCreateParams{
		Account: stripe.String(account), RefreshURL: stripe.String(back), ReturnURL: stripe.String(back),
		Type: stripe.String("account_onboarding"),
	})
	switch {
	case err != nil:
		return "", fmt.Errorf("stripe refused the onboarding link: %w", err)
	case l.URL == "":
		return "", errors.New("stripe returned an onboarding link without a URL")
	}
	return l.URL, nil
}

// FinishConnect reads partner pa's Connect account back from Stripe and
// records whether it can be paid (its details submitted and payouts
// enabled), which it reports.
func (p *Partners) FinishConnect(ctx context.Context, payments *stripe.Client, pa store.Partner) (bool, error) {
	switch {
	case payments == nil:
		return false, ErrPaymentsOff
	case pa.ConnectAccountID == "":
		return false, nil
	}
	ctx, cancel := context.WithTimeout(ctx, StripeTimeout)
	defer cancel()
	a, err := payments.V1Accounts.GetByID(ctx, pa.ConnectAccountID, nil)
	if err != nil {
		return false, fmt.Errorf("stripe refused to read the connect account: %w", err)
	}
	ready := a.DetailsSubmitted && a.PayoutsEnabled
	if err := p.store.SetPartnerConnectReady(ctx, pa.UserID, ready); err != nil {
		return false, err
	}
	p.log.Info("partner connect account read", "partner_id", pa.UserID, "account", pa.ConnectAccountID, "ready", ready)
	return ready, nil
}

package domain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/stripe/stripe-go/v85"

	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
)

// Closing an account (/profile/close): the password asked again, paid
// plans cancelled at Stripe first, then everything else in one
// transaction (store.CloseAccount) with the email that confirms it. It
// closes the user's own account: an owner's business account goes with it
// (its team members' rows go too, so they lose access at once); a team
// member owns no listings or plan, so they only leave the team (and their
// notes and replies on the account's leads and reviews stay, unsigned).

// PlansNotCancelled says a paid plan of the account could not be
// cancelled at Stripe (or payments are not configured), and why: nothing
// was closed.
type PlansNotCancelled struct{ Err error }

func (e PlansNotCancelled) Error() string { return e.Err.Error() }
func (e PlansNotCancelled) Unwrap() error { return e.Err }

// StripeTimeout bounds one call to Stripe while a visitor waits.
const StripeTimeout = 20 * time.Second

// Closing is what closing an account would do, as its confirmation page
// says before asking for the password.
type Closing struct {
	// MemberOf names the owner of the business account a team member
	// works in: closing their own account takes them out of the team and
	// leaves the business account as it is.
	MemberOf string
	Members  []string // an owner's team members' addresses: they lose access
	Listings []string // the listings that leave the directory
	Plans    []string // the paid plans cancelled at once
	// LastAdmin: the account is the only one that may use /admin (admin
	// says it may).
	LastAdmin bool
}

// Closing is what closing u's account would do; admin says u may use
// /admin.
func (a *Accounts) Closing(ctx context.Context, u store.User, admin bool) (Closing, error) {
	var c Closing
	var err error
	if c.MemberOf, err = a.OwnerName(ctx, u); err != nil {
		return c, err
	}
	if !u.Member() {
		mates, err := a.store.TeamMatesOf(ctx, u.ID)
		if err != nil {
			return c, err
		}
		for _, m := range mates {
			c.Members = append(c.Members, m.Email)
		}
	}
	bs, err := a.store.BusinessesOwnedBy(ctx, u.ID)
	if err != nil {
		return c, err
	}
	for _, b := range bs {
		c.Listings = append(c.Listings, b.Name)
	}
	subs, err := a.store.LiveSubscriptions(ctx, u.ID)
	if err != nil {
		return c, err
	}
	c.Plans = planNames(subs)
	if admin {
		others, err := a.store.OtherAdministrators(ctx, u.ID, a.adminEmails)
		if err != nil {
			return c, err
		}
		c.LastAdmin = others == 0
	}
	return c, nil
}

// Closed is what closing an account removed, and the plans it cancelled.
type Closed struct {
	store.ClosedAccount
	PlansCancelled []string
}

// Close closes u's account after checking their password, asked again
// (re: Invalid under current_password, PasswordHeld): it cancels u's paid plans at Stripe with payments
// first (PlansNotCancelled: nothing was closed), then deletes the
// account's data, queues its images' deletion and the confirmation email
// in one transaction. When that fails, Closed still names the plans it
// cancelled.
func (a *Accounts) Close(ctx context.Context, u store.User, re Reauth, payments *stripe.Client) (Closed, error) {
	if err := a.CheckCurrentPassword(ctx, u, re); err != nil {
		return Closed{}, err
	}
	cancelled, err := a.cancelPlans(ctx, u.ID, payments)
	if err != nil {
		return Closed{}, PlansNotCancelled{err}
	}
	c, err := a.store.CloseAccount(ctx, u.ID, func(tx *store.Store, c store.ClosedAccount) error {
		if err := forgetImages(ctx, tx, c.Images); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.AccountClosed(a.site, c.Email, bizmail.AccountClosing{
			Listings: c.Listings, LeadsErased: c.LeadsErased, ReviewsDeleted: c.ReviewsDeleted,
			QuoteRequests: c.QuoteRequests, PlansCancelled: cancelled, Images: len(c.Images),
		}))
	})
	return Closed{ClosedAccount: c, PlansCancelled: cancelled}, err
}

// cancelPlans cancels at once, at Stripe, every subscription of userID
// that Stripe may still charge, and names their plans. One Stripe no
// longer knows is already gone. Without a Stripe client, a live
// subscription cannot be cancelled.
func (a *Accounts) cancelPlans(ctx context.Context, userID int64, payments *stripe.Client) ([]string, error) {
	subs, err := a.store.LiveSubscriptions(ctx, userID)
	if err != nil || len(subs) == 0 {
		return nil, err
	}
	if payments == nil {
		return nil, errors.New("payments are not configured (STRIPE_SECRET_KEY is not set)")
	}
	ctx, cancel := context.WithTimeout(ctx, StripeTimeout)
	defer cancel()
	for _, s := range subs {
		_, err := payments.V1Subscriptions.Cancel(ctx, s.ID, &stripe.SubscriptionCancelParams{})
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeResourceMissing {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("cancel subscription %s: %w", s.ID, err)
		}
		a.log.Info("subscription cancelled for a closing account", "user_id", userID, "subscription", s.ID, "plan", s.Plan)
	}
	return planNames(subs), nil
}

// planNames names the plans of subs, each once, in the catalogue's words.
func planNames(subs []store.Subscription) []string {
	var names []string
	for _, s := range subs {
		name := "paid"
		if p, ok := plans.ByID(s.Plan); ok {
			name = p.Name
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

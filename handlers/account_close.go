package handlers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"

	"github.com/stripe/stripe-go/v85"

	"bizprofile/catalog"
	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// Closing an account (/profile/close): the password asked again, paid
// plans cancelled at Stripe first, then everything else in one
// transaction (store.CloseAccount) with the email that confirms it, and
// every session of the account ended. It closes the user's own account,
// always by u.ID: an owner's business account goes with it (its team
// members' rows go too, so they lose access at once); a team member owns
// no listings or plan, so they only leave the team (and their notes and
// replies on the account's leads and reviews stay, unsigned).

// closedToast is what the home page says once the account is closed.
var closedToast = views.Toast{Title: "Your account is closed", Description: "We emailed you a confirmation of what was removed."}

// closeAccountView fills the confirmation page for the signed-in user.
func (h *Handlers) closeAccountView(ctx context.Context, u *store.User) (views.AccountCloseView, error) {
	v := views.AccountCloseView{Email: u.Email, Individual: u.Kind == store.KindIndividual, Errors: catalog.FieldErrors{}}
	// A member closes their own user account only: they leave the team,
	// and the business account (the owner's listings, leads, plan) stays.
	// An owner's members lose access with the account.
	var err error
	if v.MemberOf, err = h.accountOwnerName(ctx, u); err != nil {
		return v, err
	}
	if !u.Member() {
		mates, err := h.store.TeamMatesOf(ctx, u.ID)
		if err != nil {
			return v, err
		}
		for _, m := range mates {
			v.Members = append(v.Members, m.Email)
		}
	}
	bs, err := h.store.BusinessesOwnedBy(ctx, u.ID)
	if err != nil {
		return v, err
	}
	for _, b := range bs {
		v.Listings = append(v.Listings, b.Name)
	}
	subs, err := h.store.LiveSubscriptions(ctx, u.ID)
	if err != nil {
		return v, err
	}
	v.Plans = planNames(subs)
	if h.isAdmin(u) {
		others, err := h.store.OtherAdministrators(ctx, u.ID, h.adminEmails)
		if err != nil {
			return v, err
		}
		v.LastAdmin = others == 0
	}
	return v, nil
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

// closeAccountPage asks for the password, saying what closing does.
func (h *Handlers) closeAccountPage(w http.ResponseWriter, r *http.Request) {
	v, err := h.closeAccountView(r.Context(), currentUser(r))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, views.AccountClosePage(h.chrome(r), v))
}

// errPaymentsOff is why a paid plan cannot be cancelled when Stripe is not
// configured.
var errPaymentsOff = errors.New("payments are not configured (STRIPE_SECRET_KEY is not set)")

// closeAccount closes the signed-in user's account after checking their
// password. A paid plan is cancelled at Stripe first: if Stripe fails,
// nothing is closed and the page says so (503). Then the account's data
// goes in one transaction with the confirmation email, and the user is
// signed out here and everywhere else (their sessions name an account
// that no longer exists).
func (h *Handlers) closeAccount(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	ctx, u := r.Context(), currentUser(r)
	v, err := h.closeAccountView(ctx, u)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if !checkPassword(u.PasswordHash, r.PostFormValue("current_password")) {
		v.Errors["current_password"] = "That is not your password."
		if r.PostFormValue("current_password") == "" {
			v.Errors["current_password"] = "Enter your password."
		}
		h.render(w, r, http.StatusUnprocessableEntity, views.AccountClosePage(h.chrome(r), v))
		return
	}
	log := h.log.With("user_id", u.ID, "request_id", requestID(ctx))

	cancelled, err := h.cancelPlans(ctx, u.ID)
	if err != nil {
		log.Error("account not closed", "reason", "its paid plan could not be cancelled at Stripe", slog.Any("error", err))
		v.Problem = "We could not cancel your paid plan with our payment provider just now, so your account is still open and nothing was removed. Please try again in a few minutes, or write to " + h.site.SupportEmail + "."
		h.render(w, r, http.StatusServiceUnavailable, views.AccountClosePage(h.chrome(r), v))
		return
	}

	closed, err := h.store.CloseAccount(ctx, u.ID, func(tx *store.Store, c store.ClosedAccount) error {
		if err := h.domain.Images.Forget(ctx, tx, c.Images); err != nil {
			return err
		}
		return domain.QueueMail(ctx, tx, bizmail.AccountClosed(h.domain.Site(), c.Email, bizmail.AccountClosing{
			Listings: c.Listings, LeadsErased: c.LeadsErased, ReviewsDeleted: c.ReviewsDeleted,
			QuoteRequests: c.QuoteRequests, PlansCancelled: cancelled, Images: len(c.Images),
		}))
	})
	if err != nil {
		log.Error("account not closed", "reason", "the database refused", slog.Any("error", err), "plans_cancelled", len(cancelled))
		v.Problem = "We could not close your account just now; nothing was removed. Please try again in a few minutes, or write to " + h.site.SupportEmail + "."
		if len(cancelled) > 0 {
			v.Problem = "We cancelled your paid plan, but could not close your account just now; nothing else was removed. Please try again in a few minutes, or write to " + h.site.SupportEmail + "."
			v.Plans = nil
		}
		h.render(w, r, http.StatusServiceUnavailable, views.AccountClosePage(h.chrome(r), v))
		return
	}
	log.Info("account closed", "listings", len(closed.Listings), "leads_erased", closed.LeadsErased,
		"reviews_deleted", closed.ReviewsDeleted, "quote_requests_deleted", closed.QuoteRequests, "images_deleted", len(closed.Images), "plans_cancelled", len(cancelled))
	if err := h.sessions.Destroy(ctx); err != nil {
		// The account is gone: the session names nobody and signs nobody in.
		log.Warn("session of a closed account not destroyed", slog.Any("error", err))
	}
	h.flash(r, closedToast)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// cancelPlans cancels at once, at Stripe, every subscription of userID
// that Stripe may still charge, and names their plans. One Stripe no
// longer knows is already gone. Without a Stripe client, a live
// subscription cannot be cancelled (errPaymentsOff).
func (h *Handlers) cancelPlans(ctx context.Context, userID int64) ([]string, error) {
	subs, err := h.store.LiveSubscriptions(ctx, userID)
	if err != nil || len(subs) == 0 {
		return nil, err
	}
	if h.stripe == nil {
		return nil, errPaymentsOff
	}
	ctx, cancel := context.WithTimeout(ctx, stripeTimeout)
	defer cancel()
	for _, s := range subs {
		_, err := h.stripe.V1Subscriptions.Cancel(ctx, s.ID, &stripe.SubscriptionCancelParams{})
		var se *stripe.Error
		if errors.As(err, &se) && se.Code == stripe.ErrorCodeResourceMissing {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("cancel subscription %s: %w", s.ID, err)
		}
		h.log.Info("subscription cancelled for a closing account", "user_id", userID, "subscription", s.ID, "plan", s.Plan)
	}
	return planNames(subs), nil
}

package handlers

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/url"

	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// billingOf is the billing of an account now (domain.Plans.Of): pass
// u.Account(), so a member works on the owner's plan.
func (h *Handlers) billingOf(ctx context.Context, accountID int64) (domain.Billing, error) {
	return h.domain.Plans.Of(ctx, accountID)
}

// pricing shows the plan catalogue; a signed-in user sees which plan is
// theirs.
func (h *Handlers) pricing(w http.ResponseWriter, r *http.Request) {
	var v views.PricingView
	if u := currentUser(r); u != nil {
		b, err := h.billingOf(r.Context(), u.Account())
		if h.broken(w, r, err) {
			return
		}
		v = views.PricingView{SignedIn: true, CurrentPlan: b.Plan.ID, PaymentsOff: h.stripe == nil}
		// A member sees the account's plan; the owner alone changes it.
		if v.Owner, err = h.domain.Accounts.OwnerName(r.Context(), *u); err != nil {
			h.serverError(w, r, err)
			return
		}
	}
	h.render(w, r, http.StatusOK, views.PricingPage(h.chrome(r), v))
}

// Toasts of plan choice (spec §8).
var (
	paymentFailedToast = views.Toast{Title: "Error", Description: "Failed to process payment. Please try again.", Variant: "destructive"}
	// paymentsOffToast: no payment was attempted (STRIPE_SECRET_KEY unset).
	paymentsOffToast = views.Toast{Title: "Payments are not set up", Description: "Paid plans cannot be bought on this site yet, so no payment was attempted. Your plan is unchanged.", Variant: "destructive"}
	// freePlanSignUpToast greets a signed-out visitor who chose the free
	// plan on the business sign-up page: the plan needs an account.
	freePlanSignUpToast = views.Toast{Title: "Free Plan Selected", Description: "Create your business account: every account starts on the free " + plans.Free().Name + " plan."}
)

// changePlanAction is what only an account's owner does with billing.
const changePlanAction = "change the plan"

// choosePlan answers a plan button of /pricing; only the account's owner
// chooses (a member gets 403 naming them). The free plan needs no
// call: a signed-out visitor goes to the business sign-up, which starts
// every account on it; a paid plan needs a signed-in user and opens a
// Stripe Checkout session (the form targets a new tab, so the 303 opens
// Checkout there).
// A user already paying for a plan goes to the billing portal instead,
// where plan changes and cancellation happen, so nobody pays twice.
func (h *Handlers) choosePlan(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	p, ok := plans.ByID(r.PostFormValue("plan"))
	if !ok {
		http.Error(w, "Choose one of the plans.", http.StatusBadRequest)
		return
	}
	u := currentUser(r)
	switch {
	case u == nil && p.Free():
		h.redirect(w, r, "/business/signup", freePlanSignUpToast)
		return
	case u == nil:
		http.Redirect(w, r, "/login?next="+url.QueryEscape("/pricing"), http.StatusSeeOther)
		return
	case !h.ownerOnly(w, r, changePlanAction):
		return
	}
	b, err := h.billingOf(r.Context(), u.ID)
	if h.broken(w, r, err) {
		return
	}
	if b.Subscribed() && h.stripe != nil {
		h.openPortal(w, r, u, b.Customer)
		return
	}
	if p.Free() {
		h.redirect(w, r, "/pricing", present.FreePlanChosen(b))
		return
	}
	checkout, err := h.domain.Plans.StartCheckout(r.Context(), h.stripe, *u, p, b)
	switch {
	case errors.Is(err, domain.ErrPaymentsOff):
		h.log.Warn("checkout not started: payments are not set up", "user_id", u.ID, "plan", p.ID, "request_id", requestID(r.Context()))
		h.flash(r, paymentsOffToast)
	case err != nil:
		clientgone.Error(h.log, r, "payment failed", slog.Any("error", err), "user_id", u.ID, "plan", p.ID, "request_id", requestID(r.Context()))
		h.flash(r, paymentFailedToast)
	default:
		http.Redirect(w, r, checkout, http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/pricing", http.StatusSeeOther)
}

// billingPortal opens the Stripe billing portal, where the account's
// owner changes plan, updates their card or cancels (a member gets 403).
func (h *Handlers) billingPortal(w http.ResponseWriter, r *http.Request) {
	if !h.ownerOnly(w, r, changePlanAction) {
		return
	}
	u := currentUser(r)
	b, err := h.billingOf(r.Context(), u.ID)
	if h.broken(w, r, err) {
		return
	}
	h.openPortal(w, r, u, b.Customer)
}

// openPortal sends the user to a new billing portal session of customer.
func (h *Handlers) openPortal(w http.ResponseWriter, r *http.Request, u *store.User, customer string) {
	portal, err := h.domain.Plans.PortalURL(r.Context(), h.stripe, *u, customer)
	if err != nil {
		clientgone.Error(h.log, r, "billing portal failed", slog.Any("error", err), "user_id", u.ID, "request_id", requestID(r.Context()))
		h.redirect(w, r, "/dashboard", views.Toast{Title: "Error", Description: "Failed to open billing. Please try again.", Variant: "destructive"})
		return
	}
	http.Redirect(w, r, portal, http.StatusSeeOther)
}

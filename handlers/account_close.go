package handlers

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// Closing an account (/profile/close) is one operation of the domain
// (domain.Accounts.Close); the page says what it removes, and once it is
// done every session of the account ends (they name an account that no
// longer exists).

// closedToast is what the home page says once the account is closed.
var closedToast = views.Toast{Title: "Your account is closed", Description: "We emailed you a confirmation of what was removed."}

// closeAccountView fills the confirmation page for the signed-in user.
func (h *Handlers) closeAccountView(ctx context.Context, u *store.User) (views.AccountCloseView, error) {
	c, err := h.domain.Accounts.Closing(ctx, *u, h.isAdmin(u))
	return views.AccountCloseView{
		Email: u.Email, Individual: u.Kind == store.KindIndividual, Errors: catalog.FieldErrors{},
		MemberOf: c.MemberOf, Members: c.Members, Listings: c.Listings, Plans: c.Plans, LastAdmin: c.LastAdmin,
	}, err
}

// closeAccountPage asks for the password, saying what closing does.
func (h *Handlers) closeAccountPage(w http.ResponseWriter, r *http.Request) {
	v, err := h.closeAccountView(r.Context(), currentUser(r))
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.AccountClosePage(h.chrome(r), v))
}

// closeAccount closes the signed-in user's account after checking their
// password. If a paid plan cannot be cancelled at Stripe, or the database
// refuses, the page says what stands (503); once closed, the user is
// signed out here and everywhere else.
func (h *Handlers) closeAccount(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	ctx, u := r.Context(), currentUser(r)
	v, err := h.closeAccountView(ctx, u)
	if h.broken(w, r, err) {
		return
	}
	log := h.log.With("user_id", u.ID, "request_id", requestID(ctx))
	closed, err := h.domain.Accounts.Close(ctx, *u, reauth(r, h.limits), h.stripe)
	var bad domain.Invalid
	var notCancelled domain.PlansNotCancelled
	switch {
	case errors.As(err, &bad):
		v.Errors = bad.Fields()
		h.render(w, r, formStatus(w, err), views.AccountClosePage(h.chrome(r), v))
		return
	case errors.As(err, &notCancelled):
		clientgone.Error(log, r, "account not closed", "reason", "its paid plan could not be cancelled at Stripe", slog.Any("error", notCancelled.Err))
		v.Problem = "We could not cancel your paid plan with our payment provider just now, so your account is still open and nothing was removed."
	case err != nil:
		clientgone.Error(log, r, "account not closed", "reason", "the database refused", slog.Any("error", err), "plans_cancelled", len(closed.PlansCancelled))
		v.Problem = "We could not close your account just now; nothing was removed."
		if len(closed.PlansCancelled) > 0 {
			v.Problem = "We cancelled your paid plan, but could not close your account just now; nothing else was removed."
			v.Plans = nil
		}
	}
	if err != nil {
		v.Problem += " Please try again in a few minutes, or write to " + h.site.SupportEmail + "."
		h.render(w, r, http.StatusServiceUnavailable, views.AccountClosePage(h.chrome(r), v))
		return
	}
	log.Info("account closed", "listings", len(closed.Listings), "leads_erased", closed.LeadsErased,
		"reviews_deleted", closed.ReviewsDeleted, "quote_requests_deleted", closed.QuoteRequests, "images_deleted", len(closed.Images), "plans_cancelled", len(closed.PlansCancelled))
	if err := h.sessions.Destroy(ctx); err != nil {
		// The account is gone: the session names nobody and signs nobody in.
		log.Warn("session of a closed account not destroyed", slog.Any("error", err))
	}
	h.redirect(w, r, "/", closedToast)
}

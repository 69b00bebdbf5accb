package handlers

import (
	"net/http"
	"time"

	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// An individual's home: /dashboard for an individual account, with their
// quote requests (and what each matched business did with them), the
// enquiries they sent, their reviews and their saved businesses; and the
// way to list a business of their own.

// individualHome serves an individual's /dashboard. An individual who
// already manages a listing (made with the profile wizard) keeps the
// business dashboard: it reports false and writes nothing then.
func (h *Handlers) individualHome(w http.ResponseWriter, r *http.Request) bool {
	owned, err := h.store.BusinessesOwnedBy(r.Context(), currentUser(r).ID)
	switch {
	case err != nil:
		h.serverError(w, r, err)
	case len(owned) > 0:
		return false
	default:
		h.yours("")(w, r)
	}
	return true
}

// yours serves a person's own side of the site, whatever else their
// account manages (a listing, a team's): the home's section (views:
// YoursRequests, YoursReviews; "" for the whole home). What a person
// asked, wrote and saved stays theirs after 'Add your business' or
// joining a team, under 'My requests', 'My reviews' and 'Saved'.
func (h *Handlers) yours(section string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		v, err := h.individualHomeView(r, currentUser(r))
		if h.broken(w, r, err) {
			return
		}
		v.Section = section
		h.render(w, r, http.StatusOK, views.IndividualHomePage(h.chrome(r), v))
	}
}

func (h *Handlers) individualHomeView(r *http.Request, u *store.User) (views.IndividualHome, error) {
	ctx := r.Context()
	var d present.Individual
	var err error
	if d.Profile, err = h.store.ProfileOf(ctx, u.ID); err != nil {
		return views.IndividualHome{}, err
	}
	if d.Requests, err = h.store.QuoteRequestsOf(ctx, u.ID); err != nil {
		return views.IndividualHome{}, err
	}
	if d.Matches, err = h.store.RequestMatches(ctx, store.QuoteRequestIDs(d.Requests)...); err != nil {
		return views.IndividualHome{}, err
	}
	if d.Enquiries, err = h.store.EnquiriesOf(ctx, u.ID); err != nil {
		return views.IndividualHome{}, err
	}
	if d.Reviews, err = h.store.ReviewsBy(ctx, u.ID); err != nil {
		return views.IndividualHome{}, err
	}
	if d.Saved, d.SavedTotal, err = h.store.SavedBusinesses(ctx, u.ID, views.SavedOnHome); err != nil {
		return views.IndividualHome{}, err
	}
	return present.IndividualHome(u, d, time.Now()), nil
}

// becomeBusinessAccount turns an individual's account into a business
// account, keeping everything it has, and opens the form that lists their
// business. A business account goes straight to that form.
func (h *Handlers) becomeBusinessAccount(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	switch u.Kind {
	case store.KindIndividual:
		if h.broken(w, r, h.store.BecomeBusinessAccount(r.Context(), u.ID)) {
			return
		}
		// A partner's link followed: the new business account is their referral.
		if _, err := h.domain.Partners.Attribute(r.Context(), u.ID, referralCookie(r), clientIP(r)); err != nil {
			h.log.Warn("referral not attributed", "user_id", u.ID, "error", err)
		}
		h.flash(r, views.Toast{Title: "Your account is now a business account", Description: "Add your business below. Your requests, reviews and saved businesses stay with you, under My requests, My reviews and Saved."})
	case store.KindBusiness:
	default:
		h.notFound(w, r)
		return
	}
	http.Redirect(w, r, "/business/create-profile", http.StatusSeeOther)
}

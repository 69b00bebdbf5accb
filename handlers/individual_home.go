package handlers

import (
	"cmp"
	"net/http"
	"time"

	"bizprofile/catalog"
	"bizprofile/places"
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
		if err != nil {
			h.serverError(w, r, err)
			return
		}
		v.Section = section
		h.render(w, r, http.StatusOK, views.IndividualHomePage(h.chrome(r), v))
	}
}

func (h *Handlers) individualHomeView(r *http.Request, u *store.User) (views.IndividualHome, error) {
	ctx := r.Context()
	p, err := h.store.ProfileOf(ctx, u.ID)
	if err != nil {
		return views.IndividualHome{}, err
	}
	v := views.IndividualHome{Welcome: cmp.Or(p.FullName, u.Email)}
	requests, err := h.store.QuoteRequestsOf(ctx, u.ID)
	if err != nil {
		return v, err
	}
	matches, err := h.store.RequestMatches(ctx, store.QuoteRequestIDs(requests)...)
	if err != nil {
		return v, err
	}
	for _, q := range requests {
		v.Requests = append(v.Requests, views.SentRequest{
			Token: q.Token, Category: catalog.CategoryLabel(q.Category), Description: q.Description,
			Location: places.Place(q.City, q.State), CreatedAt: q.CreatedAt, Matches: requestMatchViews(matches[q.ID]), Waiting: !q.Confirmed(),
		})
	}
	enquiries, err := h.store.EnquiriesOf(ctx, u.ID)
	if err != nil {
		return v, err
	}
	for _, e := range enquiries {
		v.Enquiries = append(v.Enquiries, views.SentEnquiry{
			RequestMatch: views.RequestMatch{Business: e.BusinessName, Slug: e.BusinessSlug, Linked: e.Published, Status: e.Status, Reply: e.Reply,
				RepliedAt: e.RepliedAt.Time, Unmanaged: !e.Managed},
			Message: e.Message, SentAt: e.SentAt,
		})
	}
	reviews, err := h.store.ReviewsBy(ctx, u.ID)
	if err != nil {
		return v, err
	}
	now := time.Now()
	for _, rv := range reviews {
		v.Reviews = append(v.Reviews, views.WrittenReview{
			Business: rv.BusinessName, Slug: rv.BusinessSlug, Linked: rv.Published, Stars: rv.Rating, Title: rv.Title,
			CreatedAt: rv.CreatedAt, Hidden: rv.Status == store.ReviewHidden, Editable: rv.EditableAt(now),
		})
	}
	saved, total, err := h.store.SavedBusinesses(ctx, u.ID, views.SavedOnHome)
	if err != nil {
		return v, err
	}
	v.Saved, v.SavedTotal = savedViews(saved), total
	return v, nil
}

// becomeBusinessAccount turns an individual's account into a business
// account, keeping everything it has, and opens the form that lists their
// business. A business account goes straight to that form.
func (h *Handlers) becomeBusinessAccount(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	switch u.Kind {
	case store.KindIndividual:
		if err := h.store.BecomeBusinessAccount(r.Context(), u.ID); err != nil {
			h.serverError(w, r, err)
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

// requestMatchViews are a quote request's matches as its requester sees
// them (the requester's home and the request's page).
func requestMatchViews(ms []store.RequestMatch) []views.RequestMatch {
	out := make([]views.RequestMatch, len(ms))
	for i, m := range ms {
		out[i] = views.RequestMatch{Business: m.BusinessName, Slug: m.BusinessSlug, Linked: m.Published, Status: m.Status, Reply: m.Reply, RepliedAt: m.RepliedAt.Time}
	}
	return out
}

package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/views"
)

// The held listings: a new or renamed listing whose name is alike that of
// a published listing in its city waits here (store/reviews.go) until an
// administrator approves it (it goes live) or rejects it with a reason (it
// stays down). The owner is emailed either way.

func reviewedListing(l store.ReviewedListing) views.AdminReviewedListing {
	return views.AdminReviewedListing{
		ID: l.ID, Name: l.Name, Slug: l.Slug, Category: l.Category, Location: views.Place(l.City, l.State),
		Email: l.Email, EmailConfirmed: l.EmailConfirmed, Phone: l.Phone, Website: l.Website,
		OwnerEmail: l.OwnerEmail.String, Published: l.Published, CreatedAt: l.CreatedAt.Time,
	}
}

func reviewRow(r store.Review) views.AdminReviewRow {
	return views.AdminReviewRow{
		ID: r.ID, Status: r.Status, Reason: r.Reason, CreatedAt: r.CreatedAt, DecidedAt: r.DecidedAt.Time, DeciderEmail: r.DeciderEmail,
		Listing: reviewedListing(r.Listing), Similar: reviewedListing(r.Similar),
	}
}

// reviewsQuery reads the held listings' status: pending unless another
// (or "all") is asked for.
func reviewsQuery(r *http.Request) url.Values {
	q := url.Values{}
	switch s := r.URL.Query().Get("status"); s {
	case store.ReviewApproved, store.ReviewRejected, "all":
		q.Set("status", s)
	}
	return q
}

func reviewsStatus(q url.Values) string {
	switch s := q.Get("status"); s {
	case "":
		return store.ReviewPending
	case "all":
		return ""
	default:
		return s
	}
}

// adminReviews is the queue of held listings.
func (h *Handlers) adminReviews(w http.ResponseWriter, r *http.Request) {
	q, page := reviewsQuery(r), pageParam(r)
	status := reviewsStatus(q)
	rs, total, err := h.store.Reviews(r.Context(), status, pageWindow(page))
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v := views.AdminReviews{Status: status, Pager: pager("/admin/reviews", q, page, total)}
	if pastTheEnd(w, r, v.Pager, len(rs)) {
		return
	}
	for _, f := range []struct{ label, value string }{{"Pending", ""}, {"Approved", store.ReviewApproved}, {"Rejected", store.ReviewRejected}, {"All", "all"}} {
		href := "/admin/reviews"
		if f.value != "" {
			href += "?status=" + f.value
		}
		v.Filters = append(v.Filters, views.AdminFilter{Label: f.label, Href: href, Current: q.Get("status") == f.value})
	}
	for _, rv := range rs {
		v.Rows = append(v.Rows, reviewRow(rv))
	}
	h.render(w, r, http.StatusOK, views.AdminReviewsPage(h.chrome(r), v))
}

// reviewsList is the held listings as CSV.
func (h *Handlers) reviewsList() adminList {
	return adminList{
		path: "/admin/reviews",
		columns: []string{"Held", "Listing", "Address", "City", "State", "Owner", "Resembles", "Its address", "Its owner",
			"Status", "Reason", "Decided", "Decided by"},
		query: reviewsQuery,
		fetch: func(ctx context.Context, q url.Values, p store.Page) ([][]string, int, error) {
			rs, total, err := h.store.Reviews(ctx, reviewsStatus(q), p)
			rows := make([][]string, len(rs))
			for i, rv := range rs {
				decided, similarAt := "", ""
				if rv.DecidedAt.Valid {
					decided = csvTime(rv.DecidedAt.Time)
				}
				if rv.Similar.ID != 0 {
					similarAt = h.site.BaseURL + "/directory/" + rv.Similar.Slug
				}
				rows[i] = []string{csvTime(rv.CreatedAt), rv.Listing.Name, h.site.BaseURL + "/directory/" + rv.Listing.Slug, rv.Listing.City, rv.Listing.State,
					rv.Listing.OwnerEmail.String, rv.Similar.Name, similarAt, rv.Similar.OwnerEmail.String, rv.Status, rv.Reason, decided, rv.DeciderEmail}
			}
			return rows, total, err
		},
	}
}

// decideReview approves or rejects a held listing, records it among the
// listing's moderation actions and emails the owner (through the queue:
// the decision stands whatever the mail server does).
func (h *Handlers) decideReview(approve bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, admin, id := r.Context(), currentUser(r), idParam(r)
		if id == 0 {
			h.notFound(w, r)
			return
		}
		if !h.parseForm(w, r) {
			return
		}
		back := adminBack(r, "/admin/reviews")
		reason := strings.TrimSpace(r.PostFormValue("reason"))
		if !approve && (reason == "" || utf8.RuneCountInString(reason) > views.ReviewReasonMax) {
			h.flash(r, views.Toast{Title: "Give a reason", Description: "Say in a sentence (500 characters at most) why the listing cannot be published: the owner is emailed it.", Variant: "destructive"})
			http.Redirect(w, r, back, http.StatusSeeOther)
			return
		}
		var rv store.Review
		err := h.store.InTx(ctx, func(tx *store.Store) error {
			var err error
			if rv, err = tx.DecideReview(ctx, id, *admin, approve, reason); err != nil {
				return err
			}
			owner := rv.Listing.OwnerEmail.String
			if owner == "" {
				return nil
			}
			m := bizmail.ListingRejected(h.mailSite(), owner, rv.Listing.Name, reason, h.site.BaseURL+manageURL(rv.BusinessID))
			if approve {
				m = bizmail.ListingApproved(h.mailSite(), owner, rv.Listing.Name, h.site.BaseURL+"/directory/"+rv.Listing.Slug)
			}
			return queueMail(ctx, tx, m)
		})
		switch {
		case errors.Is(err, store.ErrNotFound):
			h.notFound(w, r)
			return
		case errors.Is(err, store.ErrReviewDecided):
			h.flash(r, views.Toast{Title: "Already decided", Description: "Another administrator decided on this listing first.", Variant: "destructive"})
		case err != nil:
			h.serverError(w, r, err)
			return
		default:
			h.log.Info("held listing decided", "review_id", rv.ID, "business_id", rv.BusinessID, "status", rv.Status, "admin_id", admin.ID)
			told := ""
			if rv.Listing.OwnerEmail.String != "" {
				told = " " + rv.Listing.OwnerEmail.String + " will be told by email."
			}
			t := views.Toast{Title: "Listing rejected", Description: rv.Listing.Name + " stays unpublished." + told}
			if approve {
				t = views.Toast{Title: "Listing approved", Description: rv.Listing.Name + " is live." + told}
			}
			h.flash(r, t)
		}
		http.Redirect(w, r, back, http.StatusSeeOther)
	}
}

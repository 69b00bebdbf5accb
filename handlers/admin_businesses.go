package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/csvexport"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// Moderation of listings: the businesses list, one listing's page with
// its claims and history, and the actions (verify, feature, publish).

var businessFilters = []catalog.Option{
	{Value: "", Label: "Every listing"},
	{Value: store.FilterUnverified, Label: "Owned, not verified"},
	{Value: store.FilterVerified, Label: "Verified"},
	{Value: store.FilterFeatured, Label: "Featured"},
	{Value: store.FilterUnpublished, Label: "Unpublished"},
	{Value: store.FilterSuspended, Label: "Taken down by an administrator"},
	{Value: store.FilterHeld, Label: "Held for review"},
	{Value: store.FilterClaimed, Label: "Claimed"},
	{Value: store.FilterUnowned, Label: "Without an owner"},
}

// businessQuery reads the businesses list's search and filter.
func businessQuery(r *http.Request) url.Values {
	q := url.Values{}
	if s := strings.TrimSpace(r.URL.Query().Get("q")); s != "" {
		q.Set("q", clipQuery(s))
	}
	if f := r.URL.Query().Get("filter"); f != "" && catalog.ValidOption(businessFilters, f) {
		q.Set("filter", f)
	}
	return q
}

// adminBusinesses lists listings with a search and state filters.
func (h *Handlers) adminBusinesses(w http.ResponseWriter, r *http.Request) {
	q, page := businessQuery(r), pageParam(r)
	bs, total, err := h.store.AdminBusinesses(r.Context(), q.Get("q"), q.Get("filter"), pageWindow(page))
	if h.broken(w, r, err) {
		return
	}
	v := views.AdminBusinesses{Query: q.Get("q"), Filter: q.Get("filter"), Filters: businessFilters, Pager: pager("/admin/businesses", q, page, total)}
	if pastTheEnd(w, r, v.Pager, len(bs)) {
		return
	}
	v.Rows = present.Rows(bs, present.BusinessRow)
	h.render(w, r, http.StatusOK, views.AdminBusinessesPage(h.chrome(r), v))
}

// businessesList is the businesses list as CSV.
func (h *Handlers) businessesList() adminList {
	return adminList{
		path:    "/admin/businesses",
		columns: []string{"ID", "Name", "Address", "Category", "City", "State", "Owner", "Verified", "Claimed", "Featured", "Published", "Taken down", "Added"},
		query:   businessQuery,
		fetch: func(ctx context.Context, q url.Values, p store.Page) ([][]string, int, error) {
			bs, total, err := h.store.AdminBusinesses(ctx, q.Get("q"), q.Get("filter"), p)
			rows := make([][]string, len(bs))
			for i, b := range bs {
				rows[i] = []string{strconv.FormatInt(b.ID, 10), b.Name, h.site.BaseURL + "/directory/" + b.Slug, catalog.CategoryLabel(b.Category),
					b.City, b.State, b.OwnerEmail.String, csvexport.YesNo(b.Verified), csvexport.YesNo(b.Claimed), csvexport.YesNo(b.Featured), csvexport.YesNo(b.Published), csvexport.YesNo(b.Suspended), csvexport.Time(b.CreatedAt)}
			}
			return rows, total, err
		},
	}
}

// adminBusiness shows one listing's flags, images, claims and moderation
// history.
func (h *Handlers) adminBusiness(w http.ResponseWriter, r *http.Request) {
	h.showAdminBusiness(w, r, http.StatusOK, views.ReferralForm{})
}

// showAdminBusiness renders listing {id}'s page with status, and the
// referral form as sent (admin_partners.go).
func (h *Handlers) showAdminBusiness(w http.ResponseWriter, r *http.Request, status int, referral views.ReferralForm) {
	d, err := h.domain.Moderation.Dossier(r.Context(), idParam(r))
	if errors.Is(err, store.ErrNotFound) {
		h.notFound(w, r)
		return
	}
	if h.broken(w, r, err) {
		return
	}
	v := h.present.AdminBusiness(d)
	if v.Referral, err = h.adminReferral(r.Context(), d.Business.ID, d.Business.OwnerID.Int64, referral); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, status, views.AdminBusinessPage(h.chrome(r), v))
}

// moderateBusiness verifies, features or publishes a listing (or undoes
// it), and records who did.
func (h *Handlers) moderateBusiness(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	id, action := idParam(r), r.PostFormValue("action")
	toast, ok := views.ModerationToasts[action]
	if !ok {
		http.Error(w, "Unknown moderation action.", http.StatusBadRequest)
		return
	}
	changed, err := h.domain.Moderation.Moderate(r.Context(), *currentUser(r), id, action)
	var refused domain.Refusal
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
		return
	case errors.As(err, &refused):
		toast = views.Toast{Title: "Not done", Description: string(refused), Variant: "destructive"}
	case err != nil:
		h.serverError(w, r, err)
		return
	case !changed:
		toast = views.Toast{Title: "Nothing to change", Description: "The listing was already in that state."}
	}
	h.redirect(w, r, "/admin/businesses/"+strconv.FormatInt(id, 10), toast)
}

package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"strconv"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The analytics page's sections beyond views, clicks and leads (the page
// is analytics.go): lead quality and the return on investment where the
// plan has plan.Analytics.LeadQuality, the listings compared where it has
// plan.Analytics.Comparison; and the form of the owner's average order
// value, which the return on investment multiplies won leads by.

// analyticsSections are the analytics page's sections beyond views, clicks
// and leads for the listings shown (of the owned the owner has) over rng,
// whose report is rep: lead quality and ROI (plan.Analytics.LeadQuality),
// the listings compared (plan.Analytics.Comparison).
func (h *Handlers) analyticsSections(ctx context.Context, ownerID int64, plan plans.Plan, owned int, listings []store.Business, rep store.AnalyticsReport, rng views.AnalyticsRange) (views.AnalyticsSections, error) {
	v := views.AnalyticsSections{
		Quality:    views.LeadQualityView{Range: rng},
		ROI:        views.ROIView{Range: rng, Plan: plan.Name},
		Comparison: views.ComparisonView{Range: rng},
	}
	if plan.Analytics.LeadQuality {
		q, err := h.store.LeadQuality(ctx, store.BusinessIDs(listings), rng.From, rng.To)
		if err != nil {
			return v, err
		}
		cents, err := h.store.OrderValueOf(ctx, ownerID)
		if err != nil {
			return v, err
		}
		v.Quality = present.LeadQuality(q, rng)
		v.ROI = present.ROI(plan, q, cents, rng, domain.FirstMade(listings))
		v.ROI.Form.Back = present.AnalyticsBack(rng, listings)
	} else {
		lockedBy := plans.FirstWith(func(p plans.Plan) bool { return p.Analytics.LeadQuality }).Name
		v.Quality.Locked, v.ROI.Locked = lockedBy, lockedBy
	}
	if !plan.Analytics.Comparison {
		v.Comparison.Locked = plans.FirstWith(func(p plans.Plan) bool { return p.Analytics.Comparison }).Name
		return v, nil
	}
	v.Comparison = present.Comparison(owned, listings, rep, rng)
	return v, nil
}

// rangeKeyForm is what a ?range= value looks like ("30d", "all",
// "2026-10"); the page itself decides which ranges exist.
var rangeKeyForm = regexp.MustCompile(`^([0-9]{1,3}d|all|[0-9]{4}-[0-9]{2})$`)

// analyticsBack is the page the order value form's back field names,
// rebuilt from its range and listing only: whatever was sent, the form
// returns to the analytics page, never anywhere else.
func analyticsBack(back string) string {
	u, err := url.Parse(back)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" || u.Path != views.AnalyticsPath {
		return views.AnalyticsPath
	}
	q := u.Query()
	rng := q.Get("range")
	if !rangeKeyForm.MatchString(rng) {
		rng = ""
	}
	listing := ""
	if n, ok := numberIn(q.Get("listing"), 1, 1<<53); ok {
		listing = strconv.FormatInt(n, 10)
	}
	return views.AnalyticsQuery(views.AnalyticsPath, rng, listing)
}

// saveOrderValue keeps the account's average order value (set by its owner
// or a member) and returns to the analytics page it was sent from; what is not an amount it takes shows
// the form again with the value typed and why (422). An individual's
// account has no analytics (404).
func (h *Handlers) saveOrderValue(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if !worksForBusiness(u) {
		h.notFound(w, r)
		return
	}
	if !h.parseForm(w, r) {
		return
	}
	f := views.OrderValueForm{Value: field(r.PostForm, catalog.OrderValueField), Back: analyticsBack(r.PostFormValue("back"))}
	saved, err := h.store.OrderValueOf(r.Context(), u.Account())
	if h.broken(w, r, err) {
		return
	}
	f.Saved = saved > 0
	if f.Value == "" && f.Saved {
		if h.broken(w, r, h.store.SetOrderValue(r.Context(), u.Account(), 0)) {
			return
		}
		h.redirect(w, r, f.Back, views.Toast{Title: "Order value removed", Description: "Your return on investment is not estimated until you enter one again."})
		return
	}
	cents, err := h.domain.Analytics.SetOrderValue(r.Context(), u.Account(), f.Value)
	var bad domain.Invalid
	switch {
	case errors.As(err, &bad):
		f.Error = bad[catalog.OrderValueField]
		h.render(w, r, http.StatusUnprocessableEntity, views.OrderValuePage(h.chrome(r), f))
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.redirect(w, r, f.Back, views.Toast{Title: "Order value saved", Description: "Your return on investment counts " + views.DollarsText(cents) + " per won lead."})
}

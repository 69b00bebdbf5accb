package handlers

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"time"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/plans"
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
		v.Quality = leadQualityView(q, rng)
		v.ROI = roiView(plan, q, cents, rng, domain.FirstMade(listings))
		v.ROI.Form.Back = analyticsBackOf(rng, listings)
	} else {
		lockedBy := plans.FirstWith(func(p plans.Plan) bool { return p.Analytics.LeadQuality }).Name
		v.Quality.Locked, v.ROI.Locked = lockedBy, lockedBy
	}
	if !plan.Analytics.Comparison {
		v.Comparison.Locked = plans.FirstWith(func(p plans.Plan) bool { return p.Analytics.Comparison }).Name
		return v, nil
	}
	v.Comparison = comparisonView(owned, listings, rep, rng)
	return v, nil
}

// leadQualityView is q for the page: the statuses in the inbox's order,
// the sources and the categories (most leads first).
func leadQualityView(q store.LeadQuality, rng views.AnalyticsRange) views.LeadQualityView {
	v := views.LeadQualityView{Range: rng, LeadOutcome: leadOutcome("", q.LeadOutcomes)}
	for _, s := range store.LeadStatuses {
		v.Statuses = append(v.Statuses, views.LeadStatusCount{Status: s, Leads: q.ByStatus[s]})
	}
	for _, s := range domain.SourceOrder(q.BySource) {
		v.BySource = append(v.BySource, leadOutcome(views.LeadSourceLabel(s), q.BySource[s]))
	}
	for c, o := range q.ByCategory {
		v.ByCategory = append(v.ByCategory, leadOutcome(catalog.CategoryLabel(c), o))
	}
	slices.SortFunc(v.ByCategory, func(a, b views.LeadOutcome) int {
		return cmp.Or(cmp.Compare(b.Leads, a.Leads), cmp.Compare(a.Label, b.Label))
	})
	return v
}

func leadOutcome(label string, o store.LeadOutcomes) views.LeadOutcome {
	return views.LeadOutcome{Label: label, Leads: o.Leads, Won: o.ByStatus[store.LeadWon], Lost: o.ByStatus[store.LeadLost],
		Answered: o.Answered, MedianResponse: o.MedianResponse}
}

// roiView is the return on investment of rng: each month's won leads
// times the order value (cents), against what plan cost that month.
func roiView(plan plans.Plan, q store.LeadQuality, orderValue int64, rng views.AnalyticsRange, since time.Time) views.ROIView {
	v := views.ROIView{Range: rng, Plan: plan.Name, OrderValue: orderValue}
	if orderValue > 0 {
		v.Form.Value, v.Form.Saved = views.OrderValueText(orderValue), true
	}
	for _, m := range domain.PlanCostByMonth(plan, domain.AnalyticsRange(rng), since) {
		f := views.ROIFigures{Won: q.WonByMonth[m.Month.Format(store.MonthFormat)], Cost: m.Cents}
		f.Revenue = f.Won * orderValue
		v.Months = append(v.Months, views.ROIMonth{Month: m.Month, ROIFigures: f})
		v.Won, v.Revenue, v.Cost = v.Won+f.Won, v.Revenue+f.Revenue, v.Cost+f.Cost
	}
	return v
}

// comparisonView sets listings side by side from rep, the most viewed
// first; owned is how many listings the owner has (the page may show one
// of them alone).
func comparisonView(owned int, listings []store.Business, rep store.AnalyticsReport, rng views.AnalyticsRange) views.ComparisonView {
	v := views.ComparisonView{Range: rng, Owned: owned, AllHref: views.AnalyticsQuery(views.AnalyticsPath, rng.Key, "")}
	if len(listings) == 1 && owned > 1 {
		v.Alone = listings[0].Name
	}
	for _, b := range listings {
		t := rep.ByListing[b.ID]
		v.Rows = append(v.Rows, views.ComparisonRow{
			Name: b.Name, Href: views.AnalyticsQuery(views.AnalyticsPath, rng.Key, strconv.FormatInt(b.ID, 10)),
			Views: t.Views, Visitors: t.Visitors, Impressions: t.Impressions, ClickThrough: t.ClickThrough(),
			Clicks: t.Clicks(), Leads: t.Leads, Conversion: t.Conversion(), Reviews: t.Reviews, Rating: t.AverageRating(),
		})
	}
	// The busiest first: the comparison is mostly read top down.
	slices.SortStableFunc(v.Rows, func(a, b views.ComparisonRow) int { return cmp.Compare(b.Views, a.Views) })
	return v
}

// analyticsBackOf is the page the order value form returns to: rng, and
// the listing when the page shows one alone.
func analyticsBackOf(rng views.AnalyticsRange, listings []store.Business) string {
	listing := ""
	if len(listings) == 1 {
		listing = strconv.FormatInt(listings[0].ID, 10)
	}
	return views.AnalyticsQuery(views.AnalyticsPath, rng.Key, listing)
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

package handlers

import (
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"time"

	"bizprofile/csvexport"
	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The owner's analytics (/dashboard/analytics): what the counted days, the
// leads and the reviews of their listings add up to over a range of days
// (analytics_range.go), compared with the period before, and the same days
// as CSV. The plan decides how far back it reaches and which sections
// beyond these it shows (analytics_sections.go).

// analyticsScope is what a request of the page or its CSV is about: the
// owner's plan, the listings asked for and the range.
type analyticsScope struct {
	bill     domain.Billing
	plan     plans.Plan
	all      []store.Business // every listing of the user's account
	listings []store.Business // those shown: all, or the one of ?listing=
	listing  string           // ?listing=, "" for all
	rng      domain.RangeAsked
}

// analyticsScopeOf reads the request's listing and range; false when it
// has answered (an individual's account, a listing not the owner's, an
// error).
func (h *Handlers) analyticsScopeOf(w http.ResponseWriter, r *http.Request) (analyticsScope, bool) {
	ctx, u := r.Context(), currentUser(r)
	if !worksForBusiness(u) {
		h.notFound(w, r)
		return analyticsScope{}, false
	}
	bill, err := h.billingOf(ctx, u.Account())
	if h.broken(w, r, err) {
		return analyticsScope{}, false
	}
	all, err := h.store.BusinessesOwnedBy(ctx, u.Account())
	if h.broken(w, r, err) {
		return analyticsScope{}, false
	}
	s := analyticsScope{bill: bill, plan: bill.Plan, all: all, listings: all}
	if id := r.URL.Query().Get("listing"); id != "" {
		i := slices.IndexFunc(all, func(b store.Business) bool { return strconv.FormatInt(b.ID, 10) == id })
		if i < 0 {
			h.notFound(w, r) // not a listing of theirs
			return analyticsScope{}, false
		}
		s.listings, s.listing = all[i:i+1], id
	}
	s.rng = bill.AnalyticsRange(r.URL.Query().Get("range"), s.first(), time.Now())
	return s, true
}

// ids are the listings' IDs.
func (s analyticsScope) ids() []int64 { return store.BusinessIDs(s.listings) }

// first is when the earliest listing shown was made.
func (s analyticsScope) first() time.Time { return domain.FirstMade(s.listings) }

// analyticsPage is the owner's analytics for the range and listing asked;
// an individual's account has none (404).
func (h *Handlers) analyticsPage(w http.ResponseWriter, r *http.Request) {
	ctx, u := r.Context(), currentUser(r)
	s, ok := h.analyticsScopeOf(w, r)
	if !ok {
		return
	}
	if len(s.all) == 0 {
		h.render(w, r, http.StatusOK, views.AnalyticsPage(h.chrome(r), views.AnalyticsView{NoListings: true}))
		return
	}
	rep, err := h.store.AnalyticsReport(ctx, s.ids(), s.rng.From, s.rng.To)
	if h.broken(w, r, err) {
		return
	}
	var (
		prev     *views.AnalyticsFigures
		compared string
	)
	if from, to, name, ok := domain.PreviousRange(s.rng.AnalyticsRange); ok {
		p, err := h.store.AnalyticsReport(ctx, s.ids(), from, to)
		if h.broken(w, r, err) {
			return
		}
		f := present.AnalyticsFigures(p.Totals)
		prev, compared = &f, name
	}
	sections, err := h.analyticsSections(ctx, u.Account(), s.plan, len(s.all), s.listings, rep, views.AnalyticsRange(s.rng.AnalyticsRange))
	if h.broken(w, r, err) {
		return
	}
	v := views.AnalyticsView{
		Range:    views.AnalyticsRange(s.rng.AnalyticsRange),
		Choices:  present.RangeChoices(s.bill.RangeChoices(s.first(), time.Now(), s.rng.Key)),
		Listing:  s.listing,
		Compared: compared,
		Metrics:  views.AnalyticsMetrics(present.AnalyticsFigures(rep.Totals), prev),
		Sources:  present.LeadSources(rep.Totals.LeadsBySource),
		Sections: sections,
	}
	if s.rng.Locked {
		asked, _, _ := domain.RangeOf(r.URL.Query().Get("range"), s.first(), time.Now())
		v.Asked, v.AskedPlan = asked.Label, s.rng.LockedBy.Name
	}
	v.Listings, v.Days = present.ListingChoices(s.all), present.AnalyticsDays(rep.Days)
	if t := rep.Totals; t.Views+t.Impressions+t.Clicks() == 0 {
		v.NothingCounted = true
		if v.CountedFrom, err = h.store.AnalyticsStarted(ctx); err != nil {
			h.serverError(w, r, err)
			return
		}
		// A listing made since counts from the day it was made.
		v.CountedFrom = max(v.CountedFrom, store.Day(s.first()))
	}
	h.render(w, r, http.StatusOK, views.AnalyticsPage(h.chrome(r), v))
}

// analyticsCSV is the analytics page's days as CSV: one row per day of the
// range (the same gating as the page), with each day's figures.
func (h *Handlers) analyticsCSV(w http.ResponseWriter, r *http.Request) {
	s, ok := h.analyticsScopeOf(w, r)
	if !ok {
		return
	}
	rep, err := h.store.AnalyticsReport(r.Context(), s.ids(), s.rng.From, s.rng.To)
	if h.broken(w, r, err) {
		return
	}
	columns, rows := domain.AnalyticsTable(rep.Days, domain.SourceOrder(rep.Totals.LeadsBySource), views.LeadSourceLabel)
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="analytics-`+s.rng.Key+`.csv"`)
	cw := csvexport.NewWriter(w, columns)
	for _, row := range rows {
		cw.Write(row)
	}
	if err := cw.Flush(); err != nil {
		h.log.Warn("analytics export not delivered", slog.Any("error", err), "user_id", currentUser(r).ID)
	}
}

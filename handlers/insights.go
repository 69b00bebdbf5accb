package handlers

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"

	"bizprofile/ai"
	"bizprofile/catalog"
	"bizprofile/store"
	"bizprofile/views"
)

// insightsTimeout bounds one generation, retries included.
const insightsTimeout = 90 * time.Second

// insights shows the feature to visitors, and to a signed-in owner the
// insights of one of their listings (?business=id).
func (h *Handlers) insights(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	if u == nil {
		h.render(w, r, http.StatusOK, views.AIInsightsPage(h.chrome(r)))
		return
	}
	v, ok := h.insightsView(w, r, r.URL.Query().Get("business"))
	if !ok {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	h.render(w, r, http.StatusOK, views.InsightsPage(h.chrome(r), v))
}

// insightsView gathers the page for the signed-in user, of the listings of
// the account they work in; a business id of another account answers 404.
func (h *Handlers) insightsView(w http.ResponseWriter, r *http.Request, selected string) (views.InsightsView, bool) {
	u := currentUser(r)
	bs, err := h.store.BusinessesOwnedBy(r.Context(), u.Account())
	if err != nil {
		h.serverError(w, r, err)
		return views.InsightsView{}, false
	}
	v := views.InsightsView{Provider: h.insightProvider.Name()}
	if len(bs) == 0 && selected == "" {
		return v, true
	}
	if len(bs) == 0 {
		h.notFound(w, r) // a listing of another account
		return views.InsightsView{}, false
	}
	chosen := bs[0]
	if selected != "" {
		id, _ := numberIn(selected, 1, math.MaxInt64)
		found := false
		for _, b := range bs {
			if b.ID == id {
				chosen, found = b, true
			}
		}
		if !found {
			h.notFound(w, r)
			return views.InsightsView{}, false
		}
	}
	for _, b := range bs {
		v.Businesses = append(v.Businesses, catalog.Option{Value: strconv.FormatInt(b.ID, 10), Label: b.Name})
	}
	v.Selected, v.Name = chosen.ID, chosen.Name
	ins, err := h.store.InsightsFor(r.Context(), chosen.ID, 50)
	if err != nil {
		h.serverError(w, r, err)
		return views.InsightsView{}, false
	}
	for _, in := range ins {
		v.Insights = append(v.Insights, views.InsightItem{
			Type: in.Type, Title: in.Title, Content: in.Content, Recommendations: in.Recommendations, Provider: in.Provider,
			Date: in.CreatedAt.Format("Jan 2, 2006"), DateISO: in.CreatedAt.Format(time.DateOnly),
		})
	}
	return v, true
}

// insightsList is the list alone, for the generator to reload after a run.
func (h *Handlers) insightsList(w http.ResponseWriter, r *http.Request) {
	v, ok := h.insightsView(w, r, r.URL.Query().Get("business"))
	if !ok {
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	h.render(w, r, http.StatusOK, views.InsightsList(v))
}

// generateResult is the generator's JSON answer (spec §7: success, error).
type generateResult struct {
	Success bool   `json:"success"`
	Error   string `json:"error,omitempty"`
	Count   int    `json:"count,omitempty"`
}

// generateInsights runs the provider on a listing of the user's account. The island
// posts with Accept: application/json and gets generateResult; a plain form
// post is redirected back with a toast.
func (h *Handlers) generateInsights(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	u := currentUser(r)
	wantsJSON := acceptsJSON(r)
	var b store.Business
	err := store.ErrNotFound
	if id, ok := numberIn(r.PostFormValue("business_id"), 1, math.MaxInt64); ok {
		b, err = h.store.BusinessByID(r.Context(), id)
	}
	if err != nil || !b.OwnedBy(u.Account()) {
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			h.log.Error("insights: load business", "error", err)
		}
		if wantsJSON {
			writeJSON(w, http.StatusNotFound, generateResult{Error: "That business was not found."})
			return
		}
		h.notFound(w, r)
		return
	}
	back := "/ai-insights?business=" + strconv.FormatInt(b.ID, 10)
	fail := func(status int, msg string) {
		if wantsJSON {
			writeJSON(w, status, generateResult{Error: msg})
			return
		}
		h.flash(r, views.Toast{Title: "Error", Description: msg, Variant: "destructive"})
		http.Redirect(w, r, back, http.StatusSeeOther)
	}
	if ok, retry := h.limits.insightsUser.allow(r.Context(), strconv.FormatInt(u.ID, 10)); !ok {
		setRetryAfter(w, retry)
		fail(http.StatusTooManyRequests, "You have generated insights several times in a short while. Please wait "+itoa(int(retry.Minutes())+1)+" minutes and try again.")
		return
	}
	in, err := h.insightInput(r.Context(), b)
	if err != nil {
		h.log.Error("insights: gather data", "error", err, "business_id", b.ID)
		fail(http.StatusInternalServerError, "Failed to generate insights")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), insightsTimeout)
	defer cancel()
	start := time.Now()
	got, err := h.insightProvider.Generate(ctx, in)
	if err != nil {
		h.log.Error("insights: provider failed", "error", err, "provider", h.insightProvider.Name(), "business_id", b.ID, "duration", time.Since(start))
		fail(http.StatusBadGateway, "The insight provider did not answer properly. Please try again in a moment.")
		return
	}
	rows := make([]store.Insight, 0, len(got))
	for _, g := range got {
		rows = append(rows, store.Insight{Type: g.Type, Title: g.Title, Content: g.Content, Recommendations: g.Recommendations})
	}
	if err := h.store.AddInsights(r.Context(), b.ID, h.insightProvider.Name(), rows); err != nil {
		h.log.Error("insights: store", "error", err, "business_id", b.ID)
		fail(http.StatusInternalServerError, "Failed to generate insights")
		return
	}
	h.log.Info("insights generated", "business_id", b.ID, "count", len(rows), "provider", h.insightProvider.Name(), "duration", time.Since(start))
	if wantsJSON {
		writeJSON(w, http.StatusOK, generateResult{Success: true, Count: len(rows)})
		return
	}
	h.flash(r, views.Toast{Title: "Success", Description: "New AI insights generated successfully!"})
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// insightInput is the owner's own listing, its leads, its reviews, its
// analytics and its category's benchmarks: nothing of any other owner's
// private data.
func (h *Handlers) insightInput(ctx context.Context, b store.Business) (ai.Input, error) {
	bench, err := h.store.BenchmarksFor(ctx, b.Category, b.City)
	if err != nil {
		return ai.Input{}, err
	}
	leads, err := h.store.LeadCountsForBusiness(ctx, b.ID, time.Now())
	if err != nil {
		return ai.Input{}, err
	}
	bill, err := h.billingOf(ctx, b.OwnerID.Int64)
	if err != nil {
		return ai.Input{}, err
	}
	reviews, err := h.reviewFacts(ctx, b.ID)
	if err != nil {
		return ai.Input{}, err
	}
	traffic, err := h.insightAnalytics(ctx, b.ID, time.Now())
	if err != nil {
		return ai.Input{}, err
	}
	l := ai.Listing{
		Name: b.Name, Tagline: b.Tagline, Description: b.Description, Category: b.Category, SubCategory: b.SubCategory,
		City: b.City, State: b.State, Address: b.Address, ZipCode: b.ZipCode, Website: b.Website, Phone: b.Phone, Email: b.Email,
		Tags: b.Tags, Services: b.Services, ShowEmail: b.ShowEmail, ShowPhone: b.ShowPhone, ShowAddress: b.ShowAddress, ShowHours: b.ShowHours,
		Rating: b.Rating, Reviews: b.ReviewCount, Verified: b.Verified, Featured: b.Featured,
	}
	for _, d := range b.Hours {
		l.Hours = append(l.Hours, ai.Day{Open: d.Open, Close: d.Close, Closed: d.Closed})
	}
	return ai.Input{
		Listing:    l,
		Benchmarks: ai.Benchmarks{CategoryCount: bench.Count, CategoryAvgRating: bench.AvgRating, CategoryAvgReviews: bench.AvgReviews, CityCategoryCount: bench.InCity, PopularTags: bench.PopularTags},
		Leads:      ai.Leads{Total: leads.Total, ThisMonth: leads.ThisMonth, LastMonth: leads.LastMonth, MonthlyCap: capOf(bill.Plan.LeadsPerMonth)},
		Reviews:    reviews,
		Analytics:  traffic,
	}, nil
}

// insightDays is how far back the insights read a listing's analytics:
// the last 30 days, against the 30 before.
const insightDays = 30

// insightAnalytics are the listing's analytics for the insights: the last
// insightDays days (today's included, UTC) and the insightDays before.
func (h *Handlers) insightAnalytics(ctx context.Context, businessID int64, now time.Time) (ai.Analytics, error) {
	rep, err := h.store.AnalyticsReport(ctx, []int64{businessID}, store.Day(now.AddDate(0, 0, 1-2*insightDays)), store.Day(now))
	if err != nil {
		return ai.Analytics{}, err
	}
	a := ai.Analytics{Days: insightDays}
	for i, d := range rep.Days {
		period := &a.Prev
		if i >= len(rep.Days)-insightDays {
			period = &a.Last
		}
		period.Views += d.Views
		period.Visitors += d.Visitors
		period.Impressions += d.Impressions
		period.ContactClicks += d.Clicks()
		period.Leads += d.Leads
	}
	return a, nil
}

// Review words the insights read: the themes come from the newest
// themeReviews published reviews, and a model reads the newest
// reviewTexts of them.
const (
	themeReviews = 500
	reviewTexts  = 5
)

// reviewFacts sums up a listing's published reviews for the insights: the
// figures and their trend, the themes customers mention, the newest texts.
func (h *Handlers) reviewFacts(ctx context.Context, businessID int64) (ai.ReviewFacts, error) {
	f, err := h.store.ReviewFactsOf(ctx, businessID, time.Now())
	if err != nil || f.Published == 0 {
		return ai.ReviewFacts{}, err
	}
	words, err := h.store.ReviewWordsOf(ctx, businessID, themeReviews)
	if err != nil {
		return ai.ReviewFacts{}, err
	}
	texts := make([]ai.ReviewText, len(words))
	var bodies []string
	for i, w := range words {
		texts[i] = ai.ReviewText{Title: w.Title, Body: w.Body}
		if i < reviewTexts {
			bodies = append(bodies, w.Body)
		}
	}
	return ai.ReviewFacts{
		Published: f.Published, Average: f.Average, Unanswered: f.Unanswered,
		ThisMonth: f.ThisMonth, LastMonth: f.LastMonth,
		AvgThisQuarter: f.AvgThisQuarter, AvgPrevQuarter: f.AvgPrevQuarter,
		Themes: ai.Themes(texts), Texts: bodies,
	}, nil
}

// capOf turns the catalogue's "unlimited" (negative) into the analyser's 0.
func capOf(leadsPerMonth int) int { return max(leadsPerMonth, 0) }

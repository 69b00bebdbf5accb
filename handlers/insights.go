package handlers

import (
	"errors"
	"math"
	"net/http"
	"strconv"

	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

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
	id, _ := numberIn(selected, 1, math.MaxInt64)
	p, err := h.domain.Insights.Page(r.Context(), currentUser(r).Account(), selected != "", id)
	if h.failed(w, r, err) {
		return views.InsightsView{}, false
	}
	v := views.InsightsView{Provider: h.domain.Insights.Provider()}
	if len(p.Listings) == 0 {
		return v, true
	}
	v.Businesses, v.Insights = present.ListingChoices(p.Listings), present.InsightItems(p.Insights)
	v.Selected, v.Name = p.Chosen.ID, p.Chosen.Name
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
			clientgone.Error(h.log, r, "insights: load business", "error", err)
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
		h.redirect(w, r, back, views.Toast{Title: "Error", Description: msg, Variant: "destructive"})
	}
	if ok, retry := h.limits.insightsUser.Allow(r.Context(), strconv.FormatInt(u.ID, 10)); !ok {
		setRetryAfter(w, retry)
		fail(http.StatusTooManyRequests, "You have generated insights several times in a short while. Please wait "+itoa(int(retry.Minutes())+1)+" minutes and try again.")
		return
	}
	n, err := h.domain.Insights.Generate(r.Context(), b)
	switch {
	case errors.Is(err, domain.ErrInsightProvider):
		fail(http.StatusBadGateway, "The insight provider did not answer properly. Please try again in a moment.")
		return
	case err != nil:
		fail(http.StatusInternalServerError, "Failed to generate insights")
		return
	}
	if wantsJSON {
		writeJSON(w, http.StatusOK, generateResult{Success: true, Count: n})
		return
	}
	h.redirect(w, r, back, views.Toast{Title: "Success", Description: "New AI insights generated successfully!"})
}

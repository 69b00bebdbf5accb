package handlers

import (
	"context"
	"net/http"
	"time"

	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// The monthly analytics summary: at 8:00 UTC on the first of each month a
// job emails the owners of listings on a paid plan their last month's
// figures, unless they turned it off on /profile. Exactly one run waits
// in the queue: main.go leaves one at start-up, and each run leaves the
// next.

// ScheduleAnalyticsSummaries leaves the next monthly run waiting in the
// queue, unless one already is (another instance may be starting too).
func (h *Handlers) ScheduleAnalyticsSummaries(ctx context.Context) error {
	return h.scheduleSummaries(ctx, jobs.NextSummaryMonth(time.Now()))
}

func (h *Handlers) scheduleSummaries(ctx context.Context, month string) error {
	queued, err := h.store.EnqueueUnlessWaiting(ctx, jobs.AnalyticsSummaries(month))
	if queued {
		h.log.Info("analytics summaries scheduled", "month", month)
	}
	return err
}

// sendAnalyticsSummaries is the work of a monthly run: one email to each
// owner due the summary of month. Each owner's email is queued in the
// transaction that marks their month, so a retried run, or one running
// at once on another instance, sends nobody a second one.
func (h *Handlers) sendAnalyticsSummaries(ctx context.Context, month string) error {
	// The next run first: a run that keeps failing does not stop the
	// months after it.
	m, err := time.Parse(store.MonthFormat, month)
	if err != nil {
		return err
	}
	next := max(m.AddDate(0, 1, 0).Format(store.MonthFormat), jobs.NextSummaryMonth(time.Now()))
	if err := h.scheduleSummaries(ctx, next); err != nil {
		return err
	}
	owners, err := h.store.AnalyticsSummaryDue(ctx, month, paidPlans(), time.Now())
	if err != nil {
		return err
	}
	sent := 0
	for _, id := range owners {
		ok, err := h.sendAnalyticsSummary(ctx, id, m)
		if err != nil {
			return err // retried; the owners done so far are marked
		}
		if ok {
			sent++
		}
	}
	h.log.Info("analytics summaries queued", "month", month, "owners", sent)
	return nil
}

// paidPlans are the IDs of the plans that bring the summary: every plan
// with a price.
func paidPlans() []string {
	var ids []string
	for _, p := range plans.All {
		if !p.Free() {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// sendAnalyticsSummary queues ownerID's summary of month, and reports
// false when another run had already.
func (h *Handlers) sendAnalyticsSummary(ctx context.Context, ownerID int64, month time.Time) (bool, error) {
	owner, err := h.store.UserByID(ctx, ownerID)
	if err != nil {
		return false, err
	}
	bs, err := h.store.BusinessesOwnedBy(ctx, ownerID)
	if err != nil || len(bs) == 0 {
		return false, err
	}
	a, err := h.analyticsMonth(ctx, bs, month)
	if err != nil {
		return false, err
	}
	msg := bizmail.AnalyticsSummary(h.domain.Site(), owner.Email, a)
	sent := false
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.MarkAnalyticsSummary(ctx, ownerID, month.Format(store.MonthFormat))
		if err != nil || !ok {
			return err
		}
		sent = true
		return domain.QueueMail(ctx, tx, msg)
	})
	return sent && err == nil, err
}

// analyticsMonth is the summary of the listings bs in month, against the
// month before.
func (h *Handlers) analyticsMonth(ctx context.Context, bs []store.Business, month time.Time) (bizmail.AnalyticsMonth, error) {
	ids := store.BusinessIDs(bs)
	prev := month.AddDate(0, -1, 0)
	this, err := h.store.AnalyticsReport(ctx, ids, store.Day(month), store.Day(month.AddDate(0, 1, -1)))
	if err != nil {
		return bizmail.AnalyticsMonth{}, err
	}
	before, err := h.store.AnalyticsReport(ctx, ids, store.Day(prev), store.Day(month.AddDate(0, 0, -1)))
	if err != nil {
		return bizmail.AnalyticsMonth{}, err
	}
	key := month.Format(store.MonthFormat)
	a := bizmail.AnalyticsMonth{
		Month: month.Format("January 2006"), PrevMonth: prev.Format("January 2006"),
		This: monthFigures(this.Totals), Prev: monthFigures(before.Totals),
		Listings: len(bs), Listing: bs[0].Name,
		ReportLink: h.site.BaseURL + views.AnalyticsQuery(views.AnalyticsPath, key, ""),
		OffLink:    h.site.BaseURL + "/profile#analytics-summary",
	}
	if len(bs) > 1 {
		// The best: the most leads, then the most views; none when no
		// listing had either.
		var best store.AnalyticsTotals
		for _, b := range bs {
			t := this.ByListing[b.ID]
			if t.Leads > best.Leads || (t.Leads == best.Leads && t.Views > best.Views) {
				best, a.Best = t, b.Name
			}
		}
		a.BestFigures = monthFigures(best)
	}
	return a, nil
}

func monthFigures(t store.AnalyticsTotals) bizmail.MonthFigures {
	return bizmail.MonthFigures{
		Views: t.Views, Visitors: t.Visitors, Impressions: t.Impressions, ContactClicks: t.Clicks(),
		Leads: t.Leads, Reviews: t.Reviews, Conversion: t.Conversion(), Rating: t.AverageRating(),
	}
}

// analyticsSummarySetting fills the profile's summary checkbox for a
// business owner on plan: shown disabled, with the plan that brings it,
// on a free plan.
func (h *Handlers) analyticsSummarySetting(ctx context.Context, userID int64, plan plans.Plan, v *views.ProfileView) error {
	on, err := h.store.AnalyticsSummaryOf(ctx, userID)
	if err != nil {
		return err
	}
	v.AnalyticsSummaryShown, v.AnalyticsSummary = true, on
	if plan.Free() {
		v.AnalyticsSummaryPlan = plans.FirstWith(func(p plans.Plan) bool { return !p.Free() }).Name
	}
	return nil
}

// saveAnalyticsSummary stores whether a business owner wants the monthly
// summary. As with review alerts, the choice is kept whatever the plan,
// but on a free plan the form is disabled and a post sent anyway changes
// nothing.
func (h *Handlers) saveAnalyticsSummary(w http.ResponseWriter, r *http.Request) {
	v, ok := h.ownerSettingView(w, r, "summary")
	if !ok {
		return
	}
	if v.AnalyticsSummaryPlan != "" {
		v.Errors["analytics_summary"] = "The monthly analytics summary comes with the " + v.AnalyticsSummaryPlan + " plan."
		h.render(w, r, http.StatusForbidden, views.ProfilePage(h.chrome(r), v))
		return
	}
	on := r.PostFormValue("analytics_summary") == "on"
	u := currentUser(r)
	if err := h.store.SetAnalyticsSummary(r.Context(), u.ID, on); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("analytics summary set", "user_id", u.ID, "on", on)
	toast := views.Toast{Title: "Analytics summary saved", Description: "We email you a summary of your analytics on the first of each month."}
	if !on {
		toast.Description = "We won't email you a monthly summary; your analytics stay on your dashboard."
	}
	h.flash(r, toast)
	http.Redirect(w, r, "/profile#analytics-summary", http.StatusSeeOther)
}

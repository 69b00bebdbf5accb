package domain

import (
	"context"
	"net/url"
	"time"

	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
)

// Analytics are the owners' figures beyond the pages that show them: the
// monthly summary. At 8:00 UTC on the first of each month a job emails the
// owners of listings on a paid plan their last month's figures, unless
// they turned it off on /profile. Exactly one run waits in the queue:
// main.go leaves one at start-up, and each run leaves the next.
type Analytics struct{ *env }

// analyticsPath is the owners' analytics page, which a summary links.
const analyticsPath = "/dashboard/analytics"

// ScheduleSummaries leaves the next monthly run waiting in the queue,
// unless one already is (another instance may be starting too).
func (a *Analytics) ScheduleSummaries(ctx context.Context) error {
	return a.scheduleSummaries(ctx, jobs.NextSummaryMonth(a.now()))
}

func (a *Analytics) scheduleSummaries(ctx context.Context, month string) error {
	queued, err := a.store.EnqueueUnlessWaiting(ctx, jobs.AnalyticsSummaries(month))
	if queued {
		a.log.Info("analytics summaries scheduled", "month", month)
	}
	return err
}

// SendSummaries is the work of a monthly run: one email to each owner due
// the summary of month. Each owner's email is queued in the transaction
// that marks their month, so a retried run, or one running at once on
// another instance, sends nobody a second one.
func (a *Analytics) SendSummaries(ctx context.Context, month string) error {
	// The next run first: a run that keeps failing does not stop the
	// months after it.
	m, err := time.Parse(store.MonthFormat, month)
	if err != nil {
		return err
	}
	next := max(m.AddDate(0, 1, 0).Format(store.MonthFormat), jobs.NextSummaryMonth(a.now()))
	if err := a.scheduleSummaries(ctx, next); err != nil {
		return err
	}
	owners, err := a.store.AnalyticsSummaryDue(ctx, month, paidPlans(), a.now())
	if err != nil {
		return err
	}
	sent := 0
	for _, id := range owners {
		ok, err := a.SendSummary(ctx, id, m)
		if err != nil {
			return err // retried; the owners done so far are marked
		}
		if ok {
			sent++
		}
	}
	a.log.Info("analytics summaries queued", "month", month, "owners", sent)
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

// SendSummary queues ownerID's summary of month, and reports false when
// another run had already (or the owner has no listing left).
func (a *Analytics) SendSummary(ctx context.Context, ownerID int64, month time.Time) (bool, error) {
	owner, err := a.store.UserByID(ctx, ownerID)
	if err != nil {
		return false, err
	}
	bs, err := a.store.BusinessesOwnedBy(ctx, ownerID)
	if err != nil || len(bs) == 0 {
		return false, err
	}
	s, err := a.month(ctx, bs, month)
	if err != nil {
		return false, err
	}
	msg := bizmail.AnalyticsSummary(a.site, owner.Email, s)
	sent := false
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.MarkAnalyticsSummary(ctx, ownerID, month.Format(store.MonthFormat))
		if err != nil || !ok {
			return err
		}
		sent = true
		return queueMail(ctx, tx, msg)
	})
	return sent && err == nil, err
}

// month is the summary of the listings bs in month, against the month
// before.
func (a *Analytics) month(ctx context.Context, bs []store.Business, month time.Time) (bizmail.AnalyticsMonth, error) {
	ids := store.BusinessIDs(bs)
	prev := month.AddDate(0, -1, 0)
	this, err := a.store.AnalyticsReport(ctx, ids, store.Day(month), store.Day(month.AddDate(0, 1, -1)))
	if err != nil {
		return bizmail.AnalyticsMonth{}, err
	}
	before, err := a.store.AnalyticsReport(ctx, ids, store.Day(prev), store.Day(month.AddDate(0, 0, -1)))
	if err != nil {
		return bizmail.AnalyticsMonth{}, err
	}
	key := month.Format(store.MonthFormat)
	s := bizmail.AnalyticsMonth{
		Month: month.Format("January 2006"), PrevMonth: prev.Format("January 2006"),
		This: monthFigures(this.Totals), Prev: monthFigures(before.Totals),
		Listings: len(bs), Listing: bs[0].Name,
		ReportLink: a.link(analyticsPath + "?" + url.Values{"range": {key}}.Encode()),
		OffLink:    a.link("/profile#analytics-summary"),
	}
	if len(bs) > 1 {
		// The best: the most leads, then the most views; none when no
		// listing had either.
		var best store.AnalyticsTotals
		for _, b := range bs {
			t := this.ByListing[b.ID]
			if t.Leads > best.Leads || (t.Leads == best.Leads && t.Views > best.Views) {
				best, s.Best = t, b.Name
			}
		}
		s.BestFigures = monthFigures(best)
	}
	return s, nil
}

func monthFigures(t store.AnalyticsTotals) bizmail.MonthFigures {
	return bizmail.MonthFigures{
		Views: t.Views, Visitors: t.Visitors, Impressions: t.Impressions, ContactClicks: t.Clicks(),
		Leads: t.Leads, Reviews: t.Reviews, Conversion: t.Conversion(), Rating: t.AverageRating(),
	}
}

package present

import (
	"cmp"
	"slices"
	"strconv"
	"time"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// LeadQuality is q for the page: the statuses in the inbox's order,
// the sources and the categories (most leads first).
func LeadQuality(q store.LeadQuality, rng views.AnalyticsRange) views.LeadQualityView {
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

// ROI is the return on investment of rng: each month's won leads
// times the order value (cents), against what plan cost that month.
func ROI(plan plans.Plan, q store.LeadQuality, orderValue int64, rng views.AnalyticsRange, since time.Time) views.ROIView {
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

// Comparison sets listings side by side from rep, the most viewed
// first; owned is how many listings the owner has (the page may show one
// of them alone).
func Comparison(owned int, listings []store.Business, rep store.AnalyticsReport, rng views.AnalyticsRange) views.ComparisonView {
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

// AnalyticsBack is the page the order value form returns to: rng, and
// the listing when the page shows one alone.
func AnalyticsBack(rng views.AnalyticsRange, listings []store.Business) string {
	listing := ""
	if len(listings) == 1 {
		listing = strconv.FormatInt(listings[0].ID, 10)
	}
	return views.AnalyticsQuery(views.AnalyticsPath, rng.Key, listing)
}

// RangeChoices are the domain's choices as the picker shows them.
func RangeChoices(cs []domain.RangeChoice) []views.AnalyticsChoice {
	out := make([]views.AnalyticsChoice, len(cs))
	for i, c := range cs {
		out[i] = views.AnalyticsChoice(c)
	}
	return out
}

// AnalyticsFigures are t as the headline metrics read them.
func AnalyticsFigures(t store.AnalyticsTotals) views.AnalyticsFigures {
	return views.AnalyticsFigures{Views: t.Views, Visitors: t.Visitors, Impressions: t.Impressions, Clicks: t.Clicks(), Leads: t.Leads,
		Reviews: t.Reviews, ClickThrough: t.ClickThrough(), Conversion: t.Conversion(), Rating: t.AverageRating()}
}

// LeadSources are the leads of each source, in sourceOrder.
func LeadSources(by map[string]int64) []views.AnalyticsSource {
	var out []views.AnalyticsSource
	for _, k := range domain.SourceOrder(by) {
		out = append(out, views.AnalyticsSource{Key: k, Leads: by[k]})
	}
	return out
}

// AnalyticsDays are the report's days as the chart and table show them.
func AnalyticsDays(days []store.AnalyticsDay) []views.AnalyticsDayFigures {
	var out []views.AnalyticsDayFigures
	for _, d := range days {
		out = append(out, views.AnalyticsDayFigures{Day: d.Day, Views: d.Views, Visitors: d.Visitors,
			Impressions: d.Impressions, Clicks: d.Clicks(), Leads: d.Leads})
	}
	return out
}

package views

import (
	"math"
	"strconv"
	"strings"
	"time"
)

// AnalyticsSections are the analytics page's sections beyond views,
// clicks and leads: lead quality and return on investment (Growth), the
// listings side by side (Pro). What the plan lacks names the plan that
// brings it.
type AnalyticsSections struct {
	Quality    LeadQualityView
	ROI        ROIView
	Comparison ComparisonView
}

// LeadQualityView is how the leads of the range went: their statuses in
// the inbox and how soon the owner answered, in all, by source and by
// category.
type LeadQualityView struct {
	Locked   string // the plan that brings the section, when the owner's lacks it
	Range    AnalyticsRange
	Statuses []LeadStatusCount
	LeadOutcome
	BySource, ByCategory []LeadOutcome
}

// LeadStatusCount is the leads in one status.
type LeadStatusCount struct {
	Status string // one of catalog.LeadStatusOptions
	Leads  int64
}

// LeadOutcome is how some leads went: in all, from one source or to
// listings of one category (Label).
type LeadOutcome struct {
	Label            string
	Leads, Won, Lost int64
	Answered         int64
	MedianResponse   time.Duration // of the answered leads
}

// ROIView is the return on investment of the range: the leads won times
// the owner's average order value, against the plan's price.
type ROIView struct {
	Locked string // the plan that brings the section, when the owner's lacks it
	Range  AnalyticsRange
	Form   OrderValueForm
	// OrderValue is the owner's average order value in cents; 0 when
	// they have not given one (the section then offers the form alone).
	OrderValue int64
	Plan       string // the owner's plan
	ROIFigures
	Months []ROIMonth
}

// ROIFigures are the range's, or a month's, won leads, the revenue they
// are worth at the order value, and what the plan cost (cents).
type ROIFigures struct {
	Won           int64
	Revenue, Cost int64
}

// ROIMonth is one calendar month of the range.
type ROIMonth struct {
	Month time.Time // its first day
	ROIFigures
}

// OrderValueForm is the form of the owner's average order value.
type OrderValueForm struct {
	Value string // as typed, or the saved value
	Saved bool   // a value is saved: an empty field removes it
	Error string
	Back  string // the analytics page to return to (its range and listing)
}

func (f OrderValueForm) hint() string {
	h := "What one won lead is worth to you on average, in US dollars. Won leads are multiplied by it to estimate your revenue; only you see it."
	if f.Saved {
		h += " Empty the field and save to remove it."
	}
	return h
}

// OrderValuePath is where the order value form is sent.
const OrderValuePath = AnalyticsPath + "/order-value"

// ComparisonView is the owner's listings side by side over the range.
type ComparisonView struct {
	Locked string // the plan that brings the section, when the owner's lacks it
	Range  AnalyticsRange
	// Owned is how many listings the owner has; with fewer than two there
	// is nothing to compare.
	Owned int
	// Alone is the listing the page is narrowed to, when the owner has
	// others; AllHref is the page of all of them.
	Alone, AllHref string
	Rows           []ComparisonRow
}

// ComparisonRow is one listing's figures over the range.
type ComparisonRow struct {
	Name, Href              string // Href: the page of this listing alone
	Views, Visitors, Clicks int64
	Leads, Reviews          int64
	ClickThrough            float64 // views per impression
	Impressions             int64
	Conversion              float64 // leads per view
	Rating                  float64 // average stars of the reviews
}

// rangeDuring is a range in a sentence: "in the last 30 days", "in
// October 2026", "since March 3, 2026".
func rangeDuring(r AnalyticsRange) string {
	switch {
	case r.Key == "all":
		if t, err := time.Parse("2006-01-02", r.From); err == nil {
			return "since " + t.Format("January 2, 2006")
		}
		return "over all time"
	case strings.HasSuffix(r.Key, "d"):
		return "in the last " + strings.TrimSuffix(r.Key, "d") + " days"
	}
	return "in " + r.Label
}

// shareText is part of whole as a percentage ("25%", "2.5%"), "—" when
// there is no whole.
func shareText(part, whole int64) string {
	if whole == 0 {
		return "—"
	}
	return ratePercent(float64(part) / float64(whole))
}

// ratePercent is a rate as a percentage to one decimal, without a
// trailing ".0" ("12.5%", "40%").
func ratePercent(r float64) string {
	return strings.TrimSuffix(strconv.FormatFloat(math.Round(r*1000)/10, 'f', 1, 64), ".0") + "%"
}

// WaitText is a response time in plain words: "2 h 15 min", "3 days 4 h",
// "under 1 min".
func WaitText(d time.Duration) string {
	d = d.Round(time.Minute)
	days, hours, mins := int(d/(24*time.Hour)), int(d%(24*time.Hour)/time.Hour), int(d%time.Hour/time.Minute)
	var parts []string
	switch {
	case days == 1:
		parts = append(parts, "1 day")
	case days > 1:
		parts = append(parts, itoa(days)+" days")
	}
	if hours > 0 {
		parts = append(parts, itoa(hours)+" h")
	}
	if mins > 0 && days == 0 {
		parts = append(parts, itoa(mins)+" min")
	}
	if len(parts) == 0 {
		return "under 1 min"
	}
	return strings.Join(parts, " ")
}

// DollarsText is an amount of cents in US dollars: "$1,250", "$18.74".
func DollarsText(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "−", -cents
	}
	s := sign + "$" + formatInt(int(cents/100))
	if c := cents % 100; c != 0 {
		s += "." + strconv.FormatInt(100+c, 10)[1:]
	}
	return s
}

// OrderValueText is cents as the form's field writes them: "250",
// "99.50".
func OrderValueText(cents int64) string {
	s := strconv.FormatInt(cents/100, 10)
	if c := cents % 100; c != 0 {
		s += "." + strconv.FormatInt(100+c, 10)[1:]
	}
	return s
}

// Multiple is revenue per dollar of cost ("5.2×"); ReturnPercent the
// return on investment, (revenue − cost) ÷ cost ("+420%", "−35%"). Both
// are "—" without a cost.
func (f ROIFigures) Multiple() string {
	if f.Cost == 0 {
		return "—"
	}
	return strconv.FormatFloat(float64(f.Revenue)/float64(f.Cost), 'f', 1, 64) + "×"
}

// ReturnPercent: see Multiple.
func (f ROIFigures) ReturnPercent() string {
	if f.Cost == 0 {
		return "—"
	}
	p := int(math.Round(float64(f.Revenue-f.Cost) / float64(f.Cost) * 100))
	switch {
	case p > 0:
		return "+" + formatInt(p) + "%"
	case p < 0:
		return "−" + formatInt(-p) + "%"
	}
	return "0%"
}

// rateOrNone is a rate as a percentage, "—" when its denominator was 0.
func rateOrNone(r float64, denominator int64) string {
	if denominator == 0 {
		return "—"
	}
	return ratePercent(r)
}

// ratingOrNone is an average rating, "—" without reviews.
func ratingOrNone(r float64, reviews int64) string {
	if reviews == 0 {
		return "—"
	}
	return ratingText(r)
}

// wonNoun counts won leads: "1 won lead", "12 won leads".
func wonNoun(n int64) string {
	if n == 1 {
		return "1 won lead"
	}
	return formatInt(int(n)) + " won leads"
}

package views

import (
	"math"
	"net/url"
	"strconv"
	"strings"

	"bizprofile/catalog"
)

// AnalyticsRange is the stretch of days /dashboard/analytics shows: the
// last 7, 30 or 90 days, a calendar month, or all of it.
type AnalyticsRange struct {
	Key      string // "7d", "30d", "90d", "all" or a month, "2026-10": the ?range= value
	Label    string // "Last 30 days", "October 2026", "All time"
	From, To string // store.DayFormat, both included
}

// AnalyticsPath is the owner's analytics page.
const AnalyticsPath = "/dashboard/analytics"

// AnalyticsView is the owner's analytics page for one range of days, of
// all their listings or one of them.
type AnalyticsView struct {
	NoListings bool // the owner has none: the page says how to add one
	Range      AnalyticsRange
	Choices    []AnalyticsChoice // the range picker
	// Asked is the range the owner asked for when their plan lacks it
	// (its label), and AskedPlan the plan that brings it: the page then
	// shows the default range with a notice.
	Asked, AskedPlan string
	Listings         []catalog.Option // the owner's listings, for the listing picker
	Listing          string           // the listing shown alone ("" for all of them)
	Metrics          []AnalyticsMetric
	Compared         string // the previous period in words ("the previous 30 days", "October 2026"); "" when there is none
	Days             []AnalyticsDayFigures
	Sources          []AnalyticsSource // leads by source, each source there is
	// NothingCounted: no view, impression or click in the range; the
	// page says from when they are counted (CountedFrom, DayFormat).
	NothingCounted bool
	CountedFrom    string
	Sections       AnalyticsSections
}

// AnalyticsChoice is one range of the picker: open, or locked with the
// plan that brings it (Plan).
type AnalyticsChoice struct {
	Key, Label string
	Plan       string // the plan that brings it when the owner's lacks it
	Month      bool
	Current    bool
}

// Metric kinds: how a figure and its change are written.
const (
	MetricCount   = "count"   // 1,234; change in percent
	MetricPercent = "percent" // 12.5%; change in percentage points
	MetricRating  = "rating"  // 4.5 stars; change in stars
)

// AnalyticsMetric is a headline figure of the range and the same figure of
// the previous period.
type AnalyticsMetric struct {
	Key, Label string
	Kind       string // MetricCount, MetricPercent or MetricRating
	Note       string // what it counts, in a few words
	Value      float64
	// None: nothing to show (a rate without its denominator, an average
	// without reviews).
	None bool
	// Previous is the previous period's figure (PrevNone when it had
	// none); HasPrevious is false for all time.
	Previous    float64
	PrevNone    bool
	HasPrevious bool
}

// AnalyticsDayFigures are one day's figures, in the chart and its table.
type AnalyticsDayFigures struct {
	Day                          string // DayFormat
	Views, Visitors, Impressions int64
	Clicks, Leads                int64
}

// AnalyticsSource is the leads of the range from one source.
type AnalyticsSource struct {
	Key   string // the lead's source: "listing", "request"
	Leads int64
}

// AnalyticsQuery is the page's (or its CSV's) address for a range and a
// listing: the defaults stay out of it.
func AnalyticsQuery(path, rng, listing string) string {
	v := url.Values{}
	if rng != "" && rng != "30d" {
		v.Set("range", rng)
	}
	if listing != "" {
		v.Set("listing", listing)
	}
	if len(v) == 0 {
		return path
	}
	return path + "?" + v.Encode()
}

// CSV is the download of the days shown.
func (v AnalyticsView) CSV() string {
	return AnalyticsQuery("/dashboard/analytics.csv", v.Range.Key, v.Listing)
}

// metricValue is a metric's figure as the card shows it.
func metricValue(m AnalyticsMetric) string {
	if m.None {
		return "—"
	}
	switch m.Kind {
	case MetricPercent:
		return ratePercent(m.Value)
	case MetricRating:
		return ratingText(m.Value)
	}
	return formatInt(int(m.Value))
}

// metricChange is a metric's change against the previous period: "+12%",
// "−0.4 points" (a minus sign, as the ROI's), "No change"; "" when there is nothing to compare with
// (the previous period had none, or a side has no figure).
func metricChange(m AnalyticsMetric) string {
	if !m.HasPrevious || m.PrevNone || m.None || (m.Kind == MetricCount && m.Previous == 0) {
		return ""
	}
	var d float64
	unit := ""
	switch m.Kind {
	case MetricPercent:
		d, unit = (m.Value-m.Previous)*100, " points"
	case MetricRating:
		d, unit = m.Value-m.Previous, " stars"
	default:
		d, unit = (m.Value-m.Previous)/m.Previous*100, "%"
	}
	d = math.Round(d*10) / 10
	if m.Kind == MetricCount {
		d = math.Round(d)
	}
	if math.Abs(d) == 1 {
		unit = strings.TrimSuffix(unit, "s") // "+1 point", "-1 star"
	}
	switch {
	case d == 0:
		return "No change"
	case d > 0:
		return "+" + strconv.FormatFloat(d, 'f', -1, 64) + unit
	}
	return "−" + strconv.FormatFloat(-d, 'f', -1, 64) + unit
}

// metricTrend is the class of a change: up, down or flat.
func metricTrend(change string) string {
	switch {
	case strings.HasPrefix(change, "+"):
		return "trend-up"
	case strings.HasPrefix(change, "−"):
		return "trend-down"
	}
	return ""
}

// lockedRanges says which periods come with which plan ("Last 90 days
// and past months come with Growth; all time with Pro"); "" when the plan
// has them all.
func lockedRanges(choices []AnalyticsChoice) string {
	var order []string
	by := map[string][]string{}
	for _, c := range choices {
		if c.Plan == "" {
			continue
		}
		if _, ok := by[c.Plan]; !ok {
			order = append(order, c.Plan)
		}
		by[c.Plan] = append(by[c.Plan], lowerFirst(c.Label))
	}
	var parts []string
	for i, p := range order {
		labels := by[p]
		s := labels[len(labels)-1]
		if len(labels) > 1 {
			s = strings.Join(labels[:len(labels)-1], ", ") + " and " + s
		}
		if i == 0 {
			verb := " come with "
			if len(labels) == 1 {
				verb = " comes with " // "All time comes with Pro"
			}
			s = strings.ToUpper(s[:1]) + s[1:] + verb + p
		} else {
			s += " with " + p
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// lowerFirst starts s with a small letter, to put a label in a sentence.
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func leadTotal(sources []AnalyticsSource) int64 {
	var n int64
	for _, s := range sources {
		n += s.Leads
	}
	return n
}

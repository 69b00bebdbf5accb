package views

import (
	"strings"
	"time"

	"github.com/a-h/templ"
)

// PartnerDashboardPath is the partner's home.
const PartnerDashboardPath = "/partners/dashboard"

// PartnerDashboard is a partner's home (/partners/dashboard): their
// standing in the programme and, once approved, their link, their figures
// by month, their money and the businesses they referred.
type PartnerDashboard struct {
	Name      string // whom the page greets
	State     string // "pending", "approved", "declined"
	PlanName  string
	Rate      int // the plan's commission, percent
	AppliedOn time.Time
	Reason    string // the administrator's, when declined (or a note on approval)
	DecidedOn time.Time
	Link      string // BASE_URL/r/{code}, once approved
	Months    []PartnerMonthFigures
	Referred  []PartnerReferred
	// Terms quoted beside the figures, from the catalogue.
	HoldDays, CommissionMonths, AttributionDays int
	Threshold                                   string // "$50"
	// The money's sections (balances, ledger, payouts, Stripe Connect),
	// drawn by their own components; nil until approved.
	Balances, Ledger, Payouts, Connect templ.Component
}

// PartnerMonthFigures is one month of a partner's figures.
type PartnerMonthFigures struct {
	Month                   time.Time
	Clicks, SignUps, Paying int64
	EarnedCents             int64
}

// PartnerReferred is a business a partner referred, as the partner may see
// it: nothing private.
type PartnerReferred struct {
	Names []string // its listings' names; none yet is possible
	Plan  string
	Since time.Time
}

// Approved reports whether the partner may refer and earn.
func (d PartnerDashboard) Approved() bool { return d.State == "approved" }

// Totals are the months' figures summed.
func (d PartnerDashboard) Totals() PartnerMonthFigures {
	var t PartnerMonthFigures
	for _, m := range d.Months {
		t.Clicks += m.Clicks
		t.SignUps += m.SignUps
		t.EarnedCents += m.EarnedCents
		t.Paying = max(t.Paying, m.Paying)
	}
	return t
}

// ThisMonth is the last month's figures (the month in progress).
func (d PartnerDashboard) ThisMonth() PartnerMonthFigures {
	if len(d.Months) == 0 {
		return PartnerMonthFigures{}
	}
	return d.Months[len(d.Months)-1]
}

// The earnings chart's box, in SVG units.
const (
	earnH                       = 200
	earnTop, earnBottom         = 12, 28
	earnRight                   = 8
	earnBarGap          float64 = 0.3 // of a month's slot
)

// earningsChart is the months' earnings as columns on one scale.
type earningsChart struct {
	Class, ViewBox       string
	Left, Right, YLabelX string
	YTicks               []chartTick
	Bars                 []earningsBar
}

type earningsBar struct {
	X, Y, W, H, Title string
	LabelX, Label     string
	Negative          bool
}

// partnerEarningsChart draws the months' earnings (a month with more
// reversed than earned shows no column; the table says the figure).
func partnerEarningsChart(months []PartnerMonthFigures, size chartSize) earningsChart {
	w, left := size.W, size.Left
	c := earningsChart{Class: size.Class, ViewBox: "0 0 " + itoa(w) + " " + itoa(earnH),
		Left: itoa(left), Right: itoa(w - earnRight), YLabelX: itoa(left - 6)}
	top := int64(0)
	for _, m := range months {
		top = max(top, m.EarnedCents/100)
	}
	scale := niceMax(top)
	plotW, plotH := float64(w-left-earnRight), float64(earnH-earnTop-earnBottom)
	y := func(dollars float64) float64 { return earnTop + plotH - plotH*dollars/float64(scale) }
	for _, v := range []int64{0, scale / 2, scale} {
		c.YTicks = append(c.YTicks, chartTick{Pos: coord(y(float64(v))), TextPos: coord(y(float64(v)) + 4), Label: "$" + formatInt(int(v)), Anchor: "end"})
	}
	slot := plotW / float64(max(len(months), 1))
	every := 1
	if size.W < 400 && len(months) > 6 {
		every = 2 // a phone's chart labels every other month
	}
	for i, m := range months {
		dollars := max(float64(m.EarnedCents)/100, 0)
		x := float64(left) + slot*float64(i) + slot*earnBarGap/2
		b := earningsBar{
			X: coord(x), W: coord(slot * (1 - earnBarGap)), Y: coord(y(dollars)), H: coord(max(plotH*dollars/float64(scale), 0)),
			Title:    m.Month.Format("January 2006") + ": " + DollarsText(m.EarnedCents),
			LabelX:   coord(x + slot*(1-earnBarGap)/2),
			Negative: m.EarnedCents < 0,
		}
		if (len(months)-1-i)%every == 0 {
			b.Label = m.Month.Format("Jan")
		}
		c.Bars = append(c.Bars, b)
	}
	return c
}

// partnerEarningsName sums the chart up for screen readers.
func partnerEarningsName(months []PartnerMonthFigures) string {
	var total int64
	for _, m := range months {
		total += m.EarnedCents
	}
	if len(months) == 0 {
		return "Earnings by month"
	}
	return "Earnings by month, " + months[0].Month.Format("January 2006") + " to " + months[len(months)-1].Month.Format("January 2006") + ": " + DollarsText(total) + " in all"
}

// partnerCode is the code at the end of a partner's link.
func partnerCode(link string) string {
	if i := strings.LastIndexByte(link, '/'); i >= 0 {
		return link[i+1:]
	}
	return link
}

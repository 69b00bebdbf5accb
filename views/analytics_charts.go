package views

import (
	"strconv"
	"time"
)

// The analytics page's charts: SVG drawn on the server, so they show with
// JavaScript off. Each has role="img" and a name that sums it up, a
// <title> on each point or bar for the value on hover, and a table with
// the same figures beside it for screen readers. The geometry is worked
// out here; analytics.templ only writes it.

// The daily chart's box, in SVG units (it scales to its container).
const (
	lineH               = 220
	lineRight           = 12
	lineTop, lineBottom = 12, 28
	maxDots             = 92 // more days than this: lines without points
	barRowH             = 36
)

// chartSize is how wide a chart is drawn, in SVG units. An SVG scales its
// lettering with its width, so each chart is drawn twice: wide for a
// desktop and narrow for a phone (app.css shows the one that fits, see
// .chart-narrow), each at about the size it shows at. Its labels (12 and
// 14 units) then read at 12 px or more, and the margins hold them clear
// of the axis.
type chartSize struct {
	Class   string
	W       int
	Left    int // the daily chart's margin for its scale's labels
	BarLeft int // the bar chart's margin for the sources' names
}

var (
	chartWide   = chartSize{Class: "chart-wide", W: 640, Left: 44, BarLeft: 150}
	chartNarrow = chartSize{Class: "chart-narrow", W: 340, Left: 54, BarLeft: 120}
)

// chartSizes are the sizes every chart is drawn at.
var chartSizes = []chartSize{chartWide, chartNarrow}

// lineChart is the daily chart of views and unique visitors.
type lineChart struct {
	Class   string // the size's
	ViewBox string
	Series  []chartSeries
	YTicks  []chartTick // Pos is the y of the grid line
	XTicks  []chartTick // Pos is the x of the label
	Left    string      // x of the plot's left edge
	Right   string      // x of its right edge
	YLabelX string      // x of the scale's labels (anchored at their end)
}

// chartSeries is one line: its points, and a dot with its value per day.
type chartSeries struct {
	Class, Label string
	Points       string // the polyline's "x,y x,y ..."
	Dots         []chartDot
}

type chartDot struct {
	X, Y, Title string
}

// chartTick is a labelled place on an axis: Pos where its grid line or
// label is, TextPos the label's other coordinate.
type chartTick struct {
	Pos, TextPos, Label, Anchor string
}

// dailyChart draws the days' views and unique visitors on one scale.
func dailyChart(days []AnalyticsDayFigures, size chartSize) lineChart {
	lineW, lineLeft := size.W, float64(size.Left)
	c := lineChart{Class: size.Class, ViewBox: "0 0 " + itoa(lineW) + " " + itoa(lineH), Left: itoa(size.Left), Right: itoa(lineW - lineRight), YLabelX: itoa(size.Left - 6)}
	top := int64(0)
	for _, d := range days {
		top = max(top, d.Views, d.Visitors)
	}
	scale := niceMax(top)
	plotW, plotH := float64(lineW-size.Left-lineRight), float64(lineH-lineTop-lineBottom)
	x := func(i int) float64 {
		if len(days) < 2 {
			return lineLeft + plotW/2
		}
		return lineLeft + plotW*float64(i)/float64(len(days)-1)
	}
	y := func(v int64) float64 { return lineTop + plotH - plotH*float64(v)/float64(scale) }
	for _, v := range []int64{0, scale / 2, scale} {
		c.YTicks = append(c.YTicks, chartTick{Pos: coord(y(v)), TextPos: coord(y(v) + 4), Label: formatInt(int(v)), Anchor: "end"})
	}
	for _, i := range tickDays(len(days)) {
		anchor := "middle"
		if len(days) > 1 && i == 0 {
			anchor = "start"
		} else if len(days) > 1 && i == len(days)-1 {
			anchor = "end"
		}
		c.XTicks = append(c.XTicks, chartTick{Pos: coord(x(i)), TextPos: itoa(lineH - 8), Label: shortDay(days[i].Day), Anchor: anchor})
	}
	for _, s := range []struct {
		class, label, unit string
		of                 func(AnalyticsDayFigures) int64
	}{
		{"series-views", "Views", "views", func(d AnalyticsDayFigures) int64 { return d.Views }},
		{"series-visitors", "Unique visitors", "visitors", func(d AnalyticsDayFigures) int64 { return d.Visitors }},
	} {
		line := chartSeries{Class: s.class, Label: s.label}
		for i, d := range days {
			px, py := coord(x(i)), coord(y(s.of(d)))
			if i > 0 {
				line.Points += " "
			}
			line.Points += px + "," + py
			if len(days) <= maxDots {
				line.Dots = append(line.Dots, chartDot{X: px, Y: py, Title: shortDay(d.Day) + ": " + formatInt(int(s.of(d))) + " " + s.unit})
			}
		}
		c.Series = append(c.Series, line)
	}
	return c
}

// niceMax is the top of a chart's scale for values up to top: a multiple
// of the first digit's unit whose half is a whole number too (10 for a
// top of 10, so the chart is not half empty; 4, not 3).
func niceMax(top int64) int64 {
	if top <= 2 {
		return 2
	}
	unit := int64(1)
	for top/unit >= 10 {
		unit *= 10
	}
	m := (top + unit - 1) / unit
	if m%2 == 1 && unit == 1 {
		m++
	}
	return m * unit
}

// tickDays are the days labelled under the chart: the first, the middle
// and the last.
func tickDays(n int) []int {
	switch {
	case n == 0:
		return nil
	case n < 3:
		out := []int{0}
		if n == 2 {
			out = append(out, 1)
		}
		return out
	}
	return []int{0, (n - 1) / 2, n - 1}
}

func coord(f float64) string { return strconv.FormatFloat(f, 'f', 1, 64) }

// shortDay is a day as the charts and tables write it: "Nov 3".
func shortDay(day string) string {
	d, err := time.Parse("2006-01-02", day)
	if err != nil {
		return day
	}
	return d.Format("Jan 2")
}

// longDay is a day in a sentence: "November 3, 2026".
func longDay(day string) string {
	d, err := time.Parse("2006-01-02", day)
	if err != nil {
		return day
	}
	return d.Format("January 2, 2006")
}

// barChart is the leads by source, one horizontal bar each.
type barChart struct {
	Class   string // the size's
	ViewBox string
	Bars    []sourceBar
}

type sourceBar struct {
	Label, Value, Title string
	LabelX, TextY       string
	X, Y, W, H          string
	ValueX              string
}

// sourceChart draws the leads of each source, the largest filling the
// width.
func sourceChart(sources []AnalyticsSource, size chartSize) barChart {
	barW, barLeft := size.W, size.BarLeft
	c := barChart{Class: size.Class, ViewBox: "0 0 " + itoa(barW) + " " + itoa(barRowH*len(sources)+8)}
	top := int64(1)
	for _, s := range sources {
		top = max(top, s.Leads)
	}
	span := float64(barW - barLeft - 60)
	for i, s := range sources {
		w := span * float64(s.Leads) / float64(top)
		y := float64(barRowH*i + 8)
		c.Bars = append(c.Bars, sourceBar{
			Label: LeadSourceLabel(s.Key), Value: formatInt(int(s.Leads)), Title: LeadSourceLabel(s.Key) + ": " + leadsNoun(s.Leads),
			LabelX: itoa(barLeft - 8), TextY: coord(y + 17),
			X: itoa(barLeft), Y: coord(y), W: coord(max(w, 1)), H: "24",
			ValueX: coord(float64(barLeft) + max(w, 1) + 6),
		})
	}
	return c
}

func leadsNoun(n int64) string {
	if n == 1 {
		return "1 lead"
	}
	return formatInt(int(n)) + " leads"
}

// dailyChartName sums the daily chart up for assistive technology.
func dailyChartName(v AnalyticsView) string {
	var views, visitors int64
	for _, d := range v.Days {
		views += d.Views
		visitors += d.Visitors
	}
	return "Views and unique visitors per day, " + v.Range.Label + ": " + formatInt(int(views)) + " views, " +
		formatInt(int(visitors)) + " unique visitors in all. The table below has each day's figures."
}

// sourceChartName sums the lead chart up for assistive technology.
func sourceChartName(sources []AnalyticsSource) string {
	s := "Leads by source:"
	for i, src := range sources {
		if i > 0 {
			s += ","
		}
		s += " " + LeadSourceLabel(src.Key) + " " + formatInt(int(src.Leads))
	}
	return s + ". The table below has the same figures."
}

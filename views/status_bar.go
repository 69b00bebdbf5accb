package views

import (
	"slices"
	"strconv"
	"time"
)

// The status page's uptime bar: one bar per day of the last 90 (UTC),
// coloured by the day's uptime, drawn as SVG on the server so it shows
// with JavaScript off. The SVG has role="img" and a name; each day has a
// <title> with its figures for hover; a sentence under the bar says in
// words what the colours show (the days with failed checks, the days
// without checks), so colour is never the only sign.

// UptimeDay is one day of a part's recorded checks.
type UptimeDay struct {
	Day              time.Time // UTC midnight
	Checks, Failures int       // Checks 0: no checks recorded that day
}

// The bar's box in SVG units; it stretches to its container's width.
const (
	uptimeBarW   = 4 // one day's bar
	uptimeBarGap = 2
	uptimeBarH   = 30
)

// uptimeLevel is how a day's bar is coloured.
func uptimeLevel(d UptimeDay) string {
	switch {
	case d.Checks == 0:
		return "uptime-none"
	case d.Failures == 0:
		return "uptime-full"
	}
	ratio := 1 - float64(d.Failures)/float64(d.Checks)
	switch {
	case ratio >= 0.99:
		return "uptime-high"
	case ratio >= 0.95:
		return "uptime-mid"
	}
	return "uptime-low"
}

// dayUptime is a day's uptime as the page writes it.
func dayUptime(d UptimeDay) string {
	return UptimePercent(1-float64(d.Failures)/float64(d.Checks), d.Failures)
}

// uptimeBar is the drawn bar.
type uptimeBar struct {
	ViewBox string
	Days    []uptimeBarDay
}

type uptimeBarDay struct {
	X, W, H, Class, Title string
}

// uptimeBarOf draws days, oldest first.
func uptimeBarOf(days []UptimeDay) uptimeBar {
	step := uptimeBarW + uptimeBarGap
	b := uptimeBar{ViewBox: "0 0 " + itoa(step*len(days)-uptimeBarGap) + " " + itoa(uptimeBarH)}
	for i, d := range days {
		b.Days = append(b.Days, uptimeBarDay{
			X: itoa(step * i), W: itoa(uptimeBarW), H: itoa(uptimeBarH),
			Class: uptimeLevel(d), Title: uptimeDayTitle(d),
		})
	}
	return b
}

// uptimeDayTitle is a day's figures: "Nov 3: 99.10% uptime (1,440
// checks, 13 failed)", or "Nov 3: no checks recorded".
func uptimeDayTitle(d UptimeDay) string {
	day := d.Day.Format("Jan 2")
	if d.Checks == 0 {
		return day + ": no checks recorded"
	}
	figures := formatInt(d.Checks) + " " + plural(d.Checks, "check", "checks")
	if d.Failures > 0 {
		figures += ", " + formatInt(d.Failures) + " failed"
	}
	return day + ": " + dayUptime(d) + " uptime (" + figures + ")"
}

// uptimeFailuresListed is how many days with failures the summary names;
// past that it names the worst.
const uptimeFailuresListed = 5

// uptimeBarSummary says in words what the bar shows: "2 days with failed
// checks in the last 90 days: Nov 3 (99.10%), Nov 12 (97.00%)." or "No
// failed checks since checks began on Nov 1.", and the days after the
// first without any check.
func uptimeBarSummary(days []UptimeDay) string {
	first := slices.IndexFunc(days, func(d UptimeDay) bool { return d.Checks > 0 })
	if first < 0 {
		return ""
	}
	var failing []UptimeDay
	gaps := 0
	for _, d := range days[first:] {
		switch {
		case d.Checks == 0:
			gaps++
		case d.Failures > 0:
			failing = append(failing, d)
		}
	}
	span := "in the last " + itoa(len(days)) + " days"
	if first > 0 {
		span = "since checks began on " + days[first].Day.Format("Jan 2")
	}
	var s string
	switch n := len(failing); {
	case n == 0:
		s = "No failed checks " + span + "."
	case n <= uptimeFailuresListed:
		named := make([]string, n)
		for i, d := range failing {
			named[i] = d.Day.Format("Jan 2") + " (" + dayUptime(d) + ")"
		}
		s = strconv.Itoa(n) + " " + plural(n, "day", "days") + " with failed checks " + span + ": " + andList(named) + "."
	default:
		worst := slices.MinFunc(failing, func(a, b UptimeDay) int {
			ra := float64(a.Failures) / float64(a.Checks)
			rb := float64(b.Failures) / float64(b.Checks)
			switch {
			case ra > rb:
				return -1
			case ra < rb:
				return 1
			}
			return 0
		})
		s = strconv.Itoa(n) + " days with failed checks " + span + "; the lowest uptime was " + dayUptime(worst) + " on " + worst.Day.Format("Jan 2") + "."
	}
	if gaps > 0 {
		s += " No checks were recorded on " + strconv.Itoa(gaps) + " " + plural(gaps, "day", "days") + "."
	}
	return s
}

// uptimeBarID is the id of a part's bar summary.
func uptimeBarID(key string) string { return "uptime-days-" + key }

// UptimeHistory is a part's recorded days laid out over the days days up
// to the day of now (UTC), oldest first; a day without a row (before the
// first check, or with the app stopped) has no checks. Nil when no day has
// checks.
func UptimeHistory(recorded []UptimeDay, days int, now time.Time) []UptimeDay {
	if len(recorded) == 0 {
		return nil
	}
	now = now.UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	out := make([]UptimeDay, days)
	for i := range out {
		out[i].Day = today.AddDate(0, 0, i-(days-1))
	}
	for _, d := range recorded {
		i := days - 1 - int(today.Sub(d.Day).Hours()/24)
		if i >= 0 && i < len(out) {
			out[i].Checks, out[i].Failures = d.Checks, d.Failures
		}
	}
	return out
}

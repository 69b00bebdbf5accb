package domain

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"bizprofile/plans"
	"bizprofile/store"
)

// The owners' analytics ranges (?range=): the last 7, 30 or 90 days
// ending today, a calendar month "YYYY-MM", or all of it. Days are UTC.
// Each plan opens some of them (plans.Analytics); the others are offered
// locked, with the plan that brings them.

// defaultRange is the range shown without ?range= (and instead of one the
// plan lacks).
const defaultRange = "30d"

// RollingRanges are the ranges of the last days, shortest first.
var RollingRanges = []int{7, 30, 90}

// AnalyticsRange is one range of days of the owner's analytics.
type AnalyticsRange struct {
	Key      string // "7d", "30d", "90d", "all" or a month, "2026-10": the ?range= value
	Label    string // "Last 30 days", "October 2026", "All time"
	From, To string // store.DayFormat, both included
}

// RangeAsked is a range read from ?range=, and what the plan says of it.
type RangeAsked struct {
	AnalyticsRange
	// LockedBy is the plan that brings the range asked for when the
	// owner's plan lacks it (the range is then the default one).
	LockedBy plans.Plan
	Locked   bool
}

// AnalyticsRange reads key for an owner on b's plan whose first listing
// was made on first, today being now: an unknown or impossible key is the
// default range; one the plan lacks is the default range with the plan
// that brings it.
func (b Billing) AnalyticsRange(key string, first, now time.Time) RangeAsked {
	want, lockedBy, ok := RangeOf(key, first, now)
	if !ok {
		want, _, _ = RangeOf(defaultRange, first, now)
		return RangeAsked{AnalyticsRange: want}
	}
	if !lockedBy(b.Plan.Analytics) {
		return RangeAsked{AnalyticsRange: want}
	}
	def, _, _ := RangeOf(defaultRange, first, now)
	return RangeAsked{AnalyticsRange: def, Locked: true, LockedBy: plans.FirstWith(func(p plans.Plan) bool { return !lockedBy(p.Analytics) })}
}

// RangeOf is the range key names, and the test of whether a plan's
// analytics lack it; ok is false for no such range.
func RangeOf(key string, first, now time.Time) (r AnalyticsRange, lacks func(plans.Analytics) bool, ok bool) {
	today := now.UTC()
	switch {
	case key == "all":
		from := first.UTC()
		if from.After(today) {
			from = today
		}
		return AnalyticsRange{Key: key, Label: "All time", From: store.Day(from), To: store.Day(today)},
			func(a plans.Analytics) bool { return !a.AllTime }, true
	case strings.HasSuffix(key, "d"):
		n, err := strconv.Atoi(strings.TrimSuffix(key, "d"))
		if err != nil || !slices.Contains(RollingRanges, n) {
			return r, nil, false
		}
		return AnalyticsRange{Key: key, Label: "Last " + strconv.Itoa(n) + " days", From: store.Day(today.AddDate(0, 0, 1-n)), To: store.Day(today)},
			func(a plans.Analytics) bool { return a.Days < n }, true
	}
	m, err := time.Parse(store.MonthFormat, key)
	ago := monthsBetween(m, today)
	if err != nil || ago < 0 || ago >= 120 {
		return r, nil, false // a month to come, or past the report's ten years
	}
	last := m.AddDate(0, 1, -1)
	if last.After(today) {
		last = today // the month in progress, so far
	}
	return AnalyticsRange{Key: key, Label: m.Format("January 2006"), From: store.Day(m), To: store.Day(last)},
		func(a plans.Analytics) bool { return a.Months != plans.Unlimited && ago >= a.Months }, true
}

// monthsBetween is how many calendar months m is before now's month (0:
// the same month).
func monthsBetween(m, now time.Time) int {
	return (now.Year()-m.Year())*12 + int(now.Month()) - int(m.Month())
}

// PreviousRange is the period r's figures are compared with, and its
// name: the same number of days just before a range of the last days,
// the month before a month (as many of its days as the month shows, when
// it is the month in progress); none for all time.
func PreviousRange(r AnalyticsRange) (from, to, name string, ok bool) {
	f, err1 := time.Parse(store.DayFormat, r.From)
	t, err2 := time.Parse(store.DayFormat, r.To)
	if r.Key == "all" || err1 != nil || err2 != nil {
		return "", "", "", false
	}
	days := int(t.Sub(f).Hours()/24) + 1
	if _, err := time.Parse(store.MonthFormat, r.Key); err == nil {
		m := f.AddDate(0, -1, 0)
		last := m.AddDate(0, 1, -1)
		name = m.Format("January 2006")
		if days < last.Day() { // the month in progress: the same days of the month before
			last = m.AddDate(0, 0, days-1)
			name = m.Format("January 2") + "–" + strconv.Itoa(last.Day())
		}
		return store.Day(m), store.Day(last), name, true
	}
	name = "the previous " + strconv.Itoa(days) + " days"
	if days == 1 {
		name = "the day before"
	}
	return store.Day(f.AddDate(0, 0, -days)), store.Day(f.AddDate(0, 0, -1)), name, true
}

// RangeChoice is a choice of the range picker.
type RangeChoice struct {
	Key, Label string
	Plan       string // the plan that brings it when the owner's lacks it
	Month      bool
	Current    bool
}

// RangeChoices are the ranges of the picker: the last days, all time, then
// the months from now's back to first's, each open on b's plan or locked
// with the plan that brings it; the months a plan lacks are one locked
// choice.
func (b Billing) RangeChoices(first, now time.Time, current string) []RangeChoice {
	plan := b.Plan
	var keys []string
	for _, n := range RollingRanges {
		keys = append(keys, strconv.Itoa(n)+"d")
	}
	keys = append(keys, "all")
	oldest := time.Date(first.UTC().Year(), first.UTC().Month(), 1, 0, 0, 0, 0, time.UTC)
	if m, err := time.Parse(store.MonthFormat, current); err == nil && m.Before(oldest) {
		oldest = m // a month before the first listing, asked for: it is shown
	}
	m := time.Date(now.UTC().Year(), now.UTC().Month(), 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 120 && !m.Before(oldest); i++ {
		keys = append(keys, m.Format(store.MonthFormat))
		m = m.AddDate(0, -1, 0)
	}
	var out []RangeChoice
	lockedMonths := false
	for _, k := range keys {
		r, lacks, _ := RangeOf(k, first, now)
		c := RangeChoice{Key: k, Label: r.Label, Current: k == current, Month: !strings.HasSuffix(k, "d") && k != "all"}
		if lacks(plan.Analytics) {
			c.Plan = plans.FirstWith(func(p plans.Plan) bool { return !lacks(p.Analytics) }).Name
			if c.Month {
				if lockedMonths {
					continue
				}
				lockedMonths = true
				c.Key, c.Label = "", "Earlier months"
				if plan.Analytics.Months == 0 {
					c.Label = "Past months"
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// FirstMade is when the earliest of listings was made (now for none).
func FirstMade(listings []store.Business) time.Time {
	first := time.Now()
	for _, b := range listings {
		if b.CreatedAt.Before(first) {
			first = b.CreatedAt
		}
	}
	return first
}

// SourceOrder are the lead sources the analytics list for figures by
// source: the sources leads come from today, with or without leads, then
// any other there is, by name.
func SourceOrder[T any](by map[string]T) []string {
	known := []string{store.SourceListing, store.SourceRequest}
	var others []string
	for k := range by {
		if !slices.Contains(known, k) {
			others = append(others, k)
		}
	}
	slices.Sort(others)
	return append(known, others...)
}

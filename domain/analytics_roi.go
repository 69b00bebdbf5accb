package domain

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/plans"
	"bizprofile/store"
)

// The return on investment of the owner's analytics (plans with
// Analytics.LeadQuality): each month's won leads times the account's
// average order value, against what its plan cost that month.

// MonthCost is what a plan cost in one calendar month of a range.
type MonthCost struct {
	Month time.Time // the month's first day
	Cents int64
}

// PlanCostByMonth is what plan costs over rng, month by month, from the
// day the owner's first listing shown was made (since): a calendar
// month's range pays the whole month (the month in progress too: it is
// paid for); a range of days pays each month it touches by the share of
// that month's days it covers. A month before the listing pays nothing.
func PlanCostByMonth(plan plans.Plan, rng AnalyticsRange, since time.Time) []MonthCost {
	from, err1 := time.Parse(store.DayFormat, rng.From)
	to, err2 := time.Parse(store.DayFormat, rng.To)
	if err1 != nil || err2 != nil || to.Before(from) {
		return nil
	}
	if _, err := time.Parse(store.MonthFormat, rng.Key); err == nil {
		to = from.AddDate(0, 1, -1) // the whole month
	}
	since, _ = time.Parse(store.DayFormat, store.Day(since))
	var out []MonthCost
	for m := time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC); !m.After(to); m = m.AddDate(0, 1, 0) {
		next := m.AddDate(0, 1, 0)
		monthDays := int64(next.Sub(m).Hours() / 24)
		first, last := later(later(m, from), since), earlier(next.AddDate(0, 0, -1), to)
		days := max(int64(last.Sub(first).Hours()/24)+1, 0)
		// Rounded to the nearest cent.
		out = append(out, MonthCost{Month: m, Cents: (plan.AmountCents()*days*2 + monthDays) / (2 * monthDays)})
	}
	return out
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// dollarsForm is an amount of US dollars as people type it: "250",
// "$1,250.50", "99.5".
var dollarsForm = regexp.MustCompile(`^\$?\s*([0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.([0-9]{1,2}))?$`)

// ParseOrderValue reads an order value in cents: more than 0, at most
// catalog.OrderValueMax dollars.
func ParseOrderValue(s string) (int64, bool) {
	m := dollarsForm.FindStringSubmatch(s)
	if m == nil || len(m[1]) > 12 {
		return 0, false
	}
	dollars, err := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
	if err != nil {
		return 0, false
	}
	cents := int64(0)
	if m[2] != "" {
		cents, _ = strconv.ParseInt((m[2] + "0")[:2], 10, 64)
	}
	total := dollars*100 + cents
	if total <= 0 || total > catalog.OrderValueMax*100 {
		return 0, false
	}
	return total, true
}

// SetOrderValue keeps the account's average order value, as its owner or
// a member types it ("$1,250.50"), and returns it in cents. Invalid (field
// catalog.OrderValueField) says it is not an amount the form takes.
func (a *Analytics) SetOrderValue(ctx context.Context, accountID int64, typed string) (int64, error) {
	cents, ok := ParseOrderValue(strings.TrimSpace(typed))
	if !ok {
		return 0, Invalid{catalog.OrderValueField: catalog.OrderValueInvalid}
	}
	return cents, a.store.SetOrderValue(ctx, accountID, cents)
}

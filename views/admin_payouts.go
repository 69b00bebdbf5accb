package views

import (
	"strings"
	"time"

	"bizprofile/catalog"
)

// AdminPayouts is /admin/payouts: a month's partner payouts, with a form
// to mark each manual one paid, and the latest commissions with a form to
// void each.
type AdminPayouts struct {
	Month       string   // "2026-05": the month shown
	Months      []string // the months with payouts, the latest first
	Payouts     []AdminPayoutRow
	Commissions []AdminCommissionRow
	// Form is the form that came back with errors (422), nil otherwise.
	Form *AdminMoneyForm
}

// AdminPayoutRow is one payout.
type AdminPayoutRow struct {
	ID                int64
	Partner, Email    string
	Method, State     string
	AmountCents       int64
	Currency          string
	Reference         string
	TransferID, Error string // a Connect payout's transfer, or its last error
	PaidAt, CreatedAt time.Time
}

// CanMarkPaid: a manual payout that is still due.
func (p AdminPayoutRow) CanMarkPaid() bool { return p.Method == "manual" && p.State == "due" }

// AdminCommissionRow is one commission with what its reversals took.
type AdminCommissionRow struct {
	ID                          int64
	At                          time.Time
	Partner, Business           string
	RatePercent                 int
	BaseCents                   int64
	AmountCents, RemainingCents int64
	Currency                    string
}

// AdminMoneyForm is a Mark paid or a Void form sent back with its errors
// and what was typed.
type AdminMoneyForm struct {
	Action string // "paid" (a payout) or "void" (a commission)
	ID     int64
	Value  string
	Errors catalog.FieldErrors
}

// For reports whether the form belongs to action on id.
func (f *AdminMoneyForm) For(action string, id int64) bool {
	return f != nil && f.Action == action && f.ID == id
}

func (v AdminPayouts) formOf(action string, id int64) AdminMoneyForm {
	if v.Form.For(action, id) {
		return *v.Form
	}
	return AdminMoneyForm{Action: action, ID: id}
}

// monthFilters link each month with payouts.
func (v AdminPayouts) monthFilters() []AdminFilter {
	fs := make([]AdminFilter, len(v.Months))
	for i, m := range v.Months {
		fs[i] = AdminFilter{Label: m, Href: "/admin/payouts?month=" + m, Current: m == v.Month}
	}
	return fs
}

// PayoutCSVColumns are the columns of /admin/payouts.csv.
var PayoutCSVColumns = []string{"Payout", "Month", "Partner", "Email", "Amount", "Currency", "Method", "State", "Transfer", "Reference", "Paid", "Created"}

// CSV is the payout as a row of /admin/payouts.csv (see PayoutCSVColumns),
// for month.
func (p AdminPayoutRow) CSV(month string) []string {
	at := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format("2006-01-02 15:04:05")
	}
	return []string{int64s(p.ID), month, p.Partner, p.Email, CentsText(p.AmountCents), strings.ToUpper(p.Currency),
		p.Method, p.State, p.TransferID, p.Reference, at(p.PaidAt), at(p.CreatedAt)}
}

func (v AdminPayouts) monthText() string {
	if m, err := time.Parse("2006-01", v.Month); err == nil {
		return m.Format("January 2006")
	}
	return v.Month
}

func (p AdminPayoutRow) stateText() string {
	switch {
	case p.State == "paid":
		return "Paid"
	case p.Method == "connect" && p.Error != "":
		return "Transfer failing"
	case p.Method == "connect":
		return "Transferring"
	}
	return "Due"
}

func (p AdminPayoutRow) badgeClass() string {
	switch {
	case p.State == "paid":
		return "badge badge-success"
	case p.Error != "":
		return "badge badge-danger"
	}
	return "badge badge-warning"
}

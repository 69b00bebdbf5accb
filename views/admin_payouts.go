package views

import (
	"time"

	"bizprofile/catalog"
)

// AdminPayouts is /admin/payouts: a month's partner payouts, with a form
// to mark each manual one paid, and the latest commissions with a form to
// void each.
type AdminPayouts struct {
	Month       string        // "2026-05": the month shown
	Months      []AdminFilter // the months with payouts
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

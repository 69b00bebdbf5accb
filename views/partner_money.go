package views

import (
	"strconv"
	"strings"
	"time"

	"bizprofile/plans"
)

// PartnerMoney is a partner's money on their dashboard: the balances, the
// ledger, the payouts and their Stripe Connect account. The components
// PartnerBalances, PartnerLedger, PartnerPayouts and PartnerConnect draw
// its sections.
type PartnerMoney struct {
	Balances []PartnerBalance // by currency; none before the first commission
	Ledger   []PartnerLedgerRow
	Payouts  []PartnerPayoutRow
	Connect  PartnerConnectState
}

// PartnerBalance is a partner's balance in one currency.
type PartnerBalance struct {
	Currency                   string
	PayableCents, PendingCents int64
}

// PartnerLedgerRow is one row of a partner's ledger.
type PartnerLedgerRow struct {
	At          time.Time
	What        string // the kind in words
	Business    string // the referred business, when there is one
	AmountCents int64
	Currency    string
	// State is "pending" (until PayableAt), "payable", "reversed",
	// "in-payout" or "paid".
	State     string
	PayableAt time.Time
}

// PartnerPayoutRow is one payout of a partner's balance.
type PartnerPayoutRow struct {
	Month       string // "2026-05"
	AmountCents int64
	Currency    string
	Method      string // "connect", "manual"
	State       string // "due", "paid"
	Reference   string // a manual payout's
	TransferID  string // a Connect payout's
	PaidAt      time.Time
}

// PartnerConnectState is a partner's Stripe Connect account.
type PartnerConnectState struct {
	Available bool // Stripe is configured on this site
	Started   bool // an account exists, its onboarding maybe unfinished
	Ready     bool // payouts go to it by transfer
}

// PartnerConnectPath is where the Connect button posts.
const PartnerConnectPath = "/partners/dashboard/connect"

// partnerHoldDays and partnerThreshold are the programme's terms, quoted
// by the money's sections.
func partnerHoldDays() string { return itoa(plans.HoldDays) }

func partnerThreshold() string { return DollarsText(plans.PayoutThresholdCents) }

// MoneyText writes cents in a currency: "$1,250.00" for US dollars,
// "12.50 EUR" for others, a negative amount with a minus sign.
func MoneyText(cents int64, currency string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "−", -cents
	}
	amount := formatInt(int(cents/100)) + "." + strconv.FormatInt(100+cents%100, 10)[1:]
	if c := strings.ToLower(currency); c == "usd" || c == "" {
		return sign + "$" + amount
	}
	return sign + amount + " " + strings.ToUpper(currency)
}

// stateText is a ledger row's state in words.
func (r PartnerLedgerRow) stateText() string {
	switch r.State {
	case "pending":
		return "Pending until " + r.PayableAt.UTC().Format("2 Jan 2006")
	case "payable":
		return "Payable"
	case "reversed":
		return "Reversed"
	case "in-payout":
		return "In a payout being paid"
	case "paid":
		return "Paid out"
	}
	return r.State
}

func (r PartnerLedgerRow) badgeClass() string {
	switch r.State {
	case "payable":
		return "badge badge-success"
	case "reversed":
		return "badge badge-danger"
	case "pending", "in-payout":
		return "badge badge-warning"
	}
	return "badge"
}

func (p PartnerPayoutRow) monthText() string {
	if m, err := time.Parse("2006-01", p.Month); err == nil {
		return m.Format("January 2006")
	}
	return p.Month
}

func (p PartnerPayoutRow) methodText() string {
	if p.Method == "connect" {
		return "Stripe transfer"
	}
	return "Paid by hand"
}

func (p PartnerPayoutRow) stateText() string {
	switch {
	case p.State == "paid" && !p.PaidAt.IsZero():
		return "Paid " + p.PaidAt.UTC().Format("2 Jan 2006")
	case p.State == "paid":
		return "Paid"
	case p.Method == "connect":
		return "Being transferred"
	}
	return "Due: being paid by hand"
}

// proof is what identifies the payment: the transfer or the reference.
func (p PartnerPayoutRow) proof() string {
	if p.TransferID != "" {
		return p.TransferID
	}
	return p.Reference
}

// state names the Connect account's state for tests and styles:
// "unavailable", "none", "started", "ready".
func (c PartnerConnectState) state() string {
	switch {
	case !c.Available:
		return "unavailable"
	case c.Ready:
		return "ready"
	case c.Started:
		return "started"
	}
	return "none"
}

func hasNegative(bs []PartnerBalance) bool {
	for _, b := range bs {
		if b.PayableCents < 0 {
			return true
		}
	}
	return false
}

// CentsText is cents as a plain decimal amount, for CSV files: "1250.00".
func CentsText(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return sign + strconv.FormatInt(cents/100, 10) + "." + strconv.FormatInt(100+cents%100, 10)[1:]
}

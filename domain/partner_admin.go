package domain

import (
	"context"
	"time"

	"bizprofile/store"
)

// The administrators' view of the partners' money (/admin/payouts).

// PayoutsMonth is a month's payouts and the latest commissions.
type PayoutsMonth struct {
	Month       string   // store.MonthFormat
	Months      []string // the months with payouts, the latest first
	Payouts     []PayoutRow
	Commissions []CommissionRow
}

// PayoutRow is one payout, as the administrators see it.
type PayoutRow struct {
	ID                int64
	Partner, Email    string
	Method, State     string
	AmountCents       int64
	Currency          string
	Reference         string
	TransferID, Error string
	PaidAt, CreatedAt time.Time
}

// CommissionRow is one commission with what its reversals took.
type CommissionRow struct {
	ID                          int64
	At                          time.Time
	Partner, Business           string
	RatePercent                 int
	BaseCents                   int64
	AmountCents, RemainingCents int64
	Currency                    string
}

// recentCommissions is how many commissions /admin/payouts lists.
const recentCommissions = 50

// PayoutsOf are the payouts of month ("YYYY-MM"; anything else: the latest
// month with payouts, else the current one) and the latest commissions.
func (p *Partners) PayoutsOf(ctx context.Context, month string) (PayoutsMonth, error) {
	months, err := p.store.PayoutMonths(ctx)
	if err != nil {
		return PayoutsMonth{}, err
	}
	if _, err := time.Parse(store.MonthFormat, month); err != nil {
		month = p.now().UTC().Format(store.MonthFormat)
		if len(months) > 0 {
			month = months[0]
		}
	}
	ps, err := p.store.PayoutsOfMonth(ctx, month)
	if err != nil {
		return PayoutsMonth{}, err
	}
	cs, _, err := p.store.RecentCommissions(ctx, store.Page{Limit: recentCommissions})
	if err != nil {
		return PayoutsMonth{}, err
	}
	m := PayoutsMonth{Month: month, Months: months}
	for _, o := range ps {
		m.Payouts = append(m.Payouts, PayoutRow{ID: o.ID, Partner: o.PartnerName, Email: o.PartnerEmail, Method: o.Method, State: o.State,
			AmountCents: o.AmountCents, Currency: o.Currency, Reference: o.Reference, TransferID: o.TransferID, Error: o.Error,
			PaidAt: o.PaidAt.Time, CreatedAt: o.CreatedAt})
	}
	for _, c := range cs {
		m.Commissions = append(m.Commissions, CommissionRow{ID: c.ID, At: c.CreatedAt, Partner: c.PartnerEmail, Business: c.Business,
			RatePercent: c.RatePercent, BaseCents: c.BaseCents, AmountCents: c.AmountCents, RemainingCents: c.Remaining(), Currency: c.Currency})
	}
	return m, nil
}

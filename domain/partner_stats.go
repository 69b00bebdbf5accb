package domain

import (
	"context"
	"time"

	"bizprofile/store"
)

// PartnerMonthsShown is how many calendar months a partner's dashboard
// and its CSV cover, the month in progress included.
const PartnerMonthsShown = 12

// Months are the partner's figures for the last PartnerMonthsShown
// calendar months, oldest first: clicks on their link, the accounts it
// brought, the customers who paid, and what they earned.
func (p *Partners) Months(ctx context.Context, partnerID int64) ([]store.PartnerMonth, error) {
	now := p.now().UTC()
	from := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1-PartnerMonthsShown, 0)
	return p.store.PartnerMonths(ctx, partnerID, from, now)
}

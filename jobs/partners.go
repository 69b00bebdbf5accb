package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"bizprofile/store"
)

// The partner programme's jobs (issue 36): the monthly payout run, and
// the Stripe transfer of each payout to a partner's Connect account.
const (
	KindPartnerPayouts  = "partner_payouts"
	KindPartnerTransfer = "partner_transfer"
)

// PayoutHour is when, in UTC, on the first of each month, the partners'
// payouts are made: after the analytics summaries.
const PayoutHour = SummaryHour + 1

// TransferAttempts is how many times a payout's transfer is tried before
// it waits in /admin/jobs for an administrator (about two days of
// retries at the default back-off).
const TransferAttempts = 50

// payoutPayload is a transfer job's payload.
type payoutPayload struct {
	PayoutID int64 `json:"payout_id"`
}

// PartnerPayouts is the payout run of month ("YYYY-MM"), at PayoutHour on
// its first day.
func PartnerPayouts(month string) store.NewJob {
	m, err := time.Parse(store.MonthFormat, month)
	if err != nil {
		// Months come from NextPayoutMonth or a stored payload: a bad one
		// is a bug.
		panic(fmt.Sprintf("jobs: partner payouts: month %q", month))
	}
	runAt := time.Date(m.Year(), m.Month(), 1, PayoutHour, 0, 0, 0, time.UTC)
	return store.NewJob{Kind: KindPartnerPayouts, Payload: mustJSON(monthPayload{Month: month}), RunAt: runAt}
}

// NextPayoutMonth is the month whose payout run comes next after now: the
// current one until PayoutHour on the first, then the next.
func NextPayoutMonth(now time.Time) string {
	now = now.UTC()
	month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	if !now.Before(month.Add(PayoutHour * time.Hour)) {
		month = month.AddDate(0, 1, 0)
	}
	return month.Format(store.MonthFormat)
}

// PartnerTransfer is the job of paying payout id through Stripe Connect,
// retried (the transfer's idempotency key is the payout's) until it goes
// through.
func PartnerTransfer(payoutID int64) store.NewJob {
	return store.NewJob{Kind: KindPartnerTransfer, Payload: mustJSON(payoutPayload{PayoutID: payoutID}), MaxAttempts: TransferAttempts}
}

// ForPayout is the handler of transfer jobs: it reads the payout and has
// do the work for it.
func ForPayout(do func(ctx context.Context, payoutID int64) error) Handler {
	return func(ctx context.Context, payload []byte) error {
		var p payoutPayload
		if err := json.Unmarshal(payload, &p); err != nil || p.PayoutID <= 0 {
			return fmt.Errorf("partner transfer job: payload %q: %v", payload, err)
		}
		return do(ctx, p.PayoutID)
	}
}

// describePartnerJob says what a partner job is for, for /admin/jobs.
func describePartnerJob(kind string, payload []byte) (string, bool) {
	switch kind {
	case KindPartnerPayouts:
		var p monthPayload
		if json.Unmarshal(payload, &p) != nil {
			return "", false
		}
		m, err := time.Parse(store.MonthFormat, p.Month)
		if err != nil {
			return "", false
		}
		return "Partner payouts of " + m.Format("January 2006"), true
	case KindPartnerTransfer:
		var p payoutPayload
		if json.Unmarshal(payload, &p) != nil {
			return "", false
		}
		return "Stripe transfer of partner payout #" + strconv.FormatInt(p.PayoutID, 10), true
	}
	return "", false
}

package jobs_test

import (
	"context"
	"testing"
	"time"

	"bizprofile/jobs"
)

// The next payout run is this month's until 9:00 UTC on the first, then
// next month's; it runs at 9:00 UTC on its month's first day.
func TestNextPayoutMonth(t *testing.T) {
	for _, tc := range []struct {
		now  time.Time
		want string
	}{
		{time.Date(2026, 5, 1, 8, 59, 59, 0, time.UTC), "2026-05"},
		{time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC), "2026-06"},
		{time.Date(2026, 12, 17, 12, 0, 0, 0, time.UTC), "2027-01"},
	} {
		if got := jobs.NextPayoutMonth(tc.now); got != tc.want {
			t.Errorf("NextPayoutMonth(%v) = %s, want %s", tc.now, got, tc.want)
		}
		if at := jobs.PartnerPayouts(tc.want).RunAt; !at.After(tc.now) || at.Hour() != jobs.PayoutHour || at.Day() != 1 {
			t.Errorf("the run of %s is at %v, not after %v on the first at %d:00", tc.want, at, tc.now, jobs.PayoutHour)
		}
	}
	var got int64
	h := jobs.ForPayout(func(_ context.Context, id int64) error { got = id; return nil })
	if err := h(context.Background(), jobs.PartnerTransfer(42).Payload); err != nil || got != 42 {
		t.Fatalf("a transfer job's payout: %d, %v", got, err)
	}
	if err := h(context.Background(), []byte(`{}`)); err == nil {
		t.Fatal("a transfer job without a payout is run")
	}
	if d := jobs.Describe(jobs.KindPartnerTransfer, jobs.PartnerTransfer(42).Payload); d != "Stripe transfer of partner payout #42" {
		t.Fatalf("described as %q", d)
	}
}

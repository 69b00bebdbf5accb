package store

import (
	"context"
	"fmt"
	"time"
)

// A partner's figures by calendar month, for their dashboard: the clicks
// on their link, the accounts it brought, the customers who paid, and
// what they earned.

// PartnerMonth is one calendar month of a partner's figures.
type PartnerMonth struct {
	Month   string // MonthFormat
	Clicks  int64
	SignUps int64 // business accounts attributed to the partner
	// Paying is how many referred customers paid an invoice that earned
	// the partner a commission this month.
	Paying int64
	// EarnedCents is the commissions earned this month net of the
	// refunds, disputes and voids recorded in it (payouts aside).
	EarnedCents int64
}

// PartnerMonths are the partner's figures for each month from from (the
// first of a month, UTC) to now, oldest first, months without any
// included as zeros.
func (s *Store) PartnerMonths(ctx context.Context, partnerID int64, from, now time.Time) ([]PartnerMonth, error) {
	from = time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC)
	var months []PartnerMonth
	index := map[string]int{}
	for m := from; !m.After(now); m = m.AddDate(0, 1, 0) {
		index[m.Format(MonthFormat)] = len(months)
		months = append(months, PartnerMonth{Month: m.Format(MonthFormat)})
	}
	at := func(t time.Time) *PartnerMonth {
		if i, ok := index[t.UTC().Format(MonthFormat)]; ok {
			return &months[i]
		}
		return nil
	}
	err := s.readTx(ctx, func(tx *Store) error {
		var clicks []struct {
			Day    string `db:"day"`
			Clicks int64  `db:"clicks"`
		}
		if err := tx.db.SelectContext(ctx, &clicks, tx.db.Rebind(`SELECT day, clicks FROM partner_clicks
			WHERE partner_id = ? AND day >= ?`), partnerID, Day(from)); err != nil {
			return fmt.Errorf("store: partner clicks: %w", err)
		}
		for _, c := range clicks {
			if d, err := time.Parse(DayFormat, c.Day); err == nil {
				if m := at(d); m != nil {
					m.Clicks += c.Clicks
				}
			}
		}
		var signups []time.Time
		if err := tx.db.SelectContext(ctx, &signups, tx.db.Rebind(`SELECT created_at FROM referrals
			WHERE partner_id = ? AND created_at >= ?`), partnerID, from); err != nil {
			return fmt.Errorf("store: partner sign-ups: %w", err)
		}
		for _, t := range signups {
			if m := at(t); m != nil {
				m.SignUps++
			}
		}
		var rows []struct {
			Kind     string    `db:"kind"`
			Amount   int64     `db:"amount_cents"`
			Referred int64     `db:"referred_user_id"`
			At       time.Time `db:"created_at"`
		}
		if err := tx.db.SelectContext(ctx, &rows, tx.db.Rebind(`SELECT kind, amount_cents, COALESCE(referred_user_id, 0) AS referred_user_id, created_at
			FROM partner_ledger WHERE partner_id = ? AND kind <> 'payout' AND created_at >= ?`), partnerID, from); err != nil {
			return fmt.Errorf("store: partner earnings: %w", err)
		}
		paying := map[string]map[int64]bool{}
		for _, r := range rows {
			m := at(r.At)
			if m == nil {
				continue
			}
			m.EarnedCents += r.Amount
			if r.Kind == "commission" && r.Referred != 0 {
				if paying[m.Month] == nil {
					paying[m.Month] = map[int64]bool{}
				}
				paying[m.Month][r.Referred] = true
			}
		}
		for month, ids := range paying {
			months[index[month]].Paying = int64(len(ids))
		}
		return nil
	})
	return months, err
}

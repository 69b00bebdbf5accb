package domain

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"

	"bizprofile/catalog"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
)

// Payouts (issue 36): at PayoutHour on the first of each month, every
// approved partner whose payable balance reaches plans.PayoutThresholdCents
// is paid it: by a Stripe transfer to their Connect account when it is
// ready, otherwise by hand, by an administrator who marks it paid on
// /admin/payouts. Exactly one run waits in the queue: main.go leaves one at
// start-up, and each run leaves the next; a partner has at most one payout
// a month in each currency, so a second run (or another instance's) pays
// nobody twice.

// partnerDashboardPath is the partner's home, which statements link.
const partnerDashboardPath = "/partners/dashboard"

// SchedulePayouts leaves the next monthly payout run waiting in the queue,
// unless one already is.
func (p *Partners) SchedulePayouts(ctx context.Context) error {
	return p.schedulePayouts(ctx, jobs.NextPayoutMonth(p.now()))
}

func (p *Partners) schedulePayouts(ctx context.Context, month string) error {
	queued, err := p.store.EnqueueUnlessWaiting(ctx, jobs.PartnerPayouts(month))
	if queued {
		p.log.Info("partner payouts scheduled", "month", month)
	}
	return err
}

// RunPayouts is the work of the monthly run of month: a payout for each
// partner whose payable balance reaches the threshold, each with its
// ledger row in one transaction, and for a Connect payout the transfer's
// job in the same one.
func (p *Partners) RunPayouts(ctx context.Context, month string) error {
	m, err := time.Parse(store.MonthFormat, month)
	if err != nil {
		return err
	}
	// The next run first: a run that keeps failing does not stop the
	// months after it.
	next := max(m.AddDate(0, 1, 0).Format(store.MonthFormat), jobs.NextPayoutMonth(p.now()))
	if err := p.schedulePayouts(ctx, next); err != nil {
		return err
	}
	now := p.now()
	due, err := p.store.PayableBalances(ctx, now, plans.PayoutThresholdCents)
	if err != nil {
		return err
	}
	made := 0
	for _, b := range due {
		partner, err := p.store.PartnerByUser(ctx, b.PartnerID)
		if err != nil {
			return err
		}
		method := store.PayoutManual
		if partner.ConnectReady && partner.ConnectAccountID != "" {
			method = store.PayoutConnect
		}
		err = p.store.InTx(ctx, func(tx *store.Store) error {
			po, ok, err := tx.CreatePayout(ctx, b.PartnerID, month, b.Currency, method, now, plans.PayoutThresholdCents)
			if err != nil || !ok {
				return err
			}
			made++
			p.log.Info("partner payout", "payout_id", po.ID, "partner_id", po.PartnerID, "cents", po.AmountCents, "currency", po.Currency, "method", method)
			if method == store.PayoutConnect {
				return tx.Enqueue(ctx, jobs.PartnerTransfer(po.ID))
			}
			return nil
		})
		if err != nil {
			return err // retried; the payouts made so far stay made
		}
	}
	p.log.Info("partner payouts made", "month", month, "payouts", made)
	return nil
}

// PayOutNow makes this month's payouts at once, as the monthly run would
// on the first of next month, for an administrator who will not wait (a
// partnership ending, a run that failed): each partner whose payable
// balance reaches the threshold today is paid it, nobody twice in a month.
// It returns the month the payouts are made in.
func (p *Partners) PayOutNow(ctx context.Context) (string, error) {
	month := p.now().UTC().Format(store.MonthFormat)
	return month, p.RunPayouts(ctx, month)
}

// PayByConnect transfers payout id to its partner's Connect account,
// then marks it paid and emails the statement. A failure is logged, kept
// on the payout for the administrators and returned, so the job retries;
// the transfer's idempotency key (the payout's) keeps a retry from paying
// twice.
func (p *Partners) PayByConnect(ctx context.Context, payments *stripe.Client, id int64) error {
	po, err := p.store.Payout(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		p.log.Warn("partner transfer of a payout that no longer exists", "payout_id", id)
		return nil
	case err != nil:
		return err
	case po.State != store.PayoutDue:
		return nil
	}
	fail := func(err error) error {
		p.log.Warn("partner transfer failed; will retry", "payout_id", id, "partner_id", po.PartnerID, "error", err.Error())
		_ = p.store.SetPayoutError(ctx, id, err.Error())
		return err
	}
	switch {
	case payments == nil:
		return fail(ErrPaymentsOff)
	case po.ConnectAccountID == "":
		return fail(errors.New("the partner has no Stripe Connect account"))
	}
	sctx, cancel := context.WithTimeout(ctx, StripeTimeout)
	defer cancel()
	params := &stripe.TransferCreateParams{
		Amount: stripe.Int64(po.AmountCents), Currency: stripe.String(po.Currency), Destination: stripe.String(po.ConnectAccountID),
		Description: stripe.String(p.site.Name + " partner payout " + po.Month),
		Metadata:    map[string]string{"payout_id": strconv.FormatInt(po.ID, 10), "partner_id": strconv.FormatInt(po.PartnerID, 10)},
	}
	params.IdempotencyKey = stripe.String("partner-payout-" + strconv.FormatInt(po.ID, 10))
	tr, err := payments.V1Transfers.Create(sctx, params)
	if err != nil {
		return fail(fmt.Errorf("stripe refused the transfer: %w", err))
	}
	p.log.Info("partner transfer made", "payout_id", id, "transfer", tr.ID)
	return p.markPaid(ctx, po, tr.ID, "", 0)
}

// ErrPayoutNotDue refuses to mark paid a payout that is not due by hand
// (already paid, or paid by Connect).
var ErrPayoutNotDue = errors.New("domain: the payout is not due by hand")

// MarkPaid records that administrator adminID paid manual payout id by
// hand, with the payment's reference (required: field "reference"), and
// emails the partner the statement.
func (p *Partners) MarkPaid(ctx context.Context, adminID, id int64, reference string) error {
	reference = strings.TrimSpace(reference)
	switch {
	case reference == "":
		return Invalid(catalog.FieldErrors{"reference": "Enter the payment's reference (the bank transfer's, for example)."})
	case len(reference) > 200:
		return Invalid(catalog.FieldErrors{"reference": "Keep the reference to 200 characters."})
	}
	po, err := p.store.Payout(ctx, id)
	if err != nil {
		return err
	}
	if po.State != store.PayoutDue || po.Method != store.PayoutManual {
		return ErrPayoutNotDue
	}
	return p.markPaid(ctx, po, "", reference, adminID)
}

// markPaid marks po paid and queues its statement in the same
// transaction; a payout marked paid already is left as it is.
func (p *Partners) markPaid(ctx context.Context, po store.Payout, transferID, reference string, by int64) error {
	now := p.now()
	return p.store.InTx(ctx, func(tx *store.Store) error {
		ok, err := tx.MarkPayoutPaid(ctx, po.ID, transferID, reference, by, now)
		if err != nil || !ok {
			return err
		}
		po.TransferID, po.Reference = transferID, reference
		msg, err := p.statement(ctx, tx, po)
		if err != nil {
			return err
		}
		return queueMail(ctx, tx, msg)
	})
}

// statement is the email that tells a partner of payout po.
func (p *Partners) statement(ctx context.Context, st *store.Store, po store.Payout) (bizmail.Message, error) {
	rows, err := st.PayoutCovers(ctx, po)
	if err != nil {
		return bizmail.Message{}, err
	}
	month, _ := time.Parse(store.MonthFormat, po.Month)
	s := bizmail.PayoutStatement{
		Name: po.PartnerName, Month: month.Format("January 2006"), Amount: po.AmountCents, Currency: po.Currency,
		How: "by Stripe transfer " + po.TransferID, Link: p.link(partnerDashboardPath),
	}
	if po.Method == store.PayoutManual {
		s.How = "by hand (reference " + po.Reference + ")"
	}
	for _, r := range rows {
		s.Lines = append(s.Lines, bizmail.StatementLine{
			Date: r.CreatedAt.UTC().Format("2 Jan 2006"), What: LedgerKindText(r), Business: r.Business, Amount: r.AmountCents,
		})
	}
	return bizmail.PayoutStatementMail(p.site, po.PartnerEmail, s), nil
}

// LedgerKindText says in words what a ledger row is.
func LedgerKindText(e store.LedgerEntry) string {
	switch e.Kind {
	case store.LedgerCommission:
		return strconv.Itoa(e.RatePercent) + "% commission on an invoice"
	case store.LedgerRefund:
		return "Refund: commission reversed"
	case store.LedgerDispute:
		return "Dispute: commission reversed"
	case store.LedgerVoid:
		if e.Note != "" {
			return "Commission voided: " + e.Note
		}
		return "Commission voided"
	case store.LedgerPayout:
		return "Payout"
	}
	return e.Kind
}

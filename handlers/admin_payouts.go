package handlers

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"bizprofile/csvexport"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// The partners' payouts and commissions, for administrators
// (/admin/payouts): a month's payouts, marking the manual ones paid, the
// month as CSV, and voiding a commission.

// payoutMonth is the month ?month= asks for, else the latest with
// payouts, else the current one.
func payoutMonth(r *http.Request, months []string) string {
	if m := r.URL.Query().Get("month"); m != "" {
		if _, err := time.Parse(store.MonthFormat, m); err == nil {
			return m
		}
	}
	if len(months) > 0 {
		return months[0]
	}
	return time.Now().UTC().Format(store.MonthFormat)
}

func (h *Handlers) adminPayouts(w http.ResponseWriter, r *http.Request) {
	h.renderAdminPayouts(w, r, http.StatusOK, "", nil)
}

// renderAdminPayouts draws the page of month ("": from the request), with
// form sent back with its errors.
func (h *Handlers) renderAdminPayouts(w http.ResponseWriter, r *http.Request, code int, month string, form *views.AdminMoneyForm) {
	ctx := r.Context()
	months, err := h.store.PayoutMonths(ctx)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if month == "" {
		month = payoutMonth(r, months)
	}
	ps, err := h.store.PayoutsOfMonth(ctx, month)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	cs, _, err := h.store.RecentCommissions(ctx, store.Page{Limit: adminPageSize})
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v := views.AdminPayouts{Month: month, Form: form}
	for _, m := range months {
		v.Months = append(v.Months, views.AdminFilter{Label: m, Href: "/admin/payouts?month=" + m, Current: m == month})
	}
	for _, p := range ps {
		v.Payouts = append(v.Payouts, views.AdminPayoutRow{ID: p.ID, Partner: p.PartnerName, Email: p.PartnerEmail, Method: p.Method,
			State: p.State, AmountCents: p.AmountCents, Currency: p.Currency, Reference: p.Reference, TransferID: p.TransferID,
			Error: p.Error, PaidAt: p.PaidAt.Time, CreatedAt: p.CreatedAt})
	}
	for _, c := range cs {
		v.Commissions = append(v.Commissions, views.AdminCommissionRow{ID: c.ID, At: c.CreatedAt, Partner: c.PartnerEmail,
			Business: c.Business, RatePercent: c.RatePercent, BaseCents: c.BaseCents, AmountCents: c.AmountCents,
			RemainingCents: c.Remaining(), Currency: c.Currency})
	}
	h.render(w, r, code, views.AdminPayoutsPage(h.chrome(r), v))
}

// adminPayoutsCSV is the month's payouts as a CSV file.
func (h *Handlers) adminPayoutsCSV(w http.ResponseWriter, r *http.Request) {
	months, err := h.store.PayoutMonths(r.Context())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	month := payoutMonth(r, months)
	ps, err := h.store.PayoutsOfMonth(r.Context(), month)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="admin-payouts-`+month+`.csv"`)
	cw := csvexport.NewWriter(w, []string{"Payout", "Month", "Partner", "Email", "Amount", "Currency", "Method", "State", "Transfer", "Reference", "Paid", "Created"})
	for _, p := range ps {
		paid := ""
		if p.PaidAt.Valid {
			paid = csvexport.Time(p.PaidAt.Time)
		}
		cw.Write([]string{itoa(int(p.ID)), p.Month, p.PartnerName, p.PartnerEmail, views.CentsText(p.AmountCents), strings.ToUpper(p.Currency),
			p.Method, p.State, p.TransferID, p.Reference, paid, csvexport.Time(p.CreatedAt)})
	}
	if err := cw.Flush(); err != nil {
		h.log.Warn("export not delivered", "error", err, "path", r.URL.Path)
	}
}

// markPayoutPaid records a manual payout paid with its reference.
func (h *Handlers) markPayoutPaid(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	id, ref := idParam(r), r.PostFormValue("reference")
	err := h.domain.Partners.MarkPaid(r.Context(), currentUser(r).ID, id, ref)
	if h.moneyFormFailed(w, r, err, &views.AdminMoneyForm{Action: "paid", ID: id, Value: ref}) {
		return
	}
	h.flash(r, views.Toast{Title: "Payout marked paid", Description: "The partner is being emailed the statement."})
	http.Redirect(w, r, "/admin/payouts?month="+r.URL.Query().Get("month"), http.StatusSeeOther)
}

// voidCommission voids what remains of a commission, with a reason.
func (h *Handlers) voidCommission(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	id, reason := idParam(r), r.PostFormValue("reason")
	err := h.domain.Partners.VoidCommission(r.Context(), currentUser(r).ID, id, reason)
	if h.moneyFormFailed(w, r, err, &views.AdminMoneyForm{Action: "void", ID: id, Value: reason}) {
		return
	}
	h.flash(r, views.Toast{Title: "Commission voided", Description: "What remained of it was taken off the partner's balance."})
	http.Redirect(w, r, "/admin/payouts", http.StatusSeeOther)
}

// moneyFormFailed answers a Mark paid or Void form that failed: 422 with
// the message by the field, 404 for a record that is not there, a toast
// for one already settled; false when err is nil.
func (h *Handlers) moneyFormFailed(w http.ResponseWriter, r *http.Request, err error, f *views.AdminMoneyForm) bool {
	var inv domain.Invalid
	switch {
	case err == nil:
		return false
	case errors.As(err, &inv):
		f.Errors = inv.Fields()
		h.renderAdminPayouts(w, r, http.StatusUnprocessableEntity, "", f)
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
	case errors.Is(err, domain.ErrPayoutNotDue), errors.Is(err, domain.ErrNothingToVoid):
		h.flash(r, views.Toast{Title: "Nothing to do", Description: "It was settled already.", Variant: "destructive"})
		http.Redirect(w, r, "/admin/payouts", http.StatusSeeOther)
	default:
		h.serverError(w, r, err)
	}
	return true
}

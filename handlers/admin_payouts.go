package handlers

import (
	"errors"
	"net/http"

	"bizprofile/csvexport"
	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// The partners' payouts and commissions, for administrators
// (/admin/payouts?month=YYYY-MM): a month's payouts, marking the manual
// ones paid, the month as CSV, and voiding a commission.

func (h *Handlers) adminPayouts(w http.ResponseWriter, r *http.Request) {
	h.renderAdminPayouts(w, r, http.StatusOK, nil)
}

// renderAdminPayouts draws the page, with form sent back with its errors.
func (h *Handlers) renderAdminPayouts(w http.ResponseWriter, r *http.Request, code int, form *views.AdminMoneyForm) {
	m, err := h.domain.Partners.PayoutsOf(r.Context(), r.URL.Query().Get("month"))
	if h.broken(w, r, err) {
		return
	}
	v := views.AdminPayouts{Month: m.Month, Months: m.Months, Form: form}
	for _, p := range m.Payouts {
		v.Payouts = append(v.Payouts, views.AdminPayoutRow(p))
	}
	for _, c := range m.Commissions {
		v.Commissions = append(v.Commissions, views.AdminCommissionRow(c))
	}
	h.render(w, r, code, views.AdminPayoutsPage(h.chrome(r), v))
}

// adminPayoutsCSV is the month's payouts as a CSV file.
func (h *Handlers) adminPayoutsCSV(w http.ResponseWriter, r *http.Request) {
	m, err := h.domain.Partners.PayoutsOf(r.Context(), r.URL.Query().Get("month"))
	if h.broken(w, r, err) {
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="admin-payouts-`+m.Month+`.csv"`)
	cw := csvexport.NewWriter(w, views.PayoutCSVColumns)
	for _, p := range m.Payouts {
		cw.Write(views.AdminPayoutRow(p).CSV(m.Month))
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
	if !h.moneyFormFailed(w, r, err, &views.AdminMoneyForm{Action: "paid", ID: id, Value: ref}) {
		h.redirect(w, r, "/admin/payouts?month="+r.URL.Query().Get("month"), views.Toast{Title: "Payout marked paid", Description: "The partner is being emailed the statement."})
	}
}

// payOutNow makes this month's payouts at once (domain PayOutNow).
func (h *Handlers) payOutNow(w http.ResponseWriter, r *http.Request) {
	month, err := h.domain.Partners.PayOutNow(r.Context())
	if h.broken(w, r, err) {
		return
	}
	h.redirect(w, r, "/admin/payouts?month="+month, views.Toast{Title: "Payouts made", Description: "Each partner with a payable balance of " + views.DollarsText(plans.PayoutThresholdCents) + " or more has this month's payout."})
}

// voidCommission voids what remains of a commission, with a reason.
func (h *Handlers) voidCommission(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	id, reason := idParam(r), r.PostFormValue("reason")
	err := h.domain.Partners.VoidCommission(r.Context(), currentUser(r).ID, id, reason)
	if !h.moneyFormFailed(w, r, err, &views.AdminMoneyForm{Action: "void", ID: id, Value: reason}) {
		h.redirect(w, r, "/admin/payouts", views.Toast{Title: "Commission voided", Description: "What remained of it was taken off the partner's balance."})
	}
}

// moneyFormFailed answers a Mark paid or Void form that failed: 422 with
// the message by the field, 404 for a record that is not there, a toast
// for one settled already; false when err is nil.
func (h *Handlers) moneyFormFailed(w http.ResponseWriter, r *http.Request, err error, f *views.AdminMoneyForm) bool {
	var inv domain.Invalid
	switch {
	case err == nil:
		return false
	case errors.As(err, &inv):
		f.Errors = inv.Fields()
		h.renderAdminPayouts(w, r, http.StatusUnprocessableEntity, f)
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
	case errors.Is(err, domain.ErrPayoutNotDue), errors.Is(err, domain.ErrNothingToVoid):
		h.redirect(w, r, "/admin/payouts", views.Toast{Title: "Nothing to do", Description: "It was settled already.", Variant: "destructive"})
	default:
		h.serverError(w, r, err)
	}
	return true
}

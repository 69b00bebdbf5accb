package handlers

import (
	"context"
	"errors"
	"net/http"

	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// A partner's money on their dashboard, and their Stripe Connect
// onboarding (issue 36).

// partnerMoney is partner p's money as the dashboard's money components
// (views.PartnerBalances, PartnerLedger, PartnerPayouts, PartnerConnect)
// draw it.
func (h *Handlers) partnerMoney(ctx context.Context, p store.Partner) (views.PartnerMoney, error) {
	m, err := h.domain.Partners.Money(ctx, p.UserID)
	if err != nil {
		return views.PartnerMoney{}, err
	}
	v := views.PartnerMoney{Connect: views.PartnerConnectState{Available: h.stripe != nil, Started: m.Connect.AccountID != "", Ready: m.Connect.Ready}}
	for _, b := range m.Balances {
		v.Balances = append(v.Balances, views.PartnerBalance(b))
	}
	for _, e := range m.Ledger {
		v.Ledger = append(v.Ledger, views.PartnerLedgerRow(e))
	}
	for _, p := range m.Payouts {
		v.Payouts = append(v.Payouts, views.PartnerPayoutRow(p))
	}
	return v, nil
}

// startPartnerConnect sends an approved partner to Stripe's onboarding of
// their Express account.
func (h *Handlers) startPartnerConnect(w http.ResponseWriter, r *http.Request) {
	p, ok := h.partnerOf(w, r)
	if !ok {
		return
	}
	to, err := h.domain.Partners.StartConnect(r.Context(), h.stripe, p)
	if err != nil {
		h.connectFailed(w, r, p, err)
		return
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

// finishPartnerConnect is where Stripe's onboarding sends the partner
// back: it reads whether their account can be paid.
func (h *Handlers) finishPartnerConnect(w http.ResponseWriter, r *http.Request) {
	p, ok := h.partnerOf(w, r)
	if !ok {
		return
	}
	ready, err := h.domain.Partners.FinishConnect(r.Context(), h.stripe, p)
	switch {
	case err != nil:
		h.connectFailed(w, r, p, err)
		return
	case ready:
		h.flash(r, views.Toast{Title: "Stripe account connected", Description: "Your payouts will be transferred to it."})
	default:
		h.flash(r, views.Toast{Title: "Stripe set-up not finished", Description: "Until Stripe can pay your account, we pay you by hand. Finish it from here whenever you like."})
	}
	http.Redirect(w, r, views.PartnerDashboardPath, http.StatusSeeOther)
}

// connectFailed tells the partner why Connect did not go through, back on
// their dashboard.
func (h *Handlers) connectFailed(w http.ResponseWriter, r *http.Request, p store.Partner, err error) {
	t := views.Toast{Title: "Stripe is not reachable just now", Description: "Nothing changed: please try again in a few minutes. Until then, payouts are made by hand.", Variant: "destructive"}
	switch {
	case errors.Is(err, domain.ErrPaymentsOff):
		t = views.Toast{Title: "Stripe Connect isn't available", Description: "Payouts on this site are made by hand.", Variant: "destructive"}
	case errors.Is(err, domain.ErrPartnerNotApproved):
		t = views.Toast{Title: "Not yet", Description: "You can connect Stripe once your partner account is approved.", Variant: "destructive"}
	default:
		h.log.Warn("partner connect failed", "error", err, "partner_id", p.UserID, "request_id", requestID(r.Context()))
	}
	h.redirect(w, r, views.PartnerDashboardPath, t)
}

package handlers

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"bizprofile/csvexport"
	"bizprofile/present"
	"bizprofile/qrcode"
	"bizprofile/store"
	"bizprofile/views"
)

// partnerDashboard is a partner's home: their standing and, once approved,
// their link, figures by month, money and referred businesses.
func (h *Handlers) partnerDashboard(w http.ResponseWriter, r *http.Request) {
	p, ok := h.partnerOf(w, r)
	if !ok {
		return
	}
	ctx := r.Context()
	d := present.PartnerDashboard(p)
	// The addresses a partner works from today: a sign-up from one of them
	// is not their referral.
	h.domain.Partners.SawPartnerAt(ctx, p.UserID, clientIP(r))
	if p.State == store.PartnerApproved {
		months, err := h.partnerMonths(ctx, p.UserID)
		if h.broken(w, r, err) {
			return
		}
		money, err := h.partnerMoney(ctx, p)
		if h.broken(w, r, err) {
			return
		}
		referred, err := h.domain.Partners.Referred(ctx, p.UserID)
		if h.broken(w, r, err) {
			return
		}
		d = present.ApprovedPartner(d, months, h.domain.Partners.Link(p), money, referred)
	}
	h.render(w, r, http.StatusOK, views.PartnerDashboardPage(h.chrome(r), d))
}

// partnerMonths are the partner's figures by month, for the page and the
// CSV.
func (h *Handlers) partnerMonths(ctx context.Context, partnerID int64) ([]views.PartnerMonthFigures, error) {
	ms, err := h.domain.Partners.Months(ctx, partnerID)
	return present.PartnerMonths(ms), err
}

// partnerDashboardCSV is the dashboard's figures by month as CSV.
func (h *Handlers) partnerDashboardCSV(w http.ResponseWriter, r *http.Request) {
	p, ok := h.approvedPartner(w, r)
	if !ok {
		return
	}
	months, err := h.partnerMonths(r.Context(), p.UserID)
	if h.broken(w, r, err) {
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="partner-figures-`+time.Now().UTC().Format(time.DateOnly)+`.csv"`)
	cw := csvexport.NewWriter(w, []string{"Month", "Clicks", "Sign-ups", "Paying customers", "Earned (USD)"})
	for _, m := range months {
		cw.Write([]string{m.Month.Format(store.MonthFormat), strconv.FormatInt(m.Clicks, 10), strconv.FormatInt(m.SignUps, 10),
			strconv.FormatInt(m.Paying, 10), strconv.FormatFloat(float64(m.EarnedCents)/100, 'f', 2, 64)})
	}
	if err := cw.Flush(); err != nil {
		h.log.Warn("partner CSV not written", "error", err)
	}
}

// partnerQRCode is the partner's link as a QR code (SVG), to print.
func (h *Handlers) partnerQRCode(w http.ResponseWriter, r *http.Request) {
	p, ok := h.approvedPartner(w, r)
	if !ok {
		return
	}
	svg, err := qrcode.SVG(h.domain.Partners.Link(p), "Referral link of "+p.Name+" to "+h.site.Name)
	if h.broken(w, r, err) {
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, no-cache")
	if r.URL.Query().Get("download") == "1" {
		w.Header().Set("Content-Disposition", `attachment; filename="referral-qr-code.svg"`)
	}
	_, _ = w.Write(svg)
}

// approvedPartner is partnerOf for what only an approved partner has (a
// link, figures): anyone else gets 404.
func (h *Handlers) approvedPartner(w http.ResponseWriter, r *http.Request) (store.Partner, bool) {
	p, ok := h.partnerOf(w, r)
	if ok && p.State != store.PartnerApproved {
		h.notFound(w, r)
		return p, false
	}
	return p, ok
}

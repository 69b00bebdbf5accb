package handlers

import (
	"errors"
	"net/http"
	"time"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// White label (issue 37, Partner+; the rules are domain/agency_brand.go):
// the agency's brand page, a client listing's settings, and its printable
// monthly report under the agency's brand.

// agencyBrandPage is the agency's brand form, with the "Managed by"
// preview; a Partner is told white label comes with Partner+.
func (h *Handlers) agencyBrandPage(w http.ResponseWriter, r *http.Request) {
	if p, ok := h.agencyOf(w, r); ok {
		h.renderBrand(w, r, http.StatusOK, p, nil, catalog.FieldErrors{}, false)
	}
}

// renderBrand shows agency p's brand page: the form as sent (sent nil:
// the stored brand) with errs.
func (h *Handlers) renderBrand(w http.ResponseWriter, r *http.Request, status int, p store.Partner, sent *domain.BrandInput, errs catalog.FieldErrors, dropped bool) {
	brand, err := h.domain.Agencies.BrandOf(r.Context(), p)
	if h.broken(w, r, err) {
		return
	}
	in := domain.BrandInput{Name: brand.Name, URL: brand.URL, Accent: brand.Accent}
	if sent != nil {
		in = *sent
	}
	f := h.present.BrandForm(p, brand, in, errs, dropped, imageRules)
	h.render(w, r, status, views.AgencyBrandPage(h.chrome(r), f))
}

// saveAgencyBrand saves the brand form (multipart: it may bring a logo).
func (h *Handlers) saveAgencyBrand(w http.ResponseWriter, r *http.Request) {
	p, ok := h.agencyOf(w, r)
	if !ok {
		return
	}
	f, ok := h.readImageForm(w, r)
	if !ok {
		return
	}
	in := domain.BrandInput{Name: f.Values.Get("brand_name"), URL: f.Values.Get("brand_url"), Accent: f.Values.Get("accent"), Logo: f.Upload}
	fail := func(status int, errs catalog.FieldErrors) {
		h.renderBrand(w, r, status, p, &in, errs, in.Logo.File != nil && errs["file"] == "")
	}
	if in.Logo.File != nil && domain.WhiteLabel(p) {
		if msg := h.uploadLimited(w, r); msg != "" {
			fail(http.StatusTooManyRequests, catalog.FieldErrors{"file": msg})
			return
		}
	}
	err := h.domain.Agencies.SaveBrand(r.Context(), h.domain.Images, p, in)
	var invalid domain.Invalid
	switch {
	case errors.Is(err, domain.ErrNoWhiteLabel):
		h.renderBrand(w, r, http.StatusForbidden, p, nil, catalog.FieldErrors{}, false)
		return
	case errors.As(err, &invalid):
		fail(http.StatusUnprocessableEntity, invalid.Fields())
		return
	case err != nil:
		msg, status, ok := uploadError(err)
		if !ok {
			h.serverError(w, r, err)
			return
		}
		fail(status, catalog.FieldErrors{"file": msg})
		return
	}
	h.redirect(w, r, domain.BrandPath, views.Toast{Title: "Brand saved", Description: "The listings you manage and your clients' reports show it."})
}

// removeAgencyLogo removes the brand's logo.
func (h *Handlers) removeAgencyLogo(w http.ResponseWriter, r *http.Request) {
	p, ok := h.agencyOf(w, r)
	if !ok || h.broken(w, r, h.domain.Agencies.RemoveLogo(r.Context(), p)) {
		return
	}
	h.redirect(w, r, domain.BrandPath, views.Toast{Title: "Logo removed"})
}

// clientWhiteLabelPage is a client listing's white-label settings.
func (h *Handlers) clientWhiteLabelPage(w http.ResponseWriter, r *http.Request) {
	p, c, ok := h.clientOf(w, r)
	if !ok {
		return
	}
	s, err := h.domain.Agencies.WhiteLabelOf(r.Context(), c)
	if h.broken(w, r, err) {
		return
	}
	h.renderClientWhiteLabel(w, r, http.StatusOK, p, c, s)
}

func (h *Handlers) renderClientWhiteLabel(w http.ResponseWriter, r *http.Request, status int, p store.Partner, c store.ClientListing, s domain.ClientWhiteLabel) {
	brand, err := h.domain.Agencies.BrandOf(r.Context(), p)
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, status, views.ClientWhiteLabelPage(h.chrome(r), views.ClientWhiteLabelForm{
		ID: c.ID, Name: c.Name, Allowed: domain.WhiteLabel(p), Plan: domain.PlanOf(p).Name, WhiteLabelPlan: domain.WhiteLabelPlan().Name, Brand: brand.Name,
		ShowManagedBy: s.ShowManagedBy, ReportToClient: s.ReportToClient, Accepted: c.Accepted(), Published: c.Published, Slug: c.Slug,
		ReportPath: domain.ClientReportPath(c.ID, time.Time{}),
	}))
}

// saveClientWhiteLabel saves a client listing's settings (checkboxes: a
// box left unticked is not sent).
func (h *Handlers) saveClientWhiteLabel(w http.ResponseWriter, r *http.Request) {
	p, c, ok := h.clientOf(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	s := domain.ClientWhiteLabel{ShowManagedBy: r.PostForm.Get("managed_by") == "on", ReportToClient: r.PostForm.Get("report_to_client") == "on"}
	err := h.domain.Agencies.SetWhiteLabel(r.Context(), p, c, s)
	if errors.Is(err, domain.ErrNoWhiteLabel) {
		h.renderClientWhiteLabel(w, r, http.StatusForbidden, p, c, s)
		return
	}
	if h.failed(w, r, err) {
		return
	}
	h.redirect(w, r, domain.ClientWhiteLabelPath(c.ID), views.Toast{Title: "Settings saved", Description: c.Name + "'s white label is as you set it."})
}

// clientReport is a client listing's monthly report (?month=YYYY-MM, the
// last full month by default) under the agency's brand; only the agency
// that manages the listing sees it (404 for others).
func (h *Handlers) clientReport(w http.ResponseWriter, r *http.Request) {
	p, c, ok := h.clientOf(w, r)
	if !ok {
		return
	}
	month := h.domain.Agencies.ReportMonthOf(r.URL.Query().Get("month"))
	rep, err := h.domain.Agencies.Report(r.Context(), p, c, month)
	if errors.Is(err, domain.ErrNoWhiteLabel) {
		h.renderClientWhiteLabel(w, r, http.StatusForbidden, p, c, domain.ClientWhiteLabel{})
		return
	}
	if h.failed(w, r, err) {
		return
	}
	v := h.present.ClientReport(rep, c, month)
	h.render(w, r, http.StatusOK, views.ClientReportPage(h.chrome(r), v))
}

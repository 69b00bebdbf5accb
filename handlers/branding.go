package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// The manage page's Branding section (domain.Branding): an accent colour
// on the listing's page (brand_css.go) and its cover photo as the page's
// banner (business.go).

// defaultAccent is the colour picker's value before any is saved: the
// site's own blue, which white text reads well on.
const defaultAccent = "#2445d6"

// brandingPanel is the manage page's "Branding" section of b, as stored.
func (h *Handlers) brandingPanel(ctx context.Context, u *store.User, b store.Business) (views.BrandingPanel, error) {
	bill, err := h.billingOf(ctx, u.Account())
	if err != nil {
		return views.BrandingPanel{}, err
	}
	p := views.BrandingPanel{
		BusinessID: b.ID, Allowed: bill.MayBrand(), Plan: bill.Plan.Name, Upgrade: plans.FirstWithBranding().Name,
		Colour: b.AccentColor, Value: b.AccentColor, Picker: b.AccentColor,
	}
	if p.Picker == "" {
		p.Picker = defaultAccent
	}
	imgs, err := h.store.ListingImages(ctx, b.ID)
	if err != nil {
		return p, err
	}
	for _, img := range imgs {
		if img.Kind == store.ImagePhoto && img.Cover && img.Shown() {
			p.HasCover = true
		}
	}
	return p, nil
}

// typedAccent is the colour a branding form sends. It has a colour picker
// (accent_picker) and a text field (accent), which no script keeps in
// step: the one changed from the stored colour (accent_current) counts,
// the text field when both were.
func typedAccent(v url.Values) string {
	text, picker, current := strings.TrimSpace(v.Get("accent")), strings.TrimSpace(v.Get("accent_picker")), v.Get("accent_current")
	if !strings.EqualFold(text, current) || picker == "" || strings.EqualFold(picker, current) {
		return text
	}
	return picker
}

// saveBranding saves or removes the accent colour of the listing's page
// (POST /dashboard/businesses/{id}/branding; action=remove removes it).
// A plan without custom branding is refused (403), a colour white text is
// hard to read on too (422), each with the section saying why.
func (h *Handlers) saveBranding(w http.ResponseWriter, r *http.Request) {
	b, ok := h.ownedBusiness(w, r)
	if !ok || !h.parseForm(w, r) {
		return
	}
	ctx, u := r.Context(), currentUser(r)
	p, err := h.brandingPanel(ctx, u, b)
	if h.broken(w, r, err) {
		return
	}
	typed := typedAccent(r.PostForm)
	remove := r.PostForm.Get("action") == "remove"
	colour, err := h.domain.Branding.SetAccent(ctx, domain.Accent{AccountID: u.Account(), BusinessID: b.ID, UserID: u.ID, Typed: typed, Remove: remove})
	var invalid domain.Invalid
	switch {
	case errors.Is(err, domain.ErrNoBranding):
		p.Problem = "Custom branding comes with the " + p.Upgrade + " plan; your account is on " + p.Plan + "."
		h.renderMedia(w, r, http.StatusForbidden, b, &views.Toast{Title: "Branding was not saved", Description: p.Problem, Variant: "destructive"}, views.ListingMedia{Branding: p})
		return
	case errors.As(err, &invalid):
		p.Value, p.Error = typed, invalid["accent"]
		if picker := strings.ToLower(r.PostForm.Get("accent_picker")); domain.AccentHex.MatchString(picker) {
			p.Picker = picker
		}
		h.renderMedia(w, r, http.StatusUnprocessableEntity, b, &views.Toast{Title: "Branding was not saved", Description: "The Branding section says why.", Variant: "destructive"}, views.ListingMedia{Branding: p})
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	case remove:
		h.flash(r, views.Toast{Title: "Accent colour removed", Description: b.Name + "'s page shows the site's own colours."})
	default:
		h.flash(r, views.Toast{Title: "Accent colour saved", Description: b.Name + "'s page shows " + colour + " on its buttons and headings."})
	}
	http.Redirect(w, r, manageURL(b.ID)+"#branding", http.StatusSeeOther)
}

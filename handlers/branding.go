package handlers

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// Custom branding (Growth and Pro): an accent colour on the listing's page
// (brand_css.go) and its cover photo as the page's banner (business.go).
// The colour is kept when the account moves to a plan without branding;
// the page stops showing it.

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
		BusinessID: b.ID, Allowed: bill.Plan.Branding, Plan: bill.Plan.Name, Upgrade: plans.FirstWithBranding().Name,
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
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	refuse := func(status int, toast views.Toast) {
		f, err := h.manageForm(ctx, b)
		if err != nil {
			h.serverError(w, r, err)
			return
		}
		c := h.chrome(r)
		c.Toasts = append(c.Toasts, toast)
		h.renderManageWith(w, r, status, c, b, f, views.VerificationForm{}, views.ListingMedia{Branding: p})
	}
	if !p.Allowed {
		p.Problem = "Custom branding comes with the " + p.Upgrade + " plan; your account is on " + p.Plan + "."
		refuse(http.StatusForbidden, views.Toast{Title: "Branding was not saved", Description: p.Problem, Variant: "destructive"})
		return
	}
	if r.PostForm.Get("action") == "remove" {
		if err := h.store.SetAccentColor(ctx, b.ID, ""); err != nil {
			h.serverError(w, r, err)
			return
		}
		h.flash(r, views.Toast{Title: "Accent colour removed", Description: b.Name + "'s page shows the site's own colours."})
		http.Redirect(w, r, manageURL(b.ID)+"#branding", http.StatusSeeOther)
		return
	}
	typed := typedAccent(r.PostForm)
	colour, problem := checkAccent(typed)
	if problem != "" {
		p.Value, p.Error = typed, problem
		if picker := strings.ToLower(r.PostForm.Get("accent_picker")); accentHex.MatchString(picker) {
			p.Picker = picker
		}
		refuse(http.StatusUnprocessableEntity, views.Toast{Title: "Branding was not saved", Description: "The Branding section says why.", Variant: "destructive"})
		return
	}
	if err := h.store.SetAccentColor(ctx, b.ID, colour); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("accent colour saved", "business_id", b.ID, "user_id", u.ID, "colour", colour)
	h.flash(r, views.Toast{Title: "Accent colour saved", Description: b.Name + "'s page shows " + colour + " on its buttons and headings."})
	http.Redirect(w, r, manageURL(b.ID)+"#branding", http.StatusSeeOther)
}

package handlers

import (
	"context"

	"bizprofile/store"
	"bizprofile/views"
)

// brandingPanel is the manage page's "Branding" section of b, as stored.
func (h *Handlers) brandingPanel(ctx context.Context, u *store.User, b store.Business) (views.BrandingPanel, error) {
	return views.BrandingPanel{BusinessID: b.ID}, nil
}

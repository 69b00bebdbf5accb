package handlers

import (
	"context"

	"bizprofile/store"
	"bizprofile/views"
)

// imagesPanel is the manage page's "Logo and photos" section of b, as
// stored.
func (h *Handlers) imagesPanel(ctx context.Context, u *store.User, b store.Business) (views.ImagesPanel, error) {
	return views.ImagesPanel{BusinessID: b.ID}, nil
}

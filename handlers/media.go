package handlers

import (
	"strconv"
	"strings"

	"bizprofile/store"
	"bizprofile/views"
)

// Listing images (issue 22) are kept by domain.Images; the pages show
// them from h.media (a folder under DATA_DIR or an S3-compatible bucket).

// image is how a page shows picture p, displayed about display CSS pixels
// wide: the variant that fits as src, every variant in srcset (sizes says
// how wide it shows), and the src's size as width and height so the page
// keeps its place before it loads.
func (h *Handlers) image(p store.Picture, alt string, display int, sizes string) views.Image {
	if p.IsZero() {
		return views.Image{}
	}
	w := p.Fit(display)
	img := views.Image{Src: h.media.URL(p.Key(w)), Width: w, Height: p.HeightAt(w), Alt: alt, Sizes: sizes}
	if len(p.Widths) > 1 {
		parts := make([]string, len(p.Widths))
		for i, vw := range p.Widths {
			parts[i] = h.media.URL(p.Key(vw)) + " " + strconv.Itoa(vw) + "w"
		}
		img.Srcset = strings.Join(parts, ", ")
	}
	return img
}

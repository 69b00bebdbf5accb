package present

import (
	"strconv"
	"strings"

	"bizprofile/store"
	"bizprofile/views"
)

// Sizes of the listing images section's thumbnails, in CSS pixels.
const (
	// LogoThumbPx is a logo's.
	LogoThumbPx = 96
	// PhotoThumbPx is a photo's.
	PhotoThumbPx = 160
)

// WizardThumbPx is the width of the listing wizard's thumbnails, in CSS pixels.
const WizardThumbPx = 120

// AdminImage is img of listing b as the administration shows it, with an
// alt that says what it is when its own is empty.
func (pg Pages) AdminImage(b store.AdminBusiness, img store.ListingImage) views.AdminImage {
	alt := img.Alt
	switch {
	case img.Kind == store.ImageLogo:
		alt = "Logo of " + b.Name
	case strings.TrimSpace(alt) == "":
		alt = "Photo of " + b.Name + " without alt text"
	}
	return views.AdminImage{
		ID: img.ID, BusinessID: b.ID, Logo: img.Kind == store.ImageLogo, Cover: img.Cover, Shown: img.Shown(),
		Image: pg.Image(img.Picture, alt, 160, "8rem"), Alt: img.Alt,
	}
}

// AdminImages are the listing's images as its administration page shows
// them.
func (pg Pages) AdminImages(b store.AdminBusiness, imgs []store.ListingImage) []views.AdminImage {
	out := make([]views.AdminImage, len(imgs))
	for i, img := range imgs {
		out[i] = pg.AdminImage(b, img)
	}
	return out
}

// ImageItem is how the section shows img.
func (pg Pages) ImageItem(img store.ListingImage) views.ImageItem {
	px := PhotoThumbPx
	if img.Kind == store.ImageLogo {
		px = LogoThumbPx
	}
	return views.ImageItem{ID: img.ID, Thumb: pg.Image(img.Picture, img.Alt, px, strconv.Itoa(px)+"px"), Alt: img.Alt, Cover: img.Cover}
}

// PendingImage is a pending upload as the wizard shows it; thumbAlt
// describes the thumbnail until the owner's alt text does.
func (pg Pages) PendingImage(img store.ListingImage, alt, thumbAlt string) *views.PendingImage {
	if alt != "" {
		thumbAlt = alt
	}
	return &views.PendingImage{
		ID: img.ID, Kind: string(img.Kind), Alt: alt,
		Thumb: pg.Image(img.Picture, thumbAlt, WizardThumbPx, strconv.Itoa(WizardThumbPx)+"px"),
	}
}

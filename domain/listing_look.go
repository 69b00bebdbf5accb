package domain

import (
	"context"
	"slices"

	"bizprofile/plans"
	"bizprofile/store"
)

// Look is what a listing's page shows of its images: its described
// photos, the cover first then in order, and whether its owner's plan
// brands its page (custom branding: the cover as a banner, the accent
// colour). A downgraded account keeps its colour, unshown, and its photos
// beyond its plan's number.
func (im *Images) Look(ctx context.Context, b store.Business) (photos []store.ListingImage, branded bool, err error) {
	var imgs []store.ListingImage
	if b.ShownPhotos > 0 { // else there is nothing to read
		if imgs, err = im.store.ListingImages(ctx, b.ID); err != nil {
			return nil, false, err
		}
	}
	for _, img := range imgs {
		if img.Kind == store.ImagePhoto && img.Shown() {
			photos = append(photos, img)
		}
	}
	// ListingImages orders them by position; the cover goes first.
	slices.SortStableFunc(photos, func(a, b store.ListingImage) int {
		switch {
		case a.Cover == b.Cover:
			return 0
		case a.Cover:
			return -1
		}
		return 1
	})
	// The plan is looked up only when there is something to brand or
	// count. A listing nobody owns (sample data) has the free plan's.
	bill := Billing{Plan: plans.Free()}
	if b.OwnerID.Valid && (b.AccentColor != "" || len(photos) > 0) {
		if bill, err = im.billingOf(ctx, im.store, b.OwnerID.Int64); err != nil {
			return nil, false, err
		}
		branded = bill.MayBrand()
	}
	// An account that moved to a smaller plan keeps its photos, and its
	// page shows as many as the plan does (the cover first).
	if len(photos) > bill.Photos() {
		photos = photos[:bill.Photos()]
	}
	return photos, branded, nil
}

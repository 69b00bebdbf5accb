package handlers

import (
	"errors"
	"net/http"
	"strings"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// publishedBusiness loads the listing of the URL, answering 404 for an
// unknown or unpublished slug. It reports whether the handler may go on.
func (h *Handlers) publishedBusiness(w http.ResponseWriter, r *http.Request) (store.Business, bool) {
	slug, ok := slugParam(r)
	if !ok {
		h.notFound(w, r)
		return store.Business{}, false
	}
	b, err := h.store.BusinessBySlug(r.Context(), slug)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !b.Published) {
		h.notFound(w, r)
		return store.Business{}, false
	}
	if h.broken(w, r, err) {
		return store.Business{}, false
	}
	return b, true
}

// businessPage shows a listing: everything its owner made public, nothing
// else (not in the HTML, not in the JSON-LD).
func (h *Handlers) businessPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return
	}
	reviews, _, err := h.listingReviews(r.Context(), b, currentUser(r), store.ReviewsNewest, store.Page{Limit: views.ReviewsShown})
	if h.broken(w, r, err) {
		return
	}
	reviews.Back = "/directory/" + b.Slug
	photos, branded, err := h.domain.Images.Look(r.Context(), b)
	if h.broken(w, r, err) {
		return
	}
	h.countView(r, b)
	v := h.businessView(b, reviews, photos, branded)
	v.Save = h.saveToggle(r, b)
	agency, managed, err := h.domain.Agencies.ManagedBadge(r.Context(), b.ID)
	if h.broken(w, r, err) {
		return
	}
	if managed {
		v.ManagedBy = h.badge(agency, badgeLogoPx)
	}
	state, err := h.claimState(r.Context(), currentUser(r), b)
	if h.broken(w, r, err) {
		return
	}
	switch state {
	case views.ClaimOpen, views.ClaimPendingReview, views.ClaimYours:
		v.Claim = state
	}
	h.render(w, r, http.StatusOK, views.BusinessPage(h.chrome(r), v))
}

// Sizes of a listing's page's images, in CSS pixels: they match
// .business-page-logo, .gallery and .business-banner in app.css.
const (
	pageLogoPx    = 96
	coverPhotoPx  = 720 // the gallery's first photo, as wide as the main column
	photoPx       = 240 // the others, three to a row
	bannerPx      = 1200
	fullPx        = 1 << 16 // wider than any variant: a photo's largest, for its link and the lightbox
	previewImgPx  = 1200    // og:image and JSON-LD's: large enough for previews
	ldLogoPx      = 480
	coverSizes    = "(min-width: 72rem) 44rem, (min-width: 56rem) 62vw, 100vw"
	photoSizes    = "(min-width: 72rem) 14rem, (min-width: 56rem) 20vw, 33vw"
	bannerSizes   = "100vw"
	previewImgAlt = ""
)

// businessView is what the listing's page shows of b and of its reviews:
// the header's figures are the reviews' summary, as the JSON-LD's are.
// photos and branded are listingLook's.
func (h *Handlers) businessView(b store.Business, reviews views.ListingReviews, photos []store.ListingImage, branded bool) views.BusinessView {
	v := views.BusinessView{
		ID: b.ID, Slug: b.Slug, Name: b.Name, Tagline: b.Tagline, Description: b.Description,
		Category: catalog.CategoryLabel(b.Category), SubCategory: b.SubCategory,
		Type: catalog.OptionLabel(catalog.BusinessTypes, b.BusinessType), Tags: b.Tags, Services: b.Services,
		City: b.City, State: b.State, Website: b.Website,
		Rating: reviews.Summary.Average, Reviews: reviews.Summary.Count, ReviewList: reviews,
		Verified: b.Verified, Claimed: b.Claimed, Featured: b.Featured,
		VerifiedMethod: b.VerifiedMethod, VerifiedAt: b.VerifiedAt.Time,
	}
	if b.ShowAddress {
		v.Street, v.ZipCode = b.Address, b.ZipCode
	}
	if b.ShowPhone {
		v.Phone = b.Phone
	}
	v.Email = b.PublicEmail() // none until proved, none if hidden
	if b.ShowHours {
		v.Hours = views.HoursTable(weekOf(b))
	}
	v.Logo = h.logoImage(b, pageLogoPx)
	for i, p := range photos {
		px, sizes := photoPx, photoSizes
		if i == 0 {
			px, sizes = coverPhotoPx, coverSizes
		}
		v.Photos = append(v.Photos, views.Photo{Image: h.image(p.Picture, p.Alt, px, sizes), Full: h.image(p.Picture, p.Alt, fullPx, "100vw"), Lazy: i > 0 || branded})
	}
	if branded {
		if len(photos) > 0 && photos[0].Cover {
			v.Banner = h.image(photos[0].Picture, "", bannerPx, bannerSizes)
		}
		if colour, problem := domain.CheckAccent(b.AccentColor); b.AccentColor != "" && problem == "" {
			v.BrandCSS = brandCSSPath(colour)
		}
	}
	switch {
	case len(photos) > 0:
		v.OGImage = h.previewImage(photos[0].Picture, previewImgPx, photos[0].Alt)
	case !b.Logo.IsZero():
		v.OGImage = h.previewImage(b.Logo, ldLogoPx, b.Name+" logo")
	}
	v.JSONLD = v.LocalBusinessJSONLD(h.site.BaseURL, weekOf(b), h.previewURLs(photos), h.ldLogo(b))
	v.Trail = listingTrail(b)
	v.TrailLD = views.BreadcrumbJSONLD(h.site.BaseURL, v.Trail)
	if catalog.ValidOption(catalog.Categories, b.Category) {
		v.CategoryURL = views.CategoryPath(b.Category)
	}
	if code, city := listingPlace(b); city != "" {
		v.CityURL = views.CityPath(code, city)
	}
	return v
}

// previewImage is picture p as a link preview or search engine takes it:
// the variant about px wide, at its absolute URL.
func (h *Handlers) previewImage(p store.Picture, px int, alt string) views.MetaImage {
	w := p.Fit(px)
	return views.MetaImage{URL: h.absoluteURL(h.media.URL(p.Key(w))), Width: w, Height: p.HeightAt(w), Alt: alt}
}

// absoluteURL is u with the site's address before it when it is a path
// (the disk store's /media/…); a bucket's URLs are absolute already.
func (h *Handlers) absoluteURL(u string) string {
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		return h.site.BaseURL + u
	}
	return u
}

// weekOf is a listing's hours, day by day, as the views take them.
func weekOf(b store.Business) []views.DayHours {
	var week []views.DayHours
	for i, d := range b.Hours {
		if i < len(store.Weekdays) {
			week = append(week, views.DayHours{Day: store.Weekdays[i], Open: d.Open, Close: d.Close, Closed: d.Closed})
		}
	}
	return week
}

// previewURLs are the URLs of photos as the JSON-LD gives them.
func (h *Handlers) previewURLs(photos []store.ListingImage) []string {
	urls := make([]string, len(photos))
	for i, p := range photos {
		urls[i] = h.previewImage(p.Picture, previewImgPx, "").URL
	}
	return urls
}

// ldLogo is the URL of b's logo as the JSON-LD gives it; "" without one.
func (h *Handlers) ldLogo(b store.Business) string {
	if b.Logo.IsZero() {
		return ""
	}
	return h.previewImage(b.Logo, ldLogoPx, "").URL
}

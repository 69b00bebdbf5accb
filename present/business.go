package present

import (
	"math"
	"strconv"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

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

// Business is what the listing's page shows of b and of its reviews:
// the header's figures are the reviews' summary, as the JSON-LD's are.
// photos and branded are listingLook's.
func (pg Pages) Business(b store.Business, reviews views.ListingReviews, photos []store.ListingImage, branded bool) views.BusinessView {
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
		if st := b.OpenState(time.Now()); st.Known {
			v.OpenNow, v.Open = st.Label, st.Open
		}
	}
	if p, ok := b.Place(); ok {
		// Where the street address is private, the map shows the
		// neighbourhood (about a kilometre), not the spot.
		digits := 5.0
		if !b.ShowAddress || b.BusinessType == store.TypeServiceArea {
			digits = 2
		}
		scale := math.Pow(10, digits)
		v.At = &views.LatLng{Lat: math.Round(p.Lat*scale) / scale, Lng: math.Round(p.Lng*scale) / scale}
	}
	if b.BusinessType == store.TypeServiceArea && b.ServiceRadius > 0 {
		// An area, not a street address, is what it gives customers.
		v.Street, v.ZipCode = "", ""
		v.ServiceArea = "Serves customers within " + strconv.Itoa(b.ServiceRadius) + " miles of " + places.Place(b.City, b.State)
		v.ServiceAreaMeters = int(float64(b.ServiceRadius) * 1609.344)
	}
	v.Logo = pg.Logo(b, pageLogoPx)
	for i, p := range photos {
		px, sizes := photoPx, photoSizes
		if i == 0 {
			px, sizes = coverPhotoPx, coverSizes
		}
		v.Photos = append(v.Photos, views.Photo{Image: pg.Image(p.Picture, p.Alt, px, sizes), Full: pg.Image(p.Picture, p.Alt, fullPx, "100vw"), Lazy: i > 0 || branded})
	}
	if branded {
		if len(photos) > 0 && photos[0].Cover {
			v.Banner = pg.Image(photos[0].Picture, "", bannerPx, bannerSizes)
		}
		if colour, problem := domain.CheckAccent(b.AccentColor); b.AccentColor != "" && problem == "" {
			v.BrandCSS = BrandCSSPath(colour)
		}
	}
	switch {
	case len(photos) > 0:
		v.OGImage = pg.PreviewImage(photos[0].Picture, previewImgPx, photos[0].Alt)
	case !b.Logo.IsZero():
		v.OGImage = pg.PreviewImage(b.Logo, ldLogoPx, b.Name+" logo")
	}
	v.JSONLD = v.LocalBusinessJSONLD(pg.BaseURL, weekOf(b), pg.previewURLs(photos), pg.ldLogo(b))
	v.Trail = ListingTrail(b)
	v.TrailLD = views.BreadcrumbJSONLD(pg.BaseURL, v.Trail)
	if catalog.ValidOption(catalog.Categories, b.Category) {
		v.CategoryURL = views.CategoryPath(b.Category)
	}
	if code, city := ListingPlace(b); city != "" {
		v.CityURL = views.CityPath(code, city)
	}
	return v
}

// PreviewImage is picture p as a link preview or search engine takes it:
// the variant about px wide, at its absolute URL.
func (pg Pages) PreviewImage(p store.Picture, px int, alt string) views.MetaImage {
	w := p.Fit(px)
	return views.MetaImage{URL: pg.absoluteURL(pg.Media.URL(p.Key(w))), Width: w, Height: p.HeightAt(w), Alt: alt}
}

// absoluteURL is u with the site's address before it when it is a path
// (the disk store's /media/…); a bucket's URLs are absolute already.
func (pg Pages) absoluteURL(u string) string {
	if strings.HasPrefix(u, "/") && !strings.HasPrefix(u, "//") {
		return pg.BaseURL + u
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
func (pg Pages) previewURLs(photos []store.ListingImage) []string {
	urls := make([]string, len(photos))
	for i, p := range photos {
		urls[i] = pg.PreviewImage(p.Picture, previewImgPx, "").URL
	}
	return urls
}

// ldLogo is the URL of b's logo as the JSON-LD gives it; "" without one.
func (pg Pages) ldLogo(b store.Business) string {
	if b.Logo.IsZero() {
		return ""
	}
	return pg.PreviewImage(b.Logo, ldLogoPx, "").URL
}

package resource

import (
	"math"
	"time"

	"bizprofile/catalog"
	"bizprofile/store"
)

// The JSON representations of the public directory: what anyone sees of a
// published listing on the site, nothing its owner kept private.
// openapi/public.json describes them.

// ListingSummary is a published listing as a directory card shows it.
type ListingSummary struct {
	Object        string   `json:"object"` // "listing_summary"
	Slug          string   `json:"slug"`
	Name          string   `json:"name"`
	Tagline       string   `json:"tagline"`
	Description   string   `json:"description"`
	Category      string   `json:"category"`
	CategoryLabel string   `json:"category_label"`
	SubCategory   string   `json:"sub_category"`
	Tags          []string `json:"tags"`
	BusinessType  *string  `json:"business_type"`
	City          string   `json:"city"`
	State         string   `json:"state"`
	Phone         *string  `json:"phone"` // null unless its owner shows it
	Rating        float64  `json:"rating"`
	ReviewCount   int      `json:"review_count"`
	Verified      bool     `json:"verified"`
	Claimed       bool     `json:"claimed"`
	Featured      bool     `json:"featured"`
	URL           string   `json:"url"` // its page on the site
	// Location is where it is, to about 100 metres (nil: not placed);
	// DistanceMiles how far from the place a search was near (nil
	// without one); OpenNow whether it is open at the answer's moment
	// (nil when it shows no hours).
	Location      *GeoPoint `json:"location"`
	DistanceMiles *float64  `json:"distance_miles,omitempty"`
	OpenNow       *OpenNow  `json:"open_now"`
}

// GeoPoint is a place, in degrees.
type GeoPoint struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// OpenNow is whether a listing is open, and the site's words for it.
type OpenNow struct {
	Open  bool   `json:"open"`
	Label string `json:"label"`
}

// ListingSummaryOf is b as the directory shows it; baseURL is the site's
// address, for the listing's page.
func ListingSummaryOf(b store.Business, baseURL string) ListingSummary {
	s := ListingSummary{
		Object: "listing_summary", Slug: b.Slug, Name: b.Name, Tagline: b.Tagline, Description: b.Description,
		Category: b.Category, CategoryLabel: catalog.CategoryLabel(b.Category), SubCategory: b.SubCategory,
		Tags: lines(b.Tags), BusinessType: optional(b.BusinessType), City: b.City, State: b.State,
		Rating: b.Rating, ReviewCount: b.ReviewCount, Verified: b.Verified, Claimed: b.Claimed, Featured: b.Featured,
		URL: listingURL(baseURL, b.Slug),
	}
	if b.ShowPhone {
		s.Phone = optional(b.Phone)
	}
	if p, ok := b.Place(); ok {
		s.Location = &GeoPoint{Lat: math.Round(p.Lat*1000) / 1000, Lng: math.Round(p.Lng*1000) / 1000}
	}
	if st := b.OpenState(time.Now()); st.Known {
		s.OpenNow = &OpenNow{Open: st.Open, Label: st.Label}
	}
	return s
}

// PublicListing is a published listing as its page on the site shows it.
type PublicListing struct {
	Object         string      `json:"object"` // "public_listing"
	Slug           string      `json:"slug"`
	Name           string      `json:"name"`
	Tagline        string      `json:"tagline"`
	Description    string      `json:"description"`
	Category       string      `json:"category"`
	CategoryLabel  string      `json:"category_label"`
	SubCategory    string      `json:"sub_category"`
	Tags           []string    `json:"tags"`
	Services       []string    `json:"services"`
	BusinessType   *string     `json:"business_type"`
	Address        *string     `json:"address"` // street; null unless its owner shows it
	City           string      `json:"city"`
	State          string      `json:"state"`
	ZipCode        *string     `json:"zip_code"` // null unless the address is shown
	Phone          *string     `json:"phone"`    // null unless its owner shows it
	Email          *string     `json:"email"`    // null unless shown and proved
	Website        *string     `json:"website"`
	Hours          []PublicDay `json:"hours"` // null unless its owner shows them
	Rating         float64     `json:"rating"`
	ReviewCount    int         `json:"review_count"`
	Verified       bool        `json:"verified"`
	VerifiedMethod *string     `json:"verified_method"` // "domain" or "team"; null when not verified
	VerifiedAt     *time.Time  `json:"verified_at"`
	Claimed        bool        `json:"claimed"`
	Featured       bool        `json:"featured"`
	URL            string      `json:"url"`
	UpdatedAt      time.Time   `json:"updated_at"`
}

// PublicDay is one weekday's opening hours, Monday first.
type PublicDay struct {
	Day    string `json:"day"`
	Open   string `json:"open"`
	Close  string `json:"close"`
	Closed bool   `json:"closed"`
}

// PublicListingOf is b as its page shows it to anyone.
func PublicListingOf(b store.Business, baseURL string) PublicListing {
	l := PublicListing{
		Object: "public_listing", Slug: b.Slug, Name: b.Name, Tagline: b.Tagline, Description: b.Description,
		Category: b.Category, CategoryLabel: catalog.CategoryLabel(b.Category), SubCategory: b.SubCategory,
		Tags: lines(b.Tags), Services: lines(b.Services), BusinessType: optional(b.BusinessType),
		City: b.City, State: b.State, Email: optional(b.PublicEmail()), Website: optional(b.Website),
		Rating: b.Rating, ReviewCount: b.ReviewCount, Verified: b.Verified, Claimed: b.Claimed, Featured: b.Featured,
		URL: listingURL(baseURL, b.Slug), UpdatedAt: b.UpdatedAt.UTC(),
	}
	if b.ShowAddress {
		l.Address, l.ZipCode = optional(b.Address), optional(b.ZipCode)
	}
	if b.ShowPhone {
		l.Phone = optional(b.Phone)
	}
	if b.ShowHours && len(b.Hours) == 7 {
		l.Hours = make([]PublicDay, 0, 7)
		for i, name := range store.Weekdays {
			d := b.Hours[i]
			l.Hours = append(l.Hours, PublicDay{Day: name, Open: d.Open, Close: d.Close, Closed: d.Closed})
		}
	}
	if b.Verified {
		l.VerifiedMethod = optional(b.VerifiedMethod)
		if b.VerifiedAt.Valid {
			t := b.VerifiedAt.Time.UTC()
			l.VerifiedAt = &t
		}
	}
	return l
}

// listingURL is the listing's page on the site.
func listingURL(baseURL, slug string) string { return baseURL + "/directory/" + slug }

// optional is s, or JSON null when it is empty.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// lines is a list that is never null in JSON.
func lines(l store.Lines) []string {
	if l == nil {
		return []string{}
	}
	return l
}

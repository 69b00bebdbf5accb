package views

import (
	"strconv"
	"time"

	"bizprofile/catalog"
)

// BusinessView is a listing's public page: only what its owner made
// public is set.
type BusinessView struct {
	Slug        string
	Name        string
	Tagline     string
	Description string
	Category    string // label
	SubCategory string
	Type        string // label
	Tags        []string
	Services    []string
	Street      string // empty when the address is private
	City        string
	State       string
	ZipCode     string // empty when the address is private
	Phone       string // empty when private
	Email       string // empty when private
	Website     string
	Hours       []HoursRow // nil when private or not given
	Rating      float64    // the listing's average of its published reviews
	Reviews     int        // how many there are
	ReviewList  ListingReviews
	Verified    bool
	// VerifiedMethod is how it was verified (VerifiedByDomain,
	// VerifiedByTeam, or "" when not recorded), VerifiedAt when.
	VerifiedMethod string
	VerifiedAt     time.Time
	Claimed        bool
	Featured       bool
	JSONLD         any // schema.org LocalBusiness
	Trail          []Crumb
	TrailLD        any    // schema.org BreadcrumbList of Trail
	CategoryURL    string // the category's landing page
	CityURL        string // the city's landing page; empty when it has none
	ID             int64
	Claim          ClaimState // what the viewer may do about ownership
	Save           SaveToggle // the viewer's Save button
	// Logo is shown by the name: the listing's, or its initials
	// placeholder (decorative: the name says it).
	Logo Image
	// Photos are the described photos, the cover first, then in order.
	Photos []Photo
	// Banner is the cover photo across the top of the page, on plans
	// with custom branding (decorative: Photos shows it with its alt
	// text); zero otherwise.
	Banner Image
	// BrandCSS is the accent colour's stylesheet (custom branding); the
	// page is .branded when it is set.
	BrandCSS string
	// OGImage is the image of link previews (og:image).
	OGImage MetaImage
	// ManagedBy is the agency that manages the listing, when it shows
	// itself (white label); zero Name: none.
	ManagedBy ManagedBadge
	// At is where the listing is (to the street when its address is
	// public, else to about a mile); nil when it is not located.
	At *LatLng
	// OpenNow says whether it is open now ("Open until 6 pm"; "" when it
	// shows no hours), Open whether it is.
	OpenNow string
	Open    bool
	// ServiceArea is the area a service-area business serves ("Serves
	// customers within 25 miles of Austin, TX"; "" for others).
	ServiceArea       string
	ServiceAreaMeters int // its radius, for JSON-LD's GeoCircle
	// MapTiles are where its map's tiles come from (the site's).
	MapTiles MapTiles
}

// listingZoom is how close a listing's map starts: the street, or the
// neighbourhood where the address is private.
func listingZoom(b BusinessView) int {
	if b.Street == "" {
		return 13
	}
	return 16
}

// OSMURL is the listing's place on OpenStreetMap, the link a page without
// JavaScript (or a visitor who wants directions) follows.
func (v BusinessView) OSMURL() string {
	if v.At == nil {
		return ""
	}
	lat, lng := strconv.FormatFloat(v.At.Lat, 'f', 5, 64), strconv.FormatFloat(v.At.Lng, 'f', 5, 64)
	return "https://www.openstreetmap.org/?mlat=" + lat + "&mlon=" + lng + "#map=15/" + lat + "/" + lng
}

// Photo is a photo of a listing's gallery.
type Photo struct {
	Image
	Lazy bool  // below the first screen: loads when scrolled to
	Full Image // the largest variant: the photo's link, and the lightbox's
}

// ClaimState is where a listing's ownership stands for the viewer.
type ClaimState string

// The claim states a listing's page and claim page show.
const (
	ClaimNone          ClaimState = ""             // nothing to show (someone else owns it, or a personal account)
	ClaimOpen          ClaimState = "open"         // nobody owns it: 'Claim this business'
	ClaimPendingReview ClaimState = "pending"      // the viewer's claim waits for an administrator
	ClaimYours         ClaimState = "yours"        // the viewer owns it
	ClaimTaken         ClaimState = "taken"        // someone else owns it
	ClaimNotBusiness   ClaimState = "not-business" // the viewer's account is not a business account
)

// ClaimRoles are how a claimant may be connected to the business.
var ClaimRoles = catalog.ClaimRoles

// ClaimForm is the claim page: the form, or the State that replaces it.
type ClaimForm struct {
	BusinessID int64
	Business   string // name
	Slug       string
	Email      string // the claimant's, where the answer goes
	State      ClaimState
	Role       string
	Message    string
	Errors     catalog.FieldErrors
	Problem    string
}

// HoursRow is one weekday of the hours table.
type HoursRow struct {
	Day  string
	Text string // "9:00 AM – 5:00 PM" or "Closed"
}

// LeadForm is the 'Contact' form of a listing.
type LeadForm struct {
	Business string // name
	Slug     string
	Name     string
	Email    string
	Phone    string
	Message  string
	Errors   catalog.FieldErrors
	Problem  string
	Sent     bool // shown after a successful send (htmx)
	// Unmanaged: nobody manages the listing here yet, so its business may
	// never read the message; the form says so and, once sent, offers to
	// send the enquiry as a quote request (/request?from=enquiry).
	Unmanaged bool
}

func businessTitleSuffix(b BusinessView) string {
	if b.City == "" {
		return ""
	}
	return " in " + b.City
}

func businessMetaDescription(b BusinessView) string {
	d := b.Tagline
	if d == "" {
		d = b.Description
	}
	if len([]rune(d)) > 150 {
		d = string([]rune(d)[:147]) + "…"
	}
	return b.Name + ": " + d
}

// TelDigits is a phone number as a tel: link writes it: its digits and a
// leading +.
func TelDigits(phone string) string {
	out := make([]rune, 0, len(phone))
	for _, r := range phone {
		if r == '+' || (r >= '0' && r <= '9') {
			out = append(out, r)
		}
	}
	return string(out)
}

// OutPath is where a listing's page sends its website, phone or email
// link (link): a redirect that counts the click for the owner's analytics.
func OutPath(slug, link string) string { return "/directory/" + slug + "/out/" + link }

func displayURL(u string) string {
	for _, p := range []string{"https://", "http://"} {
		if len(u) > len(p) && u[:len(p)] == p {
			u = u[len(p):]
		}
	}
	if len(u) > 0 && u[len(u)-1] == '/' {
		u = u[:len(u)-1]
	}
	return u
}

// photosNoun is "1 photo" or "n photos".
func photosNoun(n int) string {
	if n == 1 {
		return "1 photo"
	}
	return itoa(n) + " photos"
}

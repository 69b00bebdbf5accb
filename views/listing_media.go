package views

import (
	"strconv"

	"bizprofile/catalog"
)

// ListingMedia are the manage page's sections that post forms of their own:
// the logo and photos (listing_images.templ) and, on Growth and Pro, the
// custom branding (branding.templ). A failed post of one of them shows the
// page with its section as the post left it (errors, values kept).
type ListingMedia struct {
	Images   ImagesPanel
	Branding BrandingPanel
}

// ImagesPanel is the manage page's "Logo and photos" section: the logo,
// the photos the plan allows, and each form as a failed post left it.
type ImagesPanel struct {
	BusinessID int64
	Logo       ImageItem // ID 0: none (cards show the initials placeholder)
	LogoError  string    // the logo form's message by its file field
	Photos     []ImageItem
	MaxPhotos  int    // the plan's cap
	Plan       string // the account's plan's name
	Upgrade    string // the cheapest plan with more photos; "" when none has
	Banner     bool   // the plan shows the cover photo as the page's banner
	BannerPlan string // the cheapest plan that does
	Add        PhotoUpload
	// EditErrors are the Save photos form's messages, by field (alt_<id>).
	EditErrors catalog.FieldErrors
	// Rules are the server's limits and messages, for the hints and the
	// island's own checks.
	Rules ImageRules
}

// Full reports whether the listing has as many photos as the plan allows.
func (p ImagesPanel) Full() bool { return len(p.Photos) >= p.MaxPhotos }

// ImageItem is a logo or photo as the section shows it: a thumbnail and
// what the owner can change.
type ImageItem struct {
	ID    int64  `json:"id"`
	Thumb Image  `json:"thumb"`
	Alt   string `json:"alt"`
	Cover bool   `json:"cover"`
}

// PhotoUpload is the add-a-photo form: the alt text typed and, when the
// file passed but the form did not, the kept upload (PendingID) so it need
// not be chosen again.
type PhotoUpload struct {
	Alt       string
	PendingID int64
	Pending   Image
	Errors    catalog.FieldErrors // "file", "alt"
}

// BrandingPanel is the manage page's "Branding" section: custom branding
// of Growth and Pro (an accent colour; the cover photo as the banner), or
// what the plan lacks.
type BrandingPanel struct {
	BusinessID int64
	Allowed    bool   // the account's plan has custom branding
	Plan       string // the account's plan's name
	Upgrade    string // the cheapest plan with custom branding
	Colour     string // as stored ("#rrggbb"; "" for none)
	Value      string // the colour's text field, as typed on a failed post
	Picker     string // the colour picker's value (#rrggbb, never empty)
	Error      string // the message by the colour's field
	Problem    string // the section's message (a refused post)
	HasCover   bool   // the listing has a cover photo, which shows as the banner
}

// ImageDeleteView is the page that confirms an image's deletion.
type ImageDeleteView struct {
	BusinessID int64
	Business   string
	ID         int64
	Logo       bool
	Thumb      Image
}

// imagesIslandProps are what the upload island (islands/images) needs
// besides the server's HTML: the endpoints, the limits the server checks
// and the photos as shown.
func imagesIslandProps(p ImagesPanel) map[string]any {
	photos := p.Photos
	if photos == nil {
		photos = []ImageItem{}
	}
	return map[string]any{
		"endpoint": "/dashboard/businesses/" + int64s(p.BusinessID) + "/images",
		"photos":   photos, "max": p.MaxPhotos, "rules": p.Rules,
		"capMessage": p.CapMessage(), "coverHint": coverHint(p), "full": p.Full(), "upgrade": p.Upgrade,
	}
}

// CapMessage says why no more photos fit, and which plan has room. An
// account that moved to a smaller plan may have more photos than it shows:
// the message says which the page shows.
func (p ImagesPanel) CapMessage() string {
	msg := PhotoCap(p.Plan, p.MaxPhotos) + ": delete one to add another"
	if over := len(p.Photos) - p.MaxPhotos; over > 0 {
		msg = PhotoCap(p.Plan, p.MaxPhotos) + ": your page shows the cover and the first photos after it, " +
			strconv.Itoa(p.MaxPhotos) + " in all, and keeps the other " + strconv.Itoa(over) + " unshown; delete some to choose which show"
	}
	if p.Upgrade != "" {
		msg += ", or move to " + p.Upgrade + " for more"
	}
	return msg
}

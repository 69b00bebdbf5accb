package views

// ListingMedia are the manage page's sections that post forms of their own:
// the logo and photos (listing_images.templ) and, on Growth and Pro, the
// custom branding (branding.templ). A failed post of one of them shows the
// page with its section as the post left it (errors, values kept).
type ListingMedia struct {
	Images   ImagesPanel
	Branding BrandingPanel
}

// ImagesPanel is the manage page's "Logo and photos" section.
type ImagesPanel struct {
	BusinessID int64
}

// BrandingPanel is the manage page's "Branding" section.
type BrandingPanel struct {
	BusinessID int64
}

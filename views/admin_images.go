package views

import (
	"strconv"

	"bizprofile/catalog"
)

// ImageRemovalReasonMax is the longest reason an administrator may give
// for removing a listing's image (the owner is emailed it).
const ImageRemovalReasonMax = catalog.ImageRemovalReasonMax

// AdminImage is one image of a listing as administrators see it.
type AdminImage struct {
	ID         int64
	BusinessID int64
	Logo       bool  // the logo; otherwise a photo
	Cover      bool  // the cover photo
	Shown      bool  // pages show it (a photo needs its alt text)
	Image      Image // the thumbnail
	Alt        string
}

// Label names the image: "Logo", "Cover photo" or "Photo".
func (i AdminImage) Label() string {
	switch {
	case i.Logo:
		return "Logo"
	case i.Cover:
		return "Cover photo"
	}
	return "Photo"
}

// RemoveHref is the page that asks why the image is removed.
func (i AdminImage) RemoveHref() string {
	return "/admin/businesses/" + strconv.FormatInt(i.BusinessID, 10) + "/images/" + strconv.FormatInt(i.ID, 10) + "/remove"
}

// AdminRemoveImage asks an administrator why they remove a listing's image.
type AdminRemoveImage struct {
	BusinessID   int64
	BusinessName string
	OwnerEmail   string // emailed the reason; "" when nobody owns the listing
	Image        AdminImage
	Reason       string
	Errors       catalog.FieldErrors
}

// BusinessHref is the listing's administration page.
func (v AdminRemoveImage) BusinessHref() string {
	return "/admin/businesses/" + strconv.FormatInt(v.BusinessID, 10)
}

package views

import "strconv"

// WizardImages is the "Logo and photos" part of the wizard's first step
// (handlers.wizardImages): the uploads the owner already made, kept by the
// server as pending images of the account so that a form sent back with
// an error never asks for a file twice, and the rules an upload meets.
type WizardImages struct {
	Logo   *PendingImage `json:"logo"` // nil: none yet
	Photos []PhotoSlot   `json:"photos"`
	Rules  WizardRules   `json:"rules"`
}

// PendingImage is an upload kept for the listing to come: its id (sent
// back with the form, as logo_id or photo_N_id), its thumbnail and its
// alt text as typed.
type PendingImage struct {
	ID    int64  `json:"id"`
	Kind  string `json:"kind"` // store.ImageLogo or store.ImagePhoto
	Thumb Image  `json:"thumb"`
	Alt   string `json:"alt"`
}

// PhotoSlot is one photo of the form, in order: a kept upload (Image), or
// an empty file input without JavaScript. Alt is kept even when the photo
// was refused, so nothing typed is lost.
type PhotoSlot struct {
	Image *PendingImage `json:"image"`
	Alt   string        `json:"alt"`
}

// ImageRules are what the server accepts as a listing's image, and the
// messages of its checks (handlers.imageRules: the images package's checks,
// store.MaxAltLen, the handlers' messages). The forms' hints say them and
// both upload islands (islands/upload.ts) check them before sending; the
// server checks again.
type ImageRules struct {
	MaxBytes    int64    `json:"maxBytes"`
	Accept      []string `json:"accept"`     // MIME types, for the file input's accept
	TypesLabel  string   `json:"typesLabel"` // "JPEG, PNG or WebP"
	TooLarge    string   `json:"tooLarge"`
	NotAccepted string   `json:"notAccepted"`
	SVG         string   `json:"svg"`
	AltRequired string   `json:"altRequired"`
	AltMax      int      `json:"altMax"`
	AltTooLong  string   `json:"altTooLong"`
	WhyAlt      string   `json:"whyAlt"`  // why a photo needs its alt text (the fields' hint)
	NoFile      string   `json:"noFile"`  // a form sent without a file
	Storage     string   `json:"storage"` // the storage failed
}

// FileHint says which files an upload takes: "JPEG, PNG or WebP, at most
// 10 MB".
func (r ImageRules) FileHint() string { return r.TypesLabel + ", at most " + megabytes(r.MaxBytes) }

// WizardRules are the image rules of the wizard: the shared ones and
// those of the account's plan.
type WizardRules struct {
	ImageRules
	MaxPhotos int    `json:"maxPhotos"` // the plan's cap per listing
	PlanName  string `json:"planName"`
	TooMany   string `json:"tooMany"`
	More      string `json:"more"`   // what the listing's page lets the owner do with them later
	Upload    string `json:"upload"` // the JSON endpoint (handlers.uploadImage)
}

// PhotoCap says how many photos plan shows per listing, the start of the
// messages of both forms when there are too many.
func PhotoCap(plan string, max int) string {
	return "Your " + plan + " plan shows up to " + strconv.Itoa(max) + " photos per listing"
}

// WizardPhotoSlots is how many photo inputs the form shows without
// JavaScript (at most the plan's cap); the listing's page adds more.
const WizardPhotoSlots = 3

// PhotoField names the fields of the photo at index i of the form:
// photo_<i> (the file), photo_<i>_id (a kept upload), photo_<i>_alt.
func PhotoField(i int, part string) string {
	if part == "" {
		return "photo_" + strconv.Itoa(i)
	}
	return "photo_" + strconv.Itoa(i) + "_" + part
}

// Images fields of the form, and the errors keyed by them.
const (
	LogoField   = "logo"   // the logo's file; LogoField+"_id" a kept upload
	PhotosField = "photos" // the photos as a whole (too many for the plan)
)

// megabytes says n bytes in whole megabytes: "10 MB".
func megabytes(n int64) string { return strconv.FormatInt(n>>20, 10) + " MB" }

func ifElse(cond bool, yes, no string) string {
	if cond {
		return yes
	}
	return no
}

// WizardRulesFor are the rules of a listing's images on plan, which shows
// up to photos photos, for the wizard's hints and its island.
func WizardRulesFor(rules ImageRules, plan string, photos int) WizardRules {
	return WizardRules{
		ImageRules: rules,
		MaxPhotos:  photos, PlanName: plan, TooMany: PhotoCap(plan, photos) + ": remove some before you send the form",
		More: "Your " + plan + " plan shows a logo and up to " + strconv.Itoa(photos) +
			" photos per listing; you can change them, reorder them and choose the cover from the listing's page once it is created.",
		Upload: "/dashboard/images",
	}
}

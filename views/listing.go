package views

import (
	"bizprofile/catalog"
)

// ListingForm is a listing as the wizard and the edit page show it: every
// field as typed, so a failed submission loses nothing.
type ListingForm struct {
	ID           int64 // 0 when creating
	Slug         string
	Name         string
	Tagline      string
	Description  string
	Category     string
	SubCategory  string
	Tags         string // comma-separated
	BusinessType string
	Email        string
	Phone        string
	Website      string
	Address      string
	City         string
	State        string
	ZipCode      string
	Hours        [7]DayForm
	Services     string // one per line
	ShowEmail    bool
	ShowPhone    bool
	ShowAddress  bool
	ShowPricing  bool
	ShowHours    bool
	Published    bool
	Suspended    bool   // unpublished by an administrator: only they can publish it again
	Held         bool   // waits for an administrator's review of its name
	HeldLike     string // the published listing whose name it resembles
	EmailPending bool   // Email waits for confirmation: shown nowhere public
	DeleteBy     string // for a team member: the account owner, who alone deletes listings
	ManagedBy    string // the agency that manages the listing ("" for none)
	Errors       catalog.FieldErrors
	// Images is the wizard's "Logo and photos" part; nil on the manage
	// page, which has its own section for them.
	Images *WizardImages
	// Lat and Lng are the owner's pin as typed ("" for none: the listing
	// is placed by its ZIP code); ServiceRadius the miles a service-area
	// business serves. Placed is where the listing is now (the map's
	// start), PlacedBy how it was found ("your ZIP code", "your city", "your
	// pin"); the manage page alone shows them.
	Lat, Lng, ServiceRadius string
	Placed                  *LatLng
	PlacedBy                string
	MapTiles                MapTiles // for the pin's map
}

// DayForm is one weekday of the hours.
type DayForm struct {
	Day    string `json:"day"`
	Open   string `json:"open"`
	Close  string `json:"close"`
	Closed bool   `json:"closed"`
}

// WizardSteps names the wizard's four steps and the fields each checks.
var WizardSteps = []struct {
	Title  string   `json:"title"`
	Fields []string `json:"fields"`
}{
	{"Basic Info", []string{"name", "tagline", "description", "category", "sub_category", "tags", "business_type", LogoField, PhotosField}},
	{"Contact", []string{"email", "phone", "website", "address", "city", "state", "zip_code"}},
	{"Hours", []string{"hours"}},
	{"Review", []string{"services", "visibility"}},
}

// StepOf is the wizard step (0-3) that shows field.
func StepOf(field string) int {
	for i, s := range WizardSteps {
		for _, f := range s.Fields {
			if f == field || (f == "hours" && len(field) > 6 && field[:6] == "hours_") ||
				(f == PhotosField && len(field) > 6 && field[:6] == "photo_") || (f == LogoField && field == LogoField+"_id") {
				return i
			}
		}
	}
	return 0
}

// ListingHints say, beside a field, the rules of trust the server applies
// to it (handlers.createProfile, handlers.updateBusiness); the wizard
// island gets them in its props.
var ListingHints = map[string]string{
	"name":  "If a listing in your city already has this name, or one very close to it, an administrator checks yours before it goes live.",
	"email": "Your account's address is shown at once; another address is shown once confirmed through the link we email to it.",
}

// listingField is a field of the listing form with its rule's limits and
// its hint.
func listingField(f Field) Field {
	r := catalog.ListingRules[f.Name]
	f.Required, f.MaxLength = r.Required != "", r.MaxLength
	if h := ListingHints[f.Name]; h != "" && f.Hint == "" {
		f.Hint = h
	}
	return f
}

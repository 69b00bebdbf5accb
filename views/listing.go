package views

import (
	"regexp"

	"bizprofile/places"
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
	Errors       FieldErrors
	// Images is the wizard's "Logo and photos" part; nil on the manage
	// page, which has its own section for them.
	Images *WizardImages
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

// ListingRules are what the server accepts in each text field of a listing
// (handlers.parseListingForm checks them); the long form takes its limits
// from them and the wizard island gets them in its props.
var ListingRules = map[string]FieldRule{
	"name":          {Required: "Enter the business name.", MaxLength: 120},
	"tagline":       {MaxLength: 160},
	"description":   {Required: "Describe the business in a sentence or two.", MaxLength: 2000},
	"category":      {Required: "Choose a category.", Options: Categories, Invalid: "Choose a category."},
	"sub_category":  {MaxLength: 80},
	"tags":          {MaxLength: 300},
	"business_type": {Required: "Choose how you serve customers.", Options: BusinessTypes, Invalid: "Choose how you serve customers."},
	"email":         EmailRule,
	"phone":         PhoneRule,
	"website":       WebsiteRule,
	"address":       {MaxLength: 200},
	"city":          CityRule,
	"state":         {Required: "Choose the state.", Options: StateOptions, Invalid: "Choose the state from the list."},
	"zip_code":      {MaxLength: 12},
	"services":      {MaxLength: 2000},
}

// CityRule is what a listing's city may be (places.ValidCity), checked
// once the handlers have trimmed it and collapsed its spaces
// (places.CleanCity).
var CityRule = FieldRule{
	Required: "Enter the city.", MaxLength: places.CityMaxLength, Pattern: places.CityPattern,
	Invalid: "Use letters, spaces and . ' - only, like St. Paul or Winston-Salem.",
}

// StateOptions are places.States as the listing forms offer them: the
// code is sent and stored, the name is shown. (The server also takes a
// state's name or a code in any case, and stores the code.)
var StateOptions = func() []Option {
	out := make([]Option, len(places.States))
	for i, s := range places.States {
		out[i] = Option{s.Code, s.Name}
	}
	return out
}()

// ListingHours is what the server accepts as a day's hours in a listing.
var ListingHours = HoursRule{
	Clock:   regexp.MustCompile(`^([01][0-9]|2[0-3]):[0-5][0-9]$`),
	Missing: "Give opening and closing times, or mark " + DayName + " closed.",
	Order:   "On " + DayName + ", closing must come after opening.",
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
	r := ListingRules[f.Name]
	f.Required, f.MaxLength = r.Required != "", r.MaxLength
	if h := ListingHints[f.Name]; h != "" && f.Hint == "" {
		f.Hint = h
	}
	return f
}

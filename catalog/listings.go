package catalog

import (
	"regexp"

	"bizprofile/places"
)

// ListingRules are what the server accepts in each text field of a listing
// (domain.CheckListing checks them); the long form takes its limits
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
// once it is trimmed and its spaces collapsed (places.CleanCity).
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

// Where a listing is (issue 38): the pin its owner may place, and the area
// a service-area business serves.
const (
	PinBoth  = "Give both the latitude and the longitude, or neither to place the listing by its ZIP code."
	PinRange = "Enter a number of degrees between -{most} and {most}, like 30.2672."
)

// UnknownZIP is the message of a ZIP code the gazetteer does not know.
const UnknownZIP = "Enter a 5-digit US ZIP code, like 78701, or leave it empty."

// ServiceRadius is the miles a service-area business may say it serves
// around its location.
var ServiceRadius = struct {
	Min, Max int
	Message  string
}{1, 100, "Enter whole miles from 1 to 100, or leave it empty."}

package catalog

import "unicode/utf8"

// Limits of a quote request's description, in characters.
const (
	RequestDescriptionMin = 30
	RequestDescriptionMax = 2000
)

// RequestRules are what the server accepts in each field of a quote
// request (with the description's minimum, RequestDescriptionMin).
var RequestRules = map[string]FieldRule{
	"category":    {Required: "Choose the kind of business you need.", Options: Categories, Invalid: "Choose the kind of business you need."},
	"description": {Required: "Describe what you need.", MaxLength: RequestDescriptionMax},
	"city":        CityRule,
	"state":       {Required: "Choose the state.", Options: StateOptions, Invalid: "Choose the state from the list."},
	"name":        {Required: "Enter your name.", MaxLength: 100},
	"email":       EmailRule,
	"phone":       PhoneRule,
}

// TooShortDescription is the message for a description under the minimum.
const TooShortDescription = "Tell the businesses a little more: at least 30 characters."

// ShortDescription reports whether a description is under the minimum.
func ShortDescription(s string) bool { return utf8.RuneCountInString(s) < RequestDescriptionMin }

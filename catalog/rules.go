package catalog

import (
	"encoding/json"
	"regexp"
	"strconv"
)

// The formats a FieldRule can ask for that no pattern says well: each side
// (handlers, islands) checks them with its own code.
const (
	FormatEmail = "email" // an address net/mail parses, with a dot in its domain
	FormatURL   = "url"   // an absolute http(s) address with a dot in its host
)

// FieldRule is what the server accepts in one form field and what it says
// otherwise. The handlers check values against it (handlers.checkRule);
// an island gets it in its props, so the browser says the same before the
// form is sent. The checks run in order, the first problem is the message:
// Required for an empty value, then Format, Pattern and Options (Invalid),
// then MaxLength (TooLong).
type FieldRule struct {
	// Required is the message for an empty value; "" when the field is optional.
	Required string `json:"required,omitempty"`
	// MaxLength is the most characters the field takes; 0 for no limit.
	MaxLength int `json:"maxLength,omitempty"`
	// Format is FormatEmail, FormatURL or "" for any text.
	Format string `json:"format,omitempty"`
	// Pattern, when set, is matched by every value (a regular expression
	// that means the same in Go and in JavaScript).
	Pattern *regexp.Regexp `json:"pattern,omitempty"`
	// Options, when set, are the only values the field takes.
	Options []Option `json:"options,omitempty"`
	// Invalid is the message for a value of the wrong Format, Pattern or Options.
	Invalid string `json:"invalid,omitempty"`
}

// TooLong is the message for a value over max characters.
func TooLong(max int) string { return "Keep this under " + strconv.Itoa(max) + " characters." }

// MarshalJSON gives the islands the rule with its TooLong message.
func (r FieldRule) MarshalJSON() ([]byte, error) {
	type rule FieldRule // without this method
	out := struct {
		rule
		TooLong string `json:"tooLong,omitempty"`
	}{rule: rule(r)}
	if r.MaxLength > 0 {
		out.TooLong = TooLong(r.MaxLength)
	}
	return json.Marshal(out)
}

// The contact fields every form shares.
var (
	EmailRule = FieldRule{
		Required: "Enter an email address.", MaxLength: 254, Format: FormatEmail,
		Invalid: "Enter a valid email address, like name@example.com.",
	}
	PhoneRule = FieldRule{
		MaxLength: 30, Pattern: regexp.MustCompile(`^\+?[0-9 ().-]{7,25}$`),
		Invalid: "Enter a phone number using digits, spaces, +, ( ) or -, like (512) 555-0147.",
	}
	WebsiteRule = FieldRule{
		Format:  FormatURL,
		Invalid: "Enter a full web address starting with https://, like https://example.com.",
	}
)

// DayName stands for the day in HoursRule's messages.
const DayName = "{day}"

// HoursRule is what the server accepts as one day's opening hours, unless
// the day is marked closed: both times on the Clock, closing after opening.
// Its messages name the day where they say DayName.
type HoursRule struct {
	Clock   *regexp.Regexp `json:"clock"`
	Missing string         `json:"missing"` // a time is empty or not on the Clock
	Order   string         `json:"order"`   // closing is not after opening
}

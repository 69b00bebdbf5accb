// Package catalog is the product's vocabulary: the categories of listings
// with their labels and colours, business types, the sorts and filters
// the directory and the inboxes offer, and the rules and limits of every
// field a person fills in. The pages show it (views), the server checks
// it (domain), the public API and its OpenAPI document state it
// (handlers/api): one list of each, read by all of them.
package catalog

// FieldErrors maps a form field's name to the message shown beside it.
type FieldErrors map[string]string

// Has reports whether the field has an error.
func (e FieldErrors) Has(field string) bool { _, ok := e[field]; return ok }

// Option is one choice of a select.
type Option struct {
	Value, Label string
}

// ValidOption reports whether value is one of opts.
func ValidOption(opts []Option, value string) bool {
	for _, o := range opts {
		if o.Value == value {
			return true
		}
	}
	return false
}

// OptionLabel is the label of value among opts, or value itself.
func OptionLabel(opts []Option, value string) string {
	for _, o := range opts {
		if o.Value == value {
			return o.Label
		}
	}
	return value
}

// Values are the values of opts, in order.
func Values(opts []Option) []string {
	out := make([]string, len(opts))
	for i, o := range opts {
		out[i] = o.Value
	}
	return out
}

// Professions are the choices of the individual sign-up form (spec §3).
var Professions = []Option{
	{"entrepreneur", "Entrepreneur"},
	{"freelancer", "Freelancer"},
	{"consultant", "Consultant"},
	{"investor", "Investor"},
	{"marketing", "Marketing"},
	{"sales", "Sales"},
	{"student", "Student"},
	{"other", "Other"},
}

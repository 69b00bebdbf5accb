package domain

import (
	"net/mail"
	"net/url"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/store"
)

// Invalid is the error of an input that breaks the rules: a message by
// field, in the words the form shows beside the field (the API sends them
// by its own field names). Operations return it before they change
// anything.
type Invalid catalog.FieldErrors

func (e Invalid) Error() string {
	names := make([]string, 0, len(e))
	for name := range e {
		names = append(names, name)
	}
	sort.Strings(names)
	return "domain: invalid " + strings.Join(names, ", ")
}

// Fields are the messages by field name.
func (e Invalid) Fields() catalog.FieldErrors { return catalog.FieldErrors(e) }

// invalid is errs as an error; nil when there are none.
func invalid(errs catalog.FieldErrors) error {
	if len(errs) == 0 {
		return nil
	}
	return Invalid(errs)
}

// The checks every input shares, each a catalog.FieldRule. Each adds a
// message for the field unless the field already has one, so the first
// problem found is shown.

// CheckRule checks value against r: the text rule for the field
// (CheckText, catalog.LinesOf), then empty against r.Required, then its
// format, then its length (the order the islands check in too).
func CheckRule(errs catalog.FieldErrors, field, value string, r catalog.FieldRule) {
	if CheckText(errs, field, value, catalog.LinesOf(field)); errs.Has(field) {
		return
	}
	switch {
	case r.Required != "" && strings.TrimSpace(value) == "":
		errs[field] = r.Required
	case value != "" && !validFormat(r, value):
		errs[field] = r.Invalid
	case r.MaxLength > 0 && utf8.RuneCountInString(value) > r.MaxLength:
		errs[field] = catalog.TooLong(r.MaxLength)
	}
}

// validFormat reports whether a value has the format, pattern and option r asks for.
func validFormat(r catalog.FieldRule, value string) bool {
	switch {
	case r.Pattern != nil && !r.Pattern.MatchString(value):
		return false
	case r.Options != nil && !catalog.ValidOption(r.Options, value):
		return false
	case r.Format == catalog.FormatEmail:
		return ValidEmail(value)
	case r.Format == catalog.FormatURL:
		u, err := url.Parse(value)
		return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.Contains(u.Host, ".")
	}
	return true
}

// Required asks for a value, with msg when it is empty.
func Required(errs catalog.FieldErrors, field, value, msg string) {
	CheckRule(errs, field, value, catalog.FieldRule{Required: msg})
}

// CheckLength takes at most max characters.
func CheckLength(errs catalog.FieldErrors, field, value string, max int) {
	CheckRule(errs, field, value, catalog.FieldRule{MaxLength: max})
}

// CheckEmail asks for an email address.
func CheckEmail(errs catalog.FieldErrors, field, value string) {
	CheckRule(errs, field, value, catalog.EmailRule)
}

// CheckPhone accepts the usual ways of writing a phone number (an empty
// value is left to Required).
func CheckPhone(errs catalog.FieldErrors, field, value string) {
	CheckRule(errs, field, value, catalog.PhoneRule)
}

// CheckURL accepts an absolute http(s) address (an empty value is left to
// Required).
func CheckURL(errs catalog.FieldErrors, field, value string) {
	CheckRule(errs, field, value, catalog.WebsiteRule)
}

// CheckOption accepts one of opts; msg says to choose one.
func CheckOption(errs catalog.FieldErrors, field, value string, opts []catalog.Option, msg string) {
	CheckRule(errs, field, value, catalog.FieldRule{Required: msg, Options: opts, Invalid: msg})
}

// Day is one day's opening hours as a person gives them.
type Day struct {
	Name        string // "Monday", for the messages
	Open, Close string // "09:00"
	Closed      bool
}

// CheckDay checks one day's hours against r, under key (the times of a
// closed day are kept, so they must be text we can store too).
func CheckDay(errs catalog.FieldErrors, key string, d Day, r catalog.HoursRule) {
	if CheckText(errs, key, d.Open+" "+d.Close, catalog.OneLine); errs.Has(key) {
		return
	}
	switch {
	case d.Closed:
	case !r.Clock.MatchString(d.Open) || !r.Clock.MatchString(d.Close):
		errs[key] = strings.ReplaceAll(r.Missing, catalog.DayName, d.Name)
	case d.Close <= d.Open:
		errs[key] = strings.ReplaceAll(r.Order, catalog.DayName, d.Name)
	}
}

// ValidEmail reports whether s is one plain address with a dot in its
// domain, as every form asks for.
func ValidEmail(s string) bool {
	if len(s) > 254 || strings.ContainsAny(s, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndexByte(s, '@'):], ".")
}

// RefusedFields lists the names of the fields of v (sorted) whose name or
// value is not acceptable text.
func RefusedFields(v url.Values) []string {
	var bad []string
	for name, values := range v {
		ok := AcceptableText(name)
		for _, s := range values {
			ok = ok && AcceptableText(s)
		}
		if !ok {
			bad = append(bad, name)
		}
	}
	slices.Sort(bad)
	return bad
}

// SplitList splits a list typed by a person, dropping blanks and repeats
// (at most 30 items).
func SplitList(s, sep string) store.Lines {
	var out store.Lines
	seen := map[string]bool{}
	for _, item := range strings.Split(s, sep) {
		item = strings.TrimSpace(item)
		if item != "" && !seen[strings.ToLower(item)] && len(out) < 30 {
			seen[strings.ToLower(item)] = true
			out = append(out, item)
		}
	}
	return out
}

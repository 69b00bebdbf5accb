package handlers

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"bizprofile/views"
)

// Small checks shared by every form, each a views.FieldRule. Each adds a
// message for the field unless the field already has one, so the first
// problem found is shown.

// checkRule checks value against r: empty against r.Required, then its
// format, then its length (the order the islands check in too).
func checkRule(errs views.FieldErrors, field, value string, r views.FieldRule) {
	switch {
	case errs.Has(field):
	case r.Required != "" && strings.TrimSpace(value) == "":
		errs[field] = r.Required
	case value != "" && !validFormat(r, value):
		errs[field] = r.Invalid
	case r.MaxLength > 0 && utf8.RuneCountInString(value) > r.MaxLength:
		errs[field] = views.TooLong(r.MaxLength)
	}
}

// validFormat reports whether a value has the format, pattern and option r asks for.
func validFormat(r views.FieldRule, value string) bool {
	switch {
	case r.Pattern != nil && !r.Pattern.MatchString(value):
		return false
	case r.Options != nil && !views.ValidOption(r.Options, value):
		return false
	case r.Format == views.FormatEmail:
		return validEmail(value)
	case r.Format == views.FormatURL:
		u, err := url.Parse(value)
		return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.Contains(u.Host, ".")
	}
	return true
}

func required(errs views.FieldErrors, field, value, msg string) {
	checkRule(errs, field, value, views.FieldRule{Required: msg})
}

func checkLength(errs views.FieldErrors, field, value string, max int) {
	checkRule(errs, field, value, views.FieldRule{MaxLength: max})
}

func checkEmail(errs views.FieldErrors, field, value string) {
	checkRule(errs, field, value, views.EmailRule)
}

// checkPhone accepts the usual ways of writing a phone number (an empty
// value is left to required).
func checkPhone(errs views.FieldErrors, field, value string) {
	checkRule(errs, field, value, views.PhoneRule)
}

// checkURL accepts an absolute http(s) address (an empty value is left to
// required).
func checkURL(errs views.FieldErrors, field, value string) {
	checkRule(errs, field, value, views.WebsiteRule)
}

// checkOption accepts one of opts; msg says to choose one.
func checkOption(errs views.FieldErrors, field, value string, opts []views.Option, msg string) {
	checkRule(errs, field, value, views.FieldRule{Required: msg, Options: opts, Invalid: msg})
}

// checkDay checks one day's hours against r, under key.
func checkDay(errs views.FieldErrors, key string, d views.DayForm, r views.HoursRule) {
	switch {
	case d.Closed || errs.Has(key):
	case !r.Clock.MatchString(d.Open) || !r.Clock.MatchString(d.Close):
		errs[key] = strings.ReplaceAll(r.Missing, views.DayName, d.Day)
	case d.Close <= d.Open:
		errs[key] = strings.ReplaceAll(r.Order, views.DayName, d.Day)
	}
}

// field reads a trimmed form value.
func field(form url.Values, name string) string { return strings.TrimSpace(form.Get(name)) }

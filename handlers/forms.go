package handlers

import (
	"net/url"
	"strings"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/views"
)

// Small checks shared by every form, each a catalog.FieldRule. Each adds a
// message for the field unless the field already has one, so the first
// problem found is shown.

// checkRule checks value against r: empty against r.Required, then its
// format, then its length (the order the islands check in too).
func checkRule(errs catalog.FieldErrors, field, value string, r catalog.FieldRule) {
	switch {
	case errs.Has(field):
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
		return domain.ValidEmail(value)
	case r.Format == catalog.FormatURL:
		u, err := url.Parse(value)
		return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.Contains(u.Host, ".")
	}
	return true
}

func required(errs catalog.FieldErrors, field, value, msg string) {
	checkRule(errs, field, value, catalog.FieldRule{Required: msg})
}

func checkLength(errs catalog.FieldErrors, field, value string, max int) {
	checkRule(errs, field, value, catalog.FieldRule{MaxLength: max})
}

func checkEmail(errs catalog.FieldErrors, field, value string) {
	checkRule(errs, field, value, catalog.EmailRule)
}

// checkURL accepts an absolute http(s) address (an empty value is left to
// required).
func checkURL(errs catalog.FieldErrors, field, value string) {
	checkRule(errs, field, value, catalog.WebsiteRule)
}

// checkOption accepts one of opts; msg says to choose one.
func checkOption(errs catalog.FieldErrors, field, value string, opts []catalog.Option, msg string) {
	checkRule(errs, field, value, catalog.FieldRule{Required: msg, Options: opts, Invalid: msg})
}

// checkDay checks one day's hours against r, under key.
func checkDay(errs catalog.FieldErrors, key string, d views.DayForm, r catalog.HoursRule) {
	switch {
	case d.Closed || errs.Has(key):
	case !r.Clock.MatchString(d.Open) || !r.Clock.MatchString(d.Close):
		errs[key] = strings.ReplaceAll(r.Missing, catalog.DayName, d.Day)
	case d.Close <= d.Open:
		errs[key] = strings.ReplaceAll(r.Order, catalog.DayName, d.Day)
	}
}

// field reads a trimmed form value.
func field(form url.Values, name string) string { return strings.TrimSpace(form.Get(name)) }

package handlers

import (
	"net/url"
	"regexp"
	"strings"
	"unicode/utf8"

	"bizprofile/views"
)

// Small checks shared by every form. Each adds a message for the field
// unless the field already has one, so the first problem found is shown.

func required(errs views.FieldErrors, field, value, msg string) {
	if strings.TrimSpace(value) == "" && !errs.Has(field) {
		errs[field] = msg
	}
}

func checkLength(errs views.FieldErrors, field, value string, max int) {
	if utf8.RuneCountInString(value) > max && !errs.Has(field) {
		errs[field] = "Keep this under " + itoa(max) + " characters."
	}
}

func checkEmail(errs views.FieldErrors, field, value string) {
	switch {
	case errs.Has(field):
	case strings.TrimSpace(value) == "":
		errs[field] = "Enter an email address."
	case !validEmail(value):
		errs[field] = "Enter a valid email address, like name@example.com."
	}
}

var phonePattern = regexp.MustCompile(`^\+?[0-9 ().-]{7,25}$`)

// checkPhone accepts the usual ways of writing a phone number (an empty
// value is left to required).
func checkPhone(errs views.FieldErrors, field, value string) {
	if value != "" && !errs.Has(field) && !phonePattern.MatchString(value) {
		errs[field] = "Enter a phone number using digits, spaces, +, ( ) or -, like (512) 555-0147."
	}
}

// checkURL accepts an absolute http(s) address (an empty value is left to
// required).
func checkURL(errs views.FieldErrors, field, value string) {
	if value == "" || errs.Has(field) {
		return
	}
	u, err := url.Parse(value)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || !strings.Contains(u.Host, ".") {
		errs[field] = "Enter a full web address starting with https://, like https://example.com."
	}
}

func checkOption(errs views.FieldErrors, field, value string, opts []views.Option, msg string) {
	if !errs.Has(field) && !views.ValidOption(opts, value) {
		errs[field] = msg
	}
}

// checkPasswords validates a new password and its confirmation.
func checkPasswords(errs views.FieldErrors, password, confirm string) {
	if msg := passwordProblem(password); msg != "" {
		errs["password"] = msg
		return
	}
	if confirm == "" {
		errs["confirm_password"] = "Confirm your password."
	} else if confirm != password {
		errs["confirm_password"] = "The passwords do not match."
	}
}

// field reads a trimmed form value.
func field(form url.Values, name string) string { return strings.TrimSpace(form.Get(name)) }

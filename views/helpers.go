package views

import (
	"net/url"
	"strconv"
	"strings"
)

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func themeLabel(t string) string {
	switch t {
	case ThemeLight:
		return "Light"
	case ThemeDark:
		return "Dark"
	default:
		return "System"
	}
}

func toastRole(t Toast) string {
	if t.Variant == "destructive" {
		return "alert"
	}
	return "status"
}

func itoa(n int) string { return strconv.Itoa(n) }

func queryEscape(s string) string { return url.QueryEscape(s) }

func int64s(n int64) string { return strconv.FormatInt(n, 10) }

// FieldLabel turns a form field's name into words ("full_name": "Full
// name") for a page that shows sent values without their form.
func FieldLabel(name string) string {
	words := strings.Fields(strings.NewReplacer("_", " ", "-", " ").Replace(name))
	if len(words) == 0 {
		return name
	}
	s := strings.Join(words, " ")
	return strings.ToUpper(s[:1]) + s[1:]
}

// PasswordHint says, beside every new-password field, what the server
// checks (handlers/password.go).
const PasswordHint = "At least 6 characters; not a common password, one repeated character, your name or your email."

package apispec

import (
	"fmt"
	"regexp"
	"strings"

	"bizprofile/catalog"
	"bizprofile/places"
)

// A schema of a request field may name a rule with "x-rule": its limits
// (maxLength, minLength, pattern, enum) are written from the rule, so the
// document states what the server checks and cannot drift from it, and
// the server (Checks) answers a value the rule refuses with the rule's
// own message. The rules are the catalogue's, as the API takes them.

// visible matches a value with a character that is not white space, to Go
// (unicode.IsSpace, which strings.TrimSpace trims) nor to JavaScript (\s):
// the class is spelled out, as the two engines' \s differ. Written with
// JavaScript's \u escapes, which goRegexp turns into Go's.
const visible = `[^\t\n\v\f\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF]`

// goRegexp is a pattern of the document (ECMA-262) as Go's regexp reads
// it: \uXXXX as \x{XXXX}; the document's patterns use nothing else the two
// read apart.
func goRegexp(pattern string) string { return jsEscape.ReplaceAllString(pattern, `\x{$1}`) }

var jsEscape = regexp.MustCompile(`\\u([0-9A-F]{4})`)

// phonePattern is catalog.PhoneRule's pattern for a value with no space at
// either end: the server checks the number trimmed, so the document's
// pattern, which a client checks the value as sent against, must refuse
// "      1" (seven characters of the class, one digit once trimmed).
var phonePattern = regexp.MustCompile(`^(?:\+[0-9 ().-]{6,24}|[0-9().-][0-9 ().-]{5,23})[0-9().-]$`)

// statePattern is a state as the server takes it (places.StateCode): its
// code or its name, in any case, words apart by spaces, spaces around.
var statePattern = func() *regexp.Regexp {
	var alts []string
	for _, s := range places.States {
		for _, name := range []string{s.Code, s.Name} {
			var b strings.Builder
			for i, word := range strings.Fields(name) {
				if i > 0 {
					b.WriteString(" +")
				}
				for _, c := range word {
					if lower, upper := strings.ToLower(string(c)), strings.ToUpper(string(c)); lower != upper {
						b.WriteString("[" + upper + lower + "]")
					} else {
						b.WriteString(regexp.QuoteMeta(string(c)))
					}
				}
			}
			alts = append(alts, b.String())
		}
	}
	return regexp.MustCompile("^ *(?:" + strings.Join(alts, "|") + ") *$")
}()

// cursorPattern is a cursor as the API writes it: base64url, unpadded.
var cursorPattern = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// listingRule is catalog.ListingRules[name] as the API takes it.
func listingRule(name string) catalog.FieldRule {
	r := catalog.ListingRules[name]
	switch name {
	case "phone":
		r.Pattern = phonePattern
	case "state": // a state's name is taken too, not only its code
		r.Pattern, r.Options = statePattern, nil
	}
	return r
}

// rules are the rules a schema may name with x-rule.
var rules = func() map[string]catalog.FieldRule {
	m := map[string]catalog.FieldRule{
		"lead.status":     catalog.LeadStatusRule,
		"lead.note":       catalog.LeadNoteRule,
		"review.reply":    catalog.ReplyRule,
		"listing.hours":   {Pattern: catalog.ListingHours.Clock, Invalid: "Give a time as HH:MM (24-hour), or leave it empty on a closed day."},
		"directory.state": {Pattern: statePattern, Invalid: "Give a US state by its two-letter code or its name, such as TX or Texas."},
		"directory.city":  {Pattern: places.CityPattern, MaxLength: places.CityMaxLength, Invalid: "Enter a city name of letters, spaces, periods, apostrophes and hyphens."},
		"idempotency-key": {Pattern: regexp.MustCompile(`^[ -~]+$`), MaxLength: 255, Required: "The Idempotency-Key header is empty.",
			Invalid: "An Idempotency-Key holds printable ASCII characters only (space to ~)."},
		"cursor": {Pattern: cursorPattern, MaxLength: 64, Required: "Send the next_cursor of the previous page, or leave cursor out for the first.", Invalid: "Not a cursor of this list: send the next_cursor of the previous page as it was given, or none for the first."},
	}
	for name := range catalog.ListingRules {
		m["listing."+name] = listingRule(name)
	}
	return m
}()

// fillRule writes the limits of rule name into schema s.
func fillRule(s map[string]any, name string) error {
	r, ok := rules[name]
	if !ok {
		return fmt.Errorf("x-rule %q is no rule of the API", name)
	}
	if r.MaxLength > 0 {
		s["maxLength"] = r.MaxLength
	}
	if r.Required != "" && r.Options == nil {
		s["minLength"] = 1
	}
	switch {
	case r.Options != nil:
		enum := []any{}
		for _, o := range r.Options {
			enum = append(enum, o.Value)
		}
		s["enum"] = enum
	case r.Pattern != nil && r.Required == "": // or empty, which clears the field
		s["pattern"] = "^(?:" + strings.TrimSuffix(strings.TrimPrefix(r.Pattern.String(), "^"), "$") + ")?$"
	case r.Pattern != nil:
		s["pattern"] = r.Pattern.String()
	case r.Required != "":
		s["pattern"] = visible
	}
	return nil
}

// CheckIdempotencyKey says what is wrong with an Idempotency-Key header's
// value by the document's IdempotencyKey parameter; "" when nothing is.
func CheckIdempotencyKey(key string) string {
	p := deref(document, object(object(document, "components"), "parameters")["IdempotencyKey"])
	if issues := check(deref(document, p["schema"]), key, "Idempotency-Key"); len(issues) > 0 {
		return issues[0].Message
	}
	return ""
}

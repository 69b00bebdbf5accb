package images

import (
	"fmt"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

var hexColour = regexp.MustCompile(`^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`)

// PlaceholderColour is used when Placeholder is given no valid colour.
const PlaceholderColour = "#4b5563"

// Placeholder returns a square SVG showing initials (trimmed, upper-cased, at
// most three characters kept; "?" when empty) on colour, for a listing without
// a logo. colour must be a hex colour (#rgb or #rrggbb); anything else gives
// PlaceholderColour. The text is white or near-black, whichever contrasts more
// with the colour. The SVG has role="img" and a <title> naming the initials
// so it is announced when inlined; the initials are escaped everywhere.
func Placeholder(initials, colour string) []byte {
	if !hexColour.MatchString(colour) {
		colour = PlaceholderColour
	}
	fg := "#ffffff"
	if luminance(colour) > 0.179 { // above this, near-black contrasts more
		fg = "#111827"
	}
	t := html.EscapeString(placeholderInitials(initials))
	return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img">`+
		`<title>%s</title><rect width="96" height="96" fill="%s"/>`+
		`<text x="48" y="48" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" font-size="38" font-weight="600" fill="%s">%s</text></svg>`,
		t, colour, fg, t)
}

func placeholderInitials(s string) string {
	r := []rune(strings.ToUpper(strings.TrimSpace(s)))
	r = r[:min(len(r), 3)]
	for i, c := range r {
		if unicode.IsControl(c) {
			r[i] = ' '
		}
	}
	if out := strings.TrimSpace(string(r)); out != "" {
		return out
	}
	return "?"
}

// luminance is the WCAG relative luminance of a valid #rgb or #rrggbb colour.
func luminance(c string) float64 {
	c = strings.TrimPrefix(c, "#")
	if len(c) == 3 {
		c = string([]byte{c[0], c[0], c[1], c[1], c[2], c[2]})
	}
	v, _ := strconv.ParseUint(c, 16, 32) // the regexp has checked the digits
	lin := func(x uint64) float64 {
		s := float64(x) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(v>>16&0xff) + 0.7152*lin(v>>8&0xff) + 0.0722*lin(v&0xff)
}

// Initials are the first letters (or digits) of a name's first two
// words, upper-cased: "Harbor Street Bakery" is HS, "7-Eleven" is 7E. ""
// when the name has no letter or digit.
func Initials(name string) string {
	var out []rune
	word := false
	for _, r := range name {
		alnum := unicode.IsLetter(r) || unicode.IsDigit(r)
		if alnum && !word {
			out = append(out, unicode.ToUpper(r))
			if len(out) == 2 {
				break
			}
		}
		word = alnum
	}
	return string(out)
}

// ValidInitials reports whether s is initials as Initials makes them:
// one or two upper-case letters or digits.
func ValidInitials(s string) bool {
	n := utf8.RuneCountInString(s)
	if n < 1 || n > 2 {
		return false
	}
	for _, r := range s {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r)) || unicode.ToUpper(r) != r {
			return false
		}
	}
	return true
}

package handlers

import (
	"net/http"
	"net/url"
	"unicode"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
	"bizprofile/images"
)

// A listing without a logo shows a placeholder: its initials on its
// category's colour, an SVG made from the URL alone
// (/placeholders/food/HB.svg). Nothing is stored and nothing queried, so
// the address is the whole of it: a year's caching, and a listing's cards
// cost no more than a string each. (Changing a category's colour means a
// new path, e.g. /placeholders/v2/….)

// cardLogoPx is the width and height of the logo box of a card, in CSS
// pixels (assets/static/css/app.css .business-logo).
const cardLogoPx = 64

// placeholderPath is the placeholder of a listing named name in category.
func placeholderPath(category, name string) string {
	if !catalog.ValidOption(catalog.Categories, category) {
		category = "other"
	}
	in := initialsOf(name)
	if in == "" {
		in = initialsOf(catalog.CategoryLabel(category))
	}
	return "/placeholders/" + category + "/" + url.PathEscape(in) + ".svg"
}

// initialsOf are the first letters (or digits) of a name's first two
// words, upper-cased: "Harbor Street Bakery" is HS, "7-Eleven" is 7E. ""
// when the name has no letter or digit.
func initialsOf(name string) string {
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

// validInitials reports whether s is initials as initialsOf makes them:
// one or two upper-case letters or digits.
func validInitials(s string) bool {
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

// placeholder answers GET /placeholders/{category}/{initials}.svg: 404 for
// a category that is not one or initials initialsOf would not make.
func (h *Handlers) placeholder(w http.ResponseWriter, r *http.Request) {
	category := chi.URLParam(r, "category")
	initials, err := url.PathUnescape(chi.URLParam(r, "initials"))
	if err != nil || !catalog.ValidOption(catalog.Categories, category) || !validInitials(initials) {
		http.NotFound(w, r)
		return
	}
	svg := images.Placeholder(initials, catalog.CategoryColour(category))
	hd := w.Header()
	hd.Set("Content-Type", "image/svg+xml")
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	// An SVG opened on its own is a document: it may run nothing.
	hd.Set("Content-Security-Policy", "default-src 'none'")
	_, _ = w.Write(svg)
}

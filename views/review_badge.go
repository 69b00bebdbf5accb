package views

import (
	"html"
	"strconv"
	"strings"
)

// A listing's review badge: an SVG image of its rating and review count
// that its owner puts on their own website, and the HTML to copy for it.
// The image is served by the app (GET /directory/{slug}/badge.svg) with
// the figures of the listing's published reviews; the snippets are plain
// links back to the listing, no script.

// badgeHeight is the badge's height in pixels; its width depends on its
// words (BadgeWidth).
const badgeHeight = 20

// ReviewBadgePath is the address of the badge of the listing of slug.
func ReviewBadgePath(slug string) string { return "/directory/" + slug + "/badge.svg" }

// badgeWords are the badge's two halves: the site's name, and the rating
// with the count ("★ 4.6 · 23 reviews"), or that there is none yet.
func badgeWords(site string, rating float64, count int) (left, right string) {
	if count == 0 {
		return site, "No reviews yet"
	}
	return site, "★ " + ratingText(rating) + " · " + reviewsNoun(count)
}

// BadgeAlt is the badge's text alternative, for its img and its title.
func BadgeAlt(site, business string, rating float64, count int) string {
	if count == 0 {
		return business + " on " + site + ": no reviews yet"
	}
	return business + " on " + site + ": rated " + ratingText(rating) + " out of 5 from " + reviewsNoun(count)
}

// textPx is about how wide s is in 11 px sans-serif; the SVG stretches
// or squeezes the text to exactly that (textLength), so it always fits.
func textPx(s string) int {
	w := 0.0
	for _, r := range s {
		switch {
		case strings.ContainsRune(" .,·:;'!|il", r):
			w += 3.5
		case r >= 'A' && r <= 'Z' || r == '★' || r == 'm' || r == 'w':
			w += 8
		default:
			w += 6.5
		}
	}
	return int(w + 0.5)
}

const badgePad = 8 // each half's space either side of its words

// badgeText is the badge's two halves' words and their widths in pixels
// (the right half is bold, a twelfth wider).
func badgeText(site string, rating float64, count int) (left, right string, lw, rw int) {
	left, right = badgeWords(site, rating, count)
	return left, right, textPx(left), textPx(right) * 13 / 12
}

// BadgeWidth is the badge's width in pixels.
func BadgeWidth(site string, rating float64, count int) int {
	_, _, lw, rw := badgeText(site, rating, count)
	return lw + rw + 4*badgePad
}

// ReviewBadgeSVG is the badge image of business on site. It holds no
// script and no style element or attribute, only presentation
// attributes, so it shows under the strictest Content-Security-Policy.
func ReviewBadgeSVG(site, business string, rating float64, count int) []byte {
	left, right, ltext, rtext := badgeText(site, rating, count)
	lw, rw := ltext+2*badgePad, rtext+2*badgePad
	w, esc := lw+rw, html.EscapeString
	colour := "#b45309" // amber 700: white text on it passes WCAG AA
	if count == 0 {
		colour = "#4b5563"
	}
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" width="` + strconv.Itoa(w) + `" height="` + strconv.Itoa(badgeHeight) +
		`" viewBox="0 0 ` + strconv.Itoa(w) + ` ` + strconv.Itoa(badgeHeight) + `" role="img" aria-label="` + esc(BadgeAlt(site, business, rating, count)) + `">`)
	b.WriteString(`<title>` + esc(BadgeAlt(site, business, rating, count)) + `</title>`)
	b.WriteString(`<rect width="` + strconv.Itoa(w) + `" height="20" rx="3" fill="#1f2937"/>`)
	b.WriteString(`<rect x="` + strconv.Itoa(lw) + `" width="` + strconv.Itoa(rw) + `" height="20" rx="3" fill="` + colour + `"/>`)
	b.WriteString(`<rect x="` + strconv.Itoa(lw) + `" width="4" height="20" fill="` + colour + `"/>`)
	b.WriteString(`<g fill="#fff" font-family="Verdana,DejaVu Sans,Arial,sans-serif" font-size="11" text-rendering="geometricPrecision">`)
	b.WriteString(`<text x="` + strconv.Itoa(badgePad) + `" y="14" textLength="` + strconv.Itoa(ltext) + `" lengthAdjust="spacingAndGlyphs">` + esc(left) + `</text>`)
	b.WriteString(`<text x="` + strconv.Itoa(lw+badgePad) + `" y="14" textLength="` + strconv.Itoa(rtext) + `" lengthAdjust="spacingAndGlyphs" font-weight="bold">` + esc(right) + `</text>`)
	b.WriteString(`</g></svg>`)
	return []byte(b.String())
}

// ReviewBadge is what the owner's reviews page offers for their website:
// the badge, and the two snippets to copy.
type ReviewBadge struct {
	ListingURL string // the listing's page, absolute
	ImageURL   string // the badge, absolute
	Width      int
	Alt        string
	// Image is the HTML of the badge: the image, linked to the listing.
	Image string
	// Text is the HTML of a plain link to the listing with the rating in
	// words, as it stands now (the badge image keeps itself current).
	Text string
}

// NewReviewBadge is the badge of the listing of slug named business on
// site (its name and address).
func NewReviewBadge(site Site, slug, business string, rating float64, count int) ReviewBadge {
	v := ReviewBadge{
		ListingURL: site.BaseURL + "/directory/" + slug, ImageURL: site.BaseURL + ReviewBadgePath(slug),
		Width: BadgeWidth(site.Name, rating, count), Alt: BadgeAlt(site.Name, business, rating, count),
	}
	esc := html.EscapeString
	v.Image = `<a href="` + esc(v.ListingURL) + `"><img src="` + esc(v.ImageURL) + `" width="` + strconv.Itoa(v.Width) +
		`" height="` + strconv.Itoa(badgeHeight) + `" alt="` + esc(v.Alt) + `"></a>`
	words := business + " on " + site.Name
	if count > 0 {
		words = business + ": rated " + ratingText(rating) + " out of 5 from " + reviewsNoun(count) + " on " + site.Name
	}
	v.Text = `<a href="` + esc(v.ListingURL) + `">` + esc(words) + `</a>`
	return v
}

package handlers

import (
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strings"

	"github.com/go-chi/chi/v5"

	"bizprofile/images"
)

// Custom branding (Growth and Pro) colours a listing's page with its
// accent. The CSP allows no inline styles, so the colour comes as a
// stylesheet of its own, /brand/1d4ed8.css, setting --accent on the
// page's .branded element; app.css says where the accent goes. Like the
// placeholders, the address is the whole of it: cached for a year.

// accentMinContrast is the least contrast the accent must have with white:
// it is the background of white text (buttons), WCAG AA for normal text.
const accentMinContrast = 4.5

var accentHex = regexp.MustCompile(`^#[0-9a-f]{6}$`)

// checkAccent reads an accent colour as typed ("#1D4ED8", "1d4ed8") and
// returns it as stored ("#1d4ed8"), or the message that refuses it: a
// colour that is not #rrggbb, or one white text is hard to read on.
func checkAccent(typed string) (colour, problem string) {
	colour = strings.ToLower(strings.TrimSpace(typed))
	if colour != "" && colour[0] != '#' {
		colour = "#" + colour
	}
	if !accentHex.MatchString(colour) {
		return "", "Enter the colour as # and six hexadecimal digits, like #1d4ed8."
	}
	ratio, _ := images.Contrast(colour, "#ffffff")
	if ratio < accentMinContrast {
		// Rounded down, so a colour just short of the mark never reads 4.5.
		shown := math.Floor(ratio*10) / 10
		return "", fmt.Sprintf("%s has a contrast of %.1f:1 with white text, which buttons on your page show on it; it needs at least %.1f:1. Choose a darker shade.", colour, shown, accentMinContrast)
	}
	return colour, ""
}

// brandCSSPath is the stylesheet of an accent colour (as stored).
func brandCSSPath(colour string) string { return "/brand/" + strings.TrimPrefix(colour, "#") + ".css" }

// brandStylesheet answers GET /brand/{rrggbb}.css: 404 unless rrggbb is a
// colour the branding form would accept, in lower case.
func (h *Handlers) brandStylesheet(w http.ResponseWriter, r *http.Request) {
	hex := chi.URLParam(r, "colour")
	colour, problem := checkAccent(hex)
	if problem != "" || colour != "#"+hex {
		http.NotFound(w, r)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "text/css; charset=utf-8")
	hd.Set("Cache-Control", "public, max-age=31536000, immutable")
	_, _ = fmt.Fprintf(w, "/* A listing's custom branding: its accent colour. */\n.branded { --accent: %s; }\n", colour)
}

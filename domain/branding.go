package domain

import (
	"context"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strings"

	"bizprofile/images"
)

// Branding is custom branding (Growth and Pro): an accent colour on a
// listing's page and its cover photo as the page's banner. The colour is
// kept when the account moves to a plan without branding; the page stops
// showing it.
type Branding struct{ *env }

// MayBrand reports whether the plan brands its listings' pages.
func (b Billing) MayBrand() bool { return b.Plan.Branding }

// AccentMinContrast is the least contrast the accent must have with
// white: it is the background of white text (buttons), WCAG AA for normal
// text.
const AccentMinContrast = 4.5

// AccentHex is an accent colour as stored: # and six lower-case
// hexadecimal digits.
var AccentHex = regexp.MustCompile(`^#[0-9a-f]{6}$`)

// CheckAccent reads an accent colour as typed ("#1D4ED8", "1d4ed8") and
// returns it as stored ("#1d4ed8"), or the message that refuses it: a
// colour that is not #rrggbb, or one white text is hard to read on.
func CheckAccent(typed string) (colour, problem string) {
	colour = strings.ToLower(strings.TrimSpace(typed))
	if colour != "" && colour[0] != '#' {
		colour = "#" + colour
	}
	if !AccentHex.MatchString(colour) {
		return "", "Enter the colour as # and six hexadecimal digits, like #1d4ed8."
	}
	ratio, _ := images.Contrast(colour, "#ffffff")
	if ratio < AccentMinContrast {
		// Rounded down, so a colour just short of the mark never reads 4.5.
		shown := math.Floor(ratio*10) / 10
		return "", fmt.Sprintf("%s has a contrast of %.1f:1 with white text, which buttons on your page show on it; it needs at least %.1f:1. Choose a darker shade.", colour, shown, AccentMinContrast)
	}
	return colour, ""
}

// ErrNoBranding: the account's plan has no custom branding.
var ErrNoBranding = errors.New("domain: the plan has no custom branding")

// Accent is a change to a listing's accent colour by a user of the
// account that owns it: the colour as typed, or its removal.
type Accent struct {
	AccountID, BusinessID, UserID int64
	Typed                         string
	Remove                        bool
}

// SetAccent saves (or removes) a listing's accent colour and returns it as
// stored: ErrNoBranding on a plan without branding, Invalid ("accent")
// for a colour CheckAccent refuses.
func (br *Branding) SetAccent(ctx context.Context, a Accent) (string, error) {
	bill, err := br.billingOf(ctx, br.store, a.AccountID)
	if err != nil {
		return "", err
	}
	if !bill.MayBrand() {
		return "", ErrNoBranding
	}
	if a.Remove {
		return "", br.store.SetAccentColor(ctx, a.BusinessID, "")
	}
	colour, problem := CheckAccent(a.Typed)
	if problem != "" {
		return "", Invalid{"accent": problem}
	}
	if err := br.store.SetAccentColor(ctx, a.BusinessID, colour); err != nil {
		return "", err
	}
	br.log.Info("accent colour saved", "business_id", a.BusinessID, "user_id", a.UserID, "colour", colour)
	return colour, nil
}

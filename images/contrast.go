package images

// Contrast is the WCAG contrast ratio of two hex colours (#rgb or
// #rrggbb), from 1 (none) to 21 (black on white); ok is false when either
// is not a hex colour. Text needs 4.5 against its background (WCAG AA).
func Contrast(a, b string) (ratio float64, ok bool) {
	if !hexColour.MatchString(a) || !hexColour.MatchString(b) {
		return 0, false
	}
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05), true
}

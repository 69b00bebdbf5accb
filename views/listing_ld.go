package views

import (
	"fmt"
	"time"
)

// JSONLD describes the reviews a listing's page shows (schema.org Review).
func (l ListingReviews) JSONLD() []map[string]any {
	out := make([]map[string]any, 0, len(l.Reviews))
	for _, r := range l.Reviews {
		out = append(out, map[string]any{
			"@type":         "Review",
			"author":        map[string]any{"@type": "Person", "name": r.Author},
			"datePublished": r.Written.Format(time.DateOnly),
			"name":          r.Title,
			"reviewBody":    r.Body,
			"reviewRating":  map[string]any{"@type": "Rating", "ratingValue": r.Rating, "bestRating": 5, "worstRating": 1},
		})
	}
	return out
}

// Clock turns "17:00" into "5:00 PM".
func Clock(hhmm string) string {
	var hh, mm int
	if _, err := fmt.Sscanf(hhmm, "%d:%d", &hh, &mm); err != nil {
		return hhmm
	}
	suffix := "AM"
	if hh >= 12 {
		suffix = "PM"
	}
	if hh%12 == 0 {
		return fmt.Sprintf("12:%02d %s", mm, suffix)
	}
	return fmt.Sprintf("%d:%02d %s", hh%12, mm, suffix)
}

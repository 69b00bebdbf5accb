package views

import "strconv"

// InsightsPath is the owner's AI insights page (every plan has them).
const InsightsPath = "/ai-insights"

// ListingInsightsPath is the AI insights page of one listing.
func ListingInsightsPath(id int64) string {
	return InsightsPath + "?business=" + strconv.FormatInt(id, 10)
}

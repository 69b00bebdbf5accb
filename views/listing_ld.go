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

// DayHours is a weekday's hours as the owner gave them ("09:00", "17:00").
type DayHours struct {
	Day         string // "Monday"
	Open, Close string
	Closed      bool
}

// HoursTable is the hours table of a week: each weekday's hours, or
// "Closed".
func HoursTable(week []DayHours) []HoursRow {
	var rows []HoursRow
	for _, d := range week {
		text := "Closed"
		if !d.Closed {
			text = Clock(d.Open) + " – " + Clock(d.Close)
		}
		rows = append(rows, HoursRow{Day: d.Day, Text: text})
	}
	return rows
}

// LocalBusinessJSONLD describes the listing to search engines
// (schema.org LocalBusiness), from the view: so only public fields. base
// is the site's address; week is the listing's hours (stated when the view
// shows them); images are the URLs of the page's photos, logo its logo's
// ("" when it has none).
func (v BusinessView) LocalBusinessJSONLD(base string, week []DayHours, images []string, logo string) map[string]any {
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "LocalBusiness",
		"@id":         base + "/directory/" + v.Slug,
		"name":        v.Name,
		"description": v.Description,
		"url":         base + "/directory/" + v.Slug,
	}
	addr := map[string]any{"@type": "PostalAddress", "addressLocality": v.City, "addressRegion": v.State, "addressCountry": "US"}
	if v.Street != "" {
		addr["streetAddress"] = v.Street
	}
	if v.ZipCode != "" {
		addr["postalCode"] = v.ZipCode
	}
	ld["address"] = addr
	if v.At != nil {
		ld["geo"] = map[string]any{"@type": "GeoCoordinates", "latitude": v.At.Lat, "longitude": v.At.Lng}
	}
	if v.ServiceArea != "" && v.At != nil && v.Street == "" {
		ld["areaServed"] = map[string]any{"@type": "GeoCircle", "geoMidpoint": ld["geo"], "geoRadius": v.ServiceAreaMeters}
	}
	if v.Phone != "" {
		ld["telephone"] = v.Phone
	}
	if v.Email != "" {
		ld["email"] = v.Email
	}
	if v.Website != "" {
		ld["sameAs"] = []string{v.Website}
	}
	// Ratings only from published reviews, as the page shows them: search
	// engines treat a rating with no review behind it as spam.
	if v.Reviews > 0 {
		ld["aggregateRating"] = map[string]any{"@type": "AggregateRating", "ratingValue": RoundRating(v.Rating), "reviewCount": v.Reviews, "bestRating": 5, "worstRating": 1}
		ld["review"] = v.ReviewList.JSONLD()
	}
	if len(v.Hours) > 0 {
		var specs []map[string]any
		for _, d := range week {
			if d.Closed {
				continue
			}
			specs = append(specs, map[string]any{"@type": "OpeningHoursSpecification", "dayOfWeek": "https://schema.org/" + d.Day, "opens": d.Open, "closes": d.Close})
		}
		ld["openingHoursSpecification"] = specs
	}
	if len(v.Services) > 0 {
		ld["knowsAbout"] = v.Services
	}
	if len(images) > 0 {
		ld["image"] = images
	}
	if logo != "" {
		ld["logo"] = logo
	}
	return ld
}

// BreadcrumbJSONLD is a trail as schema.org BreadcrumbList; base is the
// site's address.
func BreadcrumbJSONLD(base string, trail []Crumb) map[string]any {
	items := make([]map[string]any, len(trail))
	for i, c := range trail {
		items[i] = map[string]any{"@type": "ListItem", "position": i + 1, "name": c.Label, "item": base + c.Path}
	}
	return map[string]any{"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items}
}

// ItemListJSONLD describes the page's listings to search engines
// (schema.org ItemList), numbered across the pages; numberOfItems counts
// every page's, as schema.org asks of a paginated list. base is the
// site's address.
func (p LandingPage) ItemListJSONLD(base string) map[string]any {
	items := make([]map[string]any, len(p.Cards))
	for i, c := range p.Cards {
		items[i] = map[string]any{
			"@type":    "ListItem",
			"position": (p.Page-1)*p.PageSize + i + 1,
			"url":      base + "/directory/" + c.Slug,
			"name":     c.Name,
		}
	}
	return map[string]any{
		"@context":        "https://schema.org",
		"@type":           "ItemList",
		"name":            p.Heading(),
		"url":             base + PagePath(p.Path, p.Page),
		"numberOfItems":   p.Total,
		"itemListElement": items,
	}
}

package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"bizprofile/store"
	"bizprofile/views"
)

// publishedBusiness loads the listing of the URL, answering 404 for an
// unknown or unpublished slug. It reports whether the handler may go on.
func (h *Handlers) publishedBusiness(w http.ResponseWriter, r *http.Request) (store.Business, bool) {
	slug, ok := slugParam(r)
	if !ok {
		h.notFound(w, r)
		return store.Business{}, false
	}
	b, err := h.store.BusinessBySlug(r.Context(), slug)
	if errors.Is(err, store.ErrNotFound) || (err == nil && !b.Published) {
		h.notFound(w, r)
		return store.Business{}, false
	}
	if err != nil {
		h.serverError(w, r, err)
		return store.Business{}, false
	}
	return b, true
}

// businessPage shows a listing: everything its owner made public, nothing
// else (not in the HTML, not in the JSON-LD).
func (h *Handlers) businessPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return
	}
	reviews, _, err := h.listingReviews(r.Context(), b, currentUser(r), store.ReviewsNewest, store.Page{Limit: views.ReviewsShown})
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	reviews.Back = "/directory/" + b.Slug
	h.countView(r, b)
	v := h.businessView(b, reviews)
	v.Save = h.saveToggle(r, b)
	state, err := h.claimState(r.Context(), currentUser(r), b)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	switch state {
	case views.ClaimOpen, views.ClaimPendingReview, views.ClaimYours:
		v.Claim = state
	}
	h.render(w, r, http.StatusOK, views.BusinessPage(h.chrome(r), v))
}

// businessView is what the listing's page shows of b and of its reviews:
// the header's figures are the reviews' summary, as the JSON-LD's are.
func (h *Handlers) businessView(b store.Business, reviews views.ListingReviews) views.BusinessView {
	v := views.BusinessView{
		ID: b.ID, Slug: b.Slug, Name: b.Name, Tagline: b.Tagline, Description: b.Description,
		Category: views.CategoryLabel(b.Category), SubCategory: b.SubCategory,
		Type: views.OptionLabel(views.BusinessTypes, b.BusinessType), Tags: b.Tags, Services: b.Services,
		City: b.City, State: b.State, Website: b.Website,
		Rating: reviews.Summary.Average, Reviews: reviews.Summary.Count, ReviewList: reviews,
		Verified: b.Verified, Claimed: b.Claimed, Featured: b.Featured,
		VerifiedMethod: b.VerifiedMethod, VerifiedAt: b.VerifiedAt.Time,
	}
	if b.ShowAddress {
		v.Street, v.ZipCode = b.Address, b.ZipCode
	}
	if b.ShowPhone {
		v.Phone = b.Phone
	}
	v.Email = b.PublicEmail() // none until proved, none if hidden
	if b.ShowHours {
		for i, d := range b.Hours {
			if i >= len(store.Weekdays) {
				break
			}
			text := "Closed"
			if !d.Closed {
				text = clock(d.Open) + " – " + clock(d.Close)
			}
			v.Hours = append(v.Hours, views.HoursRow{Day: store.Weekdays[i], Text: text})
		}
	}
	v.JSONLD = h.localBusinessJSONLD(b, v)
	v.Trail = listingTrail(b)
	v.TrailLD = h.breadcrumbJSONLD(v.Trail)
	if views.ValidOption(views.Categories, b.Category) {
		v.CategoryURL = views.CategoryPath(b.Category)
	}
	if code, city := listingPlace(b); city != "" {
		v.CityURL = views.CityPath(code, city)
	}
	return v
}

// localBusinessJSONLD describes the listing to search engines
// (schema.org LocalBusiness), from the view: so only public fields.
func (h *Handlers) localBusinessJSONLD(b store.Business, v views.BusinessView) map[string]any {
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "LocalBusiness",
		"@id":         h.site.BaseURL + "/directory/" + v.Slug,
		"name":        v.Name,
		"description": v.Description,
		"url":         h.site.BaseURL + "/directory/" + v.Slug,
	}
	addr := map[string]any{"@type": "PostalAddress", "addressLocality": v.City, "addressRegion": v.State, "addressCountry": "US"}
	if v.Street != "" {
		addr["streetAddress"] = v.Street
	}
	if v.ZipCode != "" {
		addr["postalCode"] = v.ZipCode
	}
	ld["address"] = addr
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
		ld["aggregateRating"] = map[string]any{"@type": "AggregateRating", "ratingValue": views.RoundRating(v.Rating), "reviewCount": v.Reviews, "bestRating": 5, "worstRating": 1}
		ld["review"] = reviewsJSONLD(v.ReviewList.Reviews)
	}
	if len(v.Hours) > 0 {
		var specs []map[string]any
		for i, d := range b.Hours {
			if d.Closed || i >= len(store.Weekdays) {
				continue
			}
			specs = append(specs, map[string]any{"@type": "OpeningHoursSpecification", "dayOfWeek": "https://schema.org/" + store.Weekdays[i], "opens": d.Open, "closes": d.Close})
		}
		ld["openingHoursSpecification"] = specs
	}
	if len(v.Services) > 0 {
		ld["knowsAbout"] = v.Services
	}
	return ld
}

// reviewsJSONLD describes the reviews a listing's page shows (schema.org
// Review).
func reviewsJSONLD(rs []views.ReviewItem) []map[string]any {
	out := make([]map[string]any, 0, len(rs))
	for _, r := range rs {
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

// clock turns "17:00" into "5:00 PM".
func clock(hhmm string) string {
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

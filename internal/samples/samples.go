// Package samples is the directory's five sample listings (spec §3) and
// their reviews, kept as data (sample-businesses.json,
// sample-reviews.json), and Add, which loads them: `bizprofile seed` does
// at every start of `go tool task run`, and the tests that need a
// directory to look at.
package samples

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"time"

	"bizprofile/places"
	"bizprofile/store"
)

// Add adds the sample listings that are missing, by slug, each with its
// reviews (Reviews), so it can run at every start. A sample listing that
// is there already, still without an owner, and has no reviews (a database
// from before reviews existed) gets them too
// (store.AddMissingListings). It returns how many listings it added.
func Add(ctx context.Context, st *store.Store) (int, error) {
	bs, err := Businesses()
	if err != nil {
		return 0, err
	}
	reviews, err := Reviews(time.Now().UTC())
	if err != nil {
		return 0, err
	}
	ls := make([]store.ListingWithReviews, len(bs))
	for i, b := range bs {
		ls[i] = store.ListingWithReviews{Business: b, Reviews: reviews[b.Slug]}
	}
	return st.AddMissingListings(ctx, ls)
}

//go:embed sample-businesses.json
var businessesJSON []byte

// Businesses are the directory's five sample listings (spec §3), kept as
// data in sample-businesses.json.
func Businesses() ([]store.Business, error) {
	var raw []struct {
		Slug, Name, Tagline, Description, Category string
		SubCategory                                string `json:"sub_category"`
		Tags, Services                             []string
		Address, City, State                       string
		ZipCode                                    string `json:"zip_code"`
		Phone, Website, Email                      string
		Hours                                      store.Week
		BusinessType                               string `json:"business_type"`
		Featured, Claimed                          bool
	}
	if err := json.Unmarshal(businessesJSON, &raw); err != nil {
		return nil, fmt.Errorf("samples: businesses: %w", err)
	}
	bs := make([]store.Business, len(raw))
	for i, r := range raw {
		// A sample's place is what the forms accept (places): a valid
		// city as cleaned, a state by its code.
		if code, ok := places.StateCode(r.State); !ok || code != r.State || !places.ValidCity(r.City) || places.CleanCity(r.City) != r.City {
			return nil, fmt.Errorf("samples: business %s: %q, %q is not a city and a state code", r.Slug, r.City, r.State)
		}
		// Nobody owns a sample, so none is verified: the badge says we
		// confirmed who runs the business (store.ErrUnowned).
		bs[i] = store.Business{
			Slug: r.Slug, Name: r.Name, Tagline: r.Tagline, Description: r.Description, Category: r.Category,
			SubCategory: r.SubCategory, Tags: r.Tags, Address: r.Address, City: r.City, State: r.State, ZipCode: r.ZipCode,
			Phone: r.Phone, Website: r.Website, Email: r.Email, Hours: r.Hours, Services: r.Services, BusinessType: r.BusinessType,
			Featured: r.Featured, Claimed: r.Claimed, Published: true, EmailConfirmed: true,
			ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowPricing: true, ShowHours: true,
		}
	}
	return bs, nil
}

//go:embed sample-reviews.json
var reviewsJSON []byte

// Reviews are the sample listings' reviews (sample-reviews.json) by the
// listing's slug, dated as if written before now: each review days_ago
// days before now, its visit (when it says) visited_days_before days
// before that. They have no account, so nobody edits them, and no
// BusinessID yet. Their sentiment follows their stars (4-5 positive, 3
// neutral, 1-2 negative).
func Reviews(now time.Time) (map[string][]store.NewReview, error) {
	var raw map[string][]struct {
		Author        string `json:"author"`
		Rating        int    `json:"rating"`
		Title         string `json:"title"`
		Body          string `json:"body"`
		DaysAgo       int    `json:"days_ago"`
		VisitedBefore *int   `json:"visited_days_before"`
	}
	if err := json.Unmarshal(reviewsJSON, &raw); err != nil {
		return nil, fmt.Errorf("samples: reviews: %w", err)
	}
	bs, err := Businesses()
	if err != nil {
		return nil, err
	}
	isSample := map[string]bool{}
	for _, b := range bs {
		isSample[b.Slug] = true
	}
	out := make(map[string][]store.NewReview, len(raw))
	for slug, rs := range raw {
		if !isSample[slug] {
			return nil, fmt.Errorf("samples: reviews of %s: not a sample listing", slug)
		}
		for i, r := range rs {
			if r.Rating < 1 || r.Rating > 5 || r.Author == "" || r.Title == "" || r.Body == "" || r.DaysAgo < 0 ||
				(r.VisitedBefore != nil && *r.VisitedBefore < 0) {
				return nil, fmt.Errorf("samples: review %d of %s is incomplete or out of range", i+1, slug)
			}
			// Midday minus a few minutes a review, so that no two share
			// a time.
			written := now.Truncate(24*time.Hour).Add(12*time.Hour-time.Duration(i)*7*time.Minute).AddDate(0, 0, -r.DaysAgo)
			if written.After(now) {
				written = now.Add(-time.Duration(i+1) * time.Minute)
			}
			visited := ""
			if r.VisitedBefore != nil {
				visited = written.AddDate(0, 0, -*r.VisitedBefore).Format(time.DateOnly)
			}
			out[slug] = append(out[slug], store.NewReview{
				AuthorName: r.Author,
				ReviewText: store.ReviewText{Rating: r.Rating, Title: r.Title, Body: r.Body, VisitedOn: visited, Sentiment: store.StarsSentiment(r.Rating)},
				CreatedAt:  written,
			})
		}
	}
	return out, nil
}

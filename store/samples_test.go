package store_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// The sample listings' places are what the forms accept: a valid city, a
// state by its code (SampleBusinesses refuses anything else).
func TestSampleBusinessesHaveACityAndAStateCode(t *testing.T) {
	bs, err := store.SampleBusinesses()
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) == 0 {
		t.Fatal("no sample listings")
	}
	for _, b := range bs {
		if code, ok := places.StateCode(b.State); !ok || code != b.State || !places.ValidCity(b.City) {
			t.Errorf("%s is in %q, %q", b.Slug, b.City, b.State)
		}
	}
}

// The samples' reviews are what the review form accepts, read as a
// handful of customers would write them: 4 to 7 a listing, mostly
// positive with a critical one somewhere, written over the last 18 months
// by "First L.", each visit before its review.
func TestSampleReviewsAreWhatTheFormAccepts(t *testing.T) {
	now := time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)
	bs, err := store.SampleBusinesses()
	must(t, err)
	reviews, err := store.SampleReviews(now)
	must(t, err)
	if len(reviews) != len(bs) {
		t.Errorf("reviews of %d listings, want each of the %d samples", len(reviews), len(bs))
	}
	// The review form's limits.
	const titleMax, bodyMin, bodyMax, nameMax = catalog.ReviewTitleMax, catalog.ReviewBodyMin, catalog.ReviewBodyMax, catalog.ReviewNameMax
	author := regexp.MustCompile(`^\p{Lu}\p{Ll}+ \p{Lu}\.$`)
	critical := 0
	for _, b := range bs {
		rs := reviews[b.Slug]
		if len(rs) < 4 || len(rs) > 7 {
			t.Errorf("%s has %d reviews, want 4-7", b.Slug, len(rs))
		}
		stars, written := []int{}, map[time.Time]bool{}
		for i, r := range rs {
			stars = append(stars, r.Rating)
			if r.Rating <= 2 {
				critical++
			}
			name := fmt.Sprintf("%s review %d", b.Slug, i+1)
			if r.Rating < 1 || r.Rating > 5 || r.Title == "" || utf8.RuneCountInString(r.Title) > titleMax {
				t.Errorf("%s: %d stars, title %q", name, r.Rating, r.Title)
			}
			if n := utf8.RuneCountInString(r.Body); n < bodyMin || n > bodyMax {
				t.Errorf("%s: body of %d characters", name, n)
			}
			if !author.MatchString(r.AuthorName) || len(r.AuthorName) > nameMax {
				t.Errorf("%s: author %q, want a first name and an initial", name, r.AuthorName)
			}
			if r.CreatedAt.After(now) || r.CreatedAt.Before(now.AddDate(0, -18, 0)) || written[r.CreatedAt] {
				t.Errorf("%s: written %s, want a time of its own in the 18 months before %s", name, r.CreatedAt, now)
			}
			written[r.CreatedAt] = true
			if r.VisitedOn != "" {
				if v, err := time.Parse(time.DateOnly, r.VisitedOn); err != nil || v.After(r.CreatedAt) {
					t.Errorf("%s: visited %q, written %s", name, r.VisitedOn, r.CreatedAt)
				}
			}
			want := map[int]string{1: store.SentimentNegative, 2: store.SentimentNegative, 3: store.SentimentNeutral, 4: store.SentimentPositive, 5: store.SentimentPositive}[r.Rating]
			if r.Sentiment != want || r.UserID.Valid {
				t.Errorf("%s: sentiment %q for %d stars (want %q), account %v", name, r.Sentiment, r.Rating, want, r.UserID)
			}
		}
		if f := figuresOf(stars); f.Rating < 3.5 {
			t.Errorf("%s averages %.2f: want mostly positive reviews", b.Slug, f.Rating)
		}
	}
	if critical == 0 {
		t.Error("no critical review (1-2 stars) among the samples")
	}
}

// SeedSamples gives each new sample its reviews; the listing's figures are
// those of its reviews, and a second run adds nothing.
func TestSeedSamplesBacksTheFiguresWithReviews(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		n, err := s.SeedSamples(ctx)
		if err != nil || n != 5 {
			t.Fatalf("seed added %d, %v", n, err)
		}
		reviews, err := store.SampleReviews(time.Now())
		must(t, err)
		bs, err := store.SampleBusinesses()
		must(t, err)
		check := func(when string) {
			t.Helper()
			for _, b := range bs {
				got, err := s.BusinessBySlug(ctx, b.Slug)
				must(t, err)
				var stars []int
				for _, r := range reviews[b.Slug] {
					stars = append(stars, r.Rating)
				}
				want := figuresOf(stars)
				if f := (figures{got.Rating, got.ReviewCount}); f != want || f != recomputed(t, s, got.ID) {
					t.Errorf("%s, %s: figures %+v, want %+v from its reviews", when, b.Slug, f, want)
				}
			}
		}
		check("after the first seed")
		if n, err := s.SeedSamples(ctx); err != nil || n != 0 {
			t.Fatalf("second seed added %d, %v", n, err)
		}
		check("after the second seed")

		// The directory sorts by the new figures: the best-rated sample
		// first.
		res, err := s.SearchBusinesses(ctx, store.Search{Sort: store.SortRating})
		must(t, err)
		if len(res.Businesses) != 5 {
			t.Fatalf("%d samples found", len(res.Businesses))
		}
		for i := 1; i < len(res.Businesses); i++ {
			if a, b := res.Businesses[i-1], res.Businesses[i]; a.Rating < b.Rating || a.ReviewCount == 0 {
				t.Errorf("by rating: %s (%.2f, %d reviews) before %s (%.2f)", a.Slug, a.Rating, a.ReviewCount, b.Slug, b.Rating)
			}
		}
		newest, _, err := s.ListingReviews(ctx, res.Businesses[0].ID, store.ReviewsNewest, store.Page{Limit: 10})
		must(t, err)
		for i := 1; i < len(newest); i++ {
			if !newest[i-1].CreatedAt.After(newest[i].CreatedAt) {
				t.Errorf("reviews %d and %d of %s written at the same time or out of order", i, i+1, res.Businesses[0].Slug)
			}
		}
	})
}

// A database whose sample listings were seeded before reviews existed:
// the next start gives the ownerless samples without reviews theirs, and
// leaves a claimed sample and a sample that has reviews alone.
func TestSeedSamplesReviewsExistingSamples(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		bs, err := store.SampleBusinesses()
		must(t, err)
		owner, _, err := s.CreateAccount(ctx, newAccount("owner@example.com"))
		must(t, err)
		customer, _, err := s.CreateAccount(ctx, newAccount("customer@example.com"))
		must(t, err)
		const claimed, reviewed = "greenleaf-family-clinic", "clearview-legal-group"
		for _, b := range bs {
			if b.Slug == claimed {
				b.OwnerID = sqlNullInt(owner.ID)
			}
			created, err := s.CreateBusiness(ctx, b)
			must(t, err)
			if created.Slug != b.Slug {
				t.Fatalf("sample %s created as %s", b.Slug, created.Slug)
			}
			if b.Slug == reviewed {
				_, err := s.CreateReview(ctx, store.NewReview{BusinessID: created.ID, UserID: sqlNullInt(customer.ID), AuthorName: "Cam D.",
					ReviewText: store.ReviewText{Rating: 3, Title: "Fine", Body: "Answered my question about a lease in a week."}})
				must(t, err)
			}
		}
		reviews, err := store.SampleReviews(time.Now())
		must(t, err)
		for run := 1; run <= 2; run++ {
			if n, err := s.SeedSamples(ctx); err != nil || n != 0 {
				t.Fatalf("run %d: seed added %d listings, %v", run, n, err)
			}
			for _, b := range bs {
				got, err := s.BusinessBySlug(ctx, b.Slug)
				must(t, err)
				want := len(reviews[b.Slug])
				switch b.Slug {
				case claimed:
					want = 0
				case reviewed:
					want = 1
				}
				if f := recomputed(t, s, got.ID); f.Count != want || f != (figures{got.Rating, got.ReviewCount}) {
					t.Errorf("run %d, %s: %d reviews (figures %.2f, %d), want %d", run, b.Slug, f.Count, got.Rating, got.ReviewCount, want)
				}
			}
		}
	})
}

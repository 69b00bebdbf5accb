package store_test

import (
	"context"
	"testing"
	"time"

	"bizprofile/internal/samples"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// Adding the samples (store.AddMissingListings) gives each new sample its
// reviews; the listing's figures are those of its reviews, and a second
// run adds nothing.
func TestAddingTheSamplesBacksTheFiguresWithReviews(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		n, err := samples.Add(ctx, s)
		if err != nil || n != 5 {
			t.Fatalf("seed added %d, %v", n, err)
		}
		reviews, err := samples.Reviews(time.Now())
		must(t, err)
		bs, err := samples.Businesses()
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
		if n, err := samples.Add(ctx, s); err != nil || n != 0 {
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
func TestAddingTheSamplesReviewsExistingSamples(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		bs, err := samples.Businesses()
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
		reviews, err := samples.Reviews(time.Now())
		must(t, err)
		for run := 1; run <= 2; run++ {
			if n, err := samples.Add(ctx, s); err != nil || n != 0 {
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

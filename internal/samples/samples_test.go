package samples

import (
	"fmt"
	"regexp"
	"testing"
	"time"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
)

// The sample listings' places are what the forms accept: a valid city, a
// state by its code (Businesses refuses anything else).
func TestSampleBusinessesHaveACityAndAStateCode(t *testing.T) {
	bs, err := Businesses()
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
	bs, err := Businesses()
	must(t, err)
	reviews, err := Reviews(now)
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
		sum := 0
		for _, n := range stars {
			sum += n
		}
		if mean := float64(sum) / float64(max(1, len(stars))); mean < 3.5 {
			t.Errorf("%s averages %.2f: want mostly positive reviews", b.Slug, mean)
		}
	}
	if critical == 0 {
		t.Error("no critical review (1-2 stars) among the samples")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

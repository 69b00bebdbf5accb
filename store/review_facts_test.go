package store_test

import (
	"context"
	"database/sql"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestReviewFactsOf(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, bakery, cafe, c := alertFixture(t, s)
		now := time.Date(2026, 5, 15, 12, 0, 0, 0, time.UTC) // the second quarter
		if f, err := s.ReviewFactsOf(ctx, bakery.ID, now); err != nil || f != (store.ReviewFacts{}) {
			t.Fatalf("facts without reviews: %+v, %v", f, err)
		}
		more := make([]store.User, 3)
		for i, email := range []string{"dee@example.com", "eve@example.com", "fay@example.com"} {
			u, _, err := s.CreateAccount(ctx, newAccount(email))
			must(t, err)
			more[i] = u
		}
		day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 9, 0, 0, 0, time.UTC) }
		review(t, s, bakery, c[0], 5, day(time.May, 10))                               // this month, this quarter
		answered := review(t, s, bakery, c[1], 4, day(time.April, 20))                 // last month, this quarter
		review(t, s, bakery, c[2], 2, day(time.March, 15))                             // the quarter before
		review(t, s, bakery, more[0], 3, day(time.January, 5))                         // the quarter before
		review(t, s, bakery, more[1], 1, time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC)) // neither
		review(t, s, cafe, more[2], 1, day(time.May, 11))                              // another listing
		_, err := s.SetReply(ctx, answered.ID, owner.ID, "Thanks for coming!")
		must(t, err)

		f, err := s.ReviewFactsOf(ctx, bakery.ID, now)
		must(t, err)
		want := store.ReviewFacts{Published: 5, Average: 3, Unanswered: 4, ThisMonth: 1, LastMonth: 1, AvgThisQuarter: 4.5, AvgPrevQuarter: 2.5}
		if f != want {
			t.Errorf("facts = %+v\nwant    %+v", f, want)
		}

		_, err = s.CreateReview(ctx, store.NewReview{
			BusinessID: cafe.ID, UserID: sql.NullInt64{Int64: c[0].ID, Valid: true}, AuthorName: "Ann", CreatedAt: day(time.May, 12),
			ReviewText: store.ReviewText{Rating: 4, Title: "Newest words", Body: "The flat white was perfect."},
		})
		must(t, err)
		words, err := s.ReviewWordsOf(ctx, cafe.ID, 5)
		must(t, err)
		if len(words) != 2 || words[0] != (store.ReviewWords{Title: "Newest words", Body: "The flat white was perfect."}) || words[1].Title != "A visit" {
			t.Errorf("the cafe's words, newest first: %+v", words)
		}
		if words, _ := s.ReviewWordsOf(ctx, bakery.ID, 3); len(words) != 3 {
			t.Errorf("%d words with a limit of 3", len(words))
		}
	})
}

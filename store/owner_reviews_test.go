package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// ownedListing is a published listing and its owner; other is another
// listing of another owner, whose reviews must never show.
func ownedListing(t *testing.T, s *store.Store) (b store.Business, owner store.User, other store.Business) {
	t.Helper()
	ctx := context.Background()
	owner, _, err := s.CreateAccount(ctx, newAccount("bakery-owner@example.com"))
	must(t, err)
	b, err = s.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", Category: "food", City: "Portland", State: "OR", OwnerID: sqlNullInt(owner.ID), Published: true})
	must(t, err)
	rival, _, err := s.CreateAccount(ctx, newAccount("rival-owner@example.com"))
	must(t, err)
	other, err = s.CreateBusiness(ctx, store.Business{Name: "Dock Donuts", Category: "food", City: "Portland", State: "OR", OwnerID: sqlNullInt(rival.ID), Published: true})
	must(t, err)
	return b, owner, other
}

// written is a review of b by a new account, written at when.
func written(t *testing.T, s *store.Store, b store.Business, who string, stars int, sentiment string, when time.Time) store.Review {
	t.Helper()
	ctx := context.Background()
	u, _, err := s.CreateAccount(ctx, newAccount(who+"@example.com"))
	must(t, err)
	r, err := s.CreateReview(ctx, store.NewReview{BusinessID: b.ID, UserID: sqlNullInt(u.ID), AuthorName: who, CreatedAt: when,
		ReviewText: store.ReviewText{Rating: stars, Title: who + "'s visit", Body: "We came on a Saturday and queued for the sourdough.", Sentiment: sentiment}})
	must(t, err)
	return r
}

func authors(rs []store.Review) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.AuthorName
	}
	return out
}

func TestOwnerReviewsListsHiddenOnesAndFilters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, other := ownedListing(t, s)
		now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
		ann := written(t, s, b, "ann", 5, store.SentimentPositive, now.Add(-5*time.Hour))
		written(t, s, b, "bob", 2, store.SentimentNegative, now.Add(-4*time.Hour))
		written(t, s, b, "cid", 5, store.SentimentPositive, now.Add(-3*time.Hour))
		dee := written(t, s, b, "dee", 1, store.SentimentNegative, now.Add(-2*time.Hour))
		written(t, s, other, "eve", 4, store.SentimentPositive, now.Add(-1*time.Hour))
		_, err := s.SetReply(ctx, ann.ID, owner.ID, "Thank you, Ann!")
		must(t, err)
		admin, _, err := s.CreateAccount(ctx, newAccount("admin@example.com"))
		must(t, err)
		_, err = s.ModerateReview(ctx, dee.ID, admin, store.ActionHideReview, "Written by a competitor.")
		must(t, err)

		for _, tc := range []struct {
			name   string
			filter store.OwnerReviewFilter
			want   []string
		}{
			{"all, newest first, hidden ones too", store.OwnerReviewFilter{}, []string{"dee", "cid", "bob", "ann"}},
			{"unanswered: published without a reply", store.OwnerReviewFilter{Unanswered: true}, []string{"cid", "bob"}},
			{"five stars", store.OwnerReviewFilter{Stars: 5}, []string{"cid", "ann"}},
			{"one star, hidden", store.OwnerReviewFilter{Stars: 1}, []string{"dee"}},
			{"unanswered five stars", store.OwnerReviewFilter{Unanswered: true, Stars: 5}, []string{"cid"}},
			{"three stars: none", store.OwnerReviewFilter{Stars: 3}, []string{}},
		} {
			rs, total, err := s.OwnerReviews(ctx, b.ID, tc.filter, store.Page{Limit: 10})
			must(t, err)
			if got := authors(rs); !slices.Equal(got, tc.want) || total != len(tc.want) {
				t.Errorf("%s: %v (total %d), want %v", tc.name, got, total, tc.want)
			}
		}
		rs, total, err := s.OwnerReviews(ctx, b.ID, store.OwnerReviewFilter{}, store.Page{Limit: 2, Offset: 2})
		must(t, err)
		if got := authors(rs); !slices.Equal(got, []string{"bob", "ann"}) || total != 4 {
			t.Errorf("second page of two: %v (total %d)", got, total)
		}
		if rs[1].Reply != "Thank you, Ann!" {
			t.Errorf("ann's reply %q", rs[1].Reply)
		}
		rs, _, err = s.OwnerReviews(ctx, b.ID, store.OwnerReviewFilter{Stars: 1}, store.Page{Limit: 10})
		must(t, err)
		if rs[0].Status != store.ReviewHidden || rs[0].HiddenReason != "Written by a competitor." {
			t.Errorf("hidden review %q %q", rs[0].Status, rs[0].HiddenReason)
		}

		sum, err := s.ReviewSummaryForOwner(ctx, b.ID, now)
		must(t, err)
		want := store.OwnerReviewSummary{Count: 3, Average: 4, Unanswered: 2, NewThisMonth: 3, Hidden: 1}
		if sum != want {
			t.Errorf("summary %+v, want %+v", sum, want)
		}
	})
}

func TestSummaryCountsTheCalendarMonth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, _ := ownedListing(t, s)
		now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
		written(t, s, b, "feb", 3, "", time.Date(2026, 2, 28, 23, 59, 0, 0, time.UTC))
		written(t, s, b, "mar", 4, "", time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
		sum, err := s.ReviewSummaryForOwner(ctx, b.ID, now)
		must(t, err)
		if sum.NewThisMonth != 1 || sum.Count != 2 || sum.Average != 3.5 || sum.Unanswered != 2 {
			t.Errorf("summary %+v, want 1 new this month of 2, average 3.5, 2 unanswered", sum)
		}
		empty, err := s.ReviewSummaryForOwner(ctx, 0, now)
		must(t, err)
		if empty != (store.OwnerReviewSummary{}) {
			t.Errorf("a listing without reviews: %+v", empty)
		}
	})
}

func TestSentimentByMonth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, other := ownedListing(t, s)
		now := time.Date(2026, 3, 15, 12, 0, 0, 0, time.UTC)
		at := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 10, 0, 0, 0, time.UTC) }
		written(t, s, b, "old", 5, store.SentimentPositive, at(2025, 3, 31)) // 13 months back: out
		written(t, s, b, "apr1", 5, store.SentimentPositive, at(2025, 4, 1))
		written(t, s, b, "apr2", 1, store.SentimentNegative, at(2025, 4, 30))
		written(t, s, b, "dec", 3, store.SentimentNeutral, at(2025, 12, 24))
		written(t, s, b, "jan", 4, "", at(2026, 1, 2))
		written(t, s, b, "mar1", 5, store.SentimentPositive, at(2026, 3, 1))
		written(t, s, b, "mar2", 4, store.SentimentPositive, at(2026, 3, 14))
		hidden := written(t, s, b, "mar3", 1, store.SentimentNegative, at(2026, 3, 14))
		written(t, s, other, "rival", 1, store.SentimentNegative, at(2026, 3, 2))
		admin, _, err := s.CreateAccount(ctx, newAccount("admin@example.com"))
		must(t, err)
		_, err = s.ModerateReview(ctx, hidden.ID, admin, store.ActionHideReview, "Spam.")
		must(t, err)

		months, err := s.SentimentByMonth(ctx, b.ID, 12, now)
		must(t, err)
		if len(months) != 12 {
			t.Fatalf("%d months, want 12", len(months))
		}
		got := map[string]string{}
		for _, m := range months {
			if m.Month.Day() != 1 || m.Month.Hour() != 0 {
				t.Errorf("month starts at %v", m.Month)
			}
			if m.Total() > 0 {
				got[m.Month.Format("2006-01")] = fmt.Sprintf("+%d =%d -%d ?%d", m.Positive, m.Neutral, m.Negative, m.Unrated)
			}
		}
		want := map[string]string{"2025-04": "+1 =0 -1 ?0", "2025-12": "+0 =1 -0 ?0", "2026-01": "+0 =0 -0 ?1", "2026-03": "+2 =0 -0 ?0"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("sentiment by month %v, want %v", got, want)
		}
		if first, last := months[0].Month.Format("2006-01"), months[11].Month.Format("2006-01"); first != "2025-04" || last != "2026-03" {
			t.Errorf("months run %s to %s, want 2025-04 to 2026-03", first, last)
		}
	})
}

package store_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func savedNames(bs []store.Business) []string {
	out := []string{}
	for _, b := range bs {
		out = append(out, b.Name)
	}
	return out
}

func TestSavedBusinessesNewestSavedFirstPublishedOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		jane, _, err := s.CreateAccount(ctx, newAccount("jane@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("other@example.com"))
		must(t, err)
		painters := requesterListing(t, s, "Bright Painters")
		bakery := requesterListing(t, s, "Harbor Bakery")
		dental := requesterListing(t, s, "Harbor Dental")
		hidden := requesterListing(t, s, "Quiet Walls")
		base := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
		for i, b := range []store.Business{bakery, painters, dental, hidden} {
			must(t, s.SaveBusiness(ctx, jane.ID, b.ID))
			requesterExec(t, s, `UPDATE saved_businesses SET created_at = ? WHERE user_id = ? AND business_id = ?`, base.Add(time.Duration(i)*time.Hour), jane.ID, b.ID)
		}
		must(t, s.SaveBusiness(ctx, jane.ID, bakery.ID)) // again: no error, keeps its place
		must(t, s.SaveBusiness(ctx, other.ID, bakery.ID))
		must(t, s.SetPublished(ctx, hidden.ID, false))

		bs, total, err := s.SavedBusinesses(ctx, jane.ID, 0)
		must(t, err)
		if want := []string{"Harbor Dental", "Bright Painters", "Harbor Bakery"}; !slices.Equal(savedNames(bs), want) || total != 3 {
			t.Errorf("saved = %v (%d), want %v (3): newest first, the unpublished one left out", savedNames(bs), total, want)
		}
		bs, total, err = s.SavedBusinesses(ctx, jane.ID, 2)
		must(t, err)
		if want := []string{"Harbor Dental", "Bright Painters"}; !slices.Equal(savedNames(bs), want) || total != 3 {
			t.Errorf("first two saved = %v (%d), want %v (3)", savedNames(bs), total, want)
		}
		if bs[0].Slug != dental.Slug || bs[0].City != "Portland" || !bs[0].Published {
			t.Errorf("saved listing = %+v, want the card's fields", bs[0])
		}

		marked, err := s.SavedAmong(ctx, jane.ID, []int64{painters.ID, hidden.ID, 999999})
		must(t, err)
		if !marked[painters.ID] || !marked[hidden.ID] || marked[999999] || len(marked) != 2 {
			t.Errorf("saved among = %v", marked)
		}

		must(t, s.UnsaveBusiness(ctx, jane.ID, painters.ID))
		must(t, s.UnsaveBusiness(ctx, jane.ID, painters.ID)) // again: no error
		bs, total, err = s.SavedBusinesses(ctx, jane.ID, 0)
		must(t, err)
		if want := []string{"Harbor Dental", "Harbor Bakery"}; !slices.Equal(savedNames(bs), want) || total != 2 {
			t.Errorf("after removing = %v (%d), want %v", savedNames(bs), total, want)
		}
		theirs, _, err := s.SavedBusinesses(ctx, other.ID, 0)
		must(t, err)
		if want := []string{"Harbor Bakery"}; !slices.Equal(savedNames(theirs), want) {
			t.Errorf("other's saved = %v, want %v", savedNames(theirs), want)
		}
		none, total, err := s.SavedBusinesses(ctx, 424242, 5)
		must(t, err)
		if len(none) != 0 || total != 0 {
			t.Errorf("unknown account's saved = %v (%d)", none, total)
		}
		empty, err := s.SavedAmong(ctx, jane.ID, nil)
		must(t, err)
		if len(empty) != 0 {
			t.Errorf("saved among nothing = %v", empty)
		}
	})
}

func TestBecomeBusinessAccountKeepsWhatTheAccountHas(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		jane, _, err := s.CreateAccount(ctx, newAccount("jane@example.com"))
		must(t, err)
		bakery := requesterListing(t, s, "Harbor Bakery")
		must(t, s.SaveBusiness(ctx, jane.ID, bakery.ID))
		requesterRequest(t, s, "jane-req", jane.ID, "food", time.Now())
		_, err = s.CreateReview(ctx, store.NewReview{BusinessID: bakery.ID, UserID: sqlNullInt(jane.ID), AuthorName: "Jane D.",
			ReviewText: store.ReviewText{Rating: 5, Title: "Lovely bread", Body: "The sourdough is the best in town, every time."}})
		must(t, err)

		must(t, s.BecomeBusinessAccount(ctx, jane.ID))
		u, err := s.UserByID(ctx, jane.ID)
		must(t, err)
		if u.Kind != store.KindBusiness {
			t.Errorf("kind = %q, want business", u.Kind)
		}
		if err := s.BecomeBusinessAccount(ctx, jane.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("converting a business account: %v, want ErrNotFound", err)
		}
		saved, _, err := s.SavedBusinesses(ctx, jane.ID, 0)
		must(t, err)
		qs, err := s.QuoteRequestsOf(ctx, jane.ID)
		must(t, err)
		rs, err := s.ReviewsBy(ctx, jane.ID)
		must(t, err)
		if len(saved) != 1 || len(qs) != 1 || len(rs) != 1 {
			t.Errorf("kept: %d saved, %d requests, %d reviews; want 1 each", len(saved), len(qs), len(rs))
		}
	})
}

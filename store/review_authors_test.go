package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestEditingAReviewRenamesItsAuthor(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		author, _, err := s.CreateAccount(ctx, newAccount("author@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("other@example.com"))
		must(t, err)
		b, err := s.CreateBusiness(ctx, store.Business{Name: "Quay Books", Published: true})
		must(t, err)
		text := store.ReviewText{Rating: 4, Title: "Good shelves", Body: "A fine choice of poetry and maps."}
		r, err := s.CreateReview(ctx, store.NewReview{BusinessID: b.ID, UserID: sqlNullInt(author.ID), AuthorName: "Ann R.", ReviewText: text})
		must(t, err)

		_, err = s.UpdateReview(ctx, r.ID, author.ID, "Ann Rivers", text)
		must(t, err)
		got, err := s.ReviewByID(ctx, r.ID)
		must(t, err)
		if got.AuthorName != "Ann Rivers" {
			t.Errorf("author name %q after renaming, want Ann Rivers", got.AuthorName)
		}
		if err := updateErr(s.UpdateReview(ctx, r.ID, other.ID, "Someone", text)); !errors.Is(err, store.ErrNotAuthor) {
			t.Errorf("another account renames: %v, want ErrNotAuthor", err)
		}
		if err := updateErr(s.UpdateReview(ctx, r.ID+1000, author.ID, "Ann", text)); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown review: %v, want ErrNotFound", err)
		}

		old, err := s.CreateReview(ctx, store.NewReview{BusinessID: b.ID, UserID: sqlNullInt(other.ID), AuthorName: "Olly O.", ReviewText: text,
			CreatedAt: time.Now().Add(-store.ReviewEditWindow - time.Hour)})
		must(t, err)
		if err := updateErr(s.UpdateReview(ctx, old.ID, other.ID, "Olly Oak", text)); !errors.Is(err, store.ErrEditWindowClosed) {
			t.Errorf("rename after the edit window: %v, want ErrEditWindowClosed", err)
		}
		got, err = s.ReviewByID(ctx, old.ID)
		must(t, err)
		if got.AuthorName != "Olly O." {
			t.Errorf("author name %q after a refused rename, want Olly O.", got.AuthorName)
		}
	})
}

// updateErr is UpdateReview's error alone.
func updateErr(_ store.Review, err error) error { return err }

package store_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// reviewFixture is a published listing owned by an account, and n other
// accounts to review it.
func reviewFixture(t *testing.T, s *store.Store, n int) (b store.Business, owner store.User, reviewers []store.User) {
	t.Helper()
	ctx := context.Background()
	owner, _, err := s.CreateAccount(ctx, newAccount("owner@example.com"))
	must(t, err)
	b, err = s.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", Category: "food", City: "Portland", State: "OR",
		OwnerID: sqlNullInt(owner.ID), Published: true})
	must(t, err)
	for i := range n {
		u, _, err := s.CreateAccount(ctx, newAccount(fmt.Sprintf("reviewer%d@example.com", i)))
		must(t, err)
		reviewers = append(reviewers, u)
	}
	return b, owner, reviewers
}

// reviewOf is a review of b by u with the given stars.
func reviewOf(b store.Business, u store.User, stars int) store.NewReview {
	return store.NewReview{BusinessID: b.ID, UserID: sqlNullInt(u.ID), AuthorName: "Ann R.",
		ReviewText: store.ReviewText{Rating: stars, Title: fmt.Sprintf("%d stars", stars), Body: "The sourdough was worth the queue on Saturday."}}
}

// figures are a listing's rating and review count as stored.
type figures struct {
	Rating float64
	Count  int
}

func listingFigures(t *testing.T, s *store.Store, id int64) figures {
	t.Helper()
	b, err := s.BusinessByID(context.Background(), id)
	must(t, err)
	return figures{b.Rating, b.ReviewCount}
}

// figuresOf are the figures stars give: their mean to two decimals and
// their number.
func figuresOf(stars []int) figures {
	if len(stars) == 0 {
		return figures{}
	}
	sum := 0
	for _, n := range stars {
		sum += n
	}
	return figures{math.Round(float64(sum)/float64(len(stars))*100) / 100, len(stars)}
}

// recomputed are the figures a listing's published reviews give, read
// back through ListingReviews.
func recomputed(t *testing.T, s *store.Store, id int64) figures {
	t.Helper()
	rs, total, err := s.ListingReviews(context.Background(), id, store.ReviewsNewest, store.Page{Limit: 1000})
	must(t, err)
	if total != len(rs) {
		t.Fatalf("ListingReviews total %d, %d reviews", total, len(rs))
	}
	stars := make([]int, len(rs))
	for i, r := range rs {
		stars[i] = r.Rating
	}
	return figuresOf(stars)
}

func TestOneReviewPerAccountAndListing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, rs := reviewFixture(t, s, 1)
		ann := rs[0]
		first, err := s.CreateReview(ctx, reviewOf(b, ann, 5))
		must(t, err)
		if first.ID == 0 || first.Status != store.ReviewPublished || !first.WrittenBy(ann.ID) || first.Rating != 5 {
			t.Fatalf("created review = %+v", first)
		}
		if _, err := s.CreateReview(ctx, reviewOf(b, ann, 1)); !errors.Is(err, store.ErrAlreadyReviewed) {
			t.Fatalf("second review by the same account: %v, want ErrAlreadyReviewed", err)
		}
		if got := listingFigures(t, s, b.ID); got != (figures{5, 1}) {
			t.Fatalf("figures after a refused second review = %+v, want the first review's", got)
		}
		if got, err := s.ReviewBy(ctx, b.ID, ann.ID); err != nil || got.ID != first.ID {
			t.Fatalf("ReviewBy = %+v, %v", got, err)
		}
		// The same account reviews another listing; reviews without an
		// account (the seed's) are not limited.
		other, err := s.CreateBusiness(ctx, store.Business{Name: "Other Bakery", City: "Portland", State: "OR", Published: true})
		must(t, err)
		if _, err := s.CreateReview(ctx, reviewOf(other, ann, 4)); err != nil {
			t.Fatalf("review of another listing: %v", err)
		}
		for range 2 {
			n := reviewOf(b, ann, 3)
			n.UserID.Valid = false
			if _, err := s.CreateReview(ctx, n); err != nil {
				t.Fatalf("seed review: %v", err)
			}
		}
		if got := listingFigures(t, s, b.ID); got != figuresOf([]int{5, 3, 3}) {
			t.Fatalf("figures = %+v, want %+v", got, figuresOf([]int{5, 3, 3}))
		}
		if _, err := s.ReviewBy(ctx, b.ID, owner.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("ReviewBy of an account without a review: %v, want ErrNotFound", err)
		}
	})
}

func TestOwnerCannotReviewOwnListing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, _ := reviewFixture(t, s, 0)
		if _, err := s.CreateReview(ctx, reviewOf(b, owner, 5)); !errors.Is(err, store.ErrOwnListing) {
			t.Fatalf("owner's review: %v, want ErrOwnListing", err)
		}
		if _, total, err := s.ListingReviews(ctx, b.ID, store.ReviewsNewest, store.Page{Limit: 10}); err != nil || total != 0 {
			t.Fatalf("reviews after the owner's refused one: %d, %v", total, err)
		}
		if got := listingFigures(t, s, b.ID); got != (figures{}) {
			t.Fatalf("figures = %+v, want none", got)
		}
		if _, err := s.CreateReview(ctx, store.NewReview{BusinessID: b.ID + 1000, UserID: sqlNullInt(owner.ID), AuthorName: "X",
			ReviewText: store.ReviewText{Rating: 4, Title: "t", Body: "b"}}); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("review of a listing that does not exist: %v, want ErrNotFound", err)
		}
	})
}

// The figures follow every change: each step's figures are those of the
// reviews left, and RatingSummaryOf agrees.
func TestFiguresFollowCreateEditDelete(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, us := reviewFixture(t, s, 3)
		ids := map[int]int64{} // reviewer → review
		stars := map[int]int{} // reviewer → stars now
		steps := []struct {
			name string
			do   func() error
		}{
			{"ann writes 5", func() error {
				r, err := s.CreateReview(ctx, reviewOf(b, us[0], 5))
				ids[0], stars[0] = r.ID, 5
				return err
			}},
			{"bob writes 2", func() error {
				r, err := s.CreateReview(ctx, reviewOf(b, us[1], 2))
				ids[1], stars[1] = r.ID, 2
				return err
			}},
			{"cat writes 4", func() error {
				r, err := s.CreateReview(ctx, reviewOf(b, us[2], 4))
				ids[2], stars[2] = r.ID, 4
				return err
			}},
			{"ann edits to 1", func() error {
				_, err := s.UpdateReview(ctx, ids[0], us[0].ID, "", store.ReviewText{Rating: 1, Title: "Changed my mind", Body: "Stale croissants on my second visit."})
				stars[0] = 1
				return err
			}},
			{"bob deletes", func() error { delete(stars, 1); return s.DeleteReview(ctx, ids[1], us[1].ID) }},
			{"cat edits to 5", func() error {
				_, err := s.UpdateReview(ctx, ids[2], us[2].ID, "", store.ReviewText{Rating: 5, Title: "Even better", Body: "The rye is the best in town."})
				stars[2] = 5
				return err
			}},
			{"ann deletes", func() error { delete(stars, 0); return s.DeleteReview(ctx, ids[0], us[0].ID) }},
			{"cat deletes", func() error { delete(stars, 2); return s.DeleteReview(ctx, ids[2], us[2].ID) }},
		}
		for _, step := range steps {
			if err := step.do(); err != nil {
				t.Fatalf("%s: %v", step.name, err)
			}
			var left []int
			for _, n := range stars {
				left = append(left, n)
			}
			want := figuresOf(left)
			if got := listingFigures(t, s, b.ID); got != want {
				t.Errorf("after %s: figures %+v, want %+v", step.name, got, want)
			}
			sum, err := s.RatingSummaryOf(ctx, b.ID)
			must(t, err)
			if sum.Count != want.Count || sum.Average != want.Rating {
				t.Errorf("after %s: summary %+v, want %+v", step.name, sum, want)
			}
		}
	})
}

// Concurrent writers of one listing's reviews each recompute the figures
// after the others' changes (on PostgreSQL, lockListing's row lock orders
// them): at the end the figures are those of the reviews there are.
func TestFiguresUnderConcurrentWrites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, us := reviewFixture(t, s, 20)
		created := make([]store.Review, len(us))
		var wg sync.WaitGroup
		errs := make(chan error, len(us))
		for i, u := range us {
			wg.Go(func() {
				r, err := s.CreateReview(ctx, reviewOf(b, u, 1+i%5))
				created[i] = r
				if err != nil {
					errs <- fmt.Errorf("reviewer %d: %w", i, err)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if got, want := listingFigures(t, s, b.ID), recomputed(t, s, b.ID); got != want || got.Count != 20 {
			t.Fatalf("after 20 concurrent reviews: figures %+v, reviews give %+v", got, want)
		}

		// Ten at once: the first five authors change their stars, the
		// next five delete their reviews.
		errs = make(chan error, 10)
		for i := range 10 {
			r, u := created[i], us[i]
			wg.Go(func() {
				var err error
				if i < 5 {
					_, err = s.UpdateReview(ctx, r.ID, u.ID, "", store.ReviewText{Rating: 5 - i%5, Title: "Updated", Body: "Came back and it was different."})
				} else {
					err = s.DeleteReview(ctx, r.ID, u.ID)
				}
				if err != nil {
					errs <- fmt.Errorf("change %d: %w", i, err)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		got, want := listingFigures(t, s, b.ID), recomputed(t, s, b.ID)
		if got != want || got.Count != 15 {
			t.Fatalf("after 10 concurrent changes: figures %+v, reviews give %+v", got, want)
		}
	})
}

// A review can be edited for ReviewEditWindow after it was written, and
// deleted at any time.
func TestEditWindow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, us := reviewFixture(t, s, 2)
		old := reviewOf(b, us[0], 4)
		old.CreatedAt = time.Now().Add(-31 * 24 * time.Hour)
		r, err := s.CreateReview(ctx, old)
		must(t, err)
		if r.EditableAt(time.Now()) {
			t.Fatalf("a review written %s ago is editable", time.Since(r.CreatedAt))
		}
		if _, err := s.UpdateReview(ctx, r.ID, us[0].ID, "", store.ReviewText{Rating: 1, Title: "Late", Body: "Trying to change it now."}); !errors.Is(err, store.ErrEditWindowClosed) {
			t.Fatalf("editing a review of 31 days ago: %v, want ErrEditWindowClosed", err)
		}
		if got, err := s.ReviewByID(ctx, r.ID); err != nil || got.Rating != 4 || got.Title != r.Title {
			t.Fatalf("review after a refused edit = %+v, %v", got, err)
		}
		if got := listingFigures(t, s, b.ID); got != (figures{4, 1}) {
			t.Fatalf("figures after a refused edit = %+v", got)
		}

		recent := reviewOf(b, us[1], 2)
		recent.CreatedAt = time.Now().Add(-29 * 24 * time.Hour)
		r2, err := s.CreateReview(ctx, recent)
		must(t, err)
		edited, err := s.UpdateReview(ctx, r2.ID, us[1].ID, "", store.ReviewText{Rating: 3, Title: "Edited", Body: "Within the month.", VisitedOn: "2025-01-02"})
		if err != nil || edited.Rating != 3 || edited.Title != "Edited" || edited.VisitedOn != "2025-01-02" || !edited.UpdatedAt.After(edited.CreatedAt) {
			t.Fatalf("editing a review of 29 days ago = %+v, %v", edited, err)
		}

		must(t, s.DeleteReview(ctx, r.ID, us[0].ID))
		if _, err := s.ReviewByID(ctx, r.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("old review after deletion: %v", err)
		}
		if got := listingFigures(t, s, b.ID); got != (figures{3, 1}) {
			t.Fatalf("figures after deleting the old review = %+v", got)
		}
	})
}

func TestOnlyTheAuthorEditsOrDeletes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, us := reviewFixture(t, s, 2)
		r, err := s.CreateReview(ctx, reviewOf(b, us[0], 5))
		must(t, err)
		seed := reviewOf(b, us[0], 4)
		seed.UserID.Valid = false
		seeded, err := s.CreateReview(ctx, seed)
		must(t, err)
		text := store.ReviewText{Rating: 1, Title: "Not mine", Body: "Someone else's words."}
		for _, c := range []struct {
			who    string
			review int64
			user   int64
		}{
			{"another reviewer", r.ID, us[1].ID},
			{"the listing's owner", r.ID, owner.ID},
			{"anyone, of a review without an account", seeded.ID, us[1].ID},
		} {
			if _, err := s.UpdateReview(ctx, c.review, c.user, "", text); !errors.Is(err, store.ErrNotAuthor) {
				t.Errorf("%s edits: %v, want ErrNotAuthor", c.who, err)
			}
			if err := s.DeleteReview(ctx, c.review, c.user); !errors.Is(err, store.ErrNotAuthor) {
				t.Errorf("%s deletes: %v, want ErrNotAuthor", c.who, err)
			}
		}
		if got, err := s.ReviewByID(ctx, r.ID); err != nil || got.Rating != 5 {
			t.Fatalf("review after refused changes = %+v, %v", got, err)
		}
		if got := listingFigures(t, s, b.ID); got != figuresOf([]int{5, 4}) {
			t.Fatalf("figures after refused changes = %+v", got)
		}
		if _, err := s.UpdateReview(ctx, r.ID+1000, us[0].ID, "", text); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("editing a review that does not exist: %v, want ErrNotFound", err)
		}
		if err := s.DeleteReview(ctx, r.ID+1000, us[0].ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleting a review that does not exist: %v, want ErrNotFound", err)
		}
	})
}

// ListingReviews gives a listing's reviews (not another's) in each order,
// a page at a time, with their total.
func TestListingReviewsOrdersAndPages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, us := reviewFixture(t, s, 8)
		now := time.Now()
		// Reviewer i writes stars[i], days[i] days ago; helpful[i] others
		// mark it helpful.
		stars := []int{3, 5, 1, 5, 2}
		days := []int{1, 10, 5, 3, 20}
		helpful := []int{0, 2, 1, 0, 3}
		ids := make([]int64, len(stars))
		for i := range stars {
			n := reviewOf(b, us[i], stars[i])
			n.CreatedAt = now.Add(-time.Duration(days[i]) * 24 * time.Hour)
			r, err := s.CreateReview(ctx, n)
			must(t, err)
			ids[i] = r.ID
			for k := range helpful[i] {
				if _, err := s.MarkHelpful(ctx, r.ID, us[5+k].ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		other, err := s.CreateBusiness(ctx, store.Business{Name: "Other Bakery", City: "Portland", State: "OR", Published: true})
		must(t, err)
		_, err = s.CreateReview(ctx, reviewOf(other, us[0], 4))
		must(t, err)

		// By reviewer: newest is 0 (1 day), 3, 2, 1, 4 (20 days).
		cases := []struct {
			order string
			want  []int
		}{
			{store.ReviewsNewest, []int{0, 3, 2, 1, 4}},
			{store.ReviewsHighest, []int{3, 1, 0, 4, 2}}, // ties newest first
			{store.ReviewsLowest, []int{2, 4, 0, 3, 1}},
			{store.ReviewsHelpful, []int{4, 1, 2, 0, 3}},
			{"unknown", []int{0, 3, 2, 1, 4}},
		}
		byReviewer := func(want []int) []int64 {
			out := make([]int64, len(want))
			for i, k := range want {
				out[i] = ids[k]
			}
			return out
		}
		for _, c := range cases {
			rs, total, err := s.ListingReviews(ctx, b.ID, c.order, store.Page{Limit: 10})
			must(t, err)
			if got := reviewIDs(rs); total != 5 || !slices.Equal(got, byReviewer(c.want)) {
				t.Errorf("%s: %v (total %d), want %v", c.order, got, total, byReviewer(c.want))
			}
			page2, total, err := s.ListingReviews(ctx, b.ID, c.order, store.Page{Limit: 2, Offset: 2})
			must(t, err)
			if got := reviewIDs(page2); total != 5 || !slices.Equal(got, byReviewer(c.want[2:4])) {
				t.Errorf("%s, second page of 2: %v (total %d), want %v", c.order, got, total, byReviewer(c.want[2:4]))
			}
		}
		last, _, err := s.ListingReviews(ctx, b.ID, store.ReviewsNewest, store.Page{Limit: 2, Offset: 4})
		must(t, err)
		if got := reviewIDs(last); !slices.Equal(got, byReviewer([]int{4})) {
			t.Errorf("last page: %v", got)
		}
	})
}

func reviewIDs(rs []store.Review) []int64 {
	ids := make([]int64, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	return ids
}

func TestRatingSummaryOf(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, us := reviewFixture(t, s, 6)
		if sum, err := s.RatingSummaryOf(ctx, b.ID); err != nil || sum != (store.RatingSummary{}) {
			t.Fatalf("summary without reviews = %+v, %v", sum, err)
		}
		for i, n := range []int{5, 5, 4, 1, 3, 5} {
			_, err := s.CreateReview(ctx, reviewOf(b, us[i], n))
			must(t, err)
		}
		sum, err := s.RatingSummaryOf(ctx, b.ID)
		must(t, err)
		want := store.RatingSummary{Count: 6, Average: 3.83, Stars: [5]int{1, 0, 1, 1, 3}}
		if sum != want {
			t.Fatalf("summary = %+v, want %+v", sum, want)
		}
		if got := listingFigures(t, s, b.ID); got != (figures{want.Average, want.Count}) {
			t.Fatalf("listing's figures %+v disagree with the summary %+v", got, want)
		}
	})
}

// A visitor marks a review helpful once; its author cannot; marks made at
// once by many accounts are all counted.
func TestMarkHelpful(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, us := reviewFixture(t, s, 12)
		r, err := s.CreateReview(ctx, reviewOf(b, us[0], 4))
		must(t, err)
		other, err := s.CreateReview(ctx, reviewOf(b, us[1], 2))
		must(t, err)

		if added, err := s.MarkHelpful(ctx, r.ID, us[1].ID); err != nil || !added {
			t.Fatalf("first mark: %v, %v", added, err)
		}
		if added, err := s.MarkHelpful(ctx, r.ID, us[1].ID); err != nil || added {
			t.Fatalf("second mark by the same account: added %v, %v", added, err)
		}
		if _, err := s.MarkHelpful(ctx, r.ID, us[0].ID); !errors.Is(err, store.ErrOwnReview) {
			t.Fatalf("author's mark: %v, want ErrOwnReview", err)
		}
		if _, err := s.MarkHelpful(ctx, r.ID+1000, us[1].ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("mark of a review that does not exist: %v, want ErrNotFound", err)
		}
		if got, _ := s.ReviewByID(ctx, r.ID); got.HelpfulCount != 1 {
			t.Fatalf("helpful count = %d, want 1", got.HelpfulCount)
		}
		marked, err := s.HelpfulMarked(ctx, us[1].ID, []int64{r.ID, other.ID})
		must(t, err)
		if !marked[r.ID] || marked[other.ID] || len(marked) != 1 {
			t.Fatalf("HelpfulMarked = %v, want only %d", marked, r.ID)
		}
		if marked, err := s.HelpfulMarked(ctx, owner.ID, nil); err != nil || len(marked) != 0 {
			t.Fatalf("HelpfulMarked of nothing = %v, %v", marked, err)
		}

		// Ten accounts at once (the owner among them: owners may find a
		// review helpful).
		var wg sync.WaitGroup
		markers := append([]store.User{owner}, us[2:11]...)
		for _, u := range markers {
			wg.Go(func() {
				if added, err := s.MarkHelpful(ctx, other.ID, u.ID); err != nil || !added {
					t.Errorf("concurrent mark by %d: %v, %v", u.ID, added, err)
				}
			})
		}
		wg.Wait()
		if got, _ := s.ReviewByID(ctx, other.ID); got.HelpfulCount != len(markers) {
			t.Fatalf("helpful count after %d concurrent marks = %d", len(markers), got.HelpfulCount)
		}
		rs, _, err := s.ListingReviews(ctx, b.ID, store.ReviewsHelpful, store.Page{Limit: 10})
		must(t, err)
		if got := reviewIDs(rs); !slices.Equal(got, []int64{other.ID, r.ID}) {
			t.Fatalf("most helpful first: %v, want %v", got, []int64{other.ID, r.ID})
		}
	})
}

// The listing's owner replies to a review, rewrites the reply, and deletes
// it with an empty text; nobody else can.
func TestSetReply(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, us := reviewFixture(t, s, 2)
		r, err := s.CreateReview(ctx, reviewOf(b, us[0], 2))
		must(t, err)
		for _, c := range []struct {
			who  string
			user int64
		}{{"the author", us[0].ID}, {"another visitor", us[1].ID}} {
			if _, err := s.SetReply(ctx, r.ID, c.user, "Thanks!"); !errors.Is(err, store.ErrNotAuthor) {
				t.Errorf("%s replies: %v, want ErrNotAuthor", c.who, err)
			}
		}
		got, err := s.SetReply(ctx, r.ID, owner.ID, "Sorry about the wait, we have added a second register.")
		must(t, err)
		if got.Reply != "Sorry about the wait, we have added a second register." || got.ReplyBy != sqlNullInt(owner.ID) || !got.RepliedAt.Valid {
			t.Fatalf("after the reply: %+v", got)
		}
		got, err = s.SetReply(ctx, r.ID, owner.ID, "Sorry about the wait.")
		must(t, err)
		if got.Reply != "Sorry about the wait." {
			t.Fatalf("rewritten reply = %q", got.Reply)
		}
		got, err = s.SetReply(ctx, r.ID, owner.ID, "")
		must(t, err)
		if got.Reply != "" || got.ReplyBy.Valid || got.RepliedAt.Valid {
			t.Fatalf("after deleting the reply: %+v", got)
		}
		if _, err := s.SetReply(ctx, r.ID+1000, owner.ID, "Hello"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("reply to a review that does not exist: %v, want ErrNotFound", err)
		}
		if f := listingFigures(t, s, b.ID); f != (figures{2, 1}) {
			t.Errorf("replies changed the figures: %+v", f)
		}

		// A listing without an owner: nobody replies.
		ownerless, err := s.CreateBusiness(ctx, store.Business{Name: "Ownerless Cafe", City: "Portland", State: "OR", Published: true})
		must(t, err)
		r2, err := s.CreateReview(ctx, reviewOf(ownerless, us[0], 5))
		must(t, err)
		if _, err := s.SetReply(ctx, r2.ID, owner.ID, "Not my listing"); !errors.Is(err, store.ErrNotAuthor) {
			t.Errorf("reply on an ownerless listing: %v, want ErrNotAuthor", err)
		}
	})
}

// The directory's search sees a listing's new figures as soon as the
// review is stored: the rating order and the minimum-rating filter use
// them.
func TestSearchSeesNewFigures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, us := reviewFixture(t, s, 2)
		rival, err := s.CreateBusiness(ctx, store.Business{Name: "Rival Bakery", Category: "food", City: "Portland", State: "OR", Published: true})
		must(t, err)
		_, err = s.CreateReview(ctx, reviewOf(rival, us[0], 4))
		must(t, err)
		// The index is built before the review below, so the search must
		// follow the change.
		res, err := s.SearchBusinesses(ctx, store.Search{Sort: store.SortRating})
		must(t, err)
		if got := names(res.Businesses); !slices.Equal(got, []string{"Rival Bakery", "Harbor Bakery"}) {
			t.Fatalf("before the review, by rating: %v", got)
		}
		if res, _ := s.SearchBusinesses(ctx, store.Search{MinRating: 4.5}); res.Total != 0 {
			t.Fatalf("before the review, 4.5 and up: %v", names(res.Businesses))
		}

		_, err = s.CreateReview(ctx, reviewOf(b, us[1], 5))
		must(t, err)
		res, err = s.SearchBusinesses(ctx, store.Search{Sort: store.SortRating})
		must(t, err)
		if got := names(res.Businesses); !slices.Equal(got, []string{"Harbor Bakery", "Rival Bakery"}) {
			t.Fatalf("after the review, by rating: %v", got)
		}
		if first := res.Businesses[0]; first.Rating != 5 || first.ReviewCount != 1 {
			t.Fatalf("the search's figures: %v (%d reviews), want 5 (1)", first.Rating, first.ReviewCount)
		}
		res, err = s.SearchBusinesses(ctx, store.Search{MinRating: 4.5})
		must(t, err)
		if got := names(res.Businesses); !slices.Equal(got, []string{"Harbor Bakery"}) {
			t.Fatalf("after the review, 4.5 and up: %v", got)
		}
		res, err = s.SearchBusinesses(ctx, store.Search{Sort: store.SortReviews})
		must(t, err)
		if res.Total != 2 || res.Businesses[0].ReviewCount != 1 || res.Businesses[1].ReviewCount != 1 {
			t.Fatalf("by reviews: %+v", res.Businesses)
		}
	})
}

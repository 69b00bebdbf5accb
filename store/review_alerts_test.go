package store_test

import (
	"context"
	"database/sql"
	"errors"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// alertFixture is an owner with two listings and three customers.
func alertFixture(t *testing.T, s *store.Store) (owner store.User, bakery, cafe store.Business, customers []store.User) {
	t.Helper()
	ctx := context.Background()
	owner, _, err := s.CreateAccount(ctx, newAccount("owner@example.com"))
	must(t, err)
	own := sql.NullInt64{Int64: owner.ID, Valid: true}
	bakery, err = s.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", Published: true, OwnerID: own})
	must(t, err)
	cafe, err = s.CreateBusiness(ctx, store.Business{Name: "Corner Cafe", Published: true, OwnerID: own})
	must(t, err)
	for _, email := range []string{"ann@example.com", "bob@example.com", "cy@example.com"} {
		u, _, err := s.CreateAccount(ctx, newAccount(email))
		must(t, err)
		customers = append(customers, u)
	}
	return owner, bakery, cafe, customers
}

// review stores a review of b by u, rated stars, written at.
func review(t *testing.T, s *store.Store, b store.Business, u store.User, stars int, at time.Time) store.Review {
	t.Helper()
	r, err := s.CreateReview(context.Background(), store.NewReview{
		BusinessID: b.ID, UserID: sql.NullInt64{Int64: u.ID, Valid: true}, AuthorName: "Customer " + u.Email, CreatedAt: at,
		ReviewText: store.ReviewText{Rating: stars, Title: "A visit", Body: "We came for the bread and stayed for the coffee."},
	})
	must(t, err)
	return r
}

func TestReviewAlertSetting(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, _, _ := alertFixture(t, s)
		if got, err := s.ReviewAlertsOf(ctx, owner.ID); err != nil || got != store.ReviewAlertsEach {
			t.Fatalf("a new account's setting = %q, %v; want each", got, err)
		}
		if err := s.SetReviewAlerts(ctx, owner.ID, "weekly"); !errors.Is(err, store.ErrReviewAlertSetting) {
			t.Errorf("an unknown setting: %v", err)
		}
		if err := s.SetReviewAlerts(ctx, 999999, store.ReviewAlertsOff); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("no such user: %v", err)
		}
		// Choosing the digest starts it now: the digest does not repeat
		// the reviews emailed one by one before.
		now := time.Now()
		if since, err := s.ReviewDigestSince(ctx, owner.ID, now); err != nil || !since.Equal(now.UTC().Add(-24*time.Hour)) {
			t.Errorf("without a digest sent, the digest starts %v (%v), want a day ago", since, err)
		}
		must(t, s.SetReviewAlerts(ctx, owner.ID, store.ReviewAlertsDaily))
		since, err := s.ReviewDigestSince(ctx, owner.ID, now)
		must(t, err)
		if d := time.Since(since); d < 0 || d > time.Minute {
			t.Errorf("after choosing the digest it starts at %v, want now", since)
		}
		// Saving 'daily' again keeps the digest's start.
		must(t, s.SetReviewDigestAt(ctx, owner.ID, now.Add(-3*time.Hour)))
		must(t, s.SetReviewAlerts(ctx, owner.ID, store.ReviewAlertsDaily))
		if since, _ := s.ReviewDigestSince(ctx, owner.ID, now); since.Sub(now.Add(-3*time.Hour)).Abs() > time.Millisecond {
			t.Errorf("saving daily again moved the digest's start to %v", since)
		}
		must(t, s.SetReviewAlerts(ctx, owner.ID, store.ReviewAlertsOff))
		if got, _ := s.ReviewAlertsOf(ctx, owner.ID); got != store.ReviewAlertsOff {
			t.Errorf("setting = %q, want off", got)
		}
	})
}

func TestOneReviewDigestWaitsAtATime(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, _, _ := alertFixture(t, s)
		job := store.NewJob{Kind: "review_digest", Payload: []byte(`{"owner_id":1}`), RunAt: time.Now().Add(time.Hour)}
		other := store.NewJob{Kind: "review_digest", Payload: []byte(`{"owner_id":2}`), RunAt: time.Now().Add(time.Hour)}
		enqueue := func(j store.NewJob, writtenAt time.Time) store.DigestOutcome {
			t.Helper()
			var got store.DigestOutcome
			must(t, s.InTx(ctx, func(tx *store.Store) error {
				var err error
				got, err = tx.EnqueueReviewDigest(ctx, owner.ID, j, writtenAt)
				return err
			}))
			return got
		}
		for i, want := range []store.DigestOutcome{store.DigestQueued, store.DigestWaiting, store.DigestWaiting} {
			if got := enqueue(job, time.Now()); got != want {
				t.Errorf("review %d: outcome %v, want %v", i+1, got, want)
			}
		}
		if got := enqueue(other, time.Now()); got != store.DigestQueued {
			t.Errorf("another payload's digest: %v, want queued", got)
		}
		jobs, _, err := s.Jobs(ctx, store.JobQueued, store.Page{Limit: 10})
		must(t, err)
		if len(jobs) != 2 {
			t.Fatalf("%d jobs queued, want 2", len(jobs))
		}
		// Once the digest has run, the next review queues the next one...
		must(t, s.DiscardJob(ctx, jobs[1].ID))
		sent := time.Now()
		must(t, s.SetReviewDigestAt(ctx, owner.ID, sent))
		if got := enqueue(job, sent.Add(time.Millisecond)); got != store.DigestQueued {
			t.Errorf("a review after the last digest: %v, want queued", got)
		}
		// ... and a review written before that digest, which it could
		// not see (its transaction committed after), is passed on.
		if got := enqueue(job, sent.Add(-time.Millisecond)); got != store.DigestPassed {
			t.Errorf("a review the last digest missed: %v, want passed", got)
		}
	})
}

func TestOwnerReviewsSince(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, bakery, cafe, c := alertFixture(t, s)
		now := time.Now().UTC()
		review(t, s, bakery, c[0], 5, now.Add(-30*time.Hour)) // before the digest's start
		r2 := review(t, s, bakery, c[1], 4, now.Add(-2*time.Hour))
		r3 := review(t, s, cafe, c[2], 2, now.Add(-time.Hour))
		stranger, _, err := s.CreateAccount(ctx, newAccount("other-owner@example.com"))
		must(t, err)
		elsewhere, err := s.CreateBusiness(ctx, store.Business{Name: "Elsewhere", Published: true, OwnerID: sql.NullInt64{Int64: stranger.ID, Valid: true}})
		must(t, err)
		review(t, s, elsewhere, c[0], 1, now.Add(-time.Hour))

		got, total, err := s.OwnerReviewsSince(ctx, owner.ID, now.Add(-24*time.Hour), now, 10)
		must(t, err)
		if total != 2 || len(got) != 2 || got[0].ID != r2.ID || got[1].ID != r3.ID || got[1].BusinessName != "Corner Cafe" {
			t.Fatalf("reviews since a day ago: %d in all, %+v", total, got)
		}
		if got, total, _ := s.OwnerReviewsSince(ctx, owner.ID, now.Add(-24*time.Hour), now, 1); total != 2 || len(got) != 1 {
			t.Errorf("limit 1: %d of %d", len(got), total)
		}
		if _, total, _ := s.OwnerReviewsSince(ctx, owner.ID, now, now.Add(time.Minute), 10); total != 0 {
			t.Errorf("%d reviews after now", total)
		}
		newest, err := s.NewestOwnerReviews(ctx, owner.ID, 2)
		must(t, err)
		if len(newest) != 2 || newest[0].ID != r3.ID || newest[1].ID != r2.ID {
			t.Errorf("newest reviews: %+v", newest)
		}
	})
}

func TestReviewFigures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, bakery, cafe, c := alertFixture(t, s)
		empty, err := s.ReviewFiguresFor(ctx, owner.ID, time.Now())
		must(t, err)
		if empty.Count != 0 || empty.Average != 0 || len(empty.Listings) != 2 {
			t.Fatalf("figures without reviews: %+v", empty)
		}
		now := time.Now().UTC()
		month := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
		review(t, s, bakery, c[0], 5, month.Add(-time.Hour)) // last month
		answered := review(t, s, bakery, c[1], 4, month.Add(time.Hour))
		review(t, s, cafe, c[2], 1, month.Add(2*time.Hour))
		_, err = s.SetReply(ctx, answered.ID, owner.ID, "Thank you!")
		must(t, err)

		f, err := s.ReviewFiguresFor(ctx, owner.ID, now)
		must(t, err)
		if f.Count != 3 || f.Average != 3.33 || f.ThisMonth != 2 || f.Unanswered != 2 {
			t.Errorf("figures = %+v, want 3 reviews, 3.33, 2 this month, 2 unanswered", f)
		}
		// Newest listing first.
		if len(f.Listings) != 2 || f.Listings[0].Name != "Corner Cafe" || f.Listings[1].Name != "Harbor Bakery" {
			t.Fatalf("listings = %+v", f.Listings)
		}
		if b := f.Listings[1]; b.Count != 2 || b.Average != 4.5 || b.ThisMonth != 1 || b.Unanswered != 1 {
			t.Errorf("the bakery's figures = %+v", b)
		}
		if cf := f.Listings[0]; cf.Count != 1 || cf.Average != 1 || cf.Unanswered != 1 {
			t.Errorf("the cafe's figures = %+v", cf)
		}
	})
}

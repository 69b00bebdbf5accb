package store_test

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// moderationFixture is a published listing with three reviews (5, 4 and 1
// stars; the one-star one by ann, the others by bob and without an
// account), a reader (cat) and an administrator.
type moderationFixture struct {
	b                    store.Business
	ann, bob, cat        store.User
	admin                store.User
	byAnn, byBob, bySeed store.Review
}

func newModerationFixture(t *testing.T, s *store.Store) moderationFixture {
	t.Helper()
	ctx := context.Background()
	var f moderationFixture
	var err error
	f.b, err = s.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", City: "Portland", Published: true})
	must(t, err)
	users := make([]store.User, 4)
	for i, email := range []string{"ann@example.com", "bob@example.com", "cat@example.com", "admin@example.com"} {
		users[i], _, err = s.CreateAccount(ctx, newAccount(email))
		must(t, err)
	}
	f.ann, f.bob, f.cat, f.admin = users[0], users[1], users[2], users[3]
	review := func(user sql.NullInt64, name string, stars int, title string, age time.Duration) store.Review {
		r, err := s.CreateReview(ctx, store.NewReview{BusinessID: f.b.ID, UserID: user, AuthorName: name, CreatedAt: time.Now().Add(-age),
			ReviewText: store.ReviewText{Rating: stars, Title: title, Body: "Long enough to be a review of the place, honestly."}})
		must(t, err)
		return r
	}
	f.bySeed = review(sql.NullInt64{}, "Dana", 5, "Lovely croissants", 3*time.Hour)
	f.byBob = review(sqlNullInt(f.bob.ID), "Bob", 4, "Good bread", 2*time.Hour)
	f.byAnn = review(sqlNullInt(f.ann.ID), "Ann", 1, "Buy my bakery instead", time.Hour)
	return f
}

// ratingAndCount are a listing's rating and review count as the directory reads
// them.
func ratingAndCount(t *testing.T, s *store.Store, id int64) (float64, int) {
	t.Helper()
	b, err := s.BusinessByID(context.Background(), id)
	must(t, err)
	return b.Rating, b.ReviewCount
}

func TestOneReportPerAccountAndReview(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newModerationFixture(t, s)
		rep, err := s.ReportReview(ctx, f.byAnn.ID, f.cat.ID, store.ReportConflict, "She owns the shop across the street.")
		must(t, err)
		if rep.ReviewID != f.byAnn.ID || rep.Reason != store.ReportConflict || rep.ReporterEmail.String != "cat@example.com" || rep.Resolution != "" || rep.ResolvedAt.Valid {
			t.Errorf("report = %+v", rep)
		}
		if _, err := s.ReportReview(ctx, f.byAnn.ID, f.cat.ID, store.ReportSpam, ""); !errors.Is(err, store.ErrAlreadyReported) {
			t.Errorf("second report by the same account: %v, want ErrAlreadyReported", err)
		}
		if _, err := s.ReportReview(ctx, f.byAnn.ID, f.ann.ID, store.ReportSpam, ""); !errors.Is(err, store.ErrOwnReview) {
			t.Errorf("the author reports her own review: %v, want ErrOwnReview", err)
		}
		if _, err := s.ReportReview(ctx, 999999, f.cat.ID, store.ReportSpam, ""); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("report of an unknown review: %v, want ErrNotFound", err)
		}
		// Another account may report the same review.
		_, err = s.ReportReview(ctx, f.byAnn.ID, f.bob.ID, store.ReportNotReal, "")
		must(t, err)
		for _, tc := range []struct {
			review, user int64
			want         bool
		}{{f.byAnn.ID, f.cat.ID, true}, {f.byAnn.ID, f.bob.ID, true}, {f.byBob.ID, f.cat.ID, false}} {
			if got, err := s.HasReported(ctx, tc.review, tc.user); err != nil || got != tc.want {
				t.Errorf("HasReported(%d, %d) = %v, %v; want %v", tc.review, tc.user, got, err, tc.want)
			}
		}
		if n, err := s.OpenReviewReports(ctx); err != nil || n != 2 {
			t.Errorf("open reports = %d, %v; want 2", n, err)
		}
	})
}

func TestReportedReviewsMostReportedFirstThenOldestReport(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newModerationFixture(t, s)
		// Bob's review is reported first, once; then the seed review, once
		// (it is older than bob's: only the reports' dates put bob's
		// first); then ann's, twice.
		_, err := s.ReportReview(ctx, f.byBob.ID, f.cat.ID, store.ReportNotReal, "")
		must(t, err)
		_, err = s.ReportReview(ctx, f.bySeed.ID, f.cat.ID, store.ReportSpam, "")
		must(t, err)
		_, err = s.ReportReview(ctx, f.byAnn.ID, f.cat.ID, store.ReportConflict, "Competitor.")
		must(t, err)
		_, err = s.ReportReview(ctx, f.byAnn.ID, f.bob.ID, store.ReportOffensive, "")
		must(t, err)
		rs, total, err := s.ReportedReviews(ctx, store.Page{Limit: 10})
		must(t, err)
		if total != 3 || len(rs) != 3 {
			t.Fatalf("reported reviews: %d of %d, want 3 of 3", len(rs), total)
		}
		var order []string
		for _, r := range rs {
			order = append(order, r.AuthorName+":"+strconv.Itoa(r.OpenReports)+"/"+strconv.Itoa(len(r.Reports)))
		}
		if got := strings.Join(order, " "); got != "Ann:2/2 Bob:1/1 Dana:1/1" {
			t.Fatalf("order (author:open reports/reports listed) = %s; want Ann:2/2 Bob:1/1 Dana:1/1", got)
		}
		first, last := rs[0], rs[2]
		if first.BusinessName != "Harbor Bakery" || first.BusinessSlug != f.b.Slug || first.AuthorEmail.String != "ann@example.com" || first.Title != "Buy my bakery instead" {
			t.Errorf("ann's review as listed = %+v", first)
		}
		if last.AuthorEmail.Valid {
			t.Errorf("the seed review has an author address: %v", last.AuthorEmail)
		}
		if r := first.Reports; r[0].Reason != store.ReportConflict || r[0].Detail != "Competitor." || r[1].Reason != store.ReportOffensive || r[1].ReporterEmail.String != "bob@example.com" {
			t.Errorf("ann's reports, oldest first = %+v", r)
		}
		// A page holds the reviews after the first.
		rs, total, err = s.ReportedReviews(ctx, store.Page{Limit: 1, Offset: 2})
		must(t, err)
		if total != 3 || len(rs) != 1 || rs[0].ID != f.bySeed.ID {
			t.Errorf("second page = %d rows of %d", len(rs), total)
		}
	})
}

func TestHidingAReviewTakesItOutOfTheFigures(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newModerationFixture(t, s)
		if rating, count := ratingAndCount(t, s, f.b.ID); rating != 3.33 || count != 3 {
			t.Fatalf("figures before = %v, %d; want 3.33, 3", rating, count)
		}
		_, err := s.ReportReview(ctx, f.byAnn.ID, f.cat.ID, store.ReportConflict, "")
		must(t, err)
		_, err = s.ReportReview(ctx, f.byAnn.ID, f.bob.ID, store.ReportSpam, "")
		must(t, err)

		if _, err := s.ModerateReview(ctx, f.byAnn.ID, f.admin, store.ActionHideReview, "  "); !errors.Is(err, store.ErrReasonRequired) {
			t.Errorf("hiding without a reason: %v, want ErrReasonRequired", err)
		}
		m, err := s.ModerateReview(ctx, f.byAnn.ID, f.admin, store.ActionHideReview, "Written by a competitor.")
		must(t, err)
		if m.AuthorEmail != "ann@example.com" || m.BusinessName != "Harbor Bakery" || m.ReportsClosed != 2 || m.Status != store.ReviewHidden {
			t.Errorf("moderated = %+v", m)
		}
		if rating, count := ratingAndCount(t, s, f.b.ID); rating != 4.5 || count != 2 {
			t.Errorf("figures after hiding the one-star review = %v, %d; want 4.5, 2", rating, count)
		}
		sum, err := s.RatingSummaryOf(ctx, f.b.ID)
		must(t, err)
		if sum.Count != 2 || sum.Stars[0] != 0 {
			t.Errorf("summary after hiding = %+v", sum)
		}
		rs, total, err := s.ListingReviews(ctx, f.b.ID, store.ReviewsNewest, store.Page{Limit: 10})
		must(t, err)
		if total != 2 || len(rs) != 2 || rs[0].ID == f.byAnn.ID || rs[1].ID == f.byAnn.ID {
			t.Errorf("listing reviews after hiding: %d of %d, the hidden one among them", len(rs), total)
		}
		got, err := s.ReviewByID(ctx, f.byAnn.ID)
		must(t, err)
		if got.Status != store.ReviewHidden || got.HiddenReason != "Written by a competitor." {
			t.Errorf("hidden review = %s %q", got.Status, got.HiddenReason)
		}
		// Its reports are closed: the queue is empty, nobody can report it again.
		if n, _ := s.OpenReviewReports(ctx); n != 0 {
			t.Errorf("open reports after hiding = %d", n)
		}
		if rs, total, _ := s.ReportedReviews(ctx, store.Page{Limit: 10}); total != 0 || len(rs) != 0 {
			t.Errorf("reported reviews after hiding: %d", total)
		}
		if _, err := s.ReportReview(ctx, f.byAnn.ID, f.admin.ID, store.ReportSpam, ""); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("report of a hidden review: %v, want ErrNotFound", err)
		}
		if _, err := s.ModerateReview(ctx, f.byAnn.ID, f.admin, store.ActionHideReview, "Again."); !errors.Is(err, store.ErrReviewModerated) {
			t.Errorf("hiding twice: %v, want ErrReviewModerated", err)
		}
		history, err := s.ModerationHistory(ctx, f.b.ID)
		must(t, err)
		want := "Review #" + reviewNumber(f.byAnn.ID) + " “Buy my bakery instead” by Ann (ann@example.com), 1 star; 2 reports closed; reason: Written by a competitor."
		if len(history) != 1 || history[0].Action != store.ActionHideReview || history[0].AdminEmail != "admin@example.com" || history[0].Detail != want {
			t.Errorf("history = %+v\nwant detail %q", history, want)
		}
	})
}

func TestKeepingAReviewClosesItsReports(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newModerationFixture(t, s)
		_, err := s.ReportReview(ctx, f.byBob.ID, f.cat.ID, store.ReportNotReal, "")
		must(t, err)
		m, err := s.ModerateReview(ctx, f.byBob.ID, f.admin, store.ActionKeepReview, "")
		must(t, err)
		if m.ReportsClosed != 1 || m.Status != store.ReviewPublished {
			t.Errorf("kept = %+v", m)
		}
		if n, _ := s.OpenReviewReports(ctx); n != 0 {
			t.Errorf("open reports after keeping = %d", n)
		}
		if rating, count := ratingAndCount(t, s, f.b.ID); rating != 3.33 || count != 3 {
			t.Errorf("figures after keeping = %v, %d; want them unchanged", rating, count)
		}
		// The reporter cannot report it again; keeping it twice is refused.
		if _, err := s.ReportReview(ctx, f.byBob.ID, f.cat.ID, store.ReportSpam, ""); !errors.Is(err, store.ErrAlreadyReported) {
			t.Errorf("report after the review was kept: %v, want ErrAlreadyReported", err)
		}
		if _, err := s.ModerateReview(ctx, f.byBob.ID, f.admin, store.ActionKeepReview, ""); !errors.Is(err, store.ErrReviewModerated) {
			t.Errorf("keeping twice: %v, want ErrReviewModerated", err)
		}
		// A new report by someone else opens it again.
		_, err = s.ReportReview(ctx, f.byBob.ID, f.ann.ID, store.ReportSpam, "")
		must(t, err)
		if rs, total, _ := s.ReportedReviews(ctx, store.Page{Limit: 10}); total != 1 || len(rs[0].Reports) != 1 || rs[0].Reports[0].ReporterEmail.String != "ann@example.com" {
			t.Errorf("reported reviews after a new report: %d", total)
		}
		history, err := s.ModerationHistory(ctx, f.b.ID)
		must(t, err)
		if len(history) != 1 || history[0].Action != store.ActionKeepReview || !strings.Contains(history[0].Detail, "1 report closed") {
			t.Errorf("history = %+v", history)
		}
	})
}

func TestDeletingAReportedReview(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		f := newModerationFixture(t, s)
		_, err := s.ReportReview(ctx, f.bySeed.ID, f.cat.ID, store.ReportSpam, "")
		must(t, err)
		m, err := s.ModerateReview(ctx, f.bySeed.ID, f.admin, store.ActionDeleteReview, "")
		must(t, err)
		if m.AuthorEmail != "" || m.ReportsClosed != 1 || m.Title != "Lovely croissants" {
			t.Errorf("deleted = %+v", m)
		}
		if _, err := s.ReviewByID(ctx, f.bySeed.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleted review read back: %v", err)
		}
		if rating, count := ratingAndCount(t, s, f.b.ID); rating != 2.5 || count != 2 {
			t.Errorf("figures after deleting the five-star review = %v, %d; want 2.5, 2", rating, count)
		}
		if n, _ := s.OpenReviewReports(ctx); n != 0 {
			t.Errorf("open reports after deleting = %d", n)
		}
		if _, err := s.ModerateReview(ctx, f.bySeed.ID, f.admin, store.ActionDeleteReview, ""); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleting twice: %v, want ErrNotFound", err)
		}
		// Deleting with a reason records it.
		m, err = s.ModerateReview(ctx, f.byAnn.ID, f.admin, store.ActionDeleteReview, "Advertises another bakery.")
		must(t, err)
		if m.AuthorEmail != "ann@example.com" {
			t.Errorf("author of the deleted review = %q", m.AuthorEmail)
		}
		history, err := s.ModerationHistory(ctx, f.b.ID)
		must(t, err)
		if len(history) != 2 || history[0].Action != store.ActionDeleteReview || !strings.HasSuffix(history[0].Detail, "reason: Advertises another bakery.") ||
			history[1].Detail != "Review #"+reviewNumber(f.bySeed.ID)+" “Lovely croissants” by Dana, 5 stars; 1 report closed" {
			t.Errorf("history = %+v", history)
		}
		if _, err := s.ModerateReview(ctx, f.byBob.ID, f.admin, "promote_review", ""); !errors.Is(err, store.ErrUnknownAction) {
			t.Errorf("unknown action: %v", err)
		}
	})
}

func reviewNumber(n int64) string { return strconv.FormatInt(n, 10) }

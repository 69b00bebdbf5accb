package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/jmoiron/sqlx"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// requesterExec runs one statement of test data.
func requesterExec(t *testing.T, s *store.Store, query string, args ...any) {
	t.Helper()
	must(t, s.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		_, err := tx.ExecContext(context.Background(), tx.Rebind(query), args...)
		return err
	}))
}

// requesterRequest stores a quote request of userID (0: signed out) and
// returns its id.
func requesterRequest(t *testing.T, s *store.Store, token string, userID int64, category string, at time.Time) int64 {
	t.Helper()
	var user any
	if userID != 0 {
		user = userID
	}
	var id int64
	must(t, s.WithTx(context.Background(), func(tx *sqlx.Tx) error {
		return tx.QueryRowxContext(context.Background(), tx.Rebind(`
			INSERT INTO quote_requests (token, user_id, name, email, category, description, city, state, timing, created_at)
			VALUES (?, ?, 'Jane Doe', 'jane@example.com', ?, 'We need the whole ground floor repainted before we move in.', 'Portland', 'OR', 'month', ?)
			RETURNING id`), token, user, category, at.UTC()).Scan(&id)
	}))
	return id
}

// requesterLead stores a lead to b (of the request, when requestID is not
// 0) sent by userID (when not 0).
func requesterLead(t *testing.T, s *store.Store, b store.Business, requestID, userID int64, status string, at time.Time) store.Lead {
	t.Helper()
	l := store.Lead{BusinessID: b.ID, Name: "Jane Doe", Email: "jane@example.com", Message: "Could you quote for painting?", Status: status, CreatedAt: at}
	if requestID != 0 {
		l.Source = store.SourceRequest
		l.RequestID = sqlNullInt(requestID)
	}
	if userID != 0 {
		l.UserID = sqlNullInt(userID)
	}
	l, err := s.CreateLead(context.Background(), l)
	must(t, err)
	return l
}

func requesterEvent(t *testing.T, s *store.Store, leadID int64, kind, body string, at time.Time) {
	t.Helper()
	requesterExec(t, s, `INSERT INTO lead_events (lead_id, kind, body, created_at) VALUES (?, ?, ?, ?)`, leadID, kind, body, at.UTC())
}

func requesterListing(t *testing.T, s *store.Store, name string) store.Business {
	t.Helper()
	b, err := s.CreateBusiness(context.Background(), store.Business{Name: name, Category: "home-services", City: "Portland", State: "OR", Published: true})
	must(t, err)
	return b
}

func TestRequestMatchesGivesEachMatchItsStatusAndLatestReply(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
		painters := requesterListing(t, s, "Bright Painters")
		brushes := requesterListing(t, s, "Brush & Roll")
		erased := requesterListing(t, s, "Erased Co")
		hidden := requesterListing(t, s, "Quiet Walls")
		must(t, s.SetPublished(ctx, hidden.ID, false))

		first := requesterRequest(t, s, "tok-first", 0, "home-services", now.Add(-48*time.Hour))
		second := requesterRequest(t, s, "tok-second", 0, "home-services", now.Add(-24*time.Hour))
		empty := requesterRequest(t, s, "tok-empty", 0, "home-services", now)

		a := requesterLead(t, s, painters, first, 0, store.LeadContacted, now.Add(-47*time.Hour))
		b := requesterLead(t, s, brushes, first, 0, store.LeadNew, now.Add(-47*time.Hour))
		gone := requesterLead(t, s, erased, first, 0, store.LeadNew, now.Add(-47*time.Hour))
		requesterExec(t, s, `UPDATE leads SET deleted_at = ?, message = '' WHERE id = ?`, now, gone.ID)
		c := requesterLead(t, s, hidden, second, 0, store.LeadWon, now.Add(-23*time.Hour))
		requesterLead(t, s, painters, 0, 0, store.LeadNew, now) // an enquiry, not a match

		requesterEvent(t, s, a.ID, "reply", "We can come on Tuesday.", now.Add(-40*time.Hour))
		requesterEvent(t, s, a.ID, "reply", "Tuesday at 9 then, see you!", now.Add(-30*time.Hour))
		requesterEvent(t, s, a.ID, "note", "Private: big job", now.Add(-20*time.Hour))
		requesterEvent(t, s, b.ID, "note", "Private: call back", now.Add(-20*time.Hour))

		got, err := s.RequestMatches(ctx, first, second, empty, 999999)
		must(t, err)
		if len(got) != 2 {
			t.Fatalf("requests with matches = %d, want 2 (no entry for one without)", len(got))
		}
		type row struct {
			name, slug, status, reply string
			replied                   bool
			published                 bool
		}
		view := func(ms []store.RequestMatch) []row {
			var out []row
			for _, m := range ms {
				out = append(out, row{m.BusinessName, m.BusinessSlug, m.Status, m.Reply, m.RepliedAt.Valid, m.Published})
			}
			return out
		}
		wantFirst := []row{
			{"Bright Painters", painters.Slug, store.LeadContacted, "Tuesday at 9 then, see you!", true, true},
			{"Brush & Roll", brushes.Slug, store.LeadNew, "", false, true},
		}
		if g := view(got[first]); !slices.Equal(g, wantFirst) {
			t.Errorf("first request's matches = %+v, want %+v (the deleted lead left out, notes never shown)", g, wantFirst)
		}
		wantSecond := []row{{"Quiet Walls", hidden.Slug, store.LeadWon, "", false, false}}
		if g := view(got[second]); !slices.Equal(g, wantSecond) {
			t.Errorf("second request's matches = %+v, want %+v", g, wantSecond)
		}
		if m := got[first][0]; !m.RepliedAt.Time.Equal(now.Add(-30*time.Hour)) || m.LeadID != a.ID || m.RequestID != first || !m.SentAt.Equal(a.CreatedAt) {
			t.Errorf("match = %+v, want lead %d replied at %v", m, a.ID, now.Add(-30*time.Hour))
		}
		if got[second][0].LeadID != c.ID {
			t.Errorf("second match lead = %d, want %d", got[second][0].LeadID, c.ID)
		}
		none, err := s.RequestMatches(ctx)
		must(t, err)
		if len(none) != 0 {
			t.Errorf("no ids: %v, want empty", none)
		}
	})
}

func TestQuoteRequestsOfListsTheAccountsNewestFirst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
		jane, _, err := s.CreateAccount(ctx, newAccount("jane@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("other@example.com"))
		must(t, err)
		requesterRequest(t, s, "old", jane.ID, "home-services", now.Add(-48*time.Hour))
		requesterRequest(t, s, "new", jane.ID, "health", now)
		requesterRequest(t, s, "theirs", other.ID, "health", now)
		requesterRequest(t, s, "anon", 0, "health", now)
		qs, err := s.QuoteRequestsOf(ctx, jane.ID)
		must(t, err)
		var tokens []string
		for _, q := range qs {
			tokens = append(tokens, q.Token)
		}
		if !slices.Equal(tokens, []string{"new", "old"}) {
			t.Errorf("requests = %v, want [new old]", tokens)
		}
		if q := qs[0]; q.Category != "health" || q.City != "Portland" || q.State != "OR" || q.Timing != "month" || !q.CreatedAt.Equal(now) {
			t.Errorf("request = %+v", q)
		}
	})
}

func TestEnquiriesOfListsListingEnquiriesWithTheirReply(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
		jane, _, err := s.CreateAccount(ctx, newAccount("jane@example.com"))
		must(t, err)
		other, _, err := s.CreateAccount(ctx, newAccount("other@example.com"))
		must(t, err)
		painters := requesterListing(t, s, "Bright Painters")
		bakery := requesterListing(t, s, "Harbor Bakery")
		old := requesterLead(t, s, painters, 0, jane.ID, store.LeadWon, now.Add(-48*time.Hour))
		requesterEvent(t, s, old.ID, "reply", "Booked for Friday.", now.Add(-47*time.Hour))
		requesterLead(t, s, bakery, 0, jane.ID, store.LeadNew, now)
		deleted := requesterLead(t, s, bakery, 0, jane.ID, store.LeadNew, now.Add(-time.Hour))
		requesterExec(t, s, `UPDATE leads SET deleted_at = ? WHERE id = ?`, now, deleted.ID)
		req := requesterRequest(t, s, "r", jane.ID, "home-services", now)
		requesterLead(t, s, painters, req, jane.ID, store.LeadNew, now) // listed with its request
		requesterLead(t, s, painters, 0, other.ID, store.LeadNew, now)  // someone else's
		requesterLead(t, s, painters, 0, 0, store.LeadNew, now)         // signed out

		es, err := s.EnquiriesOf(ctx, jane.ID)
		must(t, err)
		type row struct{ name, status, reply string }
		var got []row
		for _, e := range es {
			got = append(got, row{e.BusinessName, e.Status, e.Reply})
		}
		want := []row{{"Harbor Bakery", store.LeadNew, ""}, {"Bright Painters", store.LeadWon, "Booked for Friday."}}
		if !slices.Equal(got, want) {
			t.Errorf("enquiries = %+v, want %+v", got, want)
		}
		if e := es[1]; e.BusinessSlug != painters.Slug || e.Message != "Could you quote for painting?" || !e.RepliedAt.Valid || !e.Published {
			t.Errorf("enquiry = %+v", e)
		}
	})
}

func TestReviewsByListsTheAuthorsReviewsWithTheirListing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
		jane, _, err := s.CreateAccount(ctx, newAccount("jane@example.com"))
		must(t, err)
		painters := requesterListing(t, s, "Bright Painters")
		bakery := requesterListing(t, s, "Harbor Bakery")
		for i, b := range []store.Business{painters, bakery} {
			_, err := s.CreateReview(ctx, store.NewReview{BusinessID: b.ID, UserID: sqlNullInt(jane.ID), AuthorName: "Jane D.", CreatedAt: now.Add(time.Duration(i) * time.Hour),
				ReviewText: store.ReviewText{Rating: 4 + i, Title: "Visit " + b.Name, Body: "Friendly people, fair prices and on time."}})
			must(t, err)
		}
		written(t, s, bakery, "someone", 2, "", now)
		rs, err := s.ReviewsBy(ctx, jane.ID)
		must(t, err)
		type row struct {
			name, slug string
			stars      int
		}
		var got []row
		for _, r := range rs {
			got = append(got, row{r.BusinessName, r.BusinessSlug, r.Rating})
		}
		want := []row{{"Harbor Bakery", bakery.Slug, 5}, {"Bright Painters", painters.Slug, 4}}
		if !slices.Equal(got, want) {
			t.Errorf("reviews = %+v, want %+v", got, want)
		}
	})
}

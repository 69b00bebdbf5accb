package store_test

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// inboxFixture is an owner with two listings, and another owner with one.
func inboxFixture(t *testing.T, s *store.Store) (owner, other store.User, bakery, cafe, rival store.Business) {
	t.Helper()
	ctx := context.Background()
	owner, _, err := s.CreateAccount(ctx, newAccount("owner@example.com"))
	must(t, err)
	other, _, err = s.CreateAccount(ctx, newAccount("other@example.com"))
	must(t, err)
	own := func(u store.User) sql.NullInt64 { return sql.NullInt64{Int64: u.ID, Valid: true} }
	bakery, err = s.CreateBusiness(ctx, store.Business{Name: "Harbor Bakery", Published: true, OwnerID: own(owner)})
	must(t, err)
	cafe, err = s.CreateBusiness(ctx, store.Business{Name: "Corner Cafe", Published: true, OwnerID: own(owner)})
	must(t, err)
	rival, err = s.CreateBusiness(ctx, store.Business{Name: "Rival Bakery", Published: true, OwnerID: own(other)})
	must(t, err)
	return owner, other, bakery, cafe, rival
}

// leadAt stores a lead to b sent at; CreateLead scores it.
func leadAt(t *testing.T, s *store.Store, b store.Business, name, email, phone, message string, at time.Time) store.Lead {
	t.Helper()
	l, err := s.CreateLead(context.Background(), store.Lead{BusinessID: b.ID, Name: name, Email: email, Phone: phone, Message: message, CreatedAt: at})
	must(t, err)
	return l
}

func leadNames(ls []store.OwnerLead) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Name)
	}
	return out
}

func TestOwnerLeadsFilters(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, bakery, cafe, rival := inboxFixture(t, s)
		day := func(d int) time.Time { return time.Date(2026, 3, d, 10, 0, 0, 0, time.UTC) }
		// Ann's enquiry, the oldest, is the most complete: the best score.
		leadAt(t, s, bakery, "Ann Archer", "ann@example.com", "(503) 555-0101",
			"Do you bake WEDDING cakes? We need a three-tier cake for 120 guests on June 14th, budget about $600, delivered to the venue in town.", day(1))
		bob := leadAt(t, s, cafe, "Bob Baker", "bob@example.com", "", "A table for ten?", day(5))
		leadAt(t, s, bakery, "Cy Cole", "cy@sample.org", "", "Gluten-free bread, 50% rye?", day(9))
		leadAt(t, s, rival, "Dee Dunn", "dee@example.com", "", "Wedding cake please", day(6))
		must(t, s.SetLeadStatus(ctx, bob.ID, owner.ID, store.LeadWon))

		for _, tc := range []struct {
			name  string
			f     store.LeadFilter
			want  []string
			total int
		}{
			{"all, newest first", store.LeadFilter{}, []string{"Cy Cole", "Bob Baker", "Ann Archer"}, 3},
			{"one listing", store.LeadFilter{BusinessID: bakery.ID}, []string{"Cy Cole", "Ann Archer"}, 2},
			{"another owner's listing", store.LeadFilter{BusinessID: rival.ID}, nil, 0},
			{"status", store.LeadFilter{Status: store.LeadWon}, []string{"Bob Baker"}, 1},
			{"from", store.LeadFilter{From: day(5)}, []string{"Cy Cole", "Bob Baker"}, 2},
			{"to includes its day", store.LeadFilter{To: day(5)}, []string{"Bob Baker", "Ann Archer"}, 2},
			{"from and to", store.LeadFilter{From: day(2), To: day(8)}, []string{"Bob Baker"}, 1},
			{"message, any case", store.LeadFilter{Query: "wedding"}, []string{"Ann Archer"}, 1},
			{"name, any case", store.LeadFilter{Query: "BAKER"}, []string{"Bob Baker"}, 1},
			{"email", store.LeadFilter{Query: "sample.org"}, []string{"Cy Cole"}, 1},
			{"a percent sign is literal", store.LeadFilter{Query: "50%"}, []string{"Cy Cole"}, 1},
			{"an underscore is literal", store.LeadFilter{Query: "a_n"}, nil, 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				ls, total, err := s.OwnerLeads(ctx, owner.ID, tc.f, store.Page{Limit: 10})
				must(t, err)
				if got := leadNames(ls); !slices.Equal(got, tc.want) || total != tc.total {
					t.Errorf("got %v (total %d), want %v (total %d)", got, total, tc.want, tc.total)
				}
			})
		}
		ls, total, err := s.OwnerLeads(ctx, owner.ID, store.LeadFilter{}, store.Page{Limit: 2, Offset: 2})
		must(t, err)
		if got := leadNames(ls); !slices.Equal(got, []string{"Ann Archer"}) || total != 3 {
			t.Errorf("second page of two: %v (total %d)", got, total)
		}
		if ls[0].BusinessName != "Harbor Bakery" || ls[0].Phone != "(503) 555-0101" || ls[0].Score == 0 || len(ls[0].Reasons) == 0 {
			t.Errorf("lead read back as %+v", ls[0])
		}
		// By score: the highest first, the newest first among equals.
		byScore, _, err := s.OwnerLeads(ctx, owner.ID, store.LeadFilter{SortByScore: true}, store.Page{Limit: 10})
		must(t, err)
		if byScore[0].Name != "Ann Archer" || !slices.IsSortedFunc(byScore, func(a, b store.OwnerLead) int {
			if a.Score != b.Score {
				return b.Score - a.Score
			}
			return b.CreatedAt.Compare(a.CreatedAt)
		}) {
			for _, l := range byScore {
				t.Logf("%s: %d", l.Name, l.Score)
			}
			t.Error("not sorted by score, then newest")
		}
	})
}

func TestLeadForOwnerIsTheOwnersOnly(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, other, bakery, _, _ := inboxFixture(t, s)
		l := leadAt(t, s, bakery, "Ann", "ann@example.com", "", "Hello", time.Now())
		got, err := s.LeadForOwner(ctx, owner.ID, l.ID)
		must(t, err)
		if got.Name != "Ann" || got.BusinessName != "Harbor Bakery" || got.Status != store.LeadNew || got.Source != store.SourceListing {
			t.Errorf("lead = %+v", got)
		}
		if _, err := s.LeadForOwner(ctx, other.ID, l.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("another owner: %v, want ErrNotFound", err)
		}
		if _, err := s.LeadForOwner(ctx, owner.ID, l.ID+1000); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("no such lead: %v, want ErrNotFound", err)
		}
	})
}

// eventLine is an event in a comparable form.
func eventLines(es []store.LeadEvent) []string {
	var out []string
	for _, e := range es {
		line := e.Kind
		switch e.Kind {
		case store.LeadEventStatus:
			line += " " + e.FromStatus + "->" + e.Status
		case store.LeadEventNote, store.LeadEventReply:
			line += " " + e.Body
		}
		out = append(out, line)
	}
	return out
}

func TestLeadStatusHistory(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, bakery, _, _ := inboxFixture(t, s)
		l := leadAt(t, s, bakery, "Ann", "ann@example.com", "", "Hello", time.Now().Add(-time.Hour))

		must(t, s.AddLeadNote(ctx, l.ID, owner.ID, "Call her on Monday"))
		got, _ := s.LeadForOwner(ctx, owner.ID, l.ID)
		if got.FirstResponseAt.Valid {
			t.Error("a private note counted as an answer")
		}
		must(t, s.SetLeadStatus(ctx, l.ID, owner.ID, store.LeadContacted))
		got, _ = s.LeadForOwner(ctx, owner.ID, l.ID)
		first := got.FirstResponseAt
		if got.Status != store.LeadContacted || !first.Valid {
			t.Errorf("after the change: status %s, first response %v", got.Status, first)
		}
		// The same status again changes nothing.
		must(t, s.SetLeadStatus(ctx, l.ID, owner.ID, store.LeadContacted))
		must(t, s.SetLeadStatus(ctx, l.ID, owner.ID, store.LeadWon))
		got, _ = s.LeadForOwner(ctx, owner.ID, l.ID)
		if !got.FirstResponseAt.Time.Equal(first.Time) {
			t.Errorf("the first answer moved from %v to %v", first.Time, got.FirstResponseAt.Time)
		}
		if err := s.SetLeadStatus(ctx, l.ID, owner.ID, "maybe"); !errors.Is(err, store.ErrInvalidStatus) {
			t.Errorf("an invalid status: %v, want ErrInvalidStatus", err)
		}
		es, err := s.LeadEvents(ctx, l.ID)
		must(t, err)
		want := []string{"note Call her on Monday", "status new->contacted", "status contacted->won"}
		if got := eventLines(es); !slices.Equal(got, want) {
			t.Errorf("history = %v, want %v", got, want)
		}
		if es[1].UserEmail != "owner@example.com" {
			t.Errorf("the change is by %q", es[1].UserEmail)
		}
	})
}

func TestLeadReplyAnswersANewLead(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, bakery, _, _ := inboxFixture(t, s)
		l := leadAt(t, s, bakery, "Ann", "ann@example.com", "", "Hello", time.Now().Add(-time.Hour))
		must(t, s.RecordLeadReply(ctx, l.ID, owner.ID, "Yes, we do."))
		got, _ := s.LeadForOwner(ctx, owner.ID, l.ID)
		if got.Status != store.LeadContacted || !got.FirstResponseAt.Valid {
			t.Errorf("after a reply: status %s, first response %v", got.Status, got.FirstResponseAt)
		}
		// A second reply leaves the status alone.
		must(t, s.SetLeadStatus(ctx, l.ID, owner.ID, store.LeadWon))
		must(t, s.RecordLeadReply(ctx, l.ID, owner.ID, "See you Saturday."))
		es, _ := s.LeadEvents(ctx, l.ID)
		want := []string{"reply Yes, we do.", "status new->contacted", "status contacted->won", "reply See you Saturday."}
		if got := eventLines(es); !slices.Equal(got, want) {
			t.Errorf("history = %v, want %v", got, want)
		}
	})
}

func TestDeletingALeadErasesItButKeepsItsPlaceInTheCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		owner, _, bakery, _, _ := inboxFixture(t, s)
		start := time.Now().UTC().Add(-time.Hour)
		if start.Month() != time.Now().UTC().Month() {
			start = time.Now().UTC() // the first hour of a month
		}
		first := leadAt(t, s, bakery, "First", "first@example.com", "", "One", start)
		leadAt(t, s, bakery, "Second", "second@example.com", "", "Two", start.Add(time.Second))
		must(t, s.AddLeadNote(ctx, first.ID, owner.ID, "A note"))

		must(t, s.DeleteLead(ctx, first.ID))
		if err := s.DeleteLead(ctx, first.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleting twice: %v, want ErrNotFound", err)
		}
		if _, err := s.LeadForOwner(ctx, owner.ID, first.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a deleted lead is still found: %v", err)
		}
		ls, total, err := s.OwnerLeads(ctx, owner.ID, store.LeadFilter{}, store.Page{Limit: 10})
		must(t, err)
		if got := leadNames(ls); !slices.Equal(got, []string{"Second"}) || total != 1 {
			t.Errorf("inbox after deleting: %v (total %d)", got, total)
		}
		recent, _ := s.RecentLeadsFor(ctx, owner.ID, 5)
		if len(recent) != 1 {
			t.Errorf("the dashboard lists %d leads, want 1", len(recent))
		}
		if es, _ := s.LeadEvents(ctx, first.ID); len(es) != 0 {
			t.Errorf("the deleted lead keeps %d events", len(es))
		}
		// With a cap of one a month, the second lead stays locked: the
		// deleted one still counts.
		must(t, s.MarkLockedLeads(ctx, owner.ID, 1, ls))
		if !ls[0].Locked {
			t.Error("deleting the month's first lead unlocked the second")
		}
		if n, err := s.LeadPlaceInMonth(ctx, owner.ID, ls[0]); err != nil || n != 2 {
			t.Errorf("the second lead's place in the month: %d, %v; want 2", n, err)
		}
		if err := s.AddLeadNote(ctx, first.ID, owner.ID, "Late note"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a note on a deleted lead: %v, want ErrNotFound", err)
		}
	})
}

func TestApprovedClaimHandsOverHeldEnquiries(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, ann, _, admin := claimFixture(t, s)
		held := leadAt(t, s, b, "Visitor", "visitor@example.com", "", "Are you open on Sundays?", time.Now().Add(-2*time.Hour))
		gone := leadAt(t, s, b, "Gone", "gone@example.com", "", "Never mind", time.Now().Add(-time.Hour))
		must(t, s.DeleteLead(ctx, gone.ID))
		if ls, _, _ := s.OwnerLeads(ctx, ann.ID, store.LeadFilter{}, store.Page{Limit: 10}); len(ls) != 0 {
			t.Fatalf("the claimant sees %d leads before approval", len(ls))
		}
		c, err := s.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: ann.ID, Role: "owner", Message: "I run it."})
		must(t, err)
		decided, _, err := s.DecideClaim(ctx, c.ID, admin, true)
		must(t, err)
		if decided.HandedOverLeads != 1 {
			t.Errorf("handed over %d leads, want 1", decided.HandedOverLeads)
		}
		ls, total, err := s.OwnerLeads(ctx, ann.ID, store.LeadFilter{}, store.Page{Limit: 10})
		must(t, err)
		if total != 1 || ls[0].ID != held.ID || ls[0].Message != "Are you open on Sundays?" {
			t.Fatalf("the new owner's inbox: %+v", ls)
		}
		es, err := s.LeadEvents(ctx, held.ID)
		must(t, err)
		if got := eventLines(es); !slices.Equal(got, []string{"handed_over"}) || es[0].UserID.Valid {
			t.Errorf("history = %v, want the hand-over by the app", got)
		}

		// A rejected claim hands nothing over.
		b2, err := s.CreateBusiness(ctx, store.Business{Name: "Dock Diner", Published: true})
		must(t, err)
		leadAt(t, s, b2, "Visitor", "visitor@example.com", "", "Table for two?", time.Now())
		c2, err := s.CreateClaim(ctx, store.Claim{BusinessID: b2.ID, UserID: ann.ID, Role: "owner", Message: "Mine too."})
		must(t, err)
		rejected, _, err := s.DecideClaim(ctx, c2.ID, admin, false)
		must(t, err)
		if rejected.HandedOverLeads != 0 {
			t.Errorf("a rejection handed over %d leads", rejected.HandedOverLeads)
		}
	})
}

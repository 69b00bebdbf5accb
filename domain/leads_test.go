package domain

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// testDomain is the rules on a fresh database of engine.
func testDomain(t *testing.T, st *store.Store) *Domain {
	t.Helper()
	return New(Deps{Store: st, Site: bizmail.Site{Name: "BizProfile", BaseURL: "http://bizprofile.test", SupportEmail: "support@bizprofile.test"}})
}

// ownedListing is a verified owner on the free plan with one listing.
func ownedListing(t *testing.T, st *store.Store, email string) (store.User, store.Business) {
	t.Helper()
	ctx := context.Background()
	u, b, err := st.CreateAccount(ctx, store.NewAccount{Email: email, PasswordHash: "x", Kind: store.KindBusiness,
		Business: &store.Business{Name: "Harbor Street Bakery", Category: "food", City: "Portland", State: "OR", BusinessType: store.TypeStorefront}})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.MarkEmailVerified(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	// A sign-up's listing is a draft until its owner's address is verified.
	if err := testDomain(t, st).Listings.Release(ctx, u.ID); err != nil {
		t.Fatal(err)
	}
	listed, err := st.BusinessesOwnedBy(ctx, u.ID)
	if err != nil || len(listed) != 1 || listed[0].Name != b.Name {
		t.Fatalf("the released listing: %v, %v", listed, err)
	}
	return u, listed[0]
}

// emailsTo are the subjects of the queued emails to addr.
func emailsTo(t *testing.T, st *store.Store, addr string) []string {
	t.Helper()
	js, _, err := st.Jobs(context.Background(), "", store.Page{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, j := range js {
		var m bizmail.Message
		if j.Kind == jobs.KindEmail && json.Unmarshal([]byte(j.Payload), &m) == nil && m.To == addr {
			out = append(out, m.Subject)
		}
	}
	return out
}

// Receiving a lead stores it, scores it and tells the owner in the same
// transaction; past the free plan's monthly cap the owner is told a lead
// waits, not what it says, and the inbox shows it locked. Bad input stores
// nothing.
func TestReceiveLeadsPastTheCap(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		d := testDomain(t, st)
		owner, b := ownedListing(t, st, "owner@example.com")
		if _, err := d.Leads.Receive(ctx, b, LeadInput{Name: "Ana", Email: "not an address", Message: "Hi"}, 0); !errors.As(err, new(Invalid)) {
			t.Fatalf("bad input: %v, want Invalid", err)
		}
		limit := plans.Free().LeadsPerMonth
		for i := range limit + 2 {
			in := LeadInput{Name: "Sender", Email: fmt.Sprintf("s%d@example.com", i), Message: "Two loaves on Friday, please."}
			l, err := d.Leads.Receive(ctx, b, in, 0)
			if err != nil {
				t.Fatalf("lead %d: %v", i+1, err)
			}
			if l.ID == 0 || l.Score < 0 || l.Score > 100 {
				t.Fatalf("lead %d stored as %+v", i+1, l)
			}
		}
		subjects := emailsTo(t, st, owner.Email)
		lockedSubject := bizmail.NewLockedLead(d.Site(), owner.Email, b.Name, "").Subject
		locked := 0
		for _, s := range subjects {
			if s == lockedSubject {
				locked++
			} else if !strings.Contains(s, "from Sender") {
				t.Errorf("an open lead's email does not name its sender: %q", s)
			}
		}
		if len(subjects) != limit+2 || locked != 2 {
			t.Errorf("owner emailed %d times, %d of them about a locked lead; want %d and 2: %q", len(subjects), locked, limit+2, subjects)
		}
		bill, err := d.Plans.Of(ctx, owner.ID)
		if err != nil {
			t.Fatal(err)
		}
		ls, total, err := d.Leads.Inbox(ctx, owner.ID, bill, store.LeadFilter{}, store.Page{Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, l := range ls {
			if l.Locked {
				n++
			}
		}
		if total != limit+2 || n != 2 {
			t.Errorf("inbox: %d leads, %d locked; want %d and 2", total, n, limit+2)
		}
	})
}

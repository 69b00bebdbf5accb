package domain_test

import (
	"context"
	"encoding/json"
	"errors"
	"regexp"
	"testing"

	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// clientInput is a valid client listing in Austin, TX.
func clientInput(name, email string) domain.ListingInput {
	in := domain.NewListingInput(email)
	in.Name, in.Category, in.Description = name, "construction", "Plumbing repairs and installs across town, same-day."
	in.City, in.State, in.ZipCode, in.Phone = "Austin", "TX", "78701", "512-555-0100"
	return in
}

func TestAnAgencysClientListingIsHandedOverAndItsRightsEndWhenRemoved(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		w := newPartnerWorld(t, s)
		agency := w.partner(t, "pia@agency.example")
		other := w.partner(t, "oz@other-agency.example")

		// The wizard's rules hold for a client listing.
		bad := clientInput("", "owner@plumbing.example")
		var inv domain.Invalid
		if _, err := w.d.Agencies.CreateClient(ctx, s, agency, bad); !errors.As(err, &inv) || inv["name"] == "" {
			t.Fatalf("a client listing without a name: %v, want a field error on name", err)
		}
		b, err := w.d.Agencies.CreateClient(ctx, s, agency, clientInput("Lone Star Plumbing", "owner@plumbing.example"))
		if err != nil {
			t.Fatal(err)
		}
		if b.OwnerID.Valid || b.Published {
			t.Fatalf("a new client listing is owned by %v and published %v: want nobody's, hidden until its client accepts", b.OwnerID, b.Published)
		}
		if _, err := w.d.Agencies.Client(ctx, other.UserID, b.ID); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another agency reads the client listing: %v", err)
		}

		// The agency invites the client; the link is for that address alone.
		c, err := w.d.Agencies.Client(ctx, agency.UserID, b.ID)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.d.Agencies.InviteClient(ctx, agency, c, domain.ClientInvite{Email: "not an address"}); !errors.As(err, &inv) || inv["email"] == "" {
			t.Fatalf("an invitation to a bad address: %v", err)
		}
		if err := w.d.Agencies.InviteClient(ctx, agency, c, domain.ClientInvite{Email: "Owner@Plumbing.example"}); err != nil {
			t.Fatal(err)
		}
		secret := lastInviteSecret(t, s, "owner@plumbing.example")
		stranger := w.user(t, "stranger@example.com", store.KindBusiness)
		client := w.user(t, "owner@plumbing.example", store.KindIndividual)
		for _, tc := range []struct {
			who  *store.User
			want domain.InviteState
		}{{nil, domain.InviteSignIn}, {&stranger, domain.InviteOtherEmail}, {&client, domain.InviteOpen}} {
			o, err := w.d.Agencies.ClientOffer(ctx, secret, tc.who)
			if err != nil || o.State != tc.want || o.Listing.ID != b.ID || o.Agency != "Pat Co" {
				t.Errorf("the offer to %v: %+v, %v; want state %v", tc.who, o, err, tc.want)
			}
		}
		if _, err := w.d.Agencies.AcceptClient(ctx, stranger, secret, "198.51.100.7"); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("another address accepts: %v", err)
		}

		// The client accepts: the listing is theirs and public, their
		// account a business one, and the agency still manages it.
		acc, err := w.d.Agencies.AcceptClient(ctx, client, secret, "198.51.100.7")
		if err != nil {
			t.Fatal(err)
		}
		if !acc.Listing.OwnedBy(client.ID) || !acc.Listing.Published || !acc.Listing.Claimed || !acc.Listing.EmailConfirmed {
			t.Fatalf("the accepted listing: owner %v published %v claimed %v email proved %v", acc.Listing.OwnerID, acc.Listing.Published, acc.Listing.Claimed, acc.Listing.EmailConfirmed)
		}
		if u, _ := s.UserByID(ctx, client.ID); u.Kind != store.KindBusiness {
			t.Errorf("the client's account is %q after accepting, want a business account", u.Kind)
		}
		if got := w.referrer(t, client); got != agency.UserID {
			t.Errorf("the client's account is the referral of %d, want the agency's (%d)", got, agency.UserID)
		}
		if o, _ := w.d.Agencies.ClientOffer(ctx, secret, &client); o.State != domain.InviteUnknown {
			t.Errorf("the used link still offers the listing: %+v", o)
		}
		if _, err := w.d.Agencies.AcceptClient(ctx, client, secret, "198.51.100.7"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the link works twice: %v", err)
		}
		c, err = w.d.Agencies.Client(ctx, agency.UserID, b.ID)
		if err != nil || !c.Accepted() {
			t.Fatalf("the agency's client listing after acceptance: %+v, %v", c, err)
		}
		if err := w.d.Agencies.InviteClient(ctx, agency, c, domain.ClientInvite{Email: "x@example.com"}); !errors.Is(err, domain.ErrClientAccepted) {
			t.Errorf("inviting again after acceptance: %v", err)
		}
		in := domain.ListingInputOf(c.Business)
		in.Tagline = "Fast, fair plumbing"
		if up, err := w.d.Agencies.UpdateClient(ctx, c, in); err != nil || up.Listing.Tagline != in.Tagline {
			t.Fatalf("the agency's edit: %+v, %v", up.Listing.Tagline, err)
		}

		// Only the owner's account removes the agency; then its rights end.
		if err := w.d.Agencies.RemoveAgency(ctx, stranger, acc.Listing); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a stranger removes the agency: %v", err)
		}
		if err := w.d.Agencies.RemoveAgency(ctx, client, acc.Listing); err != nil {
			t.Fatal(err)
		}
		if _, err := w.d.Agencies.Client(ctx, agency.UserID, b.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the removed agency still reaches the listing: %v", err)
		}
		if _, ok, err := w.d.Agencies.ManagedBy(ctx, b.ID); ok || err != nil {
			t.Errorf("the listing is still managed: %v, %v", ok, err)
		}
		if rows, err := w.d.Agencies.ClientRows(ctx, agency.UserID); err != nil || len(rows) != 0 {
			t.Errorf("the agency's list after removal: %d rows, %v", len(rows), err)
		}
	})
}

// lastInviteSecret is the secret of the client invitation link emailed
// to addr, read from the queued email.
func lastInviteSecret(t *testing.T, s *store.Store, addr string) string {
	t.Helper()
	js, _, err := s.Jobs(context.Background(), "", store.Page{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`/clients/invite\?token=([A-Za-z0-9_-]+)`)
	for _, j := range js {
		var m bizmail.Message
		if j.Kind == jobs.KindEmail && json.Unmarshal([]byte(j.Payload), &m) == nil && m.To == addr {
			if found := re.FindStringSubmatch(m.Text); found != nil {
				return found[1]
			}
		}
	}
	t.Fatalf("no client invitation was sent to %s", addr)
	return ""
}

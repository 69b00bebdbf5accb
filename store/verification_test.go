package store_test

import (
	"context"
	"errors"
	"testing"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestCheckDomain(t *testing.T) {
	for _, tc := range []struct {
		name     string
		email    string
		verified bool
		website  string
		want     store.DomainCheck
	}{
		{"same domain", "ann@acme.com", true, "https://acme.com", store.DomainMatches},
		{"subdomains on both sides", "ann@mail.acme.com", true, "https://www.acme.com/about", store.DomainMatches},
		{"a shop subdomain", "ann@acme.com", true, "https://shop.acme.com", store.DomainMatches},
		{"any case, trailing dot", "Ann@ACME.com.", true, "https://WWW.Acme.COM./", store.DomainMatches},
		{"a two-label suffix", "ann@acme.co.uk", true, "https://shop.acme.co.uk", store.DomainMatches},
		{"a website without a scheme", "ann@acme.com", true, "acme.com", store.DomainMatches},
		{"an IDN website and its punycode address", "ann@xn--caf-dma.fr", true, "https://www.café.fr", store.DomainMatches},
		{"different domains", "ann@acme.com", true, "https://acme-bakery.com", store.DomainDifferent},
		{"same name, other suffix", "ann@acme.co.uk", true, "https://acme.com", store.DomainDifferent},
		{"a suffix shared by two", "ann@other.co.uk", true, "https://acme.co.uk", store.DomainDifferent},
		{"address not verified", "ann@acme.com", false, "https://acme.com", store.DomainEmailUnverified},
		{"gmail", "acme.bakery@gmail.com", true, "https://acme.com", store.DomainFreeMail},
		{"gmail as the website too", "acme@gmail.com", true, "https://gmail.com", store.DomainFreeMail},
		{"yahoo in another country", "ann@yahoo.co.uk", true, "https://yahoo.co.uk", store.DomainFreeMail},
		{"hotmail anywhere", "ann@hotmail.fr", true, "https://hotmail.fr", store.DomainFreeMail},
		{"a free-mail subdomain", "ann@ymail.com", true, "https://ymail.com", store.DomainFreeMail},
		{"proton", "ann@proton.me", true, "https://proton.me", store.DomainFreeMail},
		{"gmx", "ann@gmx.de", true, "https://gmx.de", store.DomainFreeMail},
		{"no website", "ann@acme.com", true, "", store.DomainNoWebsite},
		{"an IP address", "ann@acme.com", true, "http://192.0.2.10/", store.DomainNoWebsite},
		{"an IPv6 address", "ann@acme.com", true, "http://[2001:db8::1]/", store.DomainNoWebsite},
		{"a shared host's own page", "ann@github.io", true, "https://github.io", store.DomainNoWebsite},
		{"a page on a shared host", "ann@github.com", true, "https://acme.github.io", store.DomainDifferent},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := store.CheckDomain(tc.email, tc.verified, tc.website); got != tc.want {
				t.Errorf("CheckDomain(%q, %v, %q) = %s, want %s", tc.email, tc.verified, tc.website, got, tc.want)
			}
		})
	}
}

func TestKeepsDomainVerification(t *testing.T) {
	for _, tc := range []struct {
		before, after string
		want          bool
	}{
		{"https://acme.com", "https://www.acme.com/new", true},
		{"https://acme.com", "https://acme-bakery.com", false},
		{"https://acme.com", "", false},
		{"", "", false},
	} {
		if got := store.KeepsDomainVerification(tc.before, tc.after); got != tc.want {
			t.Errorf("KeepsDomainVerification(%q, %q) = %v, want %v", tc.before, tc.after, got, tc.want)
		}
	}
}

// verificationFixture is a published listing at acme.com, its owner and
// an administrator.
func verificationFixture(t *testing.T, s *store.Store) (b store.Business, owner, admin store.User) {
	t.Helper()
	ctx := context.Background()
	owner, _, err := s.CreateAccount(ctx, newAccount("ann@acme.com"))
	must(t, err)
	admin, _, err = s.CreateAccount(ctx, newAccount("admin@example.com"))
	must(t, err)
	must(t, s.SetAdmin(ctx, admin.Email, true))
	b, err = s.CreateBusiness(ctx, store.Business{Name: "Acme Bakery", City: "Portland", State: "OR", Website: "https://acme.com", Published: true, OwnerID: sqlNullInt(owner.ID)})
	must(t, err)
	return b, owner, admin
}

// verifiedOnly lists the names the directory finds among verified listings.
func verifiedOnly(t *testing.T, s *store.Store) []string {
	t.Helper()
	res, err := s.SearchBusinesses(context.Background(), store.Search{VerifiedOnly: true})
	must(t, err)
	var names []string
	for _, b := range res.Businesses {
		names = append(names, b.Name)
	}
	return names
}

func TestVerificationRequestApprovedAndRejected(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, admin := verificationFixture(t, s)
		if names := verifiedOnly(t, s); len(names) != 0 {
			t.Fatalf("verified listings before any request: %v", names)
		}
		r, err := s.RequestVerification(ctx, store.VerificationRequest{BusinessID: b.ID, UserID: sqlNullInt(owner.ID),
			Statement: "I run it; call the shop.", CallbackPhone: "(503) 555-0100", EvidenceURL: "https://acme.com/about"})
		must(t, err)
		if r.Status != store.VerificationPending || r.Method != store.VerifiedByTeam || r.UserEmail != "ann@acme.com" || r.BusinessName != "Acme Bakery" {
			t.Fatalf("request = %+v", r)
		}
		// One request waits at a time, and the transaction it fails in
		// stays usable.
		err = s.InTx(ctx, func(tx *store.Store) error {
			if _, err := tx.RequestVerification(ctx, store.VerificationRequest{BusinessID: b.ID, UserID: sqlNullInt(owner.ID), Statement: "Again"}); !errors.Is(err, store.ErrVerificationPending) {
				t.Errorf("a second waiting request: %v, want ErrVerificationPending", err)
			}
			_, err := tx.LatestVerificationRequest(ctx, b.ID)
			return err
		})
		must(t, err)

		if _, err := s.DecideVerification(ctx, r.ID, admin, false, "  "); !errors.Is(err, store.ErrReasonRequired) {
			t.Errorf("a rejection without a reason: %v, want ErrReasonRequired", err)
		}
		rejected, err := s.DecideVerification(ctx, r.ID, admin, false, "The phone number did not answer.")
		must(t, err)
		if rejected.Status != store.VerificationRejected || rejected.Reason != "The phone number did not answer." || rejected.DeciderEmail != "admin@example.com" || !rejected.DecidedAt.Valid {
			t.Errorf("rejected = %+v", rejected)
		}
		if got, _ := s.BusinessByID(ctx, b.ID); got.Verified || got.VerifiedMethod != "" {
			t.Errorf("a rejected listing is verified: %+v", got)
		}
		if _, err := s.DecideVerification(ctx, r.ID, admin, true, ""); !errors.Is(err, store.ErrVerificationDecided) {
			t.Errorf("deciding twice: %v, want ErrVerificationDecided", err)
		}

		// After a rejection the owner may ask again; approval verifies.
		again, err := s.RequestVerification(ctx, store.VerificationRequest{BusinessID: b.ID, UserID: sqlNullInt(owner.ID), Statement: "Call the other number."})
		must(t, err)
		if latest, _ := s.LatestVerificationRequest(ctx, b.ID); latest.ID != again.ID {
			t.Errorf("latest request = %d, want %d", latest.ID, again.ID)
		}
		if waiting, _ := s.WaitingVerifications(ctx, 10); len(waiting) != 1 || waiting[0].ID != again.ID {
			t.Errorf("waiting = %+v", waiting)
		}
		if c, _ := s.CountForAdmin(ctx); c.PendingVerifications != 1 {
			t.Errorf("pending verifications counted %d, want 1", c.PendingVerifications)
		}
		approved, err := s.DecideVerification(ctx, again.ID, admin, true, "")
		must(t, err)
		got, err := s.BusinessByID(ctx, b.ID)
		must(t, err)
		if !got.Verified || got.VerifiedMethod != store.VerifiedByTeam || !got.VerifiedAt.Valid || !got.VerifiedAt.Time.Equal(approved.DecidedAt.Time) {
			t.Errorf("approved listing: verified %v by %q at %v (decided %v)", got.Verified, got.VerifiedMethod, got.VerifiedAt, approved.DecidedAt)
		}
		if names := verifiedOnly(t, s); len(names) != 1 || names[0] != "Acme Bakery" {
			t.Errorf("the directory's verified listings = %v, want the approved one", names)
		}
		if _, err := s.RequestVerification(ctx, store.VerificationRequest{BusinessID: b.ID, UserID: sqlNullInt(owner.ID), Statement: "More"}); !errors.Is(err, store.ErrAlreadyVerified) {
			t.Errorf("a request on a verified listing: %v, want ErrAlreadyVerified", err)
		}
		decisions, total, err := s.VerificationDecisions(ctx, store.Page{Limit: 10})
		must(t, err)
		if total != 2 || len(decisions) != 2 || decisions[0].ID != again.ID || decisions[1].Reason != "The phone number did not answer." {
			t.Errorf("decisions = %d %+v", total, decisions)
		}
		history, err := s.ModerationHistory(ctx, b.ID)
		must(t, err)
		if len(history) != 1 || history[0].Action != store.ActionVerify || history[0].AdminEmail != "admin@example.com" {
			t.Errorf("moderation history = %+v", history)
		}
	})
}

func TestDomainVerificationAndTheWebsiteItRestsOn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, owner, _ := verificationFixture(t, s)
		waiting, err := s.RequestVerification(ctx, store.VerificationRequest{BusinessID: b.ID, UserID: sqlNullInt(owner.ID), Statement: "Please check."})
		must(t, err)
		r, err := s.VerifyByDomain(ctx, b.ID, owner.ID)
		must(t, err)
		if r.Method != store.VerifiedByDomain || r.Status != store.VerificationApproved || r.DecidedBy.Valid || !r.DecidedAt.Valid {
			t.Errorf("domain request = %+v", r)
		}
		if w, _ := s.VerificationRequestByID(ctx, waiting.ID); w.Status != store.VerificationRejected || w.Reason == "" {
			t.Errorf("the request that waited = %+v, want closed with a reason", w)
		}
		got, err := s.BusinessByID(ctx, b.ID)
		must(t, err)
		if !got.Verified || got.VerifiedMethod != store.VerifiedByDomain || !got.VerifiedAt.Valid {
			t.Fatalf("listing = verified %v by %q", got.Verified, got.VerifiedMethod)
		}
		if _, err := s.VerifyByDomain(ctx, b.ID, owner.ID); !errors.Is(err, store.ErrAlreadyVerified) {
			t.Errorf("verifying twice: %v, want ErrAlreadyVerified", err)
		}

		// A new page on the same domain keeps the badge; another domain
		// takes it away, and from the directory.
		got.Website = "https://www.acme.com/shop"
		must(t, s.UpdateBusiness(ctx, got))
		if got, _ = s.BusinessByID(ctx, b.ID); !got.Verified {
			t.Error("a website on the same domain lost the badge")
		}
		got.Website = "https://acme-bakery.net"
		must(t, s.UpdateBusiness(ctx, got))
		if got, _ = s.BusinessByID(ctx, b.ID); got.Verified || got.VerifiedMethod != "" || got.VerifiedAt.Valid {
			t.Errorf("a website at another domain kept the badge: %v %q %v", got.Verified, got.VerifiedMethod, got.VerifiedAt)
		}
		if names := verifiedOnly(t, s); len(names) != 0 {
			t.Errorf("the directory still finds %v verified", names)
		}
	})
}

func TestModerationVerifyRecordsOurTeam(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		b, _, admin := verificationFixture(t, s)
		_, err := s.Moderate(ctx, b.ID, admin, store.ActionVerify)
		must(t, err)
		got, err := s.BusinessByID(ctx, b.ID)
		must(t, err)
		if !got.Verified || got.VerifiedMethod != store.VerifiedByTeam || !got.VerifiedAt.Valid {
			t.Errorf("verified by an administrator: %v %q %v", got.Verified, got.VerifiedMethod, got.VerifiedAt)
		}
		// A team verification is kept whatever the website becomes.
		got.Website = "https://elsewhere.example"
		must(t, s.UpdateBusiness(ctx, got))
		if got, _ = s.BusinessByID(ctx, b.ID); !got.Verified {
			t.Error("a new website took away a team verification")
		}
		_, err = s.Moderate(ctx, b.ID, admin, store.ActionUnverify)
		must(t, err)
		if got, _ = s.BusinessByID(ctx, b.ID); got.Verified || got.VerifiedMethod != "" || got.VerifiedAt.Valid {
			t.Errorf("unverified: %v %q %v", got.Verified, got.VerifiedMethod, got.VerifiedAt)
		}
	})
}

func TestAdministratorsExist(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, _, err := s.CreateAccount(ctx, newAccount("ann@example.com"))
		must(t, err)
		if ok, err := s.AdministratorsExist(ctx); err != nil || ok {
			t.Fatalf("AdministratorsExist = %v, %v before any grant", ok, err)
		}
		must(t, s.SetAdmin(ctx, u.Email, true))
		if ok, err := s.AdministratorsExist(ctx); err != nil || !ok {
			t.Errorf("AdministratorsExist = %v, %v after a grant", ok, err)
		}
	})
}

func TestEmailChangeTakesAwayTheDomainBadgeItRestedOn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		old, owner, admin := verificationFixture(t, s)
		listing := func(name, website string) store.Business {
			b, err := s.CreateBusiness(ctx, store.Business{Name: name, City: "Portland", State: "OR", Website: website, Published: true, OwnerID: sqlNullInt(owner.ID)})
			must(t, err)
			return b
		}
		moved := listing("Newco Bakery", "https://shop.newco.com")
		team := listing("Acme Cafe", "https://acme-cafe.com")
		for _, b := range []store.Business{old, moved} {
			_, err := s.VerifyByDomain(ctx, b.ID, owner.ID)
			must(t, err)
		}
		_, err := s.Moderate(ctx, team.ID, admin, store.ActionVerify)
		must(t, err)
		requests := len(history(t, s, old.ID))

		lost, err := s.SetEmail(ctx, owner.ID, "Ann@Mail.Newco.com")
		must(t, err)
		if len(lost) != 1 || lost[0].ID != old.ID || lost[0].Name != "Acme Bakery" {
			t.Fatalf("listings that lost the badge = %+v, want Acme Bakery only", lost)
		}
		if got, _ := s.BusinessByID(ctx, old.ID); got.Verified || got.VerifiedMethod != "" || got.VerifiedAt.Valid {
			t.Errorf("a listing at the old address's domain kept the badge: %v %q %v", got.Verified, got.VerifiedMethod, got.VerifiedAt)
		}
		if got, _ := s.BusinessByID(ctx, moved.ID); !got.Verified || got.VerifiedMethod != store.VerifiedByDomain {
			t.Errorf("a listing at the new address's domain lost the badge: %v %q", got.Verified, got.VerifiedMethod)
		}
		if got, _ := s.BusinessByID(ctx, team.ID); !got.Verified || got.VerifiedMethod != store.VerifiedByTeam {
			t.Errorf("a team verification was taken away: %v %q", got.Verified, got.VerifiedMethod)
		}
		if names := verifiedOnly(t, s); len(names) != 2 {
			t.Errorf("the directory finds %v verified, want Newco Bakery and Acme Cafe", names)
		}
		// As when the website moves, the history keeps the request that
		// verified it; the listing can be verified again.
		if n := len(history(t, s, old.ID)); n != requests {
			t.Errorf("history has %d requests, want %d", n, requests)
		}
		if _, err := s.RequestVerification(ctx, store.VerificationRequest{BusinessID: old.ID, UserID: sqlNullInt(owner.ID), Statement: "New address."}); err != nil {
			t.Errorf("asking again: %v", err)
		}

		// A taken address changes nothing.
		_, _, err = s.CreateAccount(ctx, newAccount("bo@elsewhere.com"))
		must(t, err)
		if _, err := s.SetEmail(ctx, owner.ID, "bo@elsewhere.com"); !errors.Is(err, store.ErrEmailTaken) {
			t.Fatalf("a taken address: %v", err)
		}
		if got, _ := s.BusinessByID(ctx, moved.ID); !got.Verified {
			t.Error("a refused email change took a badge away")
		}
	})
}

// A listing verified by domain rests on the address of whoever verified
// it: a member's change of address takes the badge from the listings they
// verified, not from the owner's; the owner's leaves the member's alone.
func TestEmailChangeOfAMemberTakesAwayTheBadgesTheyVerified(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		byOwner, owner, _ := verificationFixture(t, s)
		member, _, err := s.CreateAccount(ctx, newAccount("max@acme-cafe.com"))
		must(t, err)
		must(t, s.AddTeamMember(ctx, owner.ID, member.ID, owner.ID))
		byMember, err := s.CreateBusiness(ctx, store.Business{Name: "Acme Cafe", City: "Portland", State: "OR", Website: "https://acme-cafe.com", Published: true, OwnerID: sqlNullInt(owner.ID)})
		must(t, err)
		_, err = s.VerifyByDomain(ctx, byOwner.ID, owner.ID)
		must(t, err)
		_, err = s.VerifyByDomain(ctx, byMember.ID, member.ID)
		must(t, err)

		lost, err := s.SetEmail(ctx, owner.ID, "ann@elsewhere.com")
		must(t, err)
		if len(lost) != 1 || lost[0].ID != byOwner.ID {
			t.Fatalf("the owner's change took the badge of %+v, want Acme Bakery only", lost)
		}
		if got, _ := s.BusinessByID(ctx, byMember.ID); !got.Verified {
			t.Fatal("the owner's change took the badge the member's address earned")
		}
		lost, err = s.SetEmail(ctx, member.ID, "max@elsewhere.com")
		must(t, err)
		if len(lost) != 1 || lost[0].ID != byMember.ID {
			t.Fatalf("the member's change took the badge of %+v, want Acme Cafe", lost)
		}
		if got, _ := s.BusinessByID(ctx, byMember.ID); got.Verified || got.VerifiedMethod != "" {
			t.Errorf("Acme Cafe kept the badge: %v %q", got.Verified, got.VerifiedMethod)
		}
	})
}

func history(t *testing.T, s *store.Store, businessID int64) []store.VerificationRequest {
	t.Helper()
	vs, err := s.VerificationHistory(context.Background(), businessID)
	must(t, err)
	return vs
}

package domain

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/ratelimit"
	"bizprofile/store"
	"bizprofile/store/storetest"
)

// linkToken is the token of the last queued email to addr whose link goes
// to path.
func linkToken(t *testing.T, st *store.Store, addr, path string) string {
	t.Helper()
	js, _, err := st.Jobs(context.Background(), "", store.Page{Limit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(regexp.QuoteMeta(path) + `\?token=([^\s"<&]+)`)
	token := ""
	for _, j := range js {
		var m bizmail.Message
		if j.Kind == jobs.KindEmail && json.Unmarshal([]byte(j.Payload), &m) == nil && m.To == addr {
			if found := re.FindStringSubmatch(m.Text); found != nil && token == "" {
				token, _ = url.QueryUnescape(found[1])
			}
		}
	}
	if token == "" {
		t.Fatalf("no link to %s was sent to %s", path, addr)
	}
	return token
}

// testLimits hold an address back after 3 failures for an email.
func testLimits() SignInLimits {
	return SignInLimits{PerIP: ratelimit.New("ip", 100, time.Hour, nil, nil), PerEmailAndIP: ratelimit.New("pair", 3, time.Hour, nil, nil), PerEmail: ratelimit.New("email", 100, time.Hour, nil, nil)}
}

// A sign-up makes an unverified account and sends its link; a second
// sign-up of the address makes nothing and says so to the address only.
// The right password of an unverified account does not sign in; once the
// link is followed it does, and the business sign-up's listing is live.
func TestSignUpVerifyAndSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		d := testDomain(t, st)
		const pw = "bold-lime-71"
		in := BusinessSignupInput{BusinessName: "Harbor Bakery", OwnerName: "Ana Ruiz", Email: "Ana@Example.com", Category: "food",
			Location: "Austin, TX", Description: "Bread.", Password: pw, ConfirmPassword: pw}
		if err := d.Accounts.SignUp(ctx, in, "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		if err := d.Accounts.SignUp(ctx, in, "192.0.2.1"); err != nil {
			t.Fatalf("a second sign-up of the address: %v", err)
		}
		bad := in
		bad.ConfirmPassword = "other"
		if err := d.Accounts.SignUp(ctx, bad, "192.0.2.1"); !errors.As(err, new(Invalid)) {
			t.Fatalf("a sign-up with differing passwords: %v, want Invalid", err)
		}
		if got := emailsTo(t, st, "ana@example.com"); len(got) != 2 {
			t.Fatalf("emails to the address: %q, want the link and the note", got)
		}
		lim := testLimits()
		signIn := SignInInput{Email: "ana@example.com", Password: pw, IP: "192.0.2.1"}
		if _, err := d.Accounts.SignIn(ctx, lim, signIn); !errors.Is(err, ErrUnverified) {
			t.Fatalf("sign-in before verification: %v, want ErrUnverified", err)
		}
		if _, err := d.Accounts.Verify(ctx, "not-a-token"); !errors.Is(err, store.ErrTokenInvalid) {
			t.Fatalf("a made-up link: %v", err)
		}
		id, err := d.Accounts.Verify(ctx, linkToken(t, st, "ana@example.com", "/verify-email"))
		if err != nil {
			t.Fatal(err)
		}
		if u, err := d.Accounts.SignIn(ctx, lim, signIn); err != nil || u.ID != id {
			t.Fatalf("sign-in after verification: %v, %v", u.ID, err)
		}
		listed, err := st.BusinessesOwnedBy(ctx, id)
		if err != nil || len(listed) != 1 || !listed[0].Published {
			t.Fatalf("the listing after verification: %+v, %v", listed, err)
		}
	})
}

// Failed sign-ins from one address for an email hold that address back,
// not the owner's: a right password from elsewhere still signs in, and an
// unknown email is counted like a real one.
func TestSignInHoldsTheGuesser(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		d := testDomain(t, st)
		hash, _ := HashPassword("bold-lime-71")
		u, _, err := st.CreateAccount(ctx, store.NewAccount{Email: "ana@example.com", PasswordHash: hash, Kind: store.KindIndividual})
		if err != nil {
			t.Fatal(err)
		}
		if err := st.MarkEmailVerified(ctx, u.ID); err != nil {
			t.Fatal(err)
		}
		lim := testLimits()
		for _, email := range []string{"ana@example.com", "ghost@example.com"} {
			guess := SignInInput{Email: email, Password: "wrong-guess-1", IP: "198.51.100.7"}
			var errs []error
			for range 4 {
				_, err := d.Accounts.SignIn(ctx, lim, guess)
				errs = append(errs, err)
			}
			var held SignInHeld
			if !errors.As(errs[3], &held) || held.Retry <= 0 || held.Delay {
				t.Errorf("%s: the fourth guess: %v, want held by the hard limit", email, errs[3])
			}
			if !slices.ContainsFunc(errs[:3], func(err error) bool { return errors.Is(err, ErrUnknownEmail) || errors.Is(err, ErrWrongPassword) }) {
				t.Errorf("%s: the first guesses: %v", email, errs[:3])
			}
		}
		if _, err := d.Accounts.SignIn(ctx, lim, SignInInput{Email: "ana@example.com", Password: "bold-lime-71", IP: "203.0.113.9"}); err != nil {
			t.Errorf("the owner from their address: %v", err)
		}
	})
}

// Closing asks for the password, then removes the account and emails the
// confirmation; without a plan it needs no payment provider.
func TestCloseAccount(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		d := testDomain(t, st)
		owner, _ := ownedListing(t, st, "owner@example.com")
		owner.PasswordHash, _ = HashPassword("bold-lime-71")
		c, err := d.Accounts.Closing(ctx, owner, false)
		if err != nil || !slices.Equal(c.Listings, []string{"Harbor Street Bakery"}) || len(c.Plans) != 0 {
			t.Fatalf("what closing would do: %+v, %v", c, err)
		}
		var bad Invalid
		if _, err := d.Accounts.Close(ctx, owner, Reauth{IP: "203.0.113.1", Limits: testLimits()}, nil); !errors.As(err, &bad) || bad["current_password"] != "Enter your current password." {
			t.Fatalf("closing without the password: %v", err)
		}
		closed, err := d.Accounts.Close(ctx, owner, Reauth{Password: "bold-lime-71", IP: "203.0.113.1", Limits: testLimits()}, nil)
		if err != nil || !slices.Equal(closed.Listings, c.Listings) {
			t.Fatalf("closed: %+v, %v", closed, err)
		}
		if _, err := st.UserByID(ctx, owner.ID); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the account after closing: %v", err)
		}
		if got := emailsTo(t, st, "owner@example.com"); len(got) != 1 {
			t.Errorf("emails after closing: %q", got)
		}
	})
}

// On a plan without a team the owner is the only seat: an invitation is
// refused before anything is sent, and an unknown link is unknown.
func TestTeamNeedsAPlanWithSeats(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		d := testDomain(t, st)
		owner, _ := ownedListing(t, st, "owner@example.com")
		_, err := d.Accounts.Invite(ctx, owner, "mate@example.com")
		var no TeamRefusal
		if !errors.As(err, &no) || !errors.Is(err, ErrNoTeam) || !strings.Contains(no.Message, plans.FirstWithTeam().Name) {
			t.Fatalf("an invitation on the free plan: %v", err)
		}
		if got := emailsTo(t, st, "mate@example.com"); len(got) != 0 {
			t.Errorf("emails to the invited address: %q", got)
		}
		if in, err := d.Accounts.Invitation(ctx, "made-up", nil); err != nil || in.State != InviteUnknown {
			t.Errorf("an unknown link: %+v, %v", in, err)
		}
		label, err := d.Accounts.Label(ctx, owner.ID)
		if err != nil || label != "owner@example.com (Harbor Street Bakery)" {
			t.Errorf("the account's label: %q, %v", label, err)
		}
	})
}

package domain

import (
	"context"
	"errors"
	"testing"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// The password asked again counts like a sign-in: wrong ones from an
// address hold that address back (the right one too), not another, and a
// right one before the limit clears the address's failures.
func TestCurrentPasswordIsCheckedUnderTheSignInLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		d := testDomain(t, st)
		u, _ := ownedListing(t, st, "owner@example.com")
		u.PasswordHash, _ = HashPassword("bold-lime-71")
		lim := testLimits() // 3 failures per address
		check := func(pw, ip string) error {
			return d.Accounts.CheckCurrentPassword(ctx, u, Reauth{Password: pw, IP: ip, Limits: lim})
		}
		var bad Invalid
		var held PasswordHeld
		for round := range 2 {
			for range 2 {
				if err := check("wrong", "203.0.113.1"); !errors.As(err, &bad) || errors.As(err, &held) || bad["current_password"] != "That is not your current password." {
					t.Fatalf("round %d, a wrong password: %v", round, err)
				}
			}
			if err := check("bold-lime-71", "203.0.113.1"); err != nil {
				t.Fatalf("round %d, the right password: %v", round, err)
			}
		}
		if err := check("", "203.0.113.1"); !errors.As(err, &bad) || bad["current_password"] != "Enter your current password." {
			t.Fatalf("no password: %v", err)
		}
		for range 3 {
			_ = check("wrong", "203.0.113.1")
		}
		err := check("bold-lime-71", "203.0.113.1")
		if !errors.As(err, &held) || held.Retry <= 0 {
			t.Fatalf("the right password past the limit: %v, want PasswordHeld", err)
		}
		if !errors.As(err, &bad) || bad["current_password"] != held.Message() {
			t.Errorf("a held check does not read as the form's message: %v", bad)
		}
		if err := check("bold-lime-71", "198.51.100.7"); err != nil {
			t.Errorf("another address: %v", err)
		}
	})
}

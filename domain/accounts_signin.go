package domain

import (
	"context"
	"errors"
	"fmt"
	"time"

	"bizprofile/catalog"
	"bizprofile/ratelimit"
	"bizprofile/store"
)

// Sign-in limits. Guessing one account's password is stopped without
// handing the guesser a way to lock its owner out:
//
//   - every attempt from an address counts against SignInLimits.PerIP;
//   - failed attempts for an email from one address count against
//     PerEmailAndIP, a hard limit for that address and email only (a
//     right password from it clears them);
//   - failed attempts for an email from every address count against
//     PerEmail, past which an address that has failed for the email waits
//     before its next try, twice as long with every further failure; an
//     address that has not failed is never held back, so the owner signs
//     in from theirs whatever the guessers do.
//
// Unknown emails are counted like real ones, so the answers never tell
// which addresses have accounts.

// SignInLimits are the counters of sign-in attempts (see above); the
// handlers keep them, configured, and the rule here applies them.
type SignInLimits struct {
	PerIP, PerEmailAndIP, PerEmail *ratelimit.Limiter
}

// SignInInput is the sign-in form.
type SignInInput struct {
	Email, Password string
	IP              string // the visitor's address, which the limits count
}

// Check is what is missing from in, by the form's field names.
func (in SignInInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	checkAddress(e, "email", in.Email, "Enter your email address.")
	Required(e, "password", in.Password, "Enter your password.")
	return e
}

// checkAddress asks for an email address, with required when it is empty.
func checkAddress(e catalog.FieldErrors, field, value, required string) {
	CheckRule(e, field, value, catalog.FieldRule{Required: required, Format: catalog.FormatEmail, Invalid: catalog.EmailRule.Invalid})
}

// Why a sign-in is refused. ErrUnknownEmail and ErrWrongPassword get the
// same answer, after the same work (a password hash is always checked), so
// the form never tells which addresses have accounts; they differ only in
// the logs.
var (
	ErrUnknownEmail  = errors.New("domain: no account has this email")
	ErrWrongPassword = errors.New("domain: wrong password")
	// ErrUnverified: the password is right, but the address was never
	// verified.
	ErrUnverified = errors.New("domain: the email is not verified")
)

// SignInHeld refuses a sign-in that must wait Retry. Delay says it is the
// short, doubling wait of an address that failed for an email many
// addresses fail for (told in seconds), not a limit reached.
type SignInHeld struct {
	Retry time.Duration
	Delay bool
}

func (h SignInHeld) Error() string { return fmt.Sprintf("domain: sign-in held for %v", h.Retry) }

// SignIn checks in's password for its email under the limits. It returns
// the user, also with ErrWrongPassword and ErrUnverified (for the logs);
// SignInHeld, ErrUnknownEmail, ErrWrongPassword and ErrUnverified say why
// it refused.
func (a *Accounts) SignIn(ctx context.Context, lim SignInLimits, in SignInInput) (store.User, error) {
	email := store.NormalizeEmail(in.Email)
	// The address's own limit, then this address's failures for this email.
	if ok, retry := lim.PerIP.Allow(ctx, in.IP); !ok {
		return store.User{}, SignInHeld{Retry: retry}
	}
	if held := lim.hold(ctx, email, in.IP, a.now()); held.Retry > 0 {
		return store.User{}, held
	}
	u, err := a.store.UserByEmail(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
		PasswordMatches(dummyHash, in.Password) // same work as a real check
		lim.failed(ctx, email, in.IP)
		return store.User{}, ErrUnknownEmail
	case err != nil:
		return store.User{}, err
	}
	if !PasswordMatches(u.PasswordHash, in.Password) {
		lim.failed(ctx, email, in.IP)
		return u, ErrWrongPassword
	}
	// A right password from an address shows it is not a guesser's.
	lim.PerEmailAndIP.Forget(ctx, pairKey(email, in.IP))
	if !u.Verified() {
		return u, ErrUnverified
	}
	return u, nil
}

// hold is how long the visitor at ip must wait before trying a password
// for email at now; zero when they may try.
func (lim SignInLimits) hold(ctx context.Context, email, ip string, now time.Time) SignInHeld {
	pair := lim.PerEmailAndIP
	own := pair.Recent(ctx, pairKey(email, ip))
	if own.N == 0 {
		return SignInHeld{} // this address has not failed for this email
	}
	if own.N >= pair.Limit() {
		return SignInHeld{Retry: own.Oldest.Add(pair.Window()).Sub(now)}
	}
	all := lim.PerEmail
	failed := all.Recent(ctx, email)
	if failed.N < all.Limit() {
		return SignInHeld{}
	}
	retry := own.Newest.Add(SignInDelay(failed.N-all.Limit(), all.Window())).Sub(now)
	if retry <= 0 {
		return SignInHeld{}
	}
	return SignInHeld{Retry: retry, Delay: retry < time.Minute}
}

// SignInDelay is the wait after the nth failure past the loose limit: 1 s,
// doubling, at most the window.
func SignInDelay(n int, window time.Duration) time.Duration {
	if n >= 30 {
		return window
	}
	return min(time.Second<<n, window)
}

// failed records a failed sign-in for email from ip.
func (lim SignInLimits) failed(ctx context.Context, email, ip string) {
	lim.PerEmailAndIP.Record(ctx, pairKey(email, ip))
	lim.PerEmail.Record(ctx, email)
}

// pairKey keys an email and an address together (an email holds no
// space).
func pairKey(email, ip string) string { return email + " " + ip }

package handlers

import (
	"context"
	"time"
)

// Sign-in limits. Guessing one account's password is stopped without
// handing the guesser a way to lock its owner out:
//
//   - every attempt from an address counts against SignInPerIP;
//   - failed attempts for an email from one address count against
//     SignInPerEmailAndIP, a hard limit for that address and email only
//     (a right password from it clears them);
//   - failed attempts for an email from every address count against
//     SignInPerEmail, past which an address that has failed for the email
//     waits before its next try, twice as long with every further failure;
//     an address that has not failed is never held back, so the owner
//     signs in from theirs whatever the guessers do.
//
// Unknown emails are counted like real ones, so the answers never tell
// which addresses have accounts.

// signInHold is why the visitor at ip may not try a password for email
// now: how long until they may, and the message that says so; zero when
// they may.
func (h *Handlers) signInHold(ctx context.Context, email, ip string) (retry time.Duration, msg string) {
	pair := h.limits.signInPair
	own := pair.Recent(ctx, signInPairKey(email, ip))
	if own.N == 0 {
		return 0, "" // this address has not failed for this email
	}
	now := time.Now()
	if own.N >= pair.Limit() {
		retry := own.Oldest.Add(pair.Window()).Sub(now)
		return retry, tooManyMessage(retry)
	}
	all := h.limits.signInEmail
	failed := all.Recent(ctx, email)
	if failed.N < all.Limit() {
		return 0, ""
	}
	retry = own.Newest.Add(signInDelay(failed.N-all.Limit(), all.Window())).Sub(now)
	if retry <= 0 {
		return 0, ""
	}
	if retry < time.Minute {
		secs := int(retry.Seconds()) + 1 // as Retry-After says
		unit := " seconds"
		if secs == 1 {
			unit = " second"
		}
		return retry, "Too many attempts. Please wait " + itoa(secs) + unit + " and try again."
	}
	return retry, tooManyMessage(retry)
}

// signInDelay is the wait after the nth failure past the loose limit: 1 s,
// doubling, at most the window.
func signInDelay(n int, window time.Duration) time.Duration {
	if n >= 30 {
		return window
	}
	return min(time.Second<<n, window)
}

// noteSignInFailure records a failed sign-in for email from ip.
func (h *Handlers) noteSignInFailure(ctx context.Context, email, ip string) {
	h.limits.signInPair.Record(ctx, signInPairKey(email, ip))
	h.limits.signInEmail.Record(ctx, email)
}

// noteSignInSuccess clears the failures of ip for email: a right
// password from an address shows it is not a guesser's.
func (h *Handlers) noteSignInSuccess(ctx context.Context, email, ip string) {
	h.limits.signInPair.Forget(ctx, signInPairKey(email, ip))
}

// signInPairKey keys an email and an address together (an email holds no
// space).
func signInPairKey(email, ip string) string { return email + " " + ip }

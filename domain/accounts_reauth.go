package domain

import (
	"context"
	"errors"
	"maps"
	"strconv"
	"time"

	"bizprofile/catalog"
	"bizprofile/store"
)

// Reauth is a signed-in person's password, asked again before a change to
// their account (its password, its email, closing it), with what guards
// it: the sign-in limits and the address the form came from. A wrong
// password there counts as a failed sign-in for the account's email from
// that address (issue 34), so a session in the wrong hands guesses the
// password no faster than the sign-in form lets anyone.
type Reauth struct {
	Password, IP string
	Limits       SignInLimits
}

// PasswordHeld refuses a form whose password may not be checked before
// Retry: the account's password was given wrong too often from the
// address (the sign-in limits). It unwraps to its message as Invalid,
// under current_password, so a page that knows only Invalid still says
// why.
type PasswordHeld struct{ SignInHeld }

func (h PasswordHeld) Unwrap() error {
	return Invalid(catalog.FieldErrors{"current_password": h.Message()})
}

// Message tells the person how long to wait, as the form shows it.
func (h PasswordHeld) Message() string {
	wait := strconv.Itoa(int(h.Retry.Seconds())+1) + " seconds"
	if h.Retry >= time.Minute {
		wait = strconv.Itoa(int((h.Retry+time.Minute-1)/time.Minute)) + " minutes"
	}
	return "Too many wrong passwords for this account. For its safety your password is not checked for " + wait + ": wait, then try again."
}

// CheckCurrentPassword checks re, the password u gave again, under the
// sign-in limits: PasswordHeld when their address must wait (the password
// is not checked, the right one is refused too), Invalid (under
// current_password) when it is missing or wrong. A wrong one counts as a
// failed sign-in; a right one clears the address's failures, as at
// sign-in.
func (a *Accounts) CheckCurrentPassword(ctx context.Context, u store.User, re Reauth) error {
	if re.Password == "" {
		return Invalid(catalog.FieldErrors{"current_password": "Enter your current password."})
	}
	email := store.NormalizeEmail(u.Email)
	if held := re.Limits.hold(ctx, email, re.IP, a.now()); held.Retry > 0 {
		a.log.Warn("current password not checked", "outcome", "rate_limited", "user_id", u.ID, "ip", re.IP, "retry_after", held.Retry.Round(time.Second))
		return PasswordHeld{held}
	}
	if !PasswordMatches(u.PasswordHash, re.Password) {
		re.Limits.failed(ctx, email, re.IP)
		a.log.Info("current password wrong", "user_id", u.ID, "ip", re.IP)
		return Invalid(catalog.FieldErrors{"current_password": "That is not your current password."})
	}
	re.Limits.PerEmailAndIP.Forget(ctx, pairKey(email, re.IP))
	return nil
}

// checkAgain checks re for u (CheckCurrentPassword), adding its message to
// the form's errors e; it returns what ends the form at once (PasswordHeld).
func (a *Accounts) checkAgain(ctx context.Context, u store.User, re Reauth, e catalog.FieldErrors) error {
	err := a.CheckCurrentPassword(ctx, u, re)
	var held PasswordHeld
	var bad Invalid
	switch {
	case errors.As(err, &held):
		return err
	case errors.As(err, &bad):
		maps.Copy(e, bad)
		return nil
	}
	return err
}

package domain

import (
	"context"
	"errors"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// The links emailed to a person prove their address: verifying it after
// sign-up, resetting a forgotten password, confirming a new address. Each
// is single use and stops working when the password changes.

// Verify follows the link of a verification email: the address is proved,
// and a business sign-up's listing goes live (or is held for review). It
// returns the user; store.ErrTokenInvalid when the link does not work.
func (a *Accounts) Verify(ctx context.Context, token string) (userID int64, err error) {
	tok, err := a.store.UseToken(ctx, store.Digest(token), store.TokenVerify)
	if err != nil {
		return 0, err
	}
	if err := a.store.MarkEmailVerified(ctx, tok.UserID); err != nil {
		return 0, err
	}
	if err := (&Listings{a.env}).Release(ctx, tok.UserID); err != nil {
		return 0, err
	}
	a.log.Info("email verified", "user_id", tok.UserID)
	return tok.UserID, nil
}

// ResendVerification is the work of a 'resend verification' request (a
// job, so the visitor's answer is the same for every address): a new link
// for the account of email, if it waits for verification.
func (a *Accounts) ResendVerification(ctx context.Context, email string) error {
	u, err := a.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil || u.Verified() {
		return err
	}
	p, err := a.store.ProfileOf(ctx, u.ID)
	if err != nil {
		return err
	}
	return a.store.InTx(ctx, func(tx *store.Store) error { return a.queueVerification(ctx, tx, u, p.FullName) })
}

// ResetRequest is the address a 'forgot password' request sends a link
// to.
type ResetRequest struct{ Email string }

// Check says what is wrong with the address, under "email".
func (in ResetRequest) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	checkAddress(e, "email", in.Email, "Please enter your email address first.")
	return e
}

// SendResetLink is the work of a 'forgot password' request (a job, so the
// visitor's answer is the same for every address): a reset link for the
// account of email, if there is one.
func (a *Accounts) SendResetLink(ctx context.Context, email string) error {
	u, err := a.store.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return nil // nothing to send; the visitor had the same answer
	}
	if err != nil {
		return err
	}
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		token, err := a.newToken(ctx, tx, u.ID, store.TokenReset, u.Email, ResetTTL)
		if err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.PasswordReset(a.site, u.Email, a.link("/reset-password?token="+token)))
	})
	if err == nil {
		a.log.Info("password reset link queued", "user_id", u.ID)
	}
	return err
}

// PasswordReset is the new-password form of a reset link.
type PasswordReset struct {
	Token, Password, ConfirmPassword string
	IP                               string // for the log
}

// ResetPassword sets the new password of a reset link, which ends every
// other session of the user (their session version changes) and retires
// their other links; the link proves the address too, so listings waiting
// for it go out. store.ErrTokenInvalid says the link does not work,
// Invalid what breaks the rules.
func (a *Accounts) ResetPassword(ctx context.Context, in PasswordReset) error {
	tok, err := a.store.ValidToken(ctx, store.Digest(in.Token), store.TokenReset)
	if err != nil {
		return err
	}
	p, err := a.store.ProfileOf(ctx, tok.UserID)
	if err != nil {
		return err
	}
	e := catalog.FieldErrors{}
	if checkPasswords(e, in.Password, in.ConfirmPassword, tok.Email, p.FullName, p.FirstName, p.LastName); len(e) > 0 {
		return Invalid(e)
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return err
	}
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		// Used in the transaction that sets the password: of two
		// requests racing with the link, one sets it.
		tok, err = tx.UseToken(ctx, store.Digest(in.Token), store.TokenReset)
		if err != nil {
			return err
		}
		if _, err := tx.SetPassword(ctx, tok.UserID, hash); err != nil {
			return err
		}
		// The link reached the inbox, which proves the address too.
		if err := tx.MarkEmailVerified(ctx, tok.UserID); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.PasswordChanged(a.site, tok.Email))
	})
	if err != nil {
		return err
	}
	a.log.Info("password reset", "user_id", tok.UserID, "ip", in.IP)
	// If releasing fails, the owner's next dashboard visit releases them.
	if err := (&Listings{a.env}).Release(ctx, tok.UserID); err != nil {
		a.log.Warn("release listings after a password reset", "error", err, "user_id", tok.UserID)
	}
	return nil
}

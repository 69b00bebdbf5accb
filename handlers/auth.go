package handlers

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"log/slog"
	"net/http"
	"net/mail"
	"strings"
	"time"

	"github.com/a-h/templ"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/jobs"
	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/views"
)

// Session keys of a signed-in visitor.
const (
	sessionUserID  = "user_id"
	sessionVersion = "session_version"
	sessionPending = "pending_email" // address a verification link was just sent to
)

// Lifetimes of emailed links.
const (
	verifyTTL = 24 * time.Hour
	resetTTL  = time.Hour
)

// invalidCredentials is the one answer to a wrong email or a wrong
// password, so the form never tells which addresses have accounts.
const invalidCredentials = "Invalid login credentials"

// loginPage shows the shared sign-in / sign-up screen; /signup opens it in
// sign-up mode.
func (h *Handlers) loginPage(w http.ResponseWriter, r *http.Request) {
	if currentUser(r) != nil {
		http.Redirect(w, r, localPath(r.URL.Query().Get("next"), "/dashboard"), http.StatusSeeOther)
		return
	}
	f := views.AuthForm{Mode: views.ModeSignIn, Next: localPath(r.URL.Query().Get("next"), "")}
	if r.URL.Path == "/signup" {
		f.Mode = views.ModeSignUp
	}
	f.Pending = h.sessions.GetString(r.Context(), sessionPending)
	h.render(w, r, http.StatusOK, views.LoginPage(h.chrome(r), f))
}

// login signs a visitor in. A wrong email and a wrong password get the same
// answer after the same work (a password hash is always checked).
func (h *Handlers) login(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	f := views.AuthForm{
		Mode:   views.ModeSignIn,
		Email:  strings.TrimSpace(r.PostFormValue("email")),
		Next:   localPath(r.PostFormValue("next"), ""),
		Errors: catalog.FieldErrors{},
	}
	password := r.PostFormValue("password")
	if f.Email == "" {
		f.Errors["email"] = "Enter your email address."
	} else if !validEmail(f.Email) {
		f.Errors["email"] = "Enter a valid email address, like name@example.com."
	}
	if password == "" {
		f.Errors["password"] = "Enter your password."
	}
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.LoginPage(h.chrome(r), f))
		return
	}
	ctx, ip := r.Context(), clientIP(r)
	email := store.NormalizeEmail(f.Email)
	attempt := h.log.With("event", "sign-in", "email", email, "ip", ip, "request_id", requestID(ctx))

	// The limits (lockout.go): the address's own, then this address's
	// failures for this email.
	ok, retry := h.limits.signInIP.Allow(ctx, ip)
	msg := tooManyMessage(retry)
	if ok {
		retry, msg = h.signInHold(ctx, email, ip)
	}
	if !ok || retry > 0 {
		attempt.Warn("sign-in refused", "outcome", "rate_limited", "retry_after", retry.Round(time.Second))
		f.Problem = msg
		h.tooMany(w, r, retry, views.LoginPage(h.chrome(r), f))
		return
	}

	u, err := h.store.UserByEmail(ctx, email)
	switch {
	case errors.Is(err, store.ErrNotFound):
		checkPassword(dummyHash, password) // same work as a real check
		h.noteSignInFailure(ctx, email, ip)
		attempt.Info("sign-in failed", "outcome", "unknown_email")
		h.signInFailed(w, r, f)
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	if !checkPassword(u.PasswordHash, password) {
		h.noteSignInFailure(ctx, email, ip)
		attempt.Info("sign-in failed", "outcome", "wrong_password", "user_id", u.ID)
		h.signInFailed(w, r, f)
		return
	}
	h.noteSignInSuccess(ctx, email, ip)
	if !u.Verified() {
		attempt.Info("sign-in refused", "outcome", "unverified", "user_id", u.ID)
		f.Unverified = u.Email
		h.render(w, r, http.StatusForbidden, views.LoginPage(h.chrome(r), f))
		return
	}
	if err := h.startSession(r, u); err != nil {
		h.serverError(w, r, err)
		return
	}
	attempt.Info("signed in", "outcome", "ok", "user_id", u.ID)
	h.flash(r, views.Toast{Title: "Welcome back!", Description: "You have been signed in successfully."})
	http.Redirect(w, r, localPath(f.Next, "/dashboard"), http.StatusSeeOther)
}

func (h *Handlers) signInFailed(w http.ResponseWriter, r *http.Request, f views.AuthForm) {
	c := h.chrome(r)
	c.Toasts = append(c.Toasts, views.Toast{Title: "Error", Description: invalidCredentials, Variant: "destructive"})
	f.Problem = invalidCredentials + ". Check your email and password and try again."
	h.render(w, r, http.StatusUnauthorized, views.LoginPage(c, f))
}

// startSession signs u in on this request with a fresh session token, so a
// token planted before sign-in is worthless after it.
func (h *Handlers) startSession(r *http.Request, u store.User) error {
	ctx := r.Context()
	if err := h.sessions.RenewToken(ctx); err != nil {
		return err
	}
	h.sessions.Put(ctx, sessionUserID, u.ID)
	h.sessions.Put(ctx, sessionVersion, u.SessionVersion)
	h.sessions.Remove(ctx, sessionPending)
	return nil
}

// logout ends the session on the server and returns to the home page.
func (h *Handlers) logout(w http.ResponseWriter, r *http.Request) {
	if err := h.sessions.Destroy(r.Context()); err != nil {
		h.log.Error("sign out failed", slog.Any("error", err), "request_id", requestID(r.Context()))
		h.flash(r, views.Toast{Title: "Error", Description: "Failed to sign out", Variant: "destructive"})
		http.Redirect(w, r, localPath(r.Referer(), "/"), http.StatusSeeOther)
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// signup creates an account from the shared screen's sign-up mode.
func (h *Handlers) signup(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	f := views.AuthForm{
		Mode:     views.ModeSignUp,
		FullName: strings.TrimSpace(r.PostFormValue("full_name")),
		Email:    strings.TrimSpace(r.PostFormValue("email")),
		Next:     localPath(r.PostFormValue("next"), ""),
		Errors:   catalog.FieldErrors{},
	}
	password := r.PostFormValue("password")
	required(f.Errors, "full_name", f.FullName, "Enter your full name.")
	checkLength(f.Errors, "full_name", f.FullName, 100)
	checkEmail(f.Errors, "email", f.Email)
	if msg := passwordProblem(password, f.Email, f.FullName); msg != "" {
		f.Errors["password"] = msg
	}
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.LoginPage(h.chrome(r), f))
		return
	}
	if ok, retry := h.limits.signUpIP.Allow(r.Context(), clientIP(r)); !ok {
		f.Problem = tooManyMessage(retry)
		h.tooMany(w, r, retry, views.LoginPage(h.chrome(r), f))
		return
	}
	account := store.NewAccount{Email: f.Email, Kind: store.KindIndividual, Profile: store.Profile{FullName: f.FullName}}
	if err := h.register(r, account, password, f.FullName); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.afterSignup(w, r, f.Email)
}

// register creates the account and queues the email with the link that
// verifies it, in one transaction. An address that already has an account
// gets a note instead (and the visitor the same answer), so sign-up never
// reveals who is registered.
func (h *Handlers) register(r *http.Request, a store.NewAccount, password, name string) error {
	ctx := r.Context()
	hash, err := hashPassword(password)
	if err != nil {
		return err
	}
	a.PasswordHash = hash
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		u, biz, err := tx.CreateAccount(ctx, a)
		if err != nil {
			return err
		}
		h.log.Info("account created", "user_id", u.ID, "kind", u.Kind, "ip", clientIP(r))
		if biz != nil {
			// A draft until the address is verified (releaseListings).
			h.log.Info("listing draft saved", "owner_id", u.ID)
		}
		return h.queueVerification(ctx, tx, u, name)
	})
	if errors.Is(err, store.ErrEmailTaken) {
		h.log.Info("sign-up for a registered address", "email", store.NormalizeEmail(a.Email), "ip", clientIP(r))
		return domain.QueueMail(ctx, h.store, bizmail.AlreadyRegistered(h.domain.Site(), store.NormalizeEmail(a.Email)))
	}
	return err
}

// afterSignup answers every successful sign-up form the same way.
func (h *Handlers) afterSignup(w http.ResponseWriter, r *http.Request, email string) {
	h.sessions.Put(r.Context(), sessionPending, store.NormalizeEmail(email))
	h.flash(r, views.Toast{Title: "Account created!", Description: "Please check your email to verify your account."})
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

// queueVerification stores a fresh verification link for u on st and
// queues the email that carries it.
func (h *Handlers) queueVerification(ctx context.Context, st *store.Store, u store.User, name string) error {
	token, err := h.newToken(ctx, st, u.ID, store.TokenVerify, u.Email, verifyTTL)
	if err != nil {
		return err
	}
	return domain.QueueMail(ctx, st, bizmail.VerifyEmail(h.domain.Site(), u.Email, name, h.site.BaseURL+"/verify-email?token="+token))
}

// newToken stores a single-use token and returns its secret, which only
// the email will carry.
func (h *Handlers) newToken(ctx context.Context, st *store.Store, userID int64, purpose, email string, ttl time.Duration) (string, error) {
	token, err := newSecret()
	if err != nil {
		return "", err
	}
	err = st.CreateToken(ctx, store.Token{Hash: store.Digest(token), UserID: userID, Purpose: purpose, Email: email, ExpiresAt: time.Now().Add(ttl)})
	return token, err
}

// newSecret is the secret of an emailed link: 32 random bytes, URL-safe.
// Only its digest (store.Digest) is stored.
func newSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// verifyEmail follows the link of a verification email.
func (h *Handlers) verifyEmail(w http.ResponseWriter, r *http.Request) {
	tok, err := h.store.UseToken(r.Context(), store.Digest(r.URL.Query().Get("token")), store.TokenVerify)
	if errors.Is(err, store.ErrTokenInvalid) {
		h.render(w, r, http.StatusBadRequest, views.VerifyFailedPage(h.chrome(r)))
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if err := h.store.MarkEmailVerified(r.Context(), tok.UserID); err != nil {
		h.serverError(w, r, err)
		return
	}
	// A business sign-up's listing goes live now (publication.go).
	if err := h.domain.Listings.Release(r.Context(), tok.UserID); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("email verified", "user_id", tok.UserID)
	h.sessions.Remove(r.Context(), sessionPending)
	h.flash(r, views.Toast{Title: "Email verified!", Description: "Your account is active. You can sign in now."})
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

// resendVerification sends a new verification link. Its answer is the same
// whether or not the address has an unverified account, and takes the same
// time: the job makes the link (jobs.go).
func (h *Handlers) resendVerification(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	email := strings.TrimSpace(r.PostFormValue("email"))
	if !validEmail(email) {
		h.flash(r, views.Toast{Title: "Email required", Description: "Please enter your email address first.", Variant: "destructive"})
		http.Redirect(w, r, "/login", http.StatusSeeOther)
		return
	}
	if ok, retry := h.limits.resendIP.Allow(r.Context(), clientIP(r)); !ok {
		f := views.AuthForm{Mode: views.ModeSignIn, Email: email, Problem: tooManyMessage(retry)}
		h.tooMany(w, r, retry, views.LoginPage(h.chrome(r), f))
		return
	}
	// The same work for every address: the queue finds out whether it has
	// an account waiting for verification.
	if err := h.store.Enqueue(r.Context(), jobs.VerificationResend(email)); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.sessions.Put(r.Context(), sessionPending, store.NormalizeEmail(email))
	h.flash(r, views.Toast{Title: "Verification email sent", Description: "If that address has an account waiting for verification, a new link is on its way."})
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

// forgotPassword sends a reset link. The answer is the same whether or not
// the address has an account, and takes the same time: the request queues
// the same job for every address, and the job makes the link (jobs.go).
func (h *Handlers) forgotPassword(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	f := views.AuthForm{Mode: views.ModeSignIn, Email: strings.TrimSpace(r.PostFormValue("email")), Next: localPath(r.PostFormValue("next"), ""), Errors: catalog.FieldErrors{}}
	c := h.chrome(r)
	if f.Email == "" {
		f.Errors["email"] = "Please enter your email address first."
		c.Toasts = append(c.Toasts, views.Toast{Title: "Email required", Description: "Please enter your email address first.", Variant: "destructive"})
		h.render(w, r, http.StatusUnprocessableEntity, views.LoginPage(c, f))
		return
	}
	if !validEmail(f.Email) {
		f.Errors["email"] = "Enter a valid email address, like name@example.com."
		h.render(w, r, http.StatusUnprocessableEntity, views.LoginPage(c, f))
		return
	}
	if ok, retry := h.limits.resetIP.Allow(r.Context(), clientIP(r)); !ok {
		f.Problem = tooManyMessage(retry)
		h.tooMany(w, r, retry, views.LoginPage(c, f))
		return
	}
	// The same work for every address: the queue finds out whether it has
	// an account.
	if err := h.store.Enqueue(r.Context(), jobs.PasswordReset(f.Email)); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("password reset requested", "ip", clientIP(r))
	c.Toasts = append(c.Toasts, views.Toast{Title: "Password reset sent!", Description: "Check your email for password reset instructions."})
	h.render(w, r, http.StatusOK, views.LoginPage(c, f))
}

// resetPasswordPage shows the new-password form of a reset link.
func (h *Handlers) resetPasswordPage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	_, err := h.store.ValidToken(r.Context(), store.Digest(token), store.TokenReset)
	if err != nil && !errors.Is(err, store.ErrTokenInvalid) {
		h.serverError(w, r, err)
		return
	}
	f := views.ResetForm{Token: token, Invalid: err != nil}
	status := http.StatusOK
	if f.Invalid {
		status = http.StatusBadRequest
	}
	w.Header().Set("Referrer-Policy", "no-referrer") // the token is in the URL
	h.render(w, r, status, views.ResetPasswordPage(h.chrome(r), f))
}

// resetPassword sets the new password, which ends every other session of
// the user (their session version changes) and retires their other links.
func (h *Handlers) resetPassword(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	ctx := r.Context()
	f := views.ResetForm{Token: r.PostFormValue("token"), Errors: catalog.FieldErrors{}}
	invalid := func() {
		h.render(w, r, http.StatusBadRequest, views.ResetPasswordPage(h.chrome(r), views.ResetForm{Invalid: true}))
	}
	tok, err := h.store.ValidToken(ctx, store.Digest(f.Token), store.TokenReset)
	if errors.Is(err, store.ErrTokenInvalid) {
		invalid()
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	p, err := h.store.ProfileOf(ctx, tok.UserID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	password := r.PostFormValue("password")
	checkPasswords(f.Errors, password, r.PostFormValue("confirm_password"), tok.Email, p.FullName, p.FirstName, p.LastName)
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.ResetPasswordPage(h.chrome(r), f))
		return
	}
	hash, err := hashPassword(password)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	err = h.store.InTx(ctx, func(tx *store.Store) error {
		// Used in the transaction that sets the password: of two
		// requests racing with the link, one sets it.
		tok, err = tx.UseToken(ctx, store.Digest(f.Token), store.TokenReset)
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
		return domain.QueueMail(ctx, tx, bizmail.PasswordChanged(h.domain.Site(), tok.Email))
	})
	if errors.Is(err, store.ErrTokenInvalid) {
		invalid()
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("password reset", "user_id", tok.UserID, "ip", clientIP(r))
	// The link proved the address, so listings waiting for it go out now;
	// if that fails, the owner's next dashboard visit releases them.
	if err := h.domain.Listings.Release(ctx, tok.UserID); err != nil {
		h.log.Warn("release listings after a password reset", slog.Any("error", err), "user_id", tok.UserID)
	}
	if err := h.sessions.RenewToken(ctx); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.sessions.Remove(ctx, sessionUserID)
	h.flash(r, views.Toast{Title: "Password updated", Description: "Sign in with your new password. You have been signed out everywhere else."})
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}

// tooMany answers a rate-limited form with 429, the form as it was, and
// when to retry.
func (h *Handlers) tooMany(w http.ResponseWriter, r *http.Request, retry time.Duration, page templ.Component) {
	setRetryAfter(w, retry)
	h.render(w, r, http.StatusTooManyRequests, page)
}

func validEmail(s string) bool {
	if len(s) > 254 || strings.ContainsAny(s, " <>\"") {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndexByte(s, '@'):], ".")
}

package handlers

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/a-h/templ"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/jobs"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// Session keys of a signed-in visitor.
const (
	sessionUserID  = "user_id"
	sessionVersion = "session_version"
	sessionPending = "pending_email" // address a verification link was just sent to
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
	f := views.AuthForm{Mode: views.ModeSignIn, Next: localPath(r.URL.Query().Get("next"), ""), Why: r.URL.Query().Get("why")}
	switch {
	case r.URL.Path == "/signup" && r.URL.Query().Get("as") != "person":
		h.render(w, r, http.StatusOK, views.SignupChoicePage(h.chrome(r), f.Next))
		return
	case r.URL.Path == "/signup":
		f.Mode = views.ModeSignUp
	}
	f.Pending = h.sessions.GetString(r.Context(), sessionPending)
	h.render(w, r, http.StatusOK, views.LoginPage(h.chrome(r), f))
}

// login signs a visitor in, within the sign-in limits (domain.SignIn).
func (h *Handlers) login(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	in := domain.SignInInput{Email: strings.TrimSpace(r.PostFormValue("email")), Password: r.PostFormValue("password"), IP: clientIP(r)}
	f := views.AuthForm{Mode: views.ModeSignIn, Email: in.Email, Next: localPath(r.PostFormValue("next"), ""), Why: r.PostFormValue("why"), Errors: in.Check()}
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.LoginPage(h.chrome(r), f))
		return
	}
	ctx := r.Context()
	attempt := h.log.With("event", "sign-in", "email", store.NormalizeEmail(in.Email), "ip", in.IP, "request_id", requestID(ctx))
	u, err := h.domain.Accounts.SignIn(ctx, h.limits.signIn, in)
	var held domain.SignInHeld
	switch {
	case errors.As(err, &held):
		attempt.Warn("sign-in refused", "outcome", "rate_limited", "retry_after", held.Retry.Round(time.Second))
		f.Problem = present.HeldMessage(held)
		h.tooMany(w, r, held.Retry, views.LoginPage(h.chrome(r), f))
	case errors.Is(err, domain.ErrUnknownEmail):
		attempt.Info("sign-in failed", "outcome", "unknown_email")
		h.signInFailed(w, r, f)
	case errors.Is(err, domain.ErrWrongPassword):
		attempt.Info("sign-in failed", "outcome", "wrong_password", "user_id", u.ID)
		h.signInFailed(w, r, f)
	case errors.Is(err, domain.ErrUnverified):
		attempt.Info("sign-in refused", "outcome", "unverified", "user_id", u.ID)
		f.Unverified = u.Email
		h.render(w, r, http.StatusForbidden, views.LoginPage(h.chrome(r), f))
	case err != nil:
		h.serverError(w, r, err)
	default:
		if h.broken(w, r, h.startSession(r, u)) {
			return
		}
		attempt.Info("signed in", "outcome", "ok", "user_id", u.ID)
		h.domain.Partners.SawPartnerAt(ctx, u.ID, in.IP) // a partner's own address refuses referrals today
		h.redirect(w, r, localPath(f.Next, "/dashboard"), views.Toast{Title: "Welcome back!", Description: "You have been signed in successfully."})
	}
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
		clientgone.Error(h.log, r, "sign out failed", slog.Any("error", err), "request_id", requestID(r.Context()))
		h.redirect(w, r, localPath(r.Referer(), "/"), views.Toast{Title: "Error", Description: "Failed to sign out", Variant: "destructive"})
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}

// signup creates an account from the shared screen's sign-up mode.
func (h *Handlers) signup(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	in := domain.SignUpInput{FullName: field(r.PostForm, "full_name"), Email: field(r.PostForm, "email"), Password: r.PostFormValue("password")}
	f := views.AuthForm{Mode: views.ModeSignUp, FullName: in.FullName, Email: in.Email, Next: localPath(r.PostFormValue("next"), "")}
	if h.signUp(w, r, in, func(errs catalog.FieldErrors, problem string) templ.Component {
		f.Errors, f.Problem = errs, problem
		return views.LoginPage(h.chrome(r), f)
	}) {
		h.afterSignup(w, r, in.Email)
	}
}

// signUp makes the account of a sign-up form's input (domain.SignUp), or
// shows the form again with page: 422 with its errors, 429 past the
// limit. It reports whether the account is made (or the address has one,
// which the answer never tells).
func (h *Handlers) signUp(w http.ResponseWriter, r *http.Request, in domain.SignUp, page func(errs catalog.FieldErrors, problem string) templ.Component) bool {
	if errs := in.Check(); len(errs) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, page(errs, ""))
		return false
	}
	if ok, retry := h.limits.signUpIP.Allow(r.Context(), clientIP(r)); !ok {
		h.tooMany(w, r, retry, page(catalog.FieldErrors{}, views.TooManyMessage(retry)))
		return false
	}
	if h.broken(w, r, h.domain.Accounts.SignUp(r.Context(), in, clientIP(r))) {
		return false
	}
	return true
}

// afterSignup answers every successful sign-up form the same way.
func (h *Handlers) afterSignup(w http.ResponseWriter, r *http.Request, email string) {
	h.sessions.Put(r.Context(), sessionPending, store.NormalizeEmail(email))
	h.redirect(w, r, "/login", views.Toast{Title: "Account created!", Description: "Please check your email to verify your account."})
}

// verifyEmail follows the link of a verification email.
func (h *Handlers) verifyEmail(w http.ResponseWriter, r *http.Request) {
	_, err := h.domain.Accounts.Verify(r.Context(), r.URL.Query().Get("token"))
	if errors.Is(err, store.ErrTokenInvalid) {
		h.render(w, r, http.StatusBadRequest, views.VerifyFailedPage(h.chrome(r)))
		return
	}
	if h.broken(w, r, err) {
		return
	}
	h.sessions.Remove(r.Context(), sessionPending)
	h.redirect(w, r, "/login", views.Toast{Title: "Email verified!", Description: "Your account is active. You can sign in now."})
}

// resendVerification sends a new verification link. Its answer is the same
// whether or not the address has an unverified account, and takes the same
// time: the job makes the link (domain.Accounts.ResendVerification).
func (h *Handlers) resendVerification(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	email := strings.TrimSpace(r.PostFormValue("email"))
	if len(domain.ResetRequest{Email: email}.Check()) > 0 {
		h.redirect(w, r, "/login", views.Toast{Title: "Email required", Description: "Please enter your email address first.", Variant: "destructive"})
		return
	}
	if ok, retry := h.limits.resendIP.Allow(r.Context(), clientIP(r)); !ok {
		f := views.AuthForm{Mode: views.ModeSignIn, Email: email, Problem: views.TooManyMessage(retry)}
		h.tooMany(w, r, retry, views.LoginPage(h.chrome(r), f))
		return
	}
	// The same work for every address: the queue finds out whether it has
	// an account waiting for verification.
	if h.broken(w, r, h.store.Enqueue(r.Context(), jobs.VerificationResend(email))) {
		return
	}
	h.sessions.Put(r.Context(), sessionPending, store.NormalizeEmail(email))
	h.redirect(w, r, "/login", views.Toast{Title: "Verification email sent", Description: "If that address has an account waiting for verification, a new link is on its way."})
}

// forgotPassword sends a reset link. The answer is the same whether or not
// the address has an account, and takes the same time: the request queues
// the same job for every address, and the job makes the link
// (domain.Accounts.SendResetLink).
func (h *Handlers) forgotPassword(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	in := domain.ResetRequest{Email: strings.TrimSpace(r.PostFormValue("email"))}
	f := views.AuthForm{Mode: views.ModeSignIn, Email: in.Email, Next: localPath(r.PostFormValue("next"), ""), Why: r.PostFormValue("why"), Errors: in.Check()}
	c := h.chrome(r)
	if len(f.Errors) > 0 {
		if in.Email == "" {
			c.Toasts = append(c.Toasts, views.Toast{Title: "Email required", Description: "Please enter your email address first.", Variant: "destructive"})
		}
		h.render(w, r, http.StatusUnprocessableEntity, views.LoginPage(c, f))
		return
	}
	if ok, retry := h.limits.resetIP.Allow(r.Context(), clientIP(r)); !ok {
		f.Problem = views.TooManyMessage(retry)
		h.tooMany(w, r, retry, views.LoginPage(c, f))
		return
	}
	// The same work for every address: the queue finds out whether it has
	// an account.
	if h.broken(w, r, h.store.Enqueue(r.Context(), jobs.PasswordReset(in.Email))) {
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

// resetPassword sets the new password of a reset link
// (domain.Accounts.ResetPassword), which signs the user out everywhere.
func (h *Handlers) resetPassword(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	ctx := r.Context()
	in := domain.PasswordReset{Token: r.PostFormValue("token"), Password: r.PostFormValue("password"), ConfirmPassword: r.PostFormValue("confirm_password"), IP: clientIP(r)}
	err := h.domain.Accounts.ResetPassword(ctx, in)
	var bad domain.Invalid
	switch {
	case errors.Is(err, store.ErrTokenInvalid):
		h.render(w, r, http.StatusBadRequest, views.ResetPasswordPage(h.chrome(r), views.ResetForm{Invalid: true}))
		return
	case errors.As(err, &bad):
		h.render(w, r, http.StatusUnprocessableEntity, views.ResetPasswordPage(h.chrome(r), views.ResetForm{Token: in.Token, Errors: bad.Fields()}))
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	if h.broken(w, r, h.sessions.RenewToken(ctx)) {
		return
	}
	h.sessions.Remove(ctx, sessionUserID)
	h.redirect(w, r, "/login", views.Toast{Title: "Password updated", Description: "Sign in with your new password. You have been signed out everywhere else."})
}

// tooMany answers a rate-limited form with 429, the form as it was, and
// when to retry.
func (h *Handlers) tooMany(w http.ResponseWriter, r *http.Request, retry time.Duration, page templ.Component) {
	setRetryAfter(w, retry)
	h.render(w, r, http.StatusTooManyRequests, page)
}

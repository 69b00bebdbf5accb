package handlers

import (
	"errors"
	"net/http"

	"github.com/a-h/templ"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// profileView fills the profile page from the database.
func (h *Handlers) profileView(r *http.Request) (views.ProfileView, error) {
	u := currentUser(r)
	p, err := h.store.ProfileOf(r.Context(), u.ID)
	if err != nil {
		return views.ProfileView{}, err
	}
	v := present.Profile(u, p)
	// A member's emails about the account (review alerts, the analytics
	// summary) are the owner's settings: the page says so instead.
	if v.MemberOf, err = h.domain.Accounts.OwnerName(r.Context(), *u); err != nil {
		return views.ProfileView{}, err
	}
	if u.Kind == store.KindBusiness && !u.Member() {
		o, err := h.domain.Accounts.OwnerSettings(r.Context(), u.ID)
		if err != nil {
			return views.ProfileView{}, err
		}
		v.ReviewAlertsShown, v.ReviewAlerts, v.ReviewAlertsPlan = true, o.ReviewAlerts, o.ReviewAlertsPlan
		v.AnalyticsSummaryShown, v.AnalyticsSummary, v.AnalyticsSummaryPlan = true, o.AnalyticsSummary, o.AnalyticsSummaryPlan
	}
	return v, nil
}

// profilePage shows the signed-in user's profile forms.
func (h *Handlers) profilePage(w http.ResponseWriter, r *http.Request) {
	v, err := h.profileView(r)
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.ProfilePage(h.chrome(r), v))
}

// saveProfile stores the name and, for individuals, their profile fields.
func (h *Handlers) saveProfile(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	v, err := h.profileView(r)
	if h.broken(w, r, err) {
		return
	}
	f := r.PostForm
	in := domain.ProfileInput{Individual: v.Individual, Phone: field(f, "phone"), FullName: field(f, "full_name")}
	if v.Individual {
		in.FirstName, in.LastName, in.Location = field(f, "first_name"), field(f, "last_name"), field(f, "location")
		in.Profession, in.Interests, in.Bio = field(f, "profession"), field(f, "interests"), field(f, "bio")
		v.FirstName, v.LastName, v.Location, v.Profession, v.Interests, v.Bio = in.FirstName, in.LastName, in.Location, in.Profession, in.Interests, in.Bio
	}
	v.Section, v.Phone, v.FullName = "details", in.Phone, in.Name()
	if h.done(w, r, h.domain.Accounts.SaveProfile(r.Context(), currentUser(r).ID, in), h.profileForm(r, v)) {
		h.redirect(w, r, "/profile", views.Toast{Title: "Profile saved", Description: "Your details are up to date."})
	}
}

// saveReviewAlerts stores how a business owner hears of new reviews of
// their listings. The setting is theirs to keep whatever their plan, but
// on a plan without alerts the form is disabled, and a post sent anyway
// changes nothing.
func (h *Handlers) saveReviewAlerts(w http.ResponseWriter, r *http.Request) {
	v, ok := h.ownerSettingView(w, r, "alerts")
	if !ok {
		return
	}
	if v.ReviewAlertsPlan != "" {
		v.Errors["review_alerts"] = "Reputation alerts come with the " + v.ReviewAlertsPlan + " plan."
		h.render(w, r, http.StatusForbidden, views.ProfilePage(h.chrome(r), v))
		return
	}
	v.ReviewAlerts = r.PostFormValue("review_alerts")
	if h.done(w, r, h.domain.Accounts.SetReviewAlerts(r.Context(), currentUser(r).ID, v.ReviewAlerts), h.profileForm(r, v)) {
		h.redirect(w, r, "/profile#review-alerts", views.Toast{Title: "Review alerts saved", Description: reviewAlertsSaved[v.ReviewAlerts]})
	}
}

// profileForm shows the profile page v with a form's errors.
func (h *Handlers) profileForm(r *http.Request, v views.ProfileView) func(catalog.FieldErrors) templ.Component {
	return func(errs catalog.FieldErrors) templ.Component {
		v.Errors = errs
		return views.ProfilePage(h.chrome(r), v)
	}
}

// ownerSettingView reads the post of one of a business owner's settings
// on /profile (review alerts, the analytics summary) and the page to show
// again with the form's section; it answers 404 for other accounts, and
// false when it has answered.
func (h *Handlers) ownerSettingView(w http.ResponseWriter, r *http.Request, section string) (views.ProfileView, bool) {
	if !h.parseForm(w, r) {
		return views.ProfileView{}, false
	}
	if currentUser(r).Kind != store.KindBusiness && !currentUser(r).Member() {
		h.notFound(w, r)
		return views.ProfileView{}, false
	}
	if !h.ownerOnly(w, r, "choose the account's review alerts and analytics summary") {
		return views.ProfileView{}, false
	}
	v, err := h.profileView(r)
	if h.broken(w, r, err) {
		return views.ProfileView{}, false
	}
	v.Section = section
	return v, true
}

// reviewAlertsSaved says what each review alert setting means, once saved.
var reviewAlertsSaved = map[string]string{
	store.ReviewAlertsEach:  "We email you about each new review.",
	store.ReviewAlertsDaily: "We email you once a day when there are new reviews.",
	store.ReviewAlertsOff:   "We won't email you about reviews; they still show on your dashboard.",
}

// changePassword sets a new password after checking the current one; every
// other session of the user ends, this one continues with a new token.
func (h *Handlers) changePassword(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	v, err := h.profileView(r)
	if h.broken(w, r, err) {
		return
	}
	v.Section = "password"
	u := currentUser(r)
	version, err := h.domain.Accounts.ChangePassword(r.Context(), *u, reauth(r, h.limits), domain.PasswordChange{
		Password: r.PostFormValue("password"), ConfirmPassword: r.PostFormValue("confirm_password"), Names: []string{v.FullName, v.FirstName, v.LastName},
	})
	if err == nil {
		err = h.sessions.RenewToken(r.Context())
	}
	if !h.done(w, r, err, h.profileForm(r, v)) {
		return
	}
	h.sessions.Put(r.Context(), sessionVersion, version)
	h.log.Info("password changed", "user_id", u.ID, "ip", clientIP(r))
	h.redirect(w, r, "/profile", views.Toast{Title: "Password changed", Description: "You have been signed out on every other device."})
}

// changeEmail sends a confirmation link to the new address; the address
// changes only when that link is opened.
func (h *Handlers) changeEmail(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	v, err := h.profileView(r)
	if h.broken(w, r, err) {
		return
	}
	u := currentUser(r)
	in := domain.EmailChange{NewEmail: field(r.PostForm, "new_email")}
	v.Section, v.NewEmail = "email", in.NewEmail
	if !h.done(w, r, h.domain.Accounts.CheckEmailChange(r.Context(), *u, reauth(r, h.limits), in), h.profileForm(r, v)) {
		return
	}
	if ok, retry := h.limits.resendIP.Allow(r.Context(), clientIP(r)); !ok {
		h.redirect(w, r, "/profile", views.Toast{Title: "Error", Description: views.TooManyMessage(retry), Variant: "destructive"})
		return
	}
	if err := h.domain.Accounts.StartEmailChange(r.Context(), *u, in); err != nil {
		clientgone.Error(h.log, r, "email change not started", "error", err, "user_id", u.ID)
		v.Errors = catalog.FieldErrors{"new_email": "We could not send the confirmation email just now. Please try again in a moment."}
		h.render(w, r, http.StatusServiceUnavailable, views.ProfilePage(h.chrome(r), v))
		return
	}
	h.redirect(w, r, "/profile", views.Toast{Title: "Check your new inbox", Description: "We sent a confirmation link to " + store.NormalizeEmail(in.NewEmail) + "."})
}

// reauth is the password a form asks again, under the sign-in limits.
func reauth(r *http.Request, l limiters) domain.Reauth {
	return domain.Reauth{Password: r.PostFormValue("current_password"), IP: clientIP(r), Limits: l.signIn}
}

// confirmEmail follows the link sent to a new address and switches to it.
func (h *Handlers) confirmEmail(w http.ResponseWriter, r *http.Request) {
	c, err := h.domain.Accounts.ConfirmEmail(r.Context(), r.URL.Query().Get("token"))
	problem := ""
	switch {
	case errors.Is(err, store.ErrTokenInvalid):
		problem = "This confirmation link has expired or was already used. Request a new one below."
	case errors.Is(err, store.ErrEmailTaken):
		problem = "Another account now uses that address, so your email was not changed."
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	if problem != "" {
		h.redirect(w, r, "/profile#email", views.Toast{Title: "Error", Description: problem, Variant: "destructive"})
		return
	}
	h.flash(r, views.Toast{Title: "Email changed", Description: "You now sign in with " + c.Email + "."})
	for _, b := range c.Unverified {
		h.flash(r, views.Toast{Title: "Verified badge removed", Description: "Your listing " + b.Name + " is no longer verified: its website is not at your new address's domain. Verify it again from its page."})
	}
	http.Redirect(w, r, "/profile", http.StatusSeeOther)
}

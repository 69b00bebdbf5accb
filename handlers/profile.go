package handlers

import (
	"errors"
	"net/http"

	"bizprofile/catalog"
	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
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
	v := views.ProfileView{
		Email: u.Email, Individual: u.Kind == store.KindIndividual,
		FullName: p.FullName, FirstName: p.FirstName, LastName: p.LastName, Phone: p.Phone,
		Location: p.Location, Profession: p.Profession, Interests: p.Interests, Bio: p.Bio,
		Errors: catalog.FieldErrors{},
	}
	// A member's emails about the account (review alerts, the analytics
	// summary) are the owner's settings: the page says so instead.
	if v.MemberOf, err = h.accountOwnerName(r.Context(), u); err != nil {
		return views.ProfileView{}, err
	}
	if u.Kind == store.KindBusiness && !u.Member() {
		if v.ReviewAlerts, err = h.store.ReviewAlertsOf(r.Context(), u.ID); err != nil {
			return views.ProfileView{}, err
		}
		bill, err := h.billingOf(r.Context(), u.ID)
		if err != nil {
			return views.ProfileView{}, err
		}
		v.ReviewAlertsShown = true
		if !bill.Plan.ReviewAlerts {
			v.ReviewAlertsPlan = plans.FirstWithReviewAlerts().Name
		}
		if err := h.analyticsSummarySetting(r.Context(), u.ID, bill.Plan, &v); err != nil {
			return views.ProfileView{}, err
		}
	}
	return v, nil
}

// profilePage shows the signed-in user's profile forms.
func (h *Handlers) profilePage(w http.ResponseWriter, r *http.Request) {
	v, err := h.profileView(r)
	if err != nil {
		h.serverError(w, r, err)
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
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v.Section = "details"
	e := v.Errors
	v.Phone = field(r.PostForm, "phone")
	checkPhone(e, "phone", v.Phone)
	if v.Individual {
		v.FirstName, v.LastName = field(r.PostForm, "first_name"), field(r.PostForm, "last_name")
		v.Location, v.Profession = field(r.PostForm, "location"), field(r.PostForm, "profession")
		v.Interests, v.Bio = field(r.PostForm, "interests"), field(r.PostForm, "bio")
		required(e, "first_name", v.FirstName, "Enter your first name.")
		checkLength(e, "first_name", v.FirstName, 60)
		required(e, "last_name", v.LastName, "Enter your last name.")
		checkLength(e, "last_name", v.LastName, 60)
		required(e, "location", v.Location, "Enter where you are, like Denver, CO.")
		checkLength(e, "location", v.Location, 120)
		checkOption(e, "profession", v.Profession, catalog.Professions, "Choose your profession.")
		checkLength(e, "interests", v.Interests, 300)
		checkLength(e, "bio", v.Bio, 1000)
		v.FullName = v.FirstName + " " + v.LastName
	} else {
		v.FullName = field(r.PostForm, "full_name")
		required(e, "full_name", v.FullName, "Enter your full name.")
		checkLength(e, "full_name", v.FullName, 100)
	}
	if len(e) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.ProfilePage(h.chrome(r), v))
		return
	}
	u := currentUser(r)
	p, err := h.store.ProfileOf(r.Context(), u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	p.FullName, p.Phone = v.FullName, v.Phone
	if v.Individual {
		p.FirstName, p.LastName, p.Location, p.Profession, p.Interests, p.Bio = v.FirstName, v.LastName, v.Location, v.Profession, v.Interests, v.Bio
	}
	if err := h.store.SaveProfile(r.Context(), p); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.flash(r, views.Toast{Title: "Profile saved", Description: "Your details are up to date."})
	http.Redirect(w, r, "/profile", http.StatusSeeOther)
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
	checkOption(v.Errors, "review_alerts", v.ReviewAlerts, views.ReviewAlertOptions, "Choose how we tell you about new reviews.")
	if len(v.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.ProfilePage(h.chrome(r), v))
		return
	}
	u := currentUser(r)
	if err := h.store.SetReviewAlerts(r.Context(), u.ID, v.ReviewAlerts); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("review alerts set", "user_id", u.ID, "setting", v.ReviewAlerts)
	h.flash(r, views.Toast{Title: "Review alerts saved", Description: reviewAlertsSaved[v.ReviewAlerts]})
	http.Redirect(w, r, "/profile#review-alerts", http.StatusSeeOther)
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
	if err != nil {
		h.serverError(w, r, err)
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
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v.Section = "password"
	u := currentUser(r)
	password := r.PostFormValue("password")
	if !checkPassword(u.PasswordHash, r.PostFormValue("current_password")) {
		v.Errors["current_password"] = "That is not your current password."
	}
	checkPasswords(v.Errors, password, r.PostFormValue("confirm_password"), u.Email, v.FullName, v.FirstName, v.LastName)
	if len(v.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.ProfilePage(h.chrome(r), v))
		return
	}
	hash, err := hashPassword(password)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	var version int
	err = h.store.InTx(r.Context(), func(tx *store.Store) error {
		version, err = tx.SetPassword(r.Context(), u.ID, hash)
		if err != nil {
			return err
		}
		return domain.QueueMail(r.Context(), tx, bizmail.PasswordChanged(h.domain.Site(), u.Email))
	})
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	if err := h.sessions.RenewToken(r.Context()); err != nil {
		h.serverError(w, r, err)
		return
	}
	h.sessions.Put(r.Context(), sessionVersion, version)
	h.log.Info("password changed", "user_id", u.ID, "ip", clientIP(r))
	h.flash(r, views.Toast{Title: "Password changed", Description: "You have been signed out on every other device."})
	http.Redirect(w, r, "/profile", http.StatusSeeOther)
}

// changeEmail sends a confirmation link to the new address; the address
// changes only when that link is opened.
func (h *Handlers) changeEmail(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	v, err := h.profileView(r)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	v.Section = "email"
	u := currentUser(r)
	v.NewEmail = field(r.PostForm, "new_email")
	checkEmail(v.Errors, "new_email", v.NewEmail)
	if !v.Errors.Has("new_email") && store.NormalizeEmail(v.NewEmail) == u.Email {
		v.Errors["new_email"] = "This is already your email address."
	}
	if !checkPassword(u.PasswordHash, r.PostFormValue("current_password")) {
		v.Errors["current_password"] = "That is not your current password."
	}
	if len(v.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.ProfilePage(h.chrome(r), v))
		return
	}
	if ok, retry := h.limits.resendIP.Allow(r.Context(), clientIP(r)); !ok {
		h.flash(r, views.Toast{Title: "Error", Description: tooManyMessage(retry), Variant: "destructive"})
		http.Redirect(w, r, "/profile", http.StatusSeeOther)
		return
	}
	err = h.store.InTx(r.Context(), func(tx *store.Store) error {
		token, err := h.newToken(r.Context(), tx, u.ID, store.TokenEmailChange, v.NewEmail, verifyTTL)
		if err != nil {
			return err
		}
		return domain.QueueMail(r.Context(), tx, bizmail.ConfirmEmailChange(h.domain.Site(), store.NormalizeEmail(v.NewEmail), h.site.BaseURL+"/profile/confirm-email?token="+token))
	})
	if err != nil {
		h.log.Error("email change not started", "error", err, "user_id", u.ID)
		v.Errors["new_email"] = "We could not send the confirmation email just now. Please try again in a moment."
		h.render(w, r, http.StatusServiceUnavailable, views.ProfilePage(h.chrome(r), v))
		return
	}
	h.flash(r, views.Toast{Title: "Check your new inbox", Description: "We sent a confirmation link to " + store.NormalizeEmail(v.NewEmail) + "."})
	http.Redirect(w, r, "/profile", http.StatusSeeOther)
}

// confirmEmail follows the link sent to a new address and switches to it.
func (h *Handlers) confirmEmail(w http.ResponseWriter, r *http.Request) {
	tok, err := h.store.UseToken(r.Context(), store.Digest(r.URL.Query().Get("token")), store.TokenEmailChange)
	if errors.Is(err, store.ErrTokenInvalid) {
		h.flash(r, views.Toast{Title: "Error", Description: "This confirmation link has expired or was already used. Request a new one below.", Variant: "destructive"})
		http.Redirect(w, r, "/profile#email", http.StatusSeeOther)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	lost, err := h.store.SetEmail(r.Context(), tok.UserID, tok.Email)
	if errors.Is(err, store.ErrEmailTaken) {
		h.flash(r, views.Toast{Title: "Error", Description: "Another account now uses that address, so your email was not changed.", Variant: "destructive"})
		http.Redirect(w, r, "/profile#email", http.StatusSeeOther)
		return
	}
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	h.log.Info("email changed", "user_id", tok.UserID)
	h.flash(r, views.Toast{Title: "Email changed", Description: "You now sign in with " + tok.Email + "."})
	for _, b := range lost {
		// SetEmail took the badge away: the old address's domain was its proof.
		h.log.Info("domain verification removed at an email change", "user_id", tok.UserID, "business_id", b.ID)
		h.flash(r, views.Toast{Title: "Verified badge removed", Description: "Your listing " + b.Name + " is no longer verified: its website is not at your new address's domain. Verify it again from its page."})
	}
	http.Redirect(w, r, "/profile", http.StatusSeeOther)
}

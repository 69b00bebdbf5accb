package domain

import (
	"context"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
)

// ProfileInput is a person's details on /profile: a name and phone for
// everyone, and an individual's profile (Individual) in place of the name.
type ProfileInput struct {
	Individual                                                bool
	FullName, Phone                                           string
	FirstName, LastName, Location, Profession, Interests, Bio string
}

// Check is what breaks the rules in in, by the form's field names.
func (in ProfileInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	CheckPhone(e, "phone", in.Phone)
	if !in.Individual {
		Required(e, "full_name", in.FullName, "Enter your full name.")
		CheckLength(e, "full_name", in.FullName, 100)
		return e
	}
	Required(e, "first_name", in.FirstName, "Enter your first name.")
	CheckLength(e, "first_name", in.FirstName, 60)
	Required(e, "last_name", in.LastName, "Enter your last name.")
	CheckLength(e, "last_name", in.LastName, 60)
	Required(e, "location", in.Location, "Enter where you are, like Denver, CO.")
	CheckLength(e, "location", in.Location, 120)
	// Optional: the individual sign-up no longer asks it.
	CheckRule(e, "profession", in.Profession, catalog.FieldRule{Options: catalog.Professions, Invalid: "Choose one of the professions."})
	CheckLength(e, "interests", in.Interests, 300)
	CheckLength(e, "bio", in.Bio, 1000)
	return e
}

// Name is the full name the profile gives: an individual's first and last
// names.
func (in ProfileInput) Name() string {
	if in.Individual {
		return in.FirstName + " " + in.LastName
	}
	return in.FullName
}

// SaveProfile stores userID's details; Invalid says what breaks the rules.
func (a *Accounts) SaveProfile(ctx context.Context, userID int64, in ProfileInput) error {
	if errs := in.Check(); len(errs) > 0 {
		return Invalid(errs)
	}
	p, err := a.store.ProfileOf(ctx, userID)
	if err != nil {
		return err
	}
	p.FullName, p.Phone = in.Name(), in.Phone
	if in.Individual {
		p.FirstName, p.LastName, p.Location, p.Profession, p.Interests, p.Bio = in.FirstName, in.LastName, in.Location, in.Profession, in.Interests, in.Bio
	}
	return a.store.SaveProfile(ctx, p)
}

// SetReviewAlerts stores how a business owner hears of new reviews of
// their listings; Invalid says the setting is none of the choices.
func (a *Accounts) SetReviewAlerts(ctx context.Context, userID int64, setting string) error {
	e := catalog.FieldErrors{}
	if CheckOption(e, "review_alerts", setting, catalog.ReviewAlerts, "Choose how we tell you about new reviews."); len(e) > 0 {
		return Invalid(e)
	}
	if err := a.store.SetReviewAlerts(ctx, userID, setting); err != nil {
		return err
	}
	a.log.Info("review alerts set", "user_id", userID, "setting", setting)
	return nil
}

// PasswordChange is the change-password form on /profile: the new
// password (the current one is asked again: Reauth).
type PasswordChange struct {
	Password, ConfirmPassword string
	Names                     []string // the person's names, which the password may not hold
}

// ChangePassword sets u's new password after checking the current one
// (re) and emails them that it changed. Every session of u signed in
// before ends (it returns the new session version, for the one that goes
// on); Invalid says what breaks the rules, PasswordHeld that the current
// password may not be checked yet.
func (a *Accounts) ChangePassword(ctx context.Context, u store.User, re Reauth, in PasswordChange) (version int, err error) {
	e := catalog.FieldErrors{}
	if err := a.checkAgain(ctx, u, re, e); err != nil {
		return 0, err
	}
	if checkPasswords(e, in.Password, in.ConfirmPassword, u.Email, in.Names...); len(e) > 0 {
		return 0, Invalid(e)
	}
	hash, err := HashPassword(in.Password)
	if err != nil {
		return 0, err
	}
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		if version, err = tx.SetPassword(ctx, u.ID, hash); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.PasswordChanged(a.site, u.Email))
	})
	return version, err
}

// EmailChange is the change-email form on /profile (the password is asked
// again: Reauth).
type EmailChange struct {
	NewEmail string
}

// Check is what breaks the rules in u's change in: an address, not u's,
// by the form's field names.
func (in EmailChange) Check(u store.User) catalog.FieldErrors {
	e := catalog.FieldErrors{}
	CheckEmail(e, "new_email", in.NewEmail)
	if !e.Has("new_email") && store.NormalizeEmail(in.NewEmail) == u.Email {
		e["new_email"] = "This is already your email address."
	}
	return e
}

// CheckEmailChange checks u's change in and their password, asked again
// (re): Invalid says what breaks the rules, PasswordHeld that the password
// may not be checked yet.
func (a *Accounts) CheckEmailChange(ctx context.Context, u store.User, re Reauth, in EmailChange) error {
	e := in.Check(u)
	if err := a.checkAgain(ctx, u, re, e); err != nil {
		return err
	}
	return invalid(e)
}

// StartEmailChange sends u a link to the new address of in (checked with
// CheckEmailChange); the address changes only when that link is opened
// (ConfirmEmail).
func (a *Accounts) StartEmailChange(ctx context.Context, u store.User, in EmailChange) error {
	return a.store.InTx(ctx, func(tx *store.Store) error {
		token, err := a.newToken(ctx, tx, u.ID, store.TokenEmailChange, in.NewEmail, VerifyTTL)
		if err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.ConfirmEmailChange(a.site, store.NormalizeEmail(in.NewEmail), a.link("/profile/confirm-email?token="+token)))
	})
}

// EmailChanged is a confirmed change of address.
type EmailChanged struct {
	UserID int64
	Email  string // the new address
	// Unverified are the listings that lost their badge: the old
	// address's domain was its proof, and their website is not at the
	// new one's.
	Unverified []store.Business
}

// ConfirmEmail follows the link sent to a new address and switches to it.
// store.ErrTokenInvalid says the link does not work, store.ErrEmailTaken
// that another account took the address since.
func (a *Accounts) ConfirmEmail(ctx context.Context, token string) (EmailChanged, error) {
	tok, err := a.store.UseToken(ctx, store.Digest(token), store.TokenEmailChange)
	if err != nil {
		return EmailChanged{}, err
	}
	lost, err := a.store.SetEmail(ctx, tok.UserID, tok.Email)
	if err != nil {
		return EmailChanged{}, err
	}
	a.log.Info("email changed", "user_id", tok.UserID)
	for _, b := range lost {
		a.log.Info("domain verification removed at an email change", "user_id", tok.UserID, "business_id", b.ID)
	}
	return EmailChanged{UserID: tok.UserID, Email: tok.Email, Unverified: lost}, nil
}

// Export is u's data as 'Download my data' gives it: leads past the
// plan's monthly cap come locked, as the inbox shows them.
func (a *Accounts) Export(ctx context.Context, u store.User) (store.AccountData, error) {
	leadCap := LeadCap{max: plans.Unlimited}
	if u.Kind == store.KindBusiness {
		bill, err := a.billingOf(ctx, a.store, u.ID)
		if err != nil {
			return store.AccountData{}, err
		}
		leadCap = bill.Leads()
	}
	return a.store.AccountData(ctx, u.ID, leadCap.Max())
}

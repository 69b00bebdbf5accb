package domain

import (
	"context"
	"errors"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/places"
	"bizprofile/store"
)

// SignUp is the input of one of the sign-up forms: checked, it makes an
// account (see Accounts.SignUp).
type SignUp interface {
	Check() catalog.FieldErrors
	// account is the account it makes, the password it sets and the name
	// the verification email greets.
	account() (a store.NewAccount, password, name string)
}

// signUpFollowUp is a sign-up that makes more than the account, in its
// transaction: a partner's application, a business's referral.
type signUpFollowUp interface {
	created(ctx context.Context, e *env, tx *store.Store, u store.User, ip string) error
}

// SignUpInput is the shared sign-in screen's sign-up mode: an individual
// account with a name.
type SignUpInput struct {
	FullName, Email, Password string
}

// Check is what breaks the rules in in, by the form's field names.
func (in SignUpInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "full_name", in.FullName, "Enter your full name.")
	CheckLength(e, "full_name", in.FullName, 100)
	CheckEmail(e, "email", in.Email)
	if msg := PasswordProblem(in.Password, in.Email, in.FullName); msg != "" {
		e["password"] = msg
	}
	return e
}

func (in SignUpInput) account() (store.NewAccount, string, string) {
	return store.NewAccount{Email: in.Email, Kind: store.KindIndividual, Profile: store.Profile{FullName: in.FullName}}, in.Password, in.FullName
}

// BusinessSignupInput is the 'Join as Business' form: a business account
// and its first listing.
type BusinessSignupInput struct {
	BusinessName, OwnerName, Email, Phone, Category, Location, Website, Description string
	Password, ConfirmPassword                                                       string
	// Referral is the referral cookie's value (ReferralCookie): the
	// partner link the visitor followed, if any (partner_accounts.go).
	Referral string
}

// Check is what breaks the rules in in, by the form's field names.
func (in BusinessSignupInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "business_name", in.BusinessName, "Enter your business name.")
	CheckLength(e, "business_name", in.BusinessName, 120)
	Required(e, "owner_name", in.OwnerName, "Enter the owner's or manager's name.")
	CheckLength(e, "owner_name", in.OwnerName, 100)
	CheckEmail(e, "email", in.Email)
	CheckPhone(e, "phone", in.Phone)
	CheckOption(e, "category", in.Category, catalog.SignupCategories, "Choose a business category.")
	Required(e, "location", in.Location, "Enter where the business is, like Austin, TX.")
	CheckLength(e, "location", in.Location, 120)
	if _, _, ok := places.ParseLocation(in.Location); !ok && !e.Has("location") {
		e["location"] = "Enter the city and state, like Austin, TX."
	}
	CheckURL(e, "website", in.Website)
	Required(e, "description", in.Description, "Describe your business in a sentence or two.")
	CheckLength(e, "description", in.Description, 2000)
	checkPasswords(e, in.Password, in.ConfirmPassword, in.Email, in.OwnerName)
	return e
}

// account: the listing is a draft until the address is verified (then it
// goes live, or is held for review: Listings.Release). Its hours are the
// wizard's starting ones (store.DefaultWeek), not seven closed days.
func (in BusinessSignupInput) account() (store.NewAccount, string, string) {
	city, state, _ := places.ParseLocation(in.Location)
	return store.NewAccount{
		Email:   in.Email,
		Kind:    store.KindBusiness,
		Profile: store.Profile{FullName: in.OwnerName, Phone: in.Phone, Location: places.Place(city, state)},
		Business: &store.Business{
			Name: in.BusinessName, Description: in.Description, Category: in.Category,
			City: city, State: state, Phone: in.Phone, Website: in.Website, Email: store.NormalizeEmail(in.Email), Hours: store.DefaultWeek(),
			ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowPricing: true, ShowHours: true,
		},
	}, in.Password, in.OwnerName
}

// IndividualSignupInput is the 'Join as Individual' form: an individual
// account with its profile. It asks no profession: nothing used it (the
// profile keeps the column, optional on /profile).
type IndividualSignupInput struct {
	FirstName, LastName, Email, Phone, Location, Interests, Bio string
	Password, ConfirmPassword                                   string
}

// Check is what breaks the rules in in, by the form's field names.
func (in IndividualSignupInput) Check() catalog.FieldErrors {
	e := ProfileInput{Individual: true, FirstName: in.FirstName, LastName: in.LastName, Phone: in.Phone,
		Location: in.Location, Interests: in.Interests, Bio: in.Bio}.Check()
	CheckEmail(e, "email", in.Email)
	checkPasswords(e, in.Password, in.ConfirmPassword, in.Email, in.FirstName, in.LastName)
	return e
}

func (in IndividualSignupInput) account() (store.NewAccount, string, string) {
	name := in.FirstName + " " + in.LastName
	return store.NewAccount{
		Email: in.Email,
		Kind:  store.KindIndividual,
		Profile: store.Profile{
			FullName: name, FirstName: in.FirstName, LastName: in.LastName, Phone: in.Phone, Location: in.Location,
			Interests: in.Interests, Bio: in.Bio,
		},
	}, in.Password, name
}

// SignUp creates the account of in, from the visitor at ip, and queues
// the email with the link that verifies it, in one transaction. An
// address that already has an account gets a note instead (and the
// visitor the same answer), so sign-up never reveals who is registered.
// Invalid says what breaks the rules.
func (a *Accounts) SignUp(ctx context.Context, in SignUp, ip string) error {
	if errs := in.Check(); len(errs) > 0 {
		return Invalid(errs)
	}
	acc, password, name := in.account()
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	acc.PasswordHash = hash
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		u, biz, err := tx.CreateAccount(ctx, acc)
		if err != nil {
			return err
		}
		a.log.Info("account created", "user_id", u.ID, "kind", u.Kind, "ip", ip)
		if biz != nil {
			a.log.Info("listing draft saved", "owner_id", u.ID)
		}
		if f, ok := in.(signUpFollowUp); ok {
			if err := f.created(ctx, a.env, tx, u, ip); err != nil {
				return err
			}
		}
		return a.queueVerification(ctx, tx, u, name)
	})
	if errors.Is(err, store.ErrEmailTaken) {
		email := store.NormalizeEmail(acc.Email)
		a.log.Info("sign-up for a registered address", "email", email, "ip", ip)
		return queueMail(ctx, a.store, bizmail.AlreadyRegistered(a.site, email))
	}
	return err
}

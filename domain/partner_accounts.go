package domain

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/plans"
	"bizprofile/store"
)

// Partner accounts and the referral link (issue 36): the application, an
// administrator's approval (which gives the partner its code) or decline,
// the link's clicks and cookie, and the attribution of a new business
// account to the partner whose link brought it, within the fraud rules.

// PartnerApplication is the partner programme's application, the fields
// the sign-up form asks of everyone (signed in or not).
type PartnerApplication struct {
	Name, Company, Website, Kind, Plan, Message string
	AcceptTerms                                 bool
}

// Check is what breaks the rules in in, by the form's field names.
func (in PartnerApplication) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "name", in.Name, "Enter your name.")
	CheckLength(e, "name", in.Name, 100)
	Required(e, "company", in.Company, "Enter your company's name.")
	CheckLength(e, "company", in.Company, 200)
	CheckURL(e, "website", in.Website)
	CheckLength(e, "website", in.Website, 200)
	CheckOption(e, "kind", in.Kind, catalog.PartnerTiers, "Choose what kind of partner you are.")
	if _, ok := plans.PartnerPlanByID(in.Plan); !ok {
		e["plan"] = "Choose a partner plan."
	}
	CheckLength(e, "message", in.Message, 2000)
	if !in.AcceptTerms {
		e["terms"] = "Accept the partner terms to apply."
	}
	return e
}

// PartnerSignUpInput is the partner sign-up of a signed-out visitor: an
// account of kind partner with its application, pending approval.
type PartnerSignUpInput struct {
	PartnerApplication
	Email, Password, ConfirmPassword string
}

// Check is what breaks the rules in in, by the form's field names.
func (in PartnerSignUpInput) Check() catalog.FieldErrors {
	e := in.PartnerApplication.Check()
	CheckEmail(e, "email", in.Email)
	checkPasswords(e, in.Password, in.ConfirmPassword, in.Email, in.Name)
	return e
}

func (in PartnerSignUpInput) account() (store.NewAccount, string, string) {
	return store.NewAccount{Email: in.Email, Kind: store.KindPartner, Profile: store.Profile{FullName: in.Name}}, in.Password, in.Name
}

// created makes the new account's partner application (Accounts.SignUp).
func (in PartnerSignUpInput) created(ctx context.Context, e *env, tx *store.Store, u store.User, _ string) error {
	return e.applyPartner(ctx, tx, u, in.PartnerApplication)
}

// Apply makes user u, signed in, a partner, pending approval; the kind of
// account stays. store.ErrAlreadyPartner when u is one already; Invalid
// says what breaks the rules.
func (p *Partners) Apply(ctx context.Context, u store.User, in PartnerApplication) error {
	if errs := in.Check(); len(errs) > 0 {
		return Invalid(errs)
	}
	return p.store.InTx(ctx, func(tx *store.Store) error { return p.applyPartner(ctx, tx, u, in) })
}

// applyPartner stores u's application and tells the administrators.
func (e *env) applyPartner(ctx context.Context, tx *store.Store, u store.User, in PartnerApplication) error {
	if err := tx.CreatePartner(ctx, store.NewPartner{UserID: u.ID, Plan: in.Plan, Kind: in.Kind, Name: in.Name, Company: in.Company,
		Website: in.Website, Text: in.Message, TermsAcceptedAt: e.now()}); err != nil {
		return err
	}
	e.log.Info("partner application", "user_id", u.ID, "plan", in.Plan)
	plan, _ := plans.PartnerPlanByID(in.Plan)
	return e.notifyAdmins(ctx, tx, func(to string) bizmail.Message {
		lines := []string{in.Name + " <" + u.Email + "> of " + in.Company + " applied to be a " + catalog.OptionLabel(catalog.PartnerTiers, in.Kind) +
			" on the " + plan.Name + " plan (" + strconv.Itoa(plan.CommissionPercent) + "% commission)."}
		if in.Website != "" {
			lines = append(lines, "Website: "+in.Website)
		}
		if in.Message != "" {
			lines = append(lines, "“"+in.Message+"”")
		}
		return bizmail.FormReceived(e.site, to, "Partner application from "+in.Company, lines, e.link("/admin/partners/"+strconv.FormatInt(u.ID, 10)))
	})
}

// Account is the partner account of the user; store.ErrNotFound when the
// user is no partner.
func (p *Partners) Account(ctx context.Context, userID int64) (store.Partner, error) {
	return p.store.PartnerByUser(ctx, userID)
}

// Link is the partner's referral link, BASE_URL/r/{code}; "" until the
// partner is approved (and has a code).
func (p *Partners) Link(pa store.Partner) string {
	if pa.Code == "" {
		return ""
	}
	return p.link("/r/" + pa.Code)
}

// Referred is an account a partner referred, as the partner sees it:
// nothing private (no email, no person's name).
type Referred struct {
	Businesses []string // its listings' names
	Plan       string   // the name of the plan it is on now
	Since      time.Time
}

// Referred are the accounts attributed to the partner now, newest first.
func (p *Partners) Referred(ctx context.Context, partnerID int64) ([]Referred, error) {
	as, err := p.store.ReferredAccounts(ctx, partnerID)
	if err != nil {
		return nil, err
	}
	out := make([]Referred, len(as))
	for i, a := range as {
		bill, err := p.billingOf(ctx, p.store, a.UserID)
		if err != nil {
			return nil, err
		}
		out[i] = Referred{Businesses: a.Businesses, Plan: bill.Plan.Name, Since: a.Since}
	}
	return out, nil
}

// Approval.

// partnerCodeAlphabet is what a referral code is written with: lower-case
// letters and digits without those read as one another (0 and o, 1 and
// l), 32 characters.
const partnerCodeAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

// PartnerCodeLength is the length of a referral code.
const PartnerCodeLength = 8

// NewPartnerCode is a random referral code.
func NewPartnerCode() string {
	b := make([]byte, PartnerCodeLength)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = partnerCodeAlphabet[int(b[i])%len(partnerCodeAlphabet)] // 256 is a multiple of 32: no bias
	}
	return string(b)
}

// ValidPartnerCode reports whether code is written as a referral code is.
func ValidPartnerCode(code string) bool {
	if len(code) != PartnerCodeLength {
		return false
	}
	for i := 0; i < len(code); i++ {
		if !strings.ContainsRune(partnerCodeAlphabet, rune(code[i])) {
			return false
		}
	}
	return true
}

// PartnerDecision is an administrator's answer to a partner account: an
// approval, on a plan with an optional note, or a decline with a reason.
type PartnerDecision struct {
	Approve bool
	Plan    string // an approval's; "" keeps the plan applied for
	Reason  string // the note of an approval, the reason of a decline
}

// Check is what breaks the rules in d, by the form's field names.
func (d PartnerDecision) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	if _, ok := plans.PartnerPlanByID(d.Plan); d.Approve && d.Plan != "" && !ok {
		e["plan"] = "Choose a partner plan."
	}
	if !d.Approve {
		Required(e, "reason", d.Reason, "Say why the application is declined: the partner reads it.")
	}
	CheckLength(e, "reason", d.Reason, 2000)
	return e
}

// Decide records admin's decision on partner partnerID and emails the
// partner: an approval gives the partner its referral code (a partner
// approved before keeps its code) and the link; a decline, the reason. A
// declined partner may be approved later. store.ErrNotFound when the
// user is no partner; Invalid says what breaks the rules.
func (p *Partners) Decide(ctx context.Context, admin store.User, partnerID int64, d PartnerDecision) error {
	if errs := d.Check(); len(errs) > 0 {
		return Invalid(errs)
	}
	return p.store.InTx(ctx, func(tx *store.Store) error {
		pa, err := tx.PartnerByUser(ctx, partnerID)
		if err != nil {
			return err
		}
		dec := store.PartnerDecision{UserID: partnerID, State: store.PartnerDeclined, Plan: pa.Plan, Reason: d.Reason, By: admin.ID, At: p.now()}
		if d.Approve {
			dec.State = store.PartnerApproved
			if d.Plan != "" {
				dec.Plan = d.Plan
			}
			if pa.Code == "" {
				if dec.Code, err = p.freeCode(ctx, tx); err != nil {
					return err
				}
				pa.Code = dec.Code
			}
		}
		if err := tx.DecidePartner(ctx, dec); err != nil {
			return err
		}
		p.log.Info("partner decided", "partner_id", partnerID, "state", dec.State, "plan", dec.Plan, "admin_id", admin.ID)
		if !d.Approve {
			return queueMail(ctx, tx, bizmail.PartnerDeclined(p.site, pa.Email, pa.Name, d.Reason, p.link("/partners/dashboard")))
		}
		plan, _ := plans.PartnerPlanByID(dec.Plan)
		return queueMail(ctx, tx, bizmail.PartnerApproved(p.site, pa.Email, pa.Name, plan.Name, plan.CommissionPercent, d.Reason,
			p.Link(pa), p.link("/partners/dashboard")))
	})
}

// freeCode is a referral code no partner has.
func (p *Partners) freeCode(ctx context.Context, tx *store.Store) (string, error) {
	for {
		code := NewPartnerCode()
		taken, err := tx.PartnerCodeTaken(ctx, code)
		if err != nil || !taken {
			return code, err
		}
	}
}

// The link.

// ReferralCookie is the name of the first-party cookie that remembers the
// last valid click on a partner's link: "CODE.UNIXCLICKTIME".
const ReferralCookie = "bp_ref"

// ReferralCookieMaxAge is how long the cookie lasts: the attribution
// window.
const ReferralCookieMaxAge = plans.AttributionDays * 24 * time.Hour

// Follow reads a click on a referral code (the link /r/{code} or ?ref=):
// the value of the cookie to set when code is an approved partner's, ok
// false (nothing to change) otherwise. A click from a person's browser
// (human) is counted for the partner's day.
func (p *Partners) Follow(ctx context.Context, code string, human bool) (cookie string, ok bool, err error) {
	code = strings.ToLower(strings.TrimSpace(code))
	if !ValidPartnerCode(code) {
		return "", false, nil
	}
	pa, err := p.store.PartnerByCode(ctx, code)
	if errors.Is(err, store.ErrNotFound) || (err == nil && pa.State != store.PartnerApproved) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	now := p.now()
	if human {
		if err := p.store.CountPartnerClick(ctx, pa.UserID, store.Day(now)); err != nil {
			return "", false, err
		}
	}
	return code + "." + strconv.FormatInt(now.Unix(), 10), true, nil
}

// ParseReferralCookie reads the cookie's value: the code and when its
// link was clicked.
func ParseReferralCookie(v string) (code string, clickedAt time.Time, ok bool) {
	code, at, found := strings.Cut(v, ".")
	secs, err := strconv.ParseInt(at, 10, 64)
	if !found || err != nil || !ValidPartnerCode(code) {
		return "", time.Time{}, false
	}
	return code, time.Unix(secs, 0).UTC(), true
}

// InAttributionWindow reports whether a click at clickedAt still counts
// at now: within plans.AttributionDays, and not in the future (a minute
// of clock drift between instances aside).
func InAttributionWindow(clickedAt, now time.Time) bool {
	return !clickedAt.After(now.Add(time.Minute)) && now.Sub(clickedAt) <= ReferralCookieMaxAge
}

// webmailDomains are the common webmail domains: two people with such
// addresses share nothing but their provider.
var webmailDomains = map[string]bool{
	"gmail.com": true, "googlemail.com": true, "outlook.com": true, "hotmail.com": true, "live.com": true, "msn.com": true,
	"yahoo.com": true, "icloud.com": true, "me.com": true, "aol.com": true, "proton.me": true, "protonmail.com": true,
	"gmx.com": true, "gmx.net": true, "mail.com": true, "yandex.com": true, "zoho.com": true, "fastmail.com": true,
}

// emailDomain is the lower-case domain of an address.
func emailDomain(email string) string {
	i := strings.LastIndexByte(email, '@')
	if i < 0 {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(email[i+1:]))
}

// Rules that refuse a referral (the log says which).
const (
	RefusedOwnAccount  = "own account"
	RefusedSameDomain  = "partner's email domain"
	RefusedSameAddress = "partner's address that day"
)

// ReferralRefusal is the fraud rule that refuses attributing account u
// to partner pa ("" for none): u is the partner's own account, has an
// address at the partner's email domain (a common webmail domain
// excepted), or signs up from an address the partner's own session used
// that day (sameAddress).
func ReferralRefusal(pa store.Partner, u store.User, sameAddress bool) string {
	d := emailDomain(u.Email)
	switch {
	case u.ID == pa.UserID:
		return RefusedOwnAccount
	case d != "" && d == emailDomain(pa.Email) && !webmailDomains[d]:
		return RefusedSameDomain
	case sameAddress:
		return RefusedSameAddress
	}
	return ""
}

// addressHash is what is kept of an address a partner's session used on
// day: sha256 of the day's visitor salt and the address.
func addressHash(ctx context.Context, st *store.Store, day, ip string) ([]byte, error) {
	salt, err := st.VisitorSalt(ctx, day)
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte(ip))
	return h.Sum(nil), nil
}

// SawPartnerAt records that user userID, when a partner, used address ip
// today (signing in, opening the partner area), as a salted hash: a
// business account signed up from it today is not the partner's referral.
// Not for the visitor to wait on: a failure is logged.
func (p *Partners) SawPartnerAt(ctx context.Context, userID int64, ip string) {
	err := func() error {
		if _, err := p.store.PartnerByUser(ctx, userID); err != nil {
			return err
		}
		day := store.Day(p.now())
		hash, err := addressHash(ctx, p.store, day, ip)
		if err != nil {
			return err
		}
		return p.store.AddPartnerAddress(ctx, userID, day, hash)
	}()
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		p.log.Warn("partner address not recorded", "user_id", userID, "error", err)
	}
}

// Attribute attributes business account userID, just created (or just
// become one), to the partner of the referral cookie's value, from the
// visitor at ip, and reports whether it did. An account attributed
// already keeps its partner.
func (p *Partners) Attribute(ctx context.Context, userID int64, cookie, ip string) (bool, error) {
	var done bool
	err := p.store.InTx(ctx, func(tx *store.Store) error {
		u, err := tx.UserByID(ctx, userID)
		if err != nil {
			return err
		}
		done, err = p.attribute(ctx, tx, u, cookie, ip)
		return err
	})
	return done, err
}

// attribute is Attribute in a transaction: the cookie's click must be in
// the window, its partner still approved, and no fraud rule refuse it
// (an Info line names the rule).
func (e *env) attribute(ctx context.Context, tx *store.Store, u store.User, cookie, ip string) (bool, error) {
	if cookie == "" {
		return false, nil
	}
	code, clickedAt, ok := ParseReferralCookie(cookie)
	now := e.now()
	if !ok || !InAttributionWindow(clickedAt, now) {
		e.log.Info("referral not attributed", "user_id", u.ID, "rule", "no valid click in the window")
		return false, nil
	}
	pa, err := tx.PartnerByCode(ctx, code)
	if errors.Is(err, store.ErrNotFound) || (err == nil && pa.State != store.PartnerApproved) {
		e.log.Info("referral not attributed", "user_id", u.ID, "rule", "partner not approved")
		return false, nil
	}
	if err != nil {
		return false, err
	}
	day := store.Day(now)
	hash, err := addressHash(ctx, tx, day, ip)
	if err != nil {
		return false, err
	}
	same, err := tx.PartnerUsedAddress(ctx, pa.UserID, day, hash)
	if err != nil {
		return false, err
	}
	if rule := ReferralRefusal(pa, u, same); rule != "" {
		e.log.Info("referral refused", "user_id", u.ID, "partner_id", pa.UserID, "rule", rule)
		return false, nil
	}
	done, err := tx.CreateReferral(ctx, store.Referral{UserID: u.ID, PartnerID: pa.UserID, ClickedAt: sql.NullTime{Time: clickedAt, Valid: true}, CreatedAt: now})
	if done {
		e.log.Info("referral attributed", "user_id", u.ID, "partner_id", pa.UserID)
	}
	return done, err
}

// created attributes the new business account to the partner of its
// referral cookie (Accounts.SignUp).
func (in BusinessSignupInput) created(ctx context.Context, e *env, tx *store.Store, u store.User, ip string) error {
	_, err := e.attribute(ctx, tx, u, in.Referral, ip)
	return err
}

// Administrators' changes.

// ReferralChange is an administrator's change of the partner an account
// is attributed to.
type ReferralChange struct {
	UserID    int64
	PartnerID int64 // 0: none
	Reason    string
}

// Check is what breaks the rules in c, by the form's field names.
func (c ReferralChange) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "reason", c.Reason, "Say why the attribution changes: it is kept in the log.")
	CheckLength(e, "reason", c.Reason, 1000)
	return e
}

// ChangeReferral sets (or clears) the partner of an account, logged with
// who, from, to, why and when: only administrators change an attribution.
// The partner must be approved and not the account itself; Invalid says
// what breaks the rules, store.ErrNotFound that the account is gone.
func (p *Partners) ChangeReferral(ctx context.Context, admin store.User, c ReferralChange) error {
	errs := c.Check()
	if c.PartnerID == c.UserID && c.PartnerID != 0 {
		errs["partner"] = "An account cannot be its own partner's referral."
	}
	if c.PartnerID != 0 && !errs.Has("partner") {
		pa, err := p.store.PartnerByUser(ctx, c.PartnerID)
		switch {
		case errors.Is(err, store.ErrNotFound) || (err == nil && pa.State != store.PartnerApproved):
			errs["partner"] = "Choose an approved partner."
		case err != nil:
			return err
		}
	}
	if len(errs) > 0 {
		return Invalid(errs)
	}
	if _, err := p.store.UserByID(ctx, c.UserID); err != nil {
		return err
	}
	from, err := p.store.ChangeReferral(ctx, c.UserID, c.PartnerID, admin.ID, c.Reason, p.now())
	if err == nil {
		p.log.Info("referral changed", "user_id", c.UserID, "from_partner", from, "to_partner", c.PartnerID, "admin_id", admin.ID)
	}
	return err
}

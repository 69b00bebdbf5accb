package domain

import (
	"context"
	"errors"
	"net/url"
	"strconv"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// ClientsPath is an agency's list of client listings; ClientPath one of
// them.
const ClientsPath = "/partners/clients"

// ClientPath is the agency's page of client listing id.
func ClientPath(id int64) string { return ClientsPath + "/" + strconv.FormatInt(id, 10) }

// ClientInvitationPath is the page, emailed to a client, that hands them
// the listing.
func ClientInvitationPath(secret string) string {
	return "/clients/invite?" + url.Values{"token": {secret}}.Encode()
}

// ClientRow is a client listing with its figures over the last
// ClientFigureDays days, as the agency's list shows it.
type ClientRow struct {
	store.ClientListing
	Figures store.AnalyticsTotals
}

// ClientFigureDays is the span of the figures on the agency's list.
const ClientFigureDays = 30

// ClientRows are agency partnerID's client listings, newest first, each
// with its figures over the last ClientFigureDays days.
func (a *Agencies) ClientRows(ctx context.Context, partnerID int64) ([]ClientRow, error) {
	cs, err := a.store.ClientListingsOf(ctx, partnerID)
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	ids := make([]int64, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	rep, err := a.clientFigures(ctx, ids)
	if err != nil {
		return nil, err
	}
	rows := make([]ClientRow, len(cs))
	for i, c := range cs {
		rows[i] = ClientRow{ClientListing: c, Figures: rep.ByListing[c.ID]}
	}
	return rows, nil
}

// clientFigures are the listings' figures over the last ClientFigureDays
// days, today included.
func (a *Agencies) clientFigures(ctx context.Context, ids []int64) (store.AnalyticsReport, error) {
	to := a.now().UTC()
	return a.store.AnalyticsReport(ctx, ids, to.AddDate(0, 0, 1-ClientFigureDays).Format(store.DayFormat), to.Format(store.DayFormat))
}

// ClientInvite is who an agency invites to take a client listing over.
type ClientInvite struct{ Email string }

// Check is what breaks the rules in in, by the form's field names.
func (in ClientInvite) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	CheckRule(e, "email", in.Email, catalog.RequestRules["email"])
	return e
}

// ErrClientAccepted: the client took the listing over already, so there
// is nobody to invite.
var ErrClientAccepted = errors.New("domain: the client accepted the listing already")

// InviteClient emails in.Email an invitation to take client listing c
// over, from agency p; a new invitation replaces the open one (its link
// stops working).
func (a *Agencies) InviteClient(ctx context.Context, p store.Partner, c store.ClientListing, in ClientInvite) error {
	if errs := in.Check(); len(errs) > 0 {
		return Invalid(errs)
	}
	if c.Accepted() {
		return ErrClientAccepted
	}
	secret, err := NewSecret()
	if err != nil {
		return err
	}
	email := store.NormalizeEmail(in.Email)
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.InviteClient(ctx, c.ID, email, store.Digest(secret), a.now()); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.ClientListingInvitation(a.site, email, agencyName(p), c.Name, a.link(ClientInvitationPath(secret))))
	})
	if err == nil {
		a.log.Info("client invited", "business_id", c.ID, "partner_id", p.UserID)
	}
	return err
}

// agencyName is how pages and emails name agency p: its company, or its
// contact's name.
func agencyName(p store.Partner) string {
	if p.Company != "" {
		return p.Company
	}
	return p.Name
}

// AgencyName is how pages and emails name agency p.
func AgencyName(p store.Partner) string { return agencyName(p) }

// ClientOffer is what an invitation's link says to the person who opens
// it: the listing, the agency, and whether they may take it (State, as
// for team invitations: InviteUnknown, InviteUsed, InviteSignIn,
// InviteOtherEmail, InviteBlocked, InviteOpen).
type ClientOffer struct {
	State   InviteState
	Listing store.Business
	Agency  string
	Masked  string // InviteOtherEmail: the invited address, mostly hidden
	// Blocker: InviteBlocked, why ("member": they work in another's
	// team; "partner": a partner account owns no listings).
	Blocker string
	// Becomes: accepting makes the individual's account a business one.
	Becomes bool
}

// ClientOffer is where the invitation of secret stands for u (nil: signed
// out).
func (a *Agencies) ClientOffer(ctx context.Context, secret string, u *store.User) (ClientOffer, error) {
	if secret == "" {
		return ClientOffer{State: InviteUnknown}, nil
	}
	c, err := a.store.ClientInviteByDigest(ctx, store.Digest(secret))
	if errors.Is(err, store.ErrNotFound) {
		return ClientOffer{State: InviteUnknown}, nil
	}
	if err != nil {
		return ClientOffer{}, err
	}
	p, err := a.store.PartnerByUser(ctx, c.PartnerID)
	if err != nil {
		return ClientOffer{}, err
	}
	o := ClientOffer{State: InviteSignIn, Listing: c.Business, Agency: agencyName(p)}
	switch {
	case u == nil:
	case store.NormalizeEmail(u.Email) != c.ClientEmail:
		o.State, o.Masked = InviteOtherEmail, maskEmail(c.ClientEmail)
	case u.Member():
		o.State, o.Blocker = InviteBlocked, "member"
	case u.Kind == store.KindPartner:
		o.State, o.Blocker = InviteBlocked, "partner"
	default:
		o.State, o.Becomes = InviteOpen, u.Kind == store.KindIndividual
	}
	return o, nil
}

// Accepted is what became of a client listing its client accepted.
type Accepted struct {
	Listing store.Business
	Held    bool // its name waits for an administrator's review
}

// AcceptClient gives u the client listing of the invitation of secret,
// which ClientOffer found open: u's account owns it (an individual's
// becomes a business account), it is published (its name checked as any
// listing's and maybe held for review), its email is proved when it is
// u's, and the agency is told, all in one transaction. The agency keeps
// managing it. The client's account becomes the agency's referral, as a
// click on its link would make it, by the same fraud rules (ip is the
// client's address). store.ErrNotFound: the invitation is no longer open.
func (a *Agencies) AcceptClient(ctx context.Context, u store.User, secret, ip string) (Accepted, error) {
	o, err := a.ClientOffer(ctx, secret, &u)
	if err != nil {
		return Accepted{}, err
	}
	if o.State != InviteOpen {
		return Accepted{}, store.ErrNotFound
	}
	c, err := a.store.ClientListing(ctx, o.Listing.ID)
	if err != nil {
		return Accepted{}, err
	}
	p, err := a.store.PartnerByUser(ctx, c.PartnerID)
	if err != nil {
		return Accepted{}, err
	}
	client, err := (&Accounts{a.env}).Person(ctx, u.ID)
	if err != nil {
		return Accepted{}, err
	}
	var acc Accepted
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		if o.Becomes {
			if err := tx.BecomeBusinessAccount(ctx, u.ID); err != nil {
				return err
			}
		}
		if err := tx.AcceptClientListing(ctx, c.ID, u.ID, u.ID, u.Email, store.Digest(secret), a.now()); err != nil {
			return err
		}
		b, err := tx.BusinessByID(ctx, c.ID)
		if err != nil {
			return err
		}
		if acc.Held, err = a.publish(ctx, tx, b); err != nil {
			return err
		}
		if acc.Listing, err = tx.BusinessByID(ctx, c.ID); err != nil {
			return err
		}
		if err := a.attributeClient(ctx, tx, u, p, ip); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.ClientListingAccepted(a.site, p.Email, client.Label(), c.Name, a.link(ClientPath(c.ID))))
	})
	if err == nil {
		a.log.Info("client listing accepted", "business_id", c.ID, "partner_id", p.UserID, "user_id", u.ID, "held", acc.Held)
	}
	return acc, err
}

// RemoveAgency ends, at the request of u (who works in the account that
// owns listing b), the management of b by its agency, which is told.
// store.ErrNotFound: no agency manages b, or b is not u's account's.
func (a *Agencies) RemoveAgency(ctx context.Context, u store.User, b store.Business) error {
	if !b.OwnedBy(u.Account()) {
		return store.ErrNotFound
	}
	p, ok, err := a.ManagedBy(ctx, b.ID)
	if err != nil {
		return err
	}
	if !ok {
		return store.ErrNotFound
	}
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.RemoveAgency(ctx, b.ID); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.ClientListingRemoved(a.site, p.Email, b.Name, a.link(ClientsPath)))
	})
	if err == nil {
		a.log.Info("agency removed from listing", "business_id", b.ID, "partner_id", p.UserID, "user_id", u.ID)
	}
	return err
}

// UpdateClient saves client listing c edited by its agency to in, by the
// rules of an owner's edit (Listings.Update): the agency's address never
// proves the listing's email, which gets its confirmation link.
func (a *Agencies) UpdateClient(ctx context.Context, c store.ClientListing, in ListingInput) (Updated, error) {
	return (&Listings{a.env}).Update(ctx, c.Business, in, "")
}

// ClientActivity is what an agency sees of a client listing's work: its
// figures over the last ClientFigureDays days, its newest leads (locked
// past its owner's plan's monthly cap, as the owner sees them) and its
// newest reviews.
type ClientActivity struct {
	Figures store.AnalyticsTotals
	Leads   []store.OwnerLead
	Reviews []store.Review
}

// ClientActivityShown is how many leads and reviews the agency's page of
// a client listing shows.
const ClientActivityShown = 10

// Activity is client listing c's ClientActivity.
func (a *Agencies) Activity(ctx context.Context, c store.ClientListing) (ClientActivity, error) {
	var act ClientActivity
	rep, err := a.clientFigures(ctx, []int64{c.ID})
	if err != nil {
		return act, err
	}
	act.Figures = rep.Totals
	if c.OwnerID.Valid {
		bill, err := a.billingOf(ctx, a.store, c.OwnerID.Int64)
		if err != nil {
			return act, err
		}
		page := store.Page{Limit: ClientActivityShown}
		if act.Leads, _, err = (&Leads{a.env}).Inbox(ctx, c.OwnerID.Int64, bill, store.LeadFilter{BusinessID: c.ID}, page); err != nil {
			return act, err
		}
	}
	act.Reviews, _, err = a.store.ListingReviews(ctx, c.ID, store.ReviewsNewest, store.Page{Limit: ClientActivityShown})
	return act, err
}

// attributeClient makes account u, which accepted a listing of agency pa,
// pa's referral, unless it has a partner already or a fraud rule refuses
// it (ReferralRefusal, an Info line naming the rule).
func (e *env) attributeClient(ctx context.Context, tx *store.Store, u store.User, pa store.Partner, ip string) error {
	now := e.now()
	hash, err := addressHash(ctx, tx, store.Day(now), ip)
	if err != nil {
		return err
	}
	same, err := tx.PartnerUsedAddress(ctx, pa.UserID, store.Day(now), hash)
	if err != nil {
		return err
	}
	if rule := ReferralRefusal(pa, u, same); rule != "" {
		e.log.Info("referral refused", "user_id", u.ID, "partner_id", pa.UserID, "rule", rule)
		return nil
	}
	done, err := tx.CreateReferral(ctx, store.Referral{UserID: u.ID, PartnerID: pa.UserID, CreatedAt: now})
	if done {
		e.log.Info("referral attributed", "user_id", u.ID, "partner_id", pa.UserID, "by", "client listing")
	}
	return err
}

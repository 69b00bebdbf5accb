package domain

import (
	"context"
	"errors"
	"strconv"
	"unicode/utf8"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Claims: a listing nobody owns (a sample, an imported one) may be claimed
// by a business user, who says how it is theirs; an administrator
// approves or rejects the claim, and on approval the listing becomes the
// account's the claimant works in.

// ClaimState is where a listing's ownership stands for someone who looks
// at it.
type ClaimState int

// The states of a listing's ownership for a viewer.
const (
	ClaimNone          ClaimState = iota // nothing to say
	ClaimOpen                            // nobody owns it: it may be claimed
	ClaimPendingReview                   // the viewer's claim waits for an administrator
	ClaimYours                           // the viewer's account manages it
	ClaimTaken                           // someone else owns or claimed it
	ClaimNotBusiness                     // the viewer's is a personal account
)

// ClaimState is where b's ownership stands for u (nil when signed out).
func (l *Listings) ClaimState(ctx context.Context, u *store.User, b store.Business) (ClaimState, error) {
	switch {
	case u != nil && b.OwnedBy(u.Account()):
		// The account's owner and its members manage it.
		return ClaimYours, nil
	case b.OwnerID.Valid || b.Claimed:
		return ClaimTaken, nil
	case u == nil:
		return ClaimOpen, nil
	}
	if u.Kind != store.KindBusiness && !u.Member() {
		// A personal account that manages a listing (made with the
		// profile wizard) is a business user too, as is a member of a
		// business account, who claims for that account (the listing
		// goes to the account the claimant works in when approved).
		owned, err := l.store.BusinessesOwnedBy(ctx, u.ID)
		if err != nil {
			return ClaimNone, err
		}
		if len(owned) == 0 {
			return ClaimNotBusiness, nil
		}
	}
	_, err := l.store.PendingClaim(ctx, b.ID, u.ID)
	switch {
	case err == nil:
		return ClaimPendingReview, nil
	case errors.Is(err, store.ErrNotFound):
		return ClaimOpen, nil
	}
	return ClaimNone, err
}

// ClaimInput is a claim as the claimant writes it.
type ClaimInput struct {
	Role, Message string
}

// Check is what breaks the rules in in, by the form's field names.
func (in ClaimInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	CheckOption(e, "role", in.Role, catalog.ClaimRoles, "Choose your role at the business.")
	Required(e, "message", in.Message, "Tell us how we can confirm the business is yours.")
	if n := utf8.RuneCountInString(in.Message); n > 0 && n < 20 && !e.Has("message") {
		e["message"] = "Give a little more detail (at least 20 characters), so we can check your claim."
	}
	CheckLength(e, "message", in.Message, 2000)
	return e
}

// Claim records u's claim on b and tells the administrators, in one
// transaction. store.ErrAlreadyClaimed and store.ErrClaimPending say the
// listing was taken or claimed by u since.
func (l *Listings) Claim(ctx context.Context, u store.User, b store.Business, in ClaimInput) (store.Claim, error) {
	if errs := in.Check(); len(errs) > 0 {
		return store.Claim{}, Invalid(errs)
	}
	var c store.Claim
	err := l.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if c, err = tx.CreateClaim(ctx, store.Claim{BusinessID: b.ID, UserID: u.ID, Role: in.Role, Message: in.Message}); err != nil {
			return err
		}
		return l.notifyAdmins(ctx, tx, func(to string) bizmail.Message {
			return bizmail.ClaimReceived(l.site, to, b.Name, u.Email, catalog.OptionLabel(catalog.ClaimRoles, c.Role), c.Message, l.link("/admin/claims"))
		})
	})
	if err == nil {
		l.log.Info("listing claimed", "claim_id", c.ID, "business_id", b.ID, "user_id", u.ID)
	}
	return c, err
}

// ClaimDecided is a decided claim and how many other open claims on its
// listing the approval closed.
type ClaimDecided struct {
	store.Claim
	ClosedOthers int
}

// DecideClaim approves or rejects claim id as admin and emails the
// claimant, and on approval the people whose open claims it closed; the
// enquiries the listing received without an owner are handed to the
// claimant, who is told how many wait in their inbox. store.ErrNotFound,
// store.ErrClaimDecided (another administrator was first) and
// store.ErrAlreadyClaimed (the listing has an owner) say why it could not.
func (l *Listings) DecideClaim(ctx context.Context, admin store.User, id int64, approve bool) (ClaimDecided, error) {
	var d ClaimDecided
	err := l.store.InTx(ctx, func(tx *store.Store) error {
		c, closed, err := tx.DecideClaim(ctx, id, admin, approve)
		if err != nil {
			return err
		}
		d = ClaimDecided{Claim: c, ClosedOthers: len(closed)}
		m := bizmail.ClaimRejected(l.site, c.UserEmail, c.BusinessName, l.link("/directory/"+c.BusinessSlug))
		if approve {
			m = bizmail.ClaimApproved(l.site, c.UserEmail, c.BusinessName, l.link(ManagePath(c.BusinessID)))
		}
		ms := []bizmail.Message{m}
		if n := c.HandedOverLeads; approve && n > 0 {
			ms = append(ms, bizmail.HeldLeads(l.site, c.UserEmail, c.BusinessName, n, l.link("/dashboard/leads?listing="+strconv.FormatInt(c.BusinessID, 10))))
		}
		for _, o := range closed {
			ms = append(ms, bizmail.ClaimClosed(l.site, o.UserEmail, o.BusinessName, l.link("/directory/"+o.BusinessSlug)))
		}
		return queueMail(ctx, tx, ms...)
	})
	if err == nil {
		l.log.Info("claim decided", "claim_id", d.ID, "business_id", d.BusinessID, "status", d.Status, "admin_id", admin.ID)
	}
	return d, err
}

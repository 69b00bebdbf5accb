package domain

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Moderation is what administrators do to listings: verify, feature,
// publish or take one down (and undo it), decide on a listing held for
// review, remove an image that breaks the rules. Each is recorded in the
// listing's moderation history, and the owner is emailed what concerns
// them.
type Moderation struct{ *env }

// NotifyAdmins queues an email to every administrator on st (the
// transaction that stores what it tells of): the request never waits for
// mail, nor fails with it.
func (m *Moderation) NotifyAdmins(ctx context.Context, st *store.Store, message func(to string) bizmail.Message) error {
	return m.notifyAdmins(ctx, st, message)
}

// Refusal is an action the rules refuse, in the words the page shows.
type Refusal string

func (r Refusal) Error() string { return "domain: " + string(r) }

// ErrVerifyUnowned refuses to verify a listing nobody owns: the badge says
// we confirmed who runs the business, so it belongs to an owner (its owner
// asks from the listing's manage page, once the listing is claimed).
var ErrVerifyUnowned = Refusal("Nobody owns this listing, so it cannot be verified: the badge says we confirmed who runs the business. It can be verified once its owner has claimed it.")

// Moderate sets the flags that action names (store.ActionVerify,
// ActionPublish … and their opposites) on listing id for admin; changed
// is false when the listing already had them. ErrVerifyUnowned,
// store.ErrUnknownAction, store.ErrNotFound.
func (m *Moderation) Moderate(ctx context.Context, admin store.User, id int64, action string) (changed bool, err error) {
	changed, err = m.store.Moderate(ctx, id, admin, action)
	if errors.Is(err, store.ErrUnowned) {
		return false, ErrVerifyUnowned
	}
	if changed {
		m.log.Info("listing moderated", "business_id", id, "action", action, "admin_id", admin.ID)
	}
	return changed, err
}

// Dossier is what an administrator weighs about a listing: its flags and
// owner, its images, the claims on it, its verification requests and what
// administrators did to it.
type Dossier struct {
	Business      store.AdminBusiness
	Images        []store.ListingImage
	Claims        []store.Claim
	Verifications []store.VerificationRequest
	History       []store.ModerationAction
}

// Dossier is the dossier of listing id (store.ErrNotFound).
func (m *Moderation) Dossier(ctx context.Context, id int64) (Dossier, error) {
	var d Dossier
	var err error
	if d.Business, err = m.store.AdminBusinessByID(ctx, id); err != nil {
		return d, err
	}
	if d.Claims, err = m.store.ClaimsForBusiness(ctx, id); err != nil {
		return d, err
	}
	if d.History, err = m.store.ModerationHistory(ctx, id); err != nil {
		return d, err
	}
	if d.Verifications, err = m.store.VerificationHistory(ctx, id); err != nil {
		return d, err
	}
	d.Images, err = m.store.ListingImages(ctx, id)
	return d, err
}

// Image is listing businessID and its image imageID, which an
// administrator acts on (store.ErrNotFound when either is missing).
func (m *Moderation) Image(ctx context.Context, businessID, imageID int64) (store.AdminBusiness, store.ListingImage, error) {
	b, err := m.store.AdminBusinessByID(ctx, businessID)
	if err != nil {
		return b, store.ListingImage{}, err
	}
	img, err := imageOf(ctx, m.store, b.ID, imageID)
	return b, img, err
}

// checkReason asks for an administrator's reason (field "reason"), which
// the owner is emailed, of at most max characters.
func checkReason(errs catalog.FieldErrors, reason string, max int) {
	Required(errs, "reason", reason, "Give the reason: the owner is emailed it.")
	if !errs.Has("reason") && utf8.RuneCountInString(strings.TrimSpace(reason)) > max {
		errs["reason"] = "Keep the reason to " + strconv.Itoa(max) + " characters."
	}
}

// Decision is an administrator's decision on a listing held for review.
type Decision struct {
	HoldID  int64
	Approve bool
	Reason  string // why it is rejected (required then), for the owner
}

// Check asks a rejection for its reason (Invalid "reason").
func (d Decision) Check() catalog.FieldErrors {
	errs := catalog.FieldErrors{}
	if !d.Approve {
		checkReason(errs, d.Reason, catalog.HoldReasonMax)
	}
	return errs
}

// DecideHold approves (the listing goes live) or rejects (it stays down)
// a held listing for admin, records it among the listing's moderation
// actions and emails the owner through the queue, so the decision stands
// whatever the mail server does. Invalid when a rejection has no reason;
// store.ErrNotFound, store.ErrHoldDecided (another administrator first).
func (m *Moderation) DecideHold(ctx context.Context, admin store.User, d Decision) (store.Hold, error) {
	if err := invalid(d.Check()); err != nil {
		return store.Hold{}, err
	}
	reason := strings.TrimSpace(d.Reason)
	var hold store.Hold
	err := m.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if hold, err = tx.DecideHold(ctx, d.HoldID, admin, d.Approve, reason); err != nil {
			return err
		}
		owner := hold.Listing.OwnerEmail.String
		if owner == "" {
			return nil
		}
		msg := bizmail.ListingRejected(m.site, owner, hold.Listing.Name, reason, m.link(manageListing(hold.BusinessID)))
		if d.Approve {
			msg = bizmail.ListingApproved(m.site, owner, hold.Listing.Name, m.link("/directory/"+hold.Listing.Slug))
		}
		return queueMail(ctx, tx, msg)
	})
	if err == nil {
		m.log.Info("held listing decided", "hold_id", hold.ID, "business_id", hold.BusinessID, "status", hold.Status, "admin_id", admin.ID)
	}
	return hold, err
}

// manageListing is the path of the owner's page of listing id.
func manageListing(id int64) string { return "/dashboard/businesses/" + strconv.FormatInt(id, 10) }

// ImageRemoval is an administrator's removal of a listing's image that
// breaks the rules, with the reason the owner is emailed.
type ImageRemoval struct {
	Business store.AdminBusiness
	ImageID  int64
	Reason   string
}

// Check asks for the reason (Invalid "reason").
func (r ImageRemoval) Check() catalog.FieldErrors {
	errs := catalog.FieldErrors{}
	checkReason(errs, r.Reason, catalog.ImageRemovalReasonMax)
	return errs
}

// RemoveImage removes the image for admin with the reason: the row goes
// (recorded with the reason, and in the listing's moderation history), its
// files are deleted through the job queue, and the owner is emailed which
// image and why, all in one transaction. Invalid without a reason;
// store.ErrNotFound when the image is gone already.
func (m *Moderation) RemoveImage(ctx context.Context, admin store.User, r ImageRemoval) (store.ListingImage, error) {
	if err := invalid(r.Check()); err != nil {
		return store.ListingImage{}, err
	}
	b, reason := r.Business, strings.TrimSpace(r.Reason)
	var img store.ListingImage
	err := m.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if img, err = tx.RemoveListingImage(ctx, b.ID, r.ImageID, admin, reason); err != nil {
			return err
		}
		if err := forgetImages(ctx, tx, []store.ListingImage{img}); err != nil {
			return err
		}
		if b.OwnerEmail.String == "" {
			return nil
		}
		return queueMail(ctx, tx, bizmail.ImageRemoved(m.site, b.OwnerEmail.String, b.Name,
			img.Kind == store.ImageLogo, img.Alt, reason, m.link(manageListing(b.ID))))
	})
	if err == nil {
		m.log.Info("listing image removed by an administrator", "business_id", b.ID, "image_id", r.ImageID, "admin_id", admin.ID)
	}
	return img, err
}

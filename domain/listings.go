package domain

import (
	"context"

	"bizprofile/lookalike"
	bizmail "bizprofile/mail"
	"bizprofile/places"
	"bizprofile/store"
)

// Listings are the businesses' profiles: their rules, and how one goes
// public. A listing goes public only once someone is accountable for it.
// A business sign-up's listing is a draft until the address is verified
// (Release); a listing its owner wants public goes live unless its name
// could pass for another's, when it is held for an administrator
// (Publish): it is alike that of another owner's published listing in its
// city, compared as a reader sees them (lookalike.NamesAlike: other
// alphabets' look-alike letters, fullwidth forms and accents count as the
// letters they look like; the city too, lookalike.CityKey), or it mixes
// alphabets (lookalike.MixedScripts: "Hаrbor" with a Cyrillic а). Its
// contact email is shown once proved.
type Listings struct{ *env }

// Publish puts b, which its owner wants public, live on st (the store or
// the transaction of the change), or holds it for review and tells the
// administrators; it reports whether it held it. store.ErrSuspended and
// store.ErrHeld say why it cannot be.
func (l *Listings) Publish(ctx context.Context, st *store.Store, b store.Business) (held bool, err error) {
	return l.publish(ctx, st, b)
}

func (e *env) publish(ctx context.Context, st *store.Store, b store.Business) (held bool, err error) {
	p, err := st.PublishListing(ctx, b.ID)
	if err != nil || !p.Held {
		return false, err
	}
	return true, e.held(ctx, st, b, p)
}

// held logs that b was held, as p says why, and tells the
// administrators, on st.
func (e *env) held(ctx context.Context, st *store.Store, b store.Business, p store.Publication) error {
	e.log.Info("listing held for review", "business_id", b.ID, "similar_id", p.Similar.ID, "scripts", p.Scripts)
	return e.notifyAdmins(ctx, st, func(to string) bizmail.Message {
		return bizmail.ListingHeld(e.site, to, b.Name, places.Place(b.City, b.State), HoldGrounds(p.Similar.ID != 0, p.Similar.Name, lookalike.ScriptList(p.Scripts)), e.link("/admin/held"))
	})
}

// HoldGrounds say why a listing was held, a sentence each, for
// administrators: it resembles a published listing (resembles), named
// similar ("" when deleted since), and its name mixes the alphabets
// scripts names ("" when it does not).
func HoldGrounds(resembles bool, similar, scripts string) []string {
	var out []string
	switch {
	case similar != "":
		out = append(out, "Its name is the same as, or close to, that of "+similar+", published in the same city.")
	case resembles:
		out = append(out, "Its name was the same as, or close to, that of a listing in the same city, deleted since.")
	}
	if scripts != "" {
		out = append(out, "The name mixes letters from different alphabets ("+scripts+"), as a look-alike of another name does.")
	}
	return out
}

// Release makes the drafts of a user whose address was just verified
// listings (a business sign-up's): each goes live or is held for review,
// and an address other than theirs gets its confirmation link.
func (l *Listings) Release(ctx context.Context, userID int64) error {
	return l.store.InTx(ctx, func(tx *store.Store) error {
		released, err := tx.ReleaseDrafts(ctx, userID)
		if err != nil {
			return err
		}
		for _, b := range released {
			l.log.Info("business created", "business_id", b.ID, "slug", b.Slug, "owner_id", userID, "held", b.Held)
			if b.Held {
				if err := l.held(ctx, tx, b.Business, b.Publication); err != nil {
					return err
				}
			}
			if !b.EmailConfirmed {
				if err := l.sendListingEmailLink(ctx, tx, b.Business); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// SendEmailLink stores a new link that confirms b's contact email on st
// and queues the email that carries it; b's older links stop working.
func (l *Listings) SendEmailLink(ctx context.Context, st *store.Store, b store.Business) error {
	return l.sendListingEmailLink(ctx, st, b)
}

// NewListing is a listing its owner creates in the wizard.
type NewListing struct {
	Input ListingInput
	// AccountID owns the listing (a member's listing belongs to the
	// account they work in); Creator is the person creating it.
	AccountID int64
	Creator   store.User
	// Images are the wizard's pending uploads (by ID, with their Alt)
	// that join the listing, of which the plan shows Photos photos.
	Images []store.ListingImage
	Photos int
}

// Created is what became of a new listing.
type Created struct {
	Listing store.Business // Held and EmailConfirmed say what it waits for
	// Draft: the creator's address is not verified yet, so the listing
	// waits, as a draft, for it (Release).
	Draft bool
}

// Create stores a listing from the wizard: unverified, owned by the
// account, with a unique slug; it goes live at once unless its name is
// alike another's in its city (then it is held for review). Its email is
// shown once proved: the creator's own verified address is; another gets
// a link. Its pending images join it in the same transaction. A creator
// whose address is not verified gets a draft instead (their sign-in needs
// a verified address, so this is a guard).
func (l *Listings) Create(ctx context.Context, n NewListing) (Created, error) {
	return l.CreateOn(ctx, l.store, n)
}

// CreateOn is Create on st (the store or a transaction: an import
// creates many listings in one).
func (l *Listings) CreateOn(ctx context.Context, st *store.Store, n NewListing) (Created, error) {
	if errs := n.Input.Check(); len(errs) > 0 {
		return Created{}, Invalid(errs)
	}
	b := n.Input.Listing()
	b.OwnerID.Int64, b.OwnerID.Valid = n.AccountID, true
	if !n.Creator.Verified() {
		// The images stay pending uploads, which housekeeping prunes: not
		// worth a draft's column for a path that never runs.
		return Created{Listing: b, Draft: true}, st.SaveDraft(ctx, b)
	}
	b.EmailConfirmed = b.Email == "" || b.Email == n.Creator.Email
	var created store.Business
	err := st.InTx(ctx, func(tx *store.Store) error {
		var err error
		if created, err = tx.CreateBusiness(ctx, b); err != nil {
			return err
		}
		if _, err = tx.AttachPendingImages(ctx, n.AccountID, created.ID, n.Images, n.Photos); err != nil {
			return err
		}
		if created.Held, err = l.publish(ctx, tx, created); err != nil {
			return err
		}
		if !created.EmailConfirmed {
			return l.sendListingEmailLink(ctx, tx, created)
		}
		return nil
	})
	if err != nil {
		return Created{}, err
	}
	l.log.Info("business created", "business_id", created.ID, "slug", created.Slug, "owner_id", n.Creator.ID, "held", created.Held)
	return Created{Listing: created}, nil
}

// Updated is what became of an edited listing.
type Updated struct {
	Listing store.Business // as saved
	Held    bool           // its new name or place holds it for review
	// EmailSent: its contact email is new and unproved, and got its
	// confirmation link.
	EmailSent bool
	// BadgeLost: the verified badge rested on the website's domain, which
	// changed.
	BadgeLost bool
}

// Update saves b edited to in, as the edit page and the API do: a contact
// email is proved when it is provedEmail (the editor's own address) or
// unchanged and proved; a new name or place of a public (or held) listing
// is checked again and may hold it; a new unproved email gets its
// confirmation link; the account's webhooks get listing.updated.
func (l *Listings) Update(ctx context.Context, b store.Business, in ListingInput, provedEmail string) (Updated, error) {
	return l.UpdateOn(ctx, l.store, b, in, provedEmail)
}

// UpdateOn is Update on st (the store or a transaction).
func (l *Listings) UpdateOn(ctx context.Context, st *store.Store, b store.Business, in ListingInput, provedEmail string) (Updated, error) {
	if errs := in.Check(); len(errs) > 0 {
		return Updated{}, Invalid(errs)
	}
	nb := in.Listing()
	nb.ID = b.ID
	var u Updated
	err := st.InTx(ctx, func(tx *store.Store) error {
		var err error
		if u, err = l.save(ctx, tx, b, nb, provedEmail); err != nil {
			return err
		}
		if err := l.emitListingUpdated(ctx, tx, b); err != nil {
			return err
		}
		u.Listing, err = tx.BusinessByID(ctx, b.ID)
		return err
	})
	return u, err
}

// save stores nb, the checked edit of b, on tx (see Update).
func (l *Listings) save(ctx context.Context, tx *store.Store, b, nb store.Business, provedEmail string) (Updated, error) {
	newEmail := nb.Email != b.Email
	nb.EmailConfirmed = nb.Email == "" || nb.Email == provedEmail || (b.EmailConfirmed && !newEmail)
	u := Updated{Listing: nb, BadgeLost: b.VerifiedMethod == store.VerifiedByDomain && !store.KeepsDomainVerification(b.Website, nb.Website)}
	if err := tx.UpdateBusiness(ctx, nb); err != nil {
		return u, err
	}
	if (b.Published || b.Held) && store.Renamed(b, nb) {
		if b.Held {
			if err := tx.WithdrawHold(ctx, b.ID); err != nil {
				return u, err
			}
		}
		var err error
		if u.Held, err = l.publish(ctx, tx, nb); err != nil {
			return u, err
		}
	}
	if newEmail && !nb.EmailConfirmed {
		u.EmailSent = true
		return u, l.sendListingEmailLink(ctx, tx, nb)
	}
	return u, nil
}

// SetPublished shows b in the directory, as its owner asks (its name is
// checked first and may hold it for review: held), or hides it. A change
// of its state is a listing.updated event for the account's webhooks.
// store.ErrSuspended and store.ErrHeld say why it cannot be shown.
func (l *Listings) SetPublished(ctx context.Context, b store.Business, publish bool) (saved store.Business, held bool, err error) {
	err = l.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if publish {
			held, err = l.publish(ctx, tx, b)
		} else {
			err = tx.SetPublished(ctx, b.ID, false)
		}
		if err != nil {
			return err
		}
		if saved, err = tx.BusinessByID(ctx, b.ID); err != nil || saved.Published == b.Published && saved.Held == b.Held && saved.Suspended == b.Suspended {
			return err // nothing changed: no event
		}
		return l.emitListingUpdated(ctx, tx, b)
	})
	return saved, held, err
}

// Delete removes b for good, at its account owner's request (by): its
// images' rows go with it (the foreign key cascades) and their files are
// deleted by a job queued in the same transaction.
func (l *Listings) Delete(ctx context.Context, b store.Business, by int64) error {
	err := l.store.InTx(ctx, func(tx *store.Store) error {
		imgs, err := tx.ImagesOfListings(ctx, []int64{b.ID})
		if err != nil {
			return err
		}
		if err := tx.DeleteBusiness(ctx, b.ID); err != nil {
			return err
		}
		return forgetImages(ctx, tx, imgs)
	})
	if err == nil {
		l.log.Info("business deleted", "business_id", b.ID, "owner_id", b.OwnerID.Int64, "user_id", by)
	}
	return err
}

package domain

import (
	"context"

	bizmail "bizprofile/mail"
	"bizprofile/places"
	"bizprofile/store"
)

// Listings are the businesses' profiles: their rules, and how one goes
// public. A listing goes public only once someone is accountable for it.
// A business sign-up's listing is a draft until the address is verified
// (Release); a listing its owner wants public goes live unless its name
// is alike that of another owner's published listing in its city, when it
// is held for an administrator (Publish). Its contact email is shown once
// proved.
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
	return true, e.held(ctx, st, b, p.Similar)
}

// held logs that b was held for resembling similar and tells the
// administrators, on st.
func (e *env) held(ctx context.Context, st *store.Store, b, similar store.Business) error {
	e.log.Info("listing held for review", "business_id", b.ID, "similar_id", similar.ID)
	return e.notifyAdmins(ctx, st, func(to string) bizmail.Message {
		return bizmail.ListingHeld(e.site, to, b.Name, places.Place(b.City, b.State), similar.Name, e.link("/admin/held"))
	})
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
				if err := l.held(ctx, tx, b.Business, b.Similar); err != nil {
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

package handlers

import (
	"context"

	bizmail "bizprofile/mail"
	"bizprofile/store"
	"bizprofile/views"
)

// How a listing goes public: only once someone is accountable for it. A
// business sign-up's listing is a draft until the address is verified
// (releaseListings, called by verifyEmail); a listing its owner wants
// public goes live unless its name is alike that of another owner's
// published listing in its city, when it is held for an administrator
// (publish; the queue is admin_holds.go). Its contact email is shown
// once proved (listing_email.go).

// publish puts b, which its owner wants public, live on st, or holds it
// for review and tells the administrators; it reports whether it held it.
func (h *Handlers) publish(ctx context.Context, st *store.Store, b store.Business) (held bool, err error) {
	p, err := st.PublishListing(ctx, b.ID)
	if err != nil || !p.Held {
		return false, err
	}
	return true, h.held(ctx, st, b, p.Similar)
}

// held logs that b was held for resembling similar and tells the
// administrators, on st.
func (h *Handlers) held(ctx context.Context, st *store.Store, b, similar store.Business) error {
	h.log.Info("listing held for review", "business_id", b.ID, "similar_id", similar.ID)
	return h.notifyAdmins(ctx, st, func(to string) bizmail.Message {
		return bizmail.ListingHeld(h.mailSite(), to, b.Name, views.Place(b.City, b.State), similar.Name, h.site.BaseURL+"/admin/held")
	})
}

// releaseListings makes the drafts of a user whose address was just
// verified listings (a business sign-up's): each goes live or is held for
// review, and an address other than theirs gets its confirmation link.
func (h *Handlers) releaseListings(ctx context.Context, userID int64) error {
	return h.store.InTx(ctx, func(tx *store.Store) error {
		released, err := tx.ReleaseDrafts(ctx, userID)
		if err != nil {
			return err
		}
		for _, b := range released {
			h.log.Info("business created", "business_id", b.ID, "slug", b.Slug, "owner_id", userID, "held", b.Held)
			if b.Held {
				if err := h.held(ctx, tx, b.Business, b.Similar); err != nil {
					return err
				}
			}
			if !b.EmailConfirmed {
				if err := h.sendListingEmailLink(ctx, tx, b.Business); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// heldToast tells an owner their listing waits for a review of its name.
func heldToast(b store.Business) views.Toast {
	return views.Toast{Title: "Held for review", Description: "Another listing in " + views.Place(b.City, b.State) + " has a name like " + b.Name +
		", so an administrator checks yours before it goes live. We will email you the decision."}
}

// waitsForEmailToast tells a new owner their listing goes live once their
// address is verified.
func waitsForEmailToast(name string) views.Toast {
	return views.Toast{Title: "Your listing waits for your email", Description: name + " goes live in the directory once you confirm your email address."}
}

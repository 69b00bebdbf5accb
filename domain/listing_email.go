package domain

import (
	"context"
	"errors"
	"time"

	"bizprofile/store"
)

// A listing's contact email is shown only once proved: the owner's
// verified address at once, any other address once someone opens the link
// emailed to it (store/listing_email.go).

// ListingEmailDaily is how many confirmation links a listing's address is
// sent in a day at most: the address may be someone else's inbox.
const ListingEmailDaily = 5

// Why a listing's confirmation link is not sent again.
var (
	ErrEmailConfirmed    = errors.New("domain: the listing's email is confirmed already")
	ErrTooManyEmailLinks = errors.New("domain: the listing's email was sent its links for the day")
)

// ResendEmailLink sends the link that confirms b's contact email again;
// b's older links stop working.
func (l *Listings) ResendEmailLink(ctx context.Context, b store.Business) error {
	if b.Email == "" || b.EmailConfirmed {
		return ErrEmailConfirmed
	}
	n, err := l.store.ListingEmailLinksSince(ctx, b.ID, l.now().Add(-24*time.Hour))
	if err != nil {
		return err
	}
	if n >= ListingEmailDaily {
		return ErrTooManyEmailLinks
	}
	return l.store.InTx(ctx, func(tx *store.Store) error { return l.sendListingEmailLink(ctx, tx, b) })
}

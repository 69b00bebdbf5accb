package api

import (
	"context"
	"net/url"

	"bizprofile/store"
)

// Rules are the pages' own checks and saves, which the API applies as they
// are: package handlers provides them (handlers/api_rules.go), so a form
// and the API never disagree on what is valid or what a change does.
type Rules struct {
	// CheckListing checks b with the fields of edit changed (the edit
	// form's names and values: "name", "tags" comma-separated, "services"
	// one per line, "show_email" "1" or "", "hours_0_open"…) by the edit
	// form's rules. It returns the listing to save, or the form's messages
	// by the form's field names ("hours_3" for a day).
	CheckListing func(b store.Business, edit url.Values) (store.Business, map[string]string)
	// SaveListing stores nb, the checked edit of b, on tx as the edit page
	// does (a renamed public listing is checked again and may be held, a
	// new email gets its confirmation link unless it is provedEmail); it
	// returns nb as saved and whether it was held for review.
	SaveListing func(ctx context.Context, tx *store.Store, b, nb store.Business, provedEmail string) (store.Business, bool, error)
	// PublishListing shows b in the directory on tx as the page's button
	// does, or holds it for review (held); store.ErrSuspended and
	// store.ErrHeld say why it cannot be.
	PublishListing func(ctx context.Context, tx *store.Store, b store.Business) (held bool, err error)
	// CheckLeadStatus, CheckLeadNote and CheckReviewReply are the pages'
	// messages for a lead's status, a note and a reply ("" when valid).
	CheckLeadStatus  func(status string) string
	CheckLeadNote    func(note string) string
	CheckReviewReply func(reply string) string
}

package domain

import (
	"context"
	"errors"
	"net/url"
	"strconv"
	"strings"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Review requests are the owner's way to ask customers for a review by
// email. The caps are the store's (RecordReviewRequests): an address is
// asked once a month at most, never after it opted out, and an owner asks
// at most store.ReviewRequestsPerDay addresses a day. The requests and
// their emails commit together.

// ErrNotPublished refuses review requests for a listing that is not in
// the directory: its review form is closed.
var ErrNotPublished = errors.New("domain: the listing is not published")

// RequestInput is what an owner sends: the addresses (one per line, or
// separated by commas or semicolons) and a personal note.
type RequestInput struct {
	Emails, Note string
}

// Addresses are in's addresses, each once, in order.
func (in RequestInput) Addresses() []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(in.Emails, func(r rune) bool { return r == '\n' || r == '\r' || r == ',' || r == ';' }) {
		e := store.NormalizeEmail(f)
		if e == "" || seen[e] {
			continue
		}
		seen[e] = true
		out = append(out, e)
	}
	return out
}

// Check is what breaks the rules in in, by field ("emails", "note").
func (in RequestInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	switch n := len(in.Addresses()); {
	case TextProblem(in.Emails, catalog.LinesOf("emails")) != "":
		CheckText(e, "emails", in.Emails, catalog.LinesOf("emails"))
	case n == 0:
		e["emails"] = "Enter at least one email address."
	case n > store.ReviewRequestsPerDay:
		e["emails"] = "Enter at most " + strconv.Itoa(store.ReviewRequestsPerDay) + " addresses: that is a day's requests."
	}
	CheckLength(e, "note", strings.TrimSpace(in.Note), catalog.RequestNoteMax)
	return e
}

// RequestResult is what became of one address of a send: Sent, or why
// not (Reason, in the owner's words).
type RequestResult struct {
	Email  string
	Sent   bool
	Reason string
}

// requestReasons say why an address was not asked.
var requestReasons = map[string]string{
	store.RequestRecent:    "already asked within the last 30 days",
	store.RequestOptedOut:  "unsubscribed from review requests",
	store.RequestOverLimit: "over today's limit of " + strconv.Itoa(store.ReviewRequestsPerDay) + " requests",
}

// invalidAddress is why an entry that is not an address was not asked.
const invalidAddress = "not a valid email address"

// ReviewFormURL is the page where a customer reviews the listing of slug.
func (e *env) ReviewFormURL(slug string) string { return e.link("/directory/" + slug + "/review") }

// Request emails each of in's addresses, for the owner (the user by), a
// request for a review of b, as far as the caps allow, and says what
// became of each. ErrNotPublished and Invalid say why nothing was sent.
func (rs *Reviews) Request(ctx context.Context, b store.Business, by int64, in RequestInput) ([]RequestResult, error) {
	if !b.Published {
		return nil, ErrNotPublished
	}
	if errs := in.Check(); len(errs) > 0 {
		return nil, Invalid(errs)
	}
	note := strings.TrimSpace(in.Note)
	addresses := in.Addresses()
	results := make([]RequestResult, len(addresses))
	var valid []string
	for i, a := range addresses {
		results[i].Email = a
		if ValidEmail(a) {
			valid = append(valid, a)
		} else {
			results[i].Reason = invalidAddress
		}
	}
	sent := 0
	err := rs.store.InTx(ctx, func(tx *store.Store) error {
		outcomes, err := tx.RecordReviewRequests(ctx, b.ID, by, valid, rs.now())
		if err != nil {
			return err
		}
		byEmail := map[string]store.ReviewRequestOutcome{}
		var mails []bizmail.Message
		for _, o := range outcomes {
			byEmail[o.Email] = o
			if o.Outcome == store.RequestSent {
				mails = append(mails, bizmail.ReviewRequest(rs.site, o.Email, b.Name, note, rs.ReviewFormURL(b.Slug),
					rs.link("/reviews/unsubscribe?token="+url.QueryEscape(o.Token))))
			}
		}
		for i := range results {
			o, ok := byEmail[results[i].Email]
			if !ok {
				continue // invalid
			}
			results[i].Sent = o.Outcome == store.RequestSent
			results[i].Reason = requestReasons[o.Outcome]
		}
		sent = len(mails)
		return queueMail(ctx, tx, mails...)
	})
	if err != nil {
		return nil, err
	}
	rs.log.Info("review requests sent", "business_id", b.ID, "user_id", by, "sent", sent, "skipped", len(results)-sent)
	return results, nil
}

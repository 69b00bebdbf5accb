package domain

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/geo"
	bizmail "bizprofile/mail"
	"bizprofile/places"
	"bizprofile/store"
)

// QuoteRequestInput is what someone needs, as they describe it on
// /request: it goes to up to store.MaxMatches matching businesses.
type QuoteRequestInput struct {
	Category, Description, City, State, Timing, Budget string
	Name, Email, Phone                                 string
	// ZipCode is where the work is, optional: service-area businesses
	// are matched by their distance from it (else from the city).
	ZipCode string
}

// Cleaned is in as it is checked and stored: trimmed, the city's spaces
// collapsed and the state as its code when the value names one.
func (in QuoteRequestInput) Cleaned() QuoteRequestInput {
	for _, s := range []*string{&in.Category, &in.Description, &in.State, &in.Timing, &in.Budget, &in.Name, &in.Email, &in.Phone, &in.ZipCode} {
		*s = strings.TrimSpace(*s)
	}
	in.City = places.CleanCity(in.City)
	if code, ok := places.StateCode(in.State); ok {
		in.State = code
	}
	return in
}

// Check is what breaks the rules in in (cleaned first), by the form's
// field names.
func (in QuoteRequestInput) Check() catalog.FieldErrors {
	in = in.Cleaned()
	values := map[string]string{"category": in.Category, "description": in.Description, "city": in.City, "state": in.State, "name": in.Name, "email": in.Email, "phone": in.Phone}
	e := catalog.FieldErrors{}
	for _, name := range []string{"category", "description", "city", "state", "name", "email", "phone"} {
		CheckRule(e, name, values[name], catalog.RequestRules[name])
	}
	if !e.Has("description") && catalog.ShortDescription(in.Description) {
		e["description"] = catalog.TooShortDescription
	}
	CheckOption(e, "timing", in.Timing, choices(store.Timings), "Choose when you need it.")
	if in.ZipCode != "" {
		if _, known := geo.ZIP(in.ZipCode); !known {
			e["zip_code"] = catalog.UnknownZIP
		}
	}
	if in.Budget != "" && !catalog.ValidOption(choices(store.Budgets), in.Budget) {
		e["budget"] = "Choose a budget from the list, or leave it not stated."
	}
	return e
}

// RequestCategory is the category a link asks the form to start with, if
// it is one ("" if not).
func RequestCategory(c string) string {
	if c = strings.TrimSpace(c); catalog.ValidOption(catalog.Categories, c) {
		return c
	}
	return ""
}

// choices are the store's choices as options.
func choices(cs []store.Choice) []catalog.Option {
	out := make([]catalog.Option, len(cs))
	for i, c := range cs {
		out[i] = catalog.Option{Value: c.Value, Label: c.Label}
	}
	return out
}

// RequestChoices are the answers to "When do you need it?" and the budget
// ranges, as the form offers them.
func RequestChoices() (timings, budgets []catalog.Option) {
	return choices(store.Timings), choices(store.Budgets)
}

// RequestPath is a quote request's page, known by its token.
func RequestPath(token string) string { return "/requests/" + token }

// What became of a quote request (QuoteResult.Outcome).
const (
	// RequestSent: it went to its matches (none is an answer too).
	RequestSent = iota
	// RequestWaiting: it waits for its address to be confirmed from the
	// emailed link, and goes to no business until then.
	RequestWaiting
	// RequestRepeated: the same request from the same address was sent
	// already; nothing new was stored or sent.
	RequestRepeated
)

// Quote requests from one address are merged when they ask the same
// thing within RepeatWindow; a waiting request's link is emailed again at
// most once per QuoteResendAfter.
const (
	RepeatWindow     = 7 * 24 * time.Hour
	QuoteResendAfter = 10 * time.Minute
)

// QuoteResult is a quote request as Request or ConfirmRequest left it.
type QuoteResult struct {
	Request store.QuoteRequest
	Matches []store.Match
	Outcome int
}

// Request takes a quote request from requester (nil for a visitor who is
// not signed in). It goes to businesses at once only when it comes from
// its address's signed-in owner; anyone else confirms the address from an
// emailed link first (ConfirmRequest), so that nobody can make leads in
// another's name or use up listings' monthly caps with requests nobody
// stands behind. The same request from the same address is merged with
// the earlier one. Sent, it is matched and, in the same transaction, each
// match becomes a lead (its owner is told, as of any lead) and the
// requester's confirmation is queued.
func (l *Leads) Request(ctx context.Context, in QuoteRequestInput, requester *store.User) (QuoteResult, error) {
	in = in.Cleaned()
	if errs := in.Check(); len(errs) > 0 {
		return QuoteResult{}, Invalid(errs)
	}
	q := store.QuoteRequest{
		Name: in.Name, Email: store.NormalizeEmail(in.Email), Phone: in.Phone, Category: in.Category, Description: in.Description,
		City: in.City, State: in.State, ZipCode: in.ZipCode, Timing: in.Timing, Budget: in.Budget, CreatedAt: l.now(),
	}
	owned := requester != nil && requester.Verified() && store.NormalizeEmail(requester.Email) == q.Email
	if requester != nil {
		q.UserID.Int64, q.UserID.Valid = requester.ID, true
	}
	earlier, err := l.store.RepeatedQuoteRequest(ctx, q, l.now().Add(-RepeatWindow))
	switch {
	case err == nil:
		return l.repeated(ctx, earlier, owned, requester)
	case !errors.Is(err, store.ErrNotFound):
		return QuoteResult{}, err
	}
	if !owned {
		secret, err := NewSecret()
		if err != nil {
			return QuoteResult{}, err
		}
		err = l.store.InTx(ctx, func(tx *store.Store) error {
			if q, _, err = tx.CreateQuoteRequest(ctx, q, secret); err != nil {
				return err
			}
			return queueMail(ctx, tx, l.confirmation(q, secret))
		})
		if err != nil {
			return QuoteResult{}, err
		}
		l.log.Info("quote request waits for its address", "request_id", q.ID)
		return QuoteResult{Request: q, Outcome: RequestWaiting}, nil
	}
	var matches []store.Match
	err = l.store.InTx(ctx, func(tx *store.Store) error {
		if q, matches, err = tx.CreateQuoteRequest(ctx, q, ""); err != nil {
			return err
		}
		return l.sendRequest(ctx, tx, q, matches)
	})
	if err != nil {
		return QuoteResult{}, err
	}
	l.log.Info("quote request received", "request_id", q.ID, "matches", len(matches))
	return QuoteResult{Request: q, Matches: matches, Outcome: RequestSent}, nil
}

// repeated answers a request that asks what earlier did: a sent one is
// not sent again; a waiting one is confirmed when its address's owner is
// now signed in, else its link is emailed again (not more often than
// QuoteResendAfter).
func (l *Leads) repeated(ctx context.Context, earlier store.QuoteRequest, owned bool, requester *store.User) (QuoteResult, error) {
	if earlier.Confirmed() {
		return QuoteResult{Request: earlier, Outcome: RequestRepeated}, nil
	}
	secret, err := NewSecret()
	if err != nil {
		return QuoteResult{}, err
	}
	if owned {
		if err := l.store.RenewQuoteConfirmation(ctx, earlier.ID, secret, l.now()); err != nil {
			return QuoteResult{}, err
		}
		return l.ConfirmRequest(ctx, earlier.Token, secret, requester)
	}
	if earlier.ConfirmSentAt.Valid && l.now().Sub(earlier.ConfirmSentAt.Time) < QuoteResendAfter {
		return QuoteResult{Request: earlier, Outcome: RequestWaiting}, nil
	}
	err = l.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.RenewQuoteConfirmation(ctx, earlier.ID, secret, l.now()); err != nil {
			return err
		}
		return queueMail(ctx, tx, l.confirmation(earlier, secret))
	})
	if err != nil {
		return QuoteResult{}, err
	}
	return QuoteResult{Request: earlier, Outcome: RequestWaiting}, nil
}

// ConfirmRequest confirms a waiting request from its emailed link (the
// request's token and the link's secret) and sends it. A link already
// used answers the request as it is, RequestRepeated; a wrong one
// store.ErrNotFound.
func (l *Leads) ConfirmRequest(ctx context.Context, token, secret string, requester *store.User) (QuoteResult, error) {
	var userID int64
	if requester != nil {
		userID = requester.ID
	}
	var (
		q       store.QuoteRequest
		matches []store.Match
	)
	err := l.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if q, matches, err = tx.ConfirmQuoteRequest(ctx, token, secret, userID, l.now()); err != nil {
			return err
		}
		return l.sendRequest(ctx, tx, q, matches)
	})
	if errors.Is(err, store.ErrNotFound) {
		if q, err := l.store.QuoteRequestByToken(ctx, token); err == nil && q.Confirmed() {
			return QuoteResult{Request: q, Outcome: RequestRepeated}, nil
		}
		return QuoteResult{}, store.ErrNotFound
	}
	if err != nil {
		return QuoteResult{}, err
	}
	l.log.Info("quote request confirmed", "request_id", q.ID, "matches", len(matches))
	return QuoteResult{Request: q, Matches: matches, Outcome: RequestSent}, nil
}

// sendRequest tells each match's owner (as of any lead) and queues the
// requester's confirmation of where the request went.
func (l *Leads) sendRequest(ctx context.Context, tx *store.Store, q store.QuoteRequest, matches []store.Match) error {
	names := make([]string, len(matches))
	for i, m := range matches {
		names[i] = m.Business.Name
		if err := l.notifyLeadOwner(ctx, tx, m.Business, m.Lead, &q); err != nil {
			return err
		}
	}
	return queueMail(ctx, tx, bizmail.QuoteRequestSent(l.site, q.Email, q.Name, names, l.link(RequestPath(q.Token))))
}

// confirmation is the email that asks q's requester to confirm it.
func (l *Leads) confirmation(q store.QuoteRequest, secret string) bizmail.Message {
	what := strings.ToLower(catalog.CategoryLabel(q.Category)) + " in " + q.City + ", " + q.State
	return bizmail.ConfirmQuoteRequest(l.site, q.Email, q.Name, what, l.link(RequestConfirmPath(q.Token, secret)))
}

// RequestConfirmPath is the page, emailed to a requester, that confirms
// their request.
func RequestConfirmPath(token, secret string) string {
	return RequestPath(token) + "?" + url.Values{"confirm": {secret}}.Encode()
}

package domain

import (
	"context"
	"strings"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/places"
	"bizprofile/store"
)

// QuoteRequestInput is what someone needs, as they describe it on
// /request: it goes to up to store.MaxMatches matching businesses.
type QuoteRequestInput struct {
	Category, Description, City, State, Timing, Budget string
	Name, Email, Phone                                 string
}

// Cleaned is in as it is checked and stored: trimmed, the city's spaces
// collapsed and the state as its code when the value names one.
func (in QuoteRequestInput) Cleaned() QuoteRequestInput {
	for _, s := range []*string{&in.Category, &in.Description, &in.State, &in.Timing, &in.Budget, &in.Name, &in.Email, &in.Phone} {
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
	if in.Budget != "" && !catalog.ValidOption(choices(store.Budgets), in.Budget) {
		e["budget"] = "Choose a budget from the list, or leave it not stated."
	}
	return e
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

// Request stores a quote request from requesterID (0 for a visitor who is
// not signed in), matches it to businesses and, in the same transaction,
// makes a lead for each (its owner is told, as of any lead) and queues
// the requester's confirmation. It returns the request and its matches.
func (l *Leads) Request(ctx context.Context, in QuoteRequestInput, requesterID int64) (store.QuoteRequest, []store.Match, error) {
	in = in.Cleaned()
	if errs := in.Check(); len(errs) > 0 {
		return store.QuoteRequest{}, nil, Invalid(errs)
	}
	q := store.QuoteRequest{
		Name: in.Name, Email: store.NormalizeEmail(in.Email), Phone: in.Phone, Category: in.Category, Description: in.Description,
		City: in.City, State: in.State, Timing: in.Timing, Budget: in.Budget,
	}
	q.UserID.Int64, q.UserID.Valid = requesterID, requesterID != 0
	var matches []store.Match
	err := l.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		q, matches, err = tx.CreateQuoteRequest(ctx, q)
		if err != nil {
			return err
		}
		names := make([]string, len(matches))
		for i, m := range matches {
			names[i] = m.Business.Name
			if err := l.notifyLeadOwner(ctx, tx, m.Business, m.Lead, &q); err != nil {
				return err
			}
		}
		return queueMail(ctx, tx, bizmail.QuoteRequestSent(l.site, q.Email, q.Name, names, l.link(RequestPath(q.Token))))
	})
	if err != nil {
		return q, nil, err
	}
	l.log.Info("quote request received", "request_id", q.ID, "matches", len(matches))
	return q, matches, nil
}

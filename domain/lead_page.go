package domain

import (
	"context"
	"errors"
	"time"

	"bizprofile/catalog"
	"bizprofile/plans"
	"bizprofile/store"
)

// LeadPage is what a lead's page shows beyond the lead itself: its
// history in words, and either the plan that opens it (a locked lead) or
// the quote request it matched.
type LeadPage struct {
	History    []LeadHistoryItem
	UnlockPlan string              // a locked lead's: the first plan whose cap opens it
	Request    *store.QuoteRequest // the quote request it matched; nil: none, or deleted since
}

// LeadHistoryItem is an entry of a lead's history, in words.
type LeadHistoryItem struct {
	Kind string // created, status, note, reply, handed_over
	Text string // what happened, in words
	Body string // a note's or a reply's text
	By   string // who did it; "" for the sender or the app
	At   time.Time
}

// Page gathers lead l's page for viewer, of the account it came to: a
// locked lead's carries nothing of its sender, and names the plan that
// opens it.
func (l *Leads) Page(ctx context.Context, viewer store.User, lead store.OwnerLead) (LeadPage, error) {
	var p LeadPage
	events, err := l.store.LeadEvents(ctx, lead.ID)
	if err != nil {
		return p, err
	}
	p.History = LeadHistory(lead, events, viewer.ID)
	if lead.Locked {
		place, err := l.store.LeadPlaceInMonth(ctx, viewer.Account(), lead)
		if err != nil {
			return p, err
		}
		p.UnlockPlan = plans.FirstOpening(place).Name
		return p, nil
	}
	if lead.RequestID.Valid {
		q, err := l.store.QuoteRequestByID(ctx, lead.RequestID.Int64)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return p, err
		}
		if err == nil {
			p.Request = &q
		}
	}
	return p, nil
}

// LeadHistory is a lead's history in words, from its arrival; viewer is
// the owner or member reading it ("you"); the others of the account are
// named by their email.
func LeadHistory(l store.OwnerLead, events []store.LeadEvent, viewer int64) []LeadHistoryItem {
	arrived := "Received through the contact form"
	if l.Source == store.SourceRequest {
		arrived = "Received as a match of a quote request"
	}
	items := []LeadHistoryItem{{Kind: "created", Text: arrived, At: l.CreatedAt}}
	for _, e := range events {
		item := LeadHistoryItem{Kind: e.Kind, At: e.CreatedAt, By: e.UserEmail}
		if e.UserID.Valid && e.UserID.Int64 == viewer {
			item.By = "you"
		}
		switch e.Kind {
		case store.LeadEventStatus:
			item.Text = "Status changed from " + catalog.LeadStatusLabel(e.FromStatus) + " to " + catalog.LeadStatusLabel(e.Status)
		case store.LeadEventNote:
			item.Text, item.Body = "Private note", e.Body
		case store.LeadEventReply:
			item.Text, item.Body = "Reply emailed", e.Body
		case store.LeadEventHandedOver:
			item.Text = "Kept while the listing had no owner, then handed to this account when its claim was approved"
		}
		if l.Locked {
			item.Body = "" // a reply or a note may quote the sender
		}
		items = append(items, item)
	}
	return items
}

// Package resource is the product's records as the public API answers
// them and webhooks deliver them (JSON): the public directory's listings,
// and an account's listings, leads and reviews. The API (handlers/api)
// and the domain's webhook events both send these shapes, so a receiver
// and an API client read the same; apispec/openapi describes them.
package resource

import (
	"time"

	"bizprofile/plans"
	"bizprofile/store"
)

// An account's records: its listings (all their fields, as the edit page
// shows them), leads and reviews; openapi/{listings,leads,reviews}.json
// describe them.

// Publication states of a listing (Listing.Status).
const (
	ListingPublished   = "published"   // in the directory
	ListingUnpublished = "unpublished" // hidden by its owner
	ListingHeld        = "held"        // waits for an administrator's review of its name
	ListingSuspended   = "suspended"   // taken down by an administrator
)

// Listing is one of the account's listings, as its owner edits it.
type Listing struct {
	Object         string       `json:"object"` // "listing"
	ID             int64        `json:"id"`
	Slug           string       `json:"slug"`
	Status         string       `json:"status"`
	Name           string       `json:"name"`
	Tagline        string       `json:"tagline"`
	Description    string       `json:"description"`
	Category       string       `json:"category"`
	SubCategory    string       `json:"sub_category"`
	Tags           []string     `json:"tags"`
	BusinessType   string       `json:"business_type"`
	Email          string       `json:"email"`
	EmailConfirmed bool         `json:"email_confirmed"`
	Phone          string       `json:"phone"`
	Website        string       `json:"website"`
	Address        string       `json:"address"`
	City           string       `json:"city"`
	State          string       `json:"state"`
	ZipCode        string       `json:"zip_code"`
	Hours          []ListingDay `json:"hours"`
	Services       []string     `json:"services"`
	ShowEmail      bool         `json:"show_email"`
	ShowPhone      bool         `json:"show_phone"`
	ShowAddress    bool         `json:"show_address"`
	ShowPricing    bool         `json:"show_pricing"`
	ShowHours      bool         `json:"show_hours"`
	Verified       bool         `json:"verified"`
	VerifiedMethod *string      `json:"verified_method"`
	Rating         float64      `json:"rating"`
	ReviewCount    int          `json:"review_count"`
	CreatedAt      time.Time    `json:"created_at"`
	UpdatedAt      time.Time    `json:"updated_at"`
}

// ListingDay is one weekday's hours, Monday first.
type ListingDay struct {
	Day    string `json:"day"`
	Open   string `json:"open"`
	Close  string `json:"close"`
	Closed bool   `json:"closed"`
}

// ListingObject is b as the API and the webhooks show it to its account.
func ListingObject(b store.Business) Listing {
	l := Listing{
		Object: "listing", ID: b.ID, Slug: b.Slug, Status: ListingStatus(b),
		Name: b.Name, Tagline: b.Tagline, Description: b.Description, Category: b.Category, SubCategory: b.SubCategory,
		Tags: lines(b.Tags), BusinessType: b.BusinessType,
		Email: b.Email, EmailConfirmed: b.Email != "" && b.EmailConfirmed, Phone: b.Phone, Website: b.Website,
		Address: b.Address, City: b.City, State: b.State, ZipCode: b.ZipCode,
		Services:  lines(b.Services),
		ShowEmail: b.ShowEmail, ShowPhone: b.ShowPhone, ShowAddress: b.ShowAddress, ShowPricing: b.ShowPricing, ShowHours: b.ShowHours,
		Verified: b.Verified, VerifiedMethod: optional(b.VerifiedMethod),
		Rating: b.Rating, ReviewCount: b.ReviewCount,
		CreatedAt: b.CreatedAt.UTC(), UpdatedAt: b.UpdatedAt.UTC(),
	}
	week := b.Hours
	for i, name := range store.Weekdays {
		d := store.DayHours{Closed: true} // a listing without hours: closed, as the form shows it
		if len(week) == 7 {
			d = week[i]
		}
		l.Hours = append(l.Hours, ListingDay{Day: name, Open: d.Open, Close: d.Close, Closed: d.Closed})
	}
	return l
}

// ListingStatus is where b stands in the directory; an administrator's
// decision (suspended, held) comes before the owner's wish.
func ListingStatus(b store.Business) string {
	switch {
	case b.Suspended:
		return ListingSuspended
	case b.Held:
		return ListingHeld
	case b.Published:
		return ListingPublished
	}
	return ListingUnpublished
}

// Lead is a message that came to one of the account's listings. A lead
// past the plan's monthly cap is locked: nothing of its sender shows
// (name, email, phone and message are null), as in the inbox.
type Lead struct {
	Object          string        `json:"object"` // "lead"
	ID              int64         `json:"id"`
	Listing         ListingRef    `json:"listing"`
	Status          string        `json:"status"`
	Source          string        `json:"source"`
	Locked          bool          `json:"locked"`
	Name            *string       `json:"name"`
	Email           *string       `json:"email"`
	Phone           *string       `json:"phone"`
	Message         *string       `json:"message"`
	Score           *int          `json:"score"` // 0-100; null on a plan without lead scoring
	ScoreReasons    []ScoreReason `json:"score_reasons"`
	FirstResponseAt *time.Time    `json:"first_response_at"`
	CreatedAt       time.Time     `json:"created_at"`
	// History is the lead's history, oldest first: only in the answer
	// about one lead (GET and PATCH /leads/{id}), never in lists or
	// webhooks.
	History []LeadEvent `json:"history,omitempty"`
}

// ListingRef names the listing a lead or a review came to.
type ListingRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// ScoreReason is one line of a lead's score.
type ScoreReason struct {
	Points int    `json:"points"`
	Text   string `json:"text"`
}

// LeadEvent is one thing that happened to a lead: a status change, a
// note, a reply emailed, the hand-over after a claim.
type LeadEvent struct {
	Kind       string    `json:"kind"`
	FromStatus *string   `json:"from_status"`
	Status     *string   `json:"status"`
	Body       *string   `json:"body"`
	By         *string   `json:"by"` // the email of who did it; null: the app or an API key without its creator
	CreatedAt  time.Time `json:"created_at"`
}

// LeadObject is l as the API and the webhooks show it to its account;
// mark l with store.MarkLockedLeads first, so that a locked lead shows
// nothing of its sender.
func LeadObject(l store.OwnerLead) Lead {
	o := Lead{
		Object: "lead", ID: l.ID, Listing: ListingRef{ID: l.BusinessID, Name: l.BusinessName},
		Status: l.Status, Source: l.Source, Locked: l.Locked, Score: &l.Score, ScoreReasons: []ScoreReason{},
		CreatedAt: l.CreatedAt.UTC(),
	}
	if !l.Locked {
		o.Name, o.Email, o.Phone, o.Message = &l.Name, &l.Email, &l.Phone, &l.Message
		for _, r := range l.Reasons {
			o.ScoreReasons = append(o.ScoreReasons, ScoreReason{Points: r.Points, Text: r.Text})
		}
	}
	if l.FirstResponseAt.Valid {
		t := l.FirstResponseAt.Time.UTC()
		o.FirstResponseAt = &t
	}
	return o
}

// LeadHistory is a lead's events as the API shows them; a locked lead's
// notes and replies (which may quote its sender) are left empty.
func LeadHistory(l store.OwnerLead, events []store.LeadEvent) []LeadEvent {
	out := []LeadEvent{}
	for _, e := range events {
		o := LeadEvent{Kind: e.Kind, FromStatus: optional(e.FromStatus), Status: optional(e.Status), By: optional(e.UserEmail), CreatedAt: e.CreatedAt.UTC()}
		if !l.Locked {
			o.Body = optional(e.Body)
		}
		out = append(out, o)
	}
	return out
}

// Review is a review of one of the account's listings, with the account's
// reply.
type Review struct {
	Object       string       `json:"object"` // "review"
	ID           int64        `json:"id"`
	Listing      ListingRef   `json:"listing"`
	Author       string       `json:"author"`
	Rating       int          `json:"rating"`
	Title        string       `json:"title"`
	Body         string       `json:"body"`
	VisitedOn    *string      `json:"visited_on"`
	Status       string       `json:"status"` // published or hidden (by an administrator)
	HiddenReason *string      `json:"hidden_reason"`
	Sentiment    *string      `json:"sentiment"`
	HelpfulCount int          `json:"helpful_count"`
	Reply        *ReviewReply `json:"reply"`
	CreatedAt    time.Time    `json:"created_at"`
	UpdatedAt    time.Time    `json:"updated_at"`
}

// ReviewReply is the account's public answer to a review.
type ReviewReply struct {
	Body      string    `json:"body"`
	RepliedAt time.Time `json:"replied_at"`
}

// ReviewObject is r as the API and the webhooks show it to its listing's
// account.
func ReviewObject(r store.OwnerReview) Review {
	o := Review{
		Object: "review", ID: r.ID, Listing: ListingRef{ID: r.BusinessID, Name: r.BusinessName},
		Author: r.AuthorName, Rating: r.Rating, Title: r.Title, Body: r.Body, VisitedOn: optional(r.VisitedOn),
		Status: r.Status, HiddenReason: optional(r.HiddenReason), Sentiment: optional(r.Sentiment), HelpfulCount: r.HelpfulCount,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}
	if r.Reply != "" {
		o.Reply = &ReviewReply{Body: r.Reply, RepliedAt: r.RepliedAt.Time.UTC()}
	}
	return o
}

// LeadFor is l as the account on plan sees it: its score only with lead
// scoring, as in the inbox. The API's answers and the pages' lead.*
// webhook events both send this.
func LeadFor(plan plans.Plan, l store.OwnerLead) Lead {
	o := LeadObject(l)
	if !plan.LeadScoring {
		o.Score, o.ScoreReasons = nil, []ScoreReason{}
	}
	return o
}

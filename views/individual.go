package views

import "time"

// An individual's home: what they asked for and wrote, and what became of
// it, in the words of the person who sent it.

// LeadStatusWords says a lead's status (store.LeadNew, ...) as its sender
// reads it.
func LeadStatusWords(status string) string {
	switch status {
	case "contacted":
		return "Contacted you"
	case "won":
		return "Hired"
	case "lost":
		return "Closed"
	default:
		return "Not answered yet"
	}
}

// leadStatusBadge is the badge class of a status, as the sender sees it.
func leadStatusBadge(status string) string {
	switch status {
	case "contacted":
		return "badge badge-primary"
	case "won":
		return "badge badge-success"
	default:
		return "badge"
	}
}

// RequestMatch is a business a quote request (or an enquiry) went to, and
// what it did with it.
type RequestMatch struct {
	Business string
	Slug     string
	Linked   bool   // the listing is published: link its page
	Status   string // store.LeadNew, LeadContacted, LeadWon, LeadLost
	// Reply is the business's latest reply (empty: none), sent at
	// RepliedAt.
	Reply     string
	RepliedAt time.Time
}

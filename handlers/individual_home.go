package handlers

import (
	"bizprofile/store"
	"bizprofile/views"
)

// An individual's home: /dashboard for an individual account, with their
// quote requests, enquiries, reviews and saved businesses.

// requestMatchViews are a quote request's matches as its requester sees
// them (the requester's home and the request's page).
func requestMatchViews(ms []store.RequestMatch) []views.RequestMatch {
	out := make([]views.RequestMatch, len(ms))
	for i, m := range ms {
		out[i] = views.RequestMatch{Business: m.BusinessName, Slug: m.BusinessSlug, Linked: m.Published, Status: m.Status, Reply: m.Reply, RepliedAt: m.RepliedAt.Time}
	}
	return out
}

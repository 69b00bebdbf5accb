package present

import (
	"cmp"
	"time"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

// RequestMatches are a quote request's matches as its requester sees
// them (the requester's home and the request's page).
func RequestMatches(ms []store.RequestMatch) []views.RequestMatch {
	out := make([]views.RequestMatch, len(ms))
	for i, m := range ms {
		out[i] = views.RequestMatch{Business: m.BusinessName, Slug: m.BusinessSlug, Linked: m.Published, Status: m.Status, Reply: m.Reply, RepliedAt: m.RepliedAt.Time}
	}
	return out
}

// SavedBusinesses are the listings an account saved, as its pages list
// them.
func SavedBusinesses(bs []store.Business) []views.SavedBusiness {
	out := make([]views.SavedBusiness, len(bs))
	for i, b := range bs {
		out[i] = views.SavedBusiness{Slug: b.Slug, Name: b.Name, Category: catalog.CategoryLabel(b.Category), Location: places.Place(b.City, b.State),
			Rating: b.Rating, Reviews: b.ReviewCount}
	}
	return out
}

// Individual is what an individual's home shows, as the store gives it.
type Individual struct {
	Profile    store.Profile
	Requests   []store.QuoteRequest
	Matches    map[int64][]store.RequestMatch // by request
	Enquiries  []store.SentEnquiry
	Reviews    []store.AuthoredReview
	Saved      []store.Business // the first views.SavedOnHome
	SavedTotal int
}

// IndividualHome is the home of u, an individual, with d, at now (which
// reviews may still be edited).
func IndividualHome(u *store.User, d Individual, now time.Time) views.IndividualHome {
	v := views.IndividualHome{Welcome: cmp.Or(d.Profile.FullName, u.Email)}
	for _, q := range d.Requests {
		v.Requests = append(v.Requests, views.SentRequest{
			Token: q.Token, Category: catalog.CategoryLabel(q.Category), Description: q.Description,
			Location: places.Place(q.City, q.State), CreatedAt: q.CreatedAt, Matches: RequestMatches(d.Matches[q.ID]), Waiting: !q.Confirmed(),
		})
	}
	for _, e := range d.Enquiries {
		v.Enquiries = append(v.Enquiries, views.SentEnquiry{
			RequestMatch: views.RequestMatch{Business: e.BusinessName, Slug: e.BusinessSlug, Linked: e.Published, Status: e.Status, Reply: e.Reply,
				RepliedAt: e.RepliedAt.Time, Unmanaged: !e.Managed},
			Message: e.Message, SentAt: e.SentAt,
		})
	}
	for _, rv := range d.Reviews {
		v.Reviews = append(v.Reviews, views.WrittenReview{
			Business: rv.BusinessName, Slug: rv.BusinessSlug, Linked: rv.Published, Stars: rv.Rating, Title: rv.Title,
			CreatedAt: rv.CreatedAt, Hidden: rv.Status == store.ReviewHidden, Editable: rv.EditableAt(now),
		})
	}
	v.Saved, v.SavedTotal = SavedBusinesses(d.Saved), d.SavedTotal
	return v
}

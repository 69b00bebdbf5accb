package handlers

import (
	"math"
	"net/http"
	"time"

	"bizprofile/plans"
	"bizprofile/views"
)

// dashboard is the signed-in user's home: their listings, leads and
// shortcuts, with every figure counted from the database.
func (h *Handlers) dashboard(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	u := currentUser(r)
	p, err := h.store.ProfileOf(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	// Drafts become listings when the address is verified; one whose
	// release failed then (or that a password reset verified) is
	// released here.
	if drafts, err := h.store.Drafts(ctx, u.ID); err != nil || len(drafts) > 0 {
		if err == nil {
			err = h.releaseListings(ctx, u.ID)
		}
		if err != nil {
			h.serverError(w, r, err)
			return
		}
	}
	bs, err := h.store.BusinessesOwnedBy(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	counts, err := h.store.LeadCountsFor(ctx, u.ID, time.Now())
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	bill, err := h.billingOf(ctx, u.ID)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	leads, err := h.store.RecentLeadsFor(ctx, u.ID, 5)
	if err != nil {
		h.serverError(w, r, err)
		return
	}
	// Leads past the plan's monthly cap are kept but shown locked.
	if err := h.store.MarkLockedLeads(ctx, u.ID, bill.Plan.LeadsPerMonth, leads); err != nil {
		h.serverError(w, r, err)
		return
	}
	d := views.DashboardView{
		Welcome:      p.FullName,
		NeedsProfile: p.FullName == "",
		Leads:        counts.Total,
		LeadsDelta:   counts.ThisMonth - counts.LastMonth,
		Plan:         planView(bill, counts.ThisMonth, h.stripe != nil),
	}
	if d.Welcome == "" {
		d.Welcome = u.Email
	}
	var verified, claimed int
	for _, b := range bs {
		if b.Verified {
			verified++
		}
		if b.Claimed {
			claimed++
		}
		item := views.DashboardBusiness{
			ID: b.ID, Name: b.Name, Slug: b.Slug, Category: b.Category, Location: views.Place(b.City, b.State),
			Verified: b.Verified, Claimed: b.Claimed, Published: b.Published, Suspended: b.Suspended, Held: b.Held, CreatedAt: b.CreatedAt,
		}
		if !b.EmailConfirmed {
			item.PendingEmail = b.Email
		}
		d.Businesses = append(d.Businesses, item)
	}
	d.VerifiedPct = percent(verified, len(bs))
	d.ClaimedPct = percent(claimed, len(bs))
	for _, l := range leads {
		if l.Locked {
			// Nothing of the sender reaches the page.
			d.RecentLeads = append(d.RecentLeads, views.DashboardLead{Business: l.BusinessName, CreatedAt: l.CreatedAt, Locked: true})
			continue
		}
		d.RecentLeads = append(d.RecentLeads, views.DashboardLead{Business: l.BusinessName, Name: l.Name, Email: l.Email, Message: l.Message, CreatedAt: l.CreatedAt})
	}
	c := h.chrome(r)
	if p, ok := plans.ByID(r.URL.Query().Get("checkout")); ok && !p.Free() {
		// Back from Stripe Checkout: the plan appears once Stripe's webhook
		// confirms it, usually within seconds.
		c.Toasts = append(c.Toasts, views.Toast{Title: "Thank you!", Description: "Your " + p.Name + " plan shows here as soon as Stripe confirms it."})
	}
	h.render(w, r, http.StatusOK, views.DashboardPage(c, d))
}

// percent is part of whole as a rounded percentage (0 for an empty whole).
func percent(part, whole int) int {
	if whole == 0 {
		return 0
	}
	return int(math.Round(float64(part) * 100 / float64(whole)))
}

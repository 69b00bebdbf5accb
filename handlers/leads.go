package handlers

import (
	"net/http"
	"strings"

	"bizprofile/analytics"
	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/store"
	"bizprofile/views"
)

// contactBusinessPage shows the lead form: a fragment for the htmx dialog,
// a full page otherwise.
func (h *Handlers) contactBusinessPage(w http.ResponseWriter, r *http.Request) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return
	}
	f := views.LeadForm{Business: b.Name, Slug: b.Slug, Unmanaged: !b.OwnerID.Valid}
	// A signed-in person starts with their own details.
	f.Name, f.Email, f.Phone = h.senderDetails(r)
	f.Sent = h.wasSent(r, leadForm(b.Slug))
	if !f.Sent { // the page after sending is no new click on 'Contact'
		h.countEvent(r, b, analytics.ContactClick)
	}
	if isHTMX(r) {
		h.render(w, r, http.StatusOK, views.LeadFormFragment(f))
		return
	}
	h.render(w, r, http.StatusOK, views.ContactBusinessPage(h.chrome(r), f))
}

// contactBusiness stores a lead and tells the owner. The lead is stored
// before any email is tried, so a mail failure never loses it.
func (h *Handlers) contactBusiness(w http.ResponseWriter, r *http.Request) {
	b, ok := h.publishedBusiness(w, r)
	if !ok {
		return
	}
	if !h.parseForm(w, r) {
		return
	}
	f := views.LeadForm{
		Business: b.Name, Slug: b.Slug, Unmanaged: !b.OwnerID.Valid,
		Name: field(r.PostForm, "name"), Email: field(r.PostForm, "email"), Phone: field(r.PostForm, "phone"),
		Message: strings.TrimSpace(r.PostFormValue("message")), Errors: catalog.FieldErrors{},
	}
	answer := func(status int, f views.LeadForm) {
		if isHTMX(r) {
			// The layout's htmx config swaps 422, 429 and 503 answers too.
			h.render(w, r, status, views.LeadFormFragment(f))
			return
		}
		h.render(w, r, status, views.ContactBusinessPage(h.chrome(r), f))
	}
	if r.PostFormValue("company_site") != "" {
		// A bot filled the hidden field: answer as if sent, store nothing.
		h.log.Info("lead honeypot", "business_id", b.ID, "ip", clientIP(r))
		h.leadSent(w, r, b, f)
		return
	}
	in := domain.LeadInput{Name: f.Name, Email: f.Email, Phone: f.Phone, Message: f.Message}
	if f.Errors = in.Check(); len(f.Errors) > 0 {
		answer(http.StatusUnprocessableEntity, f)
		return
	}
	if ok, retry := h.limits.leadIP.Allow(r.Context(), clientIP(r)); !ok {
		f.Problem = "You have sent many messages in a short time. Please wait " + itoa(int(retry.Minutes())+1) + " minutes and try again."
		setRetryAfter(w, retry)
		answer(http.StatusTooManyRequests, f)
		return
	}
	var sender int64
	if u := currentUser(r); u != nil {
		sender = u.ID
	}
	if _, err := h.domain.Leads.Receive(r.Context(), b, in, sender); err != nil {
		clientgone.Error(h.log, r, "lead not stored", "error", err, "business_id", b.ID)
		f.Problem = "Your message could not be sent just now. Please try again in a moment; nothing you typed was lost."
		answer(http.StatusServiceUnavailable, f)
		return
	}
	if !b.OwnerID.Valid {
		// Nobody manages the listing: the enquiry is kept for whoever
		// claims it, and the sender may send it as a quote request.
		h.keepRequestPrefill(r, requestPrefill{
			Business: b.Name, Category: b.Category, City: b.City, State: b.State,
			Description: f.Message, Name: f.Name, Email: f.Email, Phone: f.Phone,
		})
	}
	h.leadSent(w, r, b, f)
}

// leadSent confirms a sent message: in the dialog with a toast (htmx), or
// after a redirect to the contact page, with a toast and the confirmation
// in the form's place.
func (h *Handlers) leadSent(w http.ResponseWriter, r *http.Request, b store.Business, f views.LeadForm) {
	t := views.Toast{Title: "Message sent!", Description: b.Name + " will get back to you soon."}
	if !b.OwnerID.Valid {
		t = views.Toast{Title: "Message saved", Description: b.Name + " does not manage this listing yet, so they may not see it."}
	}
	if isHTMX(r) {
		setToastTrigger(w, t)
		f.Sent = true
		h.render(w, r, http.StatusOK, views.LeadFormFragment(f))
		return
	}
	h.sentRedirect(w, r, t, leadForm(b.Slug), "/directory/"+b.Slug+"/contact")
}

// leadForm names a listing's lead form for wasSent.
func leadForm(slug string) string { return "lead:" + slug }

package handlers

import (
	"context"
	"net/http"
	"strings"
	"time"

	"bizprofile/analytics"
	"bizprofile/catalog"
	"bizprofile/domain"
	bizmail "bizprofile/mail"
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
	e := f.Errors
	required(e, "name", f.Name, "Enter your name.")
	checkLength(e, "name", f.Name, 100)
	checkEmail(e, "email", f.Email)
	checkPhone(e, "phone", f.Phone)
	required(e, "message", f.Message, "Write a message.")
	checkLength(e, "message", f.Message, 2000)
	if len(e) > 0 {
		answer(http.StatusUnprocessableEntity, f)
		return
	}
	if ok, retry := h.limits.leadIP.allow(r.Context(), clientIP(r)); !ok {
		f.Problem = "You have sent many messages in a short time. Please wait " + itoa(int(retry.Minutes())+1) + " minutes and try again."
		setRetryAfter(w, retry)
		answer(http.StatusTooManyRequests, f)
		return
	}
	var lead store.Lead
	err := h.store.InTx(r.Context(), func(tx *store.Store) error {
		var err error
		l := store.Lead{BusinessID: b.ID, Name: f.Name, Email: store.NormalizeEmail(f.Email), Phone: f.Phone, Message: f.Message}
		if u := currentUser(r); u != nil {
			l.UserID.Int64, l.UserID.Valid = u.ID, true
		}
		lead, err = tx.CreateLead(r.Context(), l)
		if err != nil || !b.OwnerID.Valid {
			return err
		}
		return h.notifyOwner(r.Context(), tx, b, lead, nil)
	})
	if err != nil {
		h.log.Error("lead not stored", "error", err, "business_id", b.ID)
		f.Problem = "Your message could not be sent just now. Please try again in a moment; nothing you typed was lost."
		answer(http.StatusServiceUnavailable, f)
		return
	}
	h.log.Info("lead received", "lead_id", lead.ID, "business_id", b.ID)
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

// notifyOwner queues the email that tells the listing's owner about a
// lead (of the quote request q, when not nil), on tx (the transaction that
// stores the lead); past their plan's monthly cap the email says a lead is
// waiting but not what it says. The email links to the lead's page in the
// owner's inbox.
func (h *Handlers) notifyOwner(ctx context.Context, tx *store.Store, b store.Business, lead store.Lead, q *store.QuoteRequest) error {
	if err := h.domain.Events.LeadCreated(ctx, tx, b.OwnerID.Int64, lead.ID); err != nil { // the account's webhooks too
		return err
	}
	owner, err := tx.UserByID(ctx, b.OwnerID.Int64)
	if err != nil {
		return err
	}
	locked := false
	if bill, err := h.billingOf(ctx, owner.ID); err != nil {
		h.log.Error("lead owner plan", "error", err, "user_id", owner.ID)
	} else if limit := bill.Plan.LeadsPerMonth; limit >= 0 {
		counts, err := tx.LeadCountsFor(ctx, owner.ID, time.Now())
		if err != nil {
			return err
		}
		locked = counts.ThisMonth > limit
	}
	switch {
	case locked:
		return domain.QueueMail(ctx, tx, bizmail.NewLockedLead(h.domain.Site(), owner.Email, b.Name, h.site.BaseURL+"/pricing"))
	case q != nil:
		return domain.QueueMail(ctx, tx, h.requestLeadMail(owner.Email, b, lead, q))
	}
	return domain.QueueMail(ctx, tx, bizmail.NewLead(h.domain.Site(), owner.Email, b.Name, lead.Name, lead.Email, lead.Phone, lead.Message, h.leadLink(lead)))
}

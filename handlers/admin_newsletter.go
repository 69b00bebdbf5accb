package handlers

import (
	"errors"
	"net/http"
	"strings"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// /admin/newsletter: administrators write a newsletter (Markdown), preview
// it, send themselves a test, then send it to the newsletter's confirmed
// subscribers as a broadcast (domain/broadcasts.go).

// adminNewsletters lists the newsletters, drafts and sent, the last
// changed first, with each sending's counts.
func (h *Handlers) adminNewsletters(w http.ResponseWriter, r *http.Request) {
	page := pageParam(r)
	ns, total, err := h.store.Newsletters(r.Context(), pageWindow(page))
	if h.broken(w, r, err) {
		return
	}
	confirmed, err := h.store.ConfirmedSubscribers(r.Context(), store.ListNewsletter)
	if h.broken(w, r, err) {
		return
	}
	v := views.AdminNewsletters{Pager: pager("/admin/newsletter", nil, page, total), Confirmed: confirmed}
	if pastTheEnd(w, r, v.Pager, len(ns)) {
		return
	}
	v.Rows = present.Rows(ns, present.NewsletterRow)
	h.render(w, r, http.StatusOK, views.AdminNewslettersPage(h.chrome(r), v))
}

// newNewsletter is the empty form.
func (h *Handlers) newNewsletter(w http.ResponseWriter, r *http.Request) {
	e, err := h.newsletterEditor(r, store.Newsletter{})
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.AdminNewsletterEditPage(h.chrome(r), e))
}

// adminNewsletter is a newsletter's page: its form while a draft (with
// the preview on ?preview=1), its sending once sent.
func (h *Handlers) adminNewsletter(w http.ResponseWriter, r *http.Request) {
	n, ok := h.newsletterOf(w, r)
	if !ok {
		return
	}
	if n.IsSent() {
		h.newsletterSentPage(w, r, n)
		return
	}
	e, err := h.newsletterEditor(r, n)
	if h.broken(w, r, err) {
		return
	}
	if r.URL.Query().Get("preview") == "1" {
		e.Preview = string(bizmail.MarkdownHTML(n.Body))
	}
	h.render(w, r, http.StatusOK, views.AdminNewsletterEditPage(h.chrome(r), e))
}

func (h *Handlers) newsletterSentPage(w http.ResponseWriter, r *http.Request, n store.Newsletter) {
	v := views.AdminNewsletterSent{Row: present.NewsletterRow(n), Preview: string(bizmail.MarkdownHTML(n.Body))}
	fails, err := h.store.BroadcastFailures(r.Context(), n.BroadcastID.Int64, 200)
	if h.broken(w, r, err) {
		return
	}
	for _, f := range fails {
		v.Failures = append(v.Failures, views.AdminDeliveryFailure{Email: f.Email, Error: f.Error})
	}
	h.render(w, r, http.StatusOK, views.AdminNewsletterSentPage(h.chrome(r), v))
}

// newsletterOf reads the newsletter of the URL; it answers 404 itself.
func (h *Handlers) newsletterOf(w http.ResponseWriter, r *http.Request) (store.Newsletter, bool) {
	id := idParam(r)
	if id == 0 {
		h.notFound(w, r)
		return store.Newsletter{}, false
	}
	n, err := h.store.NewsletterByID(r.Context(), id)
	if h.failed(w, r, err) {
		return store.Newsletter{}, false
	}
	return n, true
}

func (h *Handlers) newsletterEditor(r *http.Request, n store.Newsletter) (views.NewsletterEditor, error) {
	confirmed, err := h.store.ConfirmedSubscribers(r.Context(), store.ListNewsletter)
	return views.NewsletterEditor{
		ID: n.ID, Subject: n.Subject, Body: n.Body, Errors: catalog.FieldErrors{},
		Confirmed: confirmed, AdminEmail: currentUser(r).Email, SiteName: h.site.Name,
	}, err
}

// createNewsletter saves a new newsletter from the form (saveNewsletter).
func (h *Handlers) createNewsletter(w http.ResponseWriter, r *http.Request) {
	if h.parseForm(w, r) {
		h.saveNewsletter(w, r, store.Newsletter{})
	}
}

// updateNewsletter saves a draft from the form (saveNewsletter).
func (h *Handlers) updateNewsletter(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	if n, ok := h.newsletterOf(w, r); ok {
		h.saveNewsletter(w, r, n)
	}
}

// saveNewsletter saves a new newsletter or a draft from the form, then
// does what its button asked: back to the draft (Save draft), the draft
// with its preview (Preview), a test to the administrator's own address
// (Send a test), or the step that confirms sending (Send).
func (h *Handlers) saveNewsletter(w http.ResponseWriter, r *http.Request, n store.Newsletter) {
	admin := currentUser(r)
	e, err := h.newsletterEditor(r, n)
	if h.broken(w, r, err) {
		return
	}
	e.Subject = field(r.PostForm, "subject")
	e.Body = strings.TrimSpace(strings.ReplaceAll(r.PostFormValue("body"), "\r\n", "\n"))
	e.Errors = domain.CheckNewsletter(e.Subject, e.Body)
	if n.IsSent() {
		e.Problem = "This newsletter was sent already: it cannot be changed. Write a new one instead."
		h.render(w, r, http.StatusConflict, views.AdminNewsletterEditPage(h.chrome(r), e))
		return
	}
	if len(e.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.AdminNewsletterEditPage(h.chrome(r), e))
		return
	}
	action := r.PostFormValue("action")
	n.ID, err = h.domain.MailingLists.SaveNewsletter(r.Context(), n.ID, e.Subject, e.Body, admin.ID)
	if err == nil && action == "test" {
		err = h.domain.MailingLists.TestNewsletter(r.Context(), admin.Email, e.Subject, e.Body)
	}
	switch {
	case errors.Is(err, store.ErrNewsletterSent):
		e.Problem = "This newsletter was sent already: it cannot be changed. Write a new one instead."
		h.render(w, r, http.StatusConflict, views.AdminNewsletterEditPage(h.chrome(r), e))
		return
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
		return
	case err != nil:
		clientgone.Error(h.log, r, "newsletter not saved", "error", err, "request_id", requestID(r.Context()))
		e.Problem = "The newsletter could not be saved just now. Please try again in a moment; nothing you typed was lost."
		h.render(w, r, http.StatusServiceUnavailable, views.AdminNewsletterEditPage(h.chrome(r), e))
		return
	}
	back := views.AdminNewsletterRow{ID: n.ID}.Href()
	switch action {
	case "preview":
		back += "?preview=1#preview"
	case "test":
		h.log.Info("newsletter test queued", "newsletter_id", n.ID, "admin_id", admin.ID)
		h.flash(r, views.Toast{Title: "Test on its way", Description: "A copy marked [Test] is going to " + admin.Email + "."})
	case "send":
		back += "/send"
	default:
		h.flash(r, views.Toast{Title: "Draft saved"})
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// newsletterSendPage is the step that confirms sending a draft, with how
// many confirmed subscribers it reaches.
func (h *Handlers) newsletterSendPage(w http.ResponseWriter, r *http.Request) {
	n, ok := h.newsletterOf(w, r)
	if !ok {
		return
	}
	if n.IsSent() {
		http.Redirect(w, r, views.AdminNewsletterRow{ID: n.ID}.Href(), http.StatusSeeOther)
		return
	}
	confirmed, err := h.store.ConfirmedSubscribers(r.Context(), store.ListNewsletter)
	if h.broken(w, r, err) {
		return
	}
	h.render(w, r, http.StatusOK, views.AdminNewsletterSendPage(h.chrome(r), views.NewsletterSend{ID: n.ID, Subject: n.Subject, Recipients: confirmed}))
}

// sendNewsletter sends a draft to the newsletter's confirmed subscribers
// (domain.MailingLists.SendNewsletter); a second click (another tab)
// changes nothing.
func (h *Handlers) sendNewsletter(w http.ResponseWriter, r *http.Request) {
	n, ok := h.newsletterOf(w, r)
	if !ok {
		return
	}
	admin := currentUser(r)
	broadcastID, err := h.domain.MailingLists.SendNewsletter(r.Context(), n, admin.ID)
	back := views.AdminNewsletterRow{ID: n.ID}.Href()
	switch {
	case errors.Is(err, store.ErrNewsletterSent):
		h.flash(r, views.Toast{Title: "Already sent", Description: "This newsletter was sent before; it is not sent twice.", Variant: "destructive"})
	case err != nil:
		clientgone.Error(h.log, r, "newsletter not sent", "error", err, "newsletter_id", n.ID, "request_id", requestID(r.Context()))
		h.flash(r, views.Toast{Title: "Not sent", Description: "The newsletter could not be queued just now. Nothing was sent; please try again in a moment.", Variant: "destructive"})
		back += "/send"
	default:
		h.log.Info("newsletter sending", "newsletter_id", n.ID, "broadcast_id", broadcastID, "admin_id", admin.ID)
		h.flash(r, views.Toast{Title: "Sending", Description: "The newsletter goes out in batches; this page shows how far it is."})
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
}

// deleteNewsletter deletes a draft.
func (h *Handlers) deleteNewsletter(w http.ResponseWriter, r *http.Request) {
	id := idParam(r)
	err := h.store.DeleteNewsletter(r.Context(), id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.notFound(w, r)
		return
	case errors.Is(err, store.ErrNewsletterSent):
		h.redirect(w, r, views.AdminNewsletterRow{ID: id}.Href(), views.Toast{Title: "Not deleted", Description: "A sent newsletter stays, with its counts.", Variant: "destructive"})
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.redirect(w, r, "/admin/newsletter", views.Toast{Title: "Draft deleted"})
}

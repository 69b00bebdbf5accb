package handlers

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/a-h/templ"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The site's own forms (decision D8): contact, feature suggestions, the
// newsletter and status subscribe boxes (partner applications make partner
// accounts: partner_signup.go). Each
// stores what was sent and answers with a toast; they share every step but
// their fields, which submitSiteForm runs.

// contactPage shows the contact form; ?subject= preselects one of its
// subjects (the help and API pages link to it that way).
func (h *Handlers) contactPage(w http.ResponseWriter, r *http.Request) {
	var f views.ContactForm
	if s := r.URL.Query().Get("subject"); catalog.ValidOption(catalog.ContactSubjects, s) {
		f.Subject = s
	}
	f.Sent = h.wasSent(r, formContact)
	h.render(w, r, http.StatusOK, views.ContactPage(h.chrome(r), f))
}

func (h *Handlers) whatsNewPage(w http.ResponseWriter, r *http.Request) {
	h.render(w, r, http.StatusOK, views.WhatsNewPage(h.chrome(r), views.SuggestionForm{Sent: h.wasSent(r, formSuggestion)}))
}

func (h *Handlers) blogPage(w http.ResponseWriter, r *http.Request) {
	f := views.NewsletterForm()
	f.Sent = h.wasSent(r, subscriptionForm(f.List))
	h.render(w, r, http.StatusOK, views.BlogPage(h.chrome(r), f))
}

// The site forms' names, in the logs and for wasSent.
const (
	formContact    = "contact message"
	formSuggestion = "feature suggestion"
)

func subscriptionForm(list string) string { return list + " subscription" }

// sendContact stores a message sent through the contact form.
func (h *Handlers) sendContact(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	f := views.ContactForm{
		FirstName: field(r.PostForm, "first_name"), LastName: field(r.PostForm, "last_name"),
		Email: field(r.PostForm, "email"), Company: field(r.PostForm, "company"), Subject: field(r.PostForm, "subject"),
		Message: strings.TrimSpace(r.PostFormValue("message")), Errors: catalog.FieldErrors{},
	}
	in := domain.ContactInput{FirstName: f.FirstName, LastName: f.LastName, Email: f.Email, Company: f.Company, Subject: f.Subject, Message: f.Message}
	h.submitSiteForm(w, r, siteForm{
		what: formContact, back: "/contact", toast: f.Toast(),
		errors: &f.Errors, check: in.Check, problem: &f.Problem, sent: &f.Sent,
		fragment: func() templ.Component { return views.ContactFormFragment(f) },
		page:     func(c views.Chrome) templ.Component { return views.ContactPage(c, f) },
		save:     func(ctx context.Context) error { return h.domain.SiteForms.Contact(ctx, in) },
	})
}

// suggestFeature stores a feature suggestion for the product team.
func (h *Handlers) suggestFeature(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	f := views.SuggestionForm{
		Name: field(r.PostForm, "name"), Email: field(r.PostForm, "email"), Title: field(r.PostForm, "title"),
		Description: strings.TrimSpace(r.PostFormValue("description")), Errors: catalog.FieldErrors{},
	}
	in := domain.SuggestionInput{Name: f.Name, Email: f.Email, Title: f.Title, Description: f.Description}
	h.submitSiteForm(w, r, siteForm{
		what: formSuggestion, back: "/whats-new#suggest", toast: f.Toast(),
		errors: &f.Errors, check: in.Check, problem: &f.Problem, sent: &f.Sent,
		fragment: func() templ.Component { return views.SuggestionFormFragment(f) },
		page:     func(c views.Chrome) templ.Component { return views.WhatsNewPage(c, f) },
		save:     func(ctx context.Context) error { return h.domain.SiteForms.Suggest(ctx, in) },
	})
}

// subscribeNewsletter puts an address on the blog's newsletter.
func (h *Handlers) subscribeNewsletter(w http.ResponseWriter, r *http.Request) {
	h.subscribe(w, r, views.NewsletterForm(), views.BlogPage, "/blog#newsletter")
}

// subscribeStatus puts an address on the status page's updates.
// A form sent without JavaScript that comes back with a problem shows the
// whole status page around it.
func (h *Handlers) subscribeStatus(w http.ResponseWriter, r *http.Request) {
	page := func(c views.Chrome, f views.SubscribeForm) templ.Component {
		b := h.statusBoard(r.Context(), false)
		b.Subscribe = f
		return views.StatusBoardPage(c, b)
	}
	h.subscribe(w, r, views.StatusForm(), page, "/status#status-updates")
}

// subscribe asks for the sent address to be on f's list
// (domain.MailingLists.Subscribe: double opt-in). The answer is the same
// whether or not the address was on the list already, so the form tells
// nobody who subscribes; the per-address form limit bounds the requests.
func (h *Handlers) subscribe(w http.ResponseWriter, r *http.Request, f views.SubscribeForm, page func(views.Chrome, views.SubscribeForm) templ.Component, back string) {
	if !h.parseForm(w, r) {
		return
	}
	f.Email = field(r.PostForm, "email")
	check := func() catalog.FieldErrors {
		e := catalog.FieldErrors{}
		domain.CheckEmail(e, "email", f.Email)
		return e
	}
	h.submitSiteForm(w, r, siteForm{
		what: subscriptionForm(f.List), back: back, toast: f.Toast(),
		errors: &f.Errors, check: check, problem: &f.Problem, sent: &f.Sent,
		fragment: func() templ.Component { return views.SubscribeFormFragment(f) },
		page:     func(c views.Chrome) templ.Component { return page(c, f) },
		save: func(ctx context.Context) error {
			return h.domain.MailingLists.Subscribe(ctx, f.Email, store.MailingList(f.List))
		},
	})
}

// confirmSubscriptionPage asks to confirm a subscription: the link in the
// email only shows this page (mail scanners open links), its button
// confirms.
func (h *Handlers) confirmSubscriptionPage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	sub, err := h.store.SubscriberByToken(r.Context(), token)
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.render(w, r, http.StatusNotFound, views.ConfirmSubscriptionPage(h.chrome(r), views.ConfirmSubscription{Gone: true}))
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, views.ConfirmSubscriptionPage(h.chrome(r), present.ConfirmSubscription(sub, token, h.domain.MailingLists.UnsubscribeLink(sub))))
}

// confirmSubscription confirms the subscription of the posted token.
// Confirming twice is not an error: the address is confirmed either way.
func (h *Handlers) confirmSubscription(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	token := r.PostFormValue("token")
	sub, err := h.store.ConfirmSubscription(r.Context(), token)
	switch {
	case errors.Is(err, store.ErrNotFound):
		h.render(w, r, http.StatusNotFound, views.ConfirmSubscriptionPage(h.chrome(r), views.ConfirmSubscription{Gone: true}))
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.log.Info("subscription confirmed", "list", sub.List)
	v := present.ConfirmSubscription(sub, token, h.domain.MailingLists.UnsubscribeLink(sub))
	v.Done = true
	c := h.chrome(r)
	c.Toasts = append(c.Toasts, views.Toast{Title: "Subscription confirmed", Description: domain.ListAbout(sub.List)})
	h.render(w, r, http.StatusOK, views.ConfirmSubscriptionPage(c, v))
}

// unsubscribePage asks to confirm leaving a list: the link in an email
// only shows this page (mail scanners open links), its button unsubscribes.
func (h *Handlers) unsubscribePage(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("token")
	sub, err := h.store.SubscriberByToken(r.Context(), token)
	v := views.Unsubscribe{Token: token, Email: sub.Email, List: domain.ListName(sub.List)}
	switch {
	case errors.Is(err, store.ErrNotFound):
		v.Gone = true
		h.render(w, r, http.StatusNotFound, views.UnsubscribePage(h.chrome(r), v))
		return
	case err != nil:
		h.serverError(w, r, err)
		return
	}
	h.render(w, r, http.StatusOK, views.UnsubscribePage(h.chrome(r), v))
}

// unsubscribe removes the subscription of the token. Doing it twice is not
// an error: the address is off the list either way. The token comes from
// the confirmation form, or from the URL when a mail client posts to the
// List-Unsubscribe link (RFC 8058 one-click).
func (h *Handlers) unsubscribe(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	token := r.PostFormValue("token")
	if token == "" {
		token = r.URL.Query().Get("token")
	}
	sub, err := h.store.Unsubscribe(r.Context(), token)
	v := views.Unsubscribe{Done: true, Email: sub.Email, List: domain.ListName(sub.List)}
	switch {
	case errors.Is(err, store.ErrNotFound):
		v.Gone = true
	case err != nil:
		h.serverError(w, r, err)
		return
	default:
		h.log.Info("unsubscribed", "list", sub.List)
	}
	c := h.chrome(r)
	c.Toasts = append(c.Toasts, views.Toast{Title: "Unsubscribed", Description: "You will get no more emails from this list."})
	h.render(w, r, http.StatusOK, views.UnsubscribePage(c, v))
}

// siteForm is one sending of a site form: what submitSiteForm needs to
// know about it. problem and sent point into the form the views render.
type siteForm struct {
	what     string // names the form in the logs
	back     string // the page a sent form returns to without htmx
	toast    views.Toast
	errors   *catalog.FieldErrors       // the form's messages by field, which check fills
	check    func() catalog.FieldErrors // the domain's rules of what was sent
	problem  *string                    // a message about the whole form
	sent     *bool
	fragment func() templ.Component             // the form alone, for htmx
	page     func(views.Chrome) templ.Component // the page around the form
	// save is the domain's operation: it stores what was sent and tells
	// whom it concerns (in the background: the visitor never waits).
	save func(ctx context.Context) error
}

// submitSiteForm runs the steps every site form shares: a filled honeypot
// is answered as sent and stored nowhere; a form with errors comes back
// with them (422); past the per-address limit it comes back with a message
// (429); then it is stored, and a store failure keeps what was typed
// (503). A sent form is confirmed with a toast: in place for htmx, on the
// page it came from otherwise.
func (h *Handlers) submitSiteForm(w http.ResponseWriter, r *http.Request, f siteForm) {
	answer := func(status int) {
		if isHTMX(r) {
			// The layout's htmx config swaps 422, 429 and 503 answers too.
			h.render(w, r, status, f.fragment())
			return
		}
		h.render(w, r, status, f.page(h.chrome(r)))
	}
	ip := clientIP(r)
	if r.PostFormValue("company_site") != "" {
		h.log.Info("form honeypot", "form", f.what, "ip", ip)
		h.siteFormSent(w, r, f)
		return
	}
	if *f.errors = f.check(); len(*f.errors) > 0 {
		answer(http.StatusUnprocessableEntity)
		return
	}
	if ok, retry := h.limits.formIP.Allow(r.Context(), ip); !ok {
		*f.problem = "You have sent many forms in a short time. Please wait " + itoa(int(retry.Minutes())+1) + " minutes and try again."
		setRetryAfter(w, retry)
		answer(http.StatusTooManyRequests)
		return
	}
	if err := f.save(r.Context()); err != nil {
		clientgone.Error(h.log, r, "form not stored", "form", f.what, "error", err, "request_id", requestID(r.Context()))
		*f.problem = "What you sent could not be saved just now. Please try again in a moment; nothing you typed was lost."
		answer(http.StatusServiceUnavailable)
		return
	}
	h.log.Info("form received", "form", f.what)
	h.siteFormSent(w, r, f)
}

// siteFormSent confirms a sent form: in place with a toast event (htmx),
// or after a redirect to the page it came from, with a toast and the
// confirmation in the form's place.
func (h *Handlers) siteFormSent(w http.ResponseWriter, r *http.Request, f siteForm) {
	if isHTMX(r) {
		setToastTrigger(w, f.toast)
		*f.sent = true
		h.render(w, r, http.StatusOK, f.fragment())
		return
	}
	h.sentRedirect(w, r, f.toast, f.what, f.back)
}

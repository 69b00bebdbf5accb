package handlers

import (
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/go-chi/chi/v5"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/domain"
	"bizprofile/places"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// Quote requests: /request takes what someone needs and sends it to up to
// 5 matching businesses (store.CreateQuoteRequest); /requests/{token}
// shows the requester who it went to and their answers.

// requestPrefillKey keeps, in the session, an enquiry to a listing nobody
// manages, for the quote request form to start from (/request?from=enquiry):
// the message stays out of the address bar and the server's logs.
const requestPrefillKey = "request_prefill"

// requestPrefill is what an enquiry gives the quote request form.
type requestPrefill struct {
	Business    string `json:"business"` // the listing's name
	Category    string `json:"category"`
	City        string `json:"city"`
	State       string `json:"state"`
	Description string `json:"description"`
	Name        string `json:"name"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
}

// keepRequestPrefill holds an enquiry for the quote request form.
func (h *Handlers) keepRequestPrefill(r *http.Request, p requestPrefill) {
	b, err := json.Marshal(p)
	if err != nil {
		return // a struct of strings always marshals
	}
	h.sessions.Put(r.Context(), requestPrefillKey, string(b))
}

// newRequestForm is an empty form with its choices.
func newRequestForm() views.QuoteRequestForm {
	f := views.QuoteRequestForm{Errors: catalog.FieldErrors{}}
	f.Timings, f.Budgets = domain.RequestChoices()
	return f
}

// quoteRequestPage shows the form, prefilled from (in this order, each
// filling what is still empty) an enquiry kept in the session
// (?from=enquiry), a directory search's category and location, and the
// signed-in person's profile.
func (h *Handlers) quoteRequestPage(w http.ResponseWriter, r *http.Request) {
	f := newRequestForm()
	q := r.URL.Query()
	if q.Get("from") == "enquiry" {
		var p requestPrefill
		if s := h.sessions.GetString(r.Context(), requestPrefillKey); s != "" && json.Unmarshal([]byte(s), &p) == nil {
			f.FromEnquiry = p.Business
			f.Category, f.City, f.State, f.Description = p.Category, p.City, p.State, p.Description
			if code, ok := places.StateCode(p.State); ok {
				f.State = code
			}
			f.Name, f.Email, f.Phone = p.Name, p.Email, p.Phone
		}
	}
	if f.Category == "" {
		f.Category = domain.RequestCategory(q.Get("category"))
	}
	if f.City == "" && f.State == "" {
		f.City, f.State = places.Guess(q.Get("location"))
	}
	if name, email, phone := h.senderDetails(r); email != "" {
		if f.Email == "" {
			f.Email = email
		}
		if f.Name == "" {
			f.Name = name
		}
		if f.Phone == "" {
			f.Phone = phone
		}
	}
	h.render(w, r, http.StatusOK, views.QuoteRequestPage(h.chrome(r), f))
}

// readQuoteRequest reads the form: what it shows again (cleaned as it is
// checked, with the rules' messages) and the request it makes.
func readQuoteRequest(v url.Values) (views.QuoteRequestForm, domain.QuoteRequestInput) {
	in := domain.QuoteRequestInput{
		Category: v.Get("category"), Description: v.Get("description"), City: v.Get("city"), State: v.Get("state"),
		Timing: v.Get("timing"), Budget: v.Get("budget"), Name: v.Get("name"), Email: v.Get("email"), Phone: v.Get("phone"),
		ZipCode: v.Get("zip_code"),
	}.Cleaned()
	f := newRequestForm()
	f.Category, f.Description, f.City, f.State, f.Timing, f.Budget = in.Category, in.Description, in.City, in.State, in.Timing, in.Budget
	f.Name, f.Email, f.Phone, f.ZipCode = in.Name, in.Email, in.Phone, in.ZipCode
	f.FromEnquiry = field(v, "from_enquiry")
	f.Errors = in.Check()
	return f, in
}

// sendQuoteRequest stores a request, matches it and, in the same
// transaction, queues an email to each matched owner and the requester's
// confirmation; then the requester goes to the request's page.
func (h *Handlers) sendQuoteRequest(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	f, in := readQuoteRequest(r.PostForm)
	if r.PostFormValue("company_site") != "" {
		// A bot filled the hidden field: answer as if sent, store nothing.
		h.log.Info("quote request honeypot", "ip", clientIP(r))
		h.redirect(w, r, "/request", views.Toast{Title: "Request sent!", Description: "Matching businesses will reply to you by email."})
		return
	}
	if len(f.Errors) > 0 {
		h.render(w, r, http.StatusUnprocessableEntity, views.QuoteRequestPage(h.chrome(r), f))
		return
	}
	if ok, retry := h.limits.leadIP.Allow(r.Context(), clientIP(r)); !ok {
		f.Problem = "You have sent many messages in a short time. Please wait " + itoa(int(retry.Minutes())+1) + " minutes and try again."
		setRetryAfter(w, retry)
		h.render(w, r, http.StatusTooManyRequests, views.QuoteRequestPage(h.chrome(r), f))
		return
	}
	res, err := h.domain.Leads.Request(r.Context(), in, currentUser(r))
	if err != nil {
		clientgone.Error(h.log, r, "quote request not stored", "error", err)
		f.Problem = "Your request could not be sent just now. Please try again in a moment; nothing you typed was lost."
		h.render(w, r, http.StatusServiceUnavailable, views.QuoteRequestPage(h.chrome(r), f))
		return
	}
	h.sessions.Remove(r.Context(), requestPrefillKey)
	h.requestSent(w, r, res)
}

// requestSent tells what became of a request, on its page.
func (h *Handlers) requestSent(w http.ResponseWriter, r *http.Request, res domain.QuoteResult) {
	h.redirect(w, r, views.RequestPath(res.Request.Token), present.RequestSentToast(res))
}

// confirmQuoteRequest sends a waiting request from its emailed link's
// page.
func (h *Handlers) confirmQuoteRequest(w http.ResponseWriter, r *http.Request) {
	if !h.parseForm(w, r) {
		return
	}
	res, err := h.domain.Leads.ConfirmRequest(r.Context(), chi.URLParam(r, "token"), r.PostFormValue("confirm"), currentUser(r))
	if h.failed(w, r, err) {
		return
	}
	h.requestSent(w, r, res)
}

// quoteRequestSentPage shows a request to whoever has its link: what was
// asked and who it went to, with each business's status and reply.
func (h *Handlers) quoteRequestSentPage(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	q, err := h.store.QuoteRequestByToken(ctx, chi.URLParam(r, "token"))
	if h.failed(w, r, err) {
		return
	}
	ms, err := h.store.RequestMatches(ctx, q.ID)
	if h.broken(w, r, err) {
		return
	}
	v := views.QuoteRequestView{
		Token: q.Token, Name: q.Name, Category: catalog.CategoryLabel(q.Category), CategoryKey: q.Category, Description: q.Description,
		City: q.City, State: q.State, Timing: store.TimingLabel(q.Timing), Budget: store.BudgetLabel(q.Budget), SentAt: q.CreatedAt,
		Matches: present.RequestMatches(ms[q.ID]), Waiting: !q.Confirmed(), Email: q.Email, ConfirmKey: r.URL.Query().Get("confirm"),
	}
	h.render(w, r, http.StatusOK, views.QuoteRequestSentPage(h.chrome(r), v))
}

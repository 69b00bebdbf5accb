package handlers

import (
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/clientgone"
	"bizprofile/csvexport"
	"bizprofile/domain"
	"bizprofile/present"
	"bizprofile/store"
	"bizprofile/views"
)

// The owner's lead inbox: every lead of their listings, filtered and
// paged, exported as CSV (each lead's page is lead_page.go). Leads past
// the plan's monthly cap stay locked: nothing of their sender shows, in
// the list or the export.

// leadDate is how the inbox's date filters are written (an <input
// type="date">'s value).
const leadDate = "2006-01-02"

// leadQuery reads the inbox's filters and page from a query; values out of
// range are the defaults (no filter).
func leadQuery(q url.Values) views.LeadQuery {
	v := views.LeadQuery{Sort: catalog.LeadSortNewest, Page: 1}
	if n, ok := numberIn(q.Get("listing"), 1, 1<<53); ok {
		v.Listing = n
	}
	if s := q.Get("status"); catalog.ValidOption(catalog.LeadStatusOptions, s) {
		v.Status = s
	}
	for _, d := range []struct {
		name string
		to   *string
	}{{"from", &v.From}, {"to", &v.To}} {
		if _, err := time.Parse(leadDate, q.Get(d.name)); err == nil {
			*d.to = q.Get(d.name)
		}
	}
	v.Q = strings.TrimSpace(q.Get("q"))
	if len([]rune(v.Q)) > 100 {
		v.Q = string([]rune(v.Q)[:100])
	}
	if q.Get("sort") == catalog.LeadSortScore {
		v.Sort = catalog.LeadSortScore
	}
	if n, ok := numberIn(q.Get("page"), 1, maxListPage); ok {
		v.Page = int(n)
	}
	return v
}

// leadFilter is the store's filter of q; sorting by score needs a plan
// with lead scoring.
func leadFilter(q views.LeadQuery, scoring bool) store.LeadFilter {
	f := store.LeadFilter{BusinessID: q.Listing, Status: q.Status, Query: q.Q, SortByScore: scoring && q.Sort == catalog.LeadSortScore}
	f.From, _ = time.Parse(leadDate, q.From)
	f.To, _ = time.Parse(leadDate, q.To)
	return f
}

// leadInbox is the account's inbox, for its owner and members; an
// individual's account has none (404).
func (h *Handlers) leadInbox(w http.ResponseWriter, r *http.Request) {
	ctx, u := r.Context(), currentUser(r)
	if !worksForBusiness(u) {
		h.notFound(w, r)
		return
	}
	q := leadQuery(r.URL.Query())
	bill, err := h.billingOf(ctx, u.Account())
	if h.broken(w, r, err) {
		return
	}
	v := views.LeadInboxView{Query: q, Scoring: present.LeadScoring(bill.Plan)}
	if !v.Scoring.Shown {
		v.Query.Sort = catalog.LeadSortNewest
	}
	per := views.LeadsPerPage
	in, err := h.domain.Leads.InboxPage(ctx, u.Account(), bill, leadFilter(v.Query, v.Scoring.Shown), v.Query.Filtered(), store.Page{Limit: per, Offset: (q.Page - 1) * per})
	if h.broken(w, r, err) {
		return
	}
	v.Total, v.AnyLeads = in.Total, in.AnyLeads
	v.Pager = views.AdminPager{Path: "/dashboard/leads", Query: v.Query.Values(), Page: q.Page, Total: in.Total, Pages: max(1, (in.Total+per-1)/per)}
	if q.Page > v.Pager.Pages {
		h.notFound(w, r) // past the last page
		return
	}
	v.Listings, v.Leads = present.ListingChoices(in.Listings), present.InboxLeads(in.Leads, v.Scoring.Shown)
	h.render(w, r, http.StatusOK, views.LeadInboxPage(h.chrome(r), v))
}

// leadsCSV exports the leads the inbox's filters keep, in the inbox's
// order; a locked lead's row has no name, contact details or message, and
// the score is there with lead scoring only.
func (h *Handlers) leadsCSV(w http.ResponseWriter, r *http.Request) {
	ctx, u := r.Context(), currentUser(r)
	if !worksForBusiness(u) {
		h.notFound(w, r)
		return
	}
	bill, err := h.billingOf(ctx, u.Account())
	if h.broken(w, r, err) {
		return
	}
	scoring := bill.Plan.LeadScoring
	f := leadFilter(leadQuery(r.URL.Query()), scoring)
	fetch := func(offset int) ([]store.OwnerLead, error) {
		ls, _, err := h.domain.Leads.Inbox(ctx, u.Account(), bill, f, store.Page{Limit: exportBatch, Offset: offset})
		return ls, err
	}
	ls, err := fetch(0)
	if h.broken(w, r, err) {
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="leads-`+time.Now().UTC().Format(leadDate)+`.csv"`)
	cw := csvexport.NewWriter(w, domain.LeadColumns(scoring))
	for offset := 0; ; {
		for _, l := range ls {
			cw.Write(domain.LeadRow(l, scoring, views.LeadSourceLabel))
		}
		if len(ls) < exportBatch {
			break
		}
		offset += exportBatch
		if ls, err = fetch(offset); err != nil {
			// Half a file must not pass for a whole one.
			clientgone.Error(h.log, r, "lead export broken off", slog.Any("error", err), "user_id", u.ID, "offset", offset)
			_ = cw.Flush()
			panic(http.ErrAbortHandler)
		}
	}
	if err := cw.Flush(); err != nil {
		h.log.Warn("lead export not delivered", slog.Any("error", err), "user_id", u.ID)
	}
}

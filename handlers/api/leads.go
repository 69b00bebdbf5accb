package api

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/resource"
	"bizprofile/store"
)

// The account's leads (/leads): the inbox's list with its filters, one
// lead with its history, and its status and notes changed as on the
// lead's page. A lead past the plan's monthly cap is locked, as in the
// inbox: nothing of its sender shows and it takes no change. Every change
// is a lead.updated webhook event, in its transaction.

// leadDate is how the date filters are written, as in the inbox.
const leadDate = "2006-01-02"

// leadsList is a page of leads; NextCursor is null on the last page.
type leadsList struct {
	Data       []resource.Lead `json:"data"`
	NextCursor *string         `json:"next_cursor"`
}

// leadFilter reads the inbox's filters from a query: listing, status,
// from and to (dates, both included), q (in the name, email or message).
// Unlike the inbox, which drops them, conform refuses wrong values (the
// document's schemas say what each takes).
func leadFilter(q url.Values) store.LeadFilter {
	f := store.LeadFilter{Status: q.Get("status"), Query: strings.TrimSpace(q.Get("q"))}
	f.BusinessID, _ = strconv.ParseInt(q.Get("listing"), 10, 64)
	f.From, _ = time.Parse(leadDate, q.Get("from"))
	f.To, _ = time.Parse(leadDate, q.Get("to"))
	if r := []rune(f.Query); len(r) > 100 {
		f.Query = string(r[:100]) // as the inbox does
	}
	return f
}

// leads answers a page of the account's leads, newest first.
func (a *API) leads(w http.ResponseWriter, r *http.Request) {
	ctx, account, q := r.Context(), accountOf(r), r.URL.Query()
	var errs []FieldError
	f, limit := leadFilter(q), pageLimit(q)
	f.After = positionOf(q, &errs)
	if len(errs) > 0 {
		a.problem(w, r, invalid(errs...))
		return
	}
	bill := billingOfRequest(r)
	ls, _, err := a.domain.Leads.Inbox(ctx, account, bill, f, store.Page{Limit: limit + 1})
	if err != nil {
		a.fail(w, r, err)
		return
	}
	out := leadsList{Data: []resource.Lead{}}
	if len(ls) > limit {
		ls = ls[:limit]
		last := ls[limit-1]
		out.NextCursor = cursorAt(last.CreatedAt, last.ID)
	}
	for _, l := range ls {
		out.Data = append(out.Data, resource.LeadFor(bill.Plan, l))
	}
	writeJSON(w, http.StatusOK, out)
}

var errLeadNotFound = errNotFound.With("No lead of this account has this id.")

// ownLead is the lead of the URL if it came to one of the account's
// listings, marked locked by the plan's cap; another account's lead is
// not found, as a missing or deleted one.
func (a *API) ownLead(ctx context.Context, st *store.Store, account, id int64, bill domain.Billing) (store.OwnerLead, error) {
	if id == 0 {
		return store.OwnerLead{}, errLeadNotFound
	}
	l, err := a.domain.Leads.OfAccount(ctx, st, account, id, bill)
	if errors.Is(err, store.ErrNotFound) {
		return store.OwnerLead{}, errLeadNotFound
	}
	return l, err
}

// leadDetail is l with its history, as the answer about one lead.
func (a *API) leadDetail(ctx context.Context, st *store.Store, plan plans.Plan, l store.OwnerLead) (resource.Lead, error) {
	events, err := st.LeadEvents(ctx, l.ID)
	if err != nil {
		return resource.Lead{}, err
	}
	o := resource.LeadFor(plan, l)
	o.History = resource.LeadHistory(l, events)
	return o, nil
}

// lead answers one of the account's leads with its history.
func (a *API) lead(w http.ResponseWriter, r *http.Request) {
	ctx, account := r.Context(), accountOf(r)
	bill := billingOfRequest(r)
	l, err := a.ownLead(ctx, a.store, account, idOf(r), bill)
	var o resource.Lead
	if err == nil {
		o, err = a.leadDetail(ctx, a.store, bill.Plan, l)
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}

// leadPatch changes a lead: its status, a note added to its history, or
// both.
type leadPatch struct {
	Status *string `json:"status"`
	Note   *string `json:"note"`
}

var errLeadLocked = errConflict.With("This lead is locked by your plan's monthly limit: upgrade to read and answer it.")

// updateLead moves a lead to a status and/or adds a private note, as the
// lead's page does, recording each in its history. The history names the
// key's creator as who did it (none when that user is gone).
func (a *API) updateLead(w http.ResponseWriter, r *http.Request) {
	ctx, account := r.Context(), accountOf(r)
	bill := billingOfRequest(r)
	l, err := a.ownLead(ctx, a.store, account, idOf(r), bill)
	if err != nil {
		a.fail(w, r, err)
		return
	}
	var p leadPatch
	if err := decode(r, &p); err != nil {
		a.fail(w, r, err)
		return
	}
	if l.Locked {
		a.problem(w, r, errLeadLocked)
		return
	}
	in := domain.LeadUpdate{SetStatus: p.Status != nil, AddNote: p.Note != nil}
	if in.SetStatus {
		in.Status = *p.Status
	}
	if in.AddNote {
		in.Note = *p.Note
	}
	by := keyOf(ctx).CreatedBy.Int64 // 0 (none) when the key's creator is gone
	_, err = a.domain.Leads.Update(ctx, account, l, by, in)
	var bad domain.Invalid
	var o resource.Lead
	switch {
	case errors.As(err, &bad):
		a.problem(w, r, invalid(fieldErrors(bad)...))
		return
	case err == nil:
		l, err = a.ownLead(ctx, a.store, account, l.ID, bill)
	}
	if err == nil {
		o, err = a.leadDetail(ctx, a.store, bill.Plan, l)
	}
	if errors.Is(err, store.ErrNotFound) {
		err = errLeadNotFound // deleted meanwhile
	}
	if err != nil {
		a.fail(w, r, err)
		return
	}
	a.log.Info("api: lead updated", "lead_id", l.ID, "key", keyOf(ctx).ID)
	writeJSON(w, http.StatusOK, o)
}

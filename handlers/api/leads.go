package api

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"bizprofile/plans"
	"bizprofile/resource"
	"bizprofile/store"
	"bizprofile/webhooks"
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
// from and to (dates, both included), q (in the name, email or message);
// unlike the inbox, which drops them, a wrong value is a field error.
func (a *API) leadFilter(q url.Values, errs *[]FieldError) store.LeadFilter {
	var f store.LeadFilter
	if s := q.Get("listing"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 1 {
			*errs = append(*errs, FieldError{Field: "listing", Message: "Give the id of one of the account's listings."})
		}
		f.BusinessID = n
	}
	if s := q.Get("status"); s != "" {
		if msg := a.rules.CheckLeadStatus(s); msg != "" {
			*errs = append(*errs, FieldError{Field: "status", Message: msg})
		}
		f.Status = s
	}
	for _, d := range []struct {
		name string
		to   *time.Time
	}{{"from", &f.From}, {"to", &f.To}} {
		if s := q.Get(d.name); s != "" {
			t, err := time.Parse(leadDate, s)
			if err != nil {
				*errs = append(*errs, FieldError{Field: d.name, Message: "Give a date as YYYY-MM-DD."})
			}
			*d.to = t
		}
	}
	f.Query = strings.TrimSpace(q.Get("q"))
	if r := []rune(f.Query); len(r) > 100 {
		f.Query = string(r[:100]) // as the inbox does
	}
	return f
}

// leads answers a page of the account's leads, newest first.
func (a *API) leads(w http.ResponseWriter, r *http.Request) {
	ctx, account, q := r.Context(), accountOf(r), r.URL.Query()
	var errs []FieldError
	f := a.leadFilter(q, &errs)
	limit := pageLimit(q, &errs)
	f.After = positionOf(q, &errs)
	if len(errs) > 0 {
		a.problem(w, r, invalid(errs...))
		return
	}
	plan := planOfRequest(r)
	ls, _, err := a.store.OwnerLeads(ctx, account, f, store.Page{Limit: limit + 1})
	if err == nil {
		err = a.store.MarkLockedLeads(ctx, account, plan.LeadsPerMonth, ls)
	}
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
		out.Data = append(out.Data, resource.LeadFor(plan, l))
	}
	writeJSON(w, http.StatusOK, out)
}

// AccountLead loads lead id of the account, marked locked when it is past
// the plan's monthly cap, as the inbox marks it; store.ErrNotFound when it
// came to none of the account's listings.
func AccountLead(ctx context.Context, st *store.Store, account, id int64, plan plans.Plan) (store.OwnerLead, error) {
	l, err := st.LeadForOwner(ctx, account, id)
	if err != nil {
		return store.OwnerLead{}, err
	}
	ls := []store.OwnerLead{l}
	if err := st.MarkLockedLeads(ctx, account, plan.LeadsPerMonth, ls); err != nil {
		return store.OwnerLead{}, err
	}
	return ls[0], nil
}

var errLeadNotFound = errNotFound.With("No lead of this account has this id.")

// ownLead is the lead of the URL if it came to one of the account's
// listings, marked locked by the plan's cap; another account's lead is
// not found, as a missing or deleted one.
func (a *API) ownLead(ctx context.Context, st *store.Store, account, id int64, plan plans.Plan) (store.OwnerLead, error) {
	if id == 0 {
		return store.OwnerLead{}, errLeadNotFound
	}
	l, err := AccountLead(ctx, st, account, id, plan)
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
	plan := planOfRequest(r)
	l, err := a.ownLead(ctx, a.store, account, idOf(r), plan)
	var o resource.Lead
	if err == nil {
		o, err = a.leadDetail(ctx, a.store, plan, l)
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
	plan := planOfRequest(r)
	l, err := a.ownLead(ctx, a.store, account, idOf(r), plan)
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
	var errs []FieldError
	if p.Status == nil && p.Note == nil {
		errs = append(errs, FieldError{Field: "status", Message: "Send a status, a note, or both."})
	}
	if p.Status != nil {
		if msg := a.rules.CheckLeadStatus(*p.Status); msg != "" {
			errs = append(errs, FieldError{Field: "status", Message: msg})
		}
	}
	note := ""
	if p.Note != nil {
		note = strings.TrimSpace(*p.Note)
		if msg := a.rules.CheckLeadNote(note); msg != "" {
			errs = append(errs, FieldError{Field: "note", Message: msg})
		}
	}
	if len(errs) > 0 {
		a.problem(w, r, invalid(errs...))
		return
	}
	by := keyOf(ctx).CreatedBy.Int64 // 0 (none) when the key's creator is gone
	var o resource.Lead
	err = a.store.InTx(ctx, func(tx *store.Store) error {
		changed := false
		if p.Status != nil && *p.Status != l.Status {
			if err := tx.SetLeadStatus(ctx, l.ID, by, *p.Status); err != nil {
				return err
			}
			changed = true
		}
		if p.Note != nil {
			if err := tx.AddLeadNote(ctx, l.ID, by, note); err != nil {
				return err
			}
			changed = true
		}
		nl, err := a.ownLead(ctx, tx, account, l.ID, plan)
		if err != nil {
			return err
		}
		if o, err = a.leadDetail(ctx, tx, plan, nl); err != nil || !changed {
			return err
		}
		return webhooks.Emit(ctx, tx, account, store.EventLeadUpdated, resource.LeadFor(plan, nl))
	})
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

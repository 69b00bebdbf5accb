package domain

import (
	"context"
	"strconv"
	"strings"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/places"
	"bizprofile/store"
)

// Leads are the enquiries visitors send to a listing: receiving one, the
// owner's inbox and what the plan's cap locks.
type Leads struct{ *env }

// LeadInput is an enquiry as a visitor writes it on a listing's contact
// form.
type LeadInput struct {
	Name, Email, Phone, Message string
}

// Check is what breaks the rules in in, by the form's field names.
func (in LeadInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "name", in.Name, "Enter your name.")
	CheckLength(e, "name", in.Name, catalog.LeadNameMax)
	CheckEmail(e, "email", in.Email)
	CheckPhone(e, "phone", in.Phone)
	Required(e, "message", in.Message, "Write a message.")
	CheckLength(e, "message", in.Message, catalog.LeadMessageMax)
	return e
}

// Receive stores an enquiry to b from senderID (0 for a visitor who is
// not signed in), scored as every lead is (store.CreateLead), and, when
// someone manages b, tells its owner and the account's webhooks in the
// same transaction: the lead is stored before any email is tried, so a
// mail failure never loses it. A listing nobody manages keeps the lead for
// whoever claims it.
func (l *Leads) Receive(ctx context.Context, b store.Business, in LeadInput, senderID int64) (store.Lead, error) {
	in.Name, in.Email, in.Phone, in.Message = strings.TrimSpace(in.Name), strings.TrimSpace(in.Email), strings.TrimSpace(in.Phone), strings.TrimSpace(in.Message)
	if errs := in.Check(); len(errs) > 0 {
		return store.Lead{}, Invalid(errs)
	}
	var lead store.Lead
	err := l.store.InTx(ctx, func(tx *store.Store) error {
		n := store.Lead{BusinessID: b.ID, Name: in.Name, Email: store.NormalizeEmail(in.Email), Phone: in.Phone, Message: in.Message}
		n.UserID.Int64, n.UserID.Valid = senderID, senderID != 0
		var err error
		if lead, err = tx.CreateLead(ctx, n); err != nil || !b.OwnerID.Valid {
			return err
		}
		return l.notifyLeadOwner(ctx, tx, b, lead, nil)
	})
	if err != nil {
		return store.Lead{}, err
	}
	l.log.Info("lead received", "lead_id", lead.ID, "business_id", b.ID)
	return lead, nil
}

// notifyLeadOwner tells the owner of b, on tx (the transaction that
// stores the lead), about lead (of the quote request q, when not nil):
// the account's webhooks get lead.created, and the owner an email that
// links to the lead's page in their inbox. Past their plan's monthly cap
// the email says a lead is waiting but not what it says.
func (e *env) notifyLeadOwner(ctx context.Context, tx *store.Store, b store.Business, lead store.Lead, q *store.QuoteRequest) error {
	if err := e.emitLead(ctx, tx, b.OwnerID.Int64, lead.ID, store.EventLeadCreated); err != nil {
		return err
	}
	owner, err := tx.UserByID(ctx, b.OwnerID.Int64)
	if err != nil {
		return err
	}
	locked := false
	if bill, err := e.billingOf(ctx, tx, owner.ID); err != nil {
		e.log.Error("lead owner plan", "error", err, "user_id", owner.ID)
	} else if cap := bill.Leads(); !cap.Unlimited() {
		counts, err := tx.LeadCountsFor(ctx, owner.ID, e.now())
		if err != nil {
			return err
		}
		locked = cap.Locked(counts.ThisMonth)
	}
	link := e.link(LeadPath(lead.ID))
	switch {
	case locked:
		return queueMail(ctx, tx, bizmail.NewLockedLead(e.site, owner.Email, b.Name, e.link("/pricing")))
	case q != nil:
		return queueMail(ctx, tx, bizmail.NewRequestLead(e.site, owner.Email, bizmail.RequestLead{
			Business: b.Name, Name: q.Name, Email: q.Email, Phone: q.Phone, Description: q.Description,
			Place: places.Place(q.City, q.State), Timing: store.TimingLabel(q.Timing), Budget: store.BudgetLabel(q.Budget),
			Link: link,
		}))
	}
	return queueMail(ctx, tx, bizmail.NewLead(e.site, owner.Email, b.Name, lead.Name, lead.Email, lead.Phone, lead.Message, link))
}

// LeadPath is a lead's page in its owner's inbox.
func LeadPath(id int64) string { return "/dashboard/leads/" + strconv.FormatInt(id, 10) }

// accountLead loads lead id of the account on st, marked locked when it
// is past the plan's monthly cap, as the inbox marks it; store.ErrNotFound
// when it came to none of the account's listings.
func (e *env) accountLead(ctx context.Context, st *store.Store, accountID, id int64, bill Billing) (store.OwnerLead, error) {
	l, err := st.LeadForOwner(ctx, accountID, id)
	if err != nil {
		return store.OwnerLead{}, err
	}
	ls := []store.OwnerLead{l}
	if err := bill.Leads().markLocked(ctx, st, accountID, ls); err != nil {
		return store.OwnerLead{}, err
	}
	return ls[0], nil
}

// OfAccount is lead id of the account, on st (the store or a
// transaction), marked locked past bill's cap; store.ErrNotFound when it
// came to none of the account's listings.
func (l *Leads) OfAccount(ctx context.Context, st *store.Store, accountID, id int64, bill Billing) (store.OwnerLead, error) {
	return l.accountLead(ctx, st, accountID, id, bill)
}

// MarkLocked sets Locked on each of ls (all of the account's) that is past
// bill's monthly cap.
func (l *Leads) MarkLocked(ctx context.Context, accountID int64, bill Billing, ls []store.OwnerLead) error {
	return bill.Leads().markLocked(ctx, l.store, accountID, ls)
}

// Inbox is a page of the account's leads matching f, each marked locked
// past bill's monthly cap, with how many match in all.
func (l *Leads) Inbox(ctx context.Context, accountID int64, bill Billing, f store.LeadFilter, p store.Page) ([]store.OwnerLead, int, error) {
	ls, total, err := l.store.OwnerLeads(ctx, accountID, f, p)
	if err == nil {
		err = bill.Leads().markLocked(ctx, l.store, accountID, ls)
	}
	return ls, total, err
}

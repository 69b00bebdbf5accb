package domain

import (
	"context"
	"errors"
	"slices"
	"strings"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// ErrLeadLocked refuses a change to a lead its owner's plan locks: nothing
// is done to a lead its owner cannot read.
var ErrLeadLocked = errors.New("domain: the lead is locked by the plan's monthly cap")

// LeadUpdate is what an owner does to a lead from its page or the API:
// move it to a status, add a private note to its history, or both.
type LeadUpdate struct {
	SetStatus bool
	Status    string
	AddNote   bool
	Note      string
}

// Check is what breaks the rules in in, by field: "status", "note".
func (in LeadUpdate) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	if in.SetStatus && !slices.Contains(store.LeadStatuses, in.Status) {
		e["status"] = catalog.LeadStatusRule.Invalid
	}
	if in.AddNote {
		CheckRule(e, "note", strings.TrimSpace(in.Note), catalog.LeadNoteRule)
	}
	return e
}

// Update applies in to l, a lead of the account (as OfAccount loaded it),
// by the user by (0 for none: an API key whose creator is gone), and
// records each change in its history; a change is a lead.updated event
// for the account's webhooks. It reports whether anything changed.
// ErrLeadLocked, Invalid and store.ErrNotFound (deleted meanwhile) say
// why it could not.
func (ls *Leads) Update(ctx context.Context, accountID int64, l store.OwnerLead, by int64, in LeadUpdate) (changed bool, err error) {
	if l.Locked {
		return false, ErrLeadLocked
	}
	if errs := in.Check(); len(errs) > 0 {
		return false, Invalid(errs)
	}
	err = ls.store.InTx(ctx, func(tx *store.Store) error {
		if in.SetStatus {
			if err := tx.SetLeadStatus(ctx, l.ID, by, in.Status); err != nil {
				return err
			}
			changed = in.Status != l.Status
		}
		if in.AddNote {
			if err := tx.AddLeadNote(ctx, l.ID, by, strings.TrimSpace(in.Note)); err != nil {
				return err
			}
			changed = true
		}
		if !changed {
			return nil
		}
		return ls.emitLead(ctx, tx, accountID, l.ID, store.EventLeadUpdated)
	})
	return changed, err
}

// Reply emails the owner's reply to the sender of l, a lead of owner's
// account, through the job queue, from the app's address with Reply-To
// the owner's, and records it in the lead's history in the same
// transaction (a lead.updated event too). ErrLeadLocked, Invalid (field
// "reply") and store.ErrNotFound say why it could not.
func (ls *Leads) Reply(ctx context.Context, l store.OwnerLead, owner store.User, reply string) error {
	if l.Locked {
		return ErrLeadLocked
	}
	reply = strings.TrimSpace(reply)
	e := catalog.FieldErrors{}
	Required(e, "reply", reply, "Write your reply.")
	CheckLength(e, "reply", reply, catalog.LeadReplyMax)
	if len(e) > 0 {
		return Invalid(e)
	}
	err := ls.store.InTx(ctx, func(tx *store.Store) error {
		if err := tx.RecordLeadReply(ctx, l.ID, owner.ID, reply); err != nil {
			return err
		}
		if err := ls.emitLead(ctx, tx, owner.Account(), l.ID, store.EventLeadUpdated); err != nil {
			return err
		}
		return queueMail(ctx, tx, bizmail.LeadReply(ls.site, l.Email, l.Name, l.BusinessName, reply, l.Message, owner.Email))
	})
	if err == nil {
		ls.log.Info("lead answered", "lead_id", l.ID, "business_id", l.BusinessID)
	}
	return err
}

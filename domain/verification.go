package domain

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"bizprofile/catalog"
	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// Verification of a listing, which its owner starts from its manage page:
// by the domain of their address when it is the website's
// (store.CheckDomain), decided at once, or by a request with evidence that
// an administrator approves or rejects, with a reason the owner is
// emailed.

// ErrDomainMismatch refuses a verification by domain when the owner's
// address does not prove the website (store.CheckDomain says why).
var ErrDomainMismatch = errors.New("domain: the address's domain does not verify the listing")

// VerifyByDomain verifies b at once for its owner u when u's verified
// address is at b's website's domain. store.ErrAlreadyVerified says it
// was verified already.
func (l *Listings) VerifyByDomain(ctx context.Context, u store.User, b store.Business) error {
	if store.CheckDomain(u.Email, u.Verified(), b.Website) != store.DomainMatches {
		return ErrDomainMismatch
	}
	if _, err := l.store.VerifyByDomain(ctx, b.ID, u.ID); err != nil {
		return err
	}
	l.log.Info("listing verified by its domain", "business_id", b.ID, "user_id", u.ID, "domain", store.WebsiteDomain(b.Website))
	return nil
}

// VerificationInput is an owner's request that our team verify their
// listing, with the evidence.
type VerificationInput struct {
	Statement, Phone, Link string
}

// Check is what breaks the rules in in, by the form's field names.
func (in VerificationInput) Check() catalog.FieldErrors {
	e := catalog.FieldErrors{}
	Required(e, "statement", in.Statement, "Tell us how we can check that the business is yours.")
	if n := utf8.RuneCountInString(in.Statement); n > 0 && n < catalog.VerificationStatementMin && !e.Has("statement") {
		e["statement"] = "Give a little more detail (at least " + strconv.Itoa(catalog.VerificationStatementMin) + " characters), so we can check it."
	}
	CheckLength(e, "statement", in.Statement, catalog.VerificationStatementMax)
	CheckPhone(e, "callback_phone", in.Phone)
	CheckURL(e, "evidence_url", in.Link)
	CheckLength(e, "evidence_url", in.Link, 500)
	return e
}

// RequestVerification records u's request that our team verify b and
// tells the administrators, in one transaction.
// store.ErrVerificationPending and store.ErrAlreadyVerified say it needs
// none.
func (l *Listings) RequestVerification(ctx context.Context, u store.User, b store.Business, in VerificationInput) error {
	if errs := in.Check(); len(errs) > 0 {
		return Invalid(errs)
	}
	err := l.store.InTx(ctx, func(tx *store.Store) error {
		r := store.VerificationRequest{BusinessID: b.ID, Statement: in.Statement, CallbackPhone: in.Phone, EvidenceURL: in.Link}
		r.UserID.Int64, r.UserID.Valid = u.ID, true
		req, err := tx.RequestVerification(ctx, r)
		if err != nil {
			return err
		}
		return l.notifyAdmins(ctx, tx, func(to string) bizmail.Message {
			return bizmail.VerificationRequested(l.site, to, b.Name, u.Email, req.Statement, req.CallbackPhone, req.EvidenceURL, l.link("/admin/verifications"))
		})
	})
	if err == nil {
		l.log.Info("verification requested", "business_id", b.ID, "user_id", u.ID)
	}
	return err
}

// DecideVerification approves or rejects request id as admin and emails
// the owner (when their account still exists) in the decision's
// transaction. A rejection needs a reason (Invalid, under "reason"), which
// the owner is told. store.ErrNotFound and store.ErrVerificationDecided
// (another administrator was first) say why it could not.
func (l *Listings) DecideVerification(ctx context.Context, admin store.User, id int64, approve bool, reason string) (store.VerificationRequest, error) {
	reason = strings.TrimSpace(reason)
	if approve {
		reason = ""
	} else if msg := rejectionProblem(reason); msg != "" {
		if _, err := l.store.VerificationRequestByID(ctx, id); errors.Is(err, store.ErrNotFound) {
			return store.VerificationRequest{}, err
		}
		return store.VerificationRequest{}, Invalid(catalog.FieldErrors{"reason": msg})
	}
	var decided store.VerificationRequest
	err := l.store.InTx(ctx, func(tx *store.Store) error {
		var err error
		if decided, err = tx.DecideVerification(ctx, id, admin, approve, reason); err != nil {
			return err
		}
		if decided.UserEmail == "" {
			return nil // the account is gone
		}
		m := bizmail.VerificationRejected(l.site, decided.UserEmail, decided.BusinessName, reason, l.link(ManagePath(decided.BusinessID)+"#verification"))
		if approve {
			m = bizmail.VerificationApproved(l.site, decided.UserEmail, decided.BusinessName, l.link("/directory/"+decided.BusinessSlug))
		}
		return queueMail(ctx, tx, m)
	})
	if err == nil {
		l.log.Info("verification decided", "verification_id", decided.ID, "business_id", decided.BusinessID, "status", decided.Status, "admin_id", admin.ID)
	}
	return decided, err
}

// rejectionProblem says what is wrong with the reason of a rejection, or
// "".
func rejectionProblem(reason string) string {
	switch {
	case reason == "":
		return "Give the reason: the owner is emailed it, to know what to send next time."
	case utf8.RuneCountInString(reason) > catalog.VerificationReasonMax:
		return catalog.TooLong(catalog.VerificationReasonMax)
	}
	return ""
}

// ManagePath is a listing's manage page in its owner's dashboard.
func ManagePath(id int64) string { return "/dashboard/businesses/" + strconv.FormatInt(id, 10) }

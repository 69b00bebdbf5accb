package present

import (
	"strconv"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/places"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// ClaimRow is a claim as the claims queue lists it.
func ClaimRow(c store.Claim) views.AdminClaimRow {
	return views.AdminClaimRow{
		ID: c.ID, BusinessID: c.BusinessID, BusinessName: c.BusinessName, BusinessSlug: c.BusinessSlug,
		UserEmail: c.UserEmail, Role: c.Role, Message: c.Message, Status: c.Status,
		CreatedAt: c.CreatedAt, DecidedAt: c.DecidedAt.Time, DeciderEmail: c.DeciderEmail,
	}
}

func heldListing(l store.HeldListing) views.AdminHeldListing {
	return views.AdminHeldListing{
		ID: l.ID, Name: l.Name, Slug: l.Slug, Category: l.Category, Location: places.Place(l.City, l.State),
		Email: l.Email, EmailConfirmed: l.EmailConfirmed, Phone: l.Phone, Website: l.Website,
		OwnerEmail: l.OwnerEmail.String, Published: l.Published, CreatedAt: l.CreatedAt.Time,
	}
}

// HoldRow is a held listing as the holds queue lists it, with the
// listing it resembles and why it was held.
func HoldRow(hold store.Hold) views.AdminHoldRow {
	return views.AdminHoldRow{
		ID: hold.ID, Status: hold.Status, Reason: hold.Reason, CreatedAt: hold.CreatedAt, DecidedAt: hold.DecidedAt.Time, DeciderEmail: hold.DeciderEmail,
		Grounds: domain.HoldGrounds(hold.Resembles, hold.Similar.Name, hold.Scripts), Listing: heldListing(hold.Listing), Resembles: hold.Resembles, Similar: heldListing(hold.Similar),
	}
}

// VerificationRow is a verification request as the queue lists it.
func VerificationRow(v store.VerificationRequest) views.AdminVerificationRow {
	return views.AdminVerificationRow{
		ID: v.ID, BusinessID: v.BusinessID, BusinessName: v.BusinessName, BusinessSlug: v.BusinessSlug, Website: v.BusinessWebsite,
		OwnerEmail: v.UserEmail, Method: v.Method, Statement: v.Statement, Phone: v.CallbackPhone, Link: v.EvidenceURL,
		Status: v.Status, Reason: v.Reason, CreatedAt: v.CreatedAt, DecidedAt: v.DecidedAt.Time, DeciderEmail: v.DeciderEmail,
	}
}

// ReportedReviewRow is a reported review as the moderation queue lists it.
func ReportedReviewRow(rv store.ReportedReview) views.AdminReviewRow {
	row := views.AdminReviewRow{
		ID: rv.ID, BusinessID: rv.BusinessID, BusinessName: rv.BusinessName, BusinessSlug: rv.BusinessSlug,
		Author: rv.AuthorName, AuthorEmail: rv.AuthorEmail.String, Rating: rv.Rating,
		Title: rv.Title, Body: rv.Body, VisitedOn: rv.VisitedOn, CreatedAt: rv.CreatedAt,
	}
	for _, rep := range rv.Reports {
		row.Reports = append(row.Reports, views.AdminReportRow{
			Reason: catalog.OptionLabel(catalog.ReportReasons, rep.Reason), Detail: rep.Detail, Reporter: rep.ReporterEmail.String, At: rep.CreatedAt,
		})
	}
	return row
}

// BusinessRow is a listing as the administration's list shows it.
func BusinessRow(b store.AdminBusiness) views.AdminBusinessRow {
	return views.AdminBusinessRow{
		ID: b.ID, Name: b.Name, Slug: b.Slug, Category: b.Category, Location: places.Place(b.City, b.State),
		OwnerEmail: b.OwnerEmail.String, Verified: b.Verified, Claimed: b.Claimed, Featured: b.Featured,
		Published: b.Published, Suspended: b.Suspended, Held: b.Held, CreatedAt: b.CreatedAt,
	}
}

// ReferralChangeRows are the changes of an account's referral, as the
// administration pages list them.
func ReferralChangeRows(cs []store.ReferralChange) []views.AdminReferralChangeRow {
	rows := make([]views.AdminReferralChangeRow, len(cs))
	for i, c := range cs {
		rows[i] = views.AdminReferralChangeRow{At: c.CreatedAt, Account: c.UserEmail, From: c.FromEmail, To: c.ToEmail, By: c.ChangedBy, Reason: c.Reason}
	}
	return rows
}

// PartnerRow is a partner account as the partners' list shows it, with
// how many accounts it referred.
func PartnerRow(p store.Partner, referrals int) views.AdminPartnerRow {
	plan, _ := plans.PartnerPlanByID(p.Plan)
	return views.AdminPartnerRow{ID: p.UserID, Name: p.Name, Company: p.Company, Email: p.Email, State: p.State, Plan: plan.Name,
		Kind: catalog.OptionLabel(catalog.PartnerTiers, p.Kind), Referrals: referrals, AppliedAt: p.CreatedAt}
}

// NewsletterRow is a newsletter as the newsletters' list shows it.
func NewsletterRow(n store.Newsletter) views.AdminNewsletterRow {
	return views.AdminNewsletterRow{
		ID: n.ID, Subject: n.Subject, UpdatedAt: n.UpdatedAt, Sent: n.IsSent(), Finished: n.FinishedAt.Valid, SentAt: n.SentAt.Time,
		Delivered: n.Sent, Failed: n.Failed, Skipped: n.Skipped, Total: n.Total(),
	}
}

// AdminBusiness is a listing's administration page, from its dossier d
// (without the referral, which the handlers add).
func (pg Pages) AdminBusiness(d domain.Dossier) views.AdminBusiness {
	b := d.Business
	v := views.AdminBusiness{AdminBusinessRow: BusinessRow(b), Email: b.Email, EmailConfirmed: b.EmailConfirmed, Phone: b.Phone, Website: b.Website,
		VerifiedMethod: b.VerifiedMethod, VerifiedAt: b.VerifiedAt.Time, Images: pg.AdminImages(b, d.Images)}
	for _, vr := range d.Verifications {
		v.Verifications = append(v.Verifications, VerificationRow(vr))
	}
	for _, c := range d.Claims {
		v.Claims = append(v.Claims, ClaimRow(c))
	}
	for _, a := range d.History {
		label := views.ModerationLabels[a.Action]
		if label == "" {
			label = a.Action
		}
		v.History = append(v.History, views.AdminActionRow{At: a.CreatedAt, Admin: a.AdminEmail, Action: label, Detail: a.Detail})
	}
	return v
}

// AdminPartner is partner p's administration page: its link, the
// accounts it referred and the changes of referrals, with what a form sent
// (f: its Decide and Attribute).
func AdminPartner(p store.Partner, link string, f views.AdminPartner, referred []store.ReferredAccount, changes []store.ReferralChange) views.AdminPartner {
	v := views.AdminPartner{AdminPartnerRow: PartnerRow(p, len(referred)), Website: p.Website, Message: p.Message, Link: link,
		DecisionReason: p.DecisionReason, PlanID: p.Plan, DecidedAt: p.DecidedAt.Time, TermsAcceptedAt: p.TermsAcceptedAt,
		Decide: f.Decide, Attribute: f.Attribute, Changes: ReferralChangeRows(changes)}
	for _, pl := range plans.PartnerPlans {
		v.Plans = append(v.Plans, catalog.Option{Value: pl.ID, Label: pl.Name + " (" + strconv.Itoa(pl.CommissionPercent) + "%)"})
	}
	for _, a := range referred {
		v.Referred = append(v.Referred, views.AdminReferredRow{UserID: a.UserID, Email: a.Email, Businesses: a.Businesses, Since: a.Since})
	}
	return v
}

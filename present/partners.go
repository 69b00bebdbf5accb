package present

import (
	"strconv"
	"time"

	"bizprofile/catalog"
	"bizprofile/domain"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// ClientStatus is where client listing c stands with its client.
func ClientStatus(c store.ClientListing) views.ClientStatus {
	s := views.ClientStatus{Invited: c.Invited(), Accepted: c.Accepted(), Email: c.ClientEmail, Since: c.InvitedAt.Time, Held: c.Held, Suspended: c.Suspended}
	if s.Accepted {
		s.Since = c.AcceptedAt.Time
	}
	return s
}

// PartnerClient is client listing c's page for its agency, with act (its
// figures, its recent leads and reviews) and the invitation field (the
// client's email unless the form sent one).
func PartnerClient(c store.ClientListing, act domain.ClientActivity, invite views.Field) views.PartnerClient {
	f := act.Figures
	v := views.PartnerClient{ID: c.ID, Name: c.Name, Slug: c.Slug, City: c.City, State: c.State, Published: c.Published,
		Status: ClientStatus(c), Days: domain.ClientFigureDays, Views: f.Views, Clicks: f.Clicks(),
		Leads: f.Leads, Reviews: f.Reviews, Rating: f.AverageRating()}
	for _, l := range act.Leads {
		v.RecentLeads = append(v.RecentLeads, views.PartnerClientLead{Name: l.Name, Message: l.Message, Status: l.Status, At: l.CreatedAt, Locked: l.Locked})
	}
	for _, rv := range act.Reviews {
		v.RecentReviews = append(v.RecentReviews, views.PartnerClientReview{Author: rv.AuthorName, Title: rv.Title, Rating: rv.Rating, At: rv.CreatedAt})
	}
	if invite.Name == "" {
		invite = views.Field{Name: "email", Value: c.ClientEmail}
		if invite.Value == "" {
			invite.Value = c.Email
		}
	}
	invite.Label, invite.Type, invite.Autocomplete, invite.Required = "The owner's email", "email", "off", true
	v.Invite = invite
	return v
}

// PartnerDashboard is partner p's home as any partner sees it: their
// standing, plan and the programme's terms.
func PartnerDashboard(p store.Partner) views.PartnerDashboard {
	plan, _ := plans.PartnerPlanByID(p.Plan)
	return views.PartnerDashboard{
		Name: p.Name, State: p.State, PlanName: plan.Name, Rate: plan.CommissionPercent, AppliedOn: p.CreatedAt,
		Reason: p.DecisionReason, DecidedOn: p.DecidedAt.Time,
		HoldDays: plans.HoldDays, CommissionMonths: plans.CommissionMonths, AttributionDays: plans.AttributionDays,
		Threshold: views.DollarsText(plans.PayoutThresholdCents),
	}
}

// ApprovedPartner is d with what an approved partner has besides: their
// figures by month, their link, their money and the businesses they
// referred.
func ApprovedPartner(d views.PartnerDashboard, months []views.PartnerMonthFigures, link string, money views.PartnerMoney, referred []domain.Referred) views.PartnerDashboard {
	d.Months, d.Link = months, link
	d.Balances, d.Ledger, d.Payouts, d.Connect = views.PartnerBalances(money), views.PartnerLedger(money), views.PartnerPayouts(money), views.PartnerConnect(money)
	for _, a := range referred {
		d.Referred = append(d.Referred, views.PartnerReferred{Names: a.Businesses, Plan: a.Plan, Since: a.Since})
	}
	return d
}

// PartnerChoices are the approved partners ps as a listing's
// administration page offers them, after "No partner"; chosen is the label
// of the one whose user is partnerID ("" for none of them).
func PartnerChoices(ps []store.Partner, partnerID int64) (choices []catalog.Option, chosen string) {
	choices = []catalog.Option{{Value: "0", Label: "No partner"}}
	for _, p := range ps {
		label := p.Company + " (" + p.Email + ")"
		choices = append(choices, catalog.Option{Value: strconv.FormatInt(p.UserID, 10), Label: label})
		if p.UserID == partnerID {
			chosen = label
		}
	}
	return choices, chosen
}

// PartnerMonths are a partner's figures by month, for the dashboard and
// its CSV.
func PartnerMonths(ms []store.PartnerMonth) []views.PartnerMonthFigures {
	out := make([]views.PartnerMonthFigures, 0, len(ms))
	for _, m := range ms {
		month, _ := time.Parse(store.MonthFormat, m.Month)
		out = append(out, views.PartnerMonthFigures{Month: month, Clicks: m.Clicks, SignUps: m.SignUps, Paying: m.Paying, EarnedCents: m.EarnedCents})
	}
	return out
}

// ClientOffer is what an agency's invitation of token to take a listing
// over (o) shows u (nil: signed out), in state (views.InviteOpen…).
func ClientOffer(o domain.ClientOffer, state, token string, u *store.User) views.ClientOfferView {
	v := views.ClientOfferView{State: state, Listing: o.Listing.Name, Agency: o.Agency, Masked: o.Masked, Blocker: o.Blocker, Becomes: o.Becomes}
	if o.Agency != "" {
		v.Token, v.Next, v.Place = token, domain.ClientInvitationPath(token), o.Listing.City+", "+o.Listing.State
		if u != nil {
			v.SignedInAs = u.Email
		}
	}
	return v
}

package present

import (
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/domain"
	bizmail "bizprofile/mail"
	"bizprofile/places"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// ZoneRow is z as the zone pages list it.
func ZoneRow(z store.LeadZone) views.ZoneRow {
	return views.ZoneRow{ID: z.ID, Name: domain.ZoneName(z), Status: z.Status, Reason: z.Reason, RequestedAt: z.RequestedAt, Open: z.Open(),
		Requests: z.Requests, Leads: z.Leads, Won: z.Won, RecentRequests: z.RecentRequests, RecentLeads: z.RecentLeads, RecentWon: z.RecentWon,
		Company: z.Company, Email: z.Email}
}

// LeadDelete is the page that confirms deleting lead l.
func LeadDelete(l store.OwnerLead) views.LeadDeleteView {
	v := views.LeadDeleteView{ID: l.ID, Business: l.BusinessName}
	if !l.Locked {
		v.Name = l.Name
	}
	return v
}

// LeadScoring is what plan shows of lead scores.
func LeadScoring(plan plans.Plan) views.LeadScoring {
	if plan.LeadScoring {
		return views.LeadScoring{Shown: true}
	}
	return views.LeadScoring{Plan: plans.FirstWithLeadScoring().Name}
}

// LeadPage is a lead's page, of the account it came to, with pg (its
// history and request, as the domain gives them to its viewer): a locked
// lead's carries nothing of its sender, and names the plan that opens it.
func LeadPage(l store.OwnerLead, bill domain.Billing, pg domain.LeadPage) views.LeadPageView {
	v := views.LeadPageView{
		ID: l.ID, BusinessID: l.BusinessID, Business: l.BusinessName, Status: l.Status, Source: l.Source, CreatedAt: l.CreatedAt,
		Scoring: LeadScoring(bill.Plan), Locked: l.Locked, PlanName: bill.Plan.Name,
	}
	for _, item := range pg.History {
		v.History = append(v.History, views.LeadHistoryItem(item))
	}
	if l.Locked {
		v.UnlockPlan = pg.UnlockPlan
		return v
	}
	v.Name, v.Email, v.Phone, v.Message = l.Name, l.Email, l.Phone, l.Message
	if v.Scoring.Shown {
		v.Score = l.Score
		for _, reason := range l.Reasons {
			v.Reasons = append(v.Reasons, views.LeadScoreReason{Points: reason.Points, Text: reason.Text})
		}
	}
	if q := pg.Request; q != nil {
		v.Request = &views.LeadRequestView{
			Category: catalog.CategoryLabel(q.Category), Description: q.Description, Place: places.Place(q.City, q.State),
			Timing: store.TimingLabel(q.Timing), Budget: store.BudgetLabel(q.Budget),
		}
	}
	return v
}

// AdminZones is the administration of every lead zone (zs); refused is
// the row of a decision refused (its error and reason), or none. A
// request for a place another partner holds names the holder.
func AdminZones(zs []store.LeadZone, refused views.ZoneRow) views.AdminZones {
	holders := map[string]store.LeadZone{}
	place := func(z store.LeadZone) string { return z.Category + "|" + strings.ToLower(z.City) + "|" + z.State }
	for _, z := range zs {
		if z.Status == store.ZoneGranted {
			holders[place(z)] = z
		}
	}
	v := views.AdminZones{FigureDays: int(domain.ZoneFiguresSince.Hours() / 24)}
	for _, z := range zs {
		row := ZoneRow(z)
		if holder, ok := holders[place(z)]; ok && z.Status == store.ZoneRequested && holder.ID != z.ID {
			row.HeldBy = holder.Company
		}
		if z.ID == refused.ID {
			row.Error, row.ReasonValue, row.ReasonError = refused.Error, refused.ReasonValue, refused.ReasonError
		}
		v.Rows = append(v.Rows, row)
	}
	return v
}

// ListingChoices are listings as a choice of one (the lead inbox's, the
// analytics' and the insights' pickers).
func ListingChoices(bs []store.Business) []catalog.Option {
	var opts []catalog.Option
	for _, b := range bs {
		opts = append(opts, catalog.Option{Value: strconv.FormatInt(b.ID, 10), Label: b.Name})
	}
	return opts
}

// InboxLeads are the inbox's rows of ls: a locked lead's without its
// sender, the score with lead scoring only.
func InboxLeads(ls []store.OwnerLead, scoring bool) []views.InboxLead {
	var rows []views.InboxLead
	for _, l := range ls {
		row := views.InboxLead{ID: l.ID, Business: l.BusinessName, Status: l.Status, Source: l.Source, CreatedAt: l.CreatedAt, Locked: l.Locked}
		if scoring {
			row.Score = l.Score
		}
		if !l.Locked {
			row.Name, row.Email, row.Excerpt = l.Name, l.Email, bizmail.Excerpt(l.Message, 160)
		}
		rows = append(rows, row)
	}
	return rows
}

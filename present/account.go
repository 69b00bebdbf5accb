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

// WebhookStatus is whether events are sent to e.
func WebhookStatus(e store.WebhookEndpoint) views.WebhookStatus {
	return views.WebhookStatus{Disabled: e.DisabledAt.Time, Reason: e.DisabledReason, FailingSince: e.FailingSince.Time}
}

// HeldMessage tells a visitor whose sign-in is held how long to wait: in
// seconds for a short delay, as Retry-After says.
func HeldMessage(held domain.SignInHeld) string {
	if !held.Delay {
		return views.TooManyMessage(held.Retry)
	}
	secs, unit := int(held.Retry.Seconds())+1, " seconds"
	if secs == 1 {
		unit = " second"
	}
	return "Too many attempts. Please wait " + strconv.Itoa(secs) + unit + " and try again."
}

// WebhookDeliveries are an endpoint's deliveries as its page lists them,
// each with its attempts.
func WebhookDeliveries(ds []domain.LoggedDelivery) []views.WebhookDeliveryRow {
	var rows []views.WebhookDeliveryRow
	for _, d := range ds {
		row := views.WebhookDeliveryRow{
			ID: d.ID, EventType: d.EventType, EventID: d.EventID, CreatedAt: d.CreatedAt, Status: d.Status, Attempts: d.Attempts,
			NextAttempt: d.NextAttemptAt.Time, ResponseCode: int(d.ResponseCode.Int64), ResponseMS: -1, LastError: d.LastError,
		}
		if d.ResponseMS.Valid {
			row.ResponseMS = d.ResponseMS.Int64
		}
		for _, a := range d.Log {
			row.Log = append(row.Log, views.WebhookAttemptRow{At: a.AttemptedAt, Code: int(a.ResponseCode.Int64), MS: a.ResponseMS, Error: a.Error})
		}
		rows = append(rows, row)
	}
	return rows
}

// InsightItems are a listing's AI insights as the page lists them.
func InsightItems(ins []store.Insight) []views.InsightItem {
	var out []views.InsightItem
	for _, in := range ins {
		out = append(out, views.InsightItem{
			Type: in.Type, Title: in.Title, Content: in.Content, Recommendations: in.Recommendations, Provider: in.Provider,
			Date: in.CreatedAt.Format("Jan 2, 2006"), DateISO: in.CreatedAt.Format(time.DateOnly),
		})
	}
	return out
}

// VerificationPanel is the manage page's Verification section of b for
// its owner u, with the request form f (its values and errors) and news of
// its requests.
func VerificationPanel(u *store.User, b store.Business, f views.VerificationForm, news domain.VerificationNews) views.VerificationPanel {
	if f.Errors == nil {
		f.Errors = catalog.FieldErrors{}
	}
	p := views.VerificationPanel{
		BusinessID: b.ID, Name: b.Name, Verified: b.Verified, Method: b.VerifiedMethod, VerifiedAt: b.VerifiedAt.Time,
		Domain: views.DomainOffer{
			Check: string(store.CheckDomain(u.Email, u.Verified(), b.Website)), Email: u.Email,
			EmailDomain: store.EmailDomain(u.Email), WebsiteDomain: store.WebsiteDomain(b.Website),
		},
		Form: f,
	}
	switch {
	case b.Suspended:
		p.Blocked = "suspended"
	case b.Held:
		p.Blocked = "held"
	}
	p.Pending, p.PendingSince = news.Pending, news.PendingSince
	p.Rejected, p.RejectedAt, p.RejectedReason = news.Rejected, news.RejectedAt, news.RejectedReason
	return p
}

// Profile is the profile page of u, whose profile is p (before the
// settings the account's owner has).
func Profile(u *store.User, p store.Profile) views.ProfileView {
	return views.ProfileView{
		Email: u.Email, Individual: u.Kind == store.KindIndividual,
		FullName: p.FullName, FirstName: p.FirstName, LastName: p.LastName, Phone: p.Phone,
		Location: p.Location, Profession: p.Profession, Interests: p.Interests, Bio: p.Bio,
		Errors: catalog.FieldErrors{},
	}
}

// ConfirmSubscription is the page that confirms sub's subscription to a
// list (token its link's); unsubscribe is the link that leaves it.
func ConfirmSubscription(sub store.Subscriber, token, unsubscribe string) views.ConfirmSubscription {
	return views.ConfirmSubscription{
		Token: token, Email: sub.Email, List: domain.ListName(sub.List), About: domain.ListAbout(sub.List),
		Confirmed: sub.Confirmed(), UnsubscribeURL: unsubscribe,
	}
}

// WebhookEndpoint is endpoint e's page (page of its deliveries) on the
// plan of bill, before its deliveries.
func WebhookEndpoint(e store.WebhookEndpoint, bill domain.Billing, page int) views.WebhookEndpointView {
	return views.WebhookEndpointView{
		ID: e.ID, URL: e.URL, Status: WebhookStatus(e), Secret: e.Secret, CreatedAt: e.CreatedAt,
		Allowed: bill.Plan.API, APIPlan: plans.FirstWithAPI().Name, Events: catalog.WebhookEvents, Page: page,
		Form: views.WebhookEndpointForm{URL: e.URL, Description: e.Description, Events: e.EventList()},
	}
}

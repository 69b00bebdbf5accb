package present

import (
	"strconv"

	"bizprofile/domain"
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

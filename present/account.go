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

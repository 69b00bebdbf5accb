package present

import (
	"strconv"

	"bizprofile/domain"
	"bizprofile/places"
	"bizprofile/plans"
	"bizprofile/store"
	"bizprofile/views"
)

// How a listing goes public is domain.Listings' rule; these are the
// toasts that tell its owner.

// WaitsForEmailToast tells a new owner their listing goes live once their
// address is verified.
func WaitsForEmailToast(name string) views.Toast {
	return views.Toast{Title: "Your listing waits for your email", Description: name + " goes live in the directory once you confirm your email address."}
}

// HeldToast tells an owner their listing waits for a review of its name.
func HeldToast(b store.Business) views.Toast {
	return views.Toast{Title: "Held for review", Description: "Another listing in " + places.Place(b.City, b.State) + " has a name like " + b.Name +
		", so an administrator checks yours before it goes live. We will email you the decision."}
}

// EmailSentToast tells an owner a confirmation link went to addr.
func EmailSentToast(addr string) views.Toast {
	return views.Toast{Title: "Confirm the contact email", Description: "We emailed a link to " + addr + ". Your listing shows the address once it is opened, and nowhere until then."}
}

// RequestSentToast tells what became of a quote request (res).
func RequestSentToast(res domain.QuoteResult) views.Toast {
	n := len(res.Matches)
	t := views.Toast{Title: "Request sent!", Description: "It went to " + strconv.Itoa(n) + " matching businesses."}
	switch {
	case res.Outcome == domain.RequestWaiting:
		t = views.Toast{Title: "Check your email", Description: "Confirm your address from the link we sent, and your request goes out."}
	case res.Outcome == domain.RequestRepeated:
		t = views.Toast{Title: "Already sent", Description: "You sent this request before; here is where it went."}
	case n == 0:
		t = views.Toast{Title: "No match", Description: "No business here serves this request, so it went to no one."}
	case n == 1:
		t.Description = "It went to 1 matching business."
	}
	return t
}

// FreePlanChosen tells a signed-in user who chose the free plan where they
// stand: on it already, or on a paid plan that is still in force.
func FreePlanChosen(b domain.Billing) views.Toast {
	switch {
	case b.InForce == nil:
		return freePlanToast
	case b.InForce.Ending() && b.InForce.CurrentPeriodEnd.Valid:
		return views.Toast{Title: "Free Plan Selected", Description: "Your " + b.Plan.Name + " plan ends on " + views.LongDate(b.InForce.CurrentPeriodEnd.Time) +
			"; your account then moves to the free " + plans.Free().Name + " plan."}
	}
	return views.Toast{Title: "Your " + b.Plan.Name + " plan is in force", Description: "Cancel it in the billing portal (Manage billing on your dashboard): your account moves to the free " +
		plans.Free().Name + " plan when the period you paid for ends."}
}

// freePlanToast: the free plan chosen on the free plan (spec §8).
var freePlanToast = views.Toast{Title: "Free Plan Selected", Description: "You're all set with the free plan!"}

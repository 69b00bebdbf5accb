package present

import (
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

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

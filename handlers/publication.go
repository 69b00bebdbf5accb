package handlers

import (
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

// How a listing goes public is domain.Listings' rule; these are the
// toasts that tell its owner.

// heldToast tells an owner their listing waits for a review of its name.
func heldToast(b store.Business) views.Toast {
	return views.Toast{Title: "Held for review", Description: "Another listing in " + places.Place(b.City, b.State) + " has a name like " + b.Name +
		", so an administrator checks yours before it goes live. We will email you the decision."}
}

// waitsForEmailToast tells a new owner their listing goes live once their
// address is verified.
func waitsForEmailToast(name string) views.Toast {
	return views.Toast{Title: "Your listing waits for your email", Description: name + " goes live in the directory once you confirm your email address."}
}

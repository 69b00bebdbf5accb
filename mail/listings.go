package mail

// The emails about trust in listings: confirming a listing's contact
// email, and the review of a listing held for its name.

// ConfirmListingEmail asks whoever reads to for the right to show it as
// the contact email of business; the link is valid for 72 hours. The
// reader may not be the listing's owner, so it says how to refuse.
func ConfirmListingEmail(s Site, to, business, link string) Message {
	return build(to, "Confirm "+to+" as the email of "+business, email{
		Site:   s,
		Intro:  []string{"The listing of " + business + " on " + s.Name + " gives this address as its contact email. Confirm it with the button below, and the listing shows it; until then, it is shown nowhere."},
		Button: linkTo("Confirm this address", link),
		Outro: []paragraph{
			{Text: "This link is valid for 72 hours."},
			{Text: "If you don't know " + business + ", ignore this email: the address will not be shown. If someone is using your business's name, tell us at " + s.SupportEmail + "."},
		},
		Why: "You received this email because this address was entered as the contact email of a listing on " + s.Name + ".",
	})
}

// ListingHeld tells an administrator a listing was held for review, on
// grounds (domain.HoldGrounds: it resembles another listing in its city,
// its name mixes alphabets), and waits for their review.
func ListingHeld(s Site, to, business, place string, grounds []string, heldLink string) Message {
	intro := append([]string{"A listing, " + business + " (" + place + "), was held for review:"}, grounds...)
	return build(to, business+" was held for review", email{
		Site:   s,
		Intro:  append(intro, "It stays unpublished until an administrator approves it."),
		Button: linkTo("Review held listings", heldLink),
		Why:    "You receive this because you are an administrator of " + s.Name + ".",
	})
}

// ListingApproved tells an owner their held listing was approved and is
// live.
func ListingApproved(s Site, to, business, listingLink string) Message {
	return build(to, business+" is live", email{
		Site:   s,
		Intro:  []string{"Good news: an administrator checked " + business + " and approved it. It is now in the " + s.Name + " directory, and customers can find it and contact you."},
		Button: linkTo("See your listing", listingLink),
		Why:    "You receive this because you manage " + business + " on " + s.Name + ".",
	})
}

// ListingRejected tells an owner their held listing could not be
// published, why, and whom to ask.
func ListingRejected(s Site, to, business, reason, manageLink string) Message {
	return build(to, business+" could not be published", email{
		Site: s,
		Intro: []string{"An administrator checked the name of " + business + ", held for review, and could not publish it:", "“" + reason + "”",
			"You can still see and edit the listing. If it is your business, reply to " + s.SupportEmail + " with something that shows it (an email from the business's domain, a utility bill or a business registration) and we will look at it again."},
		Button: linkTo("Open your listing", manageLink),
		Why:    "You receive this because you manage " + business + " on " + s.Name + ".",
	})
}

package mail

// The verification emails: administrators are told a request waits; the
// owner is told the decision (a rejection with its reason and how to ask
// again). A verification by the website's domain is told on the page
// where the owner asked for it, and by no email: nothing happens out of
// their sight.

// VerificationRequested tells an administrator an owner asks our team to
// verify business, with the evidence they gave (phone and link may be
// empty).
func VerificationRequested(s Site, to, business, owner, statement, phone, link, reviewLink string) Message {
	intro := []string{owner + " asks us to verify " + business + " on " + s.Name + ":", "“" + statement + "”"}
	if phone != "" {
		intro = append(intro, "Phone to call back: "+phone)
	}
	if link != "" {
		intro = append(intro, "Link: "+link)
	}
	return build(to, "Verification requested for "+business, email{
		Site:   s,
		Intro:  intro,
		Button: linkTo("Review the request", reviewLink),
		Why:    "You receive this because you are an administrator of " + s.Name + ".",
	})
}

// VerificationApproved tells an owner their listing is verified by our
// team; listingLink opens its public page, which shows the badge.
func VerificationApproved(s Site, to, business, listingLink string) Message {
	return build(to, business+" is verified", email{
		Site:   s,
		Intro:  []string{"Good news: our team checked " + business + " and verified it. Its page on " + s.Name + " now shows “Verified by our team” with the date, and directory cards show the Verified badge."},
		Button: linkTo("See your listing", listingLink),
		Why:    "You receive this because you asked us to verify " + business + " on " + s.Name + ".",
	})
}

// VerificationRejected tells an owner our team could not verify their
// listing, why, and how to ask again from manageLink.
func VerificationRejected(s Site, to, business, reason, manageLink string) Message {
	return build(to, "We could not verify "+business+" yet", email{
		Site: s,
		Intro: []string{"Our team looked at your request to verify " + business + " and could not confirm it yet. The reason:", "“" + reason + "”",
			"You can ask again from your listing's page, with what answers the reason: a statement, a phone number we can call back, a link that shows the business is yours. If your email address is at your website's domain, you can also verify the listing at once there."},
		Button: linkTo("Ask again", manageLink),
		Why:    "You receive this because you asked us to verify " + business + " on " + s.Name + ".",
	})
}

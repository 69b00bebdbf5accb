package mail

// The emails of an agency's client listings (issue 37): the invitation
// that hands a listing to its business, and the agency's news of it.

// ClientListingInvitation carries the link that lets to take over listing
// (its name), which agency created for them; the link works once.
func ClientListingInvitation(s Site, to, agency, listing, link string) Message {
	return build(to, agency+" set up "+listing+" for you on "+s.Name, email{
		Site: s,
		Intro: []string{
			agency + " created a listing for " + listing + " on " + s.Name + " and invites you to take it over. Once you accept, the listing is yours and goes live in the directory; " + agency + " keeps helping you manage it (editing it, seeing its leads, reviews and analytics) until you remove them from the listing's page.",
			"Open the invitation to accept it. You sign in (or create a business account) with this address, " + to + ": the invitation works for it alone.",
		},
		Button: linkTo("Open the invitation", link),
		Outro: []paragraph{
			{Text: "The link works once. If you don't know " + agency + ", ignore this email: the listing stays hidden unless you accept."},
		},
		Why: "You received this email because " + agency + " entered this address as the owner of " + listing + " on " + s.Name + ".",
	})
}

// ClientListingAccepted tells an agency that client took listing over.
func ClientListingAccepted(s Site, to, client, listing, link string) Message {
	return build(to, client+" accepted "+listing+" on "+s.Name, email{
		Site: s,
		Intro: []string{
			client + " accepted your invitation: " + listing + " is now theirs and public in the directory. You keep managing it until they remove you from the listing.",
		},
		Button: linkTo("See the listing", link),
		Why:    "You receive this because your agency manages " + listing + " on " + s.Name + ".",
	})
}

// ClientListingRemoved tells an agency that the owner of listing removed
// it: it no longer manages the listing.
func ClientListingRemoved(s Site, to, listing, link string) Message {
	return build(to, "You no longer manage "+listing+" on "+s.Name, email{
		Site: s,
		Intro: []string{
			"The owner of " + listing + " removed your agency from the listing. You no longer edit it or see its leads, reviews and analytics.",
		},
		Button: linkTo("See your clients", link),
		Why:    "You receive this because your agency managed " + listing + " on " + s.Name + ".",
	})
}

package mail

// The emails of reviews that go to customers: an owner's request for a
// review.

// ReviewRequest asks a customer of business to review it, with the
// owner's note (empty: none), the link to the review form and the link
// that stops every review request to the address. Mail clients offer the
// same unsubscribe link as their own button (List-Unsubscribe).
func ReviewRequest(s Site, to, business, note, reviewLink, unsubscribeLink string) Message {
	intro := []string{business + " asked us to send you this: they would value a few words about your visit on " + s.Name + ". A review helps other customers choose, and tells " + business + " what to keep and what to change."}
	if note != "" {
		intro = append(intro, "A note from "+business+":", "“"+note+"”")
	}
	m := build(to, "How was your visit to "+business+"?", email{
		Site:   s,
		Intro:  intro,
		Button: linkTo("Write a review", reviewLink),
		Outro: []paragraph{
			{Text: "It takes a minute; you need a free " + s.Name + " account to post it."},
			{Text: "Don't want review requests from businesses on " + s.Name + "?", Link: linkTo("Unsubscribe", unsubscribeLink)},
		},
		Why: "You received this email because " + business + " entered this address to ask for your review. A business asks an address at most once in 30 days.",
	})
	m.Unsubscribe = unsubscribeLink
	return m
}

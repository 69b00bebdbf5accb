package mail

// The emails to the author of a review an administrator hid or deleted
// after readers reported it: what happened, why, and whom to ask.

// ReviewHidden tells the author of the review titled title that an
// administrator hid it, and the reason; link opens the listing.
func ReviewHidden(s Site, to, business, title, reason, link string) Message {
	return build(to, "Your review of "+business+" was hidden", email{
		Site: s,
		Intro: []string{
			"An administrator of " + s.Name + " hid your review “" + title + "” of " + business + " after it was reported. It no longer shows on the listing and no longer counts in its rating.",
			"The reason:", "“" + reason + "”",
		},
		Button: linkTo("See the listing", link),
		Outro:  []paragraph{reconsider(s)},
		Why:    "You receive this because you wrote a review of " + business + " on " + s.Name + ".",
	})
}

// ReviewDeleted tells the author of the review titled title that an
// administrator deleted it, and why when a reason was given; link opens
// the listing.
func ReviewDeleted(s Site, to, business, title, reason, link string) Message {
	intro := []string{"An administrator of " + s.Name + " deleted your review “" + title + "” of " + business + ". It no longer shows on the listing and no longer counts in its rating."}
	if reason != "" {
		intro = append(intro, "The reason:", "“"+reason+"”")
	}
	return build(to, "Your review of "+business+" was deleted", email{
		Site:   s,
		Intro:  intro,
		Button: linkTo("See the listing", link),
		Outro:  []paragraph{reconsider(s)},
		Why:    "You receive this because you wrote a review of " + business + " on " + s.Name + ".",
	})
}

// reconsider says where an author who disagrees can turn.
func reconsider(s Site) paragraph {
	if s.SupportEmail == "" {
		return paragraph{Text: "If you think this is a mistake, tell us why and we will look at it again:", Link: linkTo("contact us", s.url("/contact"))}
	}
	return paragraph{Text: "If you think this is a mistake, write to " + s.SupportEmail + " and tell us why: we will look at it again."}
}

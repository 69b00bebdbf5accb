package mail

// ImageRemoved tells a listing's owner that an administrator removed one
// of its images, which (the logo, or the photo by its alt text) and why,
// with a link to the listing's page in the dashboard where they can upload
// another.
func ImageRemoved(s Site, to, business string, logo bool, alt, reason, manageLink string) Message {
	what := "the logo of " + business
	if !logo {
		what = "a photo of " + business
		if alt != "" {
			what += " (described as “" + alt + "”)"
		}
	}
	subject := "An image was removed from " + business
	return build(to, subject, email{
		Site: s,
		Intro: []string{
			"An administrator of " + s.Name + " removed " + what + " from the listing, for this reason:",
			"“" + reason + "”",
			"The rest of the listing is unchanged. You can upload another image that follows our rules from the listing's page; if you think this was a mistake, reply to " + s.SupportEmail + ".",
		},
		Button: linkTo("Open your listing", manageLink),
		Why:    "You receive this because you manage " + business + " on " + s.Name + ".",
	})
}

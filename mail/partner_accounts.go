package mail

import "strconv"

// The partner programme's account emails (issue 36): an administrator's
// answer to a partner's application.

// PartnerApproved tells a partner their application is approved: their
// plan and rate, their referral link and their dashboard. note is the
// administrator's optional note.
func PartnerApproved(s Site, to, name, plan string, percent int, note, referralLink, dashboardLink string) Message {
	intro := []string{"Your application to the " + s.Name + " partner programme is approved, on the " + plan + " plan: you earn " +
		strconv.Itoa(percent) + "% of what the businesses you refer pay.",
		"Your referral link: " + referralLink + " — share it, and the business accounts created after a click on it are attributed to you."}
	if note != "" {
		intro = append(intro, "A note from our team: “"+note+"”")
	}
	return build(to, "Your partner application is approved", email{
		Site:     s,
		Greeting: greeting(name),
		Intro:    intro,
		Button:   linkTo("Open your partner dashboard", dashboardLink),
		Why:      "You receive this because you applied to the partner programme of " + s.Name + ".",
	})
}

// PartnerDeclined tells a partner their application is declined, and
// why.
func PartnerDeclined(s Site, to, name, reason, dashboardLink string) Message {
	return build(to, "Your partner application was declined", email{
		Site:     s,
		Greeting: greeting(name),
		Intro: []string{"We could not approve your application to the " + s.Name + " partner programme. The reason:", "“" + reason + "”",
			"If something changes, reply to " + s.SupportEmail + " and we will look at it again."},
		Button: linkTo("See your application", dashboardLink),
		Why:    "You receive this because you applied to the partner programme of " + s.Name + ".",
	})
}

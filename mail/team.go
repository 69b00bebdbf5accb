package mail

// The emails of a business account's team: an invitation to join it, and
// the news of a member's removal or of a new owner.

// TeamInvitation carries the link that lets to join account (its owner's
// name and their business), sent by inviter; the link is valid for 7 days
// and works once.
func TeamInvitation(s Site, to, inviter, account, link string) Message {
	return build(to, inviter+" invited you to manage "+account+" on "+s.Name, email{
		Site: s,
		Intro: []string{
			inviter + " invited you to join the team of " + account + " on " + s.Name + ". As a member you manage its listings, leads, reviews, insights and analytics; billing and the team stay with the owner.",
			"Open the invitation to accept it. You sign in (or create an account) with this address, " + to + ": the invitation works for it alone.",
		},
		Button: linkTo("Open the invitation", link),
		Outro: []paragraph{
			{Text: "The link is valid for 7 days and works once."},
			{Text: "If you don't know " + inviter + ", ignore this email: nothing happens unless you accept."},
		},
		Why: "You received this email because " + inviter + " entered this address to invite you to their team on " + s.Name + ".",
	})
}

// TeamMemberRemoved tells a member they no longer have access to account:
// the owner removed them.
func TeamMemberRemoved(s Site, to, account string) Message {
	return build(to, "You were removed from the team of "+account, email{
		Site: s,
		Intro: []string{
			"The owner of " + account + " on " + s.Name + " removed you from its team. You no longer see its listings, leads, reviews, insights or analytics.",
			"Your account stays open: you can still sign in, list a business of your own, or join a team again when invited.",
		},
		Button: linkTo("Go to "+s.Name, s.BaseURL+"/dashboard"),
		Why:    "You receive this because you were a member of the team of " + account + " on " + s.Name + ".",
	})
}

// TeamOwnershipReceived tells a member they now own account: its
// listings, billing, plan and team, handed over by the former owner.
func TeamOwnershipReceived(s Site, to, account, formerOwner, teamLink string) Message {
	return build(to, "You now own "+account+" on "+s.Name, email{
		Site: s,
		Intro: []string{
			formerOwner + " transferred the ownership of " + account + " to you. Its listings, its billing (the plan and the card it is paid with) and its team are yours to manage; " + formerOwner + " stays on the team as a member.",
		},
		Button: linkTo("See your team", teamLink),
		Outro: []paragraph{
			{Text: "Manage billing from your dashboard to change the card or the plan."},
		},
		Why: "You receive this because you were a member of the team of " + account + " on " + s.Name + ".",
	})
}

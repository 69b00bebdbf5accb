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

// TeamMemberJoined tells an account's owner that member accepted their
// invitation and now works in the account.
func TeamMemberJoined(s Site, to, member, teamLink string) Message {
	return build(to, member+" joined your team on "+s.Name, email{
		Site: s,
		Intro: []string{
			member + " accepted your invitation and now works on your account's listings, leads, reviews, insights and analytics. Billing and the team stay with you.",
		},
		Button: linkTo("See your team", teamLink),
		Outro: []paragraph{
			{Text: "If you did not mean to give them access, remove them from the team page: it takes effect at once."},
		},
		Why: "You receive this because you own a business account on " + s.Name + " and invited " + member + ".",
	})
}

// TeamMemberLeft tells an account's owner that member left the team: they
// no longer see the account, and their seat is free.
func TeamMemberLeft(s Site, to, member, teamLink string) Message {
	return build(to, member+" left your team on "+s.Name, email{
		Site: s,
		Intro: []string{
			member + " left your team and no longer has access to your account. Their seat is free again.",
		},
		Button: linkTo("See your team", teamLink),
		Why:    "You receive this because you own a business account on " + s.Name + ".",
	})
}

// TeamIntegrationsRetired tells an account's owner which API keys were
// revoked and which webhook endpoints disabled because person, who made
// them, lost the account's API (why: "was removed from the team", "left
// the team", "handed the account over"), and where to make new ones. keys
// and endpoints name each (a key's name and prefix, an endpoint's URL).
func TeamIntegrationsRetired(s Site, to, person, why string, keys, endpoints []string, link string) Message {
	tab := &table{Caption: "What was turned off", Head: []string{"What", "Which"}}
	for _, rows := range []struct {
		what  string
		which []string
	}{{"API key", keys}, {"Webhook endpoint", endpoints}} {
		for _, w := range rows.which {
			tab.Rows = append(tab.Rows, tableRow{Cells: []string{rows.what, w}, Text: rows.what + ": " + w})
		}
	}
	return build(to, "API keys and webhook endpoints set up by "+person+" were turned off", email{
		Site: s,
		Intro: []string{
			person + " " + why + ", so the API keys they created were revoked and the webhook endpoints they set up were disabled: the keys no longer open your account's records, and the endpoints receive none of its events (your leads' contact details included).",
		},
		Table:  tab,
		Button: linkTo("Open API keys and webhooks", link),
		Outro: []paragraph{
			{Text: "If a system still needs access, create a new key on that page and give it to whoever runs it."},
			{Text: "A disabled endpoint is listed there as disabled: re-enable it from its page if it should receive your events again, or delete it."},
		},
		Why: "You receive this because you own the account on " + s.Name + ".",
	})
}

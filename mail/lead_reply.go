package mail

import "strings"

// The email that carries an owner's reply to an enquiry: sent from the
// app's address, answered to the owner's (Reply-To), so the sender's
// address reaches only the business they wrote to.

// quotedRunes is how much of the enquiry a reply quotes.
const quotedRunes = 300

// LeadReply carries business's reply to the enquiry name sent them
// (message), to the sender's address to; replyTo is the owner's address,
// where the sender's answer goes.
func LeadReply(s Site, to, name, business, reply, message, replyTo string) Message {
	intro := []string{business + " answered the message you sent them through " + s.Name + ":"}
	for _, p := range strings.Split(reply, "\n") {
		if p = strings.TrimSpace(p); p != "" {
			intro = append(intro, p)
		}
	}
	intro = append(intro, "Your message:", "“"+Excerpt(message, quotedRunes)+"”")
	m := build(to, "Reply from "+business+" to your enquiry", email{
		Site: s, Greeting: greeting(name),
		Intro: intro,
		Outro: []paragraph{{Text: "To answer, reply to this email: your answer goes to " + business + "."}},
		Why:   "You received this email because you sent an enquiry to " + business + " on " + s.Name + ".",
	})
	m.ReplyTo = replyTo
	return m
}

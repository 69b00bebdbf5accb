package mail

import (
	"strconv"
	"strings"
)

// Quote requests: the email that tells a matched business's owner about a
// request, and the requester's confirmation with the link to its page.

// RequestLead is a quote request as a matched business's email tells it.
type RequestLead struct {
	Business    string // the matched listing's name
	Name        string // the requester's
	Email       string
	Phone       string
	Description string
	Place       string // "Austin, TX"
	Timing      string // in words
	Budget      string // in words; "Not stated" for none
	Link        string // the lead's page in the owner's inbox
}

// NewRequestLead tells a listing's owner that a quote request was matched
// to their listing, answered to the requester (Reply-To).
func NewRequestLead(s Site, to string, l RequestLead) Message {
	intro := []string{
		l.Name + " asked " + s.Name + " for quotes and the request was matched to " + l.Business + ", among up to 5 businesses that serve " + l.Place + ":",
		"“" + l.Description + "”",
		"When: " + l.Timing + ". Budget: " + l.Budget + ".",
		"Contact: " + l.Email + contactPhone(l.Phone),
	}
	m := build(to, "Quote request for "+l.Business+" from "+l.Name, email{
		Site:   s,
		Intro:  intro,
		Button: linkTo("Open the request", l.Link),
		Outro: []paragraph{{Text: "Reply to this email to write to " + l.Name + ", or answer from the request's page. Answer soon: the requester may hear from other businesses too, " +
			"and how fast you answer counts when requests are matched."}},
		Why: "You receive this because you manage " + l.Business + " on " + s.Name + ".",
	})
	m.ReplyTo = l.Email // pressing Reply writes to the requester
	return m
}

func contactPhone(phone string) string {
	if phone == "" {
		return ""
	}
	return ", phone " + phone
}

// QuoteRequestSent confirms a quote request to the requester: the
// businesses it went to (none is said honestly) and the link to its page,
// where their answers show.
func QuoteRequestSent(s Site, to, name string, businesses []string, link string) Message {
	var intro []string
	switch len(businesses) {
	case 0:
		intro = []string{"We received your quote request on " + s.Name + ", but no business that manages its listing here matches it, so it went to no one. Its page suggests where to look in the directory."}
	case 1:
		intro = []string{"Your quote request on " + s.Name + " went to 1 business: " + businesses[0] + ".", "It can reply to you by email, and its answer shows on your request's page."}
	default:
		intro = []string{"Your quote request on " + s.Name + " went to " + strconv.Itoa(len(businesses)) + " businesses: " + strings.Join(businesses, ", ") + ".", "Each can reply to you by email, and their answers show on your request's page."}
	}
	return build(to, "Your quote request on "+s.Name, email{
		Site: s, Greeting: greeting(name),
		Intro:  intro,
		Button: linkTo("See your request", link),
		Outro:  []paragraph{{Text: "Keep this email: the link is the way back to your request's page."}},
		Why:    "You receive this because this address was given in a quote request on " + s.Name + ".",
	})
}

// ConfirmQuoteRequest asks someone who sent a quote request without being
// signed in to confirm their address: the request goes to businesses only
// from the link.
func ConfirmQuoteRequest(s Site, to, name, what, link string) Message {
	return build(to, "Confirm your quote request on "+s.Name, email{
		Site: s, Greeting: greeting(name),
		Intro: []string{
			"You asked " + s.Name + " for quotes: " + what + ".",
			"Confirm that this address is yours and we send the request to up to 5 matching businesses. Until then it goes to no one.",
		},
		Button: linkTo("Confirm and send my request", link),
		Outro:  []paragraph{{Text: "If you did not ask for quotes, ignore this email: nothing is sent without this confirmation."}},
		Why:    "You receive this because this address was given in a quote request on " + s.Name + ".",
	})
}

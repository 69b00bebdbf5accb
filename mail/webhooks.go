package mail

import "time"

// WebhookDisabled tells an account's owner that the app stopped sending
// events to one of their webhook endpoints, which had failed every
// delivery since since, and how to turn it back on.
func WebhookDisabled(s Site, to, endpointURL string, since time.Time, link string) Message {
	when := since.UTC().Format("2 January 2006 at 15:04 UTC")
	return build(to, "Webhook endpoint disabled: "+endpointURL, email{
		Site: s,
		Intro: []string{
			"Every delivery of events to your webhook endpoint " + endpointURL + " has failed since " + when + ", so " + s.Name + " has disabled it: no events are sent to it until you enable it again.",
			"The endpoint's page lists each delivery with the response code, or the error, it got. Once the endpoint answers again with a 2xx status, enable it on that page; deliveries that failed in the meantime can be sent again from its delivery log with Resend.",
		},
		Button: linkTo("Open the endpoint", link),
		Why:    "You receive this because you own the " + s.Name + " account this endpoint belongs to.",
	})
}

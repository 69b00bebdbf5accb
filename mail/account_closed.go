package mail

import "strings"

// AccountClosing is what closing an account did, as its confirmation
// tells it.
type AccountClosing struct {
	Listings       []string // taken out of the directory, now without an owner
	LeadsErased    int      // the enquiries those listings had received
	ReviewsDeleted int      // reviews the account wrote
	QuoteRequests  int      // quote requests it sent
	PlansCancelled []string // paid plans cancelled at the payment provider
	Images         int      // logos and photos deleted (of its listings, and uploads not yet used)
}

// AccountClosed confirms to the address of a closed account what was
// removed. It has no button: nothing it could link to needs the account
// any more.
func AccountClosed(s Site, to string, c AccountClosing) Message {
	intro := []string{"Your " + s.Name + " account (" + to + ") is closed, as you asked. This is what we did:"}
	if n := len(c.Listings); n > 0 {
		what := "Your listing " + c.Listings[0] + " was"
		if n > 1 {
			what = "Your listings " + strings.Join(c.Listings[:n-1], ", ") + " and " + c.Listings[n-1] + " were"
		}
		it := plural(n, "it", "them")
		intro = append(intro, what+" taken out of the directory and no longer "+plural(n, "has", "have")+" an owner.")
		if c.LeadsErased > 0 {
			intro = append(intro, "The "+counted(int64(c.LeadsErased), "enquiry", "enquiries")+" sent to "+it+" "+plural(c.LeadsErased, "was", "were")+" erased, with your notes on them.")
		}
		intro = append(intro, "Your replies to "+plural(n, "its", "their")+" reviews and "+plural(n, "its", "their")+" AI insights were deleted.")
	}
	if c.Images > 0 {
		intro = append(intro, "The "+counted(int64(c.Images), "logo or photo", "logos and photos")+" of your account "+plural(c.Images, "was", "were")+" deleted.")
	}
	if c.ReviewsDeleted > 0 {
		intro = append(intro, "The "+counted(int64(c.ReviewsDeleted), "review", "reviews")+" you wrote "+plural(c.ReviewsDeleted, "was", "were")+" deleted.")
	}
	if c.QuoteRequests > 0 {
		intro = append(intro, "Your "+counted(int64(c.QuoteRequests), "quote request", "quote requests")+" "+plural(c.QuoteRequests, "was", "were")+" deleted; the businesses they went to keep the enquiry they received.")
	}
	if n := len(c.PlansCancelled); n > 0 {
		intro = append(intro, "Your "+strings.Join(c.PlansCancelled, " and ")+" "+plural(n, "plan was", "plans were")+" cancelled at once: you will not be charged again. Your invoices stay with our payment provider, as tax law requires.")
	}
	intro = append(intro, "Your profile, settings, saved businesses and mailing-list subscriptions were deleted, and every device signed in to the account was signed out.")
	return build(to, "Your "+s.Name+" account is closed", email{
		Site:  s,
		Intro: intro,
		Outro: []paragraph{
			{Text: "You can create a new account with this address whenever you like; it starts empty."},
			{Text: "If you did not close your account, write to us at " + s.SupportEmail + " at once."},
		},
		Why: "We send this once, to the address of an account when it is closed. You will get no other email about it.",
	})
}

// plural is one for 1, many otherwise.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

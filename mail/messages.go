package mail

import (
	"bytes"
	"embed"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

// Site is what the account emails say about who sends them.
type Site struct {
	Name, BaseURL, SupportEmail string
}

// url joins a path to the site's address, whether or not BaseURL ends in a slash.
func (s Site) url(path string) string {
	return strings.TrimRight(s.BaseURL, "/") + path
}

//go:embed templates
var templateFS embed.FS

// Both bodies come from one set of fields, so they cannot drift apart.
var (
	htmlBody = htmltemplate.Must(htmltemplate.ParseFS(templateFS, "templates/email.html"))
	textBody = texttemplate.Must(texttemplate.ParseFS(templateFS, "templates/email.txt"))
)

// email is what every account email is made of, in reading order.
type email struct {
	Site     Site
	Title    string // the subject, repeated as the heading
	Greeting string
	Intro    []string // paragraphs before the button
	// Body is a message written in Markdown (a newsletter's), after the
	// intro: its HTML, made safe by Markdown (no raw HTML passes), and
	// its text, the Markdown itself.
	Body     htmltemplate.HTML
	BodyText string
	Table    *table // figures after the intro (the analytics summary's); nil for none
	Button   link   // the one action the email asks for
	Outro    []paragraph
	Why      string // footer: why the reader got this email
}

type link struct{ Label, URL string }

// table is a small table of figures: a real table in the HTML body, a
// line per row in the text body.
type table struct {
	Caption string
	Head    []string // column headings; each row's first cell heads its row
	Rows    []tableRow
}

type tableRow struct {
	Cells []string
	Text  string // the row as a line of the text body
}

// paragraph is text, optionally followed by a link.
type paragraph struct {
	Text string
	Link link
}

func build(to, subject string, e email) Message {
	e.Title = subject
	if e.Greeting == "" {
		e.Greeting = "Hello,"
	}
	var h, t bytes.Buffer
	// The templates are embedded and every builder is tested: an error is a bug.
	if err := htmlBody.Execute(&h, e); err != nil {
		panic(err)
	}
	if err := textBody.Execute(&t, e); err != nil {
		panic(err)
	}
	return Message{To: to, Subject: subject, Text: t.String(), HTML: h.String()}
}

func greeting(name string) string {
	if name = strings.TrimSpace(name); name != "" {
		return "Hi " + name + ","
	}
	return "Hello,"
}

// VerifyEmail asks a new user to prove they own the address they signed up
// with; the link is valid for 24 hours.
func VerifyEmail(s Site, to, name, link string) Message {
	return build(to, "Verify your email address", email{
		Site: s, Greeting: greeting(name),
		Intro:  []string{"Thanks for signing up for " + s.Name + ". Please confirm that this is your email address to activate your account."},
		Button: linkTo("Verify my email address", link),
		Outro:  []paragraph{{Text: "This link is valid for 24 hours."}},
		Why:    "You received this email because this address was used to sign up for " + s.Name + ". If it wasn't you, ignore this email: no account is activated without this link.",
	})
}

// AlreadyRegistered tells the owner of an address that someone tried to sign
// up with it again. Sign-up answers the same either way, so the address's
// owner learns of it here and nobody else learns the account exists.
func AlreadyRegistered(s Site, to string) Message {
	return build(to, "You already have a "+s.Name+" account", email{
		Site:   s,
		Intro:  []string{"Someone just tried to create a " + s.Name + " account with this email address, but you already have one. If that was you, sign in instead."},
		Button: linkTo("Sign in", s.url("/login")),
		Outro: []paragraph{
			{Text: "Forgot your password?", Link: linkTo("Reset it", s.url("/login#forgot"))},
			{Text: "If it wasn't you, ignore this email: nothing has changed on your account."},
		},
		Why: "You received this email because someone tried to sign up for " + s.Name + " with this address.",
	})
}

// PasswordReset carries a link to choose a new password; the link is valid
// for 1 hour and works once.
func PasswordReset(s Site, to, link string) Message {
	return build(to, "Reset your "+s.Name+" password", email{
		Site:   s,
		Intro:  []string{"We received a request to reset the password of your " + s.Name + " account. Choose a new one with the button below."},
		Button: linkTo("Choose a new password", link),
		Outro: []paragraph{
			{Text: "This link is valid for 1 hour and works only once."},
			{Text: "If you didn't ask for this, ignore this email: your password is unchanged."},
		},
		Why: "You received this email because a password reset was requested for this address on " + s.Name + ".",
	})
}

// PasswordChanged tells the owner their password changed, so that a change
// they did not make does not go unnoticed.
func PasswordChanged(s Site, to string) Message {
	return build(to, "Your "+s.Name+" password was changed", email{
		Site:   s,
		Intro:  []string{"The password of your " + s.Name + " account was just changed. If that was you, there is nothing else to do.", "If it wasn't you, reset your password now, and let us know at " + s.SupportEmail + "."},
		Button: linkTo("Reset my password", s.url("/login#forgot")),
		Why:    "We send this notice to your account's address whenever its password changes.",
	})
}

// ConfirmEmailChange is sent to the new address before the account switches
// to it, to prove the user owns it; the link is valid for 24 hours.
func ConfirmEmailChange(s Site, to, link string) Message {
	return build(to, "Confirm your new email address", email{
		Site:   s,
		Intro:  []string{"You asked to use this address for your " + s.Name + " account. Confirm it with the button below; until then, your account keeps its current address."},
		Button: linkTo("Confirm my new address", link),
		Outro: []paragraph{
			{Text: "This link is valid for 24 hours."},
			{Text: "If you didn't ask for this, ignore this email: nothing will change."},
		},
		Why: "You received this email because this address was entered as the new address of a " + s.Name + " account.",
	})
}

func linkTo(label, url string) link { return link{Label: label, URL: url} }

// NewLead tells a listing's owner about an enquiry, with everything needed
// to answer it from the email itself: pressing Reply writes to the sender
// (Reply-To from), not to the app's address.
func NewLead(s Site, to, business, name, from, phone, message, leadLink string) Message {
	intro := []string{name + " (" + from + ") sent a message to " + business + " through " + s.Name + ":", "“" + message + "”"}
	if phone != "" {
		intro = append(intro, "Phone: "+phone)
	}
	m := build(to, "New enquiry for "+business+" from "+name, email{
		Site:   s,
		Intro:  intro,
		Button: linkTo("Open the enquiry", leadLink),
		Outro:  []paragraph{{Text: "Reply to this email to write to " + name + " (" + from + "), or reply from the enquiry's page."}},
		Why:    "You receive this because you manage " + business + " on " + s.Name + ".",
	})
	m.ReplyTo = from
	return m
}

// NewLockedLead tells an owner an enquiry arrived past their plan's monthly
// lead limit: it is kept, but its details wait for an upgrade.
func NewLockedLead(s Site, to, business, pricingLink string) Message {
	return build(to, "New enquiry for "+business+" (over your plan's limit)", email{
		Site:   s,
		Intro:  []string{"Someone sent a message to " + business + " through " + s.Name + ".", "You have reached your plan's monthly lead limit, so the message is saved but locked. Upgrade to read it and reply: nothing is lost."},
		Button: linkTo("Compare plans", pricingLink),
		Why:    "You receive this because you manage " + business + " on " + s.Name + ".",
	})
}

// ClaimReceived tells an administrator a listing was claimed and waits
// for their review.
func ClaimReceived(s Site, to, business, claimant, role, message, reviewLink string) Message {
	return build(to, "New claim on "+business+" from "+claimant, email{
		Site:   s,
		Intro:  []string{claimant + " (" + role + ") claims " + business + " on " + s.Name + ":", "“" + message + "”"},
		Button: linkTo("Review the claim", reviewLink),
		Why:    "You receive this because you are an administrator of " + s.Name + ".",
	})
}

// ClaimApproved tells a claimant the listing is now theirs.
func ClaimApproved(s Site, to, business, manageLink string) Message {
	return build(to, "Your claim on "+business+" was approved", email{
		Site:   s,
		Intro:  []string{"Good news: " + business + " is now yours on " + s.Name + ". It shows on your dashboard with the Claimed badge, and enquiries sent from its page now reach you.", "Check its details, hours and services so customers find it as it is today."},
		Button: linkTo("Edit your listing", manageLink),
		Why:    "You receive this because you claimed " + business + " on " + s.Name + ".",
	})
}

// ClaimRejected tells a claimant their claim could not be confirmed, and
// how to try again.
func ClaimRejected(s Site, to, business, listingLink string) Message {
	return build(to, "Your claim on "+business+" could not be confirmed", email{
		Site:   s,
		Intro:  []string{"We could not confirm that you manage " + business + ", so the listing was not added to your account.", "If it is yours, reply to " + s.SupportEmail + " with something that shows it (an email from the business's domain, a utility bill or a business registration), or send a new claim from the listing's page."},
		Button: linkTo("See the listing", listingLink),
		Why:    "You receive this because you claimed " + business + " on " + s.Name + ".",
	})
}

// ClaimClosed tells a claimant another claim on the same listing was
// confirmed first, so theirs was closed, and what to do if it is theirs.
func ClaimClosed(s Site, to, business, listingLink string) Message {
	return build(to, "Your claim on "+business+" was closed", email{
		Site: s,
		Intro: []string{"Another claim on " + business + " was confirmed, so the listing now belongs to someone else and your claim was closed.",
			"If you manage " + business + ", reply to " + s.SupportEmail + " with something that shows it (an email from the business's domain, a utility bill or a business registration) and we will look into it."},
		Button: linkTo("See the listing", listingLink),
		Why:    "You receive this because you claimed " + business + " on " + s.Name + ".",
	})
}

// FormReceived tells an administrator what a visitor sent through one of
// the site's forms (the contact form, a partner application), so that
// someone answers it.
func FormReceived(s Site, to, subject string, lines []string, listLink string) Message {
	return build(to, subject, email{
		Site:   s,
		Intro:  lines,
		Button: linkTo("Open in the administration", listLink),
		Why:    "You receive this because you are an administrator of " + s.Name + ".",
	})
}

// ConfirmSubscription asks the address that subscribed to one of the
// site's lists (list names it, such as "the newsletter") to confirm it:
// nothing is sent to it until it does. about says what the list sends.
// The link opens a page with a Confirm button.
func ConfirmSubscription(s Site, to, list, about, confirmLink string) Message {
	return build(to, "Confirm your subscription to "+list+" of "+s.Name, email{
		Site:   s,
		Intro:  []string{"Someone, probably you, asked to subscribe this address to " + list + " of " + s.Name + ". " + about, "Please confirm that you want these emails."},
		Button: linkTo("Confirm my subscription", confirmLink),
		Outro:  []paragraph{{Text: "Didn't ask for this? Ignore this email: nothing is sent to this address unless it is confirmed, and the request is deleted after 30 days."}},
		Why:    "You received this email because this address was entered in the subscribe form of " + s.Name + ".",
	})
}

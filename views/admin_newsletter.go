package views

import (
	"strconv"
	"time"

	"bizprofile/catalog"
)

// The newsletter an administrator writes on /admin/newsletter and sends to
// the confirmed subscribers of the blog's newsletter.

// AdminNewsletters is /admin/newsletter: the newsletters, drafts and sent.
type AdminNewsletters struct {
	Rows      []AdminNewsletterRow
	Pager     AdminPager
	Confirmed int // confirmed subscribers of the newsletter now
}

// AdminNewsletterRow is a newsletter in the list, or the head of its page.
type AdminNewsletterRow struct {
	ID        int64
	Subject   string
	UpdatedAt time.Time
	Sent      bool // sent or sending
	Finished  bool
	SentAt    time.Time
	// Counts of its sending.
	Delivered, Failed, Skipped, Total int
}

// Done is how many addresses its sending has dealt with.
func (r AdminNewsletterRow) Done() int { return r.Delivered + r.Failed + r.Skipped }

// Progress says how far its sending is: "120 of 300 sent".
func (r AdminNewsletterRow) Progress() string {
	return formatInt(r.Delivered) + " of " + formatInt(r.Total) + " sent"
}

// Href is its page.
func (r AdminNewsletterRow) Href() string { return "/admin/newsletter/" + strconv.FormatInt(r.ID, 10) }

// NewsletterEditor is the form that writes a newsletter: new (ID 0) or a
// draft, with its preview when asked for.
type NewsletterEditor struct {
	ID      int64
	Subject string
	Body    string // Markdown
	Errors  catalog.FieldErrors
	Problem string
	// Preview is the body rendered as the email shows it (safe HTML from
	// the Markdown); empty: no preview asked for.
	Preview    string
	Confirmed  int    // who "Send" would reach now
	AdminEmail string // where a test goes
	SiteName   string
}

// Action is where the form posts.
func (e NewsletterEditor) Action() string {
	if e.ID == 0 {
		return "/admin/newsletter"
	}
	return "/admin/newsletter/" + strconv.FormatInt(e.ID, 10)
}

// AdminNewsletterSent is the page of a sent newsletter: how its sending
// goes, its body, and the addresses that failed.
type AdminNewsletterSent struct {
	Row      AdminNewsletterRow
	Preview  string // the body as the email shows it
	Failures []AdminDeliveryFailure
}

// AdminDeliveryFailure is an address the mail server refused, and why.
type AdminDeliveryFailure struct{ Email, Error string }

// NewsletterSend is the step that confirms sending a newsletter.
type NewsletterSend struct {
	ID         int64
	Subject    string
	Recipients int // confirmed subscribers now
}

// Href is the newsletter's page.
func (s NewsletterSend) Href() string { return "/admin/newsletter/" + strconv.FormatInt(s.ID, 10) }

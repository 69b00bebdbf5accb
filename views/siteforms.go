package views

import (
	"bizprofile/catalog"
)

// The site's own forms (decision D8): each is shown empty, with the
// visitor's values and errors after a failed send, or sent (htmx). Each
// form's Toast is both the toast and the notice that replaces the form.

// ContactForm is the contact page's form.
type ContactForm struct {
	FirstName, LastName, Email, Company, Subject, Message string
	Errors                                                catalog.FieldErrors
	Problem                                               string
	Sent                                                  bool
}

// Toast confirms a sent message.
func (ContactForm) Toast() Toast {
	return Toast{Title: "Message sent!", Description: "A person on our team reads it and will answer by email."}
}

// SuggestionForm is the 'Suggest a Feature' form of /whats-new.
type SuggestionForm struct {
	Name, Email, Title, Description string
	Errors                          catalog.FieldErrors
	Problem                         string
	Sent                            bool
}

// Toast confirms a sent suggestion.
func (SuggestionForm) Toast() Toast {
	return Toast{Title: "Thank you!", Description: "Your suggestion was sent to the product team."}
}

// SubscribeForm is the one-field box that puts an address on a mailing
// list: the blog's newsletter or the status page's updates.
type SubscribeForm struct {
	List    string // "newsletter" or "status"
	Email   string
	Errors  catalog.FieldErrors
	Problem string
	Sent    bool
}

// NewsletterForm is the blog's subscribe box, empty.
func NewsletterForm() SubscribeForm { return SubscribeForm{List: "newsletter"} }

// StatusForm is the status page's subscribe box, empty.
func StatusForm() SubscribeForm { return SubscribeForm{List: "status"} }

// Action is where the box posts.
func (f SubscribeForm) Action() string {
	if f.List == "status" {
		return "/status/subscribe"
	}
	return "/newsletter"
}

// Toast answers a request to subscribe. It is the same whether or not
// the address was on the list already (the form tells nobody who
// subscribes), so it says what happens if it was not.
func (f SubscribeForm) Toast() Toast {
	list := "our newsletter"
	if f.List == "status" {
		list = "status updates"
	}
	address := "this address"
	if f.Email != "" {
		// The page after a redirect (no JavaScript) no longer has the
		// address that was sent.
		address = f.Email
	}
	return Toast{Title: "Check your inbox", Description: "If " + address + " isn't subscribed to " + list + " yet, we've sent it a link to confirm. Nothing is sent until you confirm."}
}

// PartnerForm is the partner programme's application.
type PartnerForm struct {
	Name, Email, Company, Website, Tier, Message string
	Errors                                       catalog.FieldErrors
	Problem                                      string
	Sent                                         bool
}

// Toast confirms an application.
func (PartnerForm) Toast() Toast {
	return Toast{Title: "Application received!", Description: "A person on our team reads it and will answer by email."}
}

// Unsubscribe is the page of an email's unsubscribe link.
type Unsubscribe struct {
	Token string
	Email string
	List  string // "the newsletter" or "status updates"
	Done  bool   // unsubscribed
	Gone  bool   // the link names no subscription (any more)
}

// ConfirmSubscription is the page of a confirmation email's link.
type ConfirmSubscription struct {
	Token          string
	Email          string
	List           string // "the newsletter" or "status updates"
	About          string // what the list sends, and when
	UnsubscribeURL string
	Confirmed      bool // confirmed before this visit
	Done           bool // confirmed by this visit's button
	Gone           bool // the link names no subscription (any more)
}

package mail

import (
	"bytes"
	"embed"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
)

// Site is what the account emails say about the sender.
type Site struct {
	Name, BaseURL, SupportEmail string
}

//go:embed templates
var templateFS embed.FS

var (
	htmlTemplates = htmltemplate.Must(htmltemplate.ParseFS(templateFS, "templates/*.html"))
	textTemplates = texttemplate.Must(texttemplate.ParseFS(templateFS, "templates/*.txt"))
)

// email is the data every template gets.
type email struct {
	Site     Site
	Greeting string
	Title    string
	Lines    []string // paragraphs before the button
	Button   string
	Link     string
	After    []string // paragraphs after the button
	Why      string   // footer: why they got this email
}

func build(to, subject string, e email) Message {
	e.Title = subject
	if e.Greeting == "" {
		e.Greeting = "Hello,"
	}
	var h, t bytes.Buffer
	if err := htmlTemplates.ExecuteTemplate(&h, "email.html", e); err != nil {
		panic(err) // templates are embedded and tested: a failure is a bug
	}
	if err := textTemplates.ExecuteTemplate(&t, "email.txt", e); err != nil {
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

// VerifyEmail asks a new user to confirm their address.
func VerifyEmail(s Site, to, name, link string) Message {
	return build(to, "Verify your email address", email{
		Site: s, Greeting: greeting(name),
		Lines:  []string{"Thanks for joining " + s.Name + ". Please confirm that this is your email address to activate your account."},
		Button: "Verify my email", Link: link,
		After: []string{"The link works once and is valid for 24 hours."},
		Why:   "You received this email because someone signed up for " + s.Name + " with this address. If it wasn't you, ignore it: no account is activated without this link.",
	})
}

// AlreadyRegistered tells the owner of an address that someone tried to
// sign up with it again, without revealing anything to that someone.
func AlreadyRegistered(s Site, to string) Message {
	return build(to, "You already have a "+s.Name+" account", email{
		Site:   s,
		Lines:  []string{"Someone just tried to create a " + s.Name + " account with this email address, but you already have one. If that was you, sign in instead."},
		Button: "Sign in", Link: s.BaseURL + "/login",
		After: []string{"Forgot your password? Reset it here: " + s.BaseURL + "/login#forgot"},
		Why:   "If it wasn't you, ignore this email: nothing has changed on your account.",
	})
}

// PasswordReset carries a single-use link to set a new password.
func PasswordReset(s Site, to, link string) Message {
	return build(to, "Reset your "+s.Name+" password", email{
		Site:   s,
		Lines:  []string{"We received a request to reset the password of your " + s.Name + " account. Choose a new one with the button below."},
		Button: "Set a new password", Link: link,
		After: []string{"The link works once and is valid for 1 hour."},
		Why:   "If you didn't ask for this, ignore this email: your password is unchanged.",
	})
}

// PasswordChanged confirms a password change, so an owner notices one they
// did not make.
func PasswordChanged(s Site, to string) Message {
	return build(to, "Your "+s.Name+" password was changed", email{
		Site:   s,
		Lines:  []string{"The password of your " + s.Name + " account was just changed, and every other session was signed out."},
		Button: "Sign in", Link: s.BaseURL + "/login",
		After: []string{"If this wasn't you, reset your password right away from the sign-in page and contact us at " + s.SupportEmail + "."},
		Why:   "We send this notice whenever the password of your account changes.",
	})
}

// ConfirmEmailChange is sent to a new address before the account switches
// to it.
func ConfirmEmailChange(s Site, to, link string) Message {
	return build(to, "Confirm your new email address", email{
		Site:   s,
		Lines:  []string{"You asked to use this address for your " + s.Name + " account. Confirm it with the button below; until then, your old address stays in use."},
		Button: "Confirm new address", Link: link,
		After: []string{"The link works once and is valid for 24 hours."},
		Why:   "If you didn't ask for this, ignore this email: your account is unchanged.",
	})
}

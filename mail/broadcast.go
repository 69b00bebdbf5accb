package mail

import (
	"bytes"
	"errors"
	htmltemplate "html/template"
	netmail "net/mail"

	gomail "github.com/wneessen/go-mail"
	"github.com/yuin/goldmark"
)

// markdown renders what administrators write (newsletters) to HTML.
// goldmark's defaults are the safe ones: raw HTML in the source is left
// out (it is not built WithUnsafe), and links whose scheme could run
// script (javascript:, vbscript:, data: other than images) lose their
// address.
var markdown = goldmark.New()

// MarkdownHTML renders Markdown source to safe HTML: the body of a
// broadcast, and the preview on /admin/newsletter, so that both show the
// same.
func MarkdownHTML(source string) htmltemplate.HTML {
	var b bytes.Buffer
	if err := markdown.Convert([]byte(source), &b); err != nil {
		// Converting to a buffer fails only on a writer error.
		return htmltemplate.HTML(htmltemplate.HTMLEscapeString(source))
	}
	return htmltemplate.HTML(b.String()) // #nosec G203 -- goldmark without WithUnsafe drops raw HTML and unsafe links
}

// BroadcastEmail is one subscriber's copy of a broadcast to a list: the
// Markdown body as HTML and as plain text, with the subscriber's own unsubscribe link in the footer
// and in the List-Unsubscribe header. list names the list for people
// ("the newsletter").
func BroadcastEmail(s Site, to, subject, body, list, unsubscribeLink string) Message {
	m := build(to, subject, email{
		Site:     s,
		Body:     MarkdownHTML(body),
		BodyText: MarkdownText(body),
		Outro:    []paragraph{{Text: "Don't want these emails?", Link: linkTo("Unsubscribe with one click", unsubscribeLink)}},
		Why:      "You receive this because this address subscribed to " + list + " of " + s.Name + " and confirmed it.",
	})
	m.Unsubscribe = unsubscribeLink
	return m
}

// AddressRefused reports whether err, from sending to the address to, is
// that address's own failure: it is not an address, or the mail server
// refused it for good (a 5xx answer to RCPT TO). Any other failure (no
// connection, a timeout, a temporary refusal) may be the server's and
// worth retrying later.
func AddressRefused(err error, to string) bool {
	if err == nil {
		return false
	}
	if _, perr := netmail.ParseAddress(to); perr != nil {
		return true
	}
	var se *gomail.SendError
	return errors.As(err, &se) && se.Reason == gomail.ErrSMTPRcptTo && !se.IsTemp()
}

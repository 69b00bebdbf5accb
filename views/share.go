package views

import (
	"net/url"
	"strings"
)

// ShareLink is a plain link that shares a page by email or on a network:
// no script of the network's, nothing loaded until the visitor presses it.
type ShareLink struct {
	Network string // a stable key: email, facebook, x, linkedin, whatsapp
	Label   string // the network's name, as the link shows it
	URL     string
	NewTab  bool // opens the network's page in a new tab (not email)
}

// Verb is what the link's accessible name says before the network's name
// ("Share on " Facebook, "Share by " Email), for screen readers.
func (l ShareLink) Verb() string {
	if l.Network == "email" {
		return "Share by "
	}
	return "Share on "
}

// ShareLinks are the ways to share the page at pageURL (absolute) titled
// title: by email and on the common networks, each its own address with
// the page's address encoded in it.
func ShareLinks(pageURL, title string) []ShareLink {
	u, t := url.QueryEscape(pageURL), url.QueryEscape(title)
	// mailto: wants %20 for a space (RFC 6068), not the form's +.
	mail := func(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }
	return []ShareLink{
		{Network: "email", Label: "Email", URL: "mailto:?subject=" + mail(title) + "&body=" + mail(title+"\n"+pageURL)},
		{Network: "facebook", Label: "Facebook", URL: "https://www.facebook.com/sharer/sharer.php?u=" + u, NewTab: true},
		{Network: "x", Label: "X", URL: "https://x.com/intent/post?url=" + u + "&text=" + t, NewTab: true},
		{Network: "linkedin", Label: "LinkedIn", URL: "https://www.linkedin.com/sharing/share-offsite/?url=" + u, NewTab: true},
		{Network: "whatsapp", Label: "WhatsApp", URL: "https://wa.me/?text=" + url.QueryEscape(title+" "+pageURL), NewTab: true},
	}
}

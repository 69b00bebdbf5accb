package handlers

import (
	"net/netip"
	"net/url"
	"strings"
	"unicode/utf8"

	"bizprofile/catalog"
	"bizprofile/views"
	"bizprofile/webhooks"
)

// checkWebhookURL checks where events would be sent: an absolute https://
// URL without credentials; http:// only to this machine, and only while
// the app is not in production. In production an address on a private
// network is refused here already (the sender checks every address again
// after DNS resolution).
func (h *Handlers) checkWebhookURL(errs catalog.FieldErrors, raw string) {
	const name = "url"
	if raw == "" {
		errs[name] = "Enter the URL that receives the events."
		return
	}
	if utf8.RuneCountInString(raw) > views.WebhookURLMax {
		errs[name] = catalog.TooLong(views.WebhookURLMax)
		return
	}
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" || u.Hostname() == "" || strings.ContainsAny(raw, " \t\r\n") {
		errs[name] = "Enter a full URL, such as https://crm.example.com/webhooks."
		return
	}
	if u.User != nil {
		errs[name] = "Leave the user name and password out of the URL: each delivery is signed with the endpoint's secret instead."
		return
	}
	host := strings.ToLower(u.Hostname())
	switch u.Scheme {
	case "https":
	case "http":
		if h.production {
			errs[name] = "Use an https:// URL: events carry your leads' contact details, which must travel encrypted."
		} else if !loopbackHost(host) {
			errs[name] = "Use an https:// URL. While developing, http:// is accepted for localhost, 127.0.0.1 and [::1] only."
		}
		return
	default:
		errs[name] = "Use an https:// URL, such as https://crm.example.com/webhooks."
		return
	}
	if h.production && webhooks.RefusedHost(host) {
		errs[name] = "This address is on a private network, which we cannot reach: use your server's public address."
	}
}

// loopbackHost reports whether host names this machine.
func loopbackHost(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

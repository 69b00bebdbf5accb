package store

import (
	"net"
	"net/url"
	"strings"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// The domain rule: a listing is verified by its domain, at once, when its
// owner's verified address is at the listing website's registrable domain
// (acme.com for mail.acme.com and www.acme.com alike). Free-mail domains
// never count: anyone can have an address there.

// DomainCheck is the answer of the domain rule for one owner and listing.
type DomainCheck string

// The answers of CheckDomain: DomainMatches, or why the rule cannot apply.
const (
	DomainMatches         DomainCheck = "matches"
	DomainEmailUnverified DomainCheck = "email-unverified" // the owner has not confirmed their address
	DomainFreeMail        DomainCheck = "free-mail"        // the owner's address is at a free-mail provider
	DomainNoWebsite       DomainCheck = "no-website"       // no website, or one with no usable host (an IP address, a bare public suffix)
	DomainDifferent       DomainCheck = "different"        // the address and the website are at different domains
)

// freeMailDomains are the providers whose addresses anyone can have, by
// registrable domain; freeMailBrands are those with a domain in many
// countries (yahoo.co.uk, gmx.de), by the domain's name before its suffix.
var (
	freeMailDomains = map[string]bool{
		"gmail.com": true, "googlemail.com": true, "outlook.com": true, "live.com": true, "msn.com": true,
		"icloud.com": true, "me.com": true, "mac.com": true, "aol.com": true, "proton.me": true,
		"protonmail.com": true, "protonmail.ch": true, "pm.me": true, "mail.com": true, "zoho.com": true,
		"zohomail.com": true, "fastmail.com": true, "fastmail.fm": true, "hey.com": true, "tutanota.com": true,
		"tutanota.de": true, "tuta.io": true, "tuta.com": true, "ymail.com": true, "rocketmail.com": true,
		"mail.ru": true, "inbox.com": true, "hushmail.com": true, "qq.com": true, "163.com": true,
		"126.com": true, "web.de": true, "t-online.de": true, "comcast.net": true, "verizon.net": true,
		"att.net": true, "sbcglobal.net": true, "bellsouth.net": true, "cox.net": true, "earthlink.net": true,
		"duck.com": true, "skiff.com": true, "mailfence.com": true, "posteo.de": true, "yeah.net": true,
	}
	freeMailBrands = map[string]bool{"yahoo": true, "hotmail": true, "gmx": true, "yandex": true, "outlook": true, "aol": true}
)

// RegistrableDomain is the domain a host belongs to (its public suffix and
// one label more: acme.com for www.acme.com, acme.co.uk for
// shop.acme.co.uk, alice.github.io for alice.github.io), lower case and in
// ASCII (IDN hosts as punycode); "" for an IP address, a bare public suffix
// or a host that is no domain name.
func RegistrableDomain(host string) string {
	host = strings.TrimRight(strings.ToLower(strings.TrimSpace(host)), ".")
	if host == "" || net.ParseIP(strings.Trim(host, "[]")) != nil {
		return ""
	}
	ascii, err := idna.Lookup.ToASCII(host)
	if err != nil || !strings.Contains(ascii, ".") {
		return ""
	}
	d, err := publicsuffix.EffectiveTLDPlusOne(ascii)
	if err != nil {
		return ""
	}
	return d
}

// WebsiteDomain is the registrable domain of a listing's website ("" when
// it has none that can be one).
func WebsiteDomain(website string) string {
	website = strings.TrimSpace(website)
	if website == "" {
		return ""
	}
	if !strings.Contains(website, "://") {
		website = "https://" + website
	}
	u, err := url.Parse(website)
	if err != nil {
		return ""
	}
	return RegistrableDomain(u.Hostname())
}

// EmailDomain is the registrable domain of an address ("" when it has none).
func EmailDomain(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return ""
	}
	return RegistrableDomain(email[at+1:])
}

// FreeMail reports whether domain (a registrable domain) is a free-mail
// provider's.
func FreeMail(domain string) bool {
	if freeMailDomains[domain] {
		return true
	}
	name, _, _ := strings.Cut(domain, ".")
	return freeMailBrands[name]
}

// CheckDomain applies the domain rule to an owner's address (verified or
// not) and a listing's website.
func CheckDomain(email string, emailVerified bool, website string) DomainCheck {
	ed, wd := EmailDomain(email), WebsiteDomain(website)
	switch {
	case !emailVerified:
		return DomainEmailUnverified
	case FreeMail(ed):
		return DomainFreeMail
	case wd == "":
		return DomainNoWebsite
	case ed == "" || ed != wd:
		return DomainDifferent
	}
	return DomainMatches
}

// KeepsDomainVerification reports whether a listing verified by its
// domain stays verified when its website changes from before to after:
// only while the website stays at the same registrable domain.
func KeepsDomainVerification(before, after string) bool {
	d := WebsiteDomain(before)
	return d != "" && d == WebsiteDomain(after)
}

// Package views holds the templ components that render every page. Views
// take plain view-model structs and never touch the database.
package views

import (
	"strings"

	"bizprofile/assets"
)

// Site is what every page knows about the deployment.
type Site struct {
	Name         string
	BaseURL      string // without trailing slash
	SupportEmail string
	SupportPhone string
	// MapTiles is where every map on the site fetches its tiles.
	MapTiles MapTiles
}

// PhoneHref turns the display phone number into a tel: link.
func (s Site) PhoneHref() string { return "tel:" + TelDigits(s.SupportPhone) }

// Toast is a short notification shown bottom-right for about five seconds.
type Toast struct {
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	Variant     string `json:"variant,omitempty"` // "" or "destructive"
}

// Theme values as stored in the theme cookie.
const (
	ThemeLight  = "light"
	ThemeDark   = "dark"
	ThemeSystem = "system"
)

// Chrome is the per-request state the shared layout needs: who the site is,
// where the visitor is, their theme and any toasts waiting for them.
type Chrome struct {
	Site   Site
	Path   string // the request path, without query
	Theme  string // ThemeLight, ThemeDark or ThemeSystem
	Toasts []Toast
	User   *Viewer // nil when signed out
	// Listed is how many listings the directory shows (read at most every
	// few minutes), for the copy that quotes it; 0: unknown, and the
	// pages then show no figure.
	Listed int
}

// Viewer is the signed-in user, as the shared layout shows them.
type Viewer struct {
	Name    string // full name, or the email when there is none
	Email   string
	IsAdmin bool // may use /admin
	// Business: the viewer works for a business (its owner or a team
	// member), so the header leads to the owner's tools (AI insights).
	Business bool
}

// Meta describes a page to browsers, search engines and link previews.
type Meta struct {
	Title       string // without the site name
	Description string
	Path        string    // canonical path; empty means the request path
	Prev, Next  string    // paths of the pages before and after this one in a paginated list
	NoIndex     bool      // error pages and private pages
	HTMX        bool      // the page has htmx-enhanced parts; htmx loads when first reached for
	Image       MetaImage // og:image; zero: the site's own
	Stylesheet  string    // a page's own stylesheet, after the site's (a listing's branding)
}

// MetaImage is a page's image for link previews (og:image): an absolute
// URL, with its size when known.
type MetaImage struct {
	URL           string
	Width, Height int
	Alt           string
}

func (c Chrome) canonical(m Meta) string {
	p := m.Path
	if p == "" {
		p = c.Path
	}
	if p == "/" {
		return c.Site.BaseURL + "/"
	}
	return c.Site.BaseURL + p
}

// url is the absolute address of a path of the site.
func (c Chrome) url(path string) string { return c.Site.BaseURL + path }

func (c Chrome) title(m Meta) string {
	if m.Title == "" {
		return c.Site.Name
	}
	return m.Title + " | " + c.Site.Name
}

// current reports whether href is the page being shown, for aria-current.
func (c Chrome) current(href string) bool {
	if href == "/" {
		return c.Path == "/"
	}
	return c.Path == href || strings.HasPrefix(c.Path, href+"/")
}

func asset(name string) string { return assets.Path(name) }

// navLink is a link of the header navigation or the footer.
type navLink struct {
	Href, Label string
}

var mainNav = []navLink{
	{"/", "Home"},
	{"/pricing", "Pricing"},
	{"/directory", "Directory"},
	{"/partners", "Partners"},
	{"/whats-new", "What's New"},
}

type footerColumn struct {
	Title string
	Links []navLink
}

var footerNav = []footerColumn{
	{"Product", []navLink{{"/features", "Features"}, {"/pricing", "Pricing"}, {"/directory", "Directory"}, {"/partners", "Partners"}, {"/api", "API"}}},
	{"Company", []navLink{{"/about", "About"}, {"/careers", "Careers"}, {"/blog", "Blog"}, {"/press", "Press"}, {"/whats-new", "What's New"}}},
	{"Support", []navLink{{"/help", "Help Center"}, {"/contact", "Contact"}, {"/status", "Status"}, {"/privacy", "Privacy Policy"}, {"/terms", "Terms of Service"}}},
}

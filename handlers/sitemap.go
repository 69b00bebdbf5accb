package handlers

import (
	"context"
	"encoding/xml"
	"fmt"
	"net/http"
	"time"

	"bizprofile/present"

	"github.com/go-chi/chi/v5"
)

// sitemapMax is the most URLs one sitemap file may list (sitemaps.org).
const sitemapMax = 50000

// maxSitemapParts bounds the part numbers a request may ask for (five
// billion URLs), so the arithmetic on them cannot overflow.
const maxSitemapParts = 100000

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// sitemapPages are the pages to list before the listings: the public
// pages, then the first page of each landing page with listings (every
// category's, state's and city's).
func (h *Handlers) sitemapPages(ctx context.Context) ([]string, error) {
	counts, err := h.store.CategoryCounts(ctx)
	if err != nil {
		return nil, err
	}
	cities, err := h.store.Places(ctx)
	if err != nil {
		return nil, err
	}
	return present.SitemapPages(counts, cities), nil
}

// sitemap lists every public page, landing page and published listing;
// past 50,000 URLs it becomes an index of numbered parts.
func (h *Handlers) sitemap(w http.ResponseWriter, r *http.Request) {
	pages, err := h.sitemapPages(r.Context())
	if h.broken(w, r, err) {
		return
	}
	n, err := h.store.CountPublished(r.Context())
	if h.broken(w, r, err) {
		return
	}
	total := len(pages) + n
	if total <= sitemapMax {
		h.writeSitemap(w, r, pages, 1)
		return
	}
	type sitemapRef struct {
		Loc string `xml:"loc"`
	}
	idx := struct {
		XMLName  xml.Name     `xml:"sitemapindex"`
		XMLNS    string       `xml:"xmlns,attr"`
		Sitemaps []sitemapRef `xml:"sitemap"`
	}{XMLNS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for i := 1; (i-1)*sitemapMax < total; i++ {
		idx.Sitemaps = append(idx.Sitemaps, sitemapRef{Loc: fmt.Sprintf("%s/sitemap-%d.xml", h.site.BaseURL, i)})
	}
	writeXML(w, idx)
}

// sitemapPart is one numbered part of a large sitemap.
func (h *Handlers) sitemapPart(w http.ResponseWriter, r *http.Request) {
	part, ok := numberIn(chi.URLParam(r, "n"), 1, maxSitemapParts)
	if !ok {
		h.notFound(w, r)
		return
	}
	pages, err := h.sitemapPages(r.Context())
	if h.broken(w, r, err) {
		return
	}
	h.writeSitemap(w, r, pages, int(part))
}

// writeSitemap writes part (1-based) of the list: pages first, then the
// listings in id order.
func (h *Handlers) writeSitemap(w http.ResponseWriter, r *http.Request, pages []string, part int) {
	start := (part - 1) * sitemapMax
	set := struct {
		XMLName xml.Name     `xml:"urlset"`
		XMLNS   string       `xml:"xmlns,attr"`
		URLs    []sitemapURL `xml:"url"`
	}{XMLNS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for i := start; i < len(pages) && len(set.URLs) < sitemapMax; i++ {
		set.URLs = append(set.URLs, sitemapURL{Loc: h.site.BaseURL + pages[i]})
	}
	offset := max(start-len(pages), 0)
	for len(set.URLs) < sitemapMax {
		batch, err := h.store.PublishedSlugs(r.Context(), offset, min(5000, sitemapMax-len(set.URLs)))
		if h.broken(w, r, err) {
			return
		}
		for _, e := range batch {
			u := sitemapURL{Loc: h.site.BaseURL + "/directory/" + e.Slug}
			if e.UpdatedAt.Valid {
				u.LastMod = e.UpdatedAt.Time.UTC().Format(time.DateOnly)
			}
			set.URLs = append(set.URLs, u)
		}
		offset += len(batch)
		if len(batch) == 0 {
			break
		}
	}
	if part > 1 && len(set.URLs) == 0 {
		h.notFound(w, r)
		return
	}
	writeXML(w, set)
}

func writeXML(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	_, _ = w.Write([]byte(xml.Header))
	enc := xml.NewEncoder(w)
	_ = enc.Encode(v)
}

// robots lets crawlers in everywhere public and points them at the sitemap.
func (h *Handlers) robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintf(w, "User-agent: *\nDisallow: /dashboard\nDisallow: /profile\nDisallow: /directory.json\nDisallow: /*/contact\nDisallow: /*/out/\nAllow: /\n\nSitemap: %s/sitemap.xml\n", h.site.BaseURL)
}

// securityTxt tells researchers how to report a vulnerability (RFC 9116).
// Expires is always about six months ahead, at the start of a month, so a
// running instance never serves a stale file and the date stays stable.
func (h *Handlers) securityTxt(w http.ResponseWriter, r *http.Request) {
	now := time.Now().UTC()
	expires := time.Date(now.Year(), now.Month()+7, 1, 0, 0, 0, 0, time.UTC)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintf(w, "# How to report a security problem in %s: write to us with what you found and how to\n"+
		"# reproduce it, and give us time to fix it before you make it public.\n"+
		"Contact: mailto:%s\nContact: %s/contact?subject=security\nExpires: %s\nPreferred-Languages: en\nCanonical: %s/.well-known/security.txt\n",
		h.site.Name, h.site.SupportEmail, h.site.BaseURL, expires.Format(time.RFC3339), h.site.BaseURL)
}

package present

import (
	"slices"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

// publicPages are the pages search engines should know besides listings
// and the directory's landing pages.
var publicPages = []string{
	"/", "/directory", "/pricing", "/features", "/partners", "/partners/signup", "/partners/terms", "/whats-new", "/roi-breakdown",
	"/request", "/ai-insights", "/faq", "/api", "/api/docs", "/about", "/careers", "/blog", "/press", "/help", "/contact", "/status",
	"/privacy", "/terms", "/business/signup", "/individual/signup", "/signup", "/login",
}

// SitemapPages are the pages a sitemap lists before the listings: the
// public pages, then the first page of each landing page with listings
// (every category's with counts, every state's and city's of cities).
func SitemapPages(counts map[string]int, cities []store.Place) []string {
	pages := slices.Clone(publicPages)
	for _, c := range catalog.Categories {
		if counts[c.Value] > 0 {
			pages = append(pages, views.CategoryPath(c.Value))
		}
	}
	state := ""
	for _, p := range cities {
		code, ok := places.StateCode(p.State)
		if !ok {
			continue
		}
		if code != state {
			pages = append(pages, views.StatePath(code))
			state = code
		}
		pages = append(pages, views.CityPath(code, p.City))
	}
	return pages
}

package present

import (
	"cmp"
	"slices"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

// popularCities is how many cities the directory links to, those with the
// most listings.
const popularCities = 12

// DirectoryBrowse is what the directory links to below its results: the
// landing page of every category with listings, and of the cities with the
// most listings (most first, then by city).
func DirectoryBrowse(all store.SearchResult) views.DirectoryBrowse {
	counts, cities := all.Categories, all.Places
	var b views.DirectoryBrowse
	for _, c := range catalog.Categories {
		if n := counts[c.Value]; n > 0 {
			b.Categories = append(b.Categories, views.BrowseLink{Label: c.Label, Path: views.CategoryPath(c.Value), Count: n})
		}
	}
	// The most listed cities, kept in order as they are found: cheaper
	// than sorting every city for a dozen.
	byCount := func(x, y store.Place) int {
		return cmp.Or(cmp.Compare(y.Count, x.Count), cmp.Compare(x.City, y.City), cmp.Compare(x.State, y.State))
	}
	top := make([]store.Place, 0, popularCities+1)
	for _, p := range cities {
		if len(top) == popularCities && byCount(p, top[len(top)-1]) >= 0 {
			continue
		}
		i, _ := slices.BinarySearchFunc(top, p, byCount)
		top = slices.Insert(top, i, p)
		top = top[:min(len(top), popularCities)]
	}
	for _, p := range top {
		b.Cities = append(b.Cities, views.BrowseLink{Label: places.Place(p.City, p.State), Path: views.CityPath(p.State, p.City), Count: p.Count})
	}
	return b
}

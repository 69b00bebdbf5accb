package present

import (
	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

// The directory's landing pages: a category's listings, a state's (with
// its cities) and a city's, before the search fills in their cards.

// CategoryLanding is the landing page of category.
func CategoryLanding(category string) views.LandingPage {
	p := views.LandingPage{
		Category: catalog.CategoryLabel(category),
		Path:     views.CategoryPath(category),
		Search:   views.DirectoryQuery{Category: category, Sort: store.SortRelevance}.URL(1),
		Trail:    []views.Crumb{DirectoryCrumb, CategoryCrumb(category)},
	}
	return p
}

// StateLanding is the landing page of the state of code, with links to
// its cities.
func StateLanding(code string, cities []store.Place) views.LandingPage {
	p := views.LandingPage{
		State:  code,
		Path:   views.StatePath(code),
		Search: views.DirectoryQuery{Location: code, Sort: store.SortRelevance}.URL(1),
		Trail:  []views.Crumb{DirectoryCrumb, StateCrumb(code)},
	}
	for _, c := range cities {
		p.Cities = append(p.Cities, views.BrowseLink{Label: c.City, Path: views.CityPath(code, c.City), Count: c.Count})
	}
	return p
}

// CityLanding is the landing page of city, in the state of code.
func CityLanding(code, city string) views.LandingPage {
	p := views.LandingPage{
		State:  code,
		City:   city,
		Path:   views.CityPath(code, city),
		Search: views.DirectoryQuery{Location: places.Place(city, code), Sort: store.SortRelevance}.URL(1),
		Trail:  []views.Crumb{DirectoryCrumb, StateCrumb(code), CityCrumb(code, city)},
	}
	return p
}

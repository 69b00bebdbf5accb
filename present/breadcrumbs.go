package present

import (
	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

// Breadcrumb trails lead from the directory down through the landing pages
// (a category, a state, a city) to the page shown: the same steps on the
// page (views.Breadcrumbs) and in its JSON-LD.

// DirectoryCrumb is the first step of every trail.
var DirectoryCrumb = views.Crumb{Label: "Directory", Path: "/directory"}

// CategoryCrumb is a category's landing page.
func CategoryCrumb(category string) views.Crumb {
	return views.Crumb{Label: catalog.CategoryLabel(category), Path: views.CategoryPath(category)}
}

// StateCrumb is a state's landing page (its code).
func StateCrumb(code string) views.Crumb {
	return views.Crumb{Label: places.StateName(code), Path: views.StatePath(code)}
}

// CityCrumb is a city's landing page, in the state of code.
func CityCrumb(code, city string) views.Crumb {
	return views.Crumb{Label: city, Path: views.CityPath(code, city)}
}

// ListingPlace is the state (its code) and the city of a listing that have
// landing pages: none when its state is not one, no city when it has no
// name that makes a URL.
func ListingPlace(b store.Business) (code, city string) {
	code, ok := places.StateCode(b.State)
	if !ok {
		return "", ""
	}
	if places.CitySlug(b.City) == "" {
		return code, ""
	}
	return code, b.City
}

// ListingTrail is a published listing's trail: Directory › its category ›
// its state › its city › itself, leaving out what it lacks.
func ListingTrail(b store.Business) []views.Crumb {
	trail := []views.Crumb{DirectoryCrumb}
	if catalog.ValidOption(catalog.Categories, b.Category) {
		trail = append(trail, CategoryCrumb(b.Category))
	}
	if code, city := ListingPlace(b); code != "" {
		trail = append(trail, StateCrumb(code))
		if city != "" {
			trail = append(trail, CityCrumb(code, city))
		}
	}
	return append(trail, views.Crumb{Label: b.Name, Path: "/directory/" + b.Slug})
}

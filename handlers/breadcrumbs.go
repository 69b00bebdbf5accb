package handlers

import (
	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
	"bizprofile/views"
)

// Breadcrumb trails lead from the directory down through the landing pages
// (a category, a state, a city) to the page shown: the same steps on the
// page (views.Breadcrumbs) and in its JSON-LD.

var directoryCrumb = views.Crumb{Label: "Directory", Path: "/directory"}

func categoryCrumb(category string) views.Crumb {
	return views.Crumb{Label: catalog.CategoryLabel(category), Path: views.CategoryPath(category)}
}

func stateCrumb(code string) views.Crumb {
	return views.Crumb{Label: places.StateName(code), Path: views.StatePath(code)}
}

func cityCrumb(code, city string) views.Crumb {
	return views.Crumb{Label: city, Path: views.CityPath(code, city)}
}

// listingPlace is the state (its code) and the city of a listing that have
// landing pages: none when its state is not one, no city when it has no
// name that makes a URL.
func listingPlace(b store.Business) (code, city string) {
	code, ok := places.StateCode(b.State)
	if !ok {
		return "", ""
	}
	if places.CitySlug(b.City) == "" {
		return code, ""
	}
	return code, b.City
}

// listingTrail is a published listing's trail: Directory › its category ›
// its state › its city › itself, leaving out what it lacks.
func listingTrail(b store.Business) []views.Crumb {
	trail := []views.Crumb{directoryCrumb}
	if catalog.ValidOption(catalog.Categories, b.Category) {
		trail = append(trail, categoryCrumb(b.Category))
	}
	if code, city := listingPlace(b); code != "" {
		trail = append(trail, stateCrumb(code))
		if city != "" {
			trail = append(trail, cityCrumb(code, city))
		}
	}
	return append(trail, views.Crumb{Label: b.Name, Path: "/directory/" + b.Slug})
}

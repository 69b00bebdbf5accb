package domain

import (
	"database/sql"
	"strconv"
	"strings"

	"bizprofile/catalog"
	"bizprofile/places"
	"bizprofile/store"
)

// ListingInput is a listing as its owner gives it, in the wizard, on the
// edit page or through the API: the same fields, checked by the same rules
// (catalog.ListingRules and catalog.ListingHours, which the wizard island
// also applies in the browser).
type ListingInput struct {
	Name, Tagline, Description, Category, SubCategory, BusinessType string
	Tags                                                            string // comma-separated
	Email, Phone, Website, Address, City, State, ZipCode            string
	Services                                                        string // one per line
	Hours                                                           [7]Day
	ShowEmail, ShowPhone, ShowAddress, ShowPricing, ShowHours       bool
	// Lat and Lng are where the owner put the pin ("30.2672",
	// "-97.7431"); both empty to place the listing by its ZIP code or
	// city. ServiceRadius is the miles a service-area business serves
	// around it ("" or "0": not said).
	Lat, Lng, ServiceRadius string
}

// NewListingInput is the wizard's starting point: spec §9 hours,
// everything public, and the owner's email.
func NewListingInput(email string) ListingInput {
	in := ListingInput{Email: email, BusinessType: store.TypeStorefront,
		ShowEmail: true, ShowPhone: true, ShowAddress: true, ShowPricing: true, ShowHours: true}
	in.Hours = daysOf(store.DefaultWeek())
	return in
}

// ListingInputOf is a stored listing as its owner edits it.
func ListingInputOf(b store.Business) ListingInput {
	in := ListingInput{
		Name: b.Name, Tagline: b.Tagline, Description: b.Description, Category: b.Category, SubCategory: b.SubCategory,
		Tags: strings.Join(b.Tags, ", "), BusinessType: b.BusinessType, Email: b.Email, Phone: b.Phone, Website: b.Website,
		Address: b.Address, City: b.City, State: b.State, ZipCode: b.ZipCode, Services: strings.Join(b.Services, "\n"),
		ShowEmail: b.ShowEmail, ShowPhone: b.ShowPhone, ShowAddress: b.ShowAddress, ShowPricing: b.ShowPricing, ShowHours: b.ShowHours,
	}
	if p, ok := b.Place(); ok && b.GeoSource == store.GeoPin {
		in.Lat, in.Lng = strconv.FormatFloat(p.Lat, 'f', -1, 64), strconv.FormatFloat(p.Lng, 'f', -1, 64)
	}
	if b.ServiceRadius > 0 {
		in.ServiceRadius = strconv.Itoa(b.ServiceRadius)
	}
	week := b.Hours
	if len(week) != 7 {
		week = store.Week{{Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}, {Closed: true}}
	}
	in.Hours = daysOf(week)
	return in
}

// daysOf is seven days of stored hours as a person gives them.
func daysOf(week store.Week) [7]Day {
	var days [7]Day
	for i, d := range week[:7] {
		days[i] = Day{Name: store.Weekdays[i], Open: d.Open, Close: d.Close, Closed: d.Closed}
	}
	return days
}

// Cleaned is in as it is checked and stored: every field trimmed, the
// city's spaces collapsed (places.CleanCity) and the state as its code
// when the value names one ("texas" is TX).
func (in ListingInput) Cleaned() ListingInput {
	for _, s := range []*string{&in.Name, &in.Tagline, &in.Description, &in.Category, &in.SubCategory, &in.Tags, &in.BusinessType,
		&in.Email, &in.Phone, &in.Website, &in.Address, &in.State, &in.ZipCode, &in.Services, &in.Lat, &in.Lng, &in.ServiceRadius} {
		*s = strings.TrimSpace(*s)
	}
	in.City = places.CleanCity(in.City)
	if code, ok := places.StateCode(in.State); ok {
		in.State = code
	}
	for i := range in.Hours {
		d := &in.Hours[i]
		d.Name, d.Open, d.Close = store.Weekdays[i], strings.TrimSpace(d.Open), strings.TrimSpace(d.Close)
	}
	return in
}

// Check is what breaks the rules in in (cleaned first), by the form's
// field names: "name", …, and "hours_3" for Thursday's hours.
func (in ListingInput) Check() catalog.FieldErrors {
	in = in.Cleaned()
	values := map[string]string{
		"name": in.Name, "tagline": in.Tagline, "description": in.Description, "category": in.Category,
		"sub_category": in.SubCategory, "tags": in.Tags, "business_type": in.BusinessType, "email": in.Email,
		"phone": in.Phone, "website": in.Website, "address": in.Address, "city": in.City, "state": in.State,
		"zip_code": in.ZipCode, "services": in.Services,
	}
	errs := catalog.FieldErrors{}
	for name, rule := range catalog.ListingRules {
		CheckRule(errs, name, values[name], rule)
	}
	for i, d := range in.Hours {
		CheckDay(errs, "hours_"+strconv.Itoa(i), d, catalog.ListingHours)
	}
	in.checkPlace(errs)
	return errs
}

// checkPlace checks the pin and the service area: both coordinates or
// neither, each a number in its range; a radius of whole miles within
// catalog.ServiceRadius.
func (in ListingInput) checkPlace(errs catalog.FieldErrors) {
	for _, c := range []struct {
		field, value string
		most         float64
	}{{"lat", in.Lat, 90}, {"lng", in.Lng, 180}} {
		switch v, err := strconv.ParseFloat(c.value, 64); {
		case c.value == "" && (in.Lat != "" || in.Lng != ""):
			errs[c.field] = catalog.PinBoth
		case c.value != "" && (err != nil || v < -c.most || v > c.most || v != v):
			errs[c.field] = strings.ReplaceAll(catalog.PinRange, "{most}", strconv.Itoa(int(c.most)))
		}
	}
	if in.ServiceRadius != "" && in.ServiceRadius != "0" {
		n, err := strconv.Atoi(in.ServiceRadius)
		if err != nil || n < catalog.ServiceRadius.Min || n > catalog.ServiceRadius.Max {
			errs["service_radius"] = catalog.ServiceRadius.Message
		}
	}
}

// Listing is in (cleaned) as the listing to store: its tags and services
// split into lists, its email normalised. Its id, owner and state are the
// caller's.
func (in ListingInput) Listing() store.Business {
	in = in.Cleaned()
	week := make(store.Week, 7)
	for i, d := range in.Hours {
		week[i] = store.DayHours{Open: d.Open, Close: d.Close, Closed: d.Closed}
	}
	b := store.Business{
		Name: in.Name, Tagline: in.Tagline, Description: in.Description, Category: in.Category, SubCategory: in.SubCategory,
		Tags: SplitList(in.Tags, ","), BusinessType: in.BusinessType, Email: store.NormalizeEmail(in.Email), Phone: in.Phone,
		Website: in.Website, Address: in.Address, City: in.City, State: in.State, ZipCode: in.ZipCode, Hours: week,
		Services: SplitList(in.Services, "\n"), ShowEmail: in.ShowEmail, ShowPhone: in.ShowPhone, ShowAddress: in.ShowAddress,
		ShowPricing: in.ShowPricing, ShowHours: in.ShowHours,
	}
	lat, err1 := strconv.ParseFloat(in.Lat, 64)
	lng, err2 := strconv.ParseFloat(in.Lng, 64)
	if err1 == nil && err2 == nil {
		b.Lat, b.Lng, b.GeoSource = sql.NullFloat64{Float64: lat, Valid: true}, sql.NullFloat64{Float64: lng, Valid: true}, store.GeoPin
	}
	if n, err := strconv.Atoi(in.ServiceRadius); err == nil && in.BusinessType == store.TypeServiceArea {
		b.ServiceRadius = n
	}
	return b
}

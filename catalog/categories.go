package catalog

// Category is a listing category: its value (in URLs and the database),
// the label every page shows, and the colour of the initials placeholder
// of its listings without a logo (dark enough for white initials, 4.5:1
// or more).
type Category struct {
	Value, Label, Colour string
}

// categoryList is the one list of categories; Categories and
// CategoryColour read it.
var categoryList = []Category{
	{"technology", "Technology", "#1d4ed8"},
	{"healthcare", "Healthcare", "#0f766e"},
	{"finance", "Finance", "#15803d"},
	{"retail", "Retail", "#c2410c"},
	{"food", "Food & Beverage", "#b91c1c"},
	{"professional", "Professional Services", "#4338ca"},
	{"construction", "Construction", "#a16207"},
	{"automotive", "Automotive", "#334155"},
	{"beauty", "Beauty & Wellness", "#be185d"},
	{"education", "Education", "#7e22ce"},
	{"other", "Other", "#4b5563"},
}

// Categories are every listing category, with the label every page, export
// and island shows for it. The directory filters by them, the wizard and
// the edit page offer them, the admin pages and their CSV label with them.
var Categories = func() []Option {
	out := make([]Option, len(categoryList))
	for i, c := range categoryList {
		out[i] = Option{c.Value, c.Label}
	}
	return out
}()

// CategoryColour is the placeholder colour of a category ("Other"'s when
// value is not one).
func CategoryColour(value string) string {
	for _, c := range categoryList {
		if c.Value == value {
			return c.Colour
		}
	}
	return categoryList[len(categoryList)-1].Colour
}

// SignupCategories are the categories the business sign-up form offers
// (spec §3): a few of Categories, with their labels.
var SignupCategories = categoriesOf("technology", "healthcare", "finance", "retail", "food", "professional", "other")

// CategoryLabel is the label of a category value (the value itself when it
// is not one).
func CategoryLabel(value string) string { return OptionLabel(Categories, value) }

// categoriesOf picks values out of Categories, in the order given; a value
// that is not a category is a programming error.
func categoriesOf(values ...string) []Option {
	out := make([]Option, len(values))
	for i, v := range values {
		if !ValidOption(Categories, v) {
			panic("catalog: " + v + " is not a category")
		}
		out[i] = Option{v, CategoryLabel(v)}
	}
	return out
}

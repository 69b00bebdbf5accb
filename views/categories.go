package views

// Categories are every listing category, with the label every page, export
// and island shows for it: the one list of categories. The directory
// filters by them, the wizard and the edit page offer them, the admin
// pages and their CSV label with them.
var Categories = []Option{
	{"technology", "Technology"},
	{"healthcare", "Healthcare"},
	{"finance", "Finance"},
	{"retail", "Retail"},
	{"food", "Food & Beverage"},
	{"professional", "Professional Services"},
	{"construction", "Construction"},
	{"automotive", "Automotive"},
	{"beauty", "Beauty & Wellness"},
	{"education", "Education"},
	{"other", "Other"},
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
			panic("views: " + v + " is not a category")
		}
		out[i] = Option{v, CategoryLabel(v)}
	}
	return out
}

package views

import (
	"strconv"

	"bizprofile/catalog"
	"bizprofile/plans"
	"bizprofile/views/content"
)

// ListedFigure is a count of listings as the copy quotes it, rounded down
// so it never overstates: exact below 100 ("5"), otherwise its first two
// digits followed by zeros and a plus ("1,200+", "10,000+"); "" for 0,
// which means the count is not known.
func ListedFigure(n int) string {
	switch {
	case n <= 0:
		return ""
	case n < 100:
		return strconv.Itoa(n)
	}
	unit := 1
	for n/unit >= 100 {
		unit *= 10
	}
	return formatInt(n/unit*unit) + "+"
}

// ListedBusinesses is ListedFigure with its noun: "1 business",
// "5 businesses", "1,200+ businesses"; "" when the count is not known.
func ListedBusinesses(n int) string {
	f := ListedFigure(n)
	switch {
	case f == "":
		return ""
	case n == 1:
		return f + " business"
	}
	return f + " businesses"
}

// productStats are the headline figures of the home and features pages,
// every one computed: the listings the directory shows (left out while
// unknown), the categories a business can list in, how many businesses a
// quote request reaches and the paid plans' free trial.
func productStats(c Chrome) []content.Stat {
	return append(listedStats(c), content.Stat{Value: strconv.Itoa(plans.TrialDays) + " days", Label: "free trial of Growth and Pro, no card needed"})
}

// companyStats are the figures of the about and press pages: the year we
// were founded, then the figures of the directory.
func companyStats(c Chrome) []content.Stat {
	return append([]content.Stat{{Value: content.FoundedYear, Label: "founded"}}, listedStats(c)...)
}

func listedStats(c Chrome) []content.Stat {
	var out []content.Stat
	if f := ListedFigure(c.Listed); f != "" {
		label := "businesses listed"
		if c.Listed == 1 {
			label = "business listed"
		}
		out = append(out, content.Stat{Value: f, Label: label})
	}
	return append(out,
		content.Stat{Value: strconv.Itoa(len(catalog.Categories)), Label: "categories to list in"},
		content.Stat{Value: strconv.Itoa(content.QuoteMatches), Label: "businesses reached by one quote request, at most"},
	)
}

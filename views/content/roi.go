package content

import "strconv"

// The figures of the ROI breakdown page: the spec's illustrative example
// (spec §9), which nothing measures, so every page that shows them labels
// them as an example. They add up: the month's leads × the share won ×
// the average order is ROIReturn, and the ROI is (ROIReturn −
// ROIInvestment) / ROIInvestment (a test checks both). An owner's own
// return is measured by their analytics (Growth and Pro).
const (
	ROIAverage    = "300%"
	ROIInvestment = 2500  // dollars a month
	ROIReturn     = 10000 // dollars a month

	ROILeadsPerMonth = 80  // leads a month
	ROIWonPercent    = 25  // of the leads, won
	ROIOrderValue    = 500 // dollars, the average order of a won lead
)

// ROILeadStats are the example's lead figures, for a month.
var ROILeadStats = []Stat{
	{strconv.Itoa(ROILeadsPerMonth), "leads a month"},
	{strconv.Itoa(ROIWonPercent) + "%", "of them won"},
	{"$" + strconv.Itoa(ROIOrderValue), "average order of a won lead"},
}

// GrowthPoint is the example's revenue growth after a number of months.
type GrowthPoint struct {
	Label   string // e.g. "Month 3"
	Percent int    // revenue growth over the month before joining
	Text    string
}

// ROIGrowth is the example's revenue growth over a first year, in order.
var ROIGrowth = []GrowthPoint{
	{"Month 3", 45, "A complete, verified profile starts appearing in local searches and the first matched leads arrive."},
	{"Month 6", 120, "AI recommendations have sharpened the profile and reviews build trust: revenue more than doubles."},
	{"Month 12", 300, "Repeat customers, referrals and a steady flow of matched leads add up to four times the revenue of day one."},
}

// ROIDrivers explain where the return comes from.
var ROIDrivers = []Card{
	{"map-pin", "Found by local customers", "Your profile shows up when people search your category and city, with the details they need to choose you."},
	{"target", "Leads that fit", "A quote request reaches you only when you are in its category and serve its area, so less time goes on enquiries you would turn down."},
	{"shield-check", "Trust that converts", "A verified badge, current opening hours and visible reviews turn more profile visits into conversations."},
	{"brain", "Insights that compound", "AI insights point at the next improvement each month; small changes to your profile add up over the year."},
}

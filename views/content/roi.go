package content

// The figures of the ROI breakdown page (spec §9). They are the averages
// we advertise; keep them consistent with each other: ROI is
// (ROIReturn − ROIInvestment) / ROIInvestment.
const (
	ROIAverage    = "300%"
	ROIInvestment = 2500  // dollars a month
	ROIReturn     = 10000 // dollars a month
)

// ROILeadStats are the lead figures behind the average ROI.
var ROILeadStats = []Stat{
	{"2,847", "leads generated"},
	{"89%", "lead conversion rate"},
	{"$127", "average value per lead"},
}

// GrowthPoint is the revenue growth a typical business reaches after a
// number of months on the platform.
type GrowthPoint struct {
	Label   string // e.g. "Month 3"
	Percent int    // revenue growth over the month before joining
	Text    string
}

// ROIGrowth is revenue growth over the first year, in order.
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

package content

import (
	"strconv"

	"bizprofile/plans"
)

// Feature is a card of the /features page: what the feature does, and the
// concrete things a business gets from it.
type Feature struct {
	Icon   string // name from views/icons.go
	Title  string
	Text   string
	Points []string
}

// Features are the six cards of the /features page, in the order shown.
var Features = []Feature{
	{
		Icon:  "brain",
		Title: "AI-Powered Intelligence",
		Text:  "AI reads your profile, your leads and the directory around you, and tells you in plain words what to do next to win more customers.",
		Points: []string{
			"Insights on market opportunities, digital presence, customer acquisition, operational efficiency and revenue growth",
			"Benchmarks against businesses of your category in your city",
			"Each insight comes with concrete recommendations",
		},
	},
	{
		Icon:  "target",
		Title: "Smart Lead Matching",
		Text:  "Customers describe a job once and the request goes to up to " + strconv.Itoa(QuoteMatches) + " businesses in its category that serve their area: storefronts in their city, service-area businesses in their state, online businesses anywhere. They are ranked by how well the services and tags they list fit the request, their rating, whether they are verified and how fast they answer leads.",
		Points: []string{
			"Leads land in your lead inbox and your email at once",
			"Every lead scored, with its reasons, on " + plans.FirstWithLeadScoring().Name,
			"Up to " + LeadCap(plans.Starter) + " leads a month on " + plans.Starter.Name + ", " + LeadCap(plans.Growth) + " on " + plans.Growth.Name + " and no limit on " + plans.Pro.Name,
			"Leads over your limit are kept, never dropped",
		},
	},
	{
		Icon:  "star",
		Title: "Reputation Management",
		Text:  "Collect reviews with a link, a QR code or an emailed request, reply to them from your dashboard, and follow their sentiment month by month before a change in tone costs you customers.",
		Points: []string{
			"An email for each new review, or a daily digest, on Growth and Pro",
			"Ratings and review counts computed from your published reviews",
			"A verified badge that tells visitors you are real",
		},
	},
	{
		Icon:  "zap",
		Title: "Instant Profile Creation",
		Text:  "A four-step wizard takes you from basic details to a published profile in minutes: contact details, opening hours and a final review.",
		Points: []string{
			"Sensible default opening hours you can adjust",
			"Choose which details are public: email, phone, address, hours",
			"A public page that search engines understand",
		},
	},
	{
		Icon:  "users",
		Title: "Customer Analytics",
		Text:  "See how people find and use your profile: how often it appears in directory results, how many open it, and how many then visit your website, call, email or send you a message.",
		Points: []string{
			"Profile views, unique visitors and contact clicks, day by day, on every plan",
			"Profile views and enquiries per month on Growth and Pro",
			"Lead quality by source and category on Growth and Pro",
		},
	},
	{
		Icon:  "trending-up",
		Title: "Performance Tracking",
		Text:  "Measure what your presence earns you. Follow leads and conversion (leads per profile view) against the period before, and on Growth and Pro the return on investment of each month.",
		Points: []string{
			"Each figure compared with the period before, of the same length",
			"Return on investment per month on Growth and Pro: leads won times your average order value, against your plan's price",
			"CRM sync on Pro: each new lead and its status changes sent to your CRM by webhook",
		},
	},
}

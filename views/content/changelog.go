package content

import (
	"strconv"
	"time"

	"bizprofile/catalog"
	"bizprofile/plans"
)

// Change statuses of a changelog entry (spec §4).
const (
	ChangeNew      = "new"
	ChangeImproved = "improved"
	ChangeFixed    = "fixed"
)

// ChangelogEntry is one shipped update on the What's New page.
type ChangelogEntry struct {
	Date        time.Time
	Title       string
	Description string
	Status      string // ChangeNew, ChangeImproved or ChangeFixed
	Category    string
}

// Roadmap statuses and priorities (spec §4).
const (
	RoadmapPlanned    = "planned"
	RoadmapInProgress = "in-progress"
	RoadmapTesting    = "testing"

	PriorityHigh   = "high"
	PriorityMedium = "medium"
	PriorityLow    = "low"
)

// RoadmapItem is a piece of work we have committed to but not shipped.
type RoadmapItem struct {
	Title       string
	Description string
	Status      string // RoadmapPlanned, RoadmapInProgress or RoadmapTesting
	Priority    string // PriorityHigh, PriorityMedium or PriorityLow
}

func day(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }

// Changelog lists shipped updates, newest first.
var Changelog = []ChangelogEntry{
	{day(2026, time.November, 29), "Run it yourself", "A town or an agency can run its own directory: the app backs its database up on a schedule (daily by default, keeping the last two weeks) to its data folder or an S3 bucket, each backup checked by its checksum when restored, and administrators see the last one on the status page and get an email if one fails. The app ships as a small container image, and the README walks through a deployment on one machine or on two behind a proxy, with upgrades that migrate the database once and restarts that drop no request.", ChangeNew, "Operations"},
	{day(2026, time.November, 29), "Near me, maps and open now", "Search the directory near a ZIP code, a city or your own location, within " + catalog.RadiusOptions[0].Label + " to " + catalog.RadiusOptions[len(catalog.RadiusOptions)-1].Label + ", and sort by distance: each result says how far it is. “Open now” keeps the businesses open at this moment in their own time zones, and every card and page says until when. Listings and results show on a map when you ask for it, city pages list the cities nearby, and owners can move their pin or give the area they serve, which quote requests now follow, closest first.", ChangeNew, "Directory"},
	{day(2026, time.November, 28), "Agency tools", "Approved partners can manage listings for their clients: create one by hand or import up to " + catalog.ImportMaxRowsText + " from a CSV file (with a dry run that names each row's errors, and updates by your own ids), invite each business's owner by email to take it over, and keep editing it and seeing its leads, reviews and analytics until the owner removes the agency. Owners with several locations import and export their listings the same way. " + plans.TopPartnerPlan().Name + " adds a white label (“Managed by” your agency on your clients' listings, and a monthly report per client under your brand) and exclusive lead zones: the quote requests for a category in a city you hold go only to your clients' listings.", ChangeNew, "Partners"},
	{day(2026, time.November, 28), "The partner programme is open", "Agencies, lead generators and software companies can apply for a partner account; a person approves or declines each application, with the reason. Approved partners get a referral link and QR code: a business account created within " + PartnerAttribution + " of a click is theirs, and they earn " + PartnerRates + " of every invoice it pays in its first " + PartnerCommissionWindow + ". Commissions are payable after " + PartnerHold + ", refunds and disputes reverse them, and payouts go out monthly from " + PartnerPayoutThreshold + ", to a connected Stripe account or paid by our team, with a statement by email. The partner dashboard shows clicks, sign-ups, paying customers, earnings by month (with a CSV), the ledger and the businesses referred. The partner terms and the privacy policy say how the link's cookie and the attribution work.", ChangeNew, "Partners"},
	{day(2026, time.November, 26), "Logos and photos", "Give each listing your logo and up to " + strconv.Itoa(plans.Starter.Photos) + " photos on " + plans.Starter.Name + ", or " + strconv.Itoa(plans.Growth.Photos) + " on " + plans.Growth.Name + " and " + plans.Pro.Name + ", from the profile wizard or your listing's page, with drag and drop or a plain file button: reorder them, choose the cover and describe each photo for people who cannot see it. Your logo shows on your directory card and your photos on your page, sharp on every screen and quick to load; uploads are checked, and their location and camera details removed, before anything is kept. " + plans.Growth.Name + " and " + plans.Pro.Name + " add custom branding: your accent colour on your page and your cover photo as its banner.", ChangeNew, "Profiles"},
	{day(2026, time.November, 26), "Pro: your team, an API and your CRM", "Pro accounts have up to " + strconv.Itoa(plans.Pro.TeamUsers) + " seats, the owner's included: invited people work on the listings, leads, reviews and analytics, each with their own sign-in; the owner keeps billing and the team and can hand the account over. A REST API reads the directory and manages your listings, leads and reviews with API keys you create and revoke on your dashboard, documented at /api/docs. Webhooks send each new lead, lead change, review and listing change to your CRM or your own software, signed, retried with growing delays for a day, with a delivery log.", ChangeNew, "Pro"},
	{day(2026, time.November, 26), "Figures you can check", "Every figure on our pages now comes from the directory itself or from the plan catalogue: the count of listed businesses is read from the directory, the help centre counts its own articles, and the ROI page says plainly that its figures are an illustrative example. The FAQ and terms say what really happens when a paid plan ends (your account moves to Starter, your profiles stay published), choosing Starter without an account leads to sign-up, and the error page gives a reference our team can find in the logs.", ChangeImproved, "Trust"},
	{day(2026, time.November, 25), "Analytics for your listings", "Your dashboard's Analytics page shows, day by day, how often each listing appears in directory results, its profile views and unique visitors, clicks on its website, phone, email and Contact, its leads and conversion, and its reviews, each compared with the period before, with charts and tables that work without JavaScript and a CSV download. Growth adds 90 days, months, lead quality and return on investment; Pro adds your whole history and your listings side by side. Growth and Pro owners also get a monthly summary by email, which they can turn off on their profile. Bots and your own visits are not counted, and no visitor is tracked: we keep daily totals only.", ChangeNew, "Analytics"},
	{day(2026, time.November, 25), "Leads that reach someone", "Describe what you need once at Request quotes and it goes to up to 5 businesses that serve your area, ranked by fit, rating, verification and how fast they answer. Owners get a lead inbox with statuses, private notes, replies by email and a CSV export; Pro scores every lead with its reasons. People get a home of their own with their requests, enquiries, reviews and saved businesses.", ChangeNew, "Leads"},
	{day(2026, time.November, 23), "Reviews you can trust", "Ratings and review counts now come from real reviews: customers write one review per business, owners reply from their dashboard and request reviews by link, QR code or email, and Growth and Pro owners get an email for each new review or a daily digest.", ChangeNew, "Reviews"},
	{day(2026, time.November, 10), "Plans you can change yourself", "Upgrade, downgrade or cancel from the billing portal linked on your dashboard. Changes are prorated to the day.", ChangeNew, "Billing"},
	{day(2026, time.October, 21), "Leads over your limit are kept", "When you reach your plan's monthly lead limit, new leads are now stored and shown locked instead of being turned away. Upgrade and they open at once.", ChangeImproved, "Leads"},
	{day(2026, time.September, 30), "AI insights from your own data", "Insights are now generated from your business's profile, leads and benchmarks for your category and city, and each one says what produced it.", ChangeImproved, "AI Insights"},
	{day(2026, time.August, 14), "Directory filters that stay in the link", "Search, category, location, sort and the additional filters are all kept in the address, so you can bookmark or share any search.", ChangeNew, "Directory"},
	{day(2026, time.June, 3), "Opening hours saved correctly for Sundays", "Marking Sunday as closed in the profile wizard no longer resets Saturday's hours.", ChangeFixed, "Profiles"},
	{day(2026, time.March, 18), "Dark theme", "Choose light, dark or follow your system setting. The choice is remembered and applied before the page is drawn, with no flash.", ChangeNew, "Accessibility"},
	{day(2025, time.November, 6), "Public profile pages", "Every business now has its own page in the directory showing what its owner made public, in a format search engines understand.", ChangeNew, "Profiles"},
	{day(2025, time.May, 12), "Faster directory search", "Results appear noticeably faster for large cities, and matches on tags and sub-categories are ranked more sensibly.", ChangeImproved, "Directory"},
	{day(2024, time.December, 9), "Verified badge on small screens", "The verified badge is no longer cut off on directory cards on the narrowest phones.", ChangeFixed, "Directory"},
	{day(2024, time.June, 17), "Directory launch", "Businesses can publish a verified profile and visitors can search the directory by name, category and location.", ChangeNew, "Directory"},
}

// Roadmap is what we are working on next, most important first.
var Roadmap = []RoadmapItem{}

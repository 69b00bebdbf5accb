package content

import "strconv"

// QuoteMatches is how many businesses a quote request reaches at most, as
// the copy quotes it: store.MaxMatches, which a handlers test checks it
// against (views do not import the store).
const QuoteMatches = 5

// HomeFeatures are the nine cards of the home page feature grid.
var HomeFeatures = []Card{
	{"sparkles", "AI Profile Recommendations", "Get specific suggestions to complete and sharpen your profile, from missing opening hours to a clearer description, so more visitors turn into leads."},
	{"target", "Smart Lead Matching", "A customer's quote request goes to up to " + strconv.Itoa(QuoteMatches) + " businesses in its category that serve their area, ranked by how well their services fit, rating, verification and response time, so the leads you get are ones you can serve."},
	{"star", "Reputation Monitoring", "Collect reviews with a link or a QR code, reply from your dashboard and follow their sentiment month by month, with an email for each new review on Growth and Pro."},
	{"handshake", "Partner Network", "Lead generators and agencies who refer businesses to the directory earn " + PartnerRates + " of what those businesses pay in their first " + PartnerCommissionWindow + ", with a referral link, a dashboard and monthly payouts."},
	{"search", "Search and Filtering", "Visitors find you by name, service, tag or city, and narrow results by rating, verification and business type."},
	{"inbox", "Lead Inbox", "Every lead in one inbox, with statuses, private notes, replies by email and a CSV export, whether it came from your profile's Contact button or a quote request."},
	{"bar-chart", "Analytics", "See how often your profile is found, opened and contacted, day by day; Growth and Pro add lead quality and return on investment per month."},
	{"map-pin", "Location-Based Reach", "Show up for customers searching your city or state, with your address and hours on a page search engines understand."},
	{"refresh", "CRM Sync", "On Pro, each new lead reaches the CRM your team already uses through a signed webhook, with its contact details and message; every lead is also in your inbox's CSV export."},
}

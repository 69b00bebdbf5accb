package content

// HomeStats are the headline figures under the home page hero.
var HomeStats = []Stat{
	{"10,000+", "businesses listed"},
	{"300%", "average ROI"},
	{"24/7", "support"},
	{"< 24 h", "reply to every message"},
}

// HomeFeatures are the nine cards of the home page feature grid.
var HomeFeatures = []Card{
	{"sparkles", "AI Profile Recommendations", "Get specific suggestions to complete and sharpen your profile, from missing opening hours to a clearer description, so more visitors turn into leads."},
	{"target", "Smart Lead Matching", "A customer's quote request goes to up to 5 businesses in its category that serve their area, ranked by how well their services fit, rating, verification and response time, so the leads you get are ones you can serve."},
	{"star", "Reputation Monitoring", "Collect reviews with a link or a QR code, reply from your dashboard and follow their sentiment month by month, with an email for each new review on Growth and Pro."},
	{"handshake", "Partner Network", "Lead generators and agencies refer businesses to the directory and earn up to 25% commission for every customer they bring."},
	{"search", "Search and Filtering", "Visitors find you by name, service, tag or city, and narrow results by rating, verification and business type."},
	{"layers", "Sister-Product Integration", "Your profile works with the other products of our family, so your details are entered once and stay the same everywhere."},
	{"bar-chart", "Analytics", "See how often your profile is found, opened and contacted, day by day; Growth and Pro add lead quality and return on investment per month."},
	{"map-pin", "Location-Based Reach", "Show up for customers searching your city and neighbourhood, with your address and hours on a page search engines understand."},
	{"refresh", "CRM Sync", "Send every new lead to the CRM your team already uses, with its contact details and message, without copying and pasting."},
}

package content

import (
	"strconv"

	"bizprofile/plans"
)

// FAQTopic is a group of questions on the FAQ page; ID is its anchor, so
// other pages can link to one topic (/faq#billing).
type FAQTopic struct {
	ID    string
	Title string
	Items []QA
}

// PricingFAQ answers the billing questions people ask before choosing a
// plan. The pricing page shows it, and it is the first topic of the FAQ.
var PricingFAQ = []QA{
	{
		"Is there a free trial?",
		"Yes. Growth and Pro come with a " + TrialLength + " free trial, and you do not need a card to start it. If you do nothing when the trial ends, your account simply stays on the free Starter plan.",
	},
	{
		"Can I change plans later?",
		"Yes, at any time from your dashboard. Upgrades and downgrades are prorated: you only pay for the days you spend on each plan, and the difference is settled on your next invoice.",
	},
	{
		"How do payments work?",
		"Paid plans are billed monthly by card through our card payment provider. We never see or store your full card number, and every invoice is emailed to you and available from the billing portal.",
	},
	{
		"What happens if I cancel?",
		"Your paid plan stays in force until the end of the billing period you have already paid for. " + AfterPaidPlan + " Choose a plan again at any time to lift them.",
	},
}

// FAQTopics is every question of the FAQ page, grouped by topic.
var FAQTopics = []FAQTopic{
	{ID: "billing", Title: "Plans and billing", Items: append(append([]QA{}, PricingFAQ...),
		QA{
			"Which plan should I choose?",
			"Start on Starter if you expect fewer than " + LeadCap(plans.Starter) + " enquiries a month. Growth raises the cap to " + LeadCap(plans.Growth) + " leads and adds reputation alerts and analytics by month with lead quality and return on investment; Pro removes the cap, adds your whole analytics history, sends each new lead to your CRM by webhook, opens the REST API and lets up to " + strconv.Itoa(plans.Pro.TeamUsers) + " people on your team work on the account.",
		},
	)},
	{ID: "leads", Title: "Leads", Items: []QA{
		{
			"How do leads reach me?",
			"Two ways: visitors use the Contact button on your public profile to send their name, email, an optional phone number and a message, and customers who describe a job in a quote request are matched to up to " + strconv.Itoa(QuoteMatches) + " businesses, yours among them when it fits. Each lead is stored in your lead inbox and emailed to you straight away.",
		},
		{
			"What happens when I reach my plan's lead limit?",
			"Nothing is lost. Leads above your monthly limit (" + LeadCap(plans.Starter) + " on " + plans.Starter.Name + ", " + LeadCap(plans.Growth) + " on " + plans.Growth.Name + ") are still stored, but shown locked until you upgrade. " + plans.Pro.Name + " has no limit.",
		},
		{
			"How does smart lead matching work?",
			"A quote request goes to up to " + strconv.Itoa(QuoteMatches) + " businesses that manage their listing here, in the request's category and serving its place: storefronts in its city, service-area businesses in its state and online businesses anywhere. They are ranked by how well the services and tags they list fit the words of the request, their rating, whether they are verified and how fast they usually answer leads. Listing your services in your customers' words gets you better matches.",
		},
	}},
	{ID: "analytics", Title: "Analytics", Items: []QA{
		{
			"What do my analytics count?",
			"For each of your listings, day by day: how often it appeared in directory results and on category, state and city pages, its profile views and unique visitors (each person counted once per day), clicks on its website, phone and email links and on Contact, the leads it received by source, and its reviews. Search engine crawlers, bots and other automated tools, pages a browser loads ahead in case they are opened, and your own visits to your listings are not counted.",
		},
		{
			"What does each plan show?",
			"Every plan shows the last 7 or " + strconv.Itoa(plans.Starter.Analytics.Days) + " days, each figure compared with the period before. Growth adds the last " + strconv.Itoa(plans.Growth.Analytics.Days) + " days, each of the last " + strconv.Itoa(plans.Growth.Analytics.Months) + " months, lead quality by source and category, and the return on investment: the leads you won times the average order value you enter, against the price of your plan. Pro adds your whole history and your listings side by side.",
		},
		{
			"Do you track my visitors?",
			"No. We keep daily totals for each listing and nothing that identifies a visitor. To count a person once a day, a one-way hash of their address and browser is kept for that day only, with a key that changes every day; both are deleted shortly after the day ends.",
		},
	}},
	{ID: "profiles", Title: "Profiles and verification", Items: []QA{
		{
			"How do I get my business verified?",
			"Open your listing's page from your dashboard and use its Verification section. If your confirmed account email is at your website's domain (ann@yourbakery.com for yourbakery.com), the listing is verified at once; free email addresses such as Gmail cannot verify. Otherwise ask our team, with a short statement, a phone number we can call back and a link: an administrator checks it and we email you the decision either way. Verified profiles carry a badge in the directory and can be filtered for by visitors.",
		},
		{
			"Can I choose what my profile shows publicly?",
			"Yes. Email, phone, address and opening hours each have their own visibility switch. They are public by default, and you can hide any of them at any time.",
		},
		{
			"What are AI insights?",
			"Suggestions drawn from your own profile, leads and directory benchmarks for your category and city: gaps to fill, opportunities in your market and ways to win more customers. Each insight says what produced it.",
		},
	}},
	{ID: "partners", Title: "Partners", Items: []QA{
		{
			"Who can become a partner?",
			"Lead generators, consultants and agencies who refer businesses to us, software companies that want to integrate with business profiles, and networks that work with many businesses at once. Apply from the partners page: a person reviews every application and answers by email.",
		},
		{
			"How is a business credited to me?",
			"Your referral link sets a cookie for " + PartnerAttribution + " in the browser of whoever follows it. A business account created in that browser within that time is your referral; if they follow another partner's link afterwards, the last link counts. Your own account and accounts at your own email domain are never credited to you.",
		},
		{
			"How much do partners earn?",
			"Partners earn " + PartnerRates + " of every invoice a business they referred pays in its first " + PartnerCommissionWindow + ". A commission is payable " + PartnerHold + " after its invoice is paid, and we pay out monthly once your payable balance reaches " + PartnerPayoutThreshold + ". Joining is free; the partner terms give every rule.",
		},
	}},
	{ID: "data", Title: "Your data", Items: []QA{
		{
			"Who can see my information?",
			"Visitors see only what you make public on your profile. Leads, insights and billing details are visible to you and the team members you invite, and to nobody else.",
		},
		{
			"Can I export or delete my data?",
			"Yes. Your profile page offers a download of your data and closing your account. See our privacy policy for what closing an account removes and what we must keep, such as invoices.",
		},
		{
			"How do I get help?",
			"Email or call our support team, or use the contact form: a person answers every message.",
		},
	}},
}

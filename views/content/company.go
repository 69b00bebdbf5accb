package content

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"bizprofile/catalog"
	"bizprofile/plans"
)

// companyDate parses a YYYY-MM-DD literal of this package. A typo in a date
// should stop the program at start-up rather than show a zero date.
func companyDate(s string) time.Time {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic("content: bad date " + s)
	}
	return t
}

// Team mailboxes. Only the part before the @ lives here: the domain is the
// one of the configured support address, so a deployment under another
// domain never links to addresses it does not own.
const (
	CareersMailbox = "careers"
	PressMailbox   = "press"
	SalesMailbox   = "sales"
)

// TeamAddress returns mailbox@<domain of supportEmail>; an empty mailbox
// means the support address itself.
func TeamAddress(supportEmail, mailbox string) string {
	at := strings.LastIndexByte(supportEmail, '@')
	if mailbox == "" || at < 0 {
		return supportEmail
	}
	return mailbox + supportEmail[at:]
}

// Mailto builds a mailto: link with a pre-filled subject. Spaces are
// encoded as %20 because mail clients show a literal "+".
func Mailto(addr, subject string) string {
	if subject == "" {
		return "mailto:" + addr
	}
	return "mailto:" + addr + "?subject=" + strings.ReplaceAll(url.QueryEscape(subject), "+", "%20")
}

// ---------------------------------------------------------------- About

// FoundedYear is shown on /about and in the press fact sheet.
const FoundedYear = "2024"

// CompanyValues are the three values on /about.
var CompanyValues = []Card{
	{"lightbulb", "Innovation", "We put AI to work on the chores small businesses never have time for: writing a better description, spotting a missing detail, answering the right lead first. Every model we ship has to save an owner real time."},
	{"users", "Accessibility", "A bakery with one owner deserves the same tools as a chain with a marketing team. We keep a free plan, plain language and pages that work on any phone, with a keyboard or a screen reader."},
	{"shield-check", "Trust", "Verified means checked. We confirm who runs a business (an email address at its website's domain, or our team's check) before we show the badge, never sell personal data, and tell you plainly what our AI does with the details you give it."},
}

// SisterProduct is another product of the family the directory belongs to.
type SisterProduct struct {
	Icon string
	Name string
	Role string
}

// SisterProducts are the four siblings named in the ecosystem blurb on
// /about. None is connected to the directory: their lines say what each
// does on its own.
var SisterProducts = []SisterProduct{
	{"calendar", "BookWell", "Online booking and appointment reminders for businesses that work by appointment."},
	{"star", "ReviewPulse", "Collects reviews after each visit and alerts you when sentiment about your business changes."},
	{"dollar", "LedgerLite", "Quotes, invoices and card payments for small teams."},
	{"rocket", "CampaignKit", "Local email and social campaigns for small businesses."},
}

// ---------------------------------------------------------------- Careers

// Job is an open position on /careers.
type Job struct {
	Title       string
	Department  string
	Location    string
	Type        string
	Description string
	Highlights  []string
}

// Jobs are the open positions on /careers.
var Jobs = []Job{
	{
		Title:       "Senior AI Engineer",
		Department:  "Engineering",
		Location:    "San Francisco, CA or remote (US)",
		Type:        "Full-time",
		Description: "Own the models behind profile recommendations, lead matching and business insights, from prompt and retrieval design to the evaluations that tell us a change really helps owners.",
		Highlights: []string{
			"Ship matching and recommendation features used by every business in the directory",
			"Build offline evaluations and guardrails before anything reaches customers",
			"Several years building production ML or LLM systems; Go or Python",
		},
	},
	{
		Title:       "Product Designer",
		Department:  "Design",
		Location:    "San Francisco, CA or remote (US)",
		Type:        "Full-time",
		Description: "Design the flows owners use every day, from creating a profile to answering a lead, and make them clear on a small phone, in both themes and for people using assistive technology.",
		Highlights: []string{
			"Lead design for sign-up, the profile wizard and the dashboard",
			"Run interviews with owners and partners every month",
			"A portfolio showing shipped product work and accessible design",
		},
	},
	{
		Title:       "Customer Success Manager",
		Department:  "Customer Success",
		Location:    "Remote (US, Pacific or Mountain time)",
		Type:        "Full-time",
		Description: "Help growing businesses and partner agencies get value in their first months: onboarding calls, profile reviews and honest advice on which plan fits.",
		Highlights: []string{
			"Look after a portfolio of Growth and Pro customers",
			"Turn what customers tell you into product feedback",
			"Experience in customer success or account management for SaaS",
		},
	},
}

// CareerPerks are the reasons to join listed above the open positions.
var CareerPerks = []Card{
	{"heart", "Health, dental and vision", "Paid for you, with cover for your dependants, from your first day."},
	{"globe", "Remote-friendly", "Work from our San Francisco office or from home anywhere in the US, with a home-office budget."},
	{"book", "Learning budget", "A yearly budget for courses, books and conferences, plus time to use it."},
	{"clock", "Time off that gets used", "Four weeks of paid leave, US public holidays and a company-wide week off in December."},
}

// ---------------------------------------------------------------- Blog

// Post is an article on /blog; Slug is its anchor on the page.
type Post struct {
	Slug     string
	Title    string
	Date     time.Time
	Author   string
	Category string
	Excerpt  string
	Body     []string
}

// ReadMinutes is how long the post takes to read, counted from its words
// at 200 a minute, rounded up.
func (p Post) ReadMinutes() int {
	words := 0
	for _, para := range p.Body {
		words += len(strings.Fields(para))
	}
	return max(1, (words+199)/200)
}

// Posts are the articles on /blog, newest first.
var Posts = []Post{
	{
		Slug:     "complete-profile-checklist",
		Title:    "A short checklist for a profile that gets leads",
		Date:     companyDate("2026-11-10"),
		Author:   "Maya Chen",
		Category: "Guides",
		Excerpt:  "Opening hours, a few services in your customers' words and a clear first sentence help a visitor choose you. Here is what to fill in first.",
		Body: []string{
			"A visitor decides in moments whether to get in touch, and a few details do most of the work. Opening hours are the first: visitors who cannot tell whether you are open today tend to move on to the next result. Add them in the Hours step of the profile wizard, including the days you are closed.",
			"Next, list at least three services in the words your customers use. \"Boiler repair\" and \"emergency call-out\" match far more searches than \"heating solutions\". Then rewrite the first sentence of your description so it says what you do and where, for example \"Family-run bakery in Mission Dolores baking sourdough daily since 2012\".",
			"Finally, check your visibility settings. Email, phone, address and hours are public by default; hide only what you must. A phone number that visitors can tap is still the fastest way for a lead to reach you.",
		},
	},
	{
		Slug:     "how-lead-matching-works",
		Title:    "How smart lead matching decides who hears about an enquiry",
		Date:     companyDate("2026-10-21"),
		Author:   "Daniel Okafor",
		Category: "Product",
		Excerpt:  "Category and area decide who can receive a quote request; fit, rating, verification and response time decide the order. A look inside the matching rules.",
		Body: []string{
			"A quote request starts with what the customer needs, the kind of business and where they are. Matching first narrows the field to businesses that manage their listing here, in that category and serving that place: a storefront in the customer's city, a service-area business in their state, an online business anywhere. Listings nobody manages yet never receive a matched request, because nobody would read it.",
			"Among those, four signals decide the order: how many of the services and tags a business lists appear in the request's words, its rating, whether it is verified, and how fast its owner usually answers leads (a business too new to tell ranks below a fast one and above a very slow one). The request goes to the first " + strconv.Itoa(QuoteMatches) + ". We deliberately do not let paid plans jump the queue; a plan changes how many leads you can read each month, not whether a good match reaches you.",
			"If you feel you are receiving leads that do not fit, the quickest fix is usually your services list. Remove services you no longer offer, add the ones you do in your customers' words, and matching uses the new list from the next request.",
		},
	},
	{
		Slug:     "responding-to-reviews",
		Title:    "Responding to reviews: what owners told us works",
		Date:     companyDate("2026-09-30"),
		Author:   "Priya Raman",
		Category: "Reputation",
		Excerpt:  "A negative review is read by every visitor after it. Three habits make your reply work for you.",
		Body: []string{
			"Owners who handle a bad review well tend to do three things: they answer within a day or two, keep the reply short, and move the details of the conversation to email or phone.",
			"They also avoided arguing with the facts in public. A reply that thanks the reviewer, says what will change and gives a direct contact reads well to the next visitor, who is the person you are really writing for.",
			"The Reviews page of your dashboard shows the sentiment of your reviews month by month, so a shift shows before it moves your rating; with review alerts (Growth and Pro, chosen on your profile page) you hear of each new review by email while the customer still remembers the visit.",
		},
	},
	{
		Slug:     "partner-programme",
		Title:    "Why we are opening a partner programme",
		Date:     companyDate("2026-09-02"),
		Author:   "Luis Moreno",
		Category: "Partners",
		Excerpt:  "Many businesses hear of a directory from someone they already trust. The partner programme is for those people.",
		Body: []string{
			"Many small businesses find new tools through someone they already work with: the accountant who keeps their books, the agency that built their website, the consultant who finds them customers. The partner programme is for them.",
			"Partners earn a share of what the businesses they refer actually pay, rather than a fee for each sign-up: what helps a business is a complete profile and answered leads, not an account it never uses.",
			"Update, November 28, 2026: the programme is open. Partners earn " + PartnerRates + " of every invoice a referred business pays in its first " + PartnerCommissionWindow + ", with a referral link, a dashboard and monthly payouts. The partners page explains the plans and the partner terms give every rule.",
		},
	},
}

// ---------------------------------------------------------------- Press

// PressRelease is an announcement on /press.
type PressRelease struct {
	Title    string
	Date     time.Time
	Category string
	Excerpt  string
}

// PressReleases are the announcements on /press, newest first.
var PressReleases = []PressRelease{
	{
		Title:    "Quote requests and a lead inbox for every business",
		Date:     companyDate("2026-11-25"),
		Category: "Product",
		Excerpt:  "Customers describe a job once and it reaches up to " + strconv.Itoa(QuoteMatches) + " businesses that serve their area; owners answer from a lead inbox with statuses, private notes and replies by email.",
	},
	{
		Title:    "Series A funding to bring AI lead matching to more local businesses",
		Date:     companyDate("2026-06-18"),
		Category: "Funding",
		Excerpt:  "The round funds the engineering team behind lead matching and AI insights. Existing customers keep their plans and prices.",
	},
	{
		Title:    "Partner programme opens its applications to agencies and lead generators",
		Date:     companyDate("2025-09-09"),
		Category: "Product",
		Excerpt:  "Agencies and lead generators can apply to the partner programme, for referral, integration and strategic partners.",
	},
}

// MediaAsset is a file of the media kit; files are sent by email on request.
type MediaAsset struct {
	Name string
}

// MediaKit lists the five files journalists can ask for.
var MediaKit = []MediaAsset{
	{"Logo pack (SVG and PNG, light and dark)"},
	{"Brand guidelines (PDF)"},
	{"Product screenshots (ZIP)"},
	{"Leadership headshots (ZIP)"},
	{"Company fact sheet (PDF)"},
}

// MediaContact is the person who answers journalists.
var MediaContact = struct {
	Name  string
	Role  string
	Phone string
}{"Dana Whitfield", "Head of Communications", "1-800-555-0163"}

// ---------------------------------------------------------------- Help

// HelpCategory is a topic of the help centre; its articles are the
// HelpArticles whose Category is its Title.
type HelpCategory struct {
	Icon        string
	Title       string
	Description string
}

// Articles is how many help articles the topic holds, counted from
// HelpArticles.
func (c HelpCategory) Articles() int {
	n := 0
	for _, a := range HelpArticles {
		if a.Category == c.Title {
			n++
		}
	}
	return n
}

// HelpCategories are the topics on /help.
var HelpCategories = []HelpCategory{
	{"rocket", "Getting Started", "Create your account, set up your first profile and get verified."},
	{"building", "Managing Your Profile", "Edit details, hours and services, and choose what is public."},
	{"dollar", "Billing and Plans", "Trials, upgrades, payment methods and cancelling."},
	{"target", "Leads and Analytics", "How matching works, answering leads and reading your numbers."},
	{"handshake", "Partners", "Referral links, commissions and payouts; client listings, CSV imports, white label and lead zones."},
}

// HelpArticle is an answer on /help; Slug is its anchor on the page.
// Popular articles are also listed as links near the top.
type HelpArticle struct {
	Slug     string
	Category string
	Title    string
	Summary  string
	Answer   []string
	Popular  bool
}

// HelpArticles are the answers shown on /help and searched by ?q=.
var HelpArticles = []HelpArticle{
	{
		Slug:     "create-business-profile",
		Category: "Getting Started",
		Title:    "How do I create my business profile?",
		Summary:  "Join as Business: the sign-up makes your first listing; complete it from your dashboard.",
		Answer: []string{
			"Choose Join as Business on the home page (or Get Started, then Join as Business). That one form creates your account and your first listing, from the business name, category, location and description you give. Open the link we email you: the listing then goes live in the directory (after a quick review if its name is close to another listing's in its city).",
			"To complete the listing, choose Complete Profile or Manage on your dashboard: add your address, services, logo and photos, and set its opening hours to yours.",
			"For another business, choose Add Another Business on your dashboard. Its wizard has four steps: Basic Info, Contact, Hours and Review. Only the business name, description, email, city and state are required; choose Create Profile on the Review step to publish.",
		},
		Popular: true,
	},
	{
		Slug:     "reset-password",
		Category: "Getting Started",
		Title:    "How do I reset my password?",
		Summary:  "Use Forgot your password? on the sign-in page to get a reset link by email.",
		Answer: []string{
			"Go to Sign In, type the email address of your account and choose Forgot your password?. We email you a link that opens a page where you choose a new password of at least 6 characters.",
			"The link works once. If the email does not arrive within a few minutes, check your spam folder, then contact support from the address you signed up with.",
		},
		Popular: true,
	},
	{
		Slug:     "get-verified",
		Category: "Getting Started",
		Title:    "How does business verification work?",
		Summary:  "You start it from your listing's manage page: at once by your email's domain, or by asking our team.",
		Answer: []string{
			"Open your dashboard, choose Manage on the listing and go to its Verification section. If your confirmed account email is at your website's domain (ann@yourbakery.com for yourbakery.com, or a subdomain of it), choose Verify with my email domain: the listing is verified at once and its page says \"Verified: domain\". Free email addresses such as Gmail cannot verify this way.",
			"Otherwise ask our team: tell us how we can check that the business is yours, with a phone number we can call back and a link that shows it, such as a business registry entry. An administrator approves or rejects the request, with the reason, and we email you either way; once approved, the listing's page says \"Verified by our team on\" the date. Until then your profile is visible without the Verified badge.",
		},
		Popular: true,
	},
	{
		Slug:     "hide-contact-details",
		Category: "Managing Your Profile",
		Title:    "Can I hide my phone number or address?",
		Summary:  "Yes: visibility settings make email, phone, address and hours public or private.",
		Answer: []string{
			"Each of email, phone, address and hours has its own visibility setting, and all are public by default. Switch off any you want to keep private; visitors can still reach you through lead enquiries.",
		},
	},
	{
		Slug:     "change-or-cancel-plan",
		Category: "Billing and Plans",
		Title:    "How do I upgrade, downgrade or cancel my plan?",
		Summary:  "Change plans at any time from Pricing; changes are prorated, and a cancelled plan stays in force until its period ends, then your account moves to " + plans.Free().Name + ".",
		Answer: []string{
			"Choose a new plan on the Pricing page while signed in. Upgrades and downgrades are prorated, so you only pay the difference for the rest of the billing period.",
			"If you cancel, your paid plan stays in force until the end of the period you have paid for. " + AfterPaidPlan,
			"Every paid plan starts with a " + TrialLength + " free trial that needs no card; a trial that ends without one ends the same way.",
		},
		Popular: true,
	},
	{
		Slug:     "payment-methods",
		Category: "Billing and Plans",
		Title:    "Which payment methods do you accept?",
		Summary:  "All major credit and debit cards, through our card payment provider.",
		Answer: []string{
			"We accept all major credit and debit cards. Payments are handled by our card payment provider, so your card number never reaches our servers. Your invoices are in the billing portal, which Manage billing on your dashboard opens.",
		},
	},
	{
		Slug:     "lead-limits",
		Category: "Leads and Analytics",
		Title:    "How many leads can I receive each month?",
		Summary:  "Starter includes " + LeadCap(plans.Starter) + " leads a month, Growth " + LeadCap(plans.Growth) + ", and Pro is unlimited.",
		Answer: []string{
			"Starter includes up to " + LeadCap(plans.Starter) + " leads a month, Growth up to " + LeadCap(plans.Growth) + " and Pro has no limit. The count starts again on the first day of each month, and you can upgrade at any time to receive more straight away.",
		},
		Popular: true,
	},
	{
		Slug:     "improve-lead-quality",
		Category: "Leads and Analytics",
		Title:    "Why am I receiving leads that do not fit my business?",
		Summary:  "Matching uses your category, the area you serve and your services; keeping your services list accurate fixes most mismatches.",
		Answer: []string{
			"A quote request reaches businesses in its category that serve its place (your city for a storefront, your state for a service-area business, anywhere for an online one); among those, the businesses whose services and tags appear in the request's words rank first. Remove services you no longer offer and add the words your customers use; matching uses the new list from the next request.",
		},
	},
	{
		Slug:     "partner-programme",
		Category: "Partners",
		Title:    "How does the partner programme work?",
		Summary:  "Apply, get your referral link, and earn " + PartnerRates + " of what the businesses you refer pay in their first " + PartnerCommissionWindow + ", paid out monthly.",
		Answer: []string{
			"Apply: choose Become a Partner on the partners page. Signed out, the form creates a partner account (confirm your email from the link we send); signed in, it makes your account a partner. Choose your plan and accept the partner terms. A person reviews every application and emails you the decision; a decline says why.",
			"Your link: once approved, your partner dashboard shows your referral link, with a copy button and a QR code. Adding ?ref= and your code to the address of any of our pages works too. Following either sets a cookie for " + PartnerAttribution + "; a business account created in that browser within that time is your referral, and if the visitor follows another partner's link afterwards, the last link counts. Your own account, accounts at your own email domain (common webmail such as Gmail aside) and sign-ups from the internet address your own session used that day are never credited to you.",
			"Commissions: each time a business you referred pays an invoice in the first " + PartnerCommissionWindow + " of its first paid subscription, you earn " + PartnerRates + " of the amount paid. A commission is pending for " + PartnerHold + ", then payable; the ledger on your dashboard shows each one's state and the date it becomes payable. A refund takes back the same share of the commission, and a dispute takes it back too, even after it was paid out: your balance can then go below zero until later commissions settle it.",
			"Payouts: on the first of each month, a payable balance of at least " + PartnerPayoutThreshold + " is paid out, and we email you a statement. Connect a Stripe account from your dashboard (Stripe's Express onboarding) and the payout is transferred to it; without one, our team pays you and records the payment's reference. Your dashboard also shows clicks, sign-ups, paying customers and earnings by month, with a CSV download, and the businesses you referred with their plan.",
		},
		Popular: true,
	},
	{
		Slug:     "client-listings",
		Category: "Partners",
		Title:    "How do I manage listings for my clients?",
		Summary:  "Create a client's listing from Clients in your partner area, invite its owner by email, and keep managing it once they accept.",
		Answer: []string{
			"Once your partner account is approved, Clients in your partner area lists the listings you manage, each with its views, clicks, leads and reviews over the last 30 days. Add a client listing fills in the same fields as any business's profile, checked by the same rules; you can also import many at once from a CSV file.",
			"A new client listing stays hidden from the directory. From its page, invite the business's owner: we email them a link that works once, for that address alone. When they accept (signing in, or creating an account with that address), the listing is theirs and goes live; an unusual name may wait for our moderators first, as any listing's would. Their account becomes your referral, so you earn your plan's commission on what they pay.",
			"After the hand-over you keep a manager's rights: you edit the listing and see its leads, reviews and analytics from its page in your partner area. The owner sees your agency on their listing's page and can remove it at any time; your access ends at once, and we email you.",
		},
	},
	{
		Slug:     "csv-import",
		Category: "Partners",
		Title:    "How do I import or export listings with a CSV file?",
		Summary:  "Upload a CSV at Import (up to " + catalog.ImportMaxRowsText + " rows), read the dry run's report, fix what it names, then import; Export gives the same format back.",
		Answer: []string{
			"Owners with several locations and approved partners can import listings from Import on their dashboard. Download the template: its columns are name, category, description, address, city, state, zip, phone, email, website, hours, tags and external_id, and the page documents each one. A file holds up to " + catalog.ImportMaxRowsText + " rows.",
			"Each upload is checked first, without changing anything: the report names every row's errors by column, and the rows that would duplicate a listing already in the directory. Fix the file and upload it again, or import the rows that passed. The import runs in the background with its progress on the page (it refreshes itself, with or without JavaScript), and ends with a result CSV saying what was created, updated or refused.",
			"Give each row your own id in external_id: uploading the file again with the same ids updates those listings instead of adding new ones. An agency's imported listings become its client listings, hidden until each owner accepts an invitation. Export (a link on the same page) downloads your listings in the same format, so you can edit the file and import it back.",
		},
	},
	{
		Slug:     "white-label",
		Category: "Partners",
		Title:    "What does the white label of " + plans.TopPartnerPlan().Name + " include?",
		Summary:  "“Managed by” your agency, with your logo and link, on your clients' listings, and a monthly report per client under your brand.",
		Answer: []string{
			"On " + plans.TopPartnerPlan().Name + ", set your brand (its name, logo, link and colour) under Brand in your partner area. The public pages of the listings you manage then show “Managed by” your agency with your logo and a link to your site; you can turn it off listing by listing.",
			"Each client also gets a monthly report: the listing's views, clicks, leads and reviews for the month, the change from the month before and the trend over six months, on a printable page that carries your brand and not ours. Once a client has accepted its listing, we email you its report at the start of each month (one email for all your clients) and, when you choose so for that client, send the client its own.",
		},
	},
	{
		Slug:     "search-near",
		Category: "Getting Started",
		Title:    "How do I find businesses near me?",
		Summary:  "Type a ZIP code or a city in Near, choose how far, and sort by distance; or press Near me.",
		Answer: []string{
			"On the directory, open Filters & sort and type a ZIP code (78701), a city and its state (Austin, TX) or coordinates in Near, then choose Within: " + catalog.RadiusOptions[0].Label + " up to " + catalog.RadiusOptions[len(catalog.RadiusOptions)-1].Label + " (" + strconv.Itoa(catalog.DefaultRadius) + " unless you choose). Each result then says how far it is, and the Distance sort puts the nearest first. With JavaScript on, Near me uses your browser's location instead, once you allow it; nothing about where you are is kept.",
			"Open now, under Additional Filters, keeps the businesses open at this moment in their own time zone, by the hours their owners give. Each card says whether a business is open and until when, or when it opens next.",
			"Show map draws the results (or a business on its page) on a map; without JavaScript each business's page links to its place on OpenStreetMap. A city's page lists the cities near it.",
		},
	},
	{
		Slug:     "location-and-service-area",
		Category: "Managing Your Profile",
		Title:    "How do I set where my business is, or the area I serve?",
		Summary:  "Your listing is placed at its ZIP code; move the pin on your listing's page, and give a service area if you travel to customers.",
		Answer: []string{
			"We place each listing at the centre of its ZIP code (or of its city when the ZIP code is unknown), so it shows up in searches near it. To be exact, open your listing from your dashboard: under Location on the map, press Show map and drag the pin (or move it with the arrow keys), or type the latitude and longitude; leave both empty to go back to your ZIP code.",
			"If you travel to your customers, choose Service area as your business type and give how far you go, from 1 to " + strconv.Itoa(catalog.ServiceRadius.Max) + " miles. Your street address then stays private: your page says the area you serve, and quote requests whose ZIP code or city is inside it reach you, the closest businesses first.",
			"Your opening hours are read in your listing's own time zone, daylight saving included, to say whether you are open now.",
		},
	},
	{
		Slug:     "lead-zones",
		Category: "Partners",
		Title:    "How do exclusive lead zones work?",
		Summary:  "A zone is a category in a city; the " + plans.TopPartnerPlan().Name + " partner who holds it gets its quote requests for its clients' listings.",
		Answer: []string{
			"On " + plans.TopPartnerPlan().Name + ", request a zone (a category and a city) from Lead zones in your partner area. Our team grants each zone to one partner at a time, and can decline or revoke it with a reason.",
			"While you hold a zone, a quote request for that category in that city goes only to your client listings that match it (up to " + strconv.Itoa(QuoteMatches) + ", ranked as usual), never to other listings. When none of your clients' listings match, the request goes to every matching business as before. The person asking sees no difference. Lead zones shows each zone's requests and how many became won leads.",
		},
	},
}

// PopularHelpArticles are the articles linked under "Popular articles".
func PopularHelpArticles() []HelpArticle {
	var out []HelpArticle
	for _, a := range HelpArticles {
		if a.Popular {
			out = append(out, a)
		}
	}
	return out
}

// SearchHelp returns the articles whose title or summary contains q,
// ignoring case. An empty q matches nothing: the page then shows no results
// block at all.
func SearchHelp(q string) []HelpArticle {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == "" {
		return nil
	}
	var out []HelpArticle
	for _, a := range HelpArticles {
		if strings.Contains(strings.ToLower(a.Title), q) || strings.Contains(strings.ToLower(a.Summary), q) {
			out = append(out, a)
		}
	}
	return out
}

// ---------------------------------------------------------------- Contact

// ContactChannel is a way to reach a team. An empty Mailbox means the
// configured support address and an empty Phone the support number.
type ContactChannel struct {
	Icon    string
	Title   string
	Text    string
	Mailbox string
	Phone   string
}

// ContactChannels are the teams listed on /contact.
var ContactChannels = []ContactChannel{
	{"help", "Customer support", "Questions about your account, profile, leads or billing.", "", ""},
	{"briefcase", "Sales", "Plans for several locations, agencies and partners, or a guided demo.", SalesMailbox, "1-800-555-0142"},
}

// Office is the postal address of the head office.
var Office = []string{"548 Market Street, Suite 300", "San Francisco, CA 94104", "United States"}

// OfficeHours is one line of the business hours.
type OfficeHours struct {
	Days  string
	Hours string
}

// BusinessHours are when the office and sales team are available.
var BusinessHours = []OfficeHours{
	{"Monday – Friday", "9:00 AM – 6:00 PM PST"},
	{"Saturday – Sunday", "10:00 AM – 4:00 PM PST"},
}

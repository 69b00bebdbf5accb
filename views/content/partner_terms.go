package content

import (
	"bizprofile/plans"
)

// LegalSection is a section of a legal page written as data: its anchor,
// its title, its paragraphs, then (if any) a list and the paragraphs
// after it.
type LegalSection struct {
	ID     string
	Title  string
	Paras  []string
	Points []string
	Then   []string
}

// PartnerTermsUpdated is the date the partner terms show as "Last
// updated"; change it with the text.
const (
	PartnerTermsUpdated    = "November 28, 2026"
	PartnerTermsUpdatedISO = "2026-11-28"
)

// ReferralCookieName is the name of the referral link's cookie
// (domain.ReferralCookie, which a handlers test checks it against: views
// do not import the domain).
const ReferralCookieName = "bp_ref"

// partnerPlanTerms is one sentence per partner plan: "Partner (free):
// 20% commission."
func partnerPlanTerms() []string {
	out := make([]string, len(plans.PartnerPlans))
	for i, p := range plans.PartnerPlans {
		out[i] = p.Name + " (" + p.PriceLabel + "): " + PartnerRate(p) + " of the amount paid on each invoice."
	}
	return out
}

// PartnerTerms are the partner programme's terms on /partners/terms, in
// plain English. The figures are the catalogue's (plans.PartnerPlans and
// the programme's terms), which the ledger applies.
var PartnerTerms = []LegalSection{
	{
		ID:    "about",
		Title: "About these terms",
		Paras: []string{
			"These terms are the agreement between you, as a partner, and us for the partner programme: referring businesses to the directory and being paid a commission on what they pay. They add to our Terms of Service, which still apply to your account; where the two differ on partner matters, these terms prevail.",
			"You accept these terms when you apply to the programme. We keep the time you accepted them with your partner account.",
		},
	},
	{
		ID:    "eligibility",
		Title: "Who can be a partner",
		Paras: []string{
			"You can apply if you are an adult who may enter into contracts, or a company acting through one. You apply with an account whose email address you have confirmed, at the partner sign-up page or from the account you already have.",
			"A person at our company reviews each application and approves or declines it. Either way we email you, and a decline gives the reason. You may apply again if your situation changes. Only approved partners have a referral link and earn commissions.",
		},
	},
	{
		ID:     "plans",
		Title:  "Plans and commission rates",
		Paras:  []string{"The programme has these plans:"},
		Points: partnerPlanTerms(),
	},
	{
		ID:    "plans-choice",
		Title: "Which plan applies",
		Paras: []string{
			"You choose a plan when you apply. When we approve you, we confirm that plan or approve you on another one, and the approval email and your dashboard say which. The rate of your plan on the day an invoice is paid is the rate of that invoice's commission.",
			"Features announced for " + plans.TopPartnerPlan().Name + " that are not yet available are marked as coming on our pages; they are not part of the plan until we release them.",
		},
	},
	{
		ID:    "link",
		Title: "Your link and attribution",
		Paras: []string{
			"Once approved, you have a referral code and a link made from it: our address followed by /r/ and your code. Adding ?ref= and your code to the address of any of our pages works the same way.",
			"Following your link sets a first-party cookie named " + ReferralCookieName + " in the visitor's browser for " + PartnerAttribution + ". It holds your code and the time of the click. If the visitor later follows another approved partner's link, the last click counts.",
			"A business account created in that browser within the " + PartnerAttribution + " is attributed to you: it becomes your referral. An account already attributed to a partner keeps that partner. We count the clicks on your link from people's browsers only, and we do not store visitors' IP addresses for it.",
			"Our administrators see each attribution. Only an administrator can change one, and each change is logged with its reason.",
		},
	},
	{
		ID:    "commissions",
		Title: "Commissions",
		Paras: []string{
			"When a business you referred pays an invoice, you earn your plan's rate of the amount it paid, in the invoice's currency, rounded down to the cent. Invoices count for the first " + PartnerCommissionWindow + " of that customer's first paid subscription; later invoices earn nothing.",
			"Each commission appears in the ledger on your dashboard with its state and the date it becomes payable.",
		},
	},
	{
		ID:    "hold",
		Title: "The hold period",
		Paras: []string{
			"A new commission is pending for " + PartnerHold + " after its invoice was paid, because most refunds and disputes come within that time. After the hold it is payable.",
		},
	},
	{
		ID:    "reversals",
		Title: "Refunds and disputes",
		Paras: []string{
			"If we refund an invoice, the commission it earned is reversed; a partial refund reverses the same share of the commission. If the customer disputes the payment with their bank, the commission is reversed too.",
			"A reversal applies even after the commission was paid out to you. Your balance can then go below zero, and your later commissions settle it before anything more is paid.",
		},
	},
	{
		ID:    "fraud",
		Title: "Fair play, fraud and voided commissions",
		Paras: []string{
			"A referral must be a business you actually brought to us. We do not attribute:",
		},
		Points: []string{
			"your own account;",
			"an account whose email address is at your email domain, unless it is a common webmail domain such as gmail.com;",
			"an account signed up from the same internet address your own signed-in session used that day.",
		},
		Then: []string{
			"If a commission was earned against these terms or by mistake, an administrator may void it, and records the reason with it. Serious or repeated breaches end the agreement.",
		},
	},
	{
		ID:    "conduct",
		Title: "How you promote us",
		Paras: []string{
			"Tell the people you refer that you earn a commission. Do not send spam, do not pretend to be us or speak for us, do not make promises about our service that our pages do not make, and follow the law where you promote us.",
		},
	},
	{
		ID:    "payouts",
		Title: "Payouts",
		Paras: []string{
			"We pay out once a month. You are paid if your payable balance is at least " + PartnerPayoutThreshold + " (in each currency); a smaller balance carries over to the next month.",
			"If you connected a Stripe account from your dashboard (Stripe's Express onboarding), we transfer the payout to it. Otherwise our team pays you by hand and records the payment's reference. Either way, we email you a statement of each payout.",
		},
	},
	{
		ID:    "taxes",
		Title: "Taxes",
		Paras: []string{
			"Commissions are your income. You are responsible for reporting them and for any tax due on them where you are. Stripe may ask you for tax details when you connect an account.",
		},
	},
	{
		ID:    "changes",
		Title: "Changes to these terms",
		Paras: []string{
			"We may change these terms, including the rates, the hold and the threshold. When we do, we update the date at the top; for a material change we give partners the notice our Terms of Service give, by email or in the product, before it takes effect. Commissions already earned keep the rate they were earned at.",
		},
	},
	{
		ID:    "ending",
		Title: "Ending the agreement",
		Paras: []string{
			"You can leave the programme at any time by writing to our support team. We can end the agreement for a breach of these terms, and otherwise with notice.",
			"When the agreement ends, your link stops counting and your referrals stop earning commissions. Payouts are made to partners in the programme only, so before you leave, wait for the monthly payout of your payable balance.",
		},
	},
}

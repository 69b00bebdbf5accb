package domain

// Partners is the partner programme (issue 36): partner accounts and their
// approval, the referral link and the accounts it brings, the commissions
// earned on those accounts' invoices, and the monthly payouts. Its rates,
// windows and threshold are the catalogue's (plans.PartnerPlans).
type Partners struct{ *env }

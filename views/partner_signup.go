package views

import (
	"strconv"

	"bizprofile/catalog"
	"bizprofile/plans"
)

// PartnerApplyForm is the partner programme's sign-up: a new partner
// account when signed out (with email and password), the signed-in
// account made a partner otherwise (SignedIn: without them).
type PartnerApplyForm struct {
	SignedIn                                    bool
	Email                                       string
	Name, Company, Website, Kind, Plan, Message string
	AcceptTerms                                 bool
	Errors                                      catalog.FieldErrors
	Problem                                     string
}

// partnerPlanLabel names a partner plan with its rate, from the catalogue.
func partnerPlanLabel(p plans.PartnerPlan) string {
	return p.Name + " (" + p.PriceLabel + "): " + strconv.Itoa(p.CommissionPercent) + "% commission"
}

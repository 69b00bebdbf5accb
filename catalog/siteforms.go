package catalog

// ContactSubjects are the choices of the contact form's Subject field.
var ContactSubjects = []Option{
	{Value: "general", Label: "General question"},
	{Value: "support", Label: "Help with my account or profile"},
	{Value: "billing", Label: "Billing and plans"},
	{Value: "demo", Label: "Schedule a demo"},
	{Value: "sales", Label: "Sales and multiple locations"},
	{Value: "api", Label: "API access"},
	{Value: "partners", Label: "Partner programme"},
	{Value: "press", Label: "Press and media"},
	{Value: "security", Label: "Report a security problem"},
}

// PartnerTiers are the tiers of the partner programme, which the partner
// application asks for; the programme's page describes each
// (views/content.PartnerTiers, by the same values).
var PartnerTiers = []Option{
	{Value: "referral", Label: "Referral Partner"},
	{Value: "integration", Label: "Integration Partner"},
	{Value: "strategic", Label: "Strategic Partner"},
}

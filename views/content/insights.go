package content

// InsightInfoCards are the three cards that explain AI insights on
// /ai-insights.
var InsightInfoCards = []Card{
	{"brain", "Grounded in your data", "Insights start from your own listing: what is missing, what is thin and what visitors cannot see because it is hidden."},
	{"bar-chart", "Benchmarked against peers", "Your rating and reviews are compared with businesses in the same category, and its competition in your city is counted, so advice is relative, not generic."},
	{"lightbulb", "Recommendations you can act on", "Each insight ends with concrete next steps, from publishing weekend hours to listing the services customers search for."},
}

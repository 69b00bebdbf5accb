package mail

import (
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// A payout statement says how much was paid and how, lists what it
// covers (reversals negative) with the total, in a table of the HTML body
// and a line each in the text body, and links the partner's dashboard.
func TestPayoutStatement(t *testing.T) {
	m := PayoutStatementMail(testSite, "pat@example.com", PayoutStatement{
		Name: "Pat", Month: "May 2026", Amount: 123450, Currency: "usd", How: "by hand (reference BANK-1)",
		Lines: []StatementLine{
			{Date: "2 Apr 2026", What: "20% commission on an invoice", Business: "Harbor Bakery", Amount: 125000},
			{Date: "9 Apr 2026", What: "Refund: commission reversed", Business: "Harbor Bakery", Amount: -1550},
		},
		Link: "https://bizprofile.test/partners/dashboard",
	})
	if m.To != "pat@example.com" || m.Subject != "Your BizProfile partner payout of May 2026: $1,234.50" {
		t.Fatalf("message %q to %q", m.Subject, m.To)
	}
	for _, s := range []string{"Hi Pat,", "We paid you $1,234.50 by hand (reference BANK-1)",
		"2 Apr 2026 · 20% commission on an invoice · Harbor Bakery: $1,250.00",
		"9 Apr 2026 · Refund: commission reversed · Harbor Bakery: −$15.50", "Total paid out: $1,234.50",
		"https://bizprofile.test/partners/dashboard"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("the text body lacks %q:\n%s", s, m.Text)
		}
	}
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(m.HTML))
	if err != nil {
		t.Fatal(err)
	}
	rows := doc.Find("table tbody tr")
	if rows.Length() != 3 || strings.TrimSpace(rows.Last().Find("td, th").Last().Text()) != "$1,234.50" {
		t.Fatalf("the HTML table has %d rows:\n%s", rows.Length(), m.HTML)
	}
	if money(-5, "eur") != "−0.05 EUR" {
		t.Fatalf("money(-5, eur) = %q", money(-5, "eur"))
	}
}

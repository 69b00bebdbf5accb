package mail

import (
	"strconv"
	"strings"
)

// The partner programme's payout statement (issue 36): sent when a
// payout is made, by Stripe Connect or by hand, with the commissions and
// reversals it pays out.

// PayoutStatement is what a payout statement tells.
type PayoutStatement struct {
	Name     string // the partner's, for the greeting
	Month    string // "December 2026"
	Amount   int64  // cents
	Currency string // "usd"
	// How says how it was paid: "by Stripe transfer tr_…", "by bank
	// transfer (reference …)".
	How   string
	Lines []StatementLine
	Link  string // the partner's dashboard
}

// StatementLine is one ledger row a payout covers.
type StatementLine struct {
	Date, What, Business string
	Amount               int64 // cents, negative for a reversal
}

// PayoutStatementMail is the statement of a partner's payout.
func PayoutStatementMail(s Site, to string, p PayoutStatement) Message {
	total := money(p.Amount, p.Currency)
	tab := &table{Caption: "What this payout covers", Head: []string{"Date", "Entry", "Business", "Amount"}}
	for _, l := range p.Lines {
		amount := money(l.Amount, p.Currency)
		text := l.Date + " · " + l.What
		if l.Business != "" {
			text += " · " + l.Business
		}
		tab.Rows = append(tab.Rows, tableRow{Cells: []string{l.Date, l.What, l.Business, amount}, Text: text + ": " + amount})
	}
	tab.Rows = append(tab.Rows, tableRow{Cells: []string{"", "Total paid out", "", total}, Text: "Total paid out: " + total})
	return build(to, "Your "+s.Name+" partner payout of "+p.Month+": "+total, email{
		Site: s, Greeting: greeting(p.Name),
		Intro:  []string{"We paid you " + total + " " + p.How + ": your payable partner balance for " + p.Month + "."},
		Table:  tab,
		Button: linkTo("See your partner dashboard", p.Link),
		Outro:  []paragraph{{Text: "Questions about this payout? Reply to " + s.SupportEmail + "."}},
		Why:    "You receive this because you are a partner of " + s.Name + " and a payout was made to you.",
	})
}

// money writes cents in currency: "$1,250.00" for US dollars, "12.50 EUR"
// for others; a negative amount with a minus sign.
func money(cents int64, currency string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "−", -cents
	}
	amount := count(cents/100) + "." + strconv.FormatInt(100+cents%100, 10)[1:]
	if c := strings.ToLower(currency); c == "usd" || c == "" {
		return sign + "$" + amount
	}
	return sign + amount + " " + strings.ToUpper(currency)
}

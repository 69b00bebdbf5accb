package mail

import (
	"strings"
	"testing"
)

func TestAccountClosedSaysWhatWasRemovedWithNoAccountLinks(t *testing.T) {
	m := AccountClosed(testSite, "owner@example.com", AccountClosing{
		Listings: []string{"Harbor Bakery", "Harbor Cakes"}, LeadsErased: 1, ReviewsDeleted: 3, QuoteRequests: 1, PlansCancelled: []string{"Growth"},
	})
	if m.To != "owner@example.com" || m.Subject != "Your BizProfile account is closed" {
		t.Fatalf("message = %q to %q", m.Subject, m.To)
	}
	for _, s := range []string{
		"Your listings Harbor Bakery and Harbor Cakes were taken out of the directory and no longer have an owner.", "The 1 enquiry sent to them was erased",
		"The 3 reviews you wrote were deleted.",
		"Your 1 quote request was deleted",
		"Your Growth plan was cancelled at once",
		"signed out",
		"create a new account with this address",
	} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("text body lacks %q:\n%s", s, m.Text)
		}
	}
	// The only links are the site's home page and the support address.
	for _, part := range strings.Split(m.HTML, `href="`)[1:] {
		link := part[:strings.Index(part, `"`)]
		if link != testSite.BaseURL && link != "mailto:"+testSite.SupportEmail {
			t.Errorf("the email links to %s", link)
		}
	}

	bare := AccountClosed(testSite, "reader@example.com", AccountClosing{})
	for _, s := range []string{"listing", "enquir", "review", "quote request", "plan"} {
		if strings.Contains(bare.Text, s) {
			t.Errorf("an account without any tells of %q:\n%s", s, bare.Text)
		}
	}
}

package mail

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// An owner's reply reaches the sender from the app's address, with the
// owner's address to answer to, the reply whole and the enquiry quoted
// briefly.
func TestLeadReplyThroughSMTP(t *testing.T) {
	srv := newServer(t)
	s := newSender(t, fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()))
	long := strings.Repeat("Could you also bring the gluten-free loaves? ", 20)
	m := LeadReply(testSite, "visitor@example.com", "Vera", "Harbor Bakery", "Yes, we bake wedding cakes.\n\nCall us on 555-0101.", long, "owner@harbor.example")
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatalf("send: %v", err)
	}
	got := receive(t, srv)
	if to := got.header.Get("To"); to != "<visitor@example.com>" {
		t.Errorf("To: %q", to)
	}
	if from := got.header.Get("From"); from != `"BizProfile" <no-reply@bizprofile.test>` {
		t.Errorf("From: %q, want the app's address", from)
	}
	if rt := got.header.Get("Reply-To"); rt != "<owner@harbor.example>" {
		t.Errorf("Reply-To: %q, want the owner's address", rt)
	}
	if subject := got.header.Get("Subject"); subject != "Reply from Harbor Bakery to your enquiry" {
		t.Errorf("Subject: %q", subject)
	}
	for _, body := range []string{got.text, got.html} {
		for _, want := range []string{"Hi Vera,", "Harbor Bakery answered", "Yes, we bake wedding cakes.", "Call us on 555-0101.", "Could you also bring the gluten-free loaves?", "reply to this email"} {
			if !strings.Contains(body, want) {
				t.Errorf("a body lacks %q:\n%s", want, body)
			}
		}
		if strings.Contains(body, strings.TrimSpace(long)) {
			t.Error("the whole enquiry is quoted instead of its start")
		}
	}
}

// Without a Reply-To the message has no such header: answers go to the
// sender's address, as for every other email.
func TestNoReplyToByDefault(t *testing.T) {
	srv := newServer(t)
	s := newSender(t, fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()))
	if err := s.Send(context.Background(), PasswordChanged(testSite, "me@example.com")); err != nil {
		t.Fatal(err)
	}
	if rt := receive(t, srv).header.Get("Reply-To"); rt != "" {
		t.Errorf("Reply-To: %q on an email without one", rt)
	}
}

func TestHeldLeads(t *testing.T) {
	const link = "https://bizprofile.test/dashboard/leads?listing=7"
	for _, tc := range []struct {
		n       int
		subject string
	}{
		{1, "1 enquiry was waiting for you at Harbor Bakery"},
		{3, "3 enquiries were waiting for you at Harbor Bakery"},
	} {
		m := HeldLeads(testSite, "ann@example.com", "Harbor Bakery", tc.n, link)
		if m.Subject != tc.subject || m.To != "ann@example.com" {
			t.Errorf("message %q to %q, want %q", m.Subject, m.To, tc.subject)
		}
		if !strings.Contains(m.Text, "Read the enquiries:\n"+link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
			t.Errorf("the email does not link the inbox:\n%s", m.Text)
		}
	}
}

// An owner's email about a new lead answers to whoever sent it (issue 40):
// pressing Reply writes to the customer, not to the app's no-reply
// address. A lead past the plan's limit tells nothing of its sender, so
// its email has no Reply-To.
func TestNewLeadEmailsAnswerToTheCustomer(t *testing.T) {
	const lead = "https://bizprofile.test/dashboard/leads/7"
	for _, tc := range []struct {
		name    string
		message Message
		replyTo string
	}{
		{"an enquiry", NewLead(testSite, "owner@harbor.example", "Harbor Bakery", "Priya Shah", "priya@example.com", "", "Do you bake rye?", lead), "<priya@example.com>"},
		{"a quote request", NewRequestLead(testSite, "owner@harbor.example", RequestLead{Business: "Harbor Bakery", Name: "Priya Shah", Email: "priya@example.com",
			Description: "A wedding cake for 80", Place: "Portland, OR", Timing: "Within a month", Budget: "Not stated", Link: lead}), "<priya@example.com>"},
		{"a locked lead", NewLockedLead(testSite, "owner@harbor.example", "Harbor Bakery", "https://bizprofile.test/pricing"), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			s := newSender(t, fmt.Sprintf("smtp://127.0.0.1:%d", srv.PortNumber()))
			if err := s.Send(context.Background(), tc.message); err != nil {
				t.Fatalf("send: %v", err)
			}
			got := receive(t, srv)
			if rt := got.header.Get("Reply-To"); rt != tc.replyTo {
				t.Errorf("Reply-To: %q, want %q", rt, tc.replyTo)
			}
			if from := got.header.Get("From"); from != `"BizProfile" <no-reply@bizprofile.test>` {
				t.Errorf("From: %q, want the app's address", from)
			}
		})
	}
}

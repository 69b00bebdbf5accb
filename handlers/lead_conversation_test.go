package handlers

import (
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
)

// threadItems reads the lead page's conversation: each item's kind, who
// and when (the time element's datetime), and its text.
func threadItems(doc finder) (kinds, bodies []string, times []time.Time) {
	byTestID(doc, "lead-thread").Find("li").Each(func(_ int, li *goquery.Selection) {
		kinds = append(kinds, li.AttrOr("data-kind", ""))
		bodies = append(bodies, textOf(li.Find(".lead-event-body")))
		at, _ := time.Parse(time.RFC3339, li.Find("time").AttrOr("datetime", ""))
		times = append(times, at)
	})
	return kinds, bodies, times
}

// A conversation with a customer continues by email (issue 40): the
// owner's 'New enquiry' email answers to the customer, the customer's copy
// of each reply answers to the owner, and the lead's page shows the
// replies sent from the site as a thread under the customer's message,
// each with its time, in order.
func TestLeadConversationContinuesByEmail(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testApp) {
		owner, bakery, _ := inboxOwner(t, app, "olive@example.com")
		visitor := app.newClient()
		visitor.post(t, "/directory/"+bakery.Slug+"/contact", url.Values{"name": {"Priya Shah"}, "email": {"priya@example.com"}, "message": {"Do you bake rye on Sundays?"}})
		enquiry := app.inbox.waitForSubject(t, owner.Email, "New enquiry")
		if rt := enquiry.Header.Get("Reply-To"); rt != "<priya@example.com>" {
			t.Errorf("the owner's 'New enquiry' email answers to %q, want the customer", rt)
		}

		leads, err := app.store.RecentLeadsFor(t.Context(), owner.ID, 5)
		must(t, err)
		if len(leads) != 1 {
			t.Fatalf("%d leads", len(leads))
		}
		page := leadURL(leads[0].Lead)
		_, body := app.get(t, page)
		if byTestID(parseHTML(t, body), "lead-thread").Length() != 0 {
			t.Error("a lead nobody answered shows a conversation")
		}
		replies := []string{"Yes, from 8 am.", "We keep two loaves for you."}
		for _, reply := range replies {
			followed(t, app, page+"/reply", url.Values{"reply": {reply}})
			if m := app.inbox.waitForSubject(t, "priya@example.com", "Reply from Harbor Bakery"); m.Header.Get("Reply-To") != "<"+owner.Email+">" {
				t.Errorf("the customer's copy of the reply answers to %q, want the owner", m.Header.Get("Reply-To"))
			}
		}
		_, body = app.get(t, page)
		kinds, bodies, times := threadItems(parseHTML(t, body))
		if !slices.Equal(kinds, []string{"message", "reply", "reply"}) || !slices.Equal(bodies, append([]string{"Do you bake rye on Sundays?"}, replies...)) {
			t.Fatalf("the conversation: %q %q", kinds, bodies)
		}
		for i, at := range times {
			if at.IsZero() || (i > 0 && at.Before(times[i-1])) {
				t.Errorf("the conversation's times are missing or out of order: %v", times)
			}
		}
	})
}

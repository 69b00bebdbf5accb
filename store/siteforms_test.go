package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestSubscribingTwiceKeepsOneRow(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		var tokens []string
		for i, want := range []bool{true, false} {
			sub, created, err := s.Subscribe(ctx, "  Reader@Example.com", store.ListNewsletter, time.Hour)
			must(t, err)
			if created != want {
				t.Errorf("subscription %d: created = %v, want %v", i+1, created, want)
			}
			tokens = append(tokens, sub.Token)
		}
		if tokens[0] == "" || tokens[1] != "" {
			t.Errorf("link tokens %q: want one, for the first request's email only", tokens)
		}
		// The same address on the other list is a subscription of its own.
		status, created, err := s.Subscribe(ctx, "reader@example.com", store.ListStatus, time.Hour)
		must(t, err)
		if !created {
			t.Error("status subscription not created")
		}
		for _, list := range []store.MailingList{store.ListNewsletter, store.ListStatus} {
			got, total, err := s.Subscribers(ctx, list, store.Page{Limit: 10})
			must(t, err)
			if total != 1 || len(got) != 1 || got[0].Email != "reader@example.com" || got[0].List != list {
				t.Errorf("%s subscribers = %+v (total %d)", list, got, total)
			}
		}
		if _, total, err := s.Subscribers(ctx, "", store.Page{Limit: 10}); err != nil || total != 2 {
			t.Errorf("subscribers of every list: %d, %v; want 2", total, err)
		}
		if status.Token == tokens[0] {
			t.Error("two subscriptions share a token")
		}

		// Unsubscribing through the newsletter's token leaves the status list.
		if sub, err := s.SubscriberByToken(ctx, tokens[0]); err != nil || sub.List != store.ListNewsletter {
			t.Errorf("subscriber by token: %+v, %v", sub, err)
		}
		sub, err := s.Unsubscribe(ctx, tokens[0])
		must(t, err)
		if sub.Email != "reader@example.com" || sub.List != store.ListNewsletter {
			t.Errorf("unsubscribed %+v", sub)
		}
		if _, err := s.Unsubscribe(ctx, tokens[0]); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unsubscribing twice: %v, want ErrNotFound", err)
		}
		if _, total, _ := s.Subscribers(ctx, store.ListStatus, store.Page{Limit: 10}); total != 1 {
			t.Error("unsubscribing from the newsletter left the status list")
		}
	})
}

func TestSiteFormsAreStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		_, err := s.CreateContactMessage(ctx, store.ContactMessage{FirstName: "Ada", LastName: "Lane", Email: "Ada@Example.com", Subject: "demo", Message: "Hello"})
		must(t, err)
		ms, _, err := s.ContactMessages(ctx, store.Page{Limit: 10})
		must(t, err)
		if len(ms) != 1 || ms[0].Email != "ada@example.com" || ms[0].Subject != "demo" || ms[0].CreatedAt.IsZero() {
			t.Errorf("contact messages = %+v", ms)
		}
		_, err = s.CreateFeatureSuggestion(ctx, store.FeatureSuggestion{Name: "Bo", Email: "bo@example.com", Title: "Dark mode", Description: "Please"})
		must(t, err)
		fs, _, err := s.FeatureSuggestions(ctx, store.Page{Limit: 10})
		must(t, err)
		if len(fs) != 1 || fs[0].Title != "Dark mode" {
			t.Errorf("suggestions = %+v", fs)
		}
		_, err = s.CreatePartnerApplication(ctx, store.PartnerApplication{Name: "Cy", Email: "cy@example.com", Company: "Cy Co", Tier: "integration"})
		must(t, err)
		as, _, err := s.PartnerApplications(ctx, store.Page{Limit: 10})
		must(t, err)
		if len(as) != 1 || as[0].Tier != "integration" || as[0].Company != "Cy Co" {
			t.Errorf("applications = %+v", as)
		}
		if _, err := s.CreatePartnerApplication(ctx, store.PartnerApplication{Name: "Dee", Email: "d@example.com", Company: "D", Tier: "gold"}); err == nil {
			t.Error("an unknown tier was stored")
		}
	})
}

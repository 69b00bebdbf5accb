package store_test

import (
	"context"
	"errors"
	"testing"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

func TestNewsletterIsSentOnceAndThenFixed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		listSubscriber(t, s, "a@example.com", store.ListNewsletter, true)
		listSubscriber(t, s, "b@example.com", store.ListNewsletter, true)
		id, err := s.CreateNewsletter(ctx, store.Newsletter{Subject: "Draft", Body: "First"})
		must(t, err)
		must(t, s.UpdateNewsletter(ctx, store.Newsletter{ID: id, Subject: "June news", Body: "**Hello**"}))
		n, err := s.NewsletterByID(ctx, id)
		must(t, err)
		if n.Subject != "June news" || n.Body != "**Hello**" || n.IsSent() || n.Total() != 0 {
			t.Errorf("draft = %+v", n)
		}

		send := func() error {
			return s.InTx(ctx, func(tx *store.Store) error {
				bid, err := tx.CreateBroadcast(ctx, store.Broadcast{List: store.ListNewsletter, Subject: n.Subject, Body: n.Body})
				if err != nil {
					return err
				}
				return tx.MarkNewsletterSent(ctx, id, bid)
			})
		}
		must(t, send())
		if err := send(); !errors.Is(err, store.ErrNewsletterSent) {
			t.Errorf("sending twice: %v, want ErrNewsletterSent", err)
		}
		if err := s.UpdateNewsletter(ctx, store.Newsletter{ID: id, Subject: "Changed", Body: "x"}); !errors.Is(err, store.ErrNewsletterSent) {
			t.Errorf("editing a sent newsletter: %v, want ErrNewsletterSent", err)
		}
		if err := s.DeleteNewsletter(ctx, id); !errors.Is(err, store.ErrNewsletterSent) {
			t.Errorf("deleting a sent newsletter: %v, want ErrNewsletterSent", err)
		}
		if err := s.UpdateNewsletter(ctx, store.Newsletter{ID: id + 100, Subject: "x", Body: "x"}); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("editing a missing newsletter: %v, want ErrNotFound", err)
		}

		n, err = s.NewsletterByID(ctx, id)
		must(t, err)
		// The second sending's broadcast rolled back with it.
		if _, err := s.BroadcastByID(ctx, n.BroadcastID.Int64+1); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("a second broadcast stayed after sending twice: %v", err)
		}
		must(t, s.RecordDelivery(ctx, n.BroadcastID.Int64, "a@example.com", store.DeliverySent, ""))
		ns, total, err := s.Newsletters(ctx, store.Page{Limit: 10})
		must(t, err)
		if total != 1 || len(ns) != 1 || !ns[0].IsSent() || ns[0].Sent != 1 || ns[0].Remaining != 1 || ns[0].Total() != 2 || ns[0].Subject != "June news" {
			t.Errorf("newsletters = %+v (total %d); want the sent one, 1 of 2 sent", ns, total)
		}

		draft, err := s.CreateNewsletter(ctx, store.Newsletter{Subject: "Next", Body: "Soon"})
		must(t, err)
		must(t, s.DeleteNewsletter(ctx, draft))
		if _, err := s.NewsletterByID(ctx, draft); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("deleted draft: %v, want ErrNotFound", err)
		}
	})
}

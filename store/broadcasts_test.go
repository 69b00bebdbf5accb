package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"
	"time"

	"bizprofile/store"
	"bizprofile/store/storetest"
)

// listSubscriber puts email on list, confirmed when confirm is true, and
// returns the subscription.
func listSubscriber(t *testing.T, s *store.Store, email string, list store.MailingList, confirm bool) store.Subscriber {
	t.Helper()
	sub, _, err := s.Subscribe(context.Background(), email, list, time.Hour)
	must(t, err)
	if confirm {
		sub, err = s.ConfirmSubscription(context.Background(), sub.Token)
		must(t, err)
	}
	return sub
}

func TestSubscriptionCountsOnceConfirmed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		sub, send, err := s.Subscribe(ctx, "New@Example.com", store.ListNewsletter, time.Hour)
		must(t, err)
		if !send || sub.Confirmed() {
			t.Fatalf("new subscription: send %v, confirmed %v; want a confirmation to send, unconfirmed", send, sub.Confirmed())
		}
		// Asking again within the interval sends nothing more (and makes
		// no link: there is no email to carry it).
		again, send, err := s.Subscribe(ctx, "new@example.com", store.ListNewsletter, time.Hour)
		must(t, err)
		if send || again.Token != "" || again.ID != sub.ID {
			t.Errorf("second request: send %v, token %q; want no email, no new link", send, again.Token)
		}
		// Past the interval (here: none), the confirmation goes again, with
		// a link of its own; the first email's link still works.
		again, send, err = s.Subscribe(ctx, "new@example.com", store.ListNewsletter, 0)
		must(t, err)
		if !send || again.Token == "" || again.Token == sub.Token || again.ID != sub.ID || !again.CreatedAt.After(sub.CreatedAt) {
			t.Errorf("request after the interval: send %v, token %q, created %v (was %v); want a resend with a new link, renewed", send, again.Token, again.CreatedAt, sub.CreatedAt)
		}
		for _, token := range []string{sub.Token, again.Token} {
			if got, err := s.SubscriberByToken(ctx, token); err != nil || got.ID != sub.ID {
				t.Errorf("link %q names %+v (%v)", token, got, err)
			}
		}
		if n, err := s.ConfirmedSubscribers(ctx, store.ListNewsletter); err != nil || n != 0 {
			t.Errorf("confirmed before confirming: %d, %v", n, err)
		}

		confirmed, err := s.ConfirmSubscription(ctx, sub.Token)
		must(t, err)
		if !confirmed.Confirmed() || confirmed.Email != "new@example.com" {
			t.Errorf("confirmed %+v", confirmed)
		}
		twice, err := s.ConfirmSubscription(ctx, sub.Token)
		must(t, err)
		if !twice.ConfirmedAt.Time.Equal(confirmed.ConfirmedAt.Time) {
			t.Errorf("confirming again moved confirmed_at from %v to %v", confirmed.ConfirmedAt.Time, twice.ConfirmedAt.Time)
		}
		// A confirmed address asking again is sent nothing, even past the interval.
		if _, send, err := s.Subscribe(ctx, "new@example.com", store.ListNewsletter, 0); err != nil || send {
			t.Errorf("confirmed address subscribing again: send %v, %v; want no email", send, err)
		}
		if n, err := s.ConfirmedSubscribers(ctx, store.ListNewsletter); err != nil || n != 1 {
			t.Errorf("confirmed subscribers: %d, %v; want 1", n, err)
		}
		subs, _, err := s.Subscribers(ctx, store.ListNewsletter, store.Page{Limit: 10})
		must(t, err)
		if len(subs) != 1 || !subs[0].Confirmed() {
			t.Errorf("subscribers list = %+v; want one, confirmed", subs)
		}
		if _, err := s.ConfirmSubscription(ctx, "no-such-token"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("confirming an unknown token: %v, want ErrNotFound", err)
		}
	})
}

func TestUnconfirmedSubscriptionsArePruned(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		listSubscriber(t, s, "kept@example.com", store.ListNewsletter, true)
		old := listSubscriber(t, s, "old@example.com", store.ListNewsletter, false)
		n, err := s.PruneUnconfirmedSubscribers(ctx, time.Now().Add(time.Minute))
		must(t, err)
		if n != 1 {
			t.Errorf("pruned %d, want the 1 unconfirmed", n)
		}
		if _, err := s.SubscriberByToken(ctx, old.Token); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unconfirmed subscription still there: %v", err)
		}
		if n, _ := s.ConfirmedSubscribers(ctx, store.ListNewsletter); n != 1 {
			t.Errorf("confirmed subscribers after pruning: %d, want 1", n)
		}
	})
}

func TestBroadcastRecipientsAreTheConfirmedWithoutADelivery(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		var want []string
		for i := range 7 {
			email := fmt.Sprintf("reader%d@example.com", i)
			listSubscriber(t, s, email, store.ListNewsletter, true)
			want = append(want, email)
		}
		listSubscriber(t, s, "unconfirmed@example.com", store.ListNewsletter, false)
		gone := listSubscriber(t, s, "gone@example.com", store.ListNewsletter, true)
		_, err := s.Unsubscribe(ctx, gone.Token)
		must(t, err)
		listSubscriber(t, s, "status@example.com", store.ListStatus, true)

		id, err := s.CreateBroadcast(ctx, store.Broadcast{List: store.ListNewsletter, Subject: "News", Body: "# Hello", CreatedBy: sql.NullInt64{}})
		must(t, err)
		b, err := s.BroadcastByID(ctx, id)
		must(t, err)
		if b.Subject != "News" || b.Body != "# Hello" || b.Finished() || b.Total() != 7 || b.Remaining != 7 {
			t.Errorf("new broadcast = %+v (total %d); want 7 to send", b, b.Total())
		}

		// Batches of 3: each reads the next addresses with no delivery.
		var got []string
		for batch := 0; ; batch++ {
			subs, err := s.BroadcastRecipients(ctx, id, 3)
			must(t, err)
			if len(subs) == 0 {
				break
			}
			if batch > 5 {
				t.Fatal("batches never end")
			}
			for i, sub := range subs {
				got = append(got, sub.Email)
				status, msg := store.DeliverySent, ""
				if sub.Email == "reader3@example.com" {
					status, msg = store.DeliveryFailed, "550 no such mailbox"
				}
				must(t, s.RecordDelivery(ctx, id, sub.Email, status, msg))
				if i == 0 {
					// Recording an address twice keeps its first outcome.
					must(t, s.RecordDelivery(ctx, id, sub.Email, store.DeliveryFailed, "again"))
				}
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("recipients = %v\nwant %v (once each, confirmed only, in address order)", got, want)
		}
		must(t, s.FinishBroadcast(ctx, id))
		// Someone confirming after the broadcast finished does not change its counts.
		listSubscriber(t, s, "late@example.com", store.ListNewsletter, true)
		b, err = s.BroadcastByID(ctx, id)
		must(t, err)
		if !b.Finished() || b.Sent != 6 || b.Failed != 1 || b.Skipped != 0 || b.Total() != 7 {
			t.Errorf("finished broadcast = %+v (total %d); want 6 sent, 1 failed", b, b.Total())
		}
		fails, err := s.BroadcastFailures(ctx, id, 10)
		must(t, err)
		if len(fails) != 1 || fails[0].Email != "reader3@example.com" || fails[0].Error != "550 no such mailbox" {
			t.Errorf("failures = %+v", fails)
		}
		if _, err := s.BroadcastByID(ctx, id+100); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("unknown broadcast: %v, want ErrNotFound", err)
		}
	})
}

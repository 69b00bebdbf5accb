package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	bizmail "bizprofile/mail"
	"bizprofile/store"
)

// KindBroadcast is the job that sends the next batch of a broadcast (an
// email to every confirmed subscriber of a list).
const KindBroadcast = "broadcast"

// BroadcastBatchSize is how many addresses one job sends to at most; a
// batch with more left enqueues the next.
const BroadcastBatchSize = 50

// broadcastStopAfter is how many failures in a row, none of them an
// address's own, make a batch stop and fail: the mail server is down, and
// the queue's back-off retries later instead of marking everyone failed.
const broadcastStopAfter = 3

// broadcastReserve is the time a batch keeps before its job's deadline: it
// starts no send that might not finish (one send takes up to 10 s).
const broadcastReserve = 15 * time.Second

type broadcastPayload struct {
	BroadcastID int64 `json:"broadcast_id"`
}

// BroadcastBatch is the job of sending broadcast id's next batch. The same
// job serves the first batch and every one after: each reads who is left.
func BroadcastBatch(id int64) store.NewJob {
	return store.NewJob{Kind: KindBroadcast, Payload: mustJSON(broadcastPayload{BroadcastID: id})}
}

// Broadcaster sends broadcasts, a batch per job.
type Broadcaster struct {
	Store *store.Store
	Mail  bizmail.Sender
	// Compose is a subscriber's own copy of a broadcast (their unsubscribe
	// link in it).
	Compose func(b store.Broadcast, sub store.Subscriber) bizmail.Message
	Log     *slog.Logger
	// BatchSize; zero: BroadcastBatchSize.
	BatchSize int
}

// Handle is the handler of broadcast jobs.
func (br *Broadcaster) Handle(ctx context.Context, payload []byte) error {
	var p broadcastPayload
	if err := json.Unmarshal(payload, &p); err != nil {
		return fmt.Errorf("broadcast job: %w", err)
	}
	return br.SendBatch(ctx, p.BroadcastID)
}

// SendBatch sends broadcast id to the next confirmed subscribers that have
// no delivery of it, records each, then enqueues the next batch, or, when
// none is left, marks the broadcast finished.
//
// One send per address: each address's delivery row is inserted after its
// send, as 'sent', and the next batch reads only addresses without one.
// A crash between a send and its insert sends that one address twice (the
// run after it finds no row); inserting first (as 'failed', updated after)
// would instead lose that email without a word. For incident notices and
// newsletters a rare duplicate is the lesser harm, and the window is a
// single insert: the insert runs even when the job is being stopped.
//
// An error returned leaves the job to the queue, which retries it after a
// back-off: a stopped process's job is taken over when its lease ends, and
// the next run skips every address already delivered.
func (br *Broadcaster) SendBatch(ctx context.Context, id int64) error {
	b, err := br.Store.BroadcastByID(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil // deleted: nothing to send
	}
	if err != nil {
		return err
	}
	if b.Finished() {
		return nil
	}
	size := br.BatchSize
	if size <= 0 {
		size = BroadcastBatchSize
	}
	subs, err := br.Store.BroadcastRecipients(ctx, id, size)
	if err != nil {
		return err
	}
	// record stores an outcome even while ctx is ending: a send that
	// happened must be recorded.
	record := func(email, status, errText string) error {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		return br.Store.RecordDelivery(rctx, id, email, status, errText)
	}
	var (
		unsure  []store.Subscriber // failed, and not yet known whether for the address or the server
		errs    []error
		sentAny bool
	)
	for _, sub := range subs {
		if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < broadcastReserve {
			break // the next job carries on
		}
		// Each copy has an unsubscribe link of its own (only its digest
		// is stored); there is none to make when the address left the
		// list since the batch was read.
		var err error
		if sub.Token, err = br.Store.SubscriberLink(ctx, sub.ID); errors.Is(err, store.ErrNotFound) {
			if err := record(sub.Email, store.DeliverySkipped, "unsubscribed while the broadcast was sending"); err != nil {
				return err
			}
			continue
		} else if err != nil {
			return err
		}
		err = br.Mail.Send(ctx, br.Compose(b, sub))
		switch {
		case err == nil:
			if err := record(sub.Email, store.DeliverySent, ""); err != nil {
				return err
			}
			// The server works: the failures before were the addresses' own.
			for i, u := range unsure {
				if err := record(u.Email, store.DeliveryFailed, errs[i].Error()); err != nil {
					return err
				}
			}
			unsure, errs, sentAny = nil, nil, true
		case ctx.Err() != nil:
			return fmt.Errorf("broadcast %d stopped: %w", id, ctx.Err())
		case bizmail.AddressRefused(err, sub.Email):
			br.Log.Warn("broadcast: address refused", "broadcast_id", id, slog.Any("error", err))
			if err := record(sub.Email, store.DeliveryFailed, err.Error()); err != nil {
				return err
			}
		default:
			unsure, errs = append(unsure, sub), append(errs, err)
			if len(unsure) >= broadcastStopAfter {
				return fmt.Errorf("broadcast %d: %d sends in a row failed; will retry: %w", id, len(unsure), err)
			}
		}
	}
	if len(unsure) > 0 {
		if !sentAny {
			return fmt.Errorf("broadcast %d: no send succeeded; will retry: %w", id, errs[len(errs)-1])
		}
		for i, u := range unsure {
			if err := record(u.Email, store.DeliveryFailed, errs[i].Error()); err != nil {
				return err
			}
		}
	}
	left, err := br.Store.BroadcastRecipients(ctx, id, 1)
	if err != nil {
		return err
	}
	if len(left) > 0 {
		return br.Store.Enqueue(ctx, BroadcastBatch(id))
	}
	if err := br.Store.FinishBroadcast(ctx, id); err != nil {
		return err
	}
	done, err := br.Store.BroadcastByID(ctx, id)
	if err == nil {
		br.Log.Info("broadcast finished", "broadcast_id", id, "list", done.List, "sent", done.Sent, "failed", done.Failed, "skipped", done.Skipped)
	}
	return nil
}

func describeBroadcastJob(kind string, payload []byte) (string, bool) {
	if kind != KindBroadcast {
		return "", false
	}
	var p broadcastPayload
	if json.Unmarshal(payload, &p) != nil {
		return "", false
	}
	return "Next batch of broadcast #" + strconv.FormatInt(p.BroadcastID, 10) + " to its list's confirmed subscribers", true
}

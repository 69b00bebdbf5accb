// Package webhooks sends an account's events (a new lead, a changed
// listing…) to the HTTPS endpoints its owner registered on /dashboard/api:
// the app's "CRM sync". It is the app's boundary with those servers, as
// mail/ is with email.
//
// An event is recorded in the transaction of the change that caused it
// (Emit): a delivery row per endpoint that wants it, and a job each. The
// job (Sender.Deliver) POSTs the JSON body, signed with the endpoint's
// secret, and records the attempt. A delivery that is not answered with a
// 2xx is tried again with growing delays (1 minute doubling, at most 4
// hours) for 24 hours, then marked failed. An endpoint that has failed
// without a single success for 3 days is disabled and its owner emailed.
//
// Wire format (documented for receivers on /api/docs):
//
//	POST <endpoint URL>
//	Content-Type: application/json
//	User-Agent: BizProfile-Webhooks/1.0
//	BizProfile-Event: lead.created
//	BizProfile-Delivery: <delivery id>
//	BizProfile-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
//
//	{"id":"evt_…","type":"lead.created","created":<unix>,"data":{"object":{…}}}
//
// Redirects are not followed: a 3xx is a failed attempt, so that a
// receiver cannot send the request on to an address the guard would
// refuse.
package webhooks

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"bizprofile/store"
)

// Kind is the job kind of one delivery attempt.
const Kind = "webhook_delivery"

// EventPing is the type of the test event sent by "Send test event".
const EventPing = "ping"

// Headers of a delivery.
const (
	HeaderEvent     = "BizProfile-Event"
	HeaderDelivery  = "BizProfile-Delivery"
	HeaderSignature = "BizProfile-Signature"
	UserAgent       = "BizProfile-Webhooks/1.0"
)

// ErrDisabled is returned by SendTest and Resend for a disabled endpoint:
// nothing is sent to it until its owner enables it again.
var ErrDisabled = errors.New("webhooks: the endpoint is disabled")

// Event is the JSON body of a delivery.
type Event struct {
	ID      string    `json:"id"`
	Type    string    `json:"type"`
	Created int64     `json:"created"`
	Data    EventData `json:"data"`
}

// EventData holds the event's record.
type EventData struct {
	Object any `json:"object"`
}

// jobPayload is a delivery job's payload. The worker reads the delivery
// by its id; the endpoint and the event type are there for /admin/jobs
// (Describe), which reads payloads only.
type jobPayload struct {
	DeliveryID int64  `json:"delivery_id"`
	EndpointID int64  `json:"endpoint_id,omitempty"`
	EventType  string `json:"event_type,omitempty"`
}

// job is the job of one attempt of delivery d, at runAt (zero: now).
func job(d store.WebhookDelivery, runAt time.Time) store.NewJob {
	b, _ := json.Marshal(jobPayload{DeliveryID: d.ID, EndpointID: d.EndpointID, EventType: d.EventType}) // ints and a string always marshal
	// One attempt a job: a failed attempt is scheduled as a new job. The
	// queue's own retries are for the database failing under the worker.
	return store.NewJob{Kind: Kind, Payload: b, RunAt: runAt, MaxAttempts: 3}
}

// Describe says in a line what a delivery job (Kind) sends, for
// /admin/jobs: "Webhook lead.created to endpoint 3 (delivery 12)".
func Describe(payload []byte) string {
	var p jobPayload
	if json.Unmarshal(payload, &p) != nil || p.DeliveryID == 0 {
		return Kind
	}
	if p.EventType == "" || p.EndpointID == 0 {
		return "Webhook delivery " + strconv.FormatInt(p.DeliveryID, 10)
	}
	return "Webhook " + p.EventType + " to endpoint " + strconv.FormatInt(p.EndpointID, 10) + " (delivery " + strconv.FormatInt(p.DeliveryID, 10) + ")"
}

// NewEventID returns a new event id: evt_ and 24 hex digits.
func NewEventID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // never fails (crypto/rand)
	return "evt_" + hex.EncodeToString(b)
}

// body is the JSON of an event of type with object, created at.
func body(id, eventType string, at time.Time, object any) (string, error) {
	b, err := json.Marshal(Event{ID: id, Type: eventType, Created: at.Unix(), Data: EventData{Object: object}})
	if err != nil {
		return "", fmt.Errorf("webhooks: %s body: %w", eventType, err)
	}
	return string(b), nil
}

// Emit records an event of the account: a delivery of it to each enabled
// endpoint of the account that asked for eventType, and a job each to
// send it. Call it with the Store of the transaction that changed the
// record (h.store.InTx), so the event is sent if and only if the change
// commits. object is the record as the API represents it (package api).
func Emit(ctx context.Context, tx *store.Store, accountID int64, eventType string, object any) error {
	now := time.Now().UTC()
	id := NewEventID()
	payload, err := body(id, eventType, now, object)
	if err != nil {
		return err
	}
	ev := store.NewWebhookEvent{ID: id, Type: eventType, Payload: payload, At: now}
	ds, err := tx.CreateWebhookDeliveries(ctx, accountID, ev)
	if err != nil || len(ds) == 0 {
		return err
	}
	js := make([]store.NewJob, len(ds))
	for i, d := range ds {
		js[i] = job(d, time.Time{})
	}
	return tx.Enqueue(ctx, js...)
}

// PingObject is the object of a test event.
type PingObject struct {
	EndpointID int64  `json:"endpoint_id"`
	Message    string `json:"message"`
}

// SendTest sends a test event (type "ping") to the endpoint, whatever the
// events it asked for, and returns the delivery's id, to follow in the
// delivery log. ErrDisabled for a disabled endpoint.
func SendTest(ctx context.Context, st *store.Store, e store.WebhookEndpoint) (int64, error) {
	if !e.Enabled() {
		return 0, ErrDisabled
	}
	now := time.Now().UTC()
	id := NewEventID()
	payload, err := body(id, EventPing, now, PingObject{EndpointID: e.ID, Message: "A test event from BizProfile: this endpoint receives and verifies deliveries."})
	if err != nil {
		return 0, err
	}
	var deliveryID int64
	err = st.InTx(ctx, func(tx *store.Store) error {
		d, err := tx.CreateWebhookDelivery(ctx, e.ID, store.NewWebhookEvent{ID: id, Type: EventPing, Payload: payload, At: now})
		if err != nil {
			return err
		}
		deliveryID = d.ID
		return tx.Enqueue(ctx, job(d, time.Time{}))
	})
	return deliveryID, err
}

// Resend sends a delivery of the account again: a NEW delivery of the
// same event (same event id, same body, so a receiver that already
// processed it can tell it is a repeat) to the same endpoint, with a fresh
// 24 hours of retries. The first delivery stays in the log as it ended.
// store.ErrNotFound for another account's delivery; ErrDisabled when its
// endpoint is disabled.
func Resend(ctx context.Context, st *store.Store, accountID, deliveryID int64) error {
	d, err := st.WebhookDeliveryOf(ctx, accountID, deliveryID)
	if err != nil {
		return err
	}
	e, err := st.WebhookEndpointOf(ctx, accountID, d.EndpointID)
	if err != nil {
		return err
	}
	if !e.Enabled() {
		return ErrDisabled
	}
	return st.InTx(ctx, func(tx *store.Store) error {
		nd, err := tx.CreateWebhookDelivery(ctx, e.ID, store.NewWebhookEvent{ID: d.EventID, Type: d.EventType, Payload: d.Payload})
		if err != nil {
			return err
		}
		return tx.Enqueue(ctx, job(nd, time.Time{}))
	})
}

// Sign returns the BizProfile-Signature header of body sent at t with
// secret: "t=<unix>,v1=<hex HMAC-SHA256(secret, "<unix>.<body>")>".
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "."))
	mac.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}

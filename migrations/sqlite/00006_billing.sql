-- +goose Up
-- A Stripe subscription as the webhooks last described it. user_id comes
-- from the subscription's metadata or its checkout session; it may be
-- unknown for a moment when events arrive out of order. state_at and
-- state_rank say which event the status came from (its created time, then
-- created < updated < deleted for events of the same second), so an older
-- event never overwrites a newer one.
CREATE TABLE subscriptions (
    stripe_subscription_id TEXT PRIMARY KEY,
    user_id                INTEGER REFERENCES users (id) ON DELETE SET NULL,
    stripe_customer_id     TEXT NOT NULL DEFAULT '',
    plan                   TEXT NOT NULL DEFAULT '',
    status                 TEXT NOT NULL DEFAULT '',
    current_period_end     TIMESTAMP,
    cancel_at_period_end   BOOLEAN NOT NULL DEFAULT FALSE,
    state_at               BIGINT NOT NULL DEFAULT 0,
    state_rank             INTEGER NOT NULL DEFAULT 0,
    updated_at             TIMESTAMP NOT NULL
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id);
CREATE INDEX subscriptions_customer_idx ON subscriptions (stripe_customer_id);

-- Every Stripe event applied, by id, so a repeated delivery changes nothing.
CREATE TABLE stripe_events (
    id          TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    received_at TIMESTAMP NOT NULL
);

-- +goose Down
DROP TABLE stripe_events;
DROP TABLE subscriptions;

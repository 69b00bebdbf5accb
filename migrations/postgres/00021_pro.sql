-- +goose Up
-- Pro for real (issue 21): team seats, API keys for the public REST API,
-- and webhooks that send an account's events to the owner's systems.
--
-- A business account is known by its owner's user id: businesses.owner_id,
-- subscriptions.user_id, listing_drafts.owner_id and the tables below hold
-- it. A member is a user who joined an account; their row here names it.
-- A user without a row is the owner of their own account. Transferring
-- ownership moves the account's rows to the new owner's id.
CREATE TABLE team_members (
    user_id    BIGINT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    invited_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL,
    CHECK (user_id <> account_id)
);
CREATE INDEX team_members_account_idx ON team_members (account_id);

-- Invitations to an account, sent by email. Only a SHA-256 of the token is
-- kept. An invitation is open until it is accepted, revoked or expires
-- (7 days); open invitations take a seat.
CREATE TABLE team_invites (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id  BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    invited_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    accepted_at TIMESTAMPTZ,
    accepted_by BIGINT REFERENCES users (id) ON DELETE SET NULL,
    revoked_at  TIMESTAMPTZ
);
CREATE INDEX team_invites_account_idx ON team_invites (account_id, created_at);

-- API keys of an account. The key is shown once; only its SHA-256 (hex) is
-- kept, with its first characters to tell keys apart. scopes is 'read' or
-- 'read write'. last_used_at is updated at most once a minute.
CREATE TABLE api_keys (
    id           BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    prefix       TEXT NOT NULL,
    hash         TEXT NOT NULL UNIQUE,
    scopes       TEXT NOT NULL CHECK (scopes IN ('read', 'read write')),
    created_by   BIGINT REFERENCES users (id) ON DELETE SET NULL,
    created_at   TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ,
    revoked_at   TIMESTAMPTZ
);
CREATE INDEX api_keys_account_idx ON api_keys (account_id, created_at);

-- The answer to an API POST sent with an Idempotency-Key, kept 24 hours so
-- a repeated request gets the same answer instead of acting twice.
-- request_hash tells a reuse of the key for another request apart; status
-- 0 marks a request still being answered.
CREATE TABLE api_idempotency (
    account_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    idem_key     TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status       INTEGER NOT NULL DEFAULT 0,
    content_type TEXT NOT NULL DEFAULT '',
    body         TEXT NOT NULL DEFAULT '',
    created_at   TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (account_id, idem_key)
);
CREATE INDEX api_idempotency_created_idx ON api_idempotency (created_at);

-- Webhook endpoints of an account: where its events are sent, signed with
-- secret. events is a space-separated list (lead.created lead.updated
-- review.created listing.updated). failing_since is the first failed
-- attempt since the last success; after 3 days of failures the endpoint is
-- disabled (disabled_at, with the reason) and the owner emailed.
CREATE TABLE webhook_endpoints (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    account_id      BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    url             TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    secret          TEXT NOT NULL,
    events          TEXT NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL,
    failing_since   TIMESTAMPTZ,
    disabled_at     TIMESTAMPTZ,
    disabled_reason TEXT NOT NULL DEFAULT ''
);
CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (account_id);

-- One event sent to one endpoint: the JSON body as first signed, and where
-- its delivery stands. A delivery is retried with growing delays for 24
-- hours, then marked failed.
CREATE TABLE webhook_deliveries (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    endpoint_id     BIGINT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_id        TEXT NOT NULL,
    event_type      TEXT NOT NULL,
    payload         TEXT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    response_code   INTEGER,
    response_ms     INTEGER,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMPTZ NOT NULL,
    last_attempt_at TIMESTAMPTZ,
    next_attempt_at TIMESTAMPTZ,
    delivered_at    TIMESTAMPTZ
);
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at);

-- Each attempt of a delivery, for the delivery log: when, the response's
-- code (NULL when no response came) and time, and the error.
CREATE TABLE webhook_attempts (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    delivery_id   BIGINT NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
    attempted_at  TIMESTAMPTZ NOT NULL,
    response_code INTEGER,
    response_ms   INTEGER NOT NULL DEFAULT 0,
    error         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempted_at);

-- +goose Down
DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_endpoints;
DROP TABLE api_idempotency;
DROP TABLE api_keys;
DROP TABLE team_invites;
DROP TABLE team_members;

-- +goose Up
-- Leads that reach someone (issue 18): an owner's inbox with statuses,
-- notes and replies; quote requests matched to businesses; lead scores;
-- saved businesses.

-- A quote request: what someone needs, sent to up to 5 matching listings
-- (each match is a lead with source 'request' and this request_id).
-- token is the requester's link to the request's page (who it went to,
-- each one's status), for a requester without an account. user_id is the
-- requester's account when they were signed in.
CREATE TABLE quote_requests (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    token       TEXT NOT NULL UNIQUE,
    user_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL,
    phone       TEXT NOT NULL DEFAULT '',
    category    TEXT NOT NULL,
    description TEXT NOT NULL,
    city        TEXT NOT NULL,
    state       TEXT NOT NULL,
    timing      TEXT NOT NULL CHECK (timing IN ('asap', 'week', 'month', 'flexible')),
    budget      TEXT NOT NULL DEFAULT '' CHECK (budget IN ('', 'under_500', '500_2000', '2000_10000', 'over_10000')),
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX quote_requests_user_idx ON quote_requests (user_id, created_at);

-- A lead's status in the owner's inbox; where it came from (a listing's
-- contact form, or a quote request's match); the sender's account when
-- they were signed in; its score (0-100) with the reasons, a JSON list of
-- {"points": n, "text": "..."}; the first time its owner answered (a
-- status change or a reply: the response time matching ranks by). A
-- deleted lead keeps its row, emptied of everything its sender wrote, so
-- the plan's monthly count does not change (deleted_at).
ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'contacted', 'won', 'lost'));
ALTER TABLE leads ADD COLUMN source TEXT NOT NULL DEFAULT 'listing' CHECK (source IN ('listing', 'request'));
ALTER TABLE leads ADD COLUMN request_id INTEGER REFERENCES quote_requests (id) ON DELETE SET NULL;
ALTER TABLE leads ADD COLUMN user_id INTEGER REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE leads ADD COLUMN score INTEGER NOT NULL DEFAULT 0;
ALTER TABLE leads ADD COLUMN score_reasons TEXT NOT NULL DEFAULT '[]';
ALTER TABLE leads ADD COLUMN first_response_at TIMESTAMP;
ALTER TABLE leads ADD COLUMN deleted_at TIMESTAMP;
CREATE INDEX leads_request_idx ON leads (request_id);
CREATE INDEX leads_user_idx ON leads (user_id, created_at);
CREATE INDEX leads_email_idx ON leads (email, created_at);

-- What happened to a lead: a status change (from_status -> status), a
-- private note, a reply emailed to the sender (body), or its hand-over to
-- the owner whose claim of the listing was approved. user_id is who did
-- it (none: the app).
CREATE TABLE lead_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    lead_id     INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    user_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('status', 'note', 'reply', 'handed_over')),
    from_status TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL DEFAULT '',
    body        TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX lead_events_lead_idx ON lead_events (lead_id, created_at);

-- A business an account saved, for its list at /dashboard/saved.
CREATE TABLE saved_businesses (
    user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    business_id INTEGER NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    created_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, business_id)
);
CREATE INDEX saved_businesses_business_idx ON saved_businesses (business_id);

-- +goose Down
DROP TABLE saved_businesses;
DROP TABLE lead_events;
DROP INDEX leads_email_idx;
DROP INDEX leads_user_idx;
DROP INDEX leads_request_idx;
ALTER TABLE leads DROP COLUMN deleted_at;
ALTER TABLE leads DROP COLUMN first_response_at;
ALTER TABLE leads DROP COLUMN score_reasons;
ALTER TABLE leads DROP COLUMN score;
ALTER TABLE leads DROP COLUMN user_id;
ALTER TABLE leads DROP COLUMN request_id;
ALTER TABLE leads DROP COLUMN source;
ALTER TABLE leads DROP COLUMN status;
DROP TABLE quote_requests;

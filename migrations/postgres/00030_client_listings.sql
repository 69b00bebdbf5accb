-- +goose Up
-- Agencies' client listings (issue 37): an approved partner creates a
-- listing for a client business and invites the client by email. Until the
-- client accepts, the listing has no owner and is not public; on
-- accepting, the client's account owns it and the agency keeps a
-- manager's rights until the client removes it (the row goes).
CREATE TABLE client_listings (
    business_id      INTEGER PRIMARY KEY REFERENCES businesses (id) ON DELETE CASCADE,
    partner_id       INTEGER NOT NULL REFERENCES partners (user_id) ON DELETE CASCADE,
    -- client_email is where the invitation goes ('' until the agency
    -- invites); invite_digest is the open invitation's secret as its
    -- digest (NULL when none is open).
    client_email     TEXT NOT NULL DEFAULT '',
    invite_digest    TEXT UNIQUE,
    invited_at       TIMESTAMP,
    accepted_at      TIMESTAMP,
    accepted_by      INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at       TIMESTAMP NOT NULL
);
CREATE INDEX client_listings_partner_idx ON client_listings (partner_id, business_id);

-- +goose Down
DROP TABLE client_listings;

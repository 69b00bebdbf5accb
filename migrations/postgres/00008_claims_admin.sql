-- +goose Up
-- Administrators: named by ADMIN_EMAILS, or granted with
-- `bizprofile admin grant EMAIL`, which sets this flag.
ALTER TABLE users ADD COLUMN is_admin BOOLEAN NOT NULL DEFAULT FALSE;

-- A business user's request to take over a listing nobody owns. An
-- administrator approves it (the listing gets its owner and the claimed
-- flag) or rejects it; either way the claim stays, as a record.
CREATE TABLE claims (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role        TEXT NOT NULL,
    message     TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    decided_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    decided_at  TIMESTAMPTZ,
    created_at  TIMESTAMPTZ NOT NULL
);
-- One open claim per person and listing.
CREATE UNIQUE INDEX claims_one_pending_idx ON claims (business_id, user_id) WHERE status = 'pending';
CREATE INDEX claims_status_idx ON claims (status, created_at);

-- Every moderation action: who (the administrator's address is copied, so
-- the record outlives their account), what and when.
CREATE TABLE moderation_actions (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    admin_id    BIGINT REFERENCES users (id) ON DELETE SET NULL,
    admin_email TEXT NOT NULL,
    action      TEXT NOT NULL,
    detail      TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX moderation_actions_business_idx ON moderation_actions (business_id, created_at);

-- +goose Down
DROP TABLE moderation_actions;
DROP TABLE claims;
ALTER TABLE users DROP COLUMN is_admin;

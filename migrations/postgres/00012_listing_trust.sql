-- +goose Up
-- Trust in listings (issue 15): nothing a listing shows in public may
-- claim what its owner has not proved.

-- email_confirmed: the contact email was proved, as the owner's verified
-- account address or through a link sent to it; until then it is shown
-- nowhere public. Listings nobody owns (samples, imports) and those whose
-- address is their owner's verified one keep showing theirs.
ALTER TABLE businesses ADD COLUMN email_confirmed BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE businesses SET email_confirmed = TRUE
WHERE email = '' OR owner_id IS NULL
   OR email = (SELECT u.email FROM users u WHERE u.id = businesses.owner_id AND u.email_verified_at IS NOT NULL);

-- Listings made before this migration by sign-ups whose address was never
-- verified were public at once; they are taken out of the directory (their
-- owners can publish them once they have verified their address).
UPDATE businesses SET published = FALSE
WHERE owner_id IN (SELECT id FROM users WHERE email_verified_at IS NULL);

-- held: the owner wants the listing public, but its name is the same as, or
-- close to, another published listing's in its city: it stays unpublished
-- until an administrator decides (listing_holds).
ALTER TABLE businesses ADD COLUMN held BOOLEAN NOT NULL DEFAULT FALSE;
-- The listings of a city, whose names a new one is compared with.
CREATE INDEX businesses_city_idx ON businesses (lower(city));

-- A link that confirms a listing's contact email, known by its hash.
CREATE TABLE listing_email_tokens (
    hash        TEXT PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX listing_email_tokens_business_idx ON listing_email_tokens (business_id, created_at);

-- A listing whose owner has not verified their email yet (the one a
-- business sign-up makes): not a listing yet, so it takes no id, no slug
-- and no place anywhere until the address is verified. The listing is
-- JSON, as store.Business.
CREATE TABLE listing_drafts (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    owner_id   BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    listing    TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX listing_drafts_owner_idx ON listing_drafts (owner_id);

-- A listing held for its name, and the published listing it resembles. An
-- administrator approves it (it goes live) or rejects it with a reason (it
-- stays down); a rename before that withdraws it. The name and place are
-- those held: an approved one is not held again for them.
CREATE TABLE listing_holds (
    id          BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    business_id BIGINT NOT NULL REFERENCES businesses (id) ON DELETE CASCADE,
    similar_id  BIGINT REFERENCES businesses (id) ON DELETE SET NULL,
    name        TEXT NOT NULL,
    city        TEXT NOT NULL,
    state       TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
    reason      TEXT NOT NULL DEFAULT '',
    decided_by  BIGINT REFERENCES users (id) ON DELETE SET NULL,
    decided_at  TIMESTAMPTZ,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE UNIQUE INDEX listing_holds_one_pending_idx ON listing_holds (business_id) WHERE status = 'pending';
CREATE INDEX listing_holds_status_idx ON listing_holds (status, created_at);

-- +goose Down
DROP TABLE listing_holds;
DROP TABLE listing_drafts;
DROP TABLE listing_email_tokens;
DROP INDEX businesses_city_idx;
ALTER TABLE businesses DROP COLUMN held;
ALTER TABLE businesses DROP COLUMN email_confirmed;

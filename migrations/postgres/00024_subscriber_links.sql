-- +goose Up
-- The tokens of the links emailed to subscribers are kept as their
-- SHA-256 digests (store.Digest), as sessions' and account links' are, so
-- whoever reads the database learns no link that confirms or ends
-- anybody's subscription (security finding 11). Each email to a list
-- carries a token of its own, so a subscription has a row here for every
-- link sent; its links go with it.
CREATE TABLE subscriber_links (
    digest        TEXT PRIMARY KEY,
    subscriber_id BIGINT NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX subscriber_links_subscriber_idx ON subscriber_links (subscriber_id);
-- The links already sent keep working: their tokens become digests.
INSERT INTO subscriber_links (digest, subscriber_id, created_at)
    SELECT encode(sha256(convert_to(token, 'UTF8')), 'hex'), id, created_at FROM subscribers WHERE token IS NOT NULL;
DROP INDEX subscribers_token_idx;
ALTER TABLE subscribers DROP COLUMN token;

-- +goose Down
-- A digest gives no token back: each subscription gets a new one, and the
-- links sent before stop working.
ALTER TABLE subscribers ADD COLUMN token TEXT;
UPDATE subscribers SET token = replace(gen_random_uuid()::text, '-', '');
CREATE UNIQUE INDEX subscribers_token_idx ON subscribers (token);
DROP TABLE subscriber_links;

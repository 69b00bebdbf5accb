-- +goose Up
-- A quote request from someone who is not signed in with its address goes
-- to businesses only once that address is confirmed from an emailed link
-- (security probe 2, issue 34): one person posting the same request ten
-- times made fifty leads and used up listings' monthly caps.
-- confirmed_at is when it was confirmed (and matched); confirm_digest is
-- the digest (store.Digest) of the emailed link's secret, NULL once used;
-- confirm_sent_at is when that link was last emailed. Requests sent
-- before this change were matched when sent.
ALTER TABLE quote_requests ADD COLUMN confirmed_at TIMESTAMPTZ;
ALTER TABLE quote_requests ADD COLUMN confirm_digest TEXT;
ALTER TABLE quote_requests ADD COLUMN confirm_sent_at TIMESTAMPTZ;
UPDATE quote_requests SET confirmed_at = created_at;
CREATE INDEX quote_requests_email_idx ON quote_requests (email, created_at);

-- +goose Down
DROP INDEX quote_requests_email_idx;
ALTER TABLE quote_requests DROP COLUMN confirm_sent_at;
ALTER TABLE quote_requests DROP COLUMN confirm_digest;
ALTER TABLE quote_requests DROP COLUMN confirmed_at;

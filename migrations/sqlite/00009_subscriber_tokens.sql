-- +goose Up
-- Each subscription gets a random token: the one-click unsubscribe link of
-- every email to the list carries it (it is kept as is, unlike account
-- tokens, because each new email needs the link again).
ALTER TABLE subscribers ADD COLUMN token TEXT;
UPDATE subscribers SET token = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX subscribers_token_idx ON subscribers (token);

-- +goose Down
DROP INDEX subscribers_token_idx;
ALTER TABLE subscribers DROP COLUMN token;
